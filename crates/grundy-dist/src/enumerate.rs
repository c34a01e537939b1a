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

use std::collections::HashMap;

use grundy::dynamic::{DynGame, DynPosition};
use grundy::solve::codes::code;
use grundy::{GameError, Outcome, Play};
use grundy_files::Fnv;
use grundy_retro::{Indexed, RetroError, MAX_POSITIONS};

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
/// numbered as `grundy build` numbers them. A position without options is asked
/// for its outcome under normal play (a loss, or the value of the rule that ended
/// the game), as the one-process builder does.
pub(crate) fn enumerate(
    game: &dyn DynGame,
    start: &DynPosition,
    limit: usize,
) -> Result<(Vec<DynPosition>, Graph), RetroError> {
    game.check(start)?;
    let limit = limit.min(MAX_POSITIONS as usize);
    let too_large =
        || GameError::too_many_positions(format!("positions reachable in {}", game.name()), limit);
    if limit == 0 {
        return Err(too_large().into());
    }
    let mut positions = vec![start.clone()];
    let mut index: HashMap<DynPosition, u32> = HashMap::new();
    index.insert(start.clone(), 0);
    let mut options = Vec::new();
    let mut terminal = Vec::new();
    let mut next = 0;
    while next < positions.len() {
        let opts = game.options(&positions[next])?;
        let end = if opts.is_empty() {
            Some(game.outcome(&positions[next], Play::Normal)?)
        } else {
            None
        };
        let mut ids = Vec::with_capacity(opts.len());
        for o in opts {
            let id = match index.get(&o) {
                Some(&id) => id,
                None => {
                    if positions.len() >= limit {
                        return Err(too_large().into());
                    }
                    let id = positions.len() as u32;
                    index.insert(o.clone(), id);
                    positions.push(o);
                    id
                }
            };
            ids.push(id);
        }
        options.push(ids);
        terminal.push(end);
        next += 1;
    }
    let mut fnv = Fnv::new();
    for (ids, end) in options.iter().zip(&terminal) {
        fnv.update(&(ids.len() as u32).to_le_bytes());
        for id in ids {
            fnv.update(&id.to_le_bytes());
        }
        fnv.update(&[end.map_or(0, code)]);
    }
    let digest = fnv.finish();
    Ok((
        positions,
        Graph {
            options,
            terminal,
            digest,
        },
    ))
}
