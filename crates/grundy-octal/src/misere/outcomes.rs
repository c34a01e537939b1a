//! Exact misère outcomes of sums, by a memoized search.

use rustc_hash::FxHashMap;

use super::candidate::Candidate;
use super::limits::{quotient_memory, quotient_work};
use super::QuotientError;
use crate::HeapRules;

/// Each heap's distinct options, as sorted `u16` heap lists.
pub(super) fn heap_options(rules: &HeapRules, max_heap: u64) -> Result<Vec<Vec<Vec<u16>>>, QuotientError> {
    // Bounds on one heap's options as listed and on all heaps' distinct options
    // kept (a three-heap code has about n^2/12 options a heap: 999 heaps would keep
    // gigabytes).
    const LISTED: u64 = 10_000_000;
    const KEPT: usize = 2_000_000;
    let mut options = vec![Vec::new()];
    let mut kept = 0usize;
    for n in 1..=max_heap {
        let mut list: Vec<Vec<u16>> = Vec::new();
        let mut count = 0u64;
        rules.heap_options(n, &mut |left| {
            count += 1;
            if count <= LISTED && list.len() <= KEPT {
                let mut o: Vec<u16> = left.iter().map(|&h| h as u16).collect();
                o.sort_unstable();
                list.push(o);
            }
        });
        list.sort();
        list.dedup();
        kept += list.len();
        if count > LISTED || kept > KEPT {
            return Err(QuotientError::TooManyOptions(n));
        }
        options.push(list);
    }
    Ok(options)
}

/// Each heap's rank: the longest game on that heap alone (0 for an empty heap).
pub(super) fn heap_ranks(options: &[Vec<Vec<u16>>]) -> Vec<u32> {
    let mut ranks = vec![0u32; options.len()];
    for h in 1..options.len() {
        ranks[h] = options[h].iter().map(|o| 1 + rank(&ranks, o)).max().unwrap_or(0);
    }
    ranks
}

/// A sum's rank: the longest game on it, the sum of its heaps' ranks.
pub(super) fn rank(ranks: &[u32], g: &[u16]) -> u32 {
    g.iter().map(|&h| ranks[h as usize]).sum()
}

/// Exact misère outcomes of sums, memoized over sorted heap lists.
pub(super) struct Outcomes {
    pub(super) options: Vec<Vec<Vec<u16>>>,
    /// true = P-position.
    pub(super) memo: FxHashMap<Box<[u16]>, bool>,
    /// The same for sums of heaps below [`COUNTED`], by counts.
    pub(super) counted: FxHashMap<Counts, bool>,
    pub(super) limit: usize,
    pub(super) max_heap: u64,
    /// The proved quotient of heaps up to the given size.
    pub(super) smaller: Option<(u16, Candidate)>,
    /// Each heap's rank: the most moves a game on that heap alone can last. A
    /// sum's rank is the sum of its heaps' ranks; every option has a smaller one.
    pub(super) ranks: Vec<u32>,
    /// A candidate of this heap size and a rank below which it classifies every
    /// sum correctly (what a failed proof certifies: see [`prove`](super::prove::prove)).
    pub(super) certified: Option<(u32, Candidate)>,
    /// Sums searched in all.
    pub(super) searched: usize,
    /// The bytes of the boxed lists that key `memo`, with the allocator's overhead.
    pub(super) memo_key_bytes: usize,
    /// Steps of proof and search so far, at most `max_work`
    /// ([`QuotientLimits::max_work`](super::QuotientLimits::max_work)).
    pub(super) work: u64,
    pub(super) max_work: u64,
    /// The most bytes `counted` and `memo` may hold: three quarters of
    /// [`QuotientLimits::max_bytes`](super::QuotientLimits::max_bytes), which is `limit_bytes`.
    pub(super) max_bytes: u64,
    pub(super) limit_bytes: u64,
}

/// The sorted list of the sum `c` with one heap `h` replaced by `option`, for the
/// rare option whose counts overflow a byte.
fn listed(c: &Counts, h: usize, option: &[u16]) -> Vec<u16> {
    let mut g: Vec<u16> = Vec::new();
    for (size, &k) in c.iter().enumerate().skip(1) {
        let k = k as usize - usize::from(size == h);
        g.extend(std::iter::repeat_n(size as u16, k));
    }
    g.extend(option.iter().copied().filter(|&o| o > 0));
    g.sort_unstable();
    g
}

