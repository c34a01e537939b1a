//! Loopy partizan games: positions that repeat (a fox that walks back, a toad that
//! slides back), solved with draws.
//!
//! A loopy game has no canonical form built from its options bottom up, and the
//! memoized search of play never finishes a line that comes back to itself. Both
//! questions are asked of the whole graph of positions reachable from a start
//! instead ([`reachable_graph`]): who wins with each side moving first, with draws
//! for infinite play, by retrograde analysis ([`solve`]); the value by
//! [`grundy_cgt::loopy::graph_value`] on the same graph ([`value`]).

use std::collections::VecDeque;

use rustc_hash::FxHashMap;

use super::{Partizan, Side};
use crate::{Budget, GameError, Outcome, Play, Task};

pub use grundy_cgt::loopy::Graph;

/// How often the enumeration looks at the budget's cancel flag, in positions.
const CANCEL_EVERY: usize = 4096;

/// The bytes a graph of `nodes` positions of `size` bytes with `edges` options
/// holds, about, with the retrograde analysis that follows: each position in
/// the list and as a key of the index, two lists of options, and each option
/// once in the graph and once turned round.
fn held(nodes: usize, edges: usize, size: usize) -> u128 {
    let per_node = 2 * size + 16 + 2 * 24 + 2 * 24 + 24;
    nodes as u128 * per_node as u128 + edges as u128 * 16
}

/// Every position reachable from `start` by either player's moves (in any
/// order, so not only alternating play), and the graph of their options: node i is
/// `positions[i]`, `start` is node 0. At most `budget`'s positions of a search
/// ([`Task::Search`]) and its memory; each node's options are listed once each,
/// in the game's order.
pub fn reachable_graph<G: Partizan + ?Sized>(
    game: &G,
    start: &G::Position,
    budget: &Budget,
) -> Result<(Vec<G::Position>, Graph), GameError> {
    let limit = budget.positions_usize(Task::Search);
    let mut index: FxHashMap<G::Position, usize> = FxHashMap::default();
    let mut positions = vec![start.clone()];
    index.insert(start.clone(), 0);
    let mut graph = Graph::default();
    let mut options = Vec::new();
    let mut next = 0;
    let mut edges = 0usize;
    while next < positions.len() {
        if next % CANCEL_EVERY == 0 {
            budget
                .cancel
                .check(|| "the positions of a loopy game".to_string())?;
            budget.check_memory(
                held(positions.len(), edges, std::mem::size_of::<G::Position>()),
                "the positions of a loopy game and their graph",
            )?;
        }
        let p = positions[next].clone();
        let mut sides = [Vec::new(), Vec::new()];
        for (side, targets) in [Side::Left, Side::Right].into_iter().zip(sides.iter_mut()) {
            options.clear();
            game.options(&p, side, &mut options)?;
            for q in options.drain(..) {
                let id = match index.get(&q) {
                    Some(&id) => id,
                    None => {
                        if positions.len() >= limit {
                            return Err(GameError::too_many_positions(
                                "the positions of a loopy game (retrograde analysis)",
                                limit,
                            ));
                        }
                        let id = positions.len();
                        index.insert(q.clone(), id);
                        positions.push(q);
                        id
                    }
                };
                // Two moves to the same position are one option.
                if !targets.contains(&id) {
                    targets.push(id);
                    edges += 1;
                }
            }
        }
        let [left, right] = sides;
        graph.left.push(left);
        graph.right.push(right);
        next += 1;
    }
    Ok((positions, graph))
}

/// The loopy value of node `root` of `graph` (a stopper such as `on` or
/// `over`, a sided value `G & H`, or a short game), within `budget`.
pub fn value(graph: &Graph, root: usize, budget: &Budget) -> Result<grundy_cgt::loopy::Loopy, GameError> {
    grundy_cgt::loopy::graph_value(graph, root, budget).map_err(|e| match e {
        grundy_cgt::loopy::LoopyError::OverBudget(o) => GameError::OverBudget(o),
        e => GameError::Unsupported(e.to_string()),
    })
}

