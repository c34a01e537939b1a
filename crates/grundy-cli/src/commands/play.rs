//! `grundy play GAME [POSITION] [--first human|engine] [--misere]`: a perfect opponent.
//!
//! In a terminal: the position (a board game's board, in colour), the numbered
//! moves, line editing and history (rustyline). Through a pipe: moves are read line
//! by line and a plain transcript is printed, one line per move: who moved, the
//! move in the game's words when it has them, and the position it left
//! (`human: take 3 -> 4`, `engine: column 2 -> 1212`; `engine: POS` for a game
//! that does not name its moves), a board game's board indented below, ending with
//! `winner: human`, `winner: engine` or `winner: none`, so sessions can be scripted.
//!
//! A move is typed in the game's own words (a Connect Four column `3`, a
//! tic-tac-toe cell `b2` or `5`, `take 3` or `2:3` from heaps: the seam's
//! `read_move` and `name_move`), as the position it leaves, or as `#N` for item N
//! of the list. A bare number is never a list pick; an entry that names no move,
//! or more than one, is refused with one line and the prompt comes back.
//!
//! The engine plays perfectly ([`grundy::explain::best_move`]): the fastest win
//! from a winning position, the slowest loss from a losing one, a drawing move in a
//! draw. Everything is printed here, as it happens; `run` returns an empty string.

use grundy::Budget;
use std::io::{BufRead, IsTerminal, Write};

use anyhow::Result;
use clap::ValueEnum;
use grundy::dynamic::{DynGame, DynPosition, MoveInfo, MoveWord};
use grundy::explain::{best_move, options_with_values};
use grundy::partizan::DynPartizan;
use grundy::{GameError, Outcome, Play};
use grundy_api::PlayEvent;

use crate::load;

/// Play a game against the engine.
#[derive(clap::Args)]
pub struct Args {
    /// The game: a built-in GAME (see below).
    pub game: String,
    /// The starting position (see below); the game's start when left out.
    #[arg(allow_hyphen_values = true)]
    pub position: Option<String>,
    /// Who moves first.
    #[arg(long, value_enum, default_value_t = Player::Human)]
    pub first: Player,
    /// Misère play: a player with no move wins.
    #[arg(long)]
    pub misere: bool,
    /// Your side in a partizan game (default: left).
    #[arg(long = "as", value_enum, value_name = "SIDE")]
    pub side: Option<super::First>,
    /// The transcript as JSON lines, one event each: `start`, `move` (player,
    /// move name, position), `moves`, `hint`, `undo`, `error` and `end`
    /// (winner), for a program that plays through a pipe.
    #[arg(long)]
    pub json: bool,
}

/// A side of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Player {
    /// You.
    Human,
    /// The perfect opponent.
    Engine,
}

impl Player {
    fn other(self) -> Player {
        match self {
            Player::Human => Player::Engine,
            Player::Engine => Player::Human,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Player::Human => "human",
            Player::Engine => "engine",
        }
    }
}

const HELP: &str = "\
type a move: in the game's words (a column 3, a cell b2, take 3, 2:3 = take 3 from
  heap 2), as the position it leaves (=POSITION to mean only that), or #N for
  move N of the list (a bare number is never a list pick)
commands:
  moves   list the legal moves
  hint    show a winning move, if there is one
  undo    take back your last move and the engine's reply
  help    this text
  quit    stop the game";

/// Moves listed before the prompt in a terminal; `moves` lists them all.
const SHOWN_MOVES: usize = 30;

