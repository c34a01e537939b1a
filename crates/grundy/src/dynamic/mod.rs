//! The dynamic seam: games chosen at run time, positions as plain data.
//!
//! The solvers are generic and monomorphized. The command line, the rule files and
//! the scripts choose games at run time, so they meet the library here: a
//! [`DynGame`] is an object-safe game whose positions are [`DynPosition`]s (a list
//! of integers or a string). [`parse_game`] turns a GAME text such as
//! `subtraction:1,3,4` into one (through [`crate::catalogue`]), and
//! [`DynGame::analyze`] follows the plan of [`Step`]: a closed form where the family
//! declares one, else the memoized search, else (play loops) retrograde analysis.
//!
//! ## Contents
//! - [`DynGame`]: the seam. Every capability is a required method; the shell asks
//!   [`DynGame::capabilities`] (a [`Theory`] to explain, heap values) and
//!   [`DynGame::heap_sequence`], never a game's name.
//! - [`Builtin`]: a native game that implements [`Analyze`] (what its family knows
//!   in closed form) behind the seam.
//! - [`Wrapper`]: a game under another name or start (a game file); its one
//!   blanket impl forwards every capability.
//! - [`from_game`], [`from_impartial`]: any game defined by the model traits alone.
//!
//! ```
//! use grundy::dynamic::{parse_game, DynPosition};
//! use grundy::{Outcome, Play};
//! let game = parse_game("subtraction:1,3,4").unwrap();
//! let p = game.parse_position("1000000000000000000").unwrap();
//! // Every analysis runs within the budget it is given: here the defaults.
//! let a = game.analyze(&p, Play::Normal, &grundy::Budget::default()).unwrap();
//! assert_eq!(a.outcome, Outcome::Win);
//! assert_eq!(a.nimber, Some(1));
//! ```

mod board;
mod builtin;
mod reachable;

use std::fmt;

pub use board::{
    column_letter, heap_word_moves, name_heap_move, read_cell, read_heap_word, Board, Cell, Click, HeapLeft,
    HeapWord, MoveWord, Owner, Row,
};
pub use builtin::{searched_nim_value, Analyze, Builtin, ClosedForm, Codec, Native, Number, Step};
pub use reachable::{enumerate_dyn, solve_reachable, solve_reachable_with};

/// Any game defined in Rust by the model traits (`Game` alone: partizan, loopy
/// ones included) behind the seam, with every analysis the command line has:
/// outcome (draws too), remoteness, winning moves, each option's value,
/// explanations. Positions are anything with a [`Codec`]: numbers, tuples of up to
/// four numbers or `bool`s, `Vec`s of numbers.
///
/// ```
/// use grundy::{Game, GameError, Outcome, Play};
/// struct Countdown; // take 1 or 2; the last to move wins
/// impl Game for Countdown {
///     type Position = u32;
///     fn options(&self, &n: &u32, out: &mut Vec<u32>) -> Result<(), GameError> {
///         out.extend((1..=2).filter(|&k| k <= n).map(|k| n - k));
///         Ok(())
///     }
/// }
/// let game = grundy::dynamic::from_game("countdown", Countdown);
/// let budget = grundy::Budget::default();
/// let a = game.analyze(&game.parse_position("7").unwrap(), Play::Normal, &budget).unwrap();
/// assert_eq!((a.outcome, a.remoteness), (Outcome::Win, Some(5)));
/// assert_eq!(a.winning_moves, vec![game.parse_position("6").unwrap()]);
/// ```
pub fn from_game<G>(name: impl Into<String>, game: G) -> Box<dyn DynGame>
where
    G: crate::Game + Send + Sync + 'static,
    G::Position: Codec,
{
    Box::new(Builtin::new(Native::new(name, game)))
}

/// An impartial game defined in Rust behind the seam: [`from_game`] with nim-values.
pub fn from_impartial<G>(name: impl Into<String>, game: G) -> Box<dyn DynGame>
where
    G: crate::Impartial + Send + Sync + 'static,
    G::Position: Codec,
{
    Box::new(Builtin::new(Native::impartial(name, game)))
}

/// Read GAME text naming one of the core's families (see [`crate::catalogue`]).
///
/// ```
/// let game = grundy::dynamic::parse_game("euclid").unwrap();
/// assert!(grundy::dynamic::parse_game("subtraction:0").is_err());
/// ```
pub fn parse_game(text: &str) -> Result<Box<dyn DynGame>, GameError> {
    crate::catalogue::Catalogue::core().parse(text)
}

