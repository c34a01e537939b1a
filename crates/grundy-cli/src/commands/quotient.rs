//! `grundy quotient GAME [--max-heap N] [--json]`: the misère quotient of a heap
//! game's sums of heaps up to N (Plambeck and Siegel), proved by `grundy-octal`.
//!
//! The game says through the seam (`DynGame::heap_sequence`) which heap rules it
//! has; this module only parses, calls and prints.

use anyhow::Result;
use grundy::dynamic::HeapSequence;
use grundy::Budget;
use grundy_octal::{letter, MisereQuotient, QuotientLimits, MAX_QUOTIENT_HEAP};
use serde_json::json;

use super::period::{seq_game, spinner};
use crate::render::count;

/// Compute a misère quotient.
#[derive(clap::Args)]
pub struct Args {
    /// The game: a heap game with a nim-sequence (listed below) or a game file of one.
    pub game: String,
    /// The largest heap of the sums covered (heaps 1..=N).
    #[arg(long, default_value_t = 12, value_parser = clap::value_parser!(u64).range(1..=MAX_QUOTIENT_HEAP))]
    pub max_heap: u64,
    /// Steps of search and proof allowed in all (about half a second per 10^8
    /// here); the default, 5·10^8, reaches Dawson's Kayles to heap 30 and stops
    /// anything out of reach within seconds.
    #[arg(long, default_value_t = QuotientLimits::default().max_work)]
    pub max_work: u64,
    /// Print one JSON object: game, max_heap, order, presentation, generators
    /// (letter and heap), relations ([lhs, rhs] words), p_portion (words), heaps
    /// (each heap's element as a word) and stats (candidates, tests, positions,
    /// proof_states).
    #[arg(long)]
    pub json: bool,
}

/// Positions the exact misère search may keep unless `--max-positions` says.
const QUOTIENT_POSITIONS: u64 = 1_300_000;

/// Run it.
pub fn run(args: Args, budget: &Budget) -> Result<String> {
    let game = seq_game(
        &args.game,
        "is not a heap game: a misère quotient is for sums of heaps",
        budget,
    )?;
    let rules = match game.sequence {
        HeapSequence::Engine(rules) | HeapSequence::Periodic(rules, _) => rules,
    };
    let bar = spinner(&format!(
        "computing the misère quotient of heaps up to {} and proving it",
        args.max_heap
    ));
    let limits = QuotientLimits {
        // The global --max-positions; by default enough for Kayles and Dawson's
        // Kayles to heap 24, and a quotient out of reach stops within seconds.
        max_positions: usize::try_from(budget.positions_or(QUOTIENT_POSITIONS)).unwrap_or(usize::MAX),
        max_work: args.max_work,
        max_bytes: crate::memory::search_budget(budget),
        ..QuotientLimits::default()
    };
    let q = MisereQuotient::compute(&rules, args.max_heap, limits);
    bar.finish_and_clear();
    let q = q?;
    let heaps: Vec<String> = (1..=q.max_heap())
        .map(|h| q.word(q.heap_element(h).expect("covered heap")).to_string())
        .collect();
    let p_portion: Vec<String> = q.p_portion().iter().map(|w| w.to_string()).collect();
    let stats = q.stats();
    if args.json {
        let generators: Vec<_> = q
            .generators()
            .iter()
            .enumerate()
            .map(|(i, g)| json!({"letter": letter(i), "heap": g.heap}))
            .collect();
        let relations: Vec<_> = q
            .relations()
            .iter()
            .map(|(l, r)| json!([l.to_string(), r.to_string()]))
            .collect();
        let heaps: Vec<_> = heaps
            .iter()
            .enumerate()
            .map(|(i, w)| json!({"heap": i + 1, "element": w}))
            .collect();
        return Ok(format!(
            "{}\n",
            json!({
                "game": game.name,
                "max_heap": q.max_heap(),
                "order": q.order(),
                "presentation": q.presentation(),
                "generators": generators,
                "relations": relations,
                "p_portion": p_portion,
                "heaps": heaps,
                "stats": {
                    "candidates": stats.candidates,
                    "tests": stats.tests,
                    "positions": stats.positions,
                    "proof_states": stats.proof_states,
                },
            })
        ));
    }
    let mut out = String::new();
    out.push_str(&format!("game: {} (misère play)\n", game.name));
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
