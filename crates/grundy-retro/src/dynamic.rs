//! The games of this crate behind the dynamic seam, answered from a solved table.

use std::path::Path;
use std::sync::{Arc, OnceLock};

use grundy::dynamic::{
    not_a_heap_game, Analysis, Board, Capabilities, DynGame, DynPosition, HeapSequence, HeapValue, MoveInfo,
    MoveWord, NoRemoteness, Period,
};
use grundy::{GameError, Outcome, Play};

use crate::table::Progress;
use crate::{retrograde_parallel, DenseOptions, Indexed, RetroError, Table};

/// An indexed game that can be solved into a [`Table`] and answered from one.
pub trait TableGame: Send + Sync {
    /// The game in GAME syntax (also the name stored in its tables).
    fn name(&self) -> String;
    /// How many indices its table has.
    fn size(&self) -> u64;
    /// The starting position.
    fn start(&self) -> DynPosition;
    /// Read POSITION text (or `start`).
    fn parse_position(&self, text: &str) -> Result<DynPosition, GameError>;
    /// The index of a position.
    fn index(&self, p: &DynPosition) -> Result<u64, GameError>;
    /// The positions one move away (none when the game is over).
    fn options(&self, p: &DynPosition) -> Result<Vec<DynPosition>, GameError>;
    /// The position in POSITION syntax.
    fn show(&self, p: &DynPosition) -> String {
        p.to_string()
    }
    /// The position drawn as a grid (see [`DynGame::board`]).
    fn board(&self, _p: &DynPosition) -> Option<Board> {
        None
    }
    /// A move typed in the game's own words (see [`DynGame::read_move`]).
    fn read_move(&self, _p: &DynPosition, _word: &str) -> MoveWord {
        MoveWord::NotAWord
    }
    /// A move in the game's own words (see [`DynGame::name_move`]).
    fn name_move(&self, _from: &DynPosition, _to: &DynPosition) -> Option<String> {
        None
    }
    /// Solve every position into a table (all cores when `options.parallel`).
    fn solve(&self, options: DenseOptions, progress: &mut dyn FnMut(Progress)) -> Result<Table, RetroError>;
    /// Solve into a table file (atomically; with checkpoints where the solver has levels).
    fn build(
        &self,
        path: &Path,
        options: DenseOptions,
        resume: bool,
        progress: &mut dyn FnMut(Progress),
    ) -> Result<Table, RetroError> {
        let _ = resume;
        let table = self.solve(options, progress)?.with_name(self.name());
        table.write(path)?;
        Ok(table)
    }
    /// How the table was made, in words.
    fn method(&self) -> &'static str;
    /// The numbering [`TableGame::build`] solves, for solvers outside this crate
    /// (the distributed builder of `grundy-dist`), so that they solve the same
    /// positions the same way.
    fn numbering(&self) -> Numbering<'_> {
        Numbering::None
    }
}

/// How a [`TableGame`] numbers its positions: the seam's own type
/// ([`grundy::dynamic::DynGame::numbering`]), which [`Solved`] answers with it.
pub use grundy::dynamic::Numbering;

pub(crate) fn bad(game: impl Into<String>, text: &str, m: impl Into<String>) -> GameError {
    GameError::position(game, text, m)
}

/// How [`retro_solve`]'s tables are made, in words ([`TableGame::method`]).
pub(crate) const RETROGRADE_METHOD: &str =
    "retrograde analysis of every position (draws are positions never resolved)";

/// Retrograde analysis of every position of a numbered game, as a table.
pub(crate) fn retro_solve(
    game: &impl Indexed,
    options: DenseOptions,
    progress: &mut dyn FnMut(Progress),
) -> Result<Table, RetroError> {
    // One word per position while it is solved (its count of options, then its
    // remoteness), beside the table itself: refused up front, not aborted.
    let words = u128::from(game.size()) * 8;
    crate::memory::admit(
        game.size(),
        words + crate::dense_table_bytes(game.size(), options.remoteness),
        options.max_memory,
    )?;
    let s = if options.parallel {
        retrograde_parallel(game)?
    } else {
        crate::retrograde(game)?
    };
    progress(Progress {
        done: game.size(),
        total: game.size(),
        levels: (1, 1),
        resumed: false,
    });
    Table::from_solution("", &s, options.remoteness)
}

/// The numbered game behind a run-time game, when it is one of this crate's (also
/// through a game file's wrapper).
pub fn table_game(game: &dyn DynGame) -> Option<Arc<dyn TableGame>> {
    if !game.numbering().is_some() {
        return None;
    }
    game.as_any().downcast_ref::<Solved>().map(Solved::table_game)
}

/// A [`TableGame`] behind the dynamic seam: solved once on first use (or given a table).
pub struct Solved {
    game: Arc<dyn TableGame>,
    /// Solved on the first call that finds it within its budget; a call that
    /// runs out leaves it unsolved, for a later call with a larger budget.
    table: OnceLock<Table>,
    method: Option<String>,
}

impl Solved {
    /// Wrap a game; it is solved (on all cores) the first time a value is asked.
    pub fn new(game: Box<dyn TableGame>) -> Solved {
        Solved {
            game: Arc::from(game),
            table: OnceLock::new(),
            method: None,
        }
    }

    /// A game answered from its table, already solved; `method` says where the
    /// table came from.
    pub(crate) fn answering(game: Arc<dyn TableGame>, table: Table, method: Option<String>) -> Solved {
        Solved {
            game,
            table: OnceLock::from(table),
            method,
        }
    }

