//! The quotient of heaps up to n from the proved quotient of the heaps below n, with no search of sums.

use super::candidate::{minimize, Candidate, CLASS_WORK};
use super::limits::charge;
use super::outcomes::{merged, Outcomes};
use super::prove::{prove, Proof};
use super::recalibrate::{free_new_heap, recalibrate, Recalibrated};
use super::{Element, QuotientError, QuotientLimits};

/// Tries the proved quotient of the heaps below `n` as the quotient of the heaps
/// up to `n`, with heap `n` mapped to each of its elements in turn. One that
/// proves is the quotient (its elements were already told apart by smaller
/// heaps). Otherwise the guess whose first failure comes at the largest rank
/// answers the searches of sums of smaller rank (see [`prove`]). Returns the
/// guesses tried and the proved one, if any.
pub(super) fn extend(
    oracle: &mut Outcomes,
    options: &[Vec<Vec<u16>>],
    ranks: &[u32],
    limits: QuotientLimits,
    max_heap: u64,
) -> Result<(usize, Option<(Candidate, usize)>), QuotientError> {
    let Some((_, smaller)) = &oracle.smaller else {
        return Ok((0, None));
    };
    // The likeliest guesses first: the elements of smaller heaps whose options have
    // the same elements as heap n's (such heaps usually act alike), latest first.
    let n = options.len() - 1;
    let option_elements = |h: usize| {
        let mut e: Vec<Element> = options[h].iter().map(|o| smaller.element_of(o)).collect();
        e.sort_unstable();
        e.dedup();
        e
    };
    let newest = option_elements(n);
    let mut guesses: Vec<Element> = (1..n)
        .rev()
        .filter(|&m| option_elements(m) == newest)
        .map(|m| smaller.heap_element[m])
        .collect();
    guesses.extend(0..smaller.order as Element);
    let mut tried = vec![false; smaller.order];
    guesses.retain(|&x| !std::mem::replace(&mut tried[x as usize], true));
    // A necessary condition, cheaper than a proof (condition 2 on heap n plus a
    // sum of class z, for every z): where x·z is in P, no option of heap n leaves
    // a class o·z in P. Siegel's MisereSolver checks the same ("meximal sets").
    charge(
        &mut oracle.work,
        (guesses.len() * smaller.order * (newest.len() + 1)) as u64,
        limits,
        max_heap,
    )?;
    guesses.retain(|&x| {
        (0..smaller.order as Element).all(|z| {
            !smaller.p[smaller.mul(x, z) as usize]
                || newest.iter().all(|&o| !smaller.p[smaller.mul(o, z) as usize])
        })
    });
    let mut best: Option<(u32, Candidate)> = None;
    for (i, &x) in guesses.iter().enumerate() {
        let mut guess = smaller.clone();
        guess.heap_element.push(x);
        match prove(&guess, options, ranks, limits, max_heap, &mut oracle.work)? {
            Proof::Holds { states } => return Ok((i + 1, Some((guess, states)))),
            Proof::Fails { rank, .. } => {
                if best.as_ref().is_none_or(|(r, _)| rank > *r) {
                    best = Some((rank, guess));
                }
            }
        }
    }
    oracle.certified = best;
    Ok((smaller.order, None))
}

/// What [`extend_by_classes`] found.
enum ByClasses {
    /// The candidate proved, with its proof states.
    Proved(Candidate, usize),
    /// The candidate failed its proof at this rank (it classifies every sum of
    /// smaller rank rightly) on this sum.
    Failed(u32, Candidate, Vec<u16>),
    /// No candidate: the powers of the heap showed no period, or it grew too large.
    None,
}

/// The proved quotient Q of the heaps below `n` as the base of
/// [`extend_by_classes`]: its product by each heap, its P-portion, and a sum of
/// each element (found by a search from the empty sum).
struct Base {
    order: usize,
    /// Heaps 1..n-1.
    heaps: usize,
    /// `next[b * heaps + h - 1]`: b times heap h.
    next: Vec<Element>,
    /// Whether b's sums are P-positions (by Q).
    p: Vec<bool>,
    /// A sum of each element, found by a search from the empty sum.
    representative: Vec<Vec<u16>>,
}

