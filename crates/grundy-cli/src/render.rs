//! Text and JSON output. Only the CLI knows about JSON.

use std::fmt::Write;

use grundy::dynamic::{Analysis, DynGame, DynPosition, HeapValue, MoveInfo};
use serde_json::{json, Value};

/// `n` and a noun, singular for 1: `count(1, "move")` is "1 move", `count(3, "move")`
/// "3 moves". Nouns whose plural is not `+s` are written in full by [`count_of`].
pub fn count(n: impl Into<u64>, noun: &str) -> String {
    count_of(n, noun, &format!("{noun}s"))
}

/// `n` and the singular or plural given: `count_of(1, "loss", "losses")`.
pub fn count_of(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A position on one line: the game's own drawing when it fits on one, else
/// POSITION syntax (lists, tables and JSON never break a line).
pub fn inline(game: &dyn DynGame, p: &DynPosition) -> String {
    let shown = game.show(p);
    if shown.contains('\n') {
        p.to_string()
    } else {
        shown
    }
}

/// A position in text output: [`inline`], and `(empty)` for the position with
/// nothing left (no heaps, an empty string), which would otherwise print as blank.
fn in_text(game: &dyn DynGame, p: &DynPosition) -> String {
    let shown = inline(game, p);
    if shown.is_empty() {
        "(empty)".to_string()
    } else {
        shown
    }
}

/// The `position:` line, with a board drawn below it when the game draws one.
pub fn position_line(s: &mut String, game: &dyn DynGame, p: &DynPosition) {
    let _ = writeln!(s, "position:      {}", in_text(game, p));
    board_lines(s, game, p, "               ");
}

/// The board of `p` (see [`crate::board::drawing`]), each line after `indent`.
pub fn board_lines(s: &mut String, game: &dyn DynGame, p: &DynPosition, indent: &str) {
    for line in crate::board::drawing(game, p).unwrap_or_default() {
        let _ = writeln!(s, "{indent}{line}");
    }
}

fn optional(x: Option<u64>) -> Value {
    x.map_or(Value::Null, Value::from)
}

/// `solve --json`: one object.
pub fn analysis_json(game: &dyn DynGame, p: &DynPosition, a: &Analysis) -> String {
    format!("{}\n", analysis_object(game, p, a))
}

fn analysis_object(game: &dyn DynGame, p: &DynPosition, a: &Analysis) -> Value {
    let moves: Vec<String> = a.winning_moves.iter().map(|m| inline(game, m)).collect();
    let mut v = json!({
        "game": game.name(),
        "position": inline(game, p),
        "outcome": a.outcome.as_str(),
        "winner": a.outcome.winner().as_str(),
        "nimber": optional(a.nimber),
        "remoteness": optional(a.remoteness),
        // Not listed at all: null, not an empty list (which says no move wins).
        "winning_moves": if moves.is_empty() && a.winning_moves_note.is_some() {
            Value::Null
        } else {
            json!(moves)
        },
        "method": a.method,
    });
    // Only when the list is incomplete: why.
    if let Some(note) = &a.winning_moves_note {
        v["winning_moves_note"] = json!(note);
    }
    v
}

/// What `solve` adds for a partizan game.
pub struct PartizanValue {
    /// Who moves first.
    pub to_move: grundy::partizan::Side,
    /// The canonical form.
    pub canonical: String,
    /// L, R, N or P.
    pub outcome_class: &'static str,
}

impl PartizanValue {
    /// The winner by side (`Left`, `Right`), or `none` for a draw.
    fn winner(&self, outcome: grundy::Outcome) -> String {
        match outcome {
            grundy::Outcome::Win => self.to_move.to_string(),
            grundy::Outcome::Lose => self.to_move.other().to_string(),
            grundy::Outcome::Draw => "none".to_string(),
        }
    }
}

/// `solve --json` for a partizan game: the plain keys plus `to_move`, `value`
/// and `outcome_class`, and the winner by side.
pub fn partizan_analysis_json(
    game: &dyn DynGame,
    p: &DynPosition,
    a: &Analysis,
    v: &PartizanValue,
) -> String {
    let mut obj = analysis_object(game, p, a);
    obj["to_move"] = json!(v.to_move.to_string().to_lowercase());
    obj["value"] = json!(v.canonical);
    obj["outcome_class"] = json!(v.outcome_class);
    obj["winner"] = json!(v.winner(a.outcome).to_lowercase());
    format!("{obj}\n")
}

/// `solve` for a partizan game: who moves, the winner by side, the value.
pub fn partizan_analysis_text(
    game: &dyn DynGame,
    p: &DynPosition,
    a: &Analysis,
    v: &PartizanValue,
) -> String {
    text_lines(game, p, a, Some(v))
}

/// `solve`: one line per fact.
pub fn analysis_text(game: &dyn DynGame, p: &DynPosition, a: &Analysis) -> String {
    text_lines(game, p, a, None)
}

fn text_lines(game: &dyn DynGame, p: &DynPosition, a: &Analysis, partizan: Option<&PartizanValue>) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "game:          {}", game.name());
    position_line(&mut s, game, p);
    if let Some(v) = partizan {
        let _ = writeln!(s, "to move:       {}", v.to_move);
    }
    let _ = writeln!(s, "outcome:       {} for the player to move", a.outcome);
    match partizan {
        Some(v) => {
            let _ = writeln!(s, "winner:        {}", v.winner(a.outcome));
            let _ = writeln!(s, "value:         {}", v.canonical);
            let _ = writeln!(s, "outcome class: {}", v.outcome_class);
        }
        None => {
            let _ = writeln!(s, "winner:        {}", a.outcome.winner());
        }
    }
    if let Some(n) = a.nimber {
        let _ = writeln!(s, "nim-value:     {n}");
    }
    match a.remoteness {
        Some(r) => {
            let _ = writeln!(s, "remoteness:    {r}");
        }
        None => {
            let _ = writeln!(
                s,
                "remoteness:    unknown (too many positions to search, and no closed form)"
            );
        }
    }
    let moves: Vec<String> = a.winning_moves.iter().map(|m| in_text(game, m)).collect();
    let listed = match (&a.winning_moves_note, moves.is_empty()) {
        (None, true) => "none".to_string(),
        (None, false) => moves.join("  "),
        (Some(note), true) => format!("not listed for heaps this large ({note})"),
        (Some(note), false) => format!("{} (not all listed: {note})", moves.join("  ")),
    };
    let _ = writeln!(s, "winning moves: {listed}");
    let _ = writeln!(s, "method:        {}", a.method);
    s
}

