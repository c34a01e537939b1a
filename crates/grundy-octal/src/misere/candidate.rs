//! A candidate quotient: a finite commutative monoid with a P-portion, and the
//! coarsest one on a finite monoid (Moore's refinement), which building by classes
//! and recalibration both make.

use rustc_hash::{FxHashMap, FxHashSet};

use super::limits::charge;
use super::{Element, QuotientError, QuotientLimits};

/// A hypothesis: the table's automaton, as a monoid.
#[derive(Clone)]
pub(super) struct Candidate {
    pub(super) order: usize,
    pub(super) product: Vec<Element>,
    pub(super) p: Vec<bool>,
    pub(super) heap_element: Vec<Element>,
}

impl Candidate {
    pub(super) fn mul(&self, x: Element, y: Element) -> Element {
        self.product[x as usize * self.order + y as usize]
    }

    pub(super) fn element_of(&self, g: &[u16]) -> Element {
        g.iter()
            .fold(0, |x, &h| self.mul(x, self.heap_element[h as usize]))
    }
}

/// The most options `extend_by_classes` (module `extend`) looks at, and the most
/// pairs times letters it refines: about a second here.
pub(super) const CLASS_WORK: u64 = 50_000_000;

/// The coarsest congruence that respects P on a finite commutative monoid given
/// by its elements `0..size` (0 the identity, every element a product of heaps
/// 1..=n), as a candidate: Moore's refinement (two elements stay together while
/// they agree on P and each heap takes them to classes that agree), then the
/// classes numbered from the identity by a search over the heaps in order.
/// `None` when the refinement outgrows [`CLASS_WORK`] or the element limit.
#[allow(clippy::too_many_arguments)]
pub(super) fn minimize(
    size: usize,
    n: usize,
    in_p: impl Fn(usize) -> bool,
    times_heap: impl Fn(usize, usize) -> usize,
    mul: impl Fn(usize, usize) -> usize,
    limits: QuotientLimits,
    max_heap: u64,
    work: &mut u64,
) -> Result<Option<Candidate>, QuotientError> {
    // Heaps with one element act alike: one letter each.
    let mut unique: Vec<usize> = Vec::new();
    let mut seen = FxHashSet::default();
    for h in 1..=n {
        if seen.insert(times_heap(0, h)) {
            unique.push(h);
        }
    }
    let step = (size * (unique.len() + 1)) as u64;
    if step > CLASS_WORK {
        return Ok(None);
    }
    let mut class: Vec<u32> = (0..size).map(|s| u32::from(in_p(s))).collect();
    let mut classes = 2;
    let mut refined = 0u64;
    loop {
        charge(work, step, limits, max_heap)?;
        refined += step;
        if refined > 4 * CLASS_WORK {
            return Ok(None);
        }
        let mut ids: FxHashMap<Vec<u32>, u32> = FxHashMap::default();
        let mut next = vec![0u32; size];
        for s in 0..size {
            let mut key = Vec::with_capacity(unique.len() + 1);
            key.push(class[s]);
            key.extend(unique.iter().map(|&h| class[times_heap(s, h)]));
            let fresh = ids.len() as u32;
            next[s] = *ids.entry(key).or_insert(fresh);
        }
        let count = ids.len();
        class = next;
        if count == classes {
            break;
        }
        classes = count;
        if classes > limits.max_elements {
            return Ok(None);
        }
    }
    let mut number = vec![u32::MAX; classes];
    let mut member = Vec::new();
    number[class[0] as usize] = 0;
    member.push(0usize);
    let mut i = 0;
    while i < member.len() {
        let s = member[i];
        for h in 1..=n {
            let t = times_heap(s, h);
            if number[class[t] as usize] == u32::MAX {
                number[class[t] as usize] = member.len() as u32;
                member.push(t);
            }
        }
        i += 1;
    }
    let order = member.len();
    let mut product = vec![0; order * order];
    for (a, &s) in member.iter().enumerate() {
        for (b, &t) in member.iter().enumerate() {
            product[a * order + b] = number[class[mul(s, t)] as usize];
        }
    }
    let p = member.iter().map(|&s| in_p(s)).collect();
    let heap_element = (0..=n)
        .map(|h| {
            if h == 0 {
                0
            } else {
                number[class[times_heap(0, h)] as usize]
            }
        })
        .collect();
    Ok(Some(Candidate {
        order,
        product,
        p,
        heap_element,
    }))
}
