//! Why a position is won or lost: strategy trees, and the engine's choice of move.
//!
//! A [`Node`] explains one position. From a winning position it names the winning
//! move (the fastest one) and, one level deeper, every reply of the opponent with a
//! winning answer to it; from a losing position it lists every move with the
//! opponent's winning answer. Each step names the rule that decides it where one is
//! known (a nim-sum, a proved period, Euclid's quotient, Wythoff's pairs), else says
//! what the search found.
//!
//! [`best_move`] is the perfect opponent of `grundy play`: the fastest win from a
//! winning position, the slowest loss from a losing one, a drawing move in a draw.
//!
//! ```
//! use grundy::dynamic::parse_game;
//! use grundy::explain::{explain, Limits};
//! use grundy::{Outcome, Play};
//! let game = parse_game("nim").unwrap();
//! let p = game.parse_position("5,3").unwrap();
//! let tree = explain(game.as_ref(), &p, Play::Normal, Limits::default(), &grundy::Budget::default()).unwrap();
//! assert_eq!(tree.outcome, Outcome::Win);
//! assert_eq!(tree.chosen.unwrap().to_string(), "3,3");
//! assert_eq!(tree.rule, "moves to nim-sum 0 (heap 5 -> 3)");
//! ```

use crate::dynamic::{DynGame, DynPosition, MoveInfo, Theory};
use crate::{Budget, GameError, Outcome, Play};

/// How far a strategy tree goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Levels of the winner's moves shown (1: only the winning move).
    pub depth: usize,
    /// Replies listed under one node; the rest are counted in [`Node::omitted`].
    pub max_replies: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            depth: 2,
            max_replies: 20,
        }
    }
}

/// One position of a strategy tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// The position.
    pub position: DynPosition,
    /// Its outcome for the player to move.
    pub outcome: Outcome,
    /// The move the player to move should make (win: the fastest winning move; draw:
    /// a drawing move); `None` from a losing position or when the game is over.
    pub chosen: Option<DynPosition>,
    /// Moves to the end under perfect play, when known.
    pub remoteness: Option<u64>,
    /// Why, in words.
    pub rule: String,
    /// Win or draw: the opponent's replies to `chosen`, each with its answer. Lose:
    /// every move, each with the opponent's winning answer.
    pub replies: Vec<Node>,
    /// Replies not listed because of [`Limits::max_replies`].
    pub omitted: usize,
}

impl Node {
    /// True when the game is over at this position (no move).
    pub fn is_over(&self) -> bool {
        self.chosen.is_none() && self.replies.is_empty() && self.omitted == 0
    }
}

/// The perfect player's move from `p`, among `moves` (the options with values, as
/// [`DynGame::moves`] gives them): from a winning position the winning move with the
/// smallest remoteness, from a losing position the move with the largest remoteness
/// (the slowest loss), from a draw the drawing move nearest a tie (the Gamesman
/// convention of [`crate::solve::Evaluation`]; a draw by repetition last). `None`
/// when there is no move.
///
/// Unknown remoteness counts as very large: such a win is taken last, such a loss first.
pub fn best_move(moves: &[MoveInfo]) -> Option<&MoveInfo> {
    let r = |m: &MoveInfo| m.remoteness.unwrap_or(u64::MAX);
    let first_min = |filter: Outcome| moves.iter().filter(|m| m.outcome == filter).min_by_key(|m| r(m));
    // An option lost for the opponent is a win for us.
    first_min(Outcome::Lose)
        .or_else(|| {
            // The last of equally near ties, as before ties had a remoteness.
            moves
                .iter()
                .rev()
                .filter(|m| m.outcome == Outcome::Draw)
                .min_by_key(|m| r(m))
        })
        .or_else(|| {
            // Every option wins for the opponent: delay. `max_by_key` keeps the last
            // maximum; take the first for a stable choice.
            let best = moves.iter().map(r).max()?;
            moves.iter().find(|m| r(m) == best)
        })
}

