//! The adapter from a native game (generic, fast) to a [`DynGame`].

use crate::dynamic::{
    not_a_heap_game, Analysis, Board, Capabilities, DynGame, DynPosition, HeapSequence, HeapValue, MoveInfo,
    MoveWord, NoRemoteness, Period, Theory,
};
use crate::solve::{reachable, Evaluation, NimValues, Search};
use crate::{Game, GameError, Impartial, Misere, Outcome, Play};

/// Conversion between a native position and POSITION syntax.
pub trait Codec: Sized {
    /// The position as plain data.
    fn encode(&self) -> DynPosition;
    /// Read plain data; the error says what is wrong.
    fn decode(p: &DynPosition) -> Result<Self, String>;
}

/// A number that can stand in a position: the integers and `bool` (0 or 1).
///
/// Positions made of these (a number, a tuple of two or three, a `Vec`) convert to
/// and from POSITION syntax with no code of yours: a plain tuple is a position.
pub trait Number: Copy {
    /// As an `i64` of POSITION syntax.
    fn to_int(self) -> i64;
    /// From an `i64`; the error says why it does not fit.
    fn from_int(x: i64) -> Result<Self, String>;
}

macro_rules! number {
    ($($t:ty),*) => {$(
        impl Number for $t {
            fn to_int(self) -> i64 {
                self as i64
            }
            fn from_int(x: i64) -> Result<Self, String> {
                if x < 0 && <$t>::MIN == 0 {
                    return Err(format!("{x} is negative"));
                }
                <$t>::try_from(x).map_err(|_| format!("{x} is out of range for {}", stringify!($t)))
            }
        }

        impl Codec for $t {
            fn encode(&self) -> DynPosition {
                DynPosition::Ints(vec![self.to_int()])
            }
            fn decode(p: &DynPosition) -> Result<Self, String> {
                match ints(p)? {
                    [x] => <$t>::from_int(*x),
                    xs => Err(format!("expected one number, got {}", xs.len())),
                }
            }
        }
    )*};
}
number!(u8, u16, u32, u64, usize, i8, i16, i32, i64);

impl Number for bool {
    fn to_int(self) -> i64 {
        i64::from(self)
    }
    fn from_int(x: i64) -> Result<Self, String> {
        match x {
            0 => Ok(false),
            1 => Ok(true),
            _ => Err(format!("{x} is not 0 or 1")),
        }
    }
}

fn ints(p: &DynPosition) -> Result<&[i64], String> {
    p.ints()
        .ok_or_else(|| "expected comma-separated integers".to_string())
}

impl<T: Number> Codec for Vec<T> {
    fn encode(&self) -> DynPosition {
        DynPosition::Ints(self.iter().map(|&x| x.to_int()).collect())
    }
    fn decode(p: &DynPosition) -> Result<Self, String> {
        ints(p)?.iter().map(|&x| T::from_int(x)).collect()
    }
}

impl Codec for DynPosition {
    fn encode(&self) -> DynPosition {
        self.clone()
    }
    fn decode(p: &DynPosition) -> Result<Self, String> {
        Ok(p.clone())
    }
}

macro_rules! number_codec {
    ($($t:ident $v:ident),*) => {
        impl<$($t: Number),*> Codec for ($($t,)*) {
            fn encode(&self) -> DynPosition {
                let ($($v,)*) = *self;
                DynPosition::Ints(vec![$($v.to_int()),*])
            }
            fn decode(p: &DynPosition) -> Result<Self, String> {
                let xs = ints(p)?;
                let want = [$(stringify!($t)),*].len();
                if xs.len() != want {
                    return Err(match want {
                        1 => format!("expected one number, got {}", xs.len()),
                        2 => format!("expected two numbers 'a,b', got {}", xs.len()),
                        n => format!("expected {n} numbers, got {}", xs.len()),
                    });
                }
                let mut it = xs.iter().copied();
                Ok(($($t::from_int(it.next().expect("length checked"))?,)*))
            }
        }
    };
}
number_codec!(A a);
number_codec!(A a, B b);
number_codec!(A a, B b, C c);
number_codec!(A a, B b, C c, D d);

