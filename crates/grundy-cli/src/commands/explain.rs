//! `grundy explain GAME POSITION [--depth K] [--replies N] [--misere] [--json]`.

use grundy::Budget;
use std::fmt::Write;

use anyhow::Result;
use grundy::dynamic::DynGame;
use grundy::explain::Node;
use grundy::Outcome;

use crate::load;
use crate::render::Cut;

/// Explain why a position is won or lost, as a strategy tree.
#[derive(clap::Args)]
pub struct Args {
    /// The game: a built-in GAME (see below).
    pub game: String,
    /// The position (see below).
    #[arg(allow_hyphen_values = true)]
    pub position: String,
    /// Levels of the winner's moves to show (1: only the winning move).
    #[arg(long, default_value_t = 2)]
    pub depth: usize,
    /// At most this many replies listed under one position; the rest are counted.
    #[arg(long, default_value_t = crate::render::LIST_LIMIT)]
    pub replies: usize,
    /// List every reply (no --replies limit) and print long positions whole (text
    /// output cuts positions after 80 characters).
    #[arg(long)]
    pub all: bool,
    /// Misère play: a player with no move wins.
    #[arg(long)]
    pub misere: bool,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Who moves first, in a partizan game (default: left).
    #[arg(long, value_enum)]
    pub first: Option<super::First>,
}

/// Run it.
pub fn run(args: Args, budget: &Budget) -> Result<String> {
    let game = load::game(&args.game, budget)?;
    let options = super::options(args.misere, args.first);
    let replies = if args.all { usize::MAX } else { args.replies };
    let report = crate::progress::searching(|| {
        grundy_api::explain(
            game.as_ref(),
            &args.position,
            args.depth,
            replies,
            &options,
            budget,
        )
    })?;
    if args.json {
        return Ok(crate::render::json_line(&report.json()));
    }
    // The game the tree is about: a partizan game's positions carry the side to move.
    let (game, _) = grundy_api::explained(game.as_ref(), &args.position, &options)?;
    let (cut, tree) = (Cut { all: args.all }, &report.tree);
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{}: why {} is a {} for the player to move",
        game.name(),
        cut.text(game.show(&tree.position)),
        match tree.outcome {
            Outcome::Win => "win",
            Outcome::Lose => "loss",
            Outcome::Draw => "draw",
        }
    );
    crate::render::board_lines(&mut s, game, &tree.position, "  ");
    node_text(game, tree, 0, cut, &mut s);
    Ok(s)
}

fn node_text(game: &dyn DynGame, n: &Node, indent: usize, cut: Cut, s: &mut String) {
    let pad = " ".repeat(indent);
    let show = |p| cut.text(game.show(p));
    let head = match &n.chosen {
        Some(m) => format!(
            "{}: {} -- play {}: {}",
            show(&n.position),
            n.outcome,
            show(m),
            n.rule
        ),
        None => format!("{}: {} -- {}", show(&n.position), n.outcome, n.rule),
    };
    let _ = writeln!(s, "{pad}{head}");
    if n.replies.is_empty() && n.omitted == 0 {
        return;
    }
    let intro = match (&n.chosen, n.outcome) {
        (Some(m), _) => format!("after {}, every reply and an answer to it:", show(m)),
        (None, Outcome::Lose) => "every move, and the opponent's winning answer:".to_string(),
        (None, _) => "every move:".to_string(),
    };
    let _ = writeln!(s, "{pad}  {intro}");
    for r in &n.replies {
        let mut sub = String::new();
        node_text(game, r, indent + 4, cut, &mut sub);
        // Mark each listed position with a dash in the gutter.
        let sub = sub.replacen(&" ".repeat(indent + 4), &format!("{pad}  - "), 1);
        s.push_str(&sub);
    }
    if n.omitted > 0 {
        let _ = writeln!(s, "{pad}  ... and {} more, omitted (see --replies)", n.omitted);
    }
}