use crate::{Budget, GameError, Outcome, Play};

/// A position of a run-time game: a list of integers (heaps, a pair, a number) or a string.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum DynPosition {
    /// Comma-separated integers in POSITION syntax.
    Ints(Vec<i64>),
    /// Any other text (a board, a move list).
    Text(String),
}

impl DynPosition {
    /// Read POSITION syntax: comma-separated integers, else the text itself.
    ///
    /// Text that looks numeric but does not fit (`12,x`, `99999999999999999999`) is
    /// an error rather than a string, so typos are caught.
    pub fn parse(text: &str) -> Result<DynPosition, String> {
        let t = text.trim();
        if t.is_empty() {
            return Err("the position is empty".into());
        }
        let looks_numeric = t
            .chars()
            .all(|c| c.is_ascii_digit() || matches!(c, ',' | '-' | ' ' | '+'));
        if !looks_numeric {
            return Ok(DynPosition::Text(t.to_string()));
        }
        t.split(',')
            .map(|part| {
                let part = part.trim();
                part.parse::<i64>().map_err(|e| match e.kind() {
                    std::num::IntErrorKind::PosOverflow | std::num::IntErrorKind::NegOverflow => {
                        format!("number '{part}' is out of range (at most {})", i64::MAX)
                    }
                    _ => format!("'{part}' is not an integer"),
                })
            })
            .collect::<Result<Vec<_>, _>>()
            .map(DynPosition::Ints)
    }

    /// The integers, if this is a list of them.
    pub fn ints(&self) -> Option<&[i64]> {
        match self {
            DynPosition::Ints(v) => Some(v),
            DynPosition::Text(_) => None,
        }
    }
}

impl fmt::Display for DynPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DynPosition::Ints(v) => {
                for (i, x) in v.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{x}")?;
                }
                Ok(())
            }
            DynPosition::Text(s) => f.write_str(s),
        }
    }
}

/// Why a position has no remoteness: [`Analysis::remoteness_note`],
/// [`MoveInfo::remoteness_note`]. Every `None` remoteness comes with one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum NoRemoteness {
    /// A draw by repetition: no line of drawing moves ever ends the game, so
    /// there is no number of moves to give (not unknown: there is none).
    NoEnd,
    /// Too many positions to search, and no closed form gives it.
    TooLarge,
    /// A table that stores outcomes only (built with `--no-remoteness`).
    NotStored,
    /// A draw in a table written before grundy stored the remoteness of ties.
    OldTable,
}

impl NoRemoteness {
    /// The reason in words, for people: the text after `remoteness:`.
    pub fn describe(self) -> &'static str {
        match self {
            NoRemoteness::NoEnd => "draw (no end with best play)",
            NoRemoteness::TooLarge => {
                "unknown (too many positions to search, and no closed form gives it)"
            }
            NoRemoteness::NotStored => {
                "unknown (not stored: the table holds outcomes only, built with --no-remoteness)"
            }
            NoRemoteness::OldTable => {
                "unknown (not stored: the table was built before grundy stored the remoteness of ties; build it again)"
            }
        }
    }

    /// A short name, for JSON: `no_end`, `too_large`, `not_stored`, `old_table`.
    pub fn as_str(self) -> &'static str {
        match self {
            NoRemoteness::NoEnd => "no_end",
            NoRemoteness::TooLarge => "too_large",
            NoRemoteness::NotStored => "not_stored",
            NoRemoteness::OldTable => "old_table",
        }
    }

    /// The reason for an evaluation's remoteness, which a solver leaves `None`
    /// only for a draw by repetition.
    pub fn of(e: &crate::solve::Evaluation) -> Option<NoRemoteness> {
        e.remoteness.is_none().then_some(NoRemoteness::NoEnd)
    }
}

/// Everything known about one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// For the player to move.
    pub outcome: Outcome,
    /// Moves to the end under perfect play (see [`crate::solve::Evaluation`] for
    /// the convention, ties included); `None` with the reason in
    /// `remoteness_note` (never a guess).
    pub remoteness: Option<u64>,
    /// Why `remoteness` is `None`; `None` when it is known.
    pub remoteness_note: Option<NoRemoteness>,
    /// The nim-value, for impartial games under normal play.
    pub nimber: Option<u64>,
    /// Every move that wins, as the position it leaves (all of them unless
    /// `winning_moves_note` says otherwise).
    pub winning_moves: Vec<DynPosition>,
    /// Why some winning moves are not in `winning_moves` (e.g. a heap with too many
    /// options to examine); `None` when every winning move is listed.
    pub winning_moves_note: Option<String>,
    /// How the answer was found, in words (a closed form, a proved period, a search).
    pub method: String,
}