/// The options of `p` with their values, as cheaply as what is known allows.
///
/// When `searchable` (the position's remoteness is known, so a search of it fits),
/// this is [`DynGame::moves`]: every option with its outcome and remoteness from one
/// search. Otherwise a search of `p` is out of reach, but searching each option on
/// its own could still cost millions of positions apiece; so each option gets only
/// its outcome ([`DynGame::outcome`], a closed form where the game has one) and no
/// remoteness. Under normal play an impartial option lost for the player to move
/// has nim-value 0, and is marked so.
pub fn options_with_values(
    game: &dyn DynGame,
    p: &DynPosition,
    play: Play,
    searchable: bool,
    budget: &Budget,
) -> Result<Vec<MoveInfo>, GameError> {
    if searchable {
        return game.moves(p, play, budget);
    }
    let zero = play == Play::Normal && game.is_impartial();
    game.options(p, budget)?
        .into_iter()
        .map(|o| {
            let outcome = game.outcome(&o, play, budget)?;
            Ok(MoveInfo {
                nimber: (zero && outcome == Outcome::Lose).then_some(0),
                position: o,
                outcome,
                remoteness: None,
                remoteness_note: Some(crate::dynamic::NoRemoteness::TooLarge),
            })
        })
        .collect()
}

/// The strategy tree of `p`, within `limits` (its shape) and `budget` (the
/// searches of its positions).
pub fn explain(
    game: &dyn DynGame,
    p: &DynPosition,
    play: Play,
    limits: Limits,
    budget: &Budget,
) -> Result<Node, GameError> {
    let analysis = game.analyze(p, play, budget)?;
    let ctx = Context::new(game, play, budget);
    ctx.node(p, analysis.outcome, analysis.remoteness, 1, limits)
}

/// What is known about the game once, for all nodes.
struct Context<'a> {
    game: &'a dyn DynGame,
    play: Play,
    budget: &'a Budget,
    /// A heap game: positions are heaps whose nim-values add (normal play).
    heaps: bool,
    /// Euclid's quotient rule applies.
    euclid: bool,
    /// Wythoff's pairs apply.
    wythoff: bool,
    /// The proved period of a heap game (plain, saltus 0).
    period: Option<grundy_octal::Periodic>,
}

