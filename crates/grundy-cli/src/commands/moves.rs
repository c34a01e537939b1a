//! `grundy moves GAME POSITION [--misere] [--json]`.

use anyhow::Result;

use crate::{load, render};

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
}

/// Run it.
pub fn run(args: Args) -> Result<String> {
    let game = load::game(&args.game)?;
    let p = game.parse_position(&args.position)?;
    let moves = game.moves(&p, super::play(args.misere))?;
    Ok(if args.json {
        render::moves_json(game.as_ref(), &p, &moves)
    } else {
        render::moves_text(game.as_ref(), &p, &moves)
    })
}
