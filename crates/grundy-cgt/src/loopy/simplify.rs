//! Simplest forms: of stoppers, and of the onside and offside of any game.
//!
//! A stopper's simplest form (Siegel, *Combinatorial Game Theory*, VI.3) has no
//! dominated options, no reversible options, and no two nodes of equal value; it
//! is unique up to isomorphism. None of the three steps changes any node's value,
//! so the comparisons of all pairs of nodes, made once on the graph as given, stay
//! true while options are removed, bypassed and fused.
//!
//! A game that is not a stopper (an endless alternating play exists) may still
//! have a stopper as its onside (or offside). We look for it by removing, one at a
//! time, moves that lie on alternating cycles, keeping each removal that leaves the
//! side's value unchanged (checked by comparison in that side), until no
//! alternating cycle is left. What remains is a stopper equal to the side, whose
//! simplest form is then found as above. Where every removal would change the
//! value, the side is not reached by this method (Bach's Carousel is such a game).

use grundy_budget::OverBudget;

use super::compare::{compare, Side};
use super::graph::{Graph, Meter, Mover};

/// The simplest form of the stopper at node `root` of `g`, its root node 0.
pub(crate) fn simplest_stopper(g: &Graph, root: usize, meter: &mut Meter) -> Result<Graph, OverBudget> {
    let mut g = g.reachable(root);
    let n = g.len();
    let cmp = compare(&g, &g, Side::Stopper, meter)?;
    let leq = |a: usize, b: usize| cmp.leq(a, b);
    // Bypassing can feed an option's options back into a node; each round that
    // changes something shrinks no measure we can name, so the rounds are bounded.
    for _round in 0..=4 * n + 8 {
        let mut changed = false;
        for v in 0..n {
            meter.work((g.left[v].len() + g.right[v].len()) as u64 + 1)?;
            changed |= bypass_reversible(&mut g, v, Mover::Left, &leq);
            changed |= bypass_reversible(&mut g, v, Mover::Right, &leq);
            changed |= remove_dominated(&mut g.left[v], leq);
            changed |= remove_dominated(&mut g.right[v], |a, b| leq(b, a));
        }
        if !changed {
            break;
        }
    }
    // Fuse: each node stands for the first node of equal value.
    let mut same = (0..n).collect::<Vec<usize>>();
    for a in 0..n {
        if let Some(b) = (0..a).find(|&b| same[b] == b && leq(a, b) && leq(b, a)) {
            same[a] = b;
        }
    }
    for v in 0..n {
        for o in g.left[v].iter_mut().chain(g.right[v].iter_mut()) {
            *o = same[*o];
        }
    }
    let root = same[0];
    Ok(g.reachable(root))
}

/// Replaces each option of `mover` at `v` that the opponent's answer reverses by
/// the options of `mover` at that answer. Left's option A of G is reversible
/// through A's Right option B when B <= G; Right's symmetrically.
fn bypass_reversible(g: &mut Graph, v: usize, mover: Mover, leq: &impl Fn(usize, usize) -> bool) -> bool {
    let mut changed = false;
    let mut i = 0;
    // An option bypassed brings in options that may be reversible in their turn;
    // the bound keeps a pathological graph from looping.
    let mut steps = 0;
    while i < g.options(v, mover).len() && steps < 64 * (g.len() + 1) {
        steps += 1;
        let a = g.options(v, mover)[i];
        let answer = match mover {
            Mover::Left => g.right[a].iter().copied().find(|&b| b != v && leq(b, v)),
            Mover::Right => g.left[a].iter().copied().find(|&b| b != v && leq(v, b)),
        };
        let Some(b) = answer else {
            i += 1;
            continue;
        };
        let replacement: Vec<usize> = g.options(b, mover).to_vec();
        let opts = match mover {
            Mover::Left => &mut g.left[v],
            Mover::Right => &mut g.right[v],
        };
        opts.remove(i);
        for w in replacement {
            if !opts.contains(&w) {
                opts.push(w);
            }
        }
        changed = true;
    }
    changed
}