/// What a native game offers the dynamic seam: its name, its checks, and the closed
/// forms it knows. Each closed form is optional; the memoized search covers the rest.
pub trait Analyze: Game + Send + Sync
where
    Self::Position: Codec,
{
    /// The game in GAME syntax.
    fn name(&self) -> String;
    /// Reject positions that are not positions of this game.
    fn check(&self, _p: &Self::Position) -> Result<(), String> {
        Ok(())
    }
    /// The natural start, if any.
    fn start(&self) -> Option<Self::Position> {
        None
    }
    /// True when both players have the same moves and nim-values exist.
    fn impartial(&self) -> bool;

    /// The game as it runs within one call's `budget`, sharing what it has
    /// computed (a heap game's nim-sequence) with `self`: games whose closed forms
    /// run long or grow large (heap values, scripts) look at the budget through
    /// it. `None`: the game keeps no limit of its own, and `self` answers.
    fn within(&self, _budget: &crate::Budget) -> Option<Self>
    where
        Self: Sized,
    {
        None
    }

    /// Why no closed form answered `p` (a misère quotient tried and out of reach,
    /// say), for the error when the search is out of reach too.
    fn why_no_closed_form(&self, _p: &Self::Position, _play: Play) -> Option<String> {
        None
    }

    /// The budget's error that stopped the closed form of `p` (its nim-values
    /// past the work budget, the run cancelled): the error to give when the
    /// search is out of reach too, since it names the limit that would answer.
    fn closed_form_over_budget(&self, _p: &Self::Position, _play: Play) -> Option<crate::OverBudget> {
        None
    }

    /// How nim-values of heaps are computed from now on (see
    /// [`DynGame::set_heap_method`]); games without a heap engine ignore it.
    fn set_heap_method(&mut self, _method: grundy_octal::Method) {}
    /// Nim-value solver for impartial games (`None`: not impartial).
    fn nim_value(&self, p: &Self::Position, limit: usize) -> Option<Result<u64, GameError>>;
    /// How many options `p` has (an upper bound will do); `None` if unknown.
    fn option_count(&self, _p: &Self::Position) -> Option<u128> {
        None
    }
    /// An upper bound on the positions a search from `p` visits (canonical
    /// positions, when the game has them: see [`Analyze::canonical`]); `None` if unknown.
    fn search_size(&self, _p: &Self::Position) -> Option<u128> {
        None
    }
    /// An upper bound on the options a search from `p` lists, over all positions it
    /// visits; `None`: [`Analyze::search_size`] times the options of `p`.
    fn search_work(&self, _p: &Self::Position) -> Option<u128> {
        None
    }
    /// The one representative of the positions that play exactly like `p` because
    /// they are `p` renamed (heaps of a sum in another order, or with empty heaps
    /// added): the search then meets each such class once. `None`: no renaming is
    /// known, every position stands for itself.
    fn canonical(&self, _p: &Self::Position) -> Option<Self::Position> {
        None
    }
    /// The options of a canonical position `p`, each canonical (an option may be
    /// listed twice). Called only for games whose [`Analyze::canonical`] gives `Some`.
    fn canonical_options(&self, p: &Self::Position, out: &mut Vec<Self::Position>) -> Result<(), GameError> {
        self.options(p, out)?;
        for o in out.iter_mut() {
            if let Some(c) = self.canonical(o) {
                *o = c;
            }
        }
        Ok(())
    }
    /// An exact search faster than the generic one, specialised to the family
    /// (sums of heaps packed into one integer): the evaluation of `p` and of each
    /// option, in the order [`Game::options`] lists them. `None` when it does not
    /// apply to `p`; the planner then uses the generic search.
    #[allow(clippy::type_complexity)]
    fn packed_search(
        &self,
        _p: &Self::Position,
        _play: Play,
    ) -> Option<Result<(Evaluation, Vec<(Self::Position, Evaluation)>), GameError>> {
        None
    }
    /// True when [`Analyze::packed_search`] applies to `p` (cheap to ask).
    fn packed_search_fits(&self, _p: &Self::Position) -> bool {
        false
    }
    /// Outcome, remoteness (if known) and winning moves without search.
    fn closed_form(&self, _p: &Self::Position, _play: Play) -> Option<ClosedForm<Self::Position>> {
        None
    }
    /// Outcome and remoteness (if known) without search and without listing the
    /// winning moves: what `moves` needs for each option, where listing every
    /// option's own winning moves would cost the square of the options.
    fn closed_outcome(&self, _p: &Self::Position, _play: Play) -> Option<(Outcome, Option<u64>)> {
        None
    }
    /// Nim-value without search.
    fn closed_nim_value(&self, _p: &Self::Position) -> Option<u64> {
        None
    }
    /// The proved period of the nim-sequence, for heap games that have one.
    fn period(&self) -> Option<Result<Option<Period>, GameError>> {
        None
    }
    /// The nim-values of single heaps `from..=to`, for heap games.
    fn heap_nim_values(&self, _from: u64, _to: u64) -> Option<Result<Vec<u64>, GameError>> {
        None
    }
    /// The engine's description of a heap game, when the engine computes it.
    fn heap_rules(&self) -> Option<grundy_octal::HeapRules> {
        None
    }
    /// A closed-form theory that explanations and plots can show.
    fn theory(&self) -> Option<Theory> {
        None
    }
    /// True when the game ends by its own rule ([`Game::terminal`]: a move counter,
    /// a script's `terminal`) rather than when a player cannot move. Misère play is
    /// about the player who cannot move, so it is refused for such a game rather than
    /// silently answered under the game's rule.
    fn ends_by_rule(&self) -> bool {
        false
    }
    /// The position for people (`None`: the position as given, in POSITION syntax).
    fn show(&self, _p: &Self::Position) -> Option<String> {
        None
    }
    /// The position drawn as a grid, for a board game (see [`DynGame::board`]).
    fn board(&self, _p: &Self::Position) -> Option<Board> {
        None
    }
    /// A move typed in the game's own words (see [`DynGame::read_move`]).
    fn read_move(&self, _p: &Self::Position, _word: &str) -> MoveWord {
        MoveWord::NotAWord
    }
    /// A move in the game's own words (see [`DynGame::name_move`]).
    fn name_move(&self, _from: &Self::Position, _to: &Self::Position) -> Option<String> {
        None
    }
}

