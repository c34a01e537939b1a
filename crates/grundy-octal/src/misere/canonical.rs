//! Misère canonical forms of impartial games and their genus (Conway, *On Numbers
//! and Games*, ch. 12; Winning Ways, ch. 13; Siegel, *Combinatorial Game Theory*,
//! ch. V).
//!
//! Two impartial games are equal in misère play when adding either to any third
//! game gives the same misère outcome. Each class has one simplest form, and the
//! forms are interned in a [`MisereUniverse`], so equal games get the same
//! [`FormId`].
//!
//! ## The reduction
//!
//! G is *linked* to H when some T makes both G + T and H + T misère P-positions.
//! Two theorems of Conway's carry everything:
//!
//! 1. G = H exactly when no option of G is linked to H, no option of H is linked
//!    to G, and G and H have the same misère outcome (the outcome only matters
//!    when one of them is 0: it is the case T = 0 of the induction).
//! 2. G is linked to H exactly when G equals no option of H and H equals no
//!    option of G.
//!
//! Between simplest forms, equality is identity, so both become tests on sets of
//! options. For a game G whose options are already simplest, they give its
//! simplest form (built bottom-up by [`MisereUniverse::game`]):
//!
//! * G = 0 exactly when every option of G has 0 as an option and some option of G
//!   is a misère P-position (G must be an N-position, as 0 is). This is the
//!   *proviso*: an option that reverses through 0 may be dropped only when what is
//!   left still wins for the player to move. `{*} = *+* = 0` this way, while
//!   `{0} = *` is not 0.
//! * G = S for a nonzero simplest S exactly when every option of S is an option of
//!   G and every other option of G has S as an option (those options are
//!   *reversible* through S). An S that qualifies is an option of an option of G
//!   (the form that a reversible option reverses through), so only those are tried.
//! * Otherwise no option of G is reversible, and G with its options is simplest.
//!
//! ## The genus
//!
//! The genus `g^{γ0 γ1 γ2 …}` holds G's normal-play nim-value g and the misère
//! nim-values γi of G + *2 + … + *2 (i copies of *2). It is computed from the
//! options' genera: γ0 is the mex of the options' γ0 (1 for 0 itself), and since
//! the options of G + i·*2 are G' + i·*2, G + (i-1)·*2 and G + (i-1)·*2 + *, whose
//! misère nim-value is γ(i-1) xor 1, γi = mex({γi of the options} ∪ {γ(i-1),
//! γ(i-1) xor 1}). Once every option's sequence repeats with period 2, G's does
//! too as soon as two of its values two apart agree, so the sequence is kept up to
//! there and printed as in the literature: `0^120` (the genus of 0: 1, 2, 0, 2, 0,
//! …), `1^031` (*), `2^20` (*2). A game is a misère P-position exactly when γ0 = 0.

use std::cmp::Ordering;
use std::fmt;

use grundy_budget::{Budget, Cancel, Limit, OverBudget, Task};
use rustc_hash::FxHashMap;

use crate::HeapRules;

/// The longest notation [`MisereUniverse::display`] writes out.
pub const NOTATION_CHARS: usize = 1000;

/// A misère simplest form, interned in its [`MisereUniverse`]. The zero game is
/// [`MisereUniverse::ZERO`].
pub type FormId = u32;

/// The genus of a game: its normal-play nim-value and the misère nim-values of the
/// game plus 0, 1, 2, … copies of *2, which repeat with period 2 from some point.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Genus {
    /// The normal-play nim-value (Conway's g⁺).
    pub normal: u32,
    /// γ0, γ1, …, up to where the sequence goes on alternating its last two values
    /// (at least two values).
    pub misere: Vec<u32>,
}

impl Genus {
    /// γi: the misère nim-value of the game plus `i` copies of *2.
    pub fn misere_value(&self, i: usize) -> u32 {
        let len = self.misere.len();
        if i < len {
            self.misere[i]
        } else {
            self.misere[len - 2 + (i - len) % 2]
        }
    }
}

impl fmt::Display for Genus {
    /// `0^120`; values of 10 or more are separated: `3^(10,11)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}^", self.normal)?;
        if self.misere.iter().any(|&v| v >= 10) {
            let parts: Vec<String> = self.misere.iter().map(u32::to_string).collect();
            write!(f, "({})", parts.join(","))
        } else {
            self.misere.iter().try_for_each(|v| write!(f, "{v}"))
        }
    }
}

#[derive(Debug, Clone)]
struct Node {
    /// Sorted by id, no repeats: the key of the index.
    options: Box<[FormId]>,
    birthday: u32,
    genus: Genus,
    /// `Some(n)` for the nim-heap *n.
    nimber: Option<u32>,
}