/// Run it.
pub fn run(args: Args, budget: &Budget) -> Result<String> {
    let game = load::game(&args.game, budget)?;
    let start = match &args.position {
        Some(text) => game.parse_position(text)?,
        None => match game.start() {
            Some(_) => game.parse_position("start")?,
            None => anyhow::bail!(
                "{} has no natural start: give a POSITION (grundy play GAME POSITION)",
                game.name()
            ),
        },
    };
    // A partizan game is played on positions that carry the side to move.
    let partizan = game.partizan();
    let (game, start) = match partizan {
        Some(partizan) => {
            let human = super::First::side(args.side);
            let first = match args.first {
                Player::Human => human,
                Player::Engine => human.other(),
            };
            (partizan.played(), partizan.with_side(&start, first)?)
        }
        None if args.side.is_some() => anyhow::bail!(
            "--as is for partizan games (Left and Right with different moves); {} is not one",
            game.name()
        ),
        None => (game.as_ref(), start),
    };
    let interactive = std::io::stdin().is_terminal();
    let mut input: Box<dyn Input> = if interactive {
        Box::new(Terminal(rustyline::DefaultEditor::new()?))
    } else {
        Box::new(Piped(std::io::stdin().lock()))
    };
    let stdout = std::io::stdout();
    let mut out = Out {
        w: stdout.lock(),
        closed: false,
    };
    let mut session = Session {
        game,
        budget,
        partizan,
        play: super::play(args.misere),
        position: start,
        turn: args.first,
        history: Vec::new(),
        interactive: interactive && !args.json,
        json: args.json,
    };
    session.run(input.as_mut(), &mut out)?;
    Ok(String::new())
}

/// Where moves come from.
trait Input {
    /// The next line, `None` at the end of input.
    fn read(&mut self, prompt: &str) -> Result<Option<String>>;
}

struct Terminal(rustyline::DefaultEditor);

impl Input for Terminal {
    fn read(&mut self, prompt: &str) -> Result<Option<String>> {
        use rustyline::error::ReadlineError;
        match self.0.readline(prompt) {
            Ok(line) => {
                if !line.trim().is_empty() {
                    let _ = self.0.add_history_entry(line.as_str());
                }
                Ok(Some(line))
            }
            Err(ReadlineError::Eof) => Ok(None),
            Err(ReadlineError::Interrupted) => Ok(Some("quit".into())),
            Err(e) => Err(e.into()),
        }
    }
}

struct Piped<R>(R);

impl<R: BufRead> Input for Piped<R> {
    fn read(&mut self, _prompt: &str) -> Result<Option<String>> {
        let mut buf = Vec::new();
        if self.0.read_until(b'\n', &mut buf)? == 0 {
            return Ok(None);
        }
        // Bytes that are not UTF-8 are shown, not fatal: they make an illegal move.
        Ok(Some(String::from_utf8_lossy(&buf).into_owned()))
    }
}

/// Standard output; a closed pipe ends the session quietly.
struct Out<W: Write> {
    w: W,
    closed: bool,
}

impl<W: Write> Out<W> {
    fn say(&mut self, text: impl AsRef<str>) {
        if self.closed {
            return;
        }
        let ok = writeln!(self.w, "{}", text.as_ref()).and_then(|_| self.w.flush());
        if ok.is_err() {
            self.closed = true;
        }
    }
}

struct Session<'g> {
    game: &'g dyn DynGame,
    budget: &'g Budget,
    /// The partizan game `game` is the play of: its moves come from it, so that
    /// where the memoized search is out of reach the outcome search that
    /// `solve` uses gives their outcomes.
    partizan: Option<&'g dyn DynPartizan>,
    play: Play,
    position: DynPosition,
    turn: Player,
    /// Each move: the position before it and who made it.
    history: Vec<(DynPosition, Player)>,
    interactive: bool,
    /// JSON lines instead of text (`--json`).
    json: bool,
}

