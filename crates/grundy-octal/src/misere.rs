//! Misère quotients of heap games (Plambeck and Siegel).
//!
//! In misère play (whoever moves last loses) the Sprague–Grundy theory does not
//! apply: a sum's outcome is not a function of its parts' nim-values. What does
//! hold is this. Let A be every sum of heaps of at most `max_heap` tokens. Two sums
//! G and H are *indistinguishable* when G + X and H + X have the same misère
//! outcome for every X in A. The classes form a commutative monoid, the *misère
//! quotient* Q (the class of G + H is the product of the classes), with a subset P
//! of it, the P-portion: the classes of the P-positions (previous player wins).
//! When Q is finite, every sum of heaps up to `max_heap`, however many heaps, is
//! answered by multiplying the heaps' elements: the sum is a P-position exactly
//! when the product lies in P.
//!
//! ## How it is computed
//!
//! The classes are the states of the smallest automaton that reads a sum heap by
//! heap and says whether it is a P-position; the order of reading does not matter
//! (sums commute), so the automaton's transitions commute and its states multiply.
//! [`MisereQuotient::compute`] learns that automaton with Angluin's L* algorithm:
//! a table of *access* sums (one per class found) against *test* sums, filled with
//! exact misère outcomes from a memoized search over sorted heap multisets; the
//! table is closed (every access sum plus one heap has the row of an access sum)
//! and its transitions are made to commute (a failure yields a new test).
//!
//! Heap by heap: the proved quotient of the heaps below n answers every sum
//! without a heap of n. Before any search for heap n, each element of that
//! quotient is tried as heap n's element; when one proves (below), the quotient
//! did not grow and heap n cost no search at all, which is what happens through
//! most of a game's heaps once its quotient settles.
//!
//! When heap n is new, the quotient is next built *by classes*, still without a
//! search of sums: if heap n does not split the smaller quotient's classes, the
//! outcome of a sum X plus k heaps of n depends on X only through its element x,
//! so the outcomes of the pairs (x, k) follow by one recursion (each pair
//! expanded once, on some sum of class x), the powers of heap n turn out periodic,
//! and the coarsest congruence on the pairs that respects the outcomes (Moore's
//! partition refinement) is the candidate. The hypothesis is not trusted: the
//! candidate must pass the proof below. Kayles's quotient is found this way at
//! every heap from 15 on. A guess of heap n's element is first screened by a
//! necessary condition (no option of heap n reaches P in a context where heap n
//! is in P), which is cheaper than a proof.
//!
//! Where heap n does split a class (Dawson's Kayles at heaps 10 and 25), the
//! proof fails on some sum W, and the candidate is **recalibrated** as in
//! Siegel's MisereSolver (module `recalibrate`): a heap of W is *freed*, counted
//! apart from the submonoid the other heaps generate, the classes are rebuilt by
//! the same recursion, and the new candidate is proved in turn, round after
//! round. Dawson's Kayles to heap 30 (360 elements) goes this way with no
//! search of sums. L* takes over only when no round succeeds.
//!
//! A candidate is then **proved**, not sampled. For a monoid Q, a set P and the
//! map Φ from sums to Q, induction on the sum shows Φ respects every outcome iff:
//!
//! 1. no terminal sum maps into P;
//! 2. no sum that maps into P has an option that maps into P;
//! 3. every non-terminal sum G with Φ(G) outside P has an option that maps into P.
//!
//! All three depend on G only through a finite *state*: Φ(G), whether G has a
//! move, and the set of contexts z for which some option G' of G has Φ(G')·z in
//! P (the conditions ask about z = 1). The state of G plus a heap follows from the
//! state of G and the heap, so the states are finitely many and a search visits
//! them all, in order of the least *rank* of a sum that reaches each (a sum's rank
//! is the length of its longest game; every option has a smaller one). The first
//! state that fails names a sum that the candidate classifies wrongly (its options,
//! of smaller rank, are classified rightly, so its state tells its true outcome),
//! and certifies that the candidate is right on every sum of smaller rank: the
//! counterexample needs no search, and the searches that follow stop at that rank.
//! The counterexample's suffixes become new tests (Maler–Pnueli), and learning goes
//! on. A candidate that passes is the quotient: it respects outcomes, and its
//! elements are pairwise distinguished by the tests, so none can be merged.
//!
//! Limits ([`QuotientLimits`]) bound the elements, the positions searched and the
//! states visited; a quotient that outgrows them is an error, never a guess.