/// The interned misère simplest forms of one computation, with the sums found so
/// far, within a work limit (a step per form looked up and per option and option
/// of an option of a form reduced).
#[derive(Debug)]
pub struct MisereUniverse {
    nodes: Vec<Node>,
    index: FxHashMap<Box<[FormId]>, FormId>,
    sums: FxHashMap<(FormId, FormId), FormId>,
    nimbers: Vec<FormId>,
    work: u64,
    max_work: u64,
    cancel: Cancel,
}

impl MisereUniverse {
    /// The zero game, `{}`.
    pub const ZERO: FormId = 0;

    /// A universe with the work limit of `budget` ([`Task::Value`]'s by default) and
    /// its cancel flag.
    pub fn new(budget: &Budget) -> MisereUniverse {
        let zero = Node {
            options: Box::new([]),
            birthday: 0,
            genus: Genus {
                normal: 0,
                misere: vec![1, 2, 0],
            },
            nimber: Some(0),
        };
        let mut index = FxHashMap::default();
        index.insert(zero.options.clone(), Self::ZERO);
        MisereUniverse {
            nodes: vec![zero],
            index,
            sums: FxHashMap::default(),
            nimbers: vec![Self::ZERO],
            work: 0,
            max_work: budget.work(Task::Value),
            cancel: budget.cancel.clone(),
        }
    }

    /// Steps of work done so far.
    pub fn work(&self) -> u64 {
        self.work
    }

    /// The number of forms interned.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether only 0 is interned.
    pub fn is_empty(&self) -> bool {
        self.nodes.len() == 1
    }

    fn step(&mut self, steps: u64) -> Result<(), OverBudget> {
        let before = self.work;
        self.work += steps;
        if self.work > self.max_work {
            return Err(Budget::over(
                Limit::Work,
                self.work,
                self.max_work,
                "misère canonical forms",
            ));
        }
        if before >> 12 != self.work >> 12 {
            self.cancel.check(|| "misère canonical forms".to_string())?;
        }
        Ok(())
    }

    /// The nim-heap *n.
    pub fn nimber(&mut self, n: u32) -> Result<FormId, OverBudget> {
        while self.nimbers.len() <= n as usize {
            let options = self.nimbers.clone();
            let heap = self.game(&options)?;
            self.nimbers.push(heap);
        }
        Ok(self.nimbers[n as usize])
    }

    /// The simplest form of the game whose options are `options` (simplest forms of
    /// this universe, in any order, repeats allowed).
    pub fn game(&mut self, options: &[FormId]) -> Result<FormId, OverBudget> {
        let mut options = options.to_vec();
        options.sort_unstable();
        options.dedup();
        self.step(1)?;
        if let Some(&id) = self.index.get(options.as_slice()) {
            return Ok(id);
        }
        // The reductions try each option of each option.
        let candidates: usize = options
            .iter()
            .map(|&o| self.nodes[o as usize].options.len())
            .sum();
        self.step(options.len() as u64 + candidates as u64)?;
        if self.reduces_to_zero(&options) {
            return Ok(Self::ZERO);
        }
        if let Some(simpler) = self.reversed_through(&options) {
            return Ok(simpler);
        }
        Ok(self.intern(options))
    }

    /// Every option has 0 as an option (each reverses through 0), and G is an
    /// N-position as 0 is: some option is a P-position.
    fn reduces_to_zero(&self, options: &[FormId]) -> bool {
        options
            .iter()
            .all(|&o| self.nodes[o as usize].options.first() == Some(&Self::ZERO))
            && options.iter().any(|&o| self.is_p(o))
    }

    /// The nonzero simplest S (an option of an option) whose options are all among
    /// `options` and which is an option of each of the others.
    fn reversed_through(&self, options: &[FormId]) -> Option<FormId> {
        for &o in options {
            for &s in self.nodes[o as usize].options.iter() {
                if s == Self::ZERO {
                    continue;
                }
                let kept = &self.nodes[s as usize].options;
                let all_kept = kept.iter().all(|k| options.binary_search(k).is_ok());
                let rest_reverse = options
                    .iter()
                    .filter(|x| kept.binary_search(x).is_err())
                    .all(|&x| self.nodes[x as usize].options.binary_search(&s).is_ok());
                if all_kept && rest_reverse {
                    return Some(s);
                }
            }
        }
        None
    }