impl Analysis {
    /// The answer of an outcome search (a partizan position too large for its
    /// value): who wins and the one winning move it proved, without remoteness.
    pub fn of_outcome_search(wins: bool, winning_move: Option<DynPosition>, method: String) -> Analysis {
        Analysis {
            outcome: if wins { Outcome::Win } else { Outcome::Lose },
            remoteness: None,
            remoteness_note: Some(NoRemoteness::TooLarge),
            nimber: None,
            winning_moves: winning_move.into_iter().collect(),
            winning_moves_note: wins.then(|| {
                "the outcome search stops at the first winning move it proves; others may win too".to_string()
            }),
            method,
        }
    }
}

/// One option of a position, with its own value (for the player who would move there).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveInfo {
    /// The position the move leaves.
    pub position: DynPosition,
    /// Its outcome for the player to move there (the opponent).
    pub outcome: Outcome,
    /// Its nim-value, for impartial games under normal play.
    pub nimber: Option<u64>,
    /// Its remoteness, when known.
    pub remoteness: Option<u64>,
    /// Why `remoteness` is `None`; `None` when it is known.
    pub remoteness_note: Option<NoRemoteness>,
}

/// The value of a single heap, for `grundy values`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HeapValue {
    /// The heap size.
    pub heap: u64,
    /// The outcome for the player to move.
    pub outcome: Outcome,
    /// The nim-value.
    pub nimber: u64,
}

/// A period of a heap game's nim-sequence, `G(n + period) = G(n) + saltus` for every
/// `n >= preperiod`: the one period type of the workspace, [`grundy_octal::Period`],
/// named here for the seam's users (its `periodic` is the one eventually periodic
/// type, with the one `value_at`). What the seam gives is always proved.
pub use grundy_octal::Period;

/// A closed-form theory that explanations and plots can show step by step.
///
/// Declared by a family (never guessed from its name), and forwarded by every
/// wrapper, so a game file for Euclid's game explains itself as Euclid's game does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Theory {
    /// Euclid's game: a quotient of at least 2 wins, a quotient of 1 forces the move.
    EuclidQuotient,
    /// Wythoff's game: the losing pairs are (floor(k*phi), floor(k*phi) + k).
    WythoffPairs,
}

/// Where a heap game's nim-sequence comes from, for commands that stream it or
/// prove its period (`grundy period`, `grundy values --out`).
#[derive(Clone, Debug)]
pub enum HeapSequence {
    /// Computed value after value by the `grundy-octal` engine from these rules.
    Engine(grundy_octal::HeapRules),
    /// Given for every heap by a proved (possibly arithmetic) period: the game's
    /// rules (for its canonical name) and the period.
    Periodic(grundy_octal::HeapRules, Period),
}

/// What a game can answer beyond its rules: the capabilities the shell asks for
/// instead of looking at names.
#[derive(Clone, Debug, Default)]
pub struct Capabilities {
    /// Positions are heaps whose nim-values add, and [`DynGame::heap_values`] answers.
    pub heap_values: bool,
    /// A closed-form theory to show step by step.
    pub theory: Option<Theory>,
}

/// The options of a sum of heaps, from each single heap's: every option of heap
/// `i` (what is left of it, zero or more heaps) put in its place. Games defined
/// heap by heap (scripts with `heaps = true`, Python games) move this way.
pub fn heap_sum_options<O: AsRef<[DynPosition]>>(
    heaps: &[i64],
    mut options_of_heap: impl FnMut(i64) -> Result<O, GameError>,
    out: &mut Vec<DynPosition>,
) -> Result<(), GameError> {
    for (i, &h) in heaps.iter().enumerate() {
        for o in options_of_heap(h)?.as_ref() {
            let left = o.ints().unwrap_or(&[]);
            let mut next = Vec::with_capacity(heaps.len() + left.len());
            next.extend_from_slice(&heaps[..i]);
            next.extend_from_slice(left);
            next.extend_from_slice(&heaps[i + 1..]);
            out.push(DynPosition::Ints(next));
        }
    }
    Ok(())
}

/// The error for asking a game that is not a heap game for single-heap values.
pub fn not_a_heap_game(name: &str) -> GameError {
    GameError::Unsupported(format!(
        "{name} is not a heap game: values lists single heaps of heap games"
    ))
}