/// Removes each option that another option dominates (`worse(a, b)`: a is no
/// better than b), keeping one of each set of equal ones.
fn remove_dominated(opts: &mut Vec<usize>, worse: impl Fn(usize, usize) -> bool) -> bool {
    let before = opts.len();
    let mut kept: Vec<usize> = Vec::with_capacity(opts.len());
    for &a in opts.iter() {
        if kept.iter().any(|&b| worse(a, b)) {
            continue;
        }
        kept.retain(|&b| !worse(b, a));
        kept.push(a);
    }
    let changed = kept.len() != before;
    *opts = kept;
    changed
}

/// The simplest stopper equal to the onside (or offside) of the game at `root`,
/// or `None` where this method finds none.
pub(crate) fn side_stopper(
    g: &Graph,
    root: usize,
    side: Side,
    meter: &mut Meter,
) -> Result<Option<Graph>, OverBudget> {
    let whole = g.reachable(root);
    if whole.is_stopper(0) {
        return simplest_stopper(&whole, 0, meter).map(Some);
    }
    // Positions of equal value in this side are not interchangeable as options
    // (the onside of {dud|dud} is not {on|on}), but on the graph with them fused,
    // far smaller, the search is quick, and the moves it removes are usually
    // removable from the whole graph too: tried there all at once, and checked.
    let (fused, same) = fuse_in_side(&whole, side, meter)?;
    if let Some((_, removed)) = sidle(fused, same[0], side, meter)? {
        let mut hinted = whole.clone();
        for v in 0..hinted.len() {
            for (mover, opts) in [
                (Mover::Left, &mut hinted.left[v]),
                (Mover::Right, &mut hinted.right[v]),
            ] {
                opts.retain(|&w| !removed.contains(&(mover, same[v], same[w])));
            }
        }
        let unchanged = compare(&hinted, &whole, side, meter)?.leq(0, 0)
            && compare(&whole, &hinted, side, meter)?.leq(0, 0);
        if unchanged {
            if let Some((s, _)) = sidle(hinted, 0, side, meter)? {
                return Ok(Some(s));
            }
        }
    }
    Ok(sidle(whole, 0, side, meter)?.map(|(s, _)| s))
}

/// The graph with each option pointing to the first node of equal value in
/// `side`, and that choice of node for each node.
fn fuse_in_side(g: &Graph, side: Side, meter: &mut Meter) -> Result<(Graph, Vec<usize>), OverBudget> {
    let cmp = compare(g, g, side, meter)?;
    let n = g.len();
    let mut same: Vec<usize> = (0..n).collect();
    for a in 0..n {
        if let Some(b) = (0..a).find(|&b| same[b] == b && cmp.leq(a, b) && cmp.leq(b, a)) {
            same[a] = b;
        }
    }
    let mut h = g.clone();
    for v in 0..n {
        for o in h.left[v].iter_mut().chain(h.right[v].iter_mut()) {
            *o = same[*o];
        }
        h.left[v].sort_unstable();
        h.left[v].dedup();
        h.right[v].sort_unstable();
        h.right[v].dedup();
    }
    Ok((h, same))
}

/// [`side_stopper`]'s search from `root`: moves on alternating cycles removed
/// while the side's value stays the same, until none is left; the stopper's
/// simplest form and the moves removed (mover, node, option).
#[allow(clippy::type_complexity)]
fn sidle(
    mut g: Graph,
    root: usize,
    side: Side,
    meter: &mut Meter,
) -> Result<Option<(Graph, Vec<(Mover, usize, usize)>)>, OverBudget> {
    let mut removed_moves = Vec::new();
    loop {
        if g.is_stopper(root) {
            return Ok(Some((simplest_stopper(&g, root, meter)?, removed_moves)));
        }
        let mut removed = false;
        // In the onside, endless play is Left's: Right's moves on cycles are the
        // ones most often pointless; in the offside, Left's.
        let order = match side {
            Side::Offside => [Mover::Left, Mover::Right],
            _ => [Mover::Right, Mover::Left],
        };
        for mover in order {
            let moves: Vec<(usize, usize)> = cyclic_moves(&g, mover)
                .into_iter()
                .map(|(v, i)| (v, g.options(v, mover)[i]))
                .collect();
            let before = g.clone();
            removed |= remove_while_unchanged(&mut g, root, mover, &moves, side, meter)?;
            for &(v, w) in &moves {
                if before.options(v, mover).contains(&w) && !g.options(v, mover).contains(&w) {
                    removed_moves.push((mover, v, w));
                }
            }
            if removed {
                break;
            }
        }
        if !removed {
            return Ok(None);
        }
    }
}

