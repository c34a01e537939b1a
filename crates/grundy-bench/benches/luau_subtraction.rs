//! A Luau-defined subtraction game (take 1, 3 or 4) tabulated over heaps 0..10^6,
//! one `moves` call per heap, against the same game built in.
//!
//! `cargo bench -p grundy-bench --bench luau_subtraction -- --quick`
//!
//! Besides criterion's figures it prints positions per second of each and the ratio.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use grundy::dynamic::DynGame;

use grundy_rules::{game_from_luau, Limits};

const HEAPS: u64 = 1_000_000;

const SCRIPT: &str = r#"
impartial = true
heaps = true
local TAKE = {1, 3, 4}
function moves(n)
  local out = table.create(3) -- preallocated: no rehash as it fills
  local k = 0
  for i = 1, 3 do
    local s = TAKE[i]
    if s > n then break end
    k += 1
    out[k] = n - s
  end
  return out
end
"#;

fn luau_game() -> Box<dyn DynGame> {
    game_from_luau("subtraction.luau", SCRIPT, Limits::default()).unwrap()
}

fn luau_table() -> u64 {
    let values = luau_game()
        .heap_values(0, HEAPS - 1, &grundy::Budget::default())
        .unwrap();
    values.iter().map(|v| v.nimber).sum()
}

/// The same values from the one heap engine, computed heap by heap as the script
/// does (no period shortcut), in the engine's own 16-bit table.
fn builtin_table() -> u64 {
    let rules = grundy_octal::HeapRules::subtraction(&[1, 3, 4]);
    let mut seq = grundy_octal::Sequence::new(rules, grundy_octal::Method::Auto);
    seq.extend_to(HEAPS, |_, _| {}).unwrap();
    seq.values().iter().map(|&v| u64::from(v)).sum()
}

/// Time this thread spent on a CPU (Linux), so that a busy shared machine does not
/// distort the rate; `None` elsewhere.
fn cpu_time() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(ns))
}

fn report() {
    let time = |f: fn() -> u64| {
        let (wall, cpu) = (Instant::now(), cpu_time());
        let sum = black_box(f());
        let wall = wall.elapsed();
        let cpu = cpu.zip(cpu_time()).map(|(a, b)| b - a).unwrap_or(wall);
        (wall, cpu, sum)
    };
    let (luau_wall, luau, a) = time(luau_table);
    let (native_wall, native, b) = time(builtin_table);
    assert_eq!(a, b, "the Luau and built-in tables differ");
    let rate = |d: Duration| HEAPS as f64 / d.as_secs_f64();
    eprintln!(
        "luau: {HEAPS} positions in {:.3} s of CPU ({:.3} s wall) = {:.2e} positions/s; \
         built in: {:.4} s of CPU ({:.4} s wall) = {:.2e} positions/s; built in is {:.0}x faster",
        luau.as_secs_f64(),
        luau_wall.as_secs_f64(),
        rate(luau),
        native.as_secs_f64(),
        native_wall.as_secs_f64(),
        rate(native),
        luau.as_secs_f64() / native.as_secs_f64()
    );
}

fn bench(c: &mut Criterion) {
    report();
    let mut group = c.benchmark_group("subtraction 1,3,4, heaps 0..10^6");
    group.throughput(Throughput::Elements(HEAPS));
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(10));
    group.bench_function("luau script", |b| {
        b.iter_batched(
            luau_game,
            |g| g.heap_values(0, HEAPS - 1, &grundy::Budget::default()).unwrap(),
            BatchSize::PerIteration,
        )
    });
    group.bench_function("built in", |b| b.iter(builtin_table));
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