/// A closed-form answer: what a rule tells without search.
#[derive(Clone, Debug)]
pub struct ClosedForm<P> {
    /// For the player to move.
    pub outcome: Outcome,
    /// Known remoteness, if the rule gives it.
    pub remoteness: Option<u64>,
    /// Every winning move (all of them unless `winning_moves_note` says otherwise).
    pub winning_moves: Vec<P>,
    /// Why some winning moves are not listed; `None` when all are.
    pub winning_moves_note: Option<String>,
    /// The rule, in words.
    pub rule: String,
}

/// The most options `options` and `moves` will list for one position.
const OPTION_LIMIT: u128 = 1_000_000;

/// The most numbers the options of one position may hold in all (as many as
/// its winning moves may: [`crate::games::LISTED_NUMBERS`]).
const OPTION_NUMBERS: u128 = crate::games::LISTED_NUMBERS as u128;

/// Heap sizes `values` lists at once; longer runs stream with `--out`.
const VALUES_LIMIT: u64 = 10_000_000;

/// A position's evaluation and each option's.
type Searched<P> = (Evaluation, Vec<(P, Evaluation)>);

/// The most options whose own searches may give a position's remoteness when its
/// search is out of reach ([`Run::remoteness_from_options`]).
const DERIVE_LIMIT: usize = 16;

/// The most options that `moves` gives nim-values by a search each, for a game
/// that does not bound its searches ([`Analyze::search_size`] unknown: scripts).
const NIMBER_OPTIONS: usize = 64;

/// How [`Builtin`] answers a position: the planner's steps, in the order tried.
///
/// 1. [`Step::ClosedForm`]: what the family declares in [`Analyze`] (a formula such
///    as Euclid's quotient rule, a proved period or a table of the nim-sequence);
/// 2. [`Step::Search`]: the memoized search, within the position and work budget;
/// 3. [`Step::Retrograde`]: when the search meets a repeated position (a loopy
///    game), retrograde analysis of every position reachable, draws included.
///
/// Tables on disk come before all three, through their own [`DynGame`]
/// (`grundy_retro::Solved`), and the planner never looks at a game's name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// A closed form, period or table that the family declares.
    ClosedForm,
    /// The memoized search.
    Search,
    /// Retrograde analysis of the positions reachable.
    Retrograde,
}

impl Step {
    /// The step, in words, for [`Analysis::method`].
    pub fn describe(self) -> &'static str {
        match self {
            Step::ClosedForm => "a closed form",
            Step::Search => "memoized search of every position reachable",
            Step::Retrograde => {
                "memoized search of every position reachable, then retrograde analysis (play loops)"
            }
        }
    }
}

/// A native game behind the dynamic seam. Each call that runs a solver runs
/// within the budget it is given (see [`Run`]).
pub struct Builtin<G> {
    game: G,
}

impl<G> Builtin<G> {
    /// `game` behind the seam.
    pub fn new(game: G) -> Builtin<G> {
        Builtin { game }
    }

    /// The game itself.
    pub fn game(&self) -> &G {
        &self.game
    }
}

/// `p` decoded and checked as a position of `game`.
fn decode<G>(game: &G, p: &DynPosition) -> Result<G::Position, GameError>
where
    G: Analyze,
    G::Position: Codec,
{
    let native = G::Position::decode(p).map_err(|m| GameError::position(game.name(), p.to_string(), m))?;
    game.check(&native)
        .map_err(|m| GameError::position(game.name(), p.to_string(), m))?;
    Ok(native)
}

impl<G> Builtin<G>
where
    G: Analyze,
    G::Position: Codec,
{
    fn decode(&self, p: &DynPosition) -> Result<G::Position, GameError> {
        decode(&self.game, p)
    }

    /// Run `work` on the game within `budget`: the searches' positions and work,
    /// the flag that stops them, and the game's own view of the budget
    /// ([`Analyze::within`]).
    fn run<T>(&self, budget: &crate::Budget, work: impl FnOnce(&Run<'_, G>) -> T) -> T {
        let own = self.game.within(budget);
        let run = Run {
            game: own.as_ref().unwrap_or(&self.game),
            positions: budget.positions_usize(crate::Task::Search),
            work: u128::from(budget.work(crate::Task::Search)),
            cancel: budget.cancel.clone(),
        };
        work(&run)
    }
}

/// One call into a [`Builtin`] game: the game and the limits of the call's budget.
struct Run<'g, G> {
    game: &'g G,
    /// Positions a search may visit.
    positions: usize,
    /// Moves a search may examine (positions times moves per position).
    work: u128,
    /// The front end's flag to stop a search early.
    cancel: crate::Cancel,
}