use std::collections::hash_map::Entry;
use std::fmt;

use rustc_hash::{FxHashMap, FxHashSet};

use crate::HeapRules;

mod recalibrate;

use recalibrate::{free_new_heap, recalibrate, Recalibrated};

/// An element of a quotient: an index below [`MisereQuotient::order`]. The
/// identity (the class of the empty sum) is always 0.
pub type Element = u32;

/// The largest `max_heap` accepted (heaps are stored as `u16`).
pub const MAX_QUOTIENT_HEAP: u64 = 4096;

/// Bounds on the work of [`MisereQuotient::compute`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct QuotientLimits {
    /// The most elements a quotient (or a candidate) may have.
    pub max_elements: usize,
    /// The most sums whose misère outcome is searched and kept.
    pub max_positions: usize,
    /// The most proof states visited for one candidate.
    pub max_states: usize,
    /// The most bytes the outcome search's tables may hold. The search counts its
    /// own memory, so a limit below the process's address space ends it with an
    /// error before an allocation can fail (which would abort the process).
    pub max_bytes: u64,
    /// The most steps of proof: options mapped to elements and proof states
    /// expanded, over every candidate tried (about half a second per 10^8 here).
    pub max_work: u64,
}

impl Default for QuotientLimits {
    fn default() -> Self {
        QuotientLimits {
            max_elements: 2_000,
            max_positions: 20_000_000,
            max_states: 5_000_000,
            max_bytes: 8 << 30,
            max_work: 500_000_000,
        }
    }
}

/// Why a quotient was not computed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum QuotientError {
    /// `max_heap` out of range.
    #[error("the largest heap of a quotient must be between 1 and {MAX_QUOTIENT_HEAP}, not {0}")]
    HeapRange(u64),
    /// The game's heaps have too many options to list (a tail digit on a big heap).
    #[error("the heaps up to {0} have too many options for a quotient (more than 2000000 in all); try a smaller --max-heap")]
    TooManyOptions(u64),
    /// The memory for the positions searched ran out (a memory limit).
    #[error("computing the misère quotient of heaps up to {max_heap} ran out of memory after {positions} positions searched; try a smaller --max-heap")]
    OutOfMemory {
        /// The largest heap asked for.
        max_heap: u64,
        /// Positions kept when memory ran out.
        positions: usize,
    },
    /// The quotient grew past the element limit.
    #[error("the misère quotient of heaps up to {max_heap} has more than {limit} elements (found so far); try a smaller --max-heap")]
    TooManyElements {
        /// The largest heap asked for.
        max_heap: u64,
        /// The limit passed.
        limit: usize,
    },
    /// The outcome search outgrew its limit.
    #[error("computing the misère quotient of heaps up to {max_heap} needs more than {limit} positions searched; try a smaller --max-heap")]
    TooManyPositions {
        /// The largest heap asked for.
        max_heap: u64,
        /// The limit passed.
        limit: usize,
    },
    /// The searches and proofs would outgrow the memory limit
    /// ([`QuotientLimits::max_bytes`]) or the work limit
    /// ([`QuotientLimits::max_work`]): the budget's one error, naming the limit.
    #[error(transparent)]
    OverBudget(#[from] grundy_budget::OverBudget),
    /// The proof outgrew its limit.
    #[error("proving the misère quotient of heaps up to {max_heap} needs more than {limit} states; try a smaller --max-heap")]
    TooManyStates {
        /// The largest heap asked for.
        max_heap: u64,
        /// The limit passed.
        limit: usize,
    },
}

/// A word in the generators: the exponent of each generator, in the order of
/// [`MisereQuotient::generators`]. Displayed as `a^2b`, or `1` when empty.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Word(pub Vec<u32>);

impl Word {
    fn degree(&self) -> u32 {
        self.0.iter().sum()
    }
}

impl fmt::Display for Word {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.iter().all(|&e| e == 0) {
            return f.write_str("1");
        }
        for (i, &e) in self.0.iter().enumerate() {
            if e == 0 {
                continue;
            }
            write!(f, "{}", letter(i))?;
            if e > 1 {
                write!(f, "^{e}")?;
            }
        }
        Ok(())
    }
}

/// The name of generator `i`: a, b, ..., z, then a1, b1, ...
pub fn letter(i: usize) -> String {
    let c = (b'a' + (i % 26) as u8) as char;
    if i < 26 {
        c.to_string()
    } else {
        format!("{c}{}", i / 26)
    }
}