/// A game chosen at run time. Object safe; built-in games, rule files and scripts
/// all implement it.
///
/// Every capability is a required method, with no default: a wrapper that forgot
/// one would not compile. Wrappers implement [`Wrapper`] instead, whose one blanket
/// implementation forwards everything.
pub trait DynGame: Send + Sync {
    /// The game in GAME syntax (`subtraction:1,3,4`), or a file's name.
    fn name(&self) -> String;

    /// True when both players have the same moves (nim-values exist).
    fn is_impartial(&self) -> bool;

    /// The natural starting position, if the game has one (`start` in POSITION syntax).
    fn start(&self) -> Option<DynPosition>;

    /// Reject what is not a position of this game, with the reason.
    fn check(&self, p: &DynPosition) -> Result<(), GameError>;

    /// The position for people (a board for a board game); POSITION syntax by default.
    fn show(&self, p: &DynPosition) -> String;

    /// The position drawn as a grid with coordinates, for a board game; `None` for
    /// the others (the shell then prints [`DynGame::show`]).
    fn board(&self, p: &DynPosition) -> Option<Board>;

    /// Read a move typed in the game's own words at `p` (`3` a column, `b2` a cell,
    /// `take 3`): the positions it may leave, why it names no move here, or
    /// [`MoveWord::NotAWord`]. Legality against the options is the caller's check.
    fn read_move(&self, p: &DynPosition, word: &str) -> MoveWord;

    /// The move from `from` to `to` in the game's own words, as [`DynGame::read_move`]
    /// reads it back; `None` when the game has no words (the position it leaves
    /// names the move).
    fn name_move(&self, from: &DynPosition, to: &DynPosition) -> Option<String>;

    /// Read a position: POSITION syntax or `start`.
    fn parse_position(&self, text: &str) -> Result<DynPosition, GameError> {
        let p = if text.trim() == "start" {
            self.start().ok_or_else(|| {
                GameError::position(
                    self.name(),
                    text,
                    "this game has no natural start; give the position",
                )
            })?
        } else {
            DynPosition::parse(text).map_err(|m| GameError::position(self.name(), text, m))?
        };
        self.check(&p)?;
        Ok(p)
    }

    /// The positions one move away (a script's call into its rules runs within
    /// `budget`'s script limits and stops when its flag is raised).
    fn options(&self, p: &DynPosition, budget: &Budget) -> Result<Vec<DynPosition>, GameError>;

    /// Outcome, remoteness, nim-value and winning moves of a position.
    fn analyze(&self, p: &DynPosition, play: Play, budget: &Budget) -> Result<Analysis, GameError>;

    /// Only the outcome: cheaper than [`DynGame::analyze`] where a closed form
    /// decides it (no nim-value, remoteness or move list is computed).
    fn outcome(&self, p: &DynPosition, play: Play, budget: &Budget) -> Result<Outcome, GameError>;

    /// The proved period of a heap game's nim-sequence, if the game has one
    /// (`None`: not a heap game with a period theory; `Ok(None)`: none proved
    /// within the budget's search).
    fn period(&self, budget: &Budget) -> Option<Result<Option<Period>, GameError>>;

    /// Every option of a position with its value.
    fn moves(&self, p: &DynPosition, play: Play, budget: &Budget) -> Result<Vec<MoveInfo>, GameError>;

    /// Outcome and nim-value of every single heap in `from..=to` (heap games only).
    fn heap_values(&self, from: u64, to: u64, budget: &Budget) -> Result<Vec<HeapValue>, GameError>;

    /// Where the nim-sequence comes from, for streaming and period proofs.
    fn heap_sequence(&self) -> Option<HeapSequence>;

    /// The capabilities the shell may ask for.
    fn capabilities(&self) -> Capabilities;

    /// The partizan side of the game (each player's options, canonical values), for
    /// a game where Left and Right move differently; `None` for the others.
    fn partizan(&self) -> Option<&dyn crate::partizan::DynPartizan>;

    /// The game itself, for the crate that defined it to recognise its own types
    /// (a crate's fast path: the board games' numbered tables). Wrappers give
    /// their inner game's.
    fn as_any(&self) -> &dyn std::any::Any;

    /// How the game numbers its positions for a table file: level by level (the
    /// dense solver, resumable), every position at once (retrograde analysis), or
    /// [`Numbering::None`] (a table lists the positions reachable from a start).
    /// `build`, `merge` and `solve --db` ask this, never the game's name.
    fn numbering(&self) -> Numbering<'_>;

