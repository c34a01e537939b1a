use rustc_hash::{FxHashMap, FxHashSet};

use crate::{Game, GameError, Outcome, Play};

/// How many positions a search may visit before it gives up ([`GameError::too_many_positions`]).
pub const DEFAULT_LIMIT: usize = 20_000_000;

/// The solved value of one position: who wins and how long the game lasts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Evaluation {
    /// For the player to move.
    pub outcome: Outcome,
    /// Moves to the end under perfect play, by the Gamesman convention: the winner
    /// takes the fastest win, the loser the slowest loss, and a *tie* (a draw that
    /// the rules end, such as a full board) is reached as soon as it can be: 1 + the
    /// least remoteness among the options that tie (GamesmanClassic's
    /// `minTieRemoteness`: neither side can do better, so neither plays on).
    /// Zero at a terminal position.
    ///
    /// `None` for a *draw by repetition*: a drawn position from which no line of
    /// drawing moves ever ends the game (only loopy games have them). Read `None`
    /// as "never": the solvers treat it as larger than any number.
    pub remoteness: Option<u64>,
}

impl Evaluation {
    /// A terminal position: the game is over, zero moves to go.
    pub fn terminal(outcome: Outcome) -> Evaluation {
        Evaluation {
            outcome,
            remoteness: Some(0),
        }
    }

    /// Combine the evaluations of all options into the evaluation of their parent.
    ///
    /// Winning means moving to a losing option (fastest such); otherwise a draw if
    /// one is available (the fastest tie, if any ends); otherwise lose as slowly as
    /// possible. A remoteness of `None` (never ends) counts as larger than any number.
    pub fn from_options(options: impl IntoIterator<Item = Evaluation>, play: Play) -> Evaluation {
        // `None` inside: no such option; `Some(None)`: such options, none ending.
        let mut fastest_win: Option<Option<u64>> = None;
        let mut fastest_tie: Option<Option<u64>> = None;
        let mut slowest_loss: Option<Option<u64>> = None;
        let sooner = |best: Option<Option<u64>>, r: Option<u64>| {
            Some(match best {
                None => r,
                Some(b) => match (b, r) {
                    (Some(b), Some(r)) => Some(b.min(r)),
                    (b, r) => b.or(r),
                },
            })
        };
        for e in options {
            match e.outcome {
                Outcome::Lose => fastest_win = sooner(fastest_win, e.remoteness),
                Outcome::Draw => fastest_tie = sooner(fastest_tie, e.remoteness),
                Outcome::Win => {
                    slowest_loss = Some(match slowest_loss {
                        None => e.remoteness,
                        Some(b) => b.zip(e.remoteness).map(|(b, r)| b.max(r)),
                    })
                }
            }
        }
        let (outcome, remoteness) = match (fastest_win, fastest_tie, slowest_loss) {
            (Some(r), _, _) => (Outcome::Win, r),
            (None, Some(r), _) => (Outcome::Draw, r),
            (None, None, Some(r)) => (Outcome::Lose, r),
            (None, None, None) => return Evaluation::terminal(play.no_move_outcome()),
        };
        Evaluation {
            outcome,
            remoteness: remoteness.map(|r| r + 1),
        }
    }

    /// True when moving to a position with this evaluation is a winning move.
    pub fn is_winning_reply(self) -> bool {
        self.outcome == Outcome::Lose
    }
}

struct Frame<P> {
    position: P,
    options: Vec<P>,
    next: usize,
    /// The evaluations of `options[..next]`, kept as they are found: one look-up
    /// in the memo per option, not two.
    values: Vec<Evaluation>,
}

/// Memoized search with an explicit stack, for any finite acyclic game.
///
/// A forced line of a million moves needs a million frames on the heap, not on the
/// call stack. Keep one `Search` to answer many positions of the same game: the
/// table is shared.
///
/// ```
/// use grundy::{games::Subtraction, solve::Search, Outcome};
/// let game = Subtraction::new(&[1, 3, 4]).unwrap();
/// let mut search = Search::new(&game);
/// assert_eq!(search.evaluate(&vec![7]).unwrap().outcome, Outcome::Lose);
/// assert_eq!(search.evaluate(&vec![8]).unwrap().outcome, Outcome::Win);
/// ```
pub struct Search<G: Game> {
    game: G,
    memo: FxHashMap<G::Position, Evaluation>,
    limit: usize,
    repeated: Option<G::Position>,
    /// The rule for positions without options and without a rule of their own.
    play: Play,
    /// The front end's flag to stop early, looked at every few thousand positions.
    cancel: crate::Cancel,
}

impl<G: Game> Search<G> {
    /// A search with the default position limit.
    pub fn new(game: G) -> Self {
        Self::with_limit(game, DEFAULT_LIMIT)
    }

    /// A search that gives up after `limit` distinct positions.
    pub fn with_limit(game: G, limit: usize) -> Self {
        Search {
            game,
            memo: FxHashMap::default(),
            limit,
            repeated: None,
            play: Play::Normal,
            cancel: crate::Cancel::never(),
        }
    }

