//! Text and JSON output. Only the CLI knows about JSON.

use std::fmt::Write;

use grundy::dynamic::{Analysis, DynGame, DynPosition, HeapValue, MoveInfo};
use serde_json::{json, Value};

fn optional(x: Option<u64>) -> Value {
    x.map_or(Value::Null, Value::from)
}

/// `solve --json`: one object.
pub fn analysis_json(game: &dyn DynGame, p: &DynPosition, a: &Analysis) -> String {
    let v = json!({
        "game": game.name(),
        "position": game.show(p),
        "outcome": a.outcome.as_str(),
        "winner": a.outcome.winner().as_str(),
        "nimber": optional(a.nimber),
        "remoteness": optional(a.remoteness),
        "winning_moves": a.winning_moves.iter().map(|m| game.show(m)).collect::<Vec<_>>(),
        "method": a.method,
    });
    format!("{v}\n")
}

/// `solve`: one line per fact.
pub fn analysis_text(game: &dyn DynGame, p: &DynPosition, a: &Analysis) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "game:          {}", game.name());
    let _ = writeln!(s, "position:      {}", game.show(p));
    let _ = writeln!(s, "outcome:       {} for the player to move", a.outcome);
    let _ = writeln!(s, "winner:        {}", a.outcome.winner());
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
    let moves: Vec<String> = a.winning_moves.iter().map(|m| game.show(m)).collect();
    let _ = writeln!(
        s,
        "winning moves: {}",
        if moves.is_empty() {
            "none".to_string()
        } else {
            moves.join("  ")
        }
    );
    let _ = writeln!(s, "method:        {}", a.method);
    s
}

fn move_json(game: &dyn DynGame, m: &MoveInfo) -> Value {
    json!({
        "position": game.show(&m.position),
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
        "position": game.show(p),
        "moves": moves.iter().map(|m| move_json(game, m)).collect::<Vec<_>>(),
    });
    format!("{v}\n")
}

/// `moves`: a table, winning moves marked.
pub fn moves_text(game: &dyn DynGame, p: &DynPosition, moves: &[MoveInfo]) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "{} moves from {}", moves.len(), game.show(p));
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
            game.show(&m.position),
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
