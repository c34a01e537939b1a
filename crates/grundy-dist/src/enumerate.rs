//! Games numbered by enumeration: every position reachable from a start, in the
//! breadth-first discovery order of `grundy build` (the start is 0, then the
//! options of each position in the order the game gives them, each new position
//! numbered when first seen).
//!
//! Every process enumerates the game itself, the same way, so all agree on the
//! numbering without sending positions: the enumeration is deterministic, and the
//! job's fingerprint includes a digest of the graph, so processes that enumerated
//! different graphs (another rule file under the same name) refuse each other.
//! Each process holds the whole graph; only the retrograde rounds are shared.

use grundy::dynamic::{DynGame, DynPosition};
use grundy::solve::codes::code;
use grundy::{Outcome, Play};
use grundy_files::Fnv;
use grundy_retro::{Indexed, RetroError};

/// The reachable positions as an [`Indexed`] game: options by index, and the
/// value of the positions the rules end.
pub(crate) struct Graph {
    options: Vec<Vec<u32>>,
    terminal: Vec<Option<Outcome>>,
    /// A checksum of the options and ends, for the job's fingerprint.
    pub(crate) digest: u64,
}

impl Graph {
    /// The options of position `i`, as indices.
    pub(crate) fn option_indices(&self, i: usize) -> &[u32] {
        &self.options[i]
    }
}

impl Indexed for Graph {
    fn size(&self) -> u64 {
        self.options.len() as u64
    }
    fn terminal(&self, i: u64) -> Option<Outcome> {
        self.terminal[i as usize]
    }
    fn options(&self, i: u64, out: &mut Vec<u64>) {
        out.extend(self.options[i as usize].iter().map(|&o| o as u64));
    }
}

/// Enumerate the positions of `game` reachable from `start` (at most `limit`),
/// numbered as `grundy build` numbers them: by the one enumerator,
/// [`grundy::dynamic::enumerate_dyn`], under normal play, with the digest of the graph.
pub(crate) fn enumerate(
    game: &dyn DynGame,
    start: &DynPosition,
    limit: usize,
) -> Result<(Vec<DynPosition>, Graph), RetroError> {
    let budget = grundy::Budget {
        max_positions: Some(limit as u64),
        ..grundy::Budget::default()
    };
    let e = grundy::dynamic::enumerate_dyn(game, start, Play::Normal, limit, &budget)?;
    let mut fnv = Fnv::new();
    for (ids, end) in e.options.iter().zip(&e.terminal) {
        fnv.update(&(ids.len() as u32).to_le_bytes());
        for id in ids {
            fnv.update(&id.to_le_bytes());
        }
        fnv.update(&[end.map_or(0, code)]);
    }
    let digest = fnv.finish();
    Ok((
        e.positions,
        Graph {
            options: e.options,
            terminal: e.terminal,
            digest,
        },
    ))
}