/// Removes from `g` the moves of `mover` among `moves` (node, option) whose
/// removal leaves the side's value of the root unchanged: all at once where that
/// holds (one comparison), else each half in turn, down to single moves. Most
/// moves on cycles are removable, so this takes far fewer comparisons than one a
/// move; each removal is checked, so the answer does not depend on the order.
fn remove_while_unchanged(
    g: &mut Graph,
    root: usize,
    mover: Mover,
    moves: &[(usize, usize)],
    side: Side,
    meter: &mut Meter,
) -> Result<bool, OverBudget> {
    if moves.is_empty() {
        return Ok(false);
    }
    let mut h = g.clone();
    for &(v, w) in moves {
        let opts = match mover {
            Mover::Left => &mut h.left[v],
            Mover::Right => &mut h.right[v],
        };
        opts.retain(|&o| o != w);
    }
    // Without Left options the game is no better for Left, without Right ones no
    // worse: one comparison tells whether it is unchanged.
    let unchanged = match mover {
        Mover::Left => compare(g, &h, side, meter)?.leq(root, root),
        Mover::Right => compare(&h, g, side, meter)?.leq(root, root),
    };
    if unchanged {
        *g = h;
        return Ok(true);
    }
    if moves.len() == 1 {
        return Ok(false);
    }
    let (a, b) = moves.split_at(moves.len() / 2);
    let first = remove_while_unchanged(g, root, mover, a, side, meter)?;
    let second = remove_while_unchanged(g, root, mover, b, side, meter)?;
    Ok(first || second)
}

/// The moves of `mover` (node, index among its options) that lie on an alternating
/// cycle: after them, alternating play can come back to the same node with the
/// same player to move.
fn cyclic_moves(g: &Graph, mover: Mover) -> Vec<(usize, usize)> {
    let component = alternating_components(g);
    let state = |v: usize, m: Mover| 2 * v + (m == Mover::Right) as usize;
    let next = match mover {
        Mover::Left => Mover::Right,
        Mover::Right => Mover::Left,
    };
    let mut out = Vec::new();
    for v in 0..g.len() {
        for (i, &w) in g.options(v, mover).iter().enumerate() {
            if component[state(v, mover)] == component[state(w, next)] {
                out.push((v, i));
            }
        }
    }
    out
}

/// The strongly connected components of the states of alternating play: two
/// states share a component when each leads to the other. State `2v` is Left to
/// move at node v, `2v + 1` Right.
fn alternating_components(g: &Graph) -> Vec<usize> {
    let succ = |s: usize, i: usize| -> Option<usize> {
        let opts = if s.is_multiple_of(2) {
            &g.left[s / 2]
        } else {
            &g.right[s / 2]
        };
        opts.get(i).map(|&w| 2 * w + (1 - s % 2))
    };
    let mut component = vec![usize::MAX; 2 * g.len()];
    for (c, states) in strongly_connected(2 * g.len(), succ).into_iter().enumerate() {
        for s in states {
            component[s] = c;
        }
    }
    component
}