    fn intern(&mut self, options: Vec<FormId>) -> FormId {
        let birthday = 1 + options
            .iter()
            .map(|&o| self.nodes[o as usize].birthday)
            .max()
            .unwrap_or(0);
        let genus = self.genus_from_options(&options);
        let mut heaps: Vec<u32> = options
            .iter()
            .filter_map(|&o| self.nodes[o as usize].nimber)
            .collect();
        heaps.sort_unstable();
        let nimber = (heaps.len() == options.len()
            && heaps.iter().enumerate().all(|(i, &h)| h as usize == i))
        .then_some(heaps.len() as u32);
        let id = self.nodes.len() as FormId;
        let options: Box<[FormId]> = options.into();
        self.index.insert(options.clone(), id);
        self.nodes.push(Node {
            options,
            birthday,
            genus,
            nimber,
        });
        id
    }

    fn genus_from_options(&self, options: &[FormId]) -> Genus {
        let genera: Vec<&Genus> = options.iter().map(|&o| &self.nodes[o as usize].genus).collect();
        let normal = mex(genera.iter().map(|g| g.normal));
        // From index `settled` on, every option's sequence repeats with period 2.
        let settled = genera.iter().map(|g| g.misere.len()).max().unwrap_or(0).max(2);
        let mut misere = vec![mex(genera.iter().map(|g| g.misere_value(0)))];
        for i in 1.. {
            let before = misere[i - 1];
            let next = mex(genera
                .iter()
                .map(|g| g.misere_value(i))
                .chain([before, before ^ 1]));
            // γi = γ(i-2) past `settled`: every later value repeats too, since each
            // depends only on the one before and on the options' values at i.
            if i >= settled && next == misere[i - 2] {
                break;
            }
            misere.push(next);
        }
        while misere.len() > 2 && misere[misere.len() - 1] == misere[misere.len() - 3] {
            misere.pop();
        }
        Genus { normal, misere }
    }

    /// The sum of two forms, in simplest form.
    pub fn sum(&mut self, a: FormId, b: FormId) -> Result<FormId, OverBudget> {
        // An explicit stack: a sum's recursion is as deep as its birthday.
        let mut stack = vec![(a.min(b), a.max(b))];
        while let Some(&(x, y)) = stack.last() {
            if x == Self::ZERO || self.sums.contains_key(&(x, y)) {
                stack.pop();
                continue;
            }
            let parts: Vec<(FormId, FormId)> = self.nodes[x as usize]
                .options
                .iter()
                .map(|&o| (o, y))
                .chain(self.nodes[y as usize].options.iter().map(|&o| (x, o)))
                .map(|(p, q)| (p.min(q), p.max(q)))
                .collect();
            let missing: Vec<(FormId, FormId)> = parts
                .iter()
                .copied()
                .filter(|&(p, q)| p != Self::ZERO && !self.sums.contains_key(&(p, q)))
                .collect();
            if !missing.is_empty() {
                stack.extend(missing);
                continue;
            }
            let options: Vec<FormId> = parts.iter().map(|&(p, q)| self.known_sum(p, q)).collect();
            let total = self.game(&options)?;
            self.sums.insert((x, y), total);
            stack.pop();
        }
        Ok(self.known_sum(a.min(b), a.max(b)))
    }

    fn known_sum(&self, x: FormId, y: FormId) -> FormId {
        if x == Self::ZERO {
            y
        } else {
            self.sums[&(x, y)]
        }
    }

    /// The options of a form, sorted by id.
    pub fn options(&self, g: FormId) -> &[FormId] {
        &self.nodes[g as usize].options
    }

    /// The birthday of the simplest form.
    pub fn birthday(&self, g: FormId) -> u32 {
        self.nodes[g as usize].birthday
    }

    /// The genus.
    pub fn genus(&self, g: FormId) -> &Genus {
        &self.nodes[g as usize].genus
    }

    /// The misère nim-value (γ0 of the genus).
    pub fn misere_value(&self, g: FormId) -> u32 {
        self.nodes[g as usize].genus.misere[0]
    }

    /// Whether the game is a misère P-position (the player to move loses when the
    /// last player to move loses).
    pub fn is_p(&self, g: FormId) -> bool {
        self.misere_value(g) == 0
    }

    /// `Some(n)` when the form is the nim-heap *n.
    pub fn as_nimber(&self, g: FormId) -> Option<u32> {
        self.nodes[g as usize].nimber
    }

    /// The simplest forms of heaps 0 to `max_heap` of a heap game.
    pub fn heaps(&mut self, rules: &HeapRules, max_heap: u64) -> Result<Vec<FormId>, OverBudget> {
        let mut forms = vec![Self::ZERO];
        for n in 1..=max_heap {
            let mut lefts: Vec<Vec<u64>> = Vec::new();
            rules.heap_options(n, &mut |left| {
                let mut left = left.to_vec();
                left.sort_unstable();
                lefts.push(left);
            });
            lefts.sort_unstable();
            lefts.dedup();
            let mut options = Vec::with_capacity(lefts.len());
            for left in lefts {
                options.push(self.sum_of(left.iter().map(|&h| forms[h as usize]))?);
            }
            let heap = self.game(&options)?;
            forms.push(heap);
        }
        Ok(forms)
    }

