//! `grundy quotient GAME [--max-heap N] [--json]`: the misère quotient of a heap
//! game's sums of heaps up to N (Plambeck and Siegel), proved by `grundy-octal`.
//!
//! The game says through the seam (`DynGame::heap_sequence`) which heap rules it
//! has; this module only parses, calls and prints.

use anyhow::Result;
use grundy::Budget;
use grundy_octal::MAX_QUOTIENT_HEAP;

use crate::load;
use crate::progress::spinner;
use crate::render::count;

/// Compute a misère quotient.
#[derive(clap::Args)]
pub struct Args {
    /// The game: a heap game with a nim-sequence (listed below) or a game file of one.
    pub game: String,
    /// The largest heap of the sums covered (heaps 1..=N).
    #[arg(long, default_value_t = 12, value_parser = clap::value_parser!(u64).range(1..=MAX_QUOTIENT_HEAP))]
    pub max_heap: u64,
    /// Print one JSON object: game, max_heap, order, presentation, generators
    /// (letter and heap), relations ([lhs, rhs] words), p_portion (words), heaps
    /// (each heap's element as a word) and stats (candidates, tests, positions,
    /// proof_states).
    #[arg(long)]
    pub json: bool,
}

/// Run it.
pub fn run(args: Args, budget: &Budget) -> Result<String> {
    let game = load::game(&args.game, budget)?;
    let bar = spinner(&format!(
        "computing the misère quotient of heaps up to {} and proving it",
        args.max_heap
    ));
    // The global --max-positions; by default enough for Kayles and Dawson's Kayles
    // to heap 24, and a quotient out of reach stops within seconds.
    let r = grundy_api::quotient(game.as_ref(), args.max_heap, budget);
    bar.finish_and_clear();
    let r = r?;
    if args.json {
        return Ok(crate::render::json_line(&r.json()));
    }
    let (q, heaps, p_portion) = (&r.quotient, &r.heaps, &r.p_portion);
    let stats = q.stats();
    let game = &r;
    let mut out = String::new();
    out.push_str(&format!("game: {} (misère play)\n", game.game));
    out.push_str(&format!("heaps: 1 to {}\n", q.max_heap()));
    out.push_str(&format!("order: {}\n", count(q.order() as u64, "element")));
    out.push_str(&format!("presentation: {}\n", q.presentation()));
    out.push_str(&format!("P-portion: {}\n", p_portion.join(", ")));
    out.push_str("heap  element\n");
    for (i, w) in heaps.iter().enumerate() {
        out.push_str(&format!("{:>4}  {w}\n", i + 1));
    }
    out.push_str(&format!(
        "proved: {}, {} test sums, {} searched, {} in the proof\n",
        count(stats.candidates as u64, "candidate"),
        stats.tests,
        count(stats.positions as u64, "position"),
        count(stats.proof_states as u64, "state"),
    ));
    out.push_str(&format!(
        "a sum of heaps up to {} is a P-position (the player to move loses) exactly when the product of its heaps' elements is in the P-portion\n",
        q.max_heap()
    ));
    Ok(out)
}
