//! The proof of a candidate (conditions 1-3 of the module docs) or its counterexample.

use std::collections::hash_map::Entry;

use rustc_hash::FxHashMap;

use super::candidate::Candidate;
use super::limits::{charge, quotient_memory};
use super::{Element, QuotientError, QuotientLimits};

pub(super) enum Proof {
    Holds {
        states: usize,
    },
    /// `wrong` is classified wrongly, and every sum of smaller rank than `rank`
    /// (the rank of `wrong`) rightly.
    Fails {
        wrong: Vec<u16>,
        rank: u32,
    },
}

/// Checks conditions 1–3 of the module docs for a candidate, visiting the proof
/// states in order of the least rank of a sum that reaches each.
///
/// Why that order: a sum G is classified rightly when all its options are and
/// its state passes (its class is in P exactly when it has a move and no option's
/// class is). By induction on rank, every sum of rank below that of the first
/// failing state is classified rightly, so the sum that reaches that state is
/// classified wrongly (its options are right, so its state tells its true
/// outcome) and is a counterexample without a search; and the candidate answers
/// every sum of smaller rank, which bounds the searches that follow.
pub(super) fn prove(
    c: &Candidate,
    options: &[Vec<Vec<u16>>],
    ranks: &[u32],
    limits: QuotientLimits,
    max_heap: u64,
    work: &mut u64,
) -> Result<Proof, QuotientError> {
    let listed: usize = options.iter().map(Vec::len).sum();
    charge(work, listed as u64 + c.order as u64, limits, max_heap)?;
    // Heaps that act alike: the same element and the same option elements; each
    // kind is reached through its heap of least rank.
    let mut kinds: FxHashMap<(Element, Vec<Element>), u16> = FxHashMap::default();
    let mut kind_heap: Vec<u16> = Vec::new();
    let mut kind_options: Vec<Vec<Element>> = Vec::new();
    for (h, heap_options) in options.iter().enumerate().skip(1) {
        let mut elems: Vec<Element> = heap_options.iter().map(|o| c.element_of(o)).collect();
        elems.sort_unstable();
        elems.dedup();
        match kinds.entry((c.heap_element[h], elems.clone())) {
            Entry::Vacant(slot) => {
                slot.insert(kind_heap.len() as u16);
                kind_heap.push(h as u16);
                kind_options.push(elems);
            }
            Entry::Occupied(slot) => {
                let k = *slot.get() as usize;
                if ranks[h] < ranks[kind_heap[k] as usize] {
                    kind_heap[k] = h as u16;
                }
            }
        }
    }
    // escapes[k][y]: a sum of class y plus a heap of kind k has an option, in that
    // heap, whose class is in P.
    let mut escapes = vec![vec![false; c.order]; kind_heap.len()];
    for k in 0..kind_heap.len() {
        for y in 0..c.order as Element {
            escapes[k][y as usize] = kind_options[k].iter().any(|&o| c.p[c.mul(y, o) as usize]);
        }
    }
    // A sum G *escapes in context z* when some option G' of G has Φ(G')·z in P.
    // For G = Y + h, G escapes in context z iff Y escapes in context z·Φ(h), or
    // Φ(Y)·z·Φ(o) is in P for an option o of h. So the state (Φ(G), G has a move,
    // {z : G escapes in context z}) follows from Y's state and h alone; the states
    // are finitely many and all are visited. A state passes when its class is in
    // P exactly when it has a move and does not escape in context 1 (conditions
    // 1, 2 and 3 at once).
    let words = c.order.div_ceil(64);
    let escape_row = |k: usize, x: Element| {
        let mut bits = vec![0u64; words];
        let times_x = &c.product[x as usize * c.order..][..c.order];
        for (z, &xz) in times_x.iter().enumerate() {
            if escapes[k][xz as usize] {
                bits[z / 64] |= 1 << (z % 64);
            }
        }
        bits
    };
    // Cached when all rows together fit in an eighth of the memory limit.
    let cache_rows = (kind_heap.len() * c.order * (words * 8 + 24)) as u64 <= limits.max_bytes / 8;
    let mut escape_rows: Vec<Vec<u64>> =
        vec![Vec::new(); if cache_rows { kind_heap.len() * c.order } else { 0 }];
    type State = (Element, bool, Vec<u64>);
    let mut ids: FxHashMap<State, u32> = FxHashMap::default();
    let mut states: Vec<State> = Vec::new();
    let mut parent: Vec<(u32, u16)> = Vec::new();
    let mut best: Vec<u32> = Vec::new();
    let mut queue = std::collections::BinaryHeap::new();
    let start: State = (0, false, vec![0; words]);
    ids.insert(start.clone(), 0);
    states.push(start);
    parent.push((u32::MAX, 0));
    best.push(0);
    queue.push(std::cmp::Reverse((0u32, 0u32)));
    while let Some(std::cmp::Reverse((r, at))) = queue.pop() {
        if r > best[at as usize] {
            continue;
        }
        charge(
            work,
            (kind_heap.len() * c.order.div_ceil(2)) as u64 + 1,
            limits,
            max_heap,
        )?;
        let (x, live, escaping) = states[at as usize].clone();
        let truly_p = live && escaping[0] & 1 == 0;
        if c.p[x as usize] != truly_p {
            return Ok(Proof::Fails {
                wrong: rebuild(&parent, at),
                rank: r,
            });
        }
        for (k, &h) in kind_heap.iter().enumerate() {
            let a = c.heap_element[h as usize];
            // The contexts in which the heap's own options escape depend on x and
            // the kind alone: kept as a bit set, made on first use.
            let mut next = if cache_rows {
                let row = k * c.order + x as usize;
                if escape_rows[row].is_empty() {
                    escape_rows[row] = escape_row(k, x);
                }
                escape_rows[row].clone()
            } else {
                escape_row(k, x)
            };
            let times_a = &c.product[a as usize * c.order..][..c.order];
            for (z, &za) in times_a.iter().enumerate() {
                next[z / 64] |= (escaping[za as usize / 64] >> (za % 64) & 1) << (z % 64);
            }
            let state = (c.mul(x, a), live || !kind_options[k].is_empty(), next);
            let nr = r + ranks[h as usize];
            let id = match ids.get(&state) {
                Some(&id) => id,
                None => {
                    // Each state is kept twice (in the list and as a key), with its
                    // context set, and has a parent, a rank and queue entries.
                    let state_bytes = 2 * (words * 8 + std::mem::size_of::<State>() + 16) + 32;
                    if (states.len() * state_bytes) as u64 > limits.max_bytes / 4 {
                        return Err(quotient_memory(
                            max_heap,
                            (states.len() * state_bytes) as u64 * 4,
                            limits.max_bytes,
                        ));
                    }
                    if states.len() >= limits.max_states {
                        return Err(QuotientError::TooManyStates {
                            max_heap,
                            limit: limits.max_states,
                        });
                    }
                    let id = states.len() as u32;
                    ids.insert(state.clone(), id);
                    states.push(state);
                    parent.push((u32::MAX, 0));
                    best.push(u32::MAX);
                    id
                }
            };
            if nr < best[id as usize] {
                best[id as usize] = nr;
                parent[id as usize] = (at, h);
                queue.push(std::cmp::Reverse((nr, id)));
            }
        }
    }
    Ok(Proof::Holds { states: states.len() })
}

/// The sum that reached proof state `id`.
fn rebuild(parent: &[(u32, u16)], mut id: u32) -> Vec<u16> {
    let mut g = Vec::new();
    while parent[id as usize].0 != u32::MAX {
        g.push(parent[id as usize].1);
        id = parent[id as usize].0;
    }
    g.sort_unstable();
    g
}