    /// The sum of several forms.
    pub fn sum_of(&mut self, parts: impl IntoIterator<Item = FormId>) -> Result<FormId, OverBudget> {
        let mut total = Self::ZERO;
        for part in parts {
            total = self.sum(total, part)?;
        }
        Ok(total)
    }

    /// The order the literature lists options in: by birthday, number of options,
    /// normal and misère nim-values, then the options themselves.
    fn order(&self, a: FormId, b: FormId) -> Ordering {
        if a == b {
            return Ordering::Equal;
        }
        let (x, y) = (&self.nodes[a as usize], &self.nodes[b as usize]);
        x.birthday
            .cmp(&y.birthday)
            .then(x.options.len().cmp(&y.options.len()))
            .then(x.genus.normal.cmp(&y.genus.normal))
            .then(x.genus.misere[0].cmp(&y.genus.misere[0]))
            .then_with(|| {
                let (p, q) = (self.listed(a), self.listed(b));
                p.iter()
                    .zip(&q)
                    .map(|(&s, &t)| self.order(s, t))
                    .find(|o| o.is_ne())
                    .unwrap_or(Ordering::Equal)
            })
    }

    /// The options of `g`, greatest first in [`Self::order`].
    fn listed(&self, g: FormId) -> Vec<FormId> {
        let mut options = self.nodes[g as usize].options.to_vec();
        options.sort_by(|&a, &b| self.order(b, a));
        options
    }

    /// The form in CGSuite's notation: `*[...]` around the nim-heap's size (`*[2]`),
    /// or the options listed greatest first (`*[42]` is {*4, *2}), a compound option
    /// in parentheses (`*[(21)0]`), a single option marked `#` (`*[2#]` is {*2});
    /// sizes of 10 or more as `&10;`. `None` when it would be longer than
    /// `max_chars`: written out, a form repeats its followers, so the notation of a
    /// large form grows exponentially with its birthday.
    pub fn notation(&self, g: FormId, max_chars: usize) -> Option<String> {
        let mut lengths = FxHashMap::default();
        let length = self.notation_length(g, false, &mut lengths);
        // A saturated count is too long for any limit.
        if length == u64::MAX || length.saturating_add(3) > max_chars as u64 {
            return None;
        }
        let mut s = String::from("*[");
        self.write_body(g, false, &mut s);
        s.push(']');
        Some(s)
    }

    /// [`Self::notation`] up to [`NOTATION_CHARS`], else what can be said briefly.
    pub fn display(&self, g: FormId) -> String {
        self.notation(g, NOTATION_CHARS).unwrap_or_else(|| {
            format!(
                "(born on day {}, {} options; its notation is over {NOTATION_CHARS} characters)",
                self.birthday(g),
                self.options(g).len()
            )
        })
    }

    /// The characters [`Self::write_body`] writes, saturated.
    fn notation_length(&self, g: FormId, nested: bool, memo: &mut FxHashMap<(FormId, bool), u64>) -> u64 {
        if let Some(&n) = memo.get(&(g, nested)) {
            return n;
        }
        let node = &self.nodes[g as usize];
        let n = if let Some(n) = node.nimber {
            if n < 10 {
                1
            } else {
                n.to_string().len() as u64 + 2
            }
        } else if let [only] = node.options[..] {
            self.notation_length(only, true, memo).saturating_add(1)
        } else {
            let inner = node.options.iter().fold(0u64, |total, &o| {
                total.saturating_add(self.notation_length(o, true, memo))
            });
            inner.saturating_add(if nested { 2 } else { 0 })
        };
        memo.insert((g, nested), n);
        n
    }

    fn write_body(&self, g: FormId, nested: bool, out: &mut String) {
        if let Some(n) = self.nodes[g as usize].nimber {
            if n < 10 {
                out.push_str(&n.to_string());
            } else {
                out.push_str(&format!("&{n};"));
            }
            return;
        }
        let options = self.listed(g);
        if let [only] = options[..] {
            self.write_body(only, true, out);
            out.push('#');
            return;
        }
        if nested {
            out.push('(');
        }
        for o in options {
            self.write_body(o, true, out);
        }
        if nested {
            out.push(')');
        }
    }
}

fn mex(values: impl Iterator<Item = u32>) -> u32 {
    let mut seen: Vec<u32> = values.collect();
    seen.sort_unstable();
    seen.dedup();
    seen.iter()
        .enumerate()
        .find(|&(i, &v)| v != i as u32)
        .map_or(seen.len() as u32, |(i, _)| i as u32)
}
