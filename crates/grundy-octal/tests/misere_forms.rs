//! Misère simplest forms and genus, checked against the literature's counts and
//! values, against play by brute force on the raw game trees, and against the
//! proved misère quotients.

use std::collections::{BTreeSet, HashMap};

use grundy_budget::{Budget, Limit};
use grundy_octal::{FormId, HeapRules, MisereQuotient, MisereUniverse, QuotientLimits};

/// Raw game trees, hash-consed, with misère play by definition: nothing reduced.
#[derive(Default)]
struct Raw {
    options: Vec<Vec<usize>>,
    index: HashMap<Vec<usize>, usize>,
    /// Misère nim-value of a sorted multiset of trees.
    misere: HashMap<Vec<usize>, u32>,
    normal: HashMap<usize, u32>,
}

impl Raw {
    fn tree(&mut self, mut options: Vec<usize>) -> usize {
        options.sort_unstable();
        options.dedup();
        if let Some(&t) = self.index.get(&options) {
            return t;
        }
        self.options.push(options.clone());
        self.index.insert(options, self.options.len() - 1);
        self.options.len() - 1
    }

    fn nim(&mut self, n: usize) -> usize {
        let heaps: Vec<usize> = (0..n).map(|k| self.nim(k)).collect();
        self.tree(heaps)
    }

    /// The misère nim-value of the sum of `parts`: 1 for the empty sum, else the mex
    /// of the options' values (0 exactly for the P-positions).
    fn misere_value(&mut self, parts: &[usize]) -> u32 {
        let mut key = parts.to_vec();
        key.sort_unstable();
        if let Some(&v) = self.misere.get(&key) {
            return v;
        }
        let mut seen = BTreeSet::new();
        for i in 0..key.len() {
            for &o in &self.options[key[i]].clone() {
                let mut next = key.clone();
                next[i] = o;
                seen.insert(self.misere_value(&next));
            }
        }
        let v = if seen.is_empty() {
            1
        } else {
            (0..).find(|v| !seen.contains(v)).unwrap()
        };
        self.misere.insert(key, v);
        v
    }

    fn is_p(&mut self, parts: &[usize]) -> bool {
        self.misere_value(parts) == 0
    }

    fn normal_value(&mut self, t: usize) -> u32 {
        if let Some(&v) = self.normal.get(&t) {
            return v;
        }
        let seen: BTreeSet<u32> = self.options[t]
            .clone()
            .into_iter()
            .map(|o| self.normal_value(o))
            .collect();
        let v = (0..).find(|v| !seen.contains(v)).unwrap();
        self.normal.insert(t, v);
        v
    }

    /// The simplest form of a tree, bottom-up.
    fn form(&self, t: usize, u: &mut MisereUniverse, memo: &mut HashMap<usize, FormId>) -> FormId {
        if let Some(&f) = memo.get(&t) {
            return f;
        }
        let options: Vec<FormId> = self.options[t].iter().map(|&o| self.form(o, u, memo)).collect();
        let f = u.game(&options).unwrap();
        memo.insert(t, f);
        f
    }

    /// Every tree born by day `day` (each subset of the trees of the day before).
    fn born_by(&mut self, day: u32) -> Vec<usize> {
        let mut trees = vec![self.tree(Vec::new())];
        for _ in 0..day {
            let before = trees.clone();
            trees = (0..1u64 << before.len())
                .map(|mask| {
                    let options = (0..before.len())
                        .filter(|i| mask >> i & 1 == 1)
                        .map(|i| before[i])
                        .collect();
                    self.tree(options)
                })
                .collect();
        }
        trees
    }
}

fn universe() -> MisereUniverse {
    MisereUniverse::new(&Budget::unlimited())
}

/// The simplest forms born by day `day`: those of every set of forms born the day
/// before.
fn forms_born_by(u: &mut MisereUniverse, day: u32) -> Vec<FormId> {
    let mut forms = vec![MisereUniverse::ZERO];
    for _ in 0..day {
        let mut next = BTreeSet::new();
        for mask in 0..1u64 << forms.len() {
            let options: Vec<FormId> = (0..forms.len())
                .filter(|i| mask >> i & 1 == 1)
                .map(|i| forms[i])
                .collect();
            next.insert(u.game(&options).unwrap());
        }
        forms = next.into_iter().collect();
    }
    forms
}