impl<G> Run<'_, G>
where
    G: Analyze,
    G::Position: Codec,
{
    fn decode(&self, p: &DynPosition) -> Result<G::Position, GameError> {
        decode(self.game, p)
    }

    /// Refuse to list the options of positions that have too many of them.
    fn check_option_count(&self, p: &G::Position) -> Result<(), GameError> {
        let Some(n) = self.game.option_count(p) else {
            return Ok(());
        };
        if n > OPTION_LIMIT {
            return Err(GameError::Unsupported(format!(
                "{}: position {} has {n} moves, too many to list (at most {OPTION_LIMIT})",
                self.game.name(),
                p.encode()
            )));
        }
        // Each move listed is a position kept, and its answer a line of output:
        // the budget's positions bound them (a server's request lists no more
        // than it may search).
        if n > self.positions as u128 {
            return Err(GameError::OverBudget(crate::Budget::over(
                crate::Limit::Positions,
                u64::try_from(n).unwrap_or(u64::MAX),
                self.positions as u64,
                format!("{}: the {n} moves of {}", self.game.name(), p.encode()),
            )));
        }
        // Each option is a whole position: 20,001 heaps have 20,001 options of
        // 20,001 heaps each, gigabytes.
        let len = match p.encode() {
            DynPosition::Ints(v) => v.len(),
            DynPosition::Text(t) => t.len(),
        } as u128;
        let numbers = n.saturating_mul(len);
        if numbers > OPTION_NUMBERS {
            return Err(GameError::Unsupported(format!(
                "{}: a position of {len} numbers with {n} moves is too large to list its moves \
                 ({numbers} numbers in all, at most {OPTION_NUMBERS}); `solve` answers it",
                self.game.name(),
            )));
        }
        Ok(())
    }

    /// A search is tried when its positions times their moves stay within budget.
    fn fits_search(&self, p: &G::Position) -> bool {
        if self.game.packed_search_fits(p) {
            return true;
        }
        let moves = self.game.option_count(p).unwrap_or(1).max(1);
        self.game.search_size(p).is_none_or(|n| {
            let work = self.game.search_work(p).unwrap_or(n.saturating_mul(moves));
            n <= self.positions as u128 && work <= self.work
        })
    }

    /// Evaluate `p` and its options by search, under `play` (by retrograde analysis
    /// of the reachable positions when play can loop: see [`search_or_retrograde`]).
    fn search(&self, p: &G::Position, play: Play) -> Result<Searched<G::Position>, GameError> {
        self.plan_search(p, play).map(|(searched, _)| searched)
    }

    /// Steps 2 and 3 of the plan; says which one answered. Out of positions, says
    /// what else was tried, so "too large" is not the whole story.
    fn plan_search(&self, p: &G::Position, play: Play) -> Result<(Searched<G::Position>, Step), GameError> {
        self.plan_search_steps(p, play).map_err(|e| {
            let out_of_reach = e.is_too_many_positions()
                || matches!(&e, GameError::OverBudget(b) if b.limit == crate::Limit::Cancelled);
            if out_of_reach {
                if let Some(over) = self.game.closed_form_over_budget(p, play) {
                    return GameError::OverBudget(over);
                }
            }
            match self.game.why_no_closed_form(p, play) {
                Some(why) => e.positions_of(|what| format!("{what} ({why})")),
                None => e,
            }
        })
    }

    fn plan_search_steps(
        &self,
        p: &G::Position,
        play: Play,
    ) -> Result<(Searched<G::Position>, Step), GameError> {
        if let Some(answer) = self.game.packed_search(p, play) {
            return answer.map(|searched| (searched, Step::Search));
        }
        if !self.fits_search(p) {
            return Err(GameError::too_many_positions("search", self.positions));
        }
        if let Some(c) = self.game.canonical(p) {
            match canonical_search(self.game, p, &c, play, self.positions, &self.cancel) {
                Err(GameError::Loopy(_)) => {} // the retrograde analysis below shows the loop
                answer => return answer.map(|searched| (searched, Step::Search)),
            }
        }
        match play {
            Play::Normal => search_or_retrograde(self.game, p, self.positions, &self.cancel),
            Play::Misere => search_or_retrograde(Misere(self.game), p, self.positions, &self.cancel),
        }
    }

    /// An error for misère play of a game that ends by its own rule (see
    /// [`Analyze::ends_by_rule`]).
    fn misere_applies(&self, play: Play) -> Result<(), GameError> {
        if play == Play::Misere && self.game.ends_by_rule() {
            return Err(GameError::Unsupported(format!(
                "{} ends by its own rule, not when a player cannot move, so misère play (--misere) does not apply",
                self.game.name()
            )));
        }
        Ok(())
    }

    /// The remoteness of `p` when its own search is out of reach, from the searches
    /// of its options: a win is 1 + the least remoteness among the winning moves
    /// (all of them listed, each known), a loss 1 + the greatest over all options
    /// (each known). `None` when one is unknown, or more than [`DERIVE_LIMIT`] would
    /// be searched: never a bound passed off as the value.
    fn remoteness_from_options(
        &self,
        p: &G::Position,
        c: &ClosedForm<G::Position>,
        play: Play,
    ) -> Result<Option<u64>, GameError> {
        let needed = match c.outcome {
            Outcome::Win if c.winning_moves_note.is_none() => c.winning_moves.clone(),
            Outcome::Lose
                if self
                    .game
                    .option_count(p)
                    .is_none_or(|n| n <= DERIVE_LIMIT as u128) =>
            {
                let mut out = Vec::new();
                self.game.options(p, &mut out)?;
                out
            }
            _ => return Ok(None),
        };
        if needed.is_empty() || needed.len() > DERIVE_LIMIT || !needed.iter().all(|o| self.fits_search(o)) {
            return Ok(None);
        }
        let mut known = Vec::with_capacity(needed.len());
        for o in &needed {
            let r = match self.game.closed_form(o, play).and_then(|c| c.remoteness) {
                Some(r) => r,
                None => match self.search(o, play) {
                    Ok((e, _)) => match e.remoteness {
                        Some(r) => r,
                        None => return Ok(None),
                    },
                    Err(e) if e.is_too_many_positions() => return Ok(None),
                    Err(e) => return Err(e),
                },
            };
            known.push(r);
        }
        let best = match c.outcome {
            Outcome::Win => known.iter().min(),
            _ => known.iter().max(),
        };
        Ok(best.map(|r| r + 1))
    }

    /// Outcome, remoteness, nim-value and winning moves of `p`; with `derive`, a
    /// remoteness beyond the search comes from the options' searches
    /// ([`Run::remoteness_from_options`]). `moves` asks without: it analyses
    /// each of possibly thousands of options, and each derivation costs searches.
    fn analysis(&self, p: &DynPosition, play: Play, derive: bool) -> Result<Analysis, GameError> {
        self.misere_applies(play)?;

        let native = self.decode(p)?;
        let nimber = self.nimber(&native, play)?;
        if let Some(c) = self.game.closed_form(&native, play) {
            let (remoteness, remoteness_note) = match c.remoteness {
                Some(r) => (Some(r), None),
                None => match self.search(&native, play) {
                    Ok((e, _)) => (e.remoteness, NoRemoteness::of(&e)),
                    Err(e) if e.is_too_many_positions() => {
                        let derived = if derive {
                            self.remoteness_from_options(&native, &c, play)?
                        } else {
                            None
                        };
                        match derived {
                            Some(r) => (Some(r), None),
                            None => (None, Some(NoRemoteness::TooLarge)),
                        }
                    }
                    Err(e) => return Err(e),
                },
            };
            return Ok(Analysis {
                outcome: c.outcome,
                remoteness,
                remoteness_note,
                nimber,
                winning_moves: distinct(c.winning_moves.iter().map(Codec::encode)),
                winning_moves_note: c.winning_moves_note,
                method: c.rule,
            });
        }
        let ((e, options), step) = self.plan_search(&native, play)?;
        Ok(Analysis {
            outcome: e.outcome,
            remoteness: e.remoteness,
            remoteness_note: NoRemoteness::of(&e),
            nimber,
            winning_moves: distinct(
                options
                    .iter()
                    .filter(|(_, o)| o.is_winning_reply())
                    .map(|(o, _)| o.encode()),
            ),
            winning_moves_note: None,
            method: step.describe().into(),
        })
    }

    fn nimber(&self, p: &G::Position, play: Play) -> Result<Option<u64>, GameError> {
        self.nimber_within(p, play, self.positions)
    }

    /// [`Run::nimber`] with a search of at most `limit` positions: the options
    /// listed by `moves` share one budget instead of each having a fresh one.
    fn nimber_within(&self, p: &G::Position, play: Play, limit: usize) -> Result<Option<u64>, GameError> {
        if play == Play::Misere {
            return Ok(None);
        }
        if let Some(v) = self.game.closed_nim_value(p) {
            return Ok(Some(v));
        }
        if !self.fits_search(p) {
            return Ok(None);
        }
        match self.game.nim_value(p, limit) {
            None => Ok(None),
            Some(Ok(v)) => Ok(Some(v)),
            // Loopy games have no (finite) nim-values; their outcomes come from retrograde analysis.
            Some(Err(e)) if e.is_too_many_positions() || matches!(e, GameError::Loopy(_)) => Ok(None),
            Some(Err(e)) => Err(e),
        }
    }

    fn options(&self, p: &DynPosition) -> Result<Vec<DynPosition>, GameError> {
        let native = self.decode(p)?;
        if self.game.terminal(&native)?.is_some() {
            return Ok(Vec::new()); // the game has ended by its rule
        }
        self.check_option_count(&native)?;
        let mut out = Vec::new();
        self.game.options(&native, &mut out)?;
        Ok(out.iter().map(Codec::encode).collect())
    }

    fn outcome(&self, p: &DynPosition, play: Play) -> Result<Outcome, GameError> {
        self.misere_applies(play)?;
        let native = self.decode(p)?;
        if let (Play::Normal, Some(v)) = (play, self.game.closed_nim_value(&native)) {
            return Ok(if v == 0 { Outcome::Lose } else { Outcome::Win });
        }
        if let Some(c) = self.game.closed_form(&native, play) {
            return Ok(c.outcome);
        }
        Ok(self.search(&native, play)?.0.outcome)
    }

    fn moves(&self, p: &DynPosition, play: Play) -> Result<Vec<MoveInfo>, GameError> {
        self.misere_applies(play)?;
        let native = self.decode(p)?;
        if self.game.terminal(&native)?.is_some() {
            return Ok(Vec::new());
        }
        if self.fits_search(&native) {
            match self.search(&native, play) {
                Ok((_, options)) => {
                    // Each option's nim-value is its own search unless a closed form
                    // gives it: within the work budget (sizes times options), or,
                    // for a game that does not bound its searches (a script), for a
                    // few options sharing one budget: each gets an equal part of
                    // self.positions positions, so the listing searches at most that
                    // many (an option whose search needs more has no nimber).
                    let per_option_limit = if self.game.closed_nim_value(&native).is_some() {
                        self.positions
                    } else {
                        match self.game.search_size(&native) {
                            Some(size)
                                if size
                                    .saturating_mul(self.game.option_count(&native).unwrap_or(u128::MAX))
                                    <= self.work =>
                            {
                                self.positions
                            }
                            Some(_) => 0,
                            None if options.len() <= NIMBER_OPTIONS => self.positions / options.len().max(1),
                            None => 0,
                        }
                    };
                    return options
                        .into_iter()
                        .map(|(o, e)| {
                            Ok(MoveInfo {
                                nimber: if per_option_limit > 0 {
                                    self.nimber_within(&o, play, per_option_limit)?
                                } else {
                                    None
                                },
                                position: o.encode(),
                                outcome: e.outcome,
                                remoteness: e.remoteness,
                                remoteness_note: NoRemoteness::of(&e),
                            })
                        })
                        .collect();
                }
                Err(e) if e.is_too_many_positions() => {}
                Err(e) => return Err(e),
            }
        }
        // Too big to search: each option by its own closed form.
        self.check_option_count(&native)?;
        let mut out = Vec::new();
        self.game.options(&native, &mut out)?;
        // The options' searches share one work budget: a heap of 10^5 has 10^5
        // options, each a search of its own.
        // Sizing a search costs time of its own (O(tokens) for heaps), so at most
        // OPTION_SEARCHES options are considered.
        const OPTION_SEARCHES: u32 = 256;
        let budget = std::cell::Cell::new(self.work);
        let tries = std::cell::Cell::new(0u32);
        let affordable = |o: &G::Position| {
            if budget.get() == 0 || tries.get() >= OPTION_SEARCHES {
                return false;
            }
            tries.set(tries.get() + 1);
            let cost = self
                .game
                .search_work(o)
                .or(self.game.search_size(o))
                .unwrap_or(u128::MAX);
            let fits = self.fits_search(o) && cost <= budget.get();
            if fits {
                budget.set(budget.get() - cost);
            }
            fits
        };
        out.iter()
            .map(|o| {
                if let Some((outcome, closed)) = self.game.closed_outcome(o, play) {
                    let (remoteness, remoteness_note) = match closed {
                        Some(r) => (Some(r), None),
                        None if affordable(o) => {
                            let (e, _) = self.search(o, play)?;
                            (e.remoteness, NoRemoteness::of(&e))
                        }
                        None => (None, Some(NoRemoteness::TooLarge)),
                    };
                    // The nim-value's search, when no closed form gives it, comes
                    // out of the same shared budget.
                    let nimber = match self.game.closed_nim_value(o) {
                        Some(v) if play == Play::Normal => Some(v),
                        _ if play == Play::Normal && affordable(o) => self.nimber(o, play)?,
                        _ => None,
                    };
                    return Ok(MoveInfo {
                        position: o.encode(),
                        outcome,
                        nimber,
                        remoteness,
                        remoteness_note,
                    });
                }
                let a = self.analysis(&o.encode(), play, false)?;
                Ok(MoveInfo {
                    position: o.encode(),
                    outcome: a.outcome,
                    nimber: a.nimber,
                    remoteness: a.remoteness,
                    remoteness_note: a.remoteness_note,
                })
            })
            .collect()
    }

    fn heap_values(&self, from: u64, to: u64) -> Result<Vec<HeapValue>, GameError> {
        if from > to {
            return Err(GameError::Unsupported(format!(
                "empty range: --from {from} is above --to {to}"
            )));
        }
        if to - from >= VALUES_LIMIT {
            return Err(GameError::Unsupported(format!(
                "--from {from} --to {to} lists more than {VALUES_LIMIT} heaps; stream long runs with --out FILE"
            )));
        }
        match self.game.heap_nim_values(from, to) {
            Some(values) => Ok(values?
                .into_iter()
                .zip(from..=to)
                .map(|(nimber, heap)| HeapValue {
                    heap,
                    nimber,
                    outcome: if nimber == 0 { Outcome::Lose } else { Outcome::Win },
                })
                .collect()),
            None => Err(not_a_heap_game(&self.game.name())),
        }
    }
}

