//! Tables of any finite game enumerated from a start: rule files, scripts, core games.
//!
//! A [`crate::TableGame`] numbers its own positions. Any other finite game is
//! numbered by enumeration: every position reachable from a start, breadth-first,
//! in discovery order (the start is 0), solved by retrograde analysis. The table
//! file then carries, after the outcomes and remoteness, a *positions section* that
//! maps positions to indices and lists each position's options, so the file
//! answers `grundy solve --db` (values, winning moves, every option's value)
//! without the game's rules:
//!
//! ```text
//! "GRUNDYPS"                     8 bytes
//! n, e, b                        u64 each: positions, option edges, position bytes
//! option offsets                 (n + 1) x u64: the options of i are edges[off[i]..off[i+1]]
//! edges                          e x u32: option indices
//! position offsets               (n + 1) x u64 into the position bytes
//! position bytes                 b bytes: each position is 0 then its integers (i64 LE),
//!                                or 1 then its text (UTF-8)
//! sorted                         n x u32: indices in the order of their position bytes
//! ```
//!
//! All little-endian; the section is covered by the table's checksum.

use std::path::Path;

use grundy::dynamic::solve_reachable_with;
use grundy::dynamic::{DynGame, DynPosition};
use grundy::{GameError, Play};

use crate::dynamic::TableGame;
use crate::table::Progress;
use crate::{DenseOptions, RetroError, Table};

const SECTION_MAGIC: &[u8; 8] = b"GRUNDYPS";

fn encode(p: &DynPosition, out: &mut Vec<u8>) {
    match p {
        DynPosition::Ints(v) => {
            out.push(0);
            for x in v {
                out.extend_from_slice(&x.to_le_bytes());
            }
        }
        DynPosition::Text(t) => {
            out.push(1);
            out.extend_from_slice(t.as_bytes());
        }
    }
}

fn decode(b: &[u8]) -> Option<DynPosition> {
    match b.split_first()? {
        (0, rest) if rest.len() % 8 == 0 => Some(DynPosition::Ints(
            rest.chunks_exact(8)
                .map(|c| i64::from_le_bytes(c.try_into().expect("8 bytes")))
                .collect(),
        )),
        (1, rest) => String::from_utf8(rest.to_vec()).ok().map(DynPosition::Text),
        _ => None,
    }
}

/// Solve every position of `game` reachable from `start` (normal play, loops and
/// draws included) and write the table file `path` with its positions section:
/// built in `path.tmp`, synced, then renamed, with the checksum over all the data.
/// The game's name ([`DynGame::name`]) goes in the header.
///
/// Enumeration and retrograde analysis run on one core and in memory (at most
/// [`DenseOptions::max_positions`] positions); there are no checkpoints.
///
/// ```
/// use grundy::{dynamic::parse_game, Outcome, Play};
/// let dir = tempfile::tempdir().unwrap();
/// let path = dir.path().join("sub.db");
/// let game = parse_game("subtraction:1,2").unwrap();
/// let start = game.parse_position("10").unwrap();
/// let table = grundy_retro::build_reachable(
///     game.as_ref(), &start, &path, Default::default(), &mut |_| {}).unwrap();
/// assert_eq!(table.size(), 11);
/// let db = grundy_retro::open_db(&path, None).unwrap();
/// let budget = grundy::Budget::default();
/// let a = db.analyze(&db.parse_position("9").unwrap(), Play::Normal, &budget).unwrap();
/// assert_eq!((a.outcome, a.remoteness), (Outcome::Lose, Some(6)));
/// assert!(db.parse_position("11").is_err()); // not reachable from 10
/// ```
pub fn build_reachable(
    game: &dyn DynGame,
    start: &DynPosition,
    path: &Path,
    options: DenseOptions,
    progress: &mut dyn FnMut(Progress),
) -> Result<Table, RetroError> {
    let limit = usize::try_from(options.max_positions).unwrap_or(usize::MAX);
    let solved = solve_reachable_with(game, start, Play::Normal, limit, &options.budget())?;
    let n = solved.len() as u64;
    progress(Progress {
        done: n,
        total: n,
        levels: (1, 1),
        resumed: false,
    });
    let table = Table::from_solution(game.name(), solved.solution(), options.remoteness)?;
    let table = with_positions(table, solved.positions(), |i| solved.option_indices(i as u64));
    table.write(path)?;
    Ok(table)
}