impl Base {
    fn new(q: &Candidate, n: usize) -> Base {
        let heaps = n - 1;
        // Elements renumbered in the order the search meets them (all of Q's
        // elements are products of heaps, so all are met).
        let mut id = vec![Element::MAX; q.order];
        let mut elements: Vec<Element> = vec![0];
        id[0] = 0;
        let mut representative = vec![Vec::new()];
        let mut i = 0;
        while i < elements.len() {
            for h in 1..=heaps {
                let y = q.mul(elements[i], q.heap_element[h]);
                if id[y as usize] == Element::MAX {
                    id[y as usize] = elements.len() as Element;
                    elements.push(y);
                    let mut g = representative[i].clone();
                    g.push(h as u16);
                    g.sort_unstable();
                    representative.push(g);
                }
            }
            i += 1;
        }
        let mut next = Vec::with_capacity(elements.len() * heaps);
        for &x in &elements {
            next.extend((1..=heaps).map(|h| id[q.mul(x, q.heap_element[h]) as usize]));
        }
        Base {
            order: elements.len(),
            heaps,
            next,
            p: elements.iter().map(|&x| q.p[x as usize]).collect(),
            representative,
        }
    }

    fn times_heap(&self, b: Element, h: usize) -> Element {
        self.next[b as usize * self.heaps + h - 1]
    }

    fn element_of(&self, g: &[u16]) -> Element {
        g.iter().fold(0, |b, &h| self.times_heap(b, h as usize))
    }

    fn mul(&self, x: Element, y: Element) -> Element {
        self.representative[y as usize]
            .iter()
            .fold(x, |b, &h| self.times_heap(b, h as usize))
    }
}

/// Builds the quotient of the heaps up to `n` from the proved quotient Q of the
/// heaps below `n` without searching sums: [`extend_by_classes`] on Q, and when
/// that candidate fails its proof, [`recalibrate`] (freeing the heaps its failure
/// shows apart), or when it gives no candidate, [`free_new_heap`]. Returns the
/// proved quotient if any, and else the candidate right up to the largest rank.
pub(super) fn extend_without_search(
    smaller: &Candidate,
    options: &[Vec<Vec<u16>>],
    ranks: &[u32],
    limits: QuotientLimits,
    max_heap: u64,
    work: &mut u64,
) -> Result<Recalibrated, QuotientError> {
    let n = options.len() - 1;
    let base = Base::new(smaller, n);
    let mut found = Recalibrated {
        candidates: 1,
        ..Recalibrated::default()
    };
    let more = match extend_by_classes(&base, options, ranks, limits, max_heap, work)? {
        ByClasses::Proved(c, states) => {
            found.proved = Some((c, states));
            return Ok(found);
        }
        ByClasses::Failed(rank, c, wrong) => {
            found.offer(rank, &c);
            recalibrate(c, wrong, options, ranks, limits, max_heap, work)?
        }
        ByClasses::None => free_new_heap(smaller, options, ranks, limits, max_heap, work)?,
    };
    found.absorb(more);
    Ok(found)
}

