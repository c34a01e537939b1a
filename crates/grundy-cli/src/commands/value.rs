//! `grundy value GAME POSITION [--json] [--unicode]`: the canonical value of a
//! position and its temperature theory; with `--misere`, the misère simplest form
//! of an impartial position, its genus and misère outcome.

use anyhow::Result;
use grundy::Budget;

use crate::load;

/// The value of a position.
#[derive(clap::Args)]
pub struct Args {
    /// The game: a partizan game (listed below; or a Luau script with left and
    /// right) or an impartial one (its value is *n).
    pub game: String,
    /// The position (see below).
    #[arg(allow_hyphen_values = true)]
    pub position: String,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Write ups, downs and switches as ↑, ⇑, ↓, ± (default: ^, ^^, v, +-).
    #[arg(long)]
    pub unicode: bool,
    /// The value in misère play (an impartial game): Conway's simplest form in
    /// CGSuite's notation (*[(32)321]), the genus g^γ0γ1... (0^120) and the misère
    /// outcome.
    #[arg(long, conflicts_with = "unicode")]
    pub misere: bool,
}

/// Run it.
pub fn run(args: Args, budget: &Budget) -> Result<String> {
    let game = load::game(&args.game, budget)?;
    if args.misere {
        return misere(game.as_ref(), &args, budget);
    }
    let r = crate::progress::searching(|| {
        grundy_api::value(game.as_ref(), &args.position, args.unicode, budget)
    })?;
    if args.json {
        return Ok(crate::render::json_line(&r.json()));
    }
    let mut s = format!("game:          {}\n", r.game);
    let p = game.parse_position(&args.position)?;
    crate::render::position_line(&mut s, game.as_ref(), &p);
    s.push_str(&format!("value:         {}\n", r.canonical));
    s.push_str(&format!(
        "outcome class: {} ({})\n",
        r.outcome_class,
        describe_class(r.outcome_class)
    ));
    if r.loopy {
        // Stops, mean and temperature are short games' (see ValueReport::loopy).
        return Ok(s);
    }
    if !r.number {
        s.push_str(&format!(
            "stops:         left {}, right {}\n",
            r.left_stop, r.right_stop
        ));
    }
    s.push_str(&format!("mean:          {}\n", r.mean));
    s.push_str(&format!("temperature:   {}\n", r.temperature));
    s.push_str(&format!("birthday:      {}\n", r.birthday));
    if let Some(aw) = &r.atomic_weight {
        s.push_str(&format!("atomic weight: {aw}\n"));
    }
    if r.reduced != r.canonical {
        s.push_str(&format!("reduced form:  {}\n", r.reduced));
    }
    Ok(s)
}

fn misere(game: &dyn grundy::dynamic::DynGame, args: &Args, budget: &Budget) -> Result<String> {
    let r = crate::progress::searching(|| grundy_api::misere_value(game, &args.position, budget))?;
    if args.json {
        return Ok(crate::render::json_line(&r.json()));
    }
    let mut s = format!("game:          {} (misère play)\n", r.game);
    let p = game.parse_position(&args.position)?;
    crate::render::position_line(&mut s, game, &p);
    s.push_str(&format!("misère form:   {}\n", r.canonical));
    s.push_str(&format!("genus:         {}\n", r.genus));
    s.push_str(&format!(
        "outcome class: {} ({}, when the last player to move loses)\n",
        r.outcome_class,
        describe_class(r.outcome_class)
    ));
    s.push_str(&format!("misère value:  {}\n", r.misere_nim_value));
    s.push_str(&format!("birthday:      {}\n", r.birthday));
    Ok(s)
}

fn describe_class(c: &str) -> &'static str {
    match c {
        "L" => "Left wins, whoever moves first",
        "R" => "Right wins, whoever moves first",
        "N" => "the player to move wins",
        "D" => "a draw, whoever moves first",
        "NHat" => "Left wins moving first, a draw when Right moves first",
        "PHat" => "a draw when Left moves first, Left wins when Right moves first",
        "PCheck" => "Right wins when Left moves first, a draw when Right moves first",
        "NCheck" => "a draw when Left moves first, Right wins moving first",
        _ => "the player to move loses",
    }
}