/// A generator of the presentation: its letter index and the smallest heap that
/// maps to it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Generator {
    /// The heap whose element this generator is.
    pub heap: u64,
    /// Its element.
    pub element: Element,
}

/// The misère quotient of a heap game's sums of heaps up to a size, proved.
///
/// ```
/// use grundy_octal::{HeapRules, MisereQuotient, QuotientLimits};
/// // Nim with heaps of 1 and 2: the six-element quotient <a, b | a^2 = 1, b^3 = b>
/// // with P-portion {a, b^2}.
/// let q = MisereQuotient::compute(&HeapRules::nim(), 2, QuotientLimits::default()).unwrap();
/// assert_eq!(q.order(), 6);
/// assert_eq!(q.presentation(), "<a, b | a^2 = 1, b^3 = b>");
/// let p: Vec<String> = q.p_portion().iter().map(|w| w.to_string()).collect();
/// assert_eq!(p, ["a", "b^2"]);
/// // Misère Nim: 1 + 1 + 1 is a P-position (last mover loses), 2 + 2 too.
/// assert!(q.is_p_position(&[1, 1, 1]).unwrap());
/// assert!(q.is_p_position(&[2, 2]).unwrap());
/// assert!(!q.is_p_position(&[2, 1]).unwrap());
/// ```
#[derive(Debug, Clone)]
pub struct MisereQuotient {
    rules: HeapRules,
    max_heap: u64,
    /// `product[x * order + y]`.
    product: Vec<Element>,
    p: Vec<bool>,
    /// The element of heap n, n = 0..=max_heap (heap 0 is the identity).
    heap_element: Vec<Element>,
    /// Each heap's distinct options as sorted heap lists.
    options: Vec<Vec<Vec<u16>>>,
    generators: Vec<Generator>,
    normal_forms: Vec<Word>,
    relations: Vec<(Word, Word)>,
    stats: QuotientStats,
}

/// What the computation did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct QuotientStats {
    /// Candidates proposed (the last one was proved).
    pub candidates: usize,
    /// Test sums in the final table.
    pub tests: usize,
    /// Sums whose misère outcome was searched.
    pub positions: usize,
    /// Proof states visited for the final candidate.
    pub proof_states: usize,
}

impl MisereQuotient {
    /// The misère quotient of all sums of heaps of at most `max_heap` tokens.
    pub fn compute(rules: &HeapRules, max_heap: u64, limits: QuotientLimits) -> Result<Self, QuotientError> {
        if max_heap == 0 || max_heap > MAX_QUOTIENT_HEAP {
            return Err(QuotientError::HeapRange(max_heap));
        }
        let options = heap_options(rules, max_heap)?;
        let ranks = heap_ranks(&options);
        let mut oracle = Outcomes {
            ranks: ranks.clone(),
            certified: None,
            counted: FxHashMap::default(),
            options: options.clone(),
            memo: FxHashMap::default(),
            limit: limits.max_positions,
            max_heap,
            smaller: None,
            searched: 0,
            memo_key_bytes: 0,
            work: 0,
            max_work: limits.max_work,
            // A quarter is left to the proofs' states, which live beside the tables.
            max_bytes: limits.max_bytes / 4 * 3,
            limit_bytes: limits.max_bytes,
        };
        // Heap by heap: the proved quotient of heaps below n answers every sum
        // without a heap of n exactly, so the search only walks sums that hold one;
        // the table's access sums and tests carry over (outcomes are facts).
        let mut learner = Learner::new(limits, max_heap);
        let mut candidates = 0;
        for n in 1..=max_heap as u16 {
            learner.heaps = n;
            let (tried, extended) = extend(&mut oracle, &options[..=n as usize], &ranks, limits, max_heap)?;
            candidates += tried;
            // The new heap acts as an element of the smaller quotient, or extends it
            // by classes (both proved with no search of sums), or else L* learns
            // the larger quotient.
            let extended = match extended {
                Some(proved) => Some(proved),
                None if oracle.smaller.is_none() => None,
                None => {
                    let (_, smaller) = oracle.smaller.as_ref().expect("checked above");
                    let found = extend_without_search(
                        smaller,
                        &options[..=n as usize],
                        &ranks,
                        limits,
                        max_heap,
                        &mut oracle.work,
                    )?;
                    candidates += found.candidates;
                    // Right below its failing rank: the searches stop there.
                    if let Some((rank, candidate)) = found.best {
                        if oracle.certified.as_ref().is_none_or(|(r, _)| rank > *r) {
                            oracle.certified = Some((rank, candidate));
                        }
                    }
                    found.proved
                }
            };
            let (candidate, states) = match extended {
                Some(proved) => proved,
                None => learn(
                    &mut learner,
                    &mut oracle,
                    &options[..=n as usize],
                    &ranks,
                    limits,
                    &mut candidates,
                )?,
            };
            if u64::from(n) == max_heap {
                let mut q = candidate.into_quotient(rules.clone(), max_heap, options);
                q.stats = QuotientStats {
                    candidates,
                    tests: learner.tests.len(),
                    positions: oracle.searched,
                    proof_states: states,
                };
                return Ok(q);
            }
            oracle.memo.clear();
            oracle.memo_key_bytes = 0;
            oracle.counted.clear();
            oracle.certified = None;
            oracle.smaller = Some((n, candidate));
        }
        unreachable!("the loop returns at max_heap")
    }