/// The simplest form of the stopper at node `root` of a large graph, built from
/// the bottom up: the graph's strongly connected components (positions that can
/// follow one another), options first, each simplified together with the
/// simplest forms already found below it, which it only ever reaches through
/// options. The components of a board game are small (Fox and Geese: one
/// arrangement of the geese, the fox moving about) and the simplest forms below
/// them short, so no table of all pairs of positions is ever made; the last step
/// is [`simplest_stopper`] of what the root reaches among those forms.
pub(crate) fn simplest_stopper_bottom_up(
    g: &Graph,
    root: usize,
    meter: &mut Meter,
) -> Result<Graph, OverBudget> {
    let g = g.reachable(root);
    let n = g.len();
    // The forms found so far: each node in simplest form, its options pool nodes.
    let mut pool = Graph::default();
    // Pool nodes without options inside their own component, by their options.
    let mut interned: rustc_hash::FxHashMap<(Vec<usize>, Vec<usize>), usize> = Default::default();
    let mut in_pool = vec![usize::MAX; n];
    let mut local_of = vec![usize::MAX; n];
    for component in move_components(&g) {
        meter.work(component.len() as u64)?;
        let k = component.len();
        for (i, &v) in component.iter().enumerate() {
            local_of[v] = i;
        }
        // The local graph: the component's nodes, then every pool node they reach.
        let mut local = Graph::with_nodes(k);
        let mut pool_local: rustc_hash::FxHashMap<usize, usize> = Default::default();
        let mut pool_ids: Vec<usize> = Vec::new();
        let mut queue: Vec<usize> = Vec::new();
        let mut enter =
            |p: usize, local: &mut Graph, queue: &mut Vec<usize>, pool_ids: &mut Vec<usize>| -> usize {
                *pool_local.entry(p).or_insert_with(|| {
                    queue.push(p);
                    pool_ids.push(p);
                    local.add_node()
                })
            };
        for (i, &v) in component.iter().enumerate() {
            for (left, opts) in [(true, &g.left[v]), (false, &g.right[v])] {
                for &w in opts {
                    let o = if local_of[w] != usize::MAX && component.get(local_of[w]) == Some(&w) {
                        local_of[w]
                    } else {
                        enter(in_pool[w], &mut local, &mut queue, &mut pool_ids)
                    };
                    if left {
                        local.left[i].push(o);
                    } else {
                        local.right[i].push(o);
                    }
                }
            }
        }
        while let Some(p) = queue.pop() {
            let at = enter(p, &mut local, &mut queue, &mut pool_ids);
            for (left, opts) in [(true, pool.left[p].clone()), (false, pool.right[p].clone())] {
                for w in opts {
                    let o = enter(w, &mut local, &mut queue, &mut pool_ids);
                    if left {
                        local.left[at].push(o);
                    } else {
                        local.right[at].push(o);
                    }
                }
            }
        }
        // Simplify the component's nodes against one table of the local pairs.
        let cmp = compare(&local, &local, Side::Stopper, meter)?;
        let leq = |a: usize, b: usize| cmp.leq(a, b);
        for _round in 0..=4 * local.len() + 8 {
            let mut changed = false;
            for v in 0..k {
                changed |= bypass_reversible(&mut local, v, Mover::Left, &leq);
                changed |= bypass_reversible(&mut local, v, Mover::Right, &leq);
                changed |= remove_dominated(&mut local.left[v], leq);
                changed |= remove_dominated(&mut local.right[v], |a, b| leq(b, a));
            }
            if !changed {
                break;
            }
        }
        // Fuse each component node with an equal form below, else an equal
        // component node before it.
        let mut same: Vec<usize> = (0..local.len()).collect();
        for a in 0..k {
            if let Some(b) = (k..local.len())
                .chain(0..a)
                .find(|&b| same[b] == b && leq(a, b) && leq(b, a))
            {
                same[a] = b;
            }
        }
        // Into the pool: first the nodes whose options are all below (interned
        // by their options), then the rest, which refer to one another.
        let pool_of_local = |o: usize, same: &[usize], assigned: &[usize]| -> Option<usize> {
            let o = same[o];
            if o >= k {
                Some(pool_ids[o - k])
            } else {
                (assigned[o] != usize::MAX).then(|| assigned[o])
            }
        };
        let mut assigned = vec![usize::MAX; k];
        let mut filled = vec![false; k];
        for a in (0..k).filter(|&a| same[a] == a) {
            let below = |opts: &[usize]| -> Option<Vec<usize>> {
                let mut ids: Vec<usize> = opts
                    .iter()
                    .map(|&o| {
                        if same[o] >= k {
                            Some(pool_ids[same[o] - k])
                        } else {
                            None
                        }
                    })
                    .collect::<Option<Vec<usize>>>()?;
                ids.sort_unstable();
                ids.dedup();
                Some(ids)
            };
            if let (Some(l), Some(r)) = (below(&local.left[a]), below(&local.right[a])) {
                let id = *interned.entry((l.clone(), r.clone())).or_insert_with(|| {
                    let id = pool.add_node();
                    pool.left[id] = l;
                    pool.right[id] = r;
                    id
                });
                assigned[a] = id;
                filled[a] = true;
            }
        }
        for a in 0..k {
            if same[a] == a && assigned[a] == usize::MAX {
                assigned[a] = pool.add_node();
            }
        }
        for a in (0..k).filter(|&a| same[a] == a) {
            if filled[a] {
                continue;
            }
            let id = assigned[a];
            for (left, opts) in [(true, local.left[a].clone()), (false, local.right[a].clone())] {
                let mut ids: Vec<usize> = opts
                    .iter()
                    .map(|&o| {
                        pool_of_local(o, &same, &assigned).expect("every component node has a pool node")
                    })
                    .collect();
                ids.sort_unstable();
                ids.dedup();
                if left {
                    pool.left[id] = ids;
                } else {
                    pool.right[id] = ids;
                }
            }
        }
        for &v in &component {
            let s = same[local_of[v]];
            in_pool[v] = if s >= k { pool_ids[s - k] } else { assigned[s] };
        }
    }
    simplest_stopper(&pool, in_pool[0], meter)
}

