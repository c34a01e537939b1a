//! Misère quotients of the literature (tests/data/quotients.txt), and Plambeck and
//! Siegel's bridge between misère quotients and normal-play nim-values.

use grundy_octal::{Element, HeapRules, Method, MisereQuotient, QuotientLimits, Sequence};

#[test]
fn published_quotients_are_reproduced() {
    let text = include_str!("data/quotients.txt");
    let mut checked = 0;
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split(';').map(str::trim).collect();
        let [game, max_heap, order, presentation, p_portion] = fields[..] else {
            panic!("bad line: {line}");
        };
        let rules: HeapRules = game.parse().unwrap();
        let max_heap: u64 = max_heap.parse().unwrap();
        let q = MisereQuotient::compute(&rules, max_heap, QuotientLimits::default()).unwrap();
        assert_eq!(
            q.order(),
            order.parse::<usize>().unwrap(),
            "{game} to {max_heap}: order"
        );
        // `*`: not published, so not compared (the order is).
        if presentation != "*" {
            assert_eq!(
                q.presentation(),
                presentation,
                "{game} to {max_heap}: presentation"
            );
        }
        if p_portion != "*" {
            let p: Vec<String> = q.p_portion().iter().map(|w| w.to_string()).collect();
            assert_eq!(p.join(", "), p_portion, "{game} to {max_heap}: P-portion");
        }
        checked += 1;
    }
    assert!(checked >= 7);
}

/// The identity of the quotient's kernel (its least ideal, a group): the idempotent
/// power of the product of all elements, which lies in every ideal.
fn kernel_identity(q: &MisereQuotient) -> Element {
    let all = (0..q.order() as Element).fold(0, |x, y| q.multiply(x, y));
    let mut z = all;
    loop {
        let square = q.multiply(z, z);
        if square == z {
            return z;
        }
        z = q.multiply(z, all);
    }
}

/// Plambeck and Siegel (2008, Theorem 6.4): with z the kernel's identity, z·Φ(G) =
/// z·Φ(H) exactly when G and H have the same normal-play nim-value. So the kernel is
/// the group of nim-values, and the misère quotient, computed from misère outcomes
/// alone, must agree with the normal-play engine on every pair of sums.
#[test]
fn the_kernel_of_each_quotient_is_the_group_of_normal_play_values() {
    let cases = [
        (HeapRules::nim(), 15),
        (HeapRules::kayles(), 80),
        ("0.07".parse().unwrap(), 16),
        // Past heap 25, where the quotient is rebuilt by recalibration.
        ("0.07".parse().unwrap(), 30),
        ("0.75".parse().unwrap(), 16),
        ("0.71".parse().unwrap(), 12),
        ("0.137".parse().unwrap(), 12),
    ];
    for (rules, max_heap) in cases {
        let q = MisereQuotient::compute(&rules, max_heap, QuotientLimits::default()).unwrap();
        let mut sequence = Sequence::new(rules.clone(), Method::Naive);
        sequence.extend_to(max_heap + 1, |_, _| {}).unwrap();
        let values = sequence.into_values();
        let z = kernel_identity(&q);
        // Sums of up to two heaps: their elements and nim-values.
        let mut sums: Vec<(Element, u16)> = Vec::new();
        for a in 0..=max_heap {
            for b in a..=max_heap {
                let x = q.element_of(&[a, b]).unwrap();
                sums.push((q.multiply(z, x), values[a as usize] ^ values[b as usize]));
            }
        }
        for &(zx, gx) in &sums {
            for &(zy, gy) in &sums {
                assert_eq!(
                    zx == zy,
                    gx == gy,
                    "{rules} to {max_heap}: kernel and nim-values disagree"
                );
            }
        }
    }
}