    /// The game.
    pub fn rules(&self) -> &HeapRules {
        &self.rules
    }
    /// The largest heap covered.
    pub fn max_heap(&self) -> u64 {
        self.max_heap
    }
    /// The number of elements.
    pub fn order(&self) -> usize {
        self.p.len()
    }
    /// How the quotient was found.
    pub fn stats(&self) -> QuotientStats {
        self.stats
    }
    /// The product of two elements.
    pub fn multiply(&self, x: Element, y: Element) -> Element {
        self.product[x as usize * self.order() + y as usize]
    }
    /// `x` to the power `k`, by squaring.
    pub fn power(&self, x: Element, mut k: u64) -> Element {
        let (mut base, mut acc) = (x, 0);
        while k > 0 {
            if k & 1 == 1 {
                acc = self.multiply(acc, base);
            }
            base = self.multiply(base, base);
            k >>= 1;
        }
        acc
    }
    /// Whether sums in class `x` are P-positions (misère play).
    pub fn in_p(&self, x: Element) -> bool {
        self.p[x as usize]
    }
    /// The element of a heap, `None` above `max_heap`.
    pub fn heap_element(&self, n: u64) -> Option<Element> {
        self.heap_element.get(usize::try_from(n).ok()?).copied()
    }
    /// The element of a sum of heaps, `None` if a heap is above `max_heap`.
    /// Equal heaps are counted and raised to their multiplicity, so sums of
    /// millions of heaps cost a sort.
    pub fn element_of(&self, heaps: &[u64]) -> Option<Element> {
        let mut sorted = heaps.to_vec();
        sorted.sort_unstable();
        let mut x = 0;
        for run in sorted.chunk_by(|a, b| a == b) {
            x = self.multiply(x, self.power(self.heap_element(run[0])?, run.len() as u64));
        }
        Some(x)
    }
    /// Whether a sum of heaps is a misère P-position; `None` if a heap is too large.
    pub fn is_p_position(&self, heaps: &[u64]) -> Option<bool> {
        self.element_of(heaps).map(|x| self.in_p(x))
    }
    /// The winning moves of a sum of heaps in misère play: for each, the index of
    /// the heap moved in and what it leaves (a sorted list of heaps). Empty for a
    /// P-position; `None` if a heap is too large.
    pub fn winning_moves(&self, heaps: &[u64]) -> Option<Vec<(usize, Vec<u64>)>> {
        let mut counts: FxHashMap<u64, u64> = FxHashMap::default();
        for &h in heaps {
            self.heap_element(h)?;
            *counts.entry(h).or_default() += 1;
        }
        let mut sizes: Vec<u64> = counts.keys().copied().collect();
        sizes.sort_unstable();
        let parts: Vec<Element> = sizes
            .iter()
            .map(|&h| self.power(self.heap_element[h as usize], counts[&h]))
            .collect();
        // The product of every part but one, from prefix and suffix products.
        let mut prefix = vec![0; parts.len() + 1];
        for i in 0..parts.len() {
            prefix[i + 1] = self.multiply(prefix[i], parts[i]);
        }
        let mut suffix = vec![0; parts.len() + 1];
        for i in (0..parts.len()).rev() {
            suffix[i] = self.multiply(suffix[i + 1], parts[i]);
        }
        if self.in_p(prefix[parts.len()]) {
            return Some(Vec::new());
        }
        let mut moves = Vec::new();
        for (k, &h) in sizes.iter().enumerate() {
            let h_elem = self.heap_element[h as usize];
            let others = self.multiply(prefix[k], suffix[k + 1]);
            let rest = self.multiply(others, self.power(h_elem, counts[&h] - 1));
            let index = heaps.iter().position(|&x| x == h).expect("counted heap");
            for option in &self.options[h as usize] {
                let elem = option
                    .iter()
                    .fold(0, |x, &o| self.multiply(x, self.heap_element[o as usize]));
                if self.in_p(self.multiply(rest, elem)) {
                    moves.push((index, option.iter().map(|&o| u64::from(o)).collect()));
                }
            }
        }
        Some(moves)
    }
    /// The generators, in the order of their letters.
    pub fn generators(&self) -> &[Generator] {
        &self.generators
    }
    /// The normal form of an element: the least word for it (by degree, then
    /// with more of earlier letters first).
    pub fn word(&self, x: Element) -> &Word {
        &self.normal_forms[x as usize]
    }
    /// The element a word in the generators stands for.
    pub fn evaluate(&self, w: &Word) -> Element {
        w.0.iter().zip(&self.generators).fold(0, |x, (&e, g)| {
            self.multiply(x, self.power(g.element, u64::from(e)))
        })
    }
    /// The defining relations `lhs = rhs`: with them every word rewrites to its
    /// normal form.
    pub fn relations(&self) -> &[(Word, Word)] {
        &self.relations
    }
    /// The P-portion as normal forms, sorted by degree.
    pub fn p_portion(&self) -> Vec<&Word> {
        let mut p: Vec<&Word> = (0..self.order() as Element)
            .filter(|&x| self.in_p(x))
            .map(|x| self.word(x))
            .collect();
        p.sort_by(|a, b| word_order(a, b));
        p
    }
    /// The presentation, as in the literature: `<a, b | a^2 = 1, b^3 = b>`.
    pub fn presentation(&self) -> String {
        let letters: Vec<String> = (0..self.generators.len()).map(letter).collect();
        let relations: Vec<String> = self.relations.iter().map(|(l, r)| format!("{l} = {r}")).collect();
        if relations.is_empty() {
            format!("<{}>", letters.join(", "))
        } else {
            format!("<{} | {}>", letters.join(", "), relations.join(", "))
        }
    }
}