    /// How heap games compute nim-values from now on: naive, sparse space, or
    /// chosen as the run goes (the default). The values are the same; only the
    /// time differs. Games without a heap engine ignore it.
    fn set_heap_method(&mut self, method: grundy_octal::Method);
}

/// How a game numbers its positions (see [`DynGame::numbering`]).
#[derive(Clone, Copy)]
pub enum Numbering<'a> {
    /// Acyclic, level by level: the dense level-by-level solver, with checkpoints.
    Levelled(&'a dyn crate::solve::Levelled),
    /// Every position numbered, loops allowed: retrograde analysis.
    Indexed(&'a dyn crate::solve::Indexed),
    /// No numbering of its own: a table lists the positions reachable from a start.
    None,
}

impl Numbering<'_> {
    /// True when the game numbers its own positions.
    pub fn is_some(&self) -> bool {
        !matches!(self, Numbering::None)
    }
}

/// A game that is another game under a new name or start (a game file, say).
///
/// The one blanket implementation of [`DynGame`] for wrappers forwards every
/// capability to [`Wrapper::inner`], so no wrapper can drop one.
pub trait Wrapper: Send + Sync {
    /// The wrapped game.
    fn inner(&self) -> &dyn DynGame;
    /// The wrapped game, to set its heap method.
    fn inner_mut(&mut self) -> &mut dyn DynGame;
    /// The wrapper's name.
    fn name(&self) -> String;
    /// The wrapper's start.
    fn start(&self) -> Option<DynPosition>;
}

impl<W: Wrapper> DynGame for W {
    fn name(&self) -> String {
        Wrapper::name(self)
    }
    fn is_impartial(&self) -> bool {
        self.inner().is_impartial()
    }
    fn start(&self) -> Option<DynPosition> {
        Wrapper::start(self)
    }
    fn check(&self, p: &DynPosition) -> Result<(), GameError> {
        self.inner().check(p)
    }
    fn show(&self, p: &DynPosition) -> String {
        self.inner().show(p)
    }
    fn board(&self, p: &DynPosition) -> Option<Board> {
        self.inner().board(p)
    }
    fn read_move(&self, p: &DynPosition, word: &str) -> MoveWord {
        self.inner().read_move(p, word)
    }
    fn name_move(&self, from: &DynPosition, to: &DynPosition) -> Option<String> {
        self.inner().name_move(from, to)
    }
    fn options(&self, p: &DynPosition, budget: &Budget) -> Result<Vec<DynPosition>, GameError> {
        self.inner().options(p, budget)
    }
    fn analyze(&self, p: &DynPosition, play: Play, budget: &Budget) -> Result<Analysis, GameError> {
        self.inner().analyze(p, play, budget)
    }
    fn outcome(&self, p: &DynPosition, play: Play, budget: &Budget) -> Result<Outcome, GameError> {
        self.inner().outcome(p, play, budget)
    }
    fn period(&self, budget: &Budget) -> Option<Result<Option<Period>, GameError>> {
        self.inner().period(budget)
    }
    fn moves(&self, p: &DynPosition, play: Play, budget: &Budget) -> Result<Vec<MoveInfo>, GameError> {
        self.inner().moves(p, play, budget)
    }
    fn heap_values(&self, from: u64, to: u64, budget: &Budget) -> Result<Vec<HeapValue>, GameError> {
        self.inner().heap_values(from, to, budget)
    }
    fn heap_sequence(&self) -> Option<HeapSequence> {
        self.inner().heap_sequence()
    }
    fn capabilities(&self) -> Capabilities {
        self.inner().capabilities()
    }
    fn parse_position(&self, text: &str) -> Result<DynPosition, GameError> {
        if text.trim() == "start" {
            let p = Wrapper::start(self).ok_or_else(|| {
                GameError::position(
                    Wrapper::name(self),
                    text,
                    "this game has no natural start; give the position",
                )
            })?;
            self.inner().check(&p)?;
            return Ok(p);
        }
        self.inner().parse_position(text)
    }
    fn partizan(&self) -> Option<&dyn crate::partizan::DynPartizan> {
        self.inner().partizan()
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self.inner().as_any()
    }
    fn numbering(&self) -> Numbering<'_> {
        self.inner().numbering()
    }
    fn set_heap_method(&mut self, method: grundy_octal::Method) {
        self.inner_mut().set_heap_method(method)
    }
}