/// The strongly connected components of the graph of moves (by either player),
/// each after every component its moves lead to.
fn move_components(g: &Graph) -> Vec<Vec<usize>> {
    strongly_connected(g.len(), |v, i| {
        let l = g.left[v].len();
        if i < l {
            Some(g.left[v][i])
        } else {
            g.right[v].get(i - l).copied()
        }
    })
}

/// The strongly connected components of a graph of `n` nodes whose `i`th
/// successor of `v` is `succ(v, i)` (`None` past the last), each after every
/// component it leads to: Tarjan's algorithm, with an explicit stack.
fn strongly_connected(n: usize, succ: impl Fn(usize, usize) -> Option<usize>) -> Vec<Vec<usize>> {
    let mut index = vec![usize::MAX; n];
    let mut low = vec![0usize; n];
    let mut on_stack = vec![false; n];
    let mut stack = Vec::new();
    let mut out = Vec::new();
    let mut next_index = 0;
    for start in 0..n {
        if index[start] != usize::MAX {
            continue;
        }
        let mut work: Vec<(usize, usize)> = vec![(start, 0)];
        index[start] = next_index;
        low[start] = next_index;
        next_index += 1;
        stack.push(start);
        on_stack[start] = true;
        while let Some(&mut (v, ref mut i)) = work.last_mut() {
            if let Some(w) = succ(v, *i) {
                *i += 1;
                if index[w] == usize::MAX {
                    index[w] = next_index;
                    low[w] = next_index;
                    next_index += 1;
                    stack.push(w);
                    on_stack[w] = true;
                    work.push((w, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(index[w]);
                }
            } else {
                work.pop();
                if let Some(&(p, _)) = work.last() {
                    low[p] = low[p].min(low[v]);
                }
                if low[v] == index[v] {
                    let mut component = Vec::new();
                    while let Some(w) = stack.pop() {
                        on_stack[w] = false;
                        component.push(w);
                        if w == v {
                            break;
                        }
                    }
                    out.push(component);
                }
            }
        }
    }
    out
}
