//! `G <= H` for loopy games, for every pair of nodes of two graphs at once.
//!
//! `G <= H` when Left, moving second in `H - G`, does not lose. The states of play of
//! `H - G` are (node of G, node of H, player to move); Left's moves are G's Right
//! options and H's Left options, Right's the other two. What counts as not losing
//! depends on the side (Siegel, *Combinatorial Game Theory*, ch. VI):
//!
//! - between stoppers, an endless play is Left's: Left loses only where Right can
//!   force her out of moves, the attractor of the states where she has none;
//! - between onsides, an endless play is Left's when it moves in H (whose endless
//!   play is Left's) infinitely often, else Right's; between offsides the same with
//!   G (the negative of an offside is an onside). That is a Büchi game: Left loses
//!   where she cannot force a move in the favoured part again and again, found by
//!   peeling, round after round, the states from which she cannot force one more
//!   such move (plus Right's attractor to them) until none is left.

use grundy_budget::OverBudget;

use super::graph::{Graph, Meter};

/// Which comparison: between stoppers, or between the onsides or the offsides of
/// any games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Side {
    Stopper,
    Onside,
    Offside,
}

/// The answers of `g_i <= h_j` for all nodes `i` of `g` and `j` of `h`.
pub(crate) struct Comparison {
    m: usize,
    lost: Vec<bool>,
}

impl Comparison {
    /// Whether node `i` of `g` is at most node `j` of `h`.
    pub(crate) fn leq(&self, i: usize, j: usize) -> bool {
        !self.lost[right_state(i * self.m + j)]
    }
}

fn left_state(pair: usize) -> usize {
    2 * pair
}

fn right_state(pair: usize) -> usize {
    2 * pair + 1
}

struct Arena<'a> {
    g: &'a Graph,
    h: &'a Graph,
    m: usize,
    /// Which nodes have each node as a Left (Right) option, in g and in h.
    g_left_of: Vec<Vec<usize>>,
    g_right_of: Vec<Vec<usize>>,
    h_left_of: Vec<Vec<usize>>,
    h_right_of: Vec<Vec<usize>>,
}

fn reverse(opts: &[Vec<usize>]) -> Vec<Vec<usize>> {
    let mut rev = vec![Vec::new(); opts.len()];
    for (v, o) in opts.iter().enumerate() {
        for &w in o {
            rev[w].push(v);
        }
    }
    rev
}

impl<'a> Arena<'a> {
    /// Each move from state `s`: (the state it leads to, whether it moves in g).
    fn moves(&self, s: usize, mut f: impl FnMut(usize, bool)) {
        let (i, j) = (s / 2 / self.m, s / 2 % self.m);
        if s.is_multiple_of(2) {
            for &a in &self.g.right[i] {
                f(right_state(a * self.m + j), true);
            }
            for &b in &self.h.left[j] {
                f(right_state(i * self.m + b), false);
            }
        } else {
            for &a in &self.g.left[i] {
                f(left_state(a * self.m + j), true);
            }
            for &b in &self.h.right[j] {
                f(left_state(i * self.m + b), false);
            }
        }
    }

    /// Each move into state `s`: (the state it comes from, whether it moves in g).
    fn moves_into(&self, s: usize, mut f: impl FnMut(usize, bool)) {
        let (i, j) = (s / 2 / self.m, s / 2 % self.m);
        if s % 2 == 1 {
            // Left moved here: by a Right option of g or a Left option of h.
            for &a in &self.g_right_of[i] {
                f(left_state(a * self.m + j), true);
            }
            for &b in &self.h_left_of[j] {
                f(left_state(i * self.m + b), false);
            }
        } else {
            for &a in &self.g_left_of[i] {
                f(right_state(a * self.m + j), true);
            }
            for &b in &self.h_right_of[j] {
                f(right_state(i * self.m + b), false);
            }
        }
    }
}