    /// The game with its numbering: what `build` writes into a table file.
    pub fn table_game(&self) -> Arc<dyn TableGame> {
        Arc::clone(&self.game)
    }

    fn table(&self, budget: &grundy::Budget) -> Result<&Table, GameError> {
        if let Some(t) = self.table.get() {
            return Ok(t);
        }
        // A table holds every position of the game: a user's (or a server's)
        // limit on positions refuses it up front, not after minutes of work.
        if let Some(max) = budget.max_positions {
            budget.check_positions(
                self.game.size(),
                max,
                format!("the table of every position of {}", self.game.name()),
            )?;
        }
        budget
            .cancel
            .check(|| format!("the table of {}", self.game.name()))?;
        let solved = grundy::solve::on_threads(budget, || {
            // Reported to whoever observes the calling thread (the shell's progress bar).
            let mut report = |p: Progress| grundy::solve::progress::report(p.done, p.total);
            self.game.solve(DenseOptions::within(budget), &mut report)
        })?;
        Ok(self.table.get_or_init(|| solved))
    }

    /// Outcome, remoteness, and why the remoteness is missing when it is.
    fn value(
        &self,
        p: &DynPosition,
        budget: &grundy::Budget,
    ) -> Result<(Outcome, Option<u64>, Option<NoRemoteness>), GameError> {
        let t = self.table(budget)?;
        let i = self.game.index(p)?;
        let o = t
            .outcome(i)
            .ok_or_else(|| bad(self.game.name(), &p.to_string(), "not a position of this game"))?;
        Ok(match t.remoteness_or_why(i) {
            Ok(r) => (o, Some(r), None),
            Err(why) => (o, None, why),
        })
    }

    fn normal(&self, play: Play) -> Result<(), GameError> {
        match play {
            Play::Normal => Ok(()),
            Play::Misere => Err(GameError::Unsupported(format!(
                "{} has its own rules for the end of the game; --misere does not apply",
                self.game.name()
            ))),
        }
    }
}

impl DynGame for Solved {
    fn name(&self) -> String {
        self.game.name()
    }
    fn is_impartial(&self) -> bool {
        false
    }
    fn start(&self) -> Option<DynPosition> {
        Some(self.game.start())
    }
    fn check(&self, p: &DynPosition) -> Result<(), GameError> {
        self.game.index(p).map(|_| ())
    }
    fn show(&self, p: &DynPosition) -> String {
        self.game.show(p)
    }
    fn board(&self, p: &DynPosition) -> Option<Board> {
        self.game.board(p)
    }
    fn read_move(&self, p: &DynPosition, word: &str) -> MoveWord {
        self.game.read_move(p, word)
    }
    fn name_move(&self, from: &DynPosition, to: &DynPosition) -> Option<String> {
        self.game.name_move(from, to)
    }
    fn parse_position(&self, text: &str) -> Result<DynPosition, GameError> {
        self.game.parse_position(text)
    }
    fn options(&self, p: &DynPosition, _budget: &grundy::Budget) -> Result<Vec<DynPosition>, GameError> {
        self.game.options(p)
    }
    fn analyze(&self, p: &DynPosition, play: Play, budget: &grundy::Budget) -> Result<Analysis, GameError> {
        self.normal(play)?;
        let (outcome, remoteness, remoteness_note) = self.value(p, budget)?;
        let mut winning_moves = Vec::new();
        for o in self.game.options(p)? {
            if self.value(&o, budget)?.0 == Outcome::Lose {
                winning_moves.push(o);
            }
        }
        Ok(Analysis {
            outcome,
            remoteness,
            remoteness_note,
            nimber: None,
            winning_moves,
            winning_moves_note: None,
            method: self
                .method
                .clone()
                .unwrap_or_else(|| self.game.method().to_string()),
        })
    }
    fn moves(
        &self,
        p: &DynPosition,
        play: Play,
        budget: &grundy::Budget,
    ) -> Result<Vec<MoveInfo>, GameError> {
        self.normal(play)?;
        self.game
            .options(p)?
            .into_iter()
            .map(|o| {
                let (outcome, remoteness, remoteness_note) = self.value(&o, budget)?;
                Ok(MoveInfo {
                    position: o,
                    outcome,
                    nimber: None,
                    remoteness,
                    remoteness_note,
                })
            })
            .collect()
    }
    fn outcome(&self, p: &DynPosition, play: Play, budget: &grundy::Budget) -> Result<Outcome, GameError> {
        self.normal(play)?;
        Ok(self.value(p, budget)?.0)
    }
    fn period(&self, _budget: &grundy::Budget) -> Option<Result<Option<Period>, GameError>> {
        None
    }
    fn heap_values(
        &self,
        _from: u64,
        _to: u64,
        _budget: &grundy::Budget,
    ) -> Result<Vec<HeapValue>, GameError> {
        Err(not_a_heap_game(&self.name()))
    }
    fn heap_sequence(&self) -> Option<HeapSequence> {
        None
    }
    fn partizan(&self) -> Option<&dyn grundy::partizan::DynPartizan> {
        None
    }
    fn capabilities(&self) -> Capabilities {
        Capabilities::default()
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
    fn numbering(&self) -> Numbering<'_> {
        self.game.numbering()
    }
    fn set_heap_method(&mut self, _method: grundy::Method) {}
}