fn move_json(game: &dyn DynGame, m: &MoveInfo) -> Value {
    json!({
        "position": inline(game, &m.position),
        "outcome": m.outcome.as_str(),
        "nimber": optional(m.nimber),
        "remoteness": optional(m.remoteness),
        "wins": m.outcome == grundy::Outcome::Lose,
    })
}

/// `moves --json`.
pub fn moves_json(game: &dyn DynGame, p: &DynPosition, moves: &[MoveInfo]) -> String {
    let v = json!({
        "game": game.name(),
        "position": inline(game, p),
        "moves": moves.iter().map(|m| move_json(game, m)).collect::<Vec<_>>(),
    });
    format!("{v}\n")
}

/// `moves`: a table, winning moves marked.
pub fn moves_text(game: &dyn DynGame, p: &DynPosition, moves: &[MoveInfo]) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{} from {}",
        count(moves.len() as u64, "move"),
        inline(game, p)
    );
    board_lines(&mut s, game, p, "  ");
    if moves.is_empty() {
        return s;
    }
    let _ = writeln!(
        s,
        "{:<24} {:<8} {:<10} {:<10}",
        "move to", "outcome", "nim-value", "remoteness"
    );
    for m in moves {
        let _ = writeln!(
            s,
            "{:<24} {:<8} {:<10} {:<10}{}",
            in_text(game, &m.position),
            m.outcome.as_str(),
            m.nimber.map_or("-".into(), |n| n.to_string()),
            m.remoteness.map_or("?".into(), |n| n.to_string()),
            if m.outcome == grundy::Outcome::Lose {
                "  <- wins"
            } else {
                ""
            }
        );
    }
    // A `?` says why the remoteness is missing, in a footnote.
    let unknown = |draw: bool| {
        moves
            .iter()
            .any(|m| m.remoteness.is_none() && (m.outcome == grundy::Outcome::Draw) == draw)
    };
    if unknown(false) {
        let why = if grundy_retro::table_game(game).is_some() {
            "not stored: the game's table holds outcomes only (built with --no-remoteness)"
        } else {
            "not searched: too many positions to search, and no closed form gives it"
        };
        let _ = writeln!(s, "?: remoteness {why}");
    }
    if unknown(true) {
        let _ = writeln!(s, "?: a draw has no remoteness (neither player can force an end)");
    }
    s
}

/// `values --format text`.
pub fn values_text(values: &[HeapValue]) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "{:<12} {:<8} nim-value", "heap", "outcome");
    for v in values {
        let _ = writeln!(s, "{:<12} {:<8} {}", v.heap, v.outcome.as_str(), v.nimber);
    }
    s
}

/// `values --format csv`.
pub fn values_csv(values: &[HeapValue]) -> String {
    let mut s = String::from("heap,outcome,nimber\n");
    for v in values {
        let _ = writeln!(s, "{},{},{}", v.heap, v.outcome.as_str(), v.nimber);
    }
    s
}

/// `values --format json`.
pub fn values_json(game: &dyn DynGame, values: &[HeapValue]) -> String {
    let v = json!({
        "game": game.name(),
        "values": values.iter().map(|v| json!({
            "heap": v.heap, "outcome": v.outcome.as_str(), "nimber": v.nimber,
        })).collect::<Vec<_>>(),
    });
    format!("{v}\n")
}
