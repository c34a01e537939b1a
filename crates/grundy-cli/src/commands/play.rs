//! `grundy play GAME POSITION [--first human|engine] [--misere]`: a perfect opponent.
//!
//! In a terminal: the position and the numbered moves, line editing and history
//! (rustyline). Through a pipe: moves are read line by line and a plain transcript is
//! printed, one line per move (`human: POS`, `engine: POS`), ending with
//! `winner: human`, `winner: engine` or `winner: none`, so sessions can be scripted.
//!
//! The engine plays perfectly ([`grundy::explain::best_move`]): the fastest win
//! from a winning position, the slowest loss from a losing one, a drawing move in a
//! draw. Everything is printed here, as it happens; `run` returns an empty string.

use std::io::{BufRead, IsTerminal, Write};

use anyhow::Result;
use clap::ValueEnum;
use grundy::dynamic::{DynGame, DynPosition, MoveInfo};
use grundy::explain::{best_move, options_with_values};
use grundy::{Outcome, Play};

use crate::load;

/// Play a game against the engine.
#[derive(clap::Args)]
pub struct Args {
    /// The game: a built-in GAME (see below).
    pub game: String,
    /// The starting position (see below).
    #[arg(allow_hyphen_values = true)]
    pub position: String,
    /// Who moves first.
    #[arg(long, value_enum, default_value_t = Player::Human)]
    pub first: Player,
    /// Misère play: a player with no move wins.
    #[arg(long)]
    pub misere: bool,
    /// Your side in a partizan game (default: left).
    #[arg(long = "as", value_enum, value_name = "SIDE")]
    pub side: Option<super::First>,
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
type a move: its number from the list (or #N), or the position it leaves
  (a number that is both a legal position and a move number means the position)
commands:
  moves   list the legal moves
  hint    show a winning move, if there is one
  undo    take back your last move and the engine's reply
  help    this text
  quit    stop the game";

/// Moves listed before the prompt in a terminal; `moves` lists them all.
const SHOWN_MOVES: usize = 30;

/// Run it.
pub fn run(args: Args) -> Result<String> {
    let game = load::game(&args.game)?;
    let start = game.parse_position(&args.position)?;
    // A partizan game is played on positions that carry the side to move.
    let (game, start) = match game.partizan() {
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
        play: super::play(args.misere),
        position: start,
        turn: args.first,
        history: Vec::new(),
        interactive,
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
    play: Play,
    position: DynPosition,
    turn: Player,
    /// Each move: the position before it and who made it.
    history: Vec<(DynPosition, Player)>,
    interactive: bool,
}

impl Session<'_> {
    fn show(&self, p: &DynPosition) -> String {
        self.game.show(p)
    }

    fn run<W: Write>(&mut self, input: &mut dyn Input, out: &mut Out<W>) -> Result<()> {
        if self.interactive {
            out.say(format!(
                "{} from {}: {} first. Type a move number or the position you move to; 'help' for commands.",
                self.game.name(),
                self.show(&self.position),
                if self.turn == Player::Human {
                    "you move"
                } else {
                    "the engine moves"
                }
            ));
        } else {
            out.say(format!("game: {}", self.game.name()));
            out.say(format!("start: {}", self.show(&self.position)));
            out.say(format!("first: {}", self.turn.name()));
        }
        let mut listed = false;
        loop {
            if out.closed {
                return Ok(());
            }
            // Big positions: outcomes only (see `options_with_values`).
            let searchable = match self.game.analyze(&self.position, self.play) {
                Ok(a) => a.remoteness.is_some(),
                Err(_) => true,
            };
            let moves = options_with_values(self.game, &self.position, self.play, searchable)?;
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
                self.list(&moves, SHOWN_MOVES, out);
                listed = true;
            }
            let Some(line) = input.read("your move> ")? else {
                out.say("end of input: the game was abandoned");
                return Ok(());
            };
            let line = line.trim();
            match line.to_ascii_lowercase().as_str() {
                "" => {}
                "help" | "?" => out.say(HELP),
                "quit" | "exit" | "q" => {
                    out.say("quit: the game was abandoned");
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
                    Err(message) => out.say(message),
                },
            }
        }
    }

    fn make<W: Write>(&mut self, to: DynPosition, out: &mut Out<W>) {
        out.say(format!("{}: {}", self.turn.name(), self.show(&to)));
        let before = std::mem::replace(&mut self.position, to);
        self.history.push((before, self.turn));
        self.turn = self.turn.other();
    }

    fn game_over<W: Write>(&self, out: &mut Out<W>) -> Result<()> {
        // The rule of the game (or of play) says who wins a position with no move.
        let outcome = match self.game.analyze(&self.position, self.play) {
            Ok(a) => a.outcome,
            Err(_) => self.play.no_move_outcome(),
        };
        let winner = match outcome {
            Outcome::Win => Some(self.turn),
            Outcome::Lose => Some(self.turn.other()),
            Outcome::Draw => None,
        };
        if self.interactive {
            out.say(format!(
                "\ngame over at {}: {}",
                self.show(&self.position),
                match winner {
                    Some(Player::Human) => "you win!",
                    Some(Player::Engine) => "the engine wins.",
                    None => "a draw.",
                }
            ));
        }
        out.say(format!("winner: {}", winner.map_or("none", Player::name)));
        Ok(())
    }

    fn list<W: Write>(&self, moves: &[MoveInfo], limit: usize, out: &mut Out<W>) {
        let mut s = format!("{}:", crate::render::count(moves.len() as u64, "move"));
        for (i, m) in moves.iter().enumerate().take(limit) {
            s.push_str(&format!("\n  {:>3}) {}", i + 1, self.show(&m.position)));
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
        let to = self.show(&m.position);
        let number = moves.iter().position(|x| x.position == m.position).unwrap_or(0) + 1;
        out.say(match m.outcome {
            Outcome::Lose => match m.remoteness {
                Some(r) => format!(
                    "hint: {to} (move {number}) wins, in {}",
                    crate::render::count(r + 1, "move")
                ),
                None => format!("hint: {to} (move {number}) wins"),
            },
            Outcome::Draw => format!("hint: no winning move; {to} (move {number}) keeps the draw"),
            Outcome::Win => "hint: no winning move (every move loses against perfect play)".into(),
        });
    }

    fn undo<W: Write>(&mut self, out: &mut Out<W>) {
        let Some(last_human) = self.history.iter().rposition(|(_, by)| *by == Player::Human) else {
            out.say("undo: nothing to undo");
            return;
        };
        let (before, _) = self.history[last_human].clone();
        self.history.truncate(last_human);
        self.position = before;
        self.turn = Player::Human;
        out.say(format!("undo: back to {}", self.show(&self.position)));
    }

    /// The move a line names: `#N`, a position, or a move number.
    fn resolve(&self, line: &str, moves: &[MoveInfo]) -> Result<DynPosition, String> {
        let by_number = |n: usize| {
            if (1..=moves.len()).contains(&n) {
                Ok(moves[n - 1].position.clone())
            } else {
                Err(format!(
                    "no move number {n}: the moves are numbered 1 to {}",
                    moves.len()
                ))
            }
        };
        if let Some(rest) = line.strip_prefix('#') {
            return match rest.trim().parse::<usize>() {
                Ok(n) => by_number(n),
                Err(_) => Err(format!("'{line}' is not a move number")),
            };
        }
        let parsed = self.game.parse_position(line);
        if let Ok(p) = &parsed {
            if let Some(m) = moves.iter().find(|m| &m.position == p) {
                return Ok(m.position.clone());
            }
        }
        if let Ok(n) = line.parse::<usize>() {
            if (1..=moves.len()).contains(&n) {
                return by_number(n);
            }
        }
        Err(match parsed {
            Ok(p) => format!(
                "illegal move: {} cannot be reached from {} in one move (type 'moves' for the list)",
                self.show(&p),
                self.show(&self.position)
            ),
            Err(e) => format!("not a move: {e}; type a move number, a position, or 'help'"),
        })
    }
}
