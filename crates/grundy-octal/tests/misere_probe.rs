use grundy_octal::*;
#[test]
fn probe() {
    let cases: Vec<(String, u64)> = std::env::var("PROBE")
        .unwrap()
        .split(' ')
        .map(|c| {
            let (a, b) = c.split_once('/').unwrap();
            (a.to_string(), b.parse().unwrap())
        })
        .collect();
    for (code, n) in cases {
        let t = std::time::Instant::now();
        let r = HeapRules::parse(&code).unwrap();
        match MisereQuotient::compute(
            &r,
            n,
            QuotientLimits {
                max_positions: std::env::var("POS")
                    .map(|v| v.parse().unwrap())
                    .unwrap_or(20_000_000),
                ..QuotientLimits::default()
            },
        ) {
            Ok(q) => eprintln!(
                "{code} {n}: order {} P {} {:?} {:?}",
                q.order(),
                q.p_portion().len(),
                q.stats(),
                t.elapsed()
            ),
            Err(e) => eprintln!("{code} {n}: {e} {:?}", t.elapsed()),
        }
    }
}