/// Graded order on words: lower degree first, then more of the earlier letters
/// first (`a^2 < ab < b^2`). A monomial order, so least words form an order ideal.
fn word_order(a: &Word, b: &Word) -> std::cmp::Ordering {
    a.degree().cmp(&b.degree()).then_with(|| b.0.cmp(&a.0))
}

/// Each heap's distinct options, as sorted `u16` heap lists.
fn heap_options(rules: &HeapRules, max_heap: u64) -> Result<Vec<Vec<Vec<u16>>>, QuotientError> {
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

/// L* at one heap size: closes the table, makes it commute, and proves each
/// candidate until one holds (returned with its proof's states).
fn learn(
    learner: &mut Learner,
    oracle: &mut Outcomes,
    options: &[Vec<Vec<u16>>],
    ranks: &[u32],
    limits: QuotientLimits,
    candidates: &mut usize,
) -> Result<(Candidate, usize), QuotientError> {
    loop {
        learner.close(oracle)?;
        if learner.make_commute(oracle)? {
            continue;
        }
        *candidates += 1;
        let candidate = Candidate::from_learner(learner);
        match prove(
            &candidate,
            options,
            ranks,
            limits,
            learner.max_heap,
            &mut oracle.work,
        )? {
            Proof::Holds { states } => return Ok((candidate, states)),
            Proof::Fails { wrong, rank } => {
                // Every sum of smaller rank is classified right: the searches for
                // the new tests stop there.
                if oracle.certified.as_ref().is_none_or(|(r, _)| rank > *r) {
                    oracle.certified = Some((rank, candidate));
                }
                learner.add_suffixes(oracle, &wrong)?;
            }
        }
    }
}

/// Tries the proved quotient of the heaps below `n` as the quotient of the heaps
/// up to `n`, with heap `n` mapped to each of its elements in turn. One that
/// proves is the quotient (its elements were already told apart by smaller
/// heaps). Otherwise the guess whose first failure comes at the largest rank
/// answers the searches of sums of smaller rank (see [`prove`]). Returns the
/// guesses tried and the proved one, if any.
fn extend(
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

/// The most options [`extend_by_classes`] looks at, and the most pairs times
/// letters it refines: about a second here.
const CLASS_WORK: u64 = 50_000_000;

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
fn extend_without_search(
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

/// The coarsest congruence that respects P on a finite commutative monoid given
/// by its elements `0..size` (0 the identity, every element a product of heaps
/// 1..=n), as a candidate: Moore's refinement (two elements stay together while
/// they agree on P and each heap takes them to classes that agree), then the
/// classes numbered from the identity by a search over the heaps in order.
/// `None` when the refinement outgrows [`CLASS_WORK`] or the element limit.
#[allow(clippy::too_many_arguments)]
fn minimize(
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

/// Each heap's rank: the longest game on that heap alone (0 for an empty heap).
fn heap_ranks(options: &[Vec<Vec<u16>>]) -> Vec<u32> {
    let mut ranks = vec![0u32; options.len()];
    for h in 1..options.len() {
        ranks[h] = options[h].iter().map(|o| 1 + rank(&ranks, o)).max().unwrap_or(0);
    }
    ranks
}

/// A sum's rank: the longest game on it, the sum of its heaps' ranks.
fn rank(ranks: &[u32], g: &[u16]) -> u32 {
    g.iter().map(|&h| ranks[h as usize]).sum()
}

/// Exact misère outcomes of sums, memoized over sorted heap lists.
struct Outcomes {
    options: Vec<Vec<Vec<u16>>>,
    /// true = P-position.
    memo: FxHashMap<Box<[u16]>, bool>,
    /// The same for sums of heaps below [`COUNTED`], by counts.
    counted: FxHashMap<Counts, bool>,
    limit: usize,
    max_heap: u64,
    /// The proved quotient of heaps up to the given size.
    smaller: Option<(u16, Candidate)>,
    /// Each heap's rank: the most moves a game on that heap alone can last. A
    /// sum's rank is the sum of its heaps' ranks; every option has a smaller one.
    ranks: Vec<u32>,
    /// A candidate of this heap size and a rank below which it classifies every
    /// sum correctly (what a failed proof certifies: see [`prove`]).
    certified: Option<(u32, Candidate)>,
    /// Sums searched in all.
    searched: usize,
    /// The bytes of the boxed lists that key `memo`, with the allocator's overhead.
    memo_key_bytes: usize,
    /// Steps of proof and search so far, at most `max_work`
    /// ([`QuotientLimits::max_work`]).
    work: u64,
    max_work: u64,
    /// The most bytes `counted` and `memo` may hold: three quarters of
    /// [`QuotientLimits::max_bytes`], which is `limit_bytes`.
    max_bytes: u64,
    limit_bytes: u64,
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
fn merged(g: &[u16], skip: Option<usize>, extra: &[u16]) -> Vec<u16> {
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
    fn is_p(&mut self, g: &[u16]) -> Result<bool, QuotientError> {
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

/// The L* observation table: access sums (distinct rows) against test sums.
struct Learner {
    heaps: u16,
    limits: QuotientLimits,
    max_heap: u64,
    access: Vec<Vec<u16>>,
    tests: Vec<Vec<u16>>,
    rows: Vec<Vec<bool>>,
    row_index: FxHashMap<Vec<bool>, u32>,
    /// `next[s][h - 1]`: the access sum whose row is that of access s plus heap h.
    next: Vec<Vec<u32>>,
}

impl Learner {
    fn new(limits: QuotientLimits, max_heap: u64) -> Self {
        Learner {
            heaps: 0,
            limits,
            max_heap,
            access: Vec::new(),
            tests: vec![Vec::new()],
            rows: Vec::new(),
            row_index: FxHashMap::default(),
            next: Vec::new(),
        }
    }

    fn row(&self, oracle: &mut Outcomes, g: &[u16]) -> Result<Vec<bool>, QuotientError> {
        self.tests
            .iter()
            .map(|t| oracle.is_p(&merged(g, None, t)))
            .collect()
    }

    /// Adds an access sum with a new row.
    fn push_access(&mut self, g: Vec<u16>, row: Vec<bool>) -> Result<u32, QuotientError> {
        if self.access.len() >= self.limits.max_elements {
            return Err(QuotientError::TooManyElements {
                max_heap: self.max_heap,
                limit: self.limits.max_elements,
            });
        }
        let id = self.access.len() as u32;
        self.row_index.insert(row.clone(), id);
        self.rows.push(row);
        self.access.push(g);
        Ok(id)
    }

    /// Closes the table: every access sum plus one heap has an access sum's row.
    fn close(&mut self, oracle: &mut Outcomes) -> Result<(), QuotientError> {
        if self.access.is_empty() {
            let row = self.row(oracle, &[])?;
            self.push_access(Vec::new(), row)?;
        }
        self.next.clear();
        let mut s = 0;
        while s < self.access.len() {
            let mut next = Vec::with_capacity(self.heaps as usize);
            for h in 1..=self.heaps {
                let g = merged(&self.access[s], None, &[h]);
                let row = self.row(oracle, &g)?;
                let id = match self.row_index.get(&row) {
                    Some(&id) => id,
                    None => self.push_access(g, row)?,
                };
                next.push(id);
            }
            self.next.push(next);
            s += 1;
        }
        Ok(())
    }

    /// Checks that the transitions commute; on a failure, adds the tests that
    /// separate the two paths and returns true.
    fn make_commute(&mut self, oracle: &mut Outcomes) -> Result<bool, QuotientError> {
        let n = self.heaps as usize;
        for s in 0..self.access.len() {
            for i in 0..n {
                for j in i + 1..n {
                    let via_i = self.next[self.next[s][i] as usize][j];
                    let via_j = self.next[self.next[s][j] as usize][i];
                    if via_i == via_j {
                        continue;
                    }
                    // The two rows differ on some test X; h_j + X or h_i + X
                    // separates an access sum from the sum it stands for.
                    let (ri, rj) = (&self.rows[via_i as usize], &self.rows[via_j as usize]);
                    let x = (0..ri.len()).find(|&k| ri[k] != rj[k]).expect("distinct rows");
                    let test = self.tests[x].clone();
                    let hi = merged(&test, None, &[i as u16 + 1]);
                    let hj = merged(&test, None, &[j as u16 + 1]);
                    self.add_tests(oracle, [hi, hj])?;
                    return Ok(true);
                }
            }
        }
        Ok(false)
    }

    fn add_tests(
        &mut self,
        oracle: &mut Outcomes,
        tests: impl IntoIterator<Item = Vec<u16>>,
    ) -> Result<(), QuotientError> {
        for t in tests {
            if self.tests.contains(&t) {
                continue;
            }
            for (g, row) in self.access.iter().zip(self.rows.iter_mut()) {
                row.push(oracle.is_p(&merged(g, None, &t))?);
            }
            self.tests.push(t);
        }
        self.row_index = self
            .rows
            .iter()
            .enumerate()
            .map(|(i, r)| (r.clone(), i as u32))
            .collect();
        Ok(())
    }

    /// A sum the candidate gets wrong: every suffix of it becomes a test.
    fn add_suffixes(&mut self, oracle: &mut Outcomes, wrong: &[u16]) -> Result<(), QuotientError> {
        let suffixes: Vec<Vec<u16>> = (0..wrong.len()).map(|i| wrong[i..].to_vec()).collect();
        self.add_tests(oracle, suffixes)
    }
}

/// A hypothesis: the table's automaton, as a monoid.
#[derive(Clone)]
struct Candidate {
    order: usize,
    product: Vec<Element>,
    p: Vec<bool>,
    heap_element: Vec<Element>,
}

impl Candidate {
    fn from_learner(l: &Learner) -> Self {
        let order = l.access.len();
        let mut heap_element = vec![0];
        heap_element.extend(l.next[0].iter().copied());
        // x·y: read y's access sum from state x (well defined as the transitions
        // commute).
        let mut product = vec![0; order * order];
        for x in 0..order {
            for y in 0..order {
                let mut s = x as u32;
                for &h in &l.access[y] {
                    s = l.next[s as usize][h as usize - 1];
                }
                product[x * order + y] = s;
            }
        }
        let p = l.rows.iter().map(|r| r[0]).collect();
        Candidate {
            order,
            product,
            p,
            heap_element,
        }
    }

    fn mul(&self, x: Element, y: Element) -> Element {
        self.product[x as usize * self.order + y as usize]
    }

    fn element_of(&self, g: &[u16]) -> Element {
        g.iter()
            .fold(0, |x, &h| self.mul(x, self.heap_element[h as usize]))
    }

    fn into_quotient(self, rules: HeapRules, max_heap: u64, options: Vec<Vec<Vec<u16>>>) -> MisereQuotient {
        let (generators, normal_forms, relations) = present(&self);
        MisereQuotient {
            rules,
            max_heap,
            product: self.product,
            p: self.p,
            heap_element: self.heap_element,
            options,
            generators,
            normal_forms,
            relations,
            stats: QuotientStats::default(),
        }
    }
}

enum Proof {
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
fn prove(
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

/// The steps of work one option looked at by the outcome search counts for.
const SEARCH_STEP: u64 = 16;

/// The search and proofs of the quotient to `max_heap` need `reached` bytes, more
/// than `allowed`.
fn quotient_memory(max_heap: u64, reached: u64, allowed: u64) -> QuotientError {
    QuotientError::OverBudget(grundy_budget::OverBudget {
        limit: grundy_budget::Limit::Memory,
        what: format!("the misère quotient of heaps up to {max_heap} (a smaller --max-heap needs less)"),
        reached: reached.max(allowed.saturating_add(1)),
        allowed,
    })
}

/// The search and proofs of the quotient to `max_heap` took `reached` steps, more
/// than `allowed`.
fn quotient_work(max_heap: u64, reached: u64, allowed: u64) -> QuotientError {
    QuotientError::OverBudget(grundy_budget::OverBudget {
        limit: grundy_budget::Limit::Work,
        what: format!(
            "the misère quotient of heaps up to {max_heap}: steps of search and proof (a smaller --max-heap needs fewer)"
        ),
        reached,
        allowed,
    })
}

/// Adds `steps` to the work done, or says the work limit is passed.
fn charge(work: &mut u64, steps: u64, limits: QuotientLimits, max_heap: u64) -> Result<(), QuotientError> {
    *work += steps;
    if *work > limits.max_work {
        return Err(quotient_work(max_heap, *work, limits.max_work));
    }
    Ok(())
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

/// Generators, normal forms and relations of a candidate's monoid.
fn present(c: &Candidate) -> (Vec<Generator>, Vec<Word>, Vec<(Word, Word)>) {
    // Generators: each heap whose element is not yet generated, in heap order.
    let mut generators: Vec<Generator> = Vec::new();
    let mut generated = vec![false; c.order];
    generated[0] = true;
    for h in 1..c.heap_element.len() {
        let e = c.heap_element[h];
        if generated[e as usize] {
            continue;
        }
        generators.push(Generator {
            heap: h as u64,
            element: e,
        });
        // Close the generated set under the new generator.
        let mut frontier: Vec<Element> = (0..c.order as Element)
            .filter(|&x| generated[x as usize])
            .collect();
        while let Some(x) = frontier.pop() {
            for g in &generators {
                let y = c.mul(x, g.element);
                if !generated[y as usize] {
                    generated[y as usize] = true;
                    frontier.push(y);
                }
            }
        }
    }
    let n = generators.len();
    // Least words, degree by degree: every least word of degree d extends one of
    // degree d - 1 (least words form an order ideal).
    let mut normal: Vec<Option<Word>> = vec![None; c.order];
    normal[0] = Some(Word(vec![0; n]));
    let mut normal_words: FxHashMap<Word, Element> = FxHashMap::default();
    normal_words.insert(Word(vec![0; n]), 0);
    let mut layer: Vec<(Word, Element)> = vec![(Word(vec![0; n]), 0)];
    let mut relations = Vec::new();
    while !layer.is_empty() {
        let mut candidates: FxHashMap<Word, Element> = FxHashMap::default();
        for (w, x) in &layer {
            for (i, g) in generators.iter().enumerate() {
                let mut v = w.clone();
                v.0[i] += 1;
                candidates.insert(v, c.mul(*x, g.element));
            }
        }
        let mut ordered: Vec<(Word, Element)> = candidates.into_iter().collect();
        ordered.sort_by(|a, b| word_order(&a.0, &b.0));
        let mut next_layer = Vec::new();
        for (w, x) in ordered {
            if normal[x as usize].is_none() {
                normal[x as usize] = Some(w.clone());
                normal_words.insert(w.clone(), x);
                next_layer.push((w, x));
                continue;
            }
            // A relation when every divisor one letter shorter is a least word.
            let minimal = (0..n).filter(|&i| w.0[i] > 0).all(|i| {
                let mut d = w.clone();
                d.0[i] -= 1;
                normal_words.contains_key(&d)
            });
            if minimal {
                relations.push((w, normal[x as usize].clone().expect("set")));
            }
        }
        layer = next_layer;
    }
    let normal_forms = normal
        .into_iter()
        .map(|w| w.expect("every element is generated"))
        .collect();
    (generators, normal_forms, relations)
}

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