impl<'a> Context<'a> {
    fn new(game: &'a dyn DynGame, play: Play, budget: &'a Budget) -> Context<'a> {
        let normal = play == Play::Normal;
        let capabilities = game.capabilities();
        let theory = capabilities.theory;
        let heaps = normal && game.is_impartial() && capabilities.heap_values;
        let period = if heaps {
            match game.period(budget) {
                Some(Ok(Some(s))) if s.periodic.saltus() == 0 => Some(s.periodic),
                _ => None,
            }
        } else {
            None
        };
        Context {
            game,
            play,
            budget,
            heaps,
            euclid: normal && theory == Some(Theory::EuclidQuotient),
            wythoff: normal && theory == Some(Theory::WythoffPairs),
            period,
        }
    }

    fn node(
        &self,
        p: &DynPosition,
        outcome: Outcome,
        remoteness: Option<u64>,
        level: usize,
        limits: Limits,
    ) -> Result<Node, GameError> {
        let moves = options_with_values(self.game, p, self.play, remoteness.is_some(), self.budget)?;
        let mut node = Node {
            position: p.clone(),
            outcome,
            chosen: None,
            remoteness,
            rule: String::new(),
            replies: Vec::new(),
            omitted: 0,
        };
        if moves.is_empty() {
            node.rule = match outcome {
                Outcome::Lose if self.play == Play::Normal => "no move left: the player to move loses".into(),
                Outcome::Win if self.play == Play::Misere => {
                    "no move left: under misère play the player to move wins".into()
                }
                o => format!("the game is over: it is a {o} for the player to move"),
            };
            return Ok(node);
        }
        match outcome {
            Outcome::Win | Outcome::Draw => {
                let Some(m) = best_move(&moves).filter(|m| m.outcome != Outcome::Win) else {
                    // The solver called it a win but no option loses: say so plainly.
                    node.rule = "no option is lost for the opponent".into();
                    return Ok(node);
                };
                node.rule = self.rule_for_move(p, outcome, m, &moves);
                node.chosen = Some(m.position.clone());
                if level < limits.depth {
                    let replies = options_with_values(
                        self.game,
                        &m.position,
                        self.play,
                        m.remoteness.is_some(),
                        self.budget,
                    )?;
                    node.omitted = replies.len().saturating_sub(limits.max_replies);
                    for r in replies.iter().take(limits.max_replies) {
                        node.replies.push(self.node(
                            &r.position,
                            r.outcome,
                            r.remoteness,
                            level + 1,
                            limits,
                        )?);
                    }
                }
            }
            Outcome::Lose => {
                node.rule = self.rule_for_loss(p, &moves);
                node.omitted = moves.len().saturating_sub(limits.max_replies);
                for m in moves.iter().take(limits.max_replies) {
                    // The opponent's answers stay on this level: they are the first
                    // move of the winner's strategy. Anything else goes one deeper so
                    // that the recursion always ends.
                    let next = if m.outcome == Outcome::Win {
                        level
                    } else {
                        level + 1
                    };
                    if next > limits.depth {
                        continue;
                    }
                    node.replies
                        .push(self.node(&m.position, m.outcome, m.remoteness, next, limits)?);
                }
            }
        }
        Ok(node)
    }

    /// Why moving from `p` to `m` is right.
    fn rule_for_move(&self, p: &DynPosition, outcome: Outcome, m: &MoveInfo, moves: &[MoveInfo]) -> String {
        if outcome == Outcome::Draw {
            return "no move wins; this one keeps the draw".into();
        }
        if let (Some(a), Some(b)) = (p.ints(), m.position.ints()) {
            if self.euclid {
                if let Some(rule) = euclid_rule(a, true) {
                    return rule;
                }
            }
            if self.wythoff {
                if let [x, y] = *b {
                    let k = (x - y).unsigned_abs();
                    return format!(
                        "moves to ({x},{y}), a losing pair (floor(k*phi), floor(k*phi) + k) with k = {k}"
                    );
                }
            }
            if self.heaps {
                if let ([_], [to]) = (a, b) {
                    if let Some(rule) = self.period_rule(a) {
                        return format!("{rule}: move to {to}");
                    }
                }
                if m.nimber == Some(0) {
                    return format!("moves to nim-sum 0 ({})", heap_change(a, b));
                }
            }
        }
        let forced = if moves.len() == 1 { " (the only move)" } else { "" };
        format!("moves to a position lost for the opponent{forced}")
    }

    /// Why `p` is lost.
    fn rule_for_loss(&self, p: &DynPosition, moves: &[MoveInfo]) -> String {
        if let Some(a) = p.ints() {
            if self.euclid {
                if let Some(rule) = euclid_rule(a, false) {
                    return rule;
                }
            }
            if self.wythoff {
                if let [x, y] = *a {
                    let k = (x - y).unsigned_abs();
                    return format!(
                        "({x},{y}) is a losing pair (floor(k*phi), floor(k*phi) + k) with k = {k}"
                    );
                }
            }
            if self.heaps {
                if let Some(rule) = self.period_rule(a) {
                    return rule;
                }
                if moves.iter().all(|m| m.nimber.is_some_and(|v| v > 0)) {
                    return "the nim-sum is 0: every move leaves a nonzero nim-sum".into();
                }
            }
        }
        "all options are winning for the opponent".into()
    }

    /// `n = 13 is 6 mod 7, and P-positions are 0 and 2 mod 7`, for a single heap.
    fn period_rule(&self, heaps: &[i64]) -> Option<String> {
        let s = self.period.as_ref()?;
        let [n] = *heaps else { return None };
        let n = u64::try_from(n).ok()?;
        let residues: Vec<u64> = (0..s.period())
            .filter(|&r| {
                // The first heap >= preperiod with this residue.
                let first = s.preperiod() + (r + s.period() - s.preperiod() % s.period()) % s.period();
                s.value_at(first) == Some(0)
            })
            .collect();
        let below: Vec<u64> = (0..s.preperiod()).filter(|&k| s.value_at(k) == Some(0)).collect();
        let listed = match residues.len() {
            0 => "no residue".to_string(),
            1 => format!("{}", residues[0]),
            _ => {
                let (last, rest) = residues.split_last().unwrap();
                format!("{} and {last}", join(rest, ", "))
            }
        };
        let mut rule = format!(
            "n = {n} is {} mod {p}, and P-positions are {listed} mod {p}",
            n % s.period(),
            p = s.period()
        );
        if s.preperiod() > 0 {
            rule.push_str(&format!(" from n = {} on", s.preperiod()));
            if !below.is_empty() {
                rule.push_str(&format!(" (below: {})", join(&below, ", ")));
            }
        }
        Some(rule)
    }
}

fn join(xs: &[u64], sep: &str) -> String {
    xs.iter().map(u64::to_string).collect::<Vec<_>>().join(sep)
}

