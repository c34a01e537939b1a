//! Shared test helpers: an independent brute-force solver.
#![allow(dead_code)]

use grundy_octal::HeapRules;
use rustc_hash::FxHashMap;

/// Brute-force nim-value of a position (multiset of heaps), by recursion
/// over whole positions with memoisation. Knows nothing about Sprague–Grundy
/// sums: every move replaces one heap by the heaps an option leaves.
pub struct Brute<'a> {
    rules: &'a HeapRules,
    memo: FxHashMap<Vec<u64>, u32>,
}

impl<'a> Brute<'a> {
    pub fn new(rules: &'a HeapRules) -> Self {
        Brute {
            rules,
            memo: FxHashMap::default(),
        }
    }

    pub fn value(&mut self, heaps: &[u64]) -> u32 {
        let mut pos: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
        pos.sort_unstable();
        if let Some(&v) = self.memo.get(&pos) {
            return v;
        }
        let mut children: Vec<Vec<u64>> = Vec::new();
        for i in 0..pos.len() {
            if i > 0 && pos[i] == pos[i - 1] {
                continue;
            }
            let rules = self.rules;
            rules.heap_options(pos[i], &mut |leaves| {
                let mut next = pos.clone();
                next.remove(i);
                next.extend_from_slice(leaves);
                children.push(next);
            });
        }
        let mut seen: Vec<u32> = children.into_iter().map(|c| self.value(&c)).collect();
        seen.sort_unstable();
        seen.dedup();
        let mex = seen
            .iter()
            .enumerate()
            .find(|(i, &v)| *i as u32 != v)
            .map(|(i, _)| i as u32)
            .unwrap_or(seen.len() as u32);
        self.memo.insert(pos, mex);
        mex
    }
}

/// Straightforward per-heap recursion (mex over XORs of option heaps),
/// independent of the engine's code paths.
pub fn simple_sequence(rules: &HeapRules, len: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(len);
    for n in 0..len as u64 {
        let mut seen = Vec::new();
        rules.heap_options(n, &mut |leaves| {
            seen.push(leaves.iter().fold(0, |acc, &h| acc ^ g[h as usize]));
        });
        seen.sort_unstable();
        seen.dedup();
        let mut mex = 0;
        while seen.binary_search(&mex).is_ok() {
            mex += 1;
        }
        g.push(mex);
    }
    g
}