impl Session<'_> {
    /// The moves from the position with their outcomes.
    fn moves(&self) -> Result<Vec<MoveInfo>> {
        // Big positions: outcomes only (see `options_with_values`).
        let searchable = match self.game.analyze(&self.position, self.play, self.budget) {
            Ok(a) => a.remoteness.is_some(),
            Err(_) => true,
        };
        match (
            options_with_values(self.game, &self.position, self.play, searchable, self.budget),
            self.partizan,
        ) {
            // Beyond the memoized search of play, a partizan game's moves get
            // their outcomes from the outcome search, as `solve` answers.
            (Err(GameError::OverBudget(_)), Some(partizan)) => Ok(grundy_api::played_moves(
                partizan,
                &self.position,
                self.play,
                self.budget,
            )?),
            (moves, _) => Ok(moves?),
        }
    }

    fn show(&self, p: &DynPosition) -> String {
        crate::render::inline(self.game, p)
    }

    /// One event of the JSON transcript.
    fn event<W: Write>(&self, out: &mut Out<W>, event: PlayEvent) {
        out.say(crate::render::json_line(&event.json()).trim_end());
    }

    /// The game ends without a winner (`why`: "quit", "end of input").
    fn abandon<W: Write>(&self, out: &mut Out<W>, why: &'static str) {
        if self.json {
            self.event(out, PlayEvent::Abandoned { why });
        } else {
            out.say(format!("{why}: the game was abandoned"));
        }
    }

    /// The board of `p`, indented, when the game draws one.
    fn board<W: Write>(&self, p: &DynPosition, out: &mut Out<W>) {
        if self.json {
            return;
        }
        if let Some(lines) = crate::board::drawing(self.game, p) {
            out.say(
                lines
                    .iter()
                    .map(|l| format!("  {l}"))
                    .collect::<Vec<_>>()
                    .join("\n"),
            );
        }
    }

    fn run<W: Write>(&mut self, input: &mut dyn Input, out: &mut Out<W>) -> Result<()> {
        if self.interactive {
            out.say(format!(
                "{} from {}: {} first. Type a move (its name, the position it leaves, or #N from the list); 'help' for commands.",
                self.game.name(),
                self.show(&self.position),
                if self.turn == Player::Human {
                    "you move"
                } else {
                    "the engine moves"
                }
            ));
        } else if self.json {
            let start = PlayEvent::Start {
                game: self.game.name(),
                position: self.show(&self.position),
                first: self.turn.name(),
            };
            self.event(out, start);
        } else {
            out.say(format!("game: {}", self.game.name()));
            out.say(format!("start: {}", self.show(&self.position)));
            out.say(format!("first: {}", self.turn.name()));
            self.board(&self.position, out);
        }
        let mut listed = false;
        loop {
            if out.closed {
                return Ok(());
            }
            // Two moves that leave the same position are one move to pick.
            let moves = grundy_api::distinct(self.moves()?);
            if moves.is_empty() {
                self.game_over(out)?;
                return Ok(());
            }
            if self.turn == Player::Engine {
                let m = best_move(&moves).expect("there is a move").position.clone();
                self.make(m, out);
                listed = false;
                continue;
            }
            if self.interactive && !listed {
                out.say(format!("\nposition: {}", self.show(&self.position)));
                self.board(&self.position, out);
                self.list(&moves, SHOWN_MOVES, out);
                listed = true;
            }
            let Some(line) = input.read("your move> ")? else {
                self.abandon(out, "end of input");
                return Ok(());
            };
            let line = line.trim();
            match line.to_ascii_lowercase().as_str() {
                "" => {}
                "help" | "?" if self.json => self.event(out, PlayEvent::Help { text: HELP.into() }),
                "help" | "?" => out.say(HELP),
                "quit" | "exit" | "q" => {
                    self.abandon(out, "quit");
                    return Ok(());
                }
                "moves" | "list" => self.list(&moves, usize::MAX, out),
                "hint" => self.hint(&moves, out),
                "undo" => {
                    self.undo(out);
                    listed = false;
                }
                _ => match self.resolve(line, &moves) {
                    Ok(m) => {
                        self.make(m, out);
                        listed = false;
                    }
                    Err(message) if self.json => self.event(out, PlayEvent::Error { message }),
                    Err(message) => out.say(message),
                },
            }
        }
    }

    fn make<W: Write>(&mut self, to: DynPosition, out: &mut Out<W>) {
        let name = self.game.name_move(&self.position, &to);
        if self.json {
            let made = PlayEvent::Move {
                player: self.turn.name(),
                name,
                position: self.show(&to),
            };
            self.event(out, made);
        } else {
            out.say(move_line(self.turn, name.as_deref(), &self.show(&to)));
        }
        // In a terminal the board is drawn with the next list of moves.
        if !self.interactive {
            self.board(&to, out);
        }
        let before = std::mem::replace(&mut self.position, to);
        self.history.push((before, self.turn));
        self.turn = self.turn.other();
    }

    fn game_over<W: Write>(&self, out: &mut Out<W>) -> Result<()> {
        // The rule of the game (or of play) says who wins a position with no move.
        let outcome = match self.game.analyze(&self.position, self.play, self.budget) {
            Ok(a) => a.outcome,
            Err(_) => self.play.no_move_outcome(),
        };
        let winner = match outcome {
            Outcome::Win => Some(self.turn),
            Outcome::Lose => Some(self.turn.other()),
            Outcome::Draw => None,
        };
        if self.interactive {
            out.say(format!("\nposition: {}", self.show(&self.position)));
            self.board(&self.position, out);
            out.say(game_over_line(&self.show(&self.position), winner));
        }
        if self.json {
            let end = PlayEvent::End {
                winner: winner.map(Player::name),
                position: self.show(&self.position),
            };
            self.event(out, end);
        } else {
            out.say(format!("winner: {}", winner.map_or("none", Player::name)));
        }
        Ok(())
    }

    fn list<W: Write>(&self, moves: &[MoveInfo], limit: usize, out: &mut Out<W>) {
        if self.json {
            self.event(out, PlayEvent::moves(self.game, &self.position, moves));
            return;
        }
        let mut s = format!("{}:", crate::render::count(moves.len() as u64, "move"));
        let shown: Vec<(String, Option<String>)> = moves
            .iter()
            .take(limit)
            .map(|m| {
                (
                    self.show(&m.position),
                    self.game.name_move(&self.position, &m.position),
                )
            })
            .collect();
        let word_width = shown
            .iter()
            .filter_map(|(_, w)| w.as_ref())
            .map(|w| w.chars().count())
            .max();
        for (i, (position, word)) in shown.iter().enumerate() {
            let number = format!("#{}", i + 1);
            s.push_str(&match (word, word_width) {
                (Some(word), Some(w)) => {
                    format!("\n  {number:>4}  {}  -> {position}", crate::render::pad(word, w))
                }
                _ => format!("\n  {number:>4}  {position}"),
            });
        }
        if moves.len() > limit {
            s.push_str(&format!(
                "\n  ... and {} more (type 'moves' for all)",
                moves.len() - limit
            ));
        }
        out.say(s);
    }

    fn hint<W: Write>(&self, moves: &[MoveInfo], out: &mut Out<W>) {
        let Some(m) = best_move(moves) else {
            out.say("hint: no move");
            return;
        };
        if self.json {
            let hint = PlayEvent::Hint {
                name: self.game.name_move(&self.position, &m.position),
                position: self.show(&m.position),
                wins: m.outcome == Outcome::Lose,
            };
            self.event(out, hint);
            return;
        }
        let number = moves.iter().position(|x| x.position == m.position).unwrap_or(0) + 1;
        let to = match self.game.name_move(&self.position, &m.position) {
            Some(word) => format!("{word} (#{number}, to {})", self.show(&m.position)),
            None => format!("{} (#{number})", self.show(&m.position)),
        };
        out.say(match m.outcome {
            Outcome::Lose => match m.remoteness {
                Some(r) => format!("hint: {to} wins, in {}", crate::render::count(r + 1, "move")),
                None => format!("hint: {to} wins"),
            },
            Outcome::Draw => format!("hint: no winning move; {to} keeps the draw"),
            Outcome::Win => "hint: no winning move (every move loses against perfect play)".into(),
        });
    }

    fn undo<W: Write>(&mut self, out: &mut Out<W>) {
        let Some(last_human) = self.history.iter().rposition(|(_, by)| *by == Player::Human) else {
            let message = "undo: nothing to undo".to_string();
            if self.json {
                self.event(out, PlayEvent::Error { message });
            } else {
                out.say(message);
            }
            return;
        };
        let (before, _) = self.history[last_human].clone();
        self.history.truncate(last_human);
        self.position = before;
        self.turn = Player::Human;
        if self.json {
            let position = self.show(&self.position);
            self.event(out, PlayEvent::Undo { position });
        } else {
            out.say(format!("undo: back to {}", self.show(&self.position)));
        }
    }

    /// The move a line names: `#N` (item N of the list), `=POSITION`, or the
    /// move's name in the game's words or the position it leaves. Every reading
    /// that names a legal move is gathered: exactly one is played, none or several
    /// are refused with the reason.
    fn resolve(&self, line: &str, moves: &[MoveInfo]) -> Result<DynPosition, String> {
        if let Some(rest) = line.strip_prefix('#') {
            return match rest.trim().parse::<usize>() {
                Ok(n) if (1..=moves.len()).contains(&n) => Ok(moves[n - 1].position.clone()),
                Ok(n) => Err(format!(
                    "no move #{n}: the moves are numbered #1 to #{}",
                    moves.len()
                )),
                Err(_) => Err(format!("'{line}' is not a move number")),
            };
        }
        let legal = |p: &DynPosition| moves.iter().any(|m| &m.position == p);
        if let Some(rest) = line.strip_prefix('=') {
            return match self.game.parse_position(rest) {
                Ok(p) if legal(&p) => Ok(p),
                Ok(p) => Err(self.illegal(&p)),
                Err(e) => Err(format!("not a position: {e}")),
            };
        }
        let mut found: Vec<DynPosition> = Vec::new();
        let mut add = |p: &DynPosition| {
            if legal(p) && !found.contains(p) {
                found.push(p.clone());
            }
        };
        // The move's own name, as the list shows it.
        let typed = words(line);
        for m in moves {
            if self
                .game
                .name_move(&self.position, &m.position)
                .is_some_and(|w| words(&w) == typed)
            {
                add(&m.position);
            }
        }
        let mut wrong_word = None;
        let mut word_moves = Vec::new();
        match self.game.read_move(&self.position, line) {
            MoveWord::NotAWord => {}
            MoveWord::Moves(ps) => {
                ps.iter().for_each(&mut add);
                word_moves = ps;
            }
            MoveWord::Wrong(why) => wrong_word = Some(why),
        }
        let parsed = self.game.parse_position(line);
        if let Ok(p) = &parsed {
            add(p);
        }
        match found.len() {
            1 => return Ok(found.remove(0)),
            0 => {}
            _ => {
                let listed: Vec<String> = found.iter().map(|p| self.show(p)).collect();
                return Err(format!(
                    "'{line}' is ambiguous: it may leave {}; type the move's number (#N) or =POSITION",
                    listed.join(" or ")
                ));
            }
        }
        let bare_number = line
            .parse::<usize>()
            .is_ok_and(|n| (1..=moves.len()).contains(&n));
        let why = if let Some(why) = wrong_word {
            format!("not a move: {why}")
        } else if let Some(p) = word_moves.first() {
            self.illegal(p)
        } else {
            match parsed {
                Ok(p) => self.illegal(&p),
                Err(_) if line.parse::<usize>().is_ok() => format!("'{line}' names no move here"),
                Err(e) => format!("not a move: {e}; type a move, #N for move N of the list, or 'help'"),
            }
        };
        // A bare number is never a list pick: say how to pick, when it could be one.
        Err(if bare_number {
            format!("{why}; to pick move {line} from the list, type #{line}")
        } else {
            why
        })
    }

    fn illegal(&self, p: &DynPosition) -> String {
        format!(
            "illegal move: {} cannot be reached from {} in one move (type 'moves' for the list)",
            self.show(p),
            self.show(&self.position)
        )
    }
}