impl<G> DynGame for Builtin<G>
where
    G: Analyze + 'static,
    G::Position: Codec,
{
    fn name(&self) -> String {
        self.game.name()
    }

    fn is_impartial(&self) -> bool {
        self.game.impartial()
    }

    fn start(&self) -> Option<DynPosition> {
        self.game.start().map(|s| s.encode())
    }

    fn check(&self, p: &DynPosition) -> Result<(), GameError> {
        self.decode(p).map(|_| ())
    }

    fn show(&self, p: &DynPosition) -> String {
        G::Position::decode(p)
            .ok()
            .and_then(|native| self.game.show(&native))
            .unwrap_or_else(|| p.to_string())
    }

    fn board(&self, p: &DynPosition) -> Option<Board> {
        self.decode(p).ok().and_then(|native| self.game.board(&native))
    }

    fn read_move(&self, p: &DynPosition, word: &str) -> MoveWord {
        match self.decode(p) {
            Ok(native) => self.game.read_move(&native, word),
            Err(_) => MoveWord::NotAWord,
        }
    }

    fn name_move(&self, from: &DynPosition, to: &DynPosition) -> Option<String> {
        let (from, to) = (self.decode(from).ok()?, self.decode(to).ok()?);
        self.game.name_move(&from, &to)
    }

    fn heap_sequence(&self) -> Option<HeapSequence> {
        let rules = self.game.heap_rules()?;
        // Values that grow (a tail digit) overflow the engine's 16-bit sequence:
        // the proved period gives them, when there is one.
        if matches!(&rules, grundy_octal::HeapRules::Octal(c) if c.tail().is_some()) {
            if let Some(Ok(Some(p))) = self.game.period() {
                return Some(HeapSequence::Periodic(rules, p));
            }
        }
        Some(HeapSequence::Engine(rules))
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }

    fn partizan(&self) -> Option<&dyn crate::partizan::DynPartizan> {
        None
    }

    fn numbering(&self) -> super::Numbering<'_> {
        super::Numbering::None
    }

    fn options(&self, p: &DynPosition, budget: &crate::Budget) -> Result<Vec<DynPosition>, GameError> {
        self.run(budget, |run| run.options(p))
    }

    fn analyze(&self, p: &DynPosition, play: Play, budget: &crate::Budget) -> Result<Analysis, GameError> {
        self.run(budget, |run| run.analysis(p, play, true))
    }

    fn outcome(&self, p: &DynPosition, play: Play, budget: &crate::Budget) -> Result<Outcome, GameError> {
        self.run(budget, |run| run.outcome(p, play))
    }

    fn period(&self, budget: &crate::Budget) -> Option<Result<Option<Period>, GameError>> {
        self.run(budget, |run| run.game.period())
    }

    fn moves(&self, p: &DynPosition, play: Play, budget: &crate::Budget) -> Result<Vec<MoveInfo>, GameError> {
        self.run(budget, |run| run.moves(p, play))
    }

    fn heap_values(&self, from: u64, to: u64, budget: &crate::Budget) -> Result<Vec<HeapValue>, GameError> {
        self.run(budget, |run| run.heap_values(from, to))
    }

    fn set_heap_method(&mut self, method: grundy_octal::Method) {
        self.game.set_heap_method(method)
    }

    fn capabilities(&self) -> Capabilities {
        Capabilities {
            heap_values: matches!(self.game.heap_nim_values(0, 0), Some(Ok(_))),
            theory: self.game.theory(),
        }
    }
}

