//! One function per subcommand: each returns the text to print.

use anyhow::Result;
use grundy::Play;

use crate::{load, render, Format};

fn play(misere: bool) -> Play {
    if misere {
        Play::Misere
    } else {
        Play::Normal
    }
}

/// `grundy solve`.
pub fn solve(game: &str, position: &str, misere: bool, json: bool) -> Result<String> {
    let game = load::game(game)?;
    let p = game.parse_position(position)?;
    let analysis = game.analyze(&p, play(misere))?;
    Ok(if json {
        render::analysis_json(game.as_ref(), &p, &analysis)
    } else {
        render::analysis_text(game.as_ref(), &p, &analysis)
    })
}

/// `grundy moves`.
pub fn moves(game: &str, position: &str, misere: bool, json: bool) -> Result<String> {
    let game = load::game(game)?;
    let p = game.parse_position(position)?;
    let moves = game.moves(&p, play(misere))?;
    Ok(if json {
        render::moves_json(game.as_ref(), &p, &moves)
    } else {
        render::moves_text(game.as_ref(), &p, &moves)
    })
}

/// `grundy values`.
pub fn values(game: &str, from: u64, to: u64, format: Format) -> Result<String> {
    let game = load::game(game)?;
    let values = game.heap_values(from, to)?;
    Ok(match format {
        Format::Text => render::values_text(&values),
        Format::Csv => render::values_csv(&values),
        Format::Json => render::values_json(game.as_ref(), &values),
    })
}