/// Euclid's rule for the pair `a`, from the mover's side.
fn euclid_rule(a: &[i64], winning: bool) -> Option<String> {
    let [x, y] = *a else { return None };
    let (small, large) = (x.min(y), x.max(y));
    if small <= 0 {
        return None;
    }
    let q = large / small;
    // The only move when the quotient is 1, in the pair's own order.
    let forced = if x >= y { (x - y, y) } else { (x, y - x) };
    Some(if large % small == 0 && winning {
        format!("{large} is a multiple of {small}: subtract it all and make 0")
    } else if q >= 2 {
        format!("quotient {large}/{small} = {q} >= 2: the player to move controls the game")
    } else if winning {
        format!(
            "quotient {large}/{small} = 1: the move to ({},{}) is forced, and it is lost for the opponent",
            forced.0, forced.1
        )
    } else {
        format!(
            "quotient {large}/{small} = 1: the only move, to ({},{}), leaves the opponent a win",
            forced.0, forced.1
        )
    })
}

/// Which heap changed: `heap 5 -> 1`, or for splits `heap 7 -> 3,3,1`.
fn heap_change(from: &[i64], to: &[i64]) -> String {
    if from.len() == to.len() {
        let changed: Vec<usize> = (0..from.len()).filter(|&i| from[i] != to[i]).collect();
        if let [i] = changed[..] {
            return format!("heap {} -> {}", from[i], to[i]);
        }
    }
    // Multiset difference: what left, what came.
    let mut rest: Vec<i64> = to.to_vec();
    let mut gone = Vec::new();
    for &h in from {
        match rest.iter().position(|&x| x == h) {
            Some(i) => {
                rest.remove(i);
            }
            None => gone.push(h),
        }
    }
    let list = |v: &[i64]| {
        if v.is_empty() {
            "nothing".to_string()
        } else {
            v.iter().map(i64::to_string).collect::<Vec<_>>().join(",")
        }
    };
    format!("heap {} -> {}", list(&gone), list(&rest))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dynamic::parse_game;

    fn tree(game: &str, p: &str, depth: usize) -> Node {
        let g = parse_game(game).unwrap();
        let p = g.parse_position(p).unwrap();
        explain(
            g.as_ref(),
            &p,
            Play::Normal,
            Limits {
                depth,
                max_replies: 20,
            },
            &crate::Budget::default(),
        )
        .unwrap()
    }

    #[test]
    fn nim_names_the_heap() {
        let t = tree("nim", "5,3", 2);
        assert_eq!(t.rule, "moves to nim-sum 0 (heap 5 -> 3)");
        assert_eq!(t.replies.len(), 6);
        assert!(t
            .replies
            .iter()
            .all(|r| r.outcome == Outcome::Win && r.chosen.is_some()));
        assert!(t.replies.iter().all(|r| r.replies.is_empty()));
    }

    #[test]
    fn periods_give_residues() {
        // subtraction:1,3,4 has period 7 and P-positions 0 and 2 mod 7.
        let t = tree("subtraction:1,3,4", "13", 1);
        assert_eq!(
            t.rule,
            "n = 13 is 6 mod 7, and P-positions are 0 and 2 mod 7: move to 9"
        );
        let t = tree("subtraction:1,3,4", "14", 1);
        assert_eq!(t.outcome, Outcome::Lose);
        assert_eq!(t.rule, "n = 14 is 0 mod 7, and P-positions are 0 and 2 mod 7");
        assert_eq!(t.replies.len(), 3);
    }

    #[test]
    fn euclid_quotients() {
        let t = tree("euclid", "3,10", 1);
        assert!(t.rule.starts_with("quotient 10/3 = 3 >= 2"), "{}", t.rule);
        let t = tree("euclid", "5,8", 1);
        assert_eq!(t.outcome, Outcome::Lose);
        assert!(t.rule.contains("the only move"), "{}", t.rule);
    }

    #[test]
    fn split_changes_are_multisets() {
        assert_eq!(heap_change(&[7, 2], &[3, 3, 1, 2]), "heap 7 -> 3,3,1");
        assert_eq!(heap_change(&[5, 3], &[0, 3]), "heap 5 -> 0");
    }

    #[test]
    fn the_engine_wins_fast_and_loses_slowly() {
        let g = parse_game("subtraction:1,3,4").unwrap();
        let moves = g
            .moves(
                &DynPosition::Ints(vec![10]),
                Play::Normal,
                &crate::Budget::default(),
            )
            .unwrap();
        let m = best_move(&moves).unwrap();
        assert_eq!(m.outcome, Outcome::Lose);
        let moves = g
            .moves(
                &DynPosition::Ints(vec![7]),
                Play::Normal,
                &crate::Budget::default(),
            )
            .unwrap();
        let m = best_move(&moves).unwrap();
        let most = moves.iter().map(|m| m.remoteness.unwrap()).max().unwrap();
        assert_eq!(m.remoteness, Some(most));
    }
}