/// The game on canonical positions (see [`Analyze::canonical`]): the search's memo
/// holds one entry per class of positions that are renamings of each other.
struct Canonical<'a, G>(&'a G);

impl<G> Game for Canonical<'_, G>
where
    G: Analyze,
    G::Position: Codec,
{
    type Position = G::Position;
    fn options(&self, p: &G::Position, out: &mut Vec<G::Position>) -> Result<(), GameError> {
        self.0.canonical_options(p, out)
    }
    fn terminal(&self, p: &G::Position) -> Result<Option<Outcome>, GameError> {
        self.0.terminal(p)
    }
}

/// Evaluate `p` (whose canonical form is `c`) by memoized search over canonical
/// positions. A renamed position has the same options renamed, so the same
/// evaluation: the answers are those of the plain search. The options of `p` are
/// listed as the game lists them (in the user's heap order), each evaluated
/// through its canonical form.
fn canonical_search<G>(
    game: &G,
    p: &G::Position,
    c: &G::Position,
    play: Play,
    limit: usize,
    cancel: &crate::Cancel,
) -> Result<Searched<G::Position>, GameError>
where
    G: Analyze,
    G::Position: Codec,
{
    let mut s = Search::with_limit(Canonical(game), limit)
        .with_play(play)
        .with_cancel(cancel);
    let e = s.evaluate(c)?;
    let mut options = Vec::new();
    if game.terminal(p)?.is_none() {
        game.options(p, &mut options)?;
    }
    let options = options
        .into_iter()
        .map(|o| {
            let co = game.canonical(&o).unwrap_or_else(|| o.clone());
            Ok((o, s.evaluate(&co)?))
        })
        .collect::<Result<Vec<_>, GameError>>()?;
    Ok((e, options))
}