/// `table` (the values of `positions`, in their numbering) with the positions
/// section [`build_reachable`] writes: the positions and `option_indices(i)` of
/// each, so that the file answers without the rules. For builders that number the
/// positions the same way (the distributed builder of `grundy-dist`).
pub fn with_positions<'a>(
    table: Table,
    positions: &[DynPosition],
    option_indices: impl Fn(usize) -> &'a [u32],
) -> Table {
    let n = positions.len() as u64;
    let mut edges = Vec::new();
    let mut edge_off = Vec::with_capacity(positions.len() + 1);
    let mut bytes = Vec::new();
    let mut byte_off = Vec::with_capacity(positions.len() + 1);
    edge_off.push(0u64);
    byte_off.push(0u64);
    for (i, p) in positions.iter().enumerate() {
        edges.extend_from_slice(option_indices(i));
        edge_off.push(edges.len() as u64);
        encode(p, &mut bytes);
        byte_off.push(bytes.len() as u64);
    }
    let at = |i: usize| &bytes[byte_off[i] as usize..byte_off[i + 1] as usize];
    let mut sorted: Vec<u32> = (0..n as u32).collect();
    sorted.sort_unstable_by(|&a, &b| at(a as usize).cmp(at(b as usize)));
    let mut section = Vec::with_capacity(32 + 16 * positions.len() + 4 * edges.len() + bytes.len());
    section.extend_from_slice(SECTION_MAGIC);
    for x in [n, edges.len() as u64, bytes.len() as u64] {
        section.extend_from_slice(&x.to_le_bytes());
    }
    edge_off
        .iter()
        .for_each(|x| section.extend_from_slice(&x.to_le_bytes()));
    edges
        .iter()
        .for_each(|x| section.extend_from_slice(&x.to_le_bytes()));
    byte_off
        .iter()
        .for_each(|x| section.extend_from_slice(&x.to_le_bytes()));
    section.extend_from_slice(&bytes);
    sorted
        .iter()
        .for_each(|x| section.extend_from_slice(&x.to_le_bytes()));
    table.with_section(&section)
}

/// A table with a positions section, as a [`TableGame`]: positions, indices and
/// options all come from the file.
pub(crate) struct Enumerated {
    table: Table,
    n: u64,
    edge_off: usize,
    edges: usize,
    byte_off: usize,
    bytes: usize,
    sorted: usize,
}

impl Enumerated {
    /// Read the positions section of `table` (checked against its size).
    pub(crate) fn open(table: Table, path: &Path) -> Result<Enumerated, RetroError> {
        let bad = || RetroError::bad_table(path, "corrupt positions section; rebuild it with `grundy build`");
        let s = table.section();
        if s.len() < 32 || &s[..8] != SECTION_MAGIC {
            return Err(bad());
        }
        let u64_at = |o: usize| u64::from_le_bytes(s[o..o + 8].try_into().expect("8 bytes"));
        let (n, e, b) = (u64_at(8), u64_at(16), u64_at(24));
        if n != table.size() || n == 0 {
            return Err(bad());
        }
        // The counts come from the file: a corrupt one may be near 2^64, so every
        // offset is computed with checked arithmetic.
        let offsets = || -> Option<(usize, usize, usize, usize, usize)> {
            let (n, e, b) = (
                usize::try_from(n).ok()?,
                usize::try_from(e).ok()?,
                usize::try_from(b).ok()?,
            );
            let edge_off = 32usize;
            let edges = edge_off.checked_add(n.checked_add(1)?.checked_mul(8)?)?;
            let byte_off = edges.checked_add(e.checked_mul(4)?)?;
            let bytes = byte_off.checked_add(n.checked_add(1)?.checked_mul(8)?)?;
            let sorted = bytes.checked_add(b)?;
            (s.len() == sorted.checked_add(n.checked_mul(4)?)?)
                .then_some((edge_off, edges, byte_off, bytes, sorted))
        };
        let Some((edge_off, edges, byte_off, bytes, sorted)) = offsets() else {
            return Err(bad());
        };
        Ok(Enumerated {
            table,
            n,
            edge_off,
            edges,
            byte_off,
            bytes,
            sorted,
        })
    }