#[test]
fn the_number_of_games_born_by_each_day_is_conways() {
    // ONAG ch. 12, Siegel CGT ch. V: 1, 2, 3, 5, 22 misère games born by days 0-4
    // (4171780 by day 5).
    let mut u = universe();
    let counts: Vec<usize> = (0..=4).map(|day| forms_born_by(&mut u, day).len()).collect();
    assert_eq!(counts, [1, 2, 3, 5, 22]);
    // The 22 in CGSuite's notation with their genus (genus digits are checked
    // against play below; `2#20` is the `1^31` of the literature).
    let day4: Vec<String> = forms_born_by(&mut u, 4)
        .into_iter()
        .map(|f| format!("{} {}", u.display(f), u.genus(f)))
        .collect();
    let want = [
        "*[0] 0^120",
        "*[1] 1^031",
        "*[2] 2^20",
        "*[2#] 0^02",
        "*[3] 3^31",
        "*[2##] 1^13",
        "*[2#0] 1^20",
        "*[2#1] 2^1420",
        "*[2#2] 1^13",
        "*[2#20] 1^31",
        "*[2#21] 3^1431",
        "*[2#210] 3^31",
        "*[3#] 0^02",
        "*[32] 0^02",
        "*[4] 4^46",
        "*[32#] 1^13",
        "*[32#0] 1^20",
        "*[32#1] 2^1420",
        "*[32#2] 1^13",
        "*[32#20] 1^431",
        "*[32#21] 4^146",
        "*[32#210] 4^46",
    ];
    let mut got = day4.clone();
    got.sort();
    let mut want: Vec<String> = want.iter().map(|s| s.to_string()).collect();
    want.sort();
    assert_eq!(got, want);
}

#[test]
fn nim_heaps_have_the_tame_genus() {
    // ONAG ch. 12: 0 = 0^120, * = 1^031, and *n = n^{n, n xor 2} for n >= 2 (the
    // misère nim-value of *n + *2 + ... is that of normal play once a heap of 2 or
    // more is in the sum).
    let mut u = universe();
    let genus: Vec<String> = (0..8)
        .map(|n| u.nimber(n).map(|g| u.genus(g).to_string()).unwrap())
        .collect();
    assert_eq!(
        genus,
        ["0^120", "1^031", "2^20", "3^31", "4^46", "5^57", "6^64", "7^75"]
    );
    for n in 0..8 {
        let heap = u.nimber(n).unwrap();
        assert_eq!(u.as_nimber(heap), Some(n));
        assert_eq!(u.display(heap), format!("*[{n}]"));
    }
    let twelve = u.nimber(12).unwrap();
    assert_eq!(u.display(twelve), "*[&12;]");
    assert_eq!(u.genus(twelve).to_string(), "12^(12,14)");
}

#[test]
fn the_small_reductions_of_the_literature() {
    let mut u = universe();
    let [zero, one, two, three] = [0, 1, 2, 3].map(|n| u.nimber(n).unwrap());
    // * + * = {*} = 0: the proviso holds, as {*} is an N-position like 0.
    assert_eq!(u.sum(one, one).unwrap(), zero);
    assert_eq!(u.game(&[one]).unwrap(), zero);
    // {*} reverses, {0} does not: * is not 0.
    assert_ne!(u.game(&[zero]).unwrap(), zero);
    // {0, *2} = * (*2 reverses through *) and {*, *2} = 0.
    assert_eq!(u.game(&[zero, two]).unwrap(), one);
    assert_eq!(u.game(&[one, two]).unwrap(), zero);
    // *2 + * = *3, *2 + *2 = {*3, *2}: sums of nim-heaps are nim-heaps only
    // while the heaps' normal sum is.
    assert_eq!(u.sum(two, one).unwrap(), three);
    let two_two = u.sum(two, two).unwrap();
    assert_eq!(u.display(two_two), "*[32]");
    assert!(u.is_p(two_two));
    let sharp = u.game(&[two]).unwrap();
    assert_eq!(u.display(sharp), "*[2#]");
    assert_eq!(u.genus(sharp).to_string(), "0^02");
    let twice = u.game(&[sharp]).unwrap();
    assert_eq!(u.display(twice), "*[2##]");
    let compound = u.game(&[two_two, one]).unwrap();
    assert_eq!(u.display(compound), "*[(32)1]");
}

