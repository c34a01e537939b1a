//! The checkpoint of Domineering's search: its transposition table as bytes
//! and back, so that a search stopped by its budget carries on where it was.

use rustc_hash::FxHashMap;

use super::{Bits, DomineeringSearch, Entry};
use crate::games::domineering::bytes::Reader;
use crate::partizan::GameId;
use crate::Budget;

/// The first bytes of a [`DomineeringSearch::checkpoint`], with its version.
const CHECKPOINT_MAGIC: &[u8] = b"grundy domineering outcome search 1\n";

impl<B: Bits> DomineeringSearch<B> {
    /// The search's table as bytes, with `root` (the board it was asked
    /// about), for [`DomineeringSearch::restore`] to carry on from: every
    /// entry is a node searched to the end, so a search stopped by its budget
    /// loses only the nodes it had not finished. The known parts' values are
    /// written in CGSuite's notation (their ids are this run's own), and a
    /// checksum closes it.
    pub fn checkpoint(&self, root: B) -> Vec<u8> {
        let mut out = CHECKPOINT_MAGIC.to_vec();
        out.extend([self.g.h as u8, self.g.w as u8, (B::CELLS / 8) as u8]);
        out.extend(root.to_bytes());
        let mut values: FxHashMap<u32, u32> = FxHashMap::default();
        let mut texts = Vec::new();
        self.tt.for_each(|e| {
            values.entry(e.value).or_insert_with(|| {
                texts.push(self.cache.universe.display(GameId(e.value), false));
                (texts.len() - 1) as u32
            });
        });
        out.extend((texts.len() as u32).to_le_bytes());
        for t in &texts {
            out.extend((t.len() as u32).to_le_bytes());
            out.extend(t.as_bytes());
        }
        out.extend(self.tt.filled().to_le_bytes());
        self.tt.for_each(|e| {
            out.extend(B::unpack(e.cells).to_bytes());
            out.extend(values[&e.value].to_le_bytes());
            out.extend(e.meta.to_le_bytes());
        });
        let mut sum = grundy_files::Fnv::new();
        sum.update(&out);
        out.extend(sum.finish().to_le_bytes());
        out
    }

    /// A search of an `h × w` board carrying on from a
    /// [`DomineeringSearch::checkpoint`] of one, within `budget`, and the
    /// board it was asked about; the error says what is wrong with the bytes.
    pub fn restore(
        h: usize,
        w: usize,
        bytes: &[u8],
        budget: &Budget,
    ) -> Result<(B, DomineeringSearch<B>), String> {
        let bad = |what: &str| format!("not a checkpoint of this search: {what}");
        let (body, sum) = bytes.split_last_chunk::<8>().ok_or_else(|| bad("too short"))?;
        let mut check = grundy_files::Fnv::new();
        check.update(body);
        if check.finish() != u64::from_le_bytes(*sum) {
            return Err(bad("its checksum does not match (a damaged or cut file)"));
        }
        let mut r = Reader::new(body, 0, "checkpoint of this search");
        if r.take(CHECKPOINT_MAGIC.len())? != CHECKPOINT_MAGIC {
            return Err(bad("it does not begin as one"));
        }
        let head = r.take(3)?;
        if (usize::from(head[0]), usize::from(head[1])) != (h, w) {
            return Err(format!(
                "the checkpoint is of a {}x{} board, not {h}x{w}",
                head[0], head[1]
            ));
        }
        if usize::from(head[2]) != B::CELLS / 8 {
            return Err(bad("its bitboards are of another width"));
        }
        let cell_bytes = B::CELLS / 8;
        let root = B::from_bytes(r.take(cell_bytes)?);
        let mut search =
            DomineeringSearch::<B>::new(h, w, budget).ok_or_else(|| bad("the board is beyond it"))?;
        let n = r.u32()? as usize;
        let mut ids = Vec::with_capacity(n.min(1 << 20));
        for _ in 0..n {
            let len = r.u32()? as usize;
            let text = std::str::from_utf8(r.take(len)?).map_err(|_| bad("a value is not UTF-8"))?;
            let v = search
                .cache
                .universe
                .parse(text)
                .map_err(|e| bad(&format!("a value does not read back ({e})")))?;
            ids.push(v.0);
        }
        let entries = r.u64()?;
        search.tt.reserve(entries.min((body.len() / cell_bytes) as u64));
        for _ in 0..entries {
            let cells = B::from_bytes(r.take(cell_bytes)?);
            let value = *ids
                .get(r.u32()? as usize)
                .ok_or_else(|| bad("an entry's value is not in its list"))?;
            let meta = r.u32()?;
            if meta & 1 == 0 || cells.minus(search.g.all()) != B::ZERO {
                return Err(bad("an entry is not one of this board's"));
            }
            search.tt.insert(Entry {
                cells: cells.pack(),
                value,
                meta,
            });
        }
        if !r.at_end() {
            return Err(bad("bytes follow its last entry"));
        }
        Ok((root, search))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::partizan::Side;
    use crate::GameError;

    /// A search stopped by its budget and carried on from its checkpoint, again
    /// and again, answers as one search would, in about as many nodes (only
    /// the unfinished nodes of each stop are lost); damaged or foreign bytes
    /// are refused.
    #[test]
    fn a_checkpointed_search_carries_on() {
        let budget = |work| Budget {
            max_memory: 256 << 20,
            max_work: Some(work),
            ..Budget::default()
        };
        let mut whole = DomineeringSearch::<u128>::new(7, 7, &budget(u64::MAX)).unwrap();
        let all = whole.geometry().all();
        let want = whole.wins(all, Side::Left).unwrap();
        let nodes = whole.stats().nodes;
        let mut s = DomineeringSearch::<u128>::new(7, 7, &budget(nodes / 5)).unwrap();
        let (mut stops, mut total) = (0, 0);
        let got = loop {
            let r = s.wins(all, Side::Left);
            total += s.stats().nodes;
            match r {
                Ok(w) => break w,
                Err(GameError::OverBudget(_)) => {
                    stops += 1;
                    let bytes = s.checkpoint(all);
                    let (root, back) =
                        DomineeringSearch::<u128>::restore(7, 7, &bytes, &budget(nodes / 5)).unwrap();
                    assert_eq!(root, all);
                    // A bucket of two may overflow as the table is filled
                    // afresh; the cheaper entry goes.
                    assert!(back.tt.filled() * 100 >= s.tt.filled() * 98);
                    s = back;
                }
                Err(e) => panic!("{e}"),
            }
        };
        assert_eq!(got, want);
        assert!(stops >= 3, "{stops} stops");
        assert!(
            total < nodes + nodes / 4,
            "{total} nodes in pieces, {nodes} whole"
        );
        let bytes = s.checkpoint(all);
        let mut bad = bytes.clone();
        bad[bytes.len() / 2] ^= 1;
        let e = DomineeringSearch::<u128>::restore(7, 7, &bad, &budget(1))
            .err()
            .unwrap();
        assert!(e.contains("checksum"), "{e}");
        let e = DomineeringSearch::<u128>::restore(7, 6, &bytes, &budget(1))
            .err()
            .unwrap();
        assert!(e.contains("7x7 board, not 7x6"), "{e}");
        let e = DomineeringSearch::<u64>::restore(7, 7, &bytes, &budget(1))
            .err()
            .unwrap();
        assert!(e.contains("another width"), "{e}");
        let e = DomineeringSearch::<u128>::restore(7, 7, &bytes[..20], &budget(1))
            .err()
            .unwrap();
        assert!(e.contains("checksum"), "{e}");
    }
}