/// Compares every node of `g` with every node of `h` on `side`.
pub(crate) fn compare(g: &Graph, h: &Graph, side: Side, meter: &mut Meter) -> Result<Comparison, OverBudget> {
    let m = h.len();
    let states = 2 * g.len() * m;
    // lost, good (bools) and a counter per state.
    meter.memory(states as u128 * 10)?;
    let arena = Arena {
        g,
        h,
        m,
        g_left_of: reverse(&g.left),
        g_right_of: reverse(&g.right),
        h_left_of: reverse(&h.left),
        h_right_of: reverse(&h.right),
    };
    let mut lost = vec![false; states];
    // For Left's states: her moves to states not (yet) lost.
    let mut open = vec![0u32; states];
    let mut seeds = Vec::new();
    for s in (0..states).step_by(2) {
        let mut n = 0;
        arena.moves(s, |_, _| n += 1);
        open[s] = n;
        if n == 0 {
            seeds.push(s);
        }
    }
    meter.work(states as u64)?;
    attract(&arena, &mut lost, &mut open, seeds, meter)?;
    if side != Side::Stopper {
        // Moves in the part whose endless play is Left's: H for onsides, G for offsides.
        let favoured_in_g = side == Side::Offside;
        loop {
            let good = good_states(&arena, &lost, favoured_in_g, meter)?;
            let seeds: Vec<usize> = (0..states).filter(|&s| !lost[s] && !good[s]).collect();
            if seeds.is_empty() {
                break;
            }
            for &s in &seeds {
                lost[s] = true;
            }
            let mut queue = Vec::new();
            for &s in &seeds {
                spread(&arena, &mut lost, &mut open, s, &mut queue);
            }
            attract(&arena, &mut lost, &mut open, queue, meter)?;
        }
    }
    Ok(Comparison { m, lost })
}

/// Marks lost every state from which Right forces play into a lost state, given
/// `queue`, states newly lost whose predecessors are not yet updated.
fn attract(
    arena: &Arena,
    lost: &mut [bool],
    open: &mut [u32],
    mut queue: Vec<usize>,
    meter: &mut Meter,
) -> Result<(), OverBudget> {
    for &s in &queue {
        lost[s] = true;
    }
    while let Some(s) = queue.pop() {
        meter.work(1)?;
        spread(arena, lost, open, s, &mut queue);
    }
    Ok(())
}

/// Tells the predecessors of `s`, just lost, and queues those it makes lost.
fn spread(arena: &Arena, lost: &mut [bool], open: &mut [u32], s: usize, queue: &mut Vec<usize>) {
    arena.moves_into(s, |p, _| {
        if lost[p] {
            return;
        }
        if p % 2 == 1 {
            // Right moves from p to a lost state: he wins there.
            lost[p] = true;
            queue.push(p);
        } else {
            open[p] -= 1;
            if open[p] == 0 {
                lost[p] = true;
                queue.push(p);
            }
        }
    });
}

/// The states, among those not lost, from which Left can force one more move in
/// the favoured part (by either player) without entering a lost state.
fn good_states(
    arena: &Arena,
    lost: &[bool],
    favoured_in_g: bool,
    meter: &mut Meter,
) -> Result<Vec<bool>, OverBudget> {
    let states = lost.len();
    let mut good = vec![false; states];
    // For Right's states: his moves outside the favoured part to states not yet good.
    let mut need = vec![0u32; states];
    let mut queue = Vec::new();
    for s in 0..states {
        if lost[s] {
            continue;
        }
        if s.is_multiple_of(2) {
            let mut reaches = false;
            arena.moves(s, |t, in_g| reaches |= in_g == favoured_in_g && !lost[t]);
            if reaches {
                good[s] = true;
                queue.push(s);
            }
        } else {
            let mut n = 0;
            arena.moves(s, |_, in_g| n += (in_g != favoured_in_g) as u32);
            need[s] = n;
            if n == 0 {
                good[s] = true;
                queue.push(s);
            }
        }
    }
    meter.work(states as u64)?;
    while let Some(s) = queue.pop() {
        meter.work(1)?;
        arena.moves_into(s, |p, in_g| {
            if lost[p] || good[p] || in_g == favoured_in_g {
                return;
            }
            if p % 2 == 0 {
                good[p] = true;
                queue.push(p);
            } else {
                need[p] -= 1;
                if need[p] == 0 {
                    good[p] = true;
                    queue.push(p);
                }
            }
        });
    }
    Ok(good)
}