    /// Stopping with [`crate::Limit::Cancelled`] when `cancel` is raised.
    pub fn with_cancel(mut self, cancel: &crate::Cancel) -> Self {
        self.cancel = cancel.clone();
        self
    }

    /// Under `play`: misère play decides positions without options here, which
    /// saves the [`crate::Misere`] wrapper's second listing of every position's options.
    pub fn with_play(mut self, play: Play) -> Self {
        self.play = play;
        self
    }

    /// The game being searched.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The position found repeating along a line of play, after
    /// [`Search::evaluate`] failed with [`GameError::Loopy`] (whose message can show
    /// it only with `Debug`; callers that know a better syntax format this one).
    pub fn repeated(&self) -> Option<&G::Position> {
        self.repeated.as_ref()
    }

    /// How many positions are solved so far.
    pub fn len(&self) -> usize {
        self.memo.len()
    }

    /// True before anything is solved.
    pub fn is_empty(&self) -> bool {
        self.memo.is_empty()
    }

    /// The outcome and remoteness of `root` (under the game's own convention for
    /// positions without options: wrap the game in [`crate::Misere`] for misère play).
    pub fn evaluate(&mut self, root: &G::Position) -> Result<Evaluation, GameError> {
        if let Some(e) = self.memo.get(root) {
            return Ok(*e);
        }
        let mut on_stack: FxHashSet<G::Position> = FxHashSet::default();
        let mut stack: Vec<Frame<G::Position>> = Vec::new();
        if let Some(e) = self.open(root, &mut stack, &mut on_stack)? {
            return Ok(e);
        }
        while let Some(top) = stack.last_mut() {
            // Advance past solved options; descend into the first unsolved one.
            let mut child = None;
            while top.next < top.options.len() {
                let o = &top.options[top.next];
                if let Some(&e) = self.memo.get(o) {
                    top.values.push(e);
                    top.next += 1;
                } else if on_stack.contains(o) {
                    self.repeated = Some(o.clone());
                    return Err(GameError::Loopy(format!("{o:?}")));
                } else {
                    child = Some(o.clone());
                    break;
                }
            }
            if let Some(child) = child {
                if let Err(e) = self.open(&child, &mut stack, &mut on_stack) {
                    let visited = self.memo.len() + stack.len();
                    return Err(super::progress::stopped(e, stack.len(), visited));
                }
                continue;
            }
            let frame = stack.pop().expect("stack is not empty");
            let e = Evaluation::from_options(frame.values, self.play);
            on_stack.remove(&frame.position);
            self.memo.insert(frame.position, e);
        }
        Ok(self.memo[root])
    }

    /// Solve `p` at once if it is terminal, else push a frame for it.
    fn open(
        &mut self,
        p: &G::Position,
        stack: &mut Vec<Frame<G::Position>>,
        on_stack: &mut FxHashSet<G::Position>,
    ) -> Result<Option<Evaluation>, GameError> {
        let visited = self.memo.len() + stack.len();
        if visited.is_multiple_of(super::progress::REPORT_EVERY) {
            super::progress::report(visited as u64, self.limit as u64);
            self.cancel.check(|| "search".to_string())?;
        }
        if visited >= self.limit {
            return Err(GameError::too_many_positions("search", self.limit));
        }
        if let Some(outcome) = self.game.terminal(p)? {
            let e = Evaluation::terminal(outcome);
            self.memo.insert(p.clone(), e);
            return Ok(Some(e));
        }
        let mut options = Vec::new();
        self.game.options(p, &mut options)?;
        if options.is_empty() {
            let e = Evaluation::from_options([], self.play);
            self.memo.insert(p.clone(), e);
            return Ok(Some(e));
        }
        on_stack.insert(p.clone());
        stack.push(Frame {
            position: p.clone(),
            values: Vec::with_capacity(options.len()),
            options,
            next: 0,
        });
        Ok(None)
    }

    /// Every option of `p` with its evaluation, in the game's order.
    pub fn options_evaluated(
        &mut self,
        p: &G::Position,
    ) -> Result<Vec<(G::Position, Evaluation)>, GameError> {
        let mut options = Vec::new();
        if self.game.terminal(p)?.is_some() {
            return Ok(Vec::new());
        }
        self.game.options(p, &mut options)?;
        options
            .into_iter()
            .map(|o| {
                let e = self.evaluate(&o)?;
                Ok((o, e))
            })
            .collect()
    }

    /// The options of `p` that win: those that leave the opponent a lost position.
    pub fn winning_moves(&mut self, p: &G::Position) -> Result<Vec<G::Position>, GameError> {
        Ok(self
            .options_evaluated(p)?
            .into_iter()
            .filter(|(_, e)| e.is_winning_reply())
            .map(|(o, _)| o)
            .collect())
    }
}