/// Who wins every node of a graph with each side to move, by retrograde analysis.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// Node i with Left to move at `2 * i`, with Right to move at `2 * i + 1`.
    outcomes: Vec<Outcome>,
    remoteness: Vec<u32>,
}

fn state(node: usize, side: Side) -> usize {
    2 * node
        + match side {
            Side::Left => 0,
            Side::Right => 1,
        }
}

impl Solution {
    /// The outcome for `side` moving first from `node`: a draw when neither
    /// player can force an end in their favour (play goes on for ever).
    pub fn outcome(&self, node: usize, side: Side) -> Outcome {
        self.outcomes[state(node, side)]
    }

    /// Moves to the end under perfect play (the winner hurries, the loser
    /// delays); `None` for a draw, which has no end.
    pub fn remoteness(&self, node: usize, side: Side) -> Option<u32> {
        let s = state(node, side);
        (self.outcomes[s] != Outcome::Draw).then(|| self.remoteness[s])
    }

    /// Nodes solved.
    pub fn len(&self) -> usize {
        self.outcomes.len() / 2
    }

    /// True for the solution of an empty graph.
    pub fn is_empty(&self) -> bool {
        self.outcomes.is_empty()
    }
}

/// Solve every node of `graph` with either side moving first, under `play`:
/// the player who cannot move loses (normal play) or wins (misère); a position
/// from which neither player can force that end is a draw.
///
/// Retrograde analysis, an iterative fixpoint: the ends are decided first, then
/// a position is a win as soon as one option is a loss for the opponent, and a
/// loss once all its options are wins for the opponent. Positions are decided in
/// order of their remoteness (a queue), so a win is decided by its quickest
/// option and a loss by its slowest. What is never decided is a draw.
pub fn solve(graph: &Graph, play: Play) -> Solution {
    let n = graph.left.len();
    let moves = |s: usize| -> (&[usize], Side) {
        if s.is_multiple_of(2) {
            (&graph.left[s / 2], Side::Right)
        } else {
            (&graph.right[s / 2], Side::Left)
        }
    };
    // The states that move to each state (the graph turned round).
    let mut before: Vec<Vec<usize>> = vec![Vec::new(); 2 * n];
    for s in 0..2 * n {
        let (targets, next) = moves(s);
        for &t in targets {
            before[state(t, next)].push(s);
        }
    }
    // Each state's options not yet known to be wins for the opponent.
    let mut undecided: Vec<usize> = (0..2 * n).map(|s| moves(s).0.len()).collect();
    let mut outcomes = vec![Outcome::Draw; 2 * n];
    let mut remoteness = vec![0u32; 2 * n];
    let mut decided = vec![false; 2 * n];
    let mut queue = VecDeque::new();
    let end = match play {
        Play::Normal => Outcome::Lose,
        Play::Misere => Outcome::Win,
    };
    for (s, _) in undecided.iter().enumerate().filter(|&(_, &u)| u == 0) {
        outcomes[s] = end;
        decided[s] = true;
        queue.push_back(s);
    }
    while let Some(s) = queue.pop_front() {
        let after = remoteness[s] + 1;
        for &t in &before[s] {
            if decided[t] {
                continue;
            }
            let found = match outcomes[s] {
                Outcome::Lose => Some(Outcome::Win),
                _ => {
                    undecided[t] -= 1;
                    (undecided[t] == 0).then_some(Outcome::Lose)
                }
            };
            if let Some(o) = found {
                outcomes[t] = o;
                remoteness[t] = after;
                decided[t] = true;
                queue.push_back(t);
            }
        }
    }
    Solution { outcomes, remoteness }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The game of at most `depth` moves, by plain recursion (memoized on the
    /// state and the moves left): the sure wins and losses within that many
    /// moves. With depth beyond twice the nodes, what is left undecided is a draw.
    fn within(
        graph: &Graph,
        s: usize,
        depth: u32,
        memo: &mut FxHashMap<(usize, u32), Option<Outcome>>,
    ) -> Option<Outcome> {
        if let Some(&o) = memo.get(&(s, depth)) {
            return o;
        }
        let (targets, next) = if s.is_multiple_of(2) {
            (graph.left[s / 2].clone(), Side::Right)
        } else {
            (graph.right[s / 2].clone(), Side::Left)
        };
        let answer = if targets.is_empty() {
            Some(Outcome::Lose)
        } else if depth == 0 {
            None
        } else {
            let replies: Vec<_> = targets
                .iter()
                .map(|&t| within(graph, state(t, next), depth - 1, memo))
                .collect();
            if replies.contains(&Some(Outcome::Lose)) {
                Some(Outcome::Win)
            } else if replies.iter().all(|r| *r == Some(Outcome::Win)) {
                Some(Outcome::Lose)
            } else {
                None
            }
        };
        memo.insert((s, depth), answer);
        answer
    }

    /// The brute force's outcome and remoteness (the fewest moves within which
    /// the result is sure).
    fn brute(graph: &Graph, node: usize, side: Side) -> (Outcome, Option<u32>) {
        let n = graph.left.len() as u32;
        let mut memo = FxHashMap::default();
        let s = state(node, side);
        for depth in 0..=2 * n + 2 {
            if let Some(o) = within(graph, s, depth, &mut memo) {
                return (o, Some(depth));
            }
        }
        (Outcome::Draw, None)
    }

    fn graph(left: &[&[usize]], right: &[&[usize]]) -> Graph {
        Graph {
            left: left.iter().map(|o| o.to_vec()).collect(),
            right: right.iter().map(|o| o.to_vec()).collect(),
        }
    }

    #[test]
    fn on_off_dud_and_over() {
        // on = {on|}, off = {|off}, dud = {dud|dud}, over = {0|over}, 0 = node 4:
        // only dud, where both can move for ever and neither can stop, draws.
        let g = graph(&[&[0], &[], &[2], &[4], &[]], &[&[], &[1], &[2], &[3], &[]]);
        let s = solve(&g, Play::Normal);
        use Outcome::*;
        let seen: Vec<_> = (0..5)
            .map(|i| (s.outcome(i, Side::Left), s.outcome(i, Side::Right)))
            .collect();
        assert_eq!(
            seen,
            [(Win, Lose), (Lose, Win), (Draw, Draw), (Win, Lose), (Lose, Lose)]
        );
        assert_eq!(s.remoteness(3, Side::Left), Some(1));
        assert_eq!(s.remoteness(2, Side::Left), None);
    }

    #[test]
    fn misere_ends_are_wins() {
        let g = graph(&[&[1], &[]], &[&[], &[]]);
        let s = solve(&g, Play::Misere);
        assert_eq!(s.outcome(1, Side::Left), Outcome::Win);
        assert_eq!(s.outcome(0, Side::Left), Outcome::Lose);
        assert_eq!(s.remoteness(0, Side::Left), Some(1));
    }

    fn arb_graph() -> impl Strategy<Value = Graph> {
        (1usize..7).prop_flat_map(|n| {
            let options = proptest::collection::vec(proptest::collection::vec(0..n, 0..3), n);
            (options.clone(), options).prop_map(|(left, right)| Graph { left, right })
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        #[test]
        fn retrograde_agrees_with_brute_force(g in arb_graph()) {
            let s = solve(&g, Play::Normal);
            for node in 0..g.left.len() {
                for side in [Side::Left, Side::Right] {
                    let (o, r) = brute(&g, node, side);
                    prop_assert_eq!(s.outcome(node, side), o, "node {} {:?}", node, side);
                    prop_assert_eq!(s.remoteness(node, side), r, "node {} {:?}", node, side);
                }
            }
        }
    }
}