/// `g` without its heap at `skip`, plus `extra`, sorted.
pub(super) fn merged(g: &[u16], skip: Option<usize>, extra: &[u16]) -> Vec<u16> {
    let mut out = Vec::with_capacity(g.len() + extra.len());
    let (mut i, mut j) = (0, 0);
    loop {
        if Some(i) == skip {
            i += 1;
            continue;
        }
        match (g.get(i), extra.get(j)) {
            (Some(&a), Some(&b)) if a <= b => {
                out.push(a);
                i += 1;
            }
            (Some(_), Some(&b)) | (None, Some(&b)) => {
                out.push(b);
                j += 1;
            }
            (Some(&a), None) => {
                out.push(a);
                i += 1;
            }
            (None, None) => return out,
        }
    }
}

/// A sum as the count of each heap size, for games of heaps below [`COUNTED`]:
/// 32 bytes, hashed as four words, a move two byte updates (no sorting, no
/// allocation), and a third of the memory of a sorted list in a box.
type Counts = [u8; COUNTED];

/// Heap sizes below this are searched as [`Counts`].
const COUNTED: usize = 32;

impl Outcomes {
    pub(super) fn is_p(&mut self, g: &[u16]) -> Result<bool, QuotientError> {
        if self.options.len() <= COUNTED {
            let mut c: Counts = [0; COUNTED];
            let mut fits = true;
            for &h in g {
                match c[h as usize].checked_add(1) {
                    Some(v) => c[h as usize] = v,
                    None => fits = false,
                }
            }
            if fits {
                return self.is_p_counted(&c, rank(&self.ranks, g));
            }
        }
        self.is_p_listed(g)
    }

    /// An error once the positions kept reach the limit, or when the memory for
    /// one more cannot be had (a memory limit refuses the growth of a table as an
    /// error, not an abort).
    fn check_limit(&mut self) -> Result<(), QuotientError> {
        let positions = self.counted.len() + self.memo.len();
        if positions >= self.limit {
            return Err(QuotientError::TooManyPositions {
                max_heap: self.max_heap,
                limit: self.limit,
            });
        }
        // The tables' bytes once the next growth is done (a hash table doubles its
        // buckets; each bucket holds the entry and a control byte).
        let table = |len: usize, capacity: usize, entry: usize| {
            let buckets = if len == capacity {
                (2 * capacity).max(1024)
            } else {
                capacity
            };
            buckets * (entry + 1)
        };
        let needed = table(
            self.counted.len(),
            self.counted.capacity(),
            std::mem::size_of::<(Counts, bool)>(),
        ) + table(
            self.memo.len(),
            self.memo.capacity(),
            std::mem::size_of::<(Box<[u16]>, bool)>(),
        ) + self.memo_key_bytes;
        if needed as u64 > self.max_bytes {
            return Err(quotient_memory(
                self.max_heap,
                (needed as u64).saturating_mul(4) / 3,
                self.limit_bytes,
            ));
        }
        let out_of_memory = |_| QuotientError::OutOfMemory {
            max_heap: self.max_heap,
            positions,
        };
        if self.counted.len() == self.counted.capacity() {
            // Growing the table: first make sure that the rest of the search (rows,
            // tests, lists) will still have room once it has grown, so a memory
            // limit ends the search here and not in some small allocation later.
            let headroom = 2 * self.counted.len() * std::mem::size_of::<(Counts, bool)>() + (64 << 20);
            Vec::<u8>::new()
                .try_reserve_exact(headroom)
                .map_err(out_of_memory)?;
            self.counted
                .try_reserve(self.counted.len().max(1024))
                .map_err(out_of_memory)?;
        }
        if self.memo.len() == self.memo.capacity() {
            // The grown table, and a boxed list of about 64 bytes for each entry
            // that will fill it.
            let headroom = self.memo.len() * 128 + (64 << 20);
            Vec::<u8>::new()
                .try_reserve_exact(headroom)
                .map_err(out_of_memory)?;
            self.memo
                .try_reserve(self.memo.len().max(1024))
                .map_err(out_of_memory)?;
        }
        Ok(())
    }

    /// Charges one option looked at by the search to the work budget: as much as
    /// [`SEARCH_STEP`] steps of proof (a hash lookup against a few multiplications).
    fn charge_option(&mut self) -> Result<(), QuotientError> {
        self.work += SEARCH_STEP;
        if self.work > self.max_work {
            return Err(quotient_work(self.max_heap, self.work, self.max_work));
        }
        Ok(())
    }