/// Every tree born by day 3, then sets of them (a sample of the day-4 trees,
/// most of them not simplest).
fn sample_trees(raw: &mut Raw) -> (Vec<usize>, Vec<usize>) {
    let day3 = raw.born_by(3);
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut sample = Vec::new();
    for _ in 0..400 {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let options = (0..day3.len())
            .filter(|i| state >> i & 1 == 1)
            .map(|i| day3[i])
            .collect();
        sample.push(raw.tree(options));
    }
    (day3, sample)
}

#[test]
fn games_with_one_simplest_form_have_the_same_outcome_in_every_sum() {
    let mut raw = Raw::default();
    let (day3, sample) = sample_trees(&mut raw);
    let mut u = universe();
    let mut memo = HashMap::new();
    let mut by_form: HashMap<FormId, Vec<usize>> = HashMap::new();
    for &t in sample.iter().chain(&day3) {
        by_form.entry(raw.form(t, &mut u, &mut memo)).or_default().push(t);
    }
    // Test games: every tree born by day 3 and every sum of two of them.
    let mut tests: Vec<Vec<usize>> = day3.iter().map(|&x| vec![x]).collect();
    for (i, &x) in day3.iter().enumerate() {
        for &y in &day3[i..] {
            tests.push(vec![x, y]);
        }
    }
    let mut compared = 0;
    for trees in by_form.values() {
        let first = trees[0];
        for &other in &trees[1..] {
            for x in &tests {
                let with = |t: usize| [x.as_slice(), &[t]].concat();
                assert_eq!(
                    raw.is_p(&with(first)),
                    raw.is_p(&with(other)),
                    "{first} and {other} with {x:?}"
                );
                compared += 1;
            }
        }
    }
    assert!(compared > 10_000, "{compared}");
    assert!(by_form.len() >= 12, "{} forms", by_form.len());
}

#[test]
fn the_genus_is_the_misere_values_of_the_game_plus_twos() {
    let mut raw = Raw::default();
    let (day3, sample) = sample_trees(&mut raw);
    let two = raw.nim(2);
    let mut u = universe();
    let mut memo = HashMap::new();
    for &t in sample.iter().chain(&day3) {
        let form = raw.form(t, &mut u, &mut memo);
        let genus = u.genus(form).clone();
        assert_eq!(genus.normal, raw.normal_value(t));
        for i in 0..6 {
            let mut parts = vec![two; i];
            parts.push(t);
            assert_eq!(
                genus.misere_value(i),
                raw.misere_value(&parts),
                "γ{i} of {}",
                u.display(form)
            );
        }
        assert_eq!(u.is_p(form), raw.is_p(&[t]));
    }
}

/// The raw tree of a heap of a heap game (its positions by sorted heap lists).
fn heap_tree(
    raw: &mut Raw,
    rules: &HeapRules,
    heaps: Vec<u64>,
    memo: &mut HashMap<Vec<u64>, usize>,
) -> usize {
    if let Some(&t) = memo.get(&heaps) {
        return t;
    }
    let mut options = Vec::new();
    for i in 0..heaps.len() {
        let mut lefts = Vec::new();
        rules.heap_options(heaps[i], &mut |left| lefts.push(left.to_vec()));
        for left in lefts {
            let mut next: Vec<u64> = heaps[..i]
                .iter()
                .chain(&heaps[i + 1..])
                .chain(&left)
                .copied()
                .collect();
            next.sort_unstable();
            options.push(heap_tree(raw, rules, next, memo));
        }
    }
    let t = raw.tree(options);
    memo.insert(heaps, t);
    t
}

#[test]
fn heap_forms_agree_with_the_game_tree_and_with_play() {
    for (rules, max) in [
        (HeapRules::kayles(), 9),
        (HeapRules::dawsons_kayles(), 11),
        (HeapRules::nim(), 5),
    ] {
        let mut u = universe();
        let heaps = u.heaps(&rules, max).unwrap();
        let mut raw = Raw::default();
        let two = raw.nim(2);
        let (mut trees, mut forms) = (HashMap::new(), HashMap::new());
        for n in 0..=max {
            let t = heap_tree(&mut raw, &rules, vec![n], &mut trees);
            assert_eq!(
                raw.form(t, &mut u, &mut forms),
                heaps[n as usize],
                "{rules} heap {n}"
            );
            let genus = u.genus(heaps[n as usize]).clone();
            for i in 0..4 {
                let mut parts = vec![two; i];
                parts.push(t);
                assert_eq!(
                    genus.misere_value(i),
                    raw.misere_value(&parts),
                    "{rules} heap {n}, γ{i}"
                );
            }
        }
    }
}

