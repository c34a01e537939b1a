//! Fuzz targets of grundy-cgt's hostile inputs: nesting depth in `calc`, and
//! the exact arithmetic of dyadic rationals near the ends of their precision.

use grundy_cgt::calc::{evaluate, CalcValue};
use grundy_cgt::{Dyadic, Universe, MAX_EXPONENT};

/// Target `calc_depth`: an expression nested as the bytes say (each byte a
/// wrapper and a repeat count), up to 10^5 levels: the parser answers or refuses
/// in one short line, never overflows the stack.
pub fn calc_depth(data: &[u8]) {
    const OPEN: [(&str, &str); 8] = [
        ("{0|", "}"),
        ("(", ")"),
        ("-", ""),
        ("±", ""),
        ("+-", ""),
        ("{", "|0}"),
        ("{1|", "||-1}"),
        ("- ", ""),
    ];
    const CORE: [&str; 4] = ["1", "^*", "1/18446744073709551616", "{1|-1}"];
    let Some((&core, ops)) = data.split_first() else {
        return;
    };
    let (mut head, mut tail) = (String::new(), Vec::new());
    let mut levels = 0usize;
    for pair in ops.chunks(2) {
        let (kind, count) = (pair[0] as usize % OPEN.len(), *pair.get(1).unwrap_or(&1) as usize);
        // Up to 255^2 repeats of a wrapper, 10^5 levels in all.
        let count = (count * count).min(100_000 - levels);
        levels += count;
        let (open, close) = OPEN[kind];
        head.push_str(&open.repeat(count));
        tail.push(close.repeat(count));
    }
    let mut text = head;
    text.push_str(CORE[core as usize % CORE.len()]);
    for close in tail.iter().rev() {
        text.push_str(close);
    }
    let mut u = Universe::new();
    u.set_work_limit(Some(200_000));
    let mut none = |name: &str, _: &str, _: &mut Universe| Err(format!("no game {name}"));
    match evaluate(&text, &mut u, &mut none) {
        Ok(CalcValue::Game(g)) => {
            let _ = u.display_within(g, false, 1_000_000);
        }
        Ok(CalcValue::Bool(_) | CalcValue::UpStar { .. }) => {}
        Err(e) => {
            let m = e.to_string();
            assert!(
                m.len() < 1_000,
                "an error quotes an excerpt, not {} bytes",
                m.len()
            );
        }
    }
    let _ = u.parse(&text);
}

fn dyadic_of(b: &[u8]) -> Option<Dyadic> {
    let mut n = [0u8; 16];
    n.copy_from_slice(b.get(..16)?);
    let exp = u32::from(*b.get(16)?) % (MAX_EXPONENT + 8);
    // Some numbers small, some at the ends of the range.
    let num = match b[17 % b.len()] % 3 {
        0 => i128::from_le_bytes(n),
        1 => i128::from(i64::from_le_bytes(n[..8].try_into().ok()?)),
        _ => i128::from(n[0] as i8),
    };
    Dyadic::checked_new(num, exp)
}

/// Target `dyadic`: two numbers from the bytes; every checked operation is exact
/// when it answers (checked against the inverse operation and the order), text
/// reads back, and the calculator and the universe agree or refuse.
pub fn dyadic(data: &[u8]) {
    if data.len() < 36 {
        return;
    }
    let (Some(a), Some(b)) = (dyadic_of(&data[..18]), dyadic_of(&data[18..36])) else {
        return;
    };
    // Text reads back.
    assert_eq!(a.to_string().parse::<Dyadic>().ok(), Some(a), "{a}");
    // Order is total and agrees with the sign of the difference where it fits.
    if let Some(d) = b.checked_sub(a) {
        assert_eq!(a.cmp(&b), Dyadic::ZERO.cmp(&d), "{a} {b}");
        assert_eq!(d.checked_add(a), Some(b), "{a} {b}");
    }
    if let Some(s) = a.checked_add(b) {
        assert_eq!(s.checked_sub(b), Some(a), "{a} {b}");
        assert_eq!(b.checked_add(a), Some(s));
    }
    if let Some(h) = a.checked_half() {
        assert_eq!(h.checked_shift(1), Some(a));
        assert_eq!(h.checked_add(h), Some(a));
    }
    if let Some(m) = a.checked_mul_int(3) {
        assert_eq!(a.checked_add(a).and_then(|x| x.checked_add(a)), Some(m));
    }
    if a < b {
        if let Some(x) = Dyadic::checked_simplest_between(Some(a), Some(b)) {
            assert!(a < x && x < b, "{a} < {x} < {b}");
        }
    }
    assert!(a.floor() <= a.ceil());
    // The universe: numbers of small integer part are built, and a sum is exact
    // or refused as too precise.
    if a.floor().unsigned_abs() < 1000 && b.floor().unsigned_abs() < 1000 {
        let mut u = Universe::new();
        u.set_work_limit(Some(200_000));
        let (ga, gb) = (u.number(a), u.number(b));
        let s = u.add(ga, gb);
        if !u.work_exhausted() {
            assert_eq!(u.as_number(s), a.checked_add(b), "{a} + {b}");
            let text = u.display(s, false);
            assert_eq!(u.parse(&text).ok(), Some(s), "{text}");
        } else {
            assert!(u.precision_exhausted() || a.checked_add(b).is_some());
        }
        let mut none = |name: &str, _: &str, _: &mut Universe| Err(format!("no game {name}"));
        let _ = evaluate(&format!("{{{a}|{b}}} + {a}"), &mut Universe::new(), &mut none)
            .map(|v| format!("{v:?}"));
    }
}
