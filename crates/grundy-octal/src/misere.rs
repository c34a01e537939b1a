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

//!
//! ## Modules
//!
//! [`MisereQuotient`] and its questions are here; how it is found is below:
//! `outcomes` (the memoized search of exact outcomes), `learn` (L*), `extend` and
//! `recalibrate` (the quotient of the smaller heaps extended without search),
//! `candidate` and `prove` (a hypothesis, the coarsest one on a finite monoid, and
//! its proof), `presentation` (generators, normal forms, relations) and `limits`
//! (the limits and the error). Each uses only the ones before it in the order
//! `limits`, `candidate`, `presentation`, `prove`, `outcomes`, `learn`,
//! `recalibrate`, `extend`.
//!
//! Beside the quotients, `canonical` holds the other misère analysis of impartial
//! games, which needs none of them: Conway's simplest forms of any game tree and
//! their genus ([`MisereUniverse`]).

use rustc_hash::FxHashMap;

use crate::HeapRules;

mod candidate;
mod canonical;
mod extend;
mod learn;
mod limits;
mod outcomes;
mod presentation;
mod prove;
mod recalibrate;

use candidate::Candidate;
pub use canonical::{FormId, Genus, MisereUniverse, NOTATION_CHARS};
use extend::{extend, extend_without_search};
use learn::{learn, Learner};
pub use limits::{QuotientError, QuotientLimits};
use outcomes::{heap_options, heap_ranks, Outcomes};
pub use presentation::{letter, Generator, Word};
use presentation::{present, word_order};

/// An element of a quotient: an index below [`MisereQuotient::order`]. The
/// identity (the class of the empty sum) is always 0.
pub type Element = u32;

/// The largest `max_heap` accepted (heaps are stored as `u16`).
pub const MAX_QUOTIENT_HEAP: u64 = 4096;

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

impl Candidate {
    pub(super) fn into_quotient(
        self,
        rules: HeapRules,
        max_heap: u64,
        options: Vec<Vec<Vec<u16>>>,
    ) -> MisereQuotient {
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
