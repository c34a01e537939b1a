use crate::games::{heap_components, sum_options};
use crate::{Game, GameError, Impartial};

/// An all-but subtraction game: a move takes any positive number of tokens from one
/// heap except the numbers in a finite set E.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AllBut {
    excluded: Vec<u64>,
}

impl AllBut {
    /// The all-but game excluding `excluded` (any order, repeats ignored).
    pub fn new(excluded: &[u64]) -> Result<Self, GameError> {
        let mut excluded = excluded.to_vec();
        excluded.sort_unstable();
        excluded.dedup();
        if excluded.first() == Some(&0) {
            return Err(GameError::parameter(
                "allbut",
                "0 is never a move, so it cannot be excluded",
            ));
        }
        Ok(AllBut { excluded })
    }

    /// The excluded numbers, sorted.
    pub fn excluded(&self) -> &[u64] {
        &self.excluded
    }

    /// Nim-values of heaps `0..=n` in O(n |E|).
    ///
    /// The options of `n` are every smaller heap except `n - e`. So the mex is the
    /// least value that no smaller heap has, unless some value occurs only at the
    /// excluded heaps: keep a count of each value seen and compare.
    pub fn nim_values(&self, n: usize) -> Vec<u64> {
        let mut g: Vec<u64> = Vec::with_capacity(n + 1);
        let mut count: Vec<u32> = Vec::new();
        let mut global_mex = 0u64;
        let mut removed: Vec<u64> = Vec::with_capacity(self.excluded.len());
        for k in 0..=n {
            removed.clear();
            for &e in &self.excluded {
                if e as usize <= k {
                    removed.push(g[k - e as usize]);
                }
            }
            removed.sort_unstable();
            let mut m = global_mex;
            let mut i = 0;
            while i < removed.len() {
                let v = removed[i];
                let mut j = i;
                while j < removed.len() && removed[j] == v {
                    j += 1;
                }
                if v < m && count[v as usize] as usize == j - i {
                    m = v;
                    break; // removed is sorted: the first such value is the least
                }
                i = j;
            }
            g.push(m);
            if count.len() <= m as usize {
                count.resize(m as usize + 1, 0);
            }
            count[m as usize] += 1;
            while (global_mex as usize) < count.len() && count[global_mex as usize] > 0 {
                global_mex += 1;
            }
        }
        g
    }
}

impl Game for AllBut {
    type Position = Vec<u64>;
    fn options(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) -> Result<(), GameError> {
        sum_options(p, out, |h, emit| {
            for take in (1..=h).filter(|t| self.excluded.binary_search(t).is_err()) {
                emit(&[h - take]);
            }
        });
        Ok(())
    }
}

impl Impartial for AllBut {
    fn components(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        heap_components(p, out)
    }
}