#[test]
fn small_heaps_of_kayles_and_dawsons_kayles() {
    // Kayles: K4 = * (its options 0, *2 and *3 all reverse through *), and K5 is
    // the first heap that is not a nim-heap.
    let mut u = universe();
    let kayles = u.heaps(&HeapRules::kayles(), 5).unwrap();
    let genus: Vec<String> = kayles.iter().map(|&h| u.genus(h).to_string()).collect();
    assert_eq!(genus, ["0^120", "1^031", "2^20", "3^31", "1^031", "4^146"]);
    assert_eq!(u.display(kayles[4]), "*[1]");
    assert_eq!(u.display(kayles[5]), "*[(32)321]");
    // Dawson's Kayles: nim-heaps (of its normal values 0 0 1 1 2 0 3 1 1 0) up to
    // heap 9, then at heap 10, where its misère quotient grows, the first heap
    // whose genus is not tame.
    let dawson = u.heaps(&HeapRules::dawsons_kayles(), 10).unwrap();
    let nimbers: Vec<Option<u32>> = dawson[..10].iter().map(|&h| u.as_nimber(h)).collect();
    let normal = [0, 0, 1, 1, 2, 0, 3, 1, 1, 0].map(Some);
    assert_eq!(nimbers, normal);
    assert_eq!(u.genus(dawson[10]).to_string(), "3^1431");
    assert_eq!(u.display(dawson[10]), "*[(32)21]");
}

#[test]
fn sums_of_heaps_agree_with_the_proved_quotient() {
    // Two independent engines: the quotient (Plambeck–Siegel, proved) and the
    // outcome of the simplest form of the sum.
    for (rules, max) in [(HeapRules::kayles(), 8), (HeapRules::dawsons_kayles(), 9)] {
        let q = MisereQuotient::compute(&rules, max, QuotientLimits::default()).unwrap();
        let mut u = universe();
        let heaps = u.heaps(&rules, max).unwrap();
        for a in 1..=max {
            for b in a..=max {
                for c in [0, 1, 2, 3] {
                    let sum = u
                        .sum_of([heaps[a as usize], heaps[b as usize], heaps[c]])
                        .unwrap();
                    let position: Vec<u64> = [a, b, c as u64].into_iter().filter(|&h| h > 0).collect();
                    assert_eq!(
                        u.is_p(sum),
                        q.is_p_position(&position).unwrap(),
                        "{rules} {position:?}"
                    );
                }
            }
        }
    }
}

#[test]
fn work_is_limited_by_the_budget() {
    let budget = Budget {
        max_work: Some(50),
        ..Budget::default()
    };
    let mut u = MisereUniverse::new(&budget);
    let err = u.heaps(&HeapRules::kayles(), 30).unwrap_err();
    assert_eq!(err.limit, Limit::Work);
    assert!(err.to_string().contains("misère canonical forms"), "{err}");
}

#[test]
fn large_forms_are_summed_up_not_written_out() {
    let mut u = universe();
    let heaps = u.heaps(&HeapRules::kayles(), 12).unwrap();
    // Kayles 12 written out has thousands of characters: each follower is
    // repeated wherever it occurs.
    assert_eq!(
        u.notation(heaps[12], 1_000_000).map(|s| s.len() > 1000),
        Some(true)
    );
    assert_eq!(u.notation(heaps[12], 1000), None);
    assert!(
        u.display(heaps[12]).starts_with("(born on day 12, "),
        "{}",
        u.display(heaps[12])
    );
    assert_eq!(u.display(heaps[5]), "*[(32)321]");
    // Kayles 40's notation would have more characters than a u64 counts.
    let heaps = u.heaps(&HeapRules::kayles(), 40).unwrap();
    assert_eq!(u.notation(heaps[40], usize::MAX), None);
    assert!(u.display(heaps[40]).starts_with("(born on day 40, "));
}
