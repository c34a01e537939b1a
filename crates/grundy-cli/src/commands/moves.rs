//! `grundy moves GAME POSITION [--misere] [--json]`.

use anyhow::Result;
use grundy::Budget;

use crate::{load, progress, render};

/// List the moves of a position.
#[derive(clap::Args)]
pub struct Args {
    /// The game: a built-in GAME (see below).
    pub game: String,
    /// The position (see below).
    #[arg(allow_hyphen_values = true)]
    pub position: String,
    /// Misère play: a player with no move wins.
    #[arg(long)]
    pub misere: bool,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
    /// List every move and print long positions whole (text output cuts the table
    /// after 20 moves and positions after 80 characters; JSON is always complete).
    #[arg(long)]
    pub all: bool,
    /// Whose moves, in a partizan game (default: left).
    #[arg(long, value_enum)]
    pub first: Option<super::First>,
}

/// Run it.
pub fn run(args: Args, budget: &Budget) -> Result<String> {
    let game = load::game(&args.game, budget)?;
    let options = super::options(args.misere, args.first);
    // One row per position reached (two moves leaving the same one are one).
    let report = progress::searching(|| grundy_api::moves(game.as_ref(), &args.position, &options, budget))?;
    Ok(if args.json {
        render::json_line(&report.json())
    } else {
        render::moves_text(
            game.as_ref(),
            &report.position,
            &report.moves,
            &report.names,
            render::Cut { all: args.all },
        )
    })
}