/// The moves in their order, each position once: two moves that leave the same
/// position are one winning move (as `moves` lists them).
fn distinct(moves: impl Iterator<Item = DynPosition>) -> Vec<DynPosition> {
    let mut seen = rustc_hash::FxHashSet::default();
    moves.filter(|m| seen.insert(m.clone())).collect()
}

/// Evaluate `p` and its options by memoized search; when a position repeats along a
/// line of play (a loopy game), by retrograde analysis of every position reachable
/// from `p` instead: draws included, within the same position budget.
fn search_or_retrograde<H: Game>(
    h: H,
    p: &H::Position,
    limit: usize,
    cancel: &crate::Cancel,
) -> Result<(Searched<H::Position>, Step), GameError>
where
    H::Position: Codec,
{
    let mut s = Search::with_limit(&h, limit).with_cancel(cancel);
    let at = match s.evaluate(p) {
        Ok(e) => return Ok(((e, s.options_evaluated(p)?), Step::Search)),
        // Show the repeated position in POSITION syntax, not with Debug.
        Err(GameError::Loopy(debug)) => s.repeated().map_or(debug, |q| q.encode().to_string()),
        Err(e) => return Err(e),
    };
    drop(s);
    let solved = reachable(&h, p, limit).map_err(|e| {
        e.positions_of(|_| format!("retrograde analysis of a loopy game (position {at} repeats)"))
    })?;
    let e = solved.evaluation(p).expect("the start is reachable");
    Ok((
        (e, solved.options(p).expect("the start is reachable")),
        Step::Retrograde,
    ))
}