    /// [`Outcomes::is_p`] on counts; `rank` is the sum's rank.
    fn is_p_counted(&mut self, c: &Counts, rank: u32) -> Result<bool, QuotientError> {
        let element_of = |q: &Candidate| {
            let mut x = 0;
            for (h, &k) in c.iter().enumerate().skip(1) {
                for _ in 0..k {
                    x = q.mul(x, q.heap_element[h]);
                }
            }
            x
        };
        if let Some((n, q)) = &self.smaller {
            if c[*n as usize + 1..].iter().all(|&k| k == 0) {
                return Ok(q.p[element_of(q) as usize]);
            }
        }
        if let Some((bound, q)) = &self.certified {
            if rank < *bound {
                return Ok(q.p[element_of(q) as usize]);
            }
        }
        if let Some(&p) = self.counted.get(c) {
            return Ok(p);
        }
        self.check_limit()?;
        let mut terminal = true;
        let mut p = true;
        'heaps: for h in 1..self.options.len() {
            if c[h] == 0 {
                continue;
            }
            for k in 0..self.options[h].len() {
                terminal = false;
                self.charge_option()?;
                let mut next = *c;
                next[h] -= 1;
                let mut next_rank = rank - self.ranks[h];
                let mut fits = true;
                for &part in &self.options[h][k] {
                    if part > 0 {
                        match next[part as usize].checked_add(1) {
                            Some(v) => next[part as usize] = v,
                            None => fits = false,
                        }
                        next_rank += self.ranks[part as usize];
                    }
                }
                let option_p = if fits {
                    self.is_p_counted(&next, next_rank)?
                } else {
                    self.is_p_listed(&listed(c, h, &self.options[h][k]))?
                };
                if option_p {
                    p = false;
                    break 'heaps;
                }
            }
        }
        let p = p && !terminal;
        self.counted.insert(*c, p);
        self.searched += 1;
        Ok(p)
    }

    /// [`Outcomes::is_p`] on a sorted list of heaps.
    fn is_p_listed(&mut self, g: &[u16]) -> Result<bool, QuotientError> {
        if let Some((n, q)) = &self.smaller {
            if g.last().is_none_or(|&h| h <= *n) {
                return Ok(q.p[q.element_of(g) as usize]);
            }
        }
        if let Some((bound, c)) = &self.certified {
            if rank(&self.ranks, g) < *bound {
                return Ok(c.p[c.element_of(g) as usize]);
            }
        }
        if let Some(&p) = self.memo.get(g) {
            return Ok(p);
        }
        self.check_limit()?;
        // Terminal sums are N-positions in misère play (the player to move has
        // already won); otherwise P iff no option is P.
        let mut terminal = true;
        let mut p = true;
        'heaps: for i in 0..g.len() {
            if i > 0 && g[i] == g[i - 1] {
                continue;
            }
            for k in 0..self.options[g[i] as usize].len() {
                terminal = false;
                self.charge_option()?;
                let next = merged(g, Some(i), &self.options[g[i] as usize][k]);
                if self.is_p_listed(&next)? {
                    p = false;
                    break 'heaps;
                }
            }
        }
        let p = p && !terminal;
        // A boxed list: its heaps and the allocator's 16 bytes.
        self.memo_key_bytes += (2 * g.len()).next_multiple_of(16) + 16;
        self.memo.insert(g.into(), p);
        self.searched += 1;
        Ok(p)
    }
}

/// The steps of work one option looked at by the outcome search counts for.
const SEARCH_STEP: u64 = 16;

#[cfg(test)]
mod tests {
    use super::*;

    fn nim_outcomes() -> Outcomes {
        let options = heap_options(&HeapRules::nim(), 3).unwrap();
        Outcomes {
            ranks: heap_ranks(&options),
            certified: None,
            counted: FxHashMap::default(),
            options,
            memo: FxHashMap::default(),
            limit: 1_000_000,
            max_heap: 3,
            smaller: None,
            searched: 0,
            memo_key_bytes: 0,
            work: 0,
            max_work: u64::MAX,
            max_bytes: 1 << 30,
            limit_bytes: 1 << 30,
        }
    }

    #[test]
    fn counts_past_a_byte_fall_back_to_lists_with_the_same_answers() {
        // Misère Nim on heaps of one: P iff their number is odd (Bouton).
        let mut o = nim_outcomes();
        for ones in [1usize, 2, 254, 255, 256, 300] {
            let g = vec![1u16; ones];
            assert_eq!(o.is_p(&g).unwrap(), ones % 2 == 1, "{ones} heaps of one");
        }
        // With a larger heap: P iff the nim-sum is 0.
        let mut g = vec![1u16; 255];
        g.extend([2, 3]);
        assert!(o.is_p(&g).unwrap());
        assert_eq!(o.is_p(&g).unwrap(), nim_outcomes().is_p_listed(&g).unwrap());
        assert_eq!(
            heap_ranks(&heap_options(&HeapRules::kayles(), 5).unwrap()),
            [0, 1, 2, 3, 4, 5]
        );
    }
}
