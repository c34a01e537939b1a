//! The events of `grundy play --json`: a game against the engine as JSON lines,
//! one object an event, its kind in `event`, for a program that plays through a
//! pipe.

use grundy::dynamic::{DynGame, DynPosition, MoveInfo};
use grundy::Outcome;
use serde_json::{json, Value};

use crate::inline;

/// A move of a `moves` listing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListedMove {
    /// The move in the game's words, when it names its moves.
    pub name: Option<String>,
    /// The position it leaves, on one line.
    pub position: String,
    /// Its outcome for the player to move there (the opponent): `win`, `lose`, `draw`.
    pub outcome: &'static str,
    /// Its remoteness, when known.
    pub remoteness: Option<u64>,
    /// It wins for the player who makes it.
    pub wins: bool,
}

/// One event of `play --json`. Players are `human` and `engine`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayEvent {
    /// The game begins: `game`, `position`, `first` (who moves first).
    Start {
        /// The game's name.
        game: String,
        /// The starting position, on one line.
        position: String,
        /// Who moves first.
        first: &'static str,
    },
    /// A move was made: `player`, `move` (its name, or null), `position` (the one it leaves).
    Move {
        /// Who moved.
        player: &'static str,
        /// The move in the game's words, when it names its moves.
        name: Option<String>,
        /// The position it left, on one line.
        position: String,
    },
    /// The legal moves, asked for: `moves`, a list of `move`, `position`,
    /// `outcome`, `remoteness`, `wins`.
    Moves(Vec<ListedMove>),
    /// The engine's advice: `move`, `position`, `wins`.
    Hint {
        /// The move in the game's words, when it names its moves.
        name: Option<String>,
        /// The position it leaves.
        position: String,
        /// It wins for the player who makes it.
        wins: bool,
    },
    /// The human's last move and the engine's reply taken back: `position`.
    Undo {
        /// The position moved from again.
        position: String,
    },
    /// The commands: `text`.
    Help {
        /// The help text.
        text: String,
    },
    /// A line that names no move: `message`.
    Error {
        /// Why.
        message: String,
    },
    /// No move is left: `winner` (a player, or null for a draw) and `position`.
    End {
        /// Who won; `None` for a draw.
        winner: Option<&'static str>,
        /// The final position.
        position: String,
    },
    /// The game stops unfinished: `winner` null and `abandoned` (`quit`, `end of input`).
    Abandoned {
        /// Why it stopped.
        why: &'static str,
    },
}

impl PlayEvent {
    /// The listing of `moves` from `from` in `game`.
    pub fn moves(game: &dyn DynGame, from: &DynPosition, moves: &[MoveInfo]) -> PlayEvent {
        PlayEvent::Moves(
            moves
                .iter()
                .map(|m| ListedMove {
                    name: game.name_move(from, &m.position),
                    position: inline(game, &m.position),
                    outcome: m.outcome.as_str(),
                    remoteness: m.remoteness,
                    wins: m.outcome == Outcome::Lose,
                })
                .collect(),
        )
    }

    /// The event's kind, its `event` key.
    pub fn kind(&self) -> &'static str {
        match self {
            PlayEvent::Start { .. } => "start",
            PlayEvent::Move { .. } => "move",
            PlayEvent::Moves(_) => "moves",
            PlayEvent::Hint { .. } => "hint",
            PlayEvent::Undo { .. } => "undo",
            PlayEvent::Help { .. } => "help",
            PlayEvent::Error { .. } => "error",
            PlayEvent::End { .. } | PlayEvent::Abandoned { .. } => "end",
        }
    }

    /// The line `play --json` prints for it.
    pub fn json(&self) -> Value {
        let mut v = match self {
            PlayEvent::Start {
                game,
                position,
                first,
            } => {
                json!({"game": game, "position": position, "first": first})
            }
            PlayEvent::Move {
                player,
                name,
                position,
            } => {
                json!({"player": player, "move": name, "position": position})
            }
            PlayEvent::Moves(moves) => json!({
                "moves": moves.iter().map(|m| json!({
                    "move": m.name,
                    "position": m.position,
                    "outcome": m.outcome,
                    "remoteness": m.remoteness,
                    "wins": m.wins,
                })).collect::<Vec<_>>(),
            }),
            PlayEvent::Hint { name, position, wins } => {
                json!({"move": name, "position": position, "wins": wins})
            }
            PlayEvent::Undo { position } => json!({"position": position}),
            PlayEvent::Help { text } => json!({"text": text}),
            PlayEvent::Error { message } => json!({"message": message}),
            PlayEvent::End { winner, position } => json!({"winner": winner, "position": position}),
            PlayEvent::Abandoned { why } => json!({"winner": null, "abandoned": why}),
        };
        v["event"] = self.kind().into();
        v
    }
}