/// The nim-value of `p` by memoized mex, within `limit` components.
///
/// A loopy game fails with [`GameError::Loopy`] naming the repeated position in
/// POSITION syntax.
pub fn searched_nim_value<G: Impartial>(game: &G, p: &G::Position, limit: usize) -> Result<u64, GameError>
where
    G::Position: Codec,
{
    let mut s = NimValues::with_limit(game, limit);
    s.nim_value(p).map_err(|e| match e {
        GameError::Loopy(debug) => GameError::Loopy(s.repeated().map_or(debug, |q| q.encode().to_string())),
        e => e,
    })
}

/// A game defined in Rust by the model traits alone, behind the seam: see
/// [`crate::dynamic::from_game`] and [`crate::dynamic::from_impartial`].
pub struct Native<G: Game> {
    name: String,
    game: G,
    nim: Option<NimValueFn<G>>,
}

type NimValueFn<G> = fn(&G, &<G as Game>::Position, usize) -> Result<u64, GameError>;

impl<G: Game> Native<G> {
    /// A partizan (or any) game: outcomes, remoteness and moves, no nim-values.
    pub fn new(name: impl Into<String>, game: G) -> Native<G> {
        Native {
            name: name.into(),
            game,
            nim: None,
        }
    }

    /// An impartial game: nim-values too.
    pub fn impartial(name: impl Into<String>, game: G) -> Native<G>
    where
        G: Impartial,
        G::Position: Codec,
    {
        Native {
            name: name.into(),
            game,
            nim: Some(searched_nim_value::<G>),
        }
    }
}

impl<G: Game> Game for Native<G> {
    type Position = G::Position;
    fn options(&self, p: &G::Position, out: &mut Vec<G::Position>) -> Result<(), GameError> {
        self.game.options(p, out)
    }
    fn terminal(&self, p: &G::Position) -> Result<Option<Outcome>, GameError> {
        self.game.terminal(p)
    }
}

impl<G> Analyze for Native<G>
where
    G: Game + Send + Sync,
    G::Position: Codec,
{
    fn name(&self) -> String {
        self.name.clone()
    }
    fn impartial(&self) -> bool {
        self.nim.is_some()
    }
    fn nim_value(&self, p: &G::Position, limit: usize) -> Option<Result<u64, GameError>> {
        self.nim.map(|nim| nim(&self.game, p, limit))
    }
}
