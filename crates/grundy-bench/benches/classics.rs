//! The classic problems: the library against a plain hand-written loop for the same
//! problem, in the same run. The README's Performance section quotes the ratios.
//!
//! `cargo bench -p grundy-bench --bench classics`

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use grundy::games::{Digits, Euclid, Split, Subtraction};
use grundy::Outcome;
use rand::{rngs::StdRng, Rng, SeedableRng};

const STONES: usize = 10_000_000;
const PILES: usize = 20_000;
const EUCLID_PAIRS: usize = 1_000_000;
const DIGIT_TURNS: u64 = 100;
/// Every 100th 4-digit start: 90 starts (all 9,000 take minutes per sample).
const DIGIT_STARTS: std::ops::RangeInclusive<u32> = 1000..=9999;
const DIGIT_STEP: usize = 100;

/// The seed solution's loop: win[i] = some move leaves a loss.
fn plain_stone_game(n: usize) -> Vec<bool> {
    let mut win = vec![false; n + 1];
    for i in 1..=n {
        win[i] = !win[i - 1] || (i >= 3 && !win[i - 3]) || (i >= 4 && !win[i - 4]);
    }
    win
}

/// The seed solution's loop: mex over K of (G(K) if P/K is odd) ^ G(P % K).
fn plain_split_game(n: usize) -> Vec<u32> {
    let mut g = vec![0u32; n + 1];
    let mut seen = vec![false; n + 2];
    for p in 2..=n {
        seen[..p + 1].iter_mut().for_each(|s| *s = false);
        for k in 1..p {
            let v = if (p / k) % 2 == 1 { g[k] } else { 0 } ^ g[p % k];
            if (v as usize) <= p {
                seen[v as usize] = true;
            }
        }
        g[p] = seen.iter().position(|s| !s).unwrap() as u32;
    }
    g
}

/// The seed solution's loop (Stan and Ollie): forced steps until a choice.
fn plain_euclid(mut m: u64, mut n: u64) -> bool {
    if m < n {
        std::mem::swap(&mut m, &mut n);
    }
    let mut first = true;
    while n != 0 {
        if m.is_multiple_of(n) || m / n >= 2 {
            break;
        }
        let t = m - n;
        m = n;
        n = t;
        first = !first;
    }
    first
}

/// The seed solution's recurrence, swept layer by layer: layer k is "turns played".
fn plain_digit_game(start: u32, turns: u64) -> bool {
    let first_last = turns.is_multiple_of(2);
    let mut next: Vec<bool> = (0..10_000u32).map(|c| (c > start) == first_last).collect();
    let mut cur = vec![false; 10_000];
    for _ in 0..turns {
        for c in 0..10_000u32 {
            let mut win = false;
            let mut unit = 1;
            for _ in 0..4 {
                let o = if (c / unit) % 10 == 9 {
                    c - 9 * unit
                } else {
                    c + unit
                };
                win |= !next[o as usize];
                unit *= 10;
            }
            cur[c as usize] = win;
        }
        std::mem::swap(&mut cur, &mut next);
    }
    next[start as usize]
}

fn stone_game(c: &mut Criterion) {
    let mut g = c.benchmark_group("stone_game_to_1e7");
    g.sample_size(10);
    // A fresh game each time (a game caches its values): the period is proved,
    // then every value comes from it.
    g.bench_function("library", |b| {
        b.iter(|| {
            Subtraction::new(&[1, 3, 4])
                .unwrap()
                .table::<u8>(black_box(STONES as u64))
                .unwrap()
        })
    });
    let rules = grundy_octal::HeapRules::subtraction(&[1, 3, 4]);
    g.bench_function("library_no_period", |b| {
        b.iter(|| {
            let mut s = grundy_octal::Sequence::new(rules.clone(), grundy_octal::Method::Auto);
            s.extend_to(black_box(STONES as u64) + 1, |_, _| {}).unwrap();
            s
        })
    });
    g.bench_function("plain_loop", |b| b.iter(|| plain_stone_game(black_box(STONES))));
    g.finish();
}

fn split_game(c: &mut Criterion) {
    let mut g = c.benchmark_group("split_game_to_20000");
    g.sample_size(10);
    g.bench_function("library", |b| {
        b.iter(|| Split::new().values_range(0, black_box(PILES as u64)).unwrap())
    });
    g.bench_function("plain_loop", |b| b.iter(|| plain_split_game(black_box(PILES))));
    g.finish();
}

fn euclid(c: &mut Criterion) {
    let mut rng = StdRng::seed_from_u64(42);
    let pairs: Vec<(u64, u64)> = (0..EUCLID_PAIRS)
        .map(|_| {
            (
                rng.gen_range(1..=i64::MAX as u64),
                rng.gen_range(1..=i64::MAX as u64),
            )
        })
        .collect();
    let mut g = c.benchmark_group("euclid_1e6_random_63_bit_pairs");
    g.sample_size(20);
    g.bench_function("library", |b| {
        b.iter(|| {
            pairs
                .iter()
                .filter(|&&p| Euclid::outcome(p) == Outcome::Win)
                .count()
        })
    });
    g.bench_function("plain_loop", |b| {
        b.iter(|| pairs.iter().filter(|&&(m, n)| plain_euclid(m, n)).count())
    });
    g.finish();
}

fn digit_game(c: &mut Criterion) {
    let mut g = c.benchmark_group("digit_game_100_turns_90_starts");
    g.sample_size(10);
    g.bench_function("library", |b| {
        let game = Digits::new(DIGIT_TURNS, 4).unwrap();
        b.iter(|| {
            DIGIT_STARTS
                .step_by(DIGIT_STEP)
                .filter(|&s| game.layer(s, DIGIT_TURNS)[s as usize])
                .count()
        })
    });
    g.bench_function("plain_loop", |b| {
        b.iter(|| {
            DIGIT_STARTS
                .step_by(DIGIT_STEP)
                .filter(|&s| plain_digit_game(s, DIGIT_TURNS))
                .count()
        })
    });
    g.finish();
}

criterion_group!(benches, stone_game, split_game, euclid, digit_game);
criterion_main!(benches);