/// Builds the quotient of the heaps up to `n` from a base B onto which the sums of
/// smaller heaps map, without searching sums, on a hypothesis: that heap `n` does
/// not split B's classes, so that the outcome of X + k·h (h the heap of `n`, X a
/// sum of smaller heaps) depends on X only through its element x of B.
///
/// Under that hypothesis the outcomes F(x, k) follow by one recursion over the
/// pairs (x, k), each expanded once on some sum of class x; the pairs form the
/// monoid B × {h^k}, with h^k periodic in k; and the coarsest congruence that
/// respects F (Moore's refinement, letters the heaps) is the candidate. The
/// hypothesis is never trusted: the candidate is returned only when [`prove`]
/// proves it, and otherwise the L* learner takes over, helped by the rank up to
/// which this candidate was right. Returns the candidate and its proof states,
/// or the failed candidate with its failing rank.
fn extend_by_classes(
    base: &Base,
    options: &[Vec<Vec<u16>>],
    ranks: &[u32],
    limits: QuotientLimits,
    max_heap: u64,
    work: &mut u64,
) -> Result<ByClasses, QuotientError> {
    let n = options.len() - 1;
    let order = base.order;
    struct PairOutcomes<'a> {
        base: &'a Base,
        options: &'a [Vec<Vec<u16>>],
        /// F(x, k) for k >= 1, at `(k - 1) * order + x`.
        known: Vec<Option<bool>>,
        /// Options looked at; the recursion gives up past [`CLASS_WORK`].
        work: u64,
    }
    impl PairOutcomes<'_> {
        /// The misère outcome (true = P) of `g` plus `k` heaps of n, where `g` has
        /// element `x` of the base.
        fn is_p(&mut self, g: &[u16], x: Element, k: usize) -> Option<bool> {
            let order = self.base.order;
            if k == 0 {
                return Some(self.base.p[x as usize]);
            }
            let at = (k - 1) * order + x as usize;
            if let Some(p) = self.known[at] {
                return Some(p);
            }
            self.work += (g.len() * self.options[g.last().map_or(0, |&h| h as usize)].len()) as u64 + 1;
            if self.work > CLASS_WORK {
                return None;
            }
            let n = self.options.len() - 1;
            let mut terminal = self.options[n].is_empty();
            let mut p = true;
            'moves: for i in 0..g.len() {
                if i > 0 && g[i] == g[i - 1] {
                    continue;
                }
                for o in &self.options[g[i] as usize] {
                    terminal = false;
                    let next = merged(g, Some(i), o);
                    let y = self.base.element_of(&next);
                    if self.is_p(&next, y, k)? {
                        p = false;
                        break 'moves;
                    }
                }
            }
            if p {
                for o in &self.options[n] {
                    let next = merged(g, None, o);
                    let y = self.base.element_of(&next);
                    if self.is_p(&next, y, k - 1)? {
                        p = false;
                        break;
                    }
                }
            }
            let p = p && !terminal;
            self.known[at] = Some(p);
            Some(p)
        }
    }
    // Outcomes up to `most` heaps of n, then the least (start, period) with
    // h^(start + period) acting as h^start on every x for all the powers computed.
    const MOST_POWERS: usize = 32;
    let mut f = PairOutcomes {
        base,
        options,
        known: vec![None; MOST_POWERS * order],
        work: 0,
    };
    let mut columns: Vec<Vec<bool>> = Vec::with_capacity(MOST_POWERS + 1);
    for k in 0..=MOST_POWERS {
        let mut column = Vec::with_capacity(order);
        for (x, g) in base.representative.iter().enumerate() {
            match f.is_p(g, x as Element, k) {
                Some(p) => column.push(p),
                None => {
                    charge(work, f.work, limits, max_heap)?;
                    return Ok(ByClasses::None);
                }
            }
        }
        columns.push(column);
    }
    charge(work, f.work, limits, max_heap)?;
    let mut found = None;
    'search: for length in 1..=MOST_POWERS / 2 {
        for start in 0..length {
            let period = length - start;
            if (start..=MOST_POWERS - period).all(|k| columns[k] == columns[k + period]) {
                found = Some((start, period));
                break 'search;
            }
        }
    }
    let Some((start, period)) = found else {
        return Ok(ByClasses::None);
    };
    let powers = start + period;
    let reduce = |k: usize| {
        if k < powers {
            k
        } else {
            start + (k - start) % period
        }
    };
    // The monoid B × {1, h, .., h^(powers - 1)}: element (x, k) at k * order + x.
    // Letters are the heaps 1..=n; heaps with one element of B act alike.
    let size = order * powers;
    let times_heap = |s: usize, h: usize| -> usize {
        let (x, k) = (s % order, s / order);
        if h == n {
            reduce(k + 1) * order + x
        } else {
            k * order + base.times_heap(x as Element, h) as usize
        }
    };
    let mul = |s: usize, t: usize| {
        let with_y = base.mul((s % order) as Element, (t % order) as Element) as usize;
        reduce(s / order + t / order) * order + with_y
    };
    let in_p = |s: usize| columns[s / order][s % order];
    let Some(candidate) = minimize(size, n, in_p, times_heap, mul, limits, max_heap, work)? else {
        return Ok(ByClasses::None);
    };
    match prove(&candidate, options, ranks, limits, max_heap, work)? {
        Proof::Holds { states } => Ok(ByClasses::Proved(candidate, states)),
        Proof::Fails { rank, wrong } => Ok(ByClasses::Failed(rank, candidate, wrong)),
    }
}