    fn u64_at(&self, o: usize) -> u64 {
        u64::from_le_bytes(self.table.section()[o..o + 8].try_into().expect("8 bytes"))
    }

    fn u32_at(&self, o: usize) -> u32 {
        u32::from_le_bytes(self.table.section()[o..o + 4].try_into().expect("4 bytes"))
    }

    fn corrupt(&self) -> GameError {
        GameError::Unsupported(format!(
            "the table for {} has a corrupt positions section; rebuild it",
            self.table.name()
        ))
    }

    fn position_bytes(&self, i: u64) -> Result<&[u8], GameError> {
        let (a, b) = (
            self.u64_at(self.byte_off + 8 * i as usize) as usize,
            self.u64_at(self.byte_off + 8 * (i as usize + 1)) as usize,
        );
        self.table.section()[self.bytes..self.sorted]
            .get(a..b)
            .ok_or_else(|| self.corrupt())
    }

    fn position(&self, i: u64) -> Result<DynPosition, GameError> {
        decode(self.position_bytes(i)?).ok_or_else(|| self.corrupt())
    }

    fn lookup(&self, p: &DynPosition) -> Result<Option<u64>, GameError> {
        let mut key = Vec::new();
        encode(p, &mut key);
        let (mut lo, mut hi) = (0u64, self.n);
        while lo < hi {
            let mid = (lo + hi) / 2;
            let i = self.u32_at(self.sorted + 4 * mid as usize) as u64;
            if i >= self.n {
                return Err(self.corrupt());
            }
            match self.position_bytes(i)?.cmp(&key[..]) {
                std::cmp::Ordering::Less => lo = mid + 1,
                std::cmp::Ordering::Greater => hi = mid,
                std::cmp::Ordering::Equal => return Ok(Some(i)),
            }
        }
        Ok(None)
    }
}

impl TableGame for Enumerated {
    fn name(&self) -> String {
        self.table.name().to_string()
    }
    fn size(&self) -> u64 {
        self.n
    }
    fn start(&self) -> DynPosition {
        self.position(0).unwrap_or(DynPosition::Text("start".into()))
    }
    fn parse_position(&self, text: &str) -> Result<DynPosition, GameError> {
        let p = if text.trim() == "start" {
            self.position(0)?
        } else {
            DynPosition::parse(text).map_err(|m| GameError::position(self.name(), text, m))?
        };
        self.index(&p)?;
        Ok(p)
    }
    fn index(&self, p: &DynPosition) -> Result<u64, GameError> {
        self.lookup(p)?.ok_or_else(|| {
            GameError::position(
                self.name(),
                p.to_string(),
                format!(
                    "not in this table: it holds the positions reachable from {} (build another with --start)",
                    self.start()
                ),
            )
        })
    }
    fn options(&self, p: &DynPosition) -> Result<Vec<DynPosition>, GameError> {
        let i = self.index(p)? as usize;
        let (a, b) = (
            self.u64_at(self.edge_off + 8 * i) as usize,
            self.u64_at(self.edge_off + 8 * (i + 1)) as usize,
        );
        if a > b || b > (self.byte_off - self.edges) / 4 {
            return Err(self.corrupt());
        }
        (a..b)
            .map(|k| {
                let o = self.u32_at(self.edges + 4 * k) as u64;
                if o >= self.n {
                    return Err(self.corrupt());
                }
                self.position(o)
            })
            .collect()
    }
    fn solve(&self, _: DenseOptions, _: &mut dyn FnMut(Progress)) -> Result<Table, RetroError> {
        Ok(self.table.clone())
    }
    fn method(&self) -> &'static str {
        "lookup in a table of the positions reachable from its start (retrograde analysis)"
    }
}