/// A line of the transcript: who moved, the move's name when the game names it,
/// and the position it left (`engine: column 2 -> 1212`, `human: 7`).
fn move_line(who: Player, name: Option<&str>, position: &str) -> String {
    let position = if position.is_empty() { "(empty)" } else { position };
    match name {
        Some(name) => format!("{}: {name} -> {position}", who.name()),
        None => format!("{}: {position}", who.name()),
    }
}

/// The last line in a terminal: the position with no move, and who won.
fn game_over_line(position: &str, winner: Option<Player>) -> String {
    let result = match winner {
        Some(Player::Human) => "you win!",
        Some(Player::Engine) => "the engine wins.",
        None => "a draw.",
    };
    if position.is_empty() {
        format!("game over, nothing is left to move: {result}")
    } else {
        format!("game over, no move from {position}: {result}")
    }
}

/// Text compared as a move's name: lower case, blanks collapsed.
fn words(text: &str) -> String {
    text.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transcript_lines_name_the_move() {
        assert_eq!(
            move_line(Player::Engine, Some("column 2"), "1212"),
            "engine: column 2 -> 1212"
        );
        assert_eq!(move_line(Player::Human, None, "7"), "human: 7");
        assert_eq!(
            move_line(Player::Human, Some("take 3"), ""),
            "human: take 3 -> (empty)"
        );
        // An empty position is not printed as nothing after "at".
        assert_eq!(
            game_over_line("", Some(Player::Engine)),
            "game over, nothing is left to move: the engine wins."
        );
        assert_eq!(
            game_over_line("0,0", None),
            "game over, no move from 0,0: a draw."
        );
    }
}
