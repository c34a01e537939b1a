//! Computes a nim-sequence and reports speed and value counts.
//!
//! ```text
//! cargo run --release -p grundy-examples --example sequence -- GAME N [auto|naive|sparse] [--period]
//! cargo run --release -p grundy-examples --example sequence -- 0.167 10000000 sparse
//! cargo run --release -p grundy-examples --example sequence -- grundy 16777216
//! cargo run --release -p grundy-examples --example sequence -- 0.16 600000 sparse --period
//! ```
use grundy_octal::{find_period_in, HeapRules, Method, Sequence};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 2 {
        eprintln!("usage: sequence GAME N [auto|naive|sparse] [--period]");
        std::process::exit(2);
    }
    let rules: HeapRules = match args[0].parse() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(2);
        }
    };
    let n: u64 = args[1].replace('_', "").parse().expect("N must be an integer");
    let method: Method = args
        .get(2)
        .filter(|a| !a.starts_with("--"))
        .map(|m| m.parse().expect("method"))
        .unwrap_or_default();
    let period = args.iter().any(|a| a == "--period");
    let mut seq = Sequence::new(rules.clone(), method);
    let start = Instant::now();
    if period {
        match find_period_in(&mut seq, n, |_, _| {}) {
            Ok(Some(p)) => println!("{}", p.rule),
            Ok(None) => println!("{rules}: no period found in {} values", seq.len()),
            Err(e) => println!("error: {e}"),
        }
    } else if let Err(e) = seq.extend_to(n, |_, _| {}) {
        eprintln!("error: {e}");
        std::process::exit(1);
    }
    let secs = start.elapsed().as_secs_f64();
    let st = seq.stats();
    println!(
        "game {rules}  method {}  values {}  time {secs:.3} s  {:.0} values/s  {:.3e} options/s",
        if seq.is_sparse() { "sparse" } else { "naive" },
        seq.len(),
        seq.len() as f64 / secs,
        st.options as f64 / secs
    );
    println!(
        "max value {}  rare heaps {}  mask {:#x}  full scans {}  reclassifications {}",
        seq.max_value(),
        seq.rare_count(),
        seq.sparse_mask(),
        st.full_scans,
        st.reclassifications
    );
    // The rare heaps are those whose value has an even number of bits under the
    // mask (`Sequence::sparse_mask`; the engine keeps only their count): their
    // count from the values, and the last of them.
    let mask = seq.sparse_mask();
    if mask != 0 {
        let rare = |v: &u16| (v & mask).count_ones().is_multiple_of(2);
        let values = seq.values();
        let count = values.iter().filter(|v| rare(v)).count();
        let last = values.iter().rposition(rare);
        println!("rare heaps by parity {count}  last rare heap {last:?}");
    }
    let counts: Vec<String> = seq
        .value_counts()
        .iter()
        .enumerate()
        .filter(|(_, &c)| c > 0)
        .map(|(v, c)| format!("{v}:{c}"))
        .collect();
    println!("value counts {}", counts.join(" "));
    println!("G({}) = {}", seq.len() - 1, seq.values()[seq.len() as usize - 1]);
}
