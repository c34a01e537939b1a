//! Known facts of the theory, and the notation.

use grundy_cgt::{Dyadic, GameId, OutcomeClass, Universe};

fn d(s: &str) -> Dyadic {
    s.parse().unwrap()
}

fn p(u: &mut Universe, s: &str) -> GameId {
    u.parse(s).unwrap_or_else(|e| panic!("{e}"))
}

/// g + h straight from the definition, through `construct` only.
fn add_by_definition(u: &mut Universe, g: GameId, h: GameId) -> GameId {
    let mut l = Vec::new();
    let mut r = Vec::new();
    for gl in u.left_options(g).to_vec() {
        l.push(add_by_definition(u, gl, h));
    }
    for hl in u.left_options(h).to_vec() {
        l.push(add_by_definition(u, g, hl));
    }
    for gr in u.right_options(g).to_vec() {
        r.push(add_by_definition(u, gr, h));
    }
    for hr in u.right_options(h).to_vec() {
        r.push(add_by_definition(u, g, hr));
    }
    u.construct(&l, &r)
}

#[test]
fn numbers_and_nimbers() {
    let mut u = Universe::new();
    let z = u.zero();
    let one = u.integer(1);
    assert_eq!(u.construct(&[z], &[]), one);
    let half = u.construct(&[z], &[one]);
    assert_eq!(u.as_number(half), Some(d("1/2")));
    assert_eq!(u.add(half, half), one);
    let s = u.nimber(1);
    assert_eq!(u.construct(&[z], &[z]), s);
    let s2 = u.nimber(2);
    assert_eq!(u.construct(&[z, s], &[z, s]), s2);
    let s3 = u.nimber(3);
    assert_eq!(u.add(s2, s3), s);
    assert_eq!(add_by_definition(&mut u, s2, s3), s);
    assert_eq!(u.as_nimber(s3), Some(3));
    assert_eq!(u.outcome(s), OutcomeClass::N);
    assert_eq!(u.outcome(half), OutcomeClass::L);
    assert_eq!(u.outcome(z), OutcomeClass::P);
    let m = u.number(d("-3/4"));
    assert_eq!(u.outcome(m), OutcomeClass::R);
    assert_eq!(u.display(m, false), "-3/4");
    let mh = u.number(d("-1/2"));
    let mone = u.integer(-1);
    assert_eq!(u.construct(&[mone], &[z]), mh);
    // {1|1/2}-style: left >= right is hot, not a number.
    let hot = u.construct(&[one], &[z]);
    assert_eq!(u.as_number(hot), None);
    assert_eq!(u.display(hot, false), "1/2±1/2");
}

#[test]
fn ups() {
    let mut u = Universe::new();
    let z = u.zero();
    let s = u.nimber(1);
    let up = u.up();
    assert_eq!(u.construct(&[z], &[s]), up);
    let down = u.construct(&[s], &[z]);
    assert_eq!(u.neg(up), down);
    assert_eq!(u.display(down, false), "v");
    let dbl = u.add(up, up);
    assert_eq!(u.display(dbl, false), "^^");
    assert_eq!(u.display(dbl, true), "⇑");
    assert!(u.ge(up, z) && !u.le(up, z));
    let ups = u.add(up, s);
    assert!(u.confused(ups, z));
    assert_eq!(u.display(ups, false), "^*");
    assert_eq!(u.construct(&[z, s], &[z]), ups);
    assert!(u.confused(s, z));
}

#[test]
fn up_star_shapes_match_sums() {
    // The recognised shapes of x + n·↑ + *m against sums computed by definition.
    let mut u = Universe::new();
    let up = u.construct(&[u.zero()], &[u.zero()]);
    let _ = up;
    for x in ["0", "1", "-1/2"] {
        for n in -4i64..=4 {
            for m in 0u64..=4 {
                let xg = u.number(d(x));
                let mut g = xg;
                let upg = {
                    let z = u.zero();
                    let s = u.nimber(1);
                    u.construct(&[z], &[s])
                };
                let downg = u.neg(upg);
                for _ in 0..n.abs() {
                    g = add_by_definition(&mut u, g, if n > 0 { upg } else { downg });
                }
                let sm = u.nimber(m);
                g = add_by_definition(&mut u, g, sm);
                let built = u.up_star(d(x), n, m);
                assert_eq!(g, built, "{x} {n} {m}: {}", u.display(g, false));
                assert_eq!(u.as_up_star(g), Some((d(x), n, m)));
            }
        }
    }
}

#[test]
fn reversible_options() {
    let mut u = Universe::new();
    let z = u.zero();
    let s = u.nimber(1);
    // {*|*} = 0: both options reverse out.
    assert_eq!(u.construct(&[s], &[s]), z);
    // {*|} = 0.
    assert_eq!(u.construct(&[s], &[]), z);
    // {0,*|0,*,*2}: Right's *2 reverses through 0 ... whatever it is, it equals
    // the sum by definition.
    let one = u.integer(1);
    let m1 = u.integer(-1);
    let sw = u.construct(&[one], &[m1]);
    assert_eq!(u.display(sw, false), "±1");
    assert_eq!(u.display(sw, true), "±1");
    let four = u.integer(4);
    let two = u.integer(2);
    let sw2 = u.construct(&[four], &[two]);
    assert_eq!(u.display(sw2, false), "3±1");
    // {1|{0|-1}}: no reversal; written with nested slashes.
    let inner = u.construct(&[z], &[m1]);
    let g = u.construct(&[z], &[inner]);
    assert_eq!(u.display(g, false), "Tiny(1)");
    assert_eq!(u.parse("{0||0|-1}").unwrap(), g);
}

#[test]
fn classic_values() {
    let mut u = Universe::new();
    let facts = [
        ("{0|0,*}", "v*"),
        ("{0|^}", "^^*"),
        ("{0|^*}", "^^"),
        ("{1|1}", "1*"),
        ("{0,*,*2|0,*,*2}", "*3"),
        ("{*|*2}", "0"),
        ("{1/2|1/2}", "1/2*"),
        ("{1|{0|-1}}", "{1||0|-1}"),
        // Left's {1|0} reverses through its 0 (0 <= G), and 0 has no Left option.
        ("{{1|0}|1}", "0"),
        // Left's {2|1/2} reverses through 1/2 <= G: replaced by 1/2's Left option 0.
        ("{{2|1/2}|1}", "1/2"),
        ("{-1|1}", "0"),
        ("{-1/2|1/4}", "0"),
        ("{1/4|1/2}", "3/8"),
    ];
    for (text, want) in facts {
        let g = p(&mut u, text);
        assert_eq!(u.display(g, false), want, "{text}");
    }
    // Tinies are positive yet below every positive number-up-star of ours.
    let tiny = p(&mut u, "{0||0|-2}");
    let up = u.up();
    let z = u.zero();
    assert!(u.ge(tiny, z) && tiny != z);
    assert!(u.le(tiny, up) && tiny != up);
    assert_eq!(u.outcome(tiny), OutcomeClass::L);
    assert_eq!(u.birthday(tiny), 4);
    let minus_tiny = u.neg(tiny);
    assert_eq!(u.display(minus_tiny, false), "Miny(2)");
    assert_eq!(u.parse("{2|0||0}"), Ok(minus_tiny));
}

#[test]
fn notation_round_trips() {
    let mut u = Universe::new();
    for s in [
        "0",
        "-2",
        "3/4",
        "-1/2",
        "*",
        "*3",
        "^",
        "v",
        "^*",
        "v*",
        "^^",
        "vv*",
        "^3",
        "v3*2",
        "1/2^*",
        "-1v",
        "2*",
        "±1",
        "3±1",
        "±1/2",
        "{0||0|-1}",
        "{2|||1||0|-1}",
        "{1,{1|0}|-1}",
    ] {
        let g = p(&mut u, s);
        let shown = u.display(g, false);
        let again = p(&mut u, &shown);
        assert_eq!(again, g, "{s} -> {shown}");
    }
    for (s, want) in [
        ("⇑*", "^^*"),
        ("↓3", "v3"),
        ("{0|*}", "^"),
        ("{*|0}", "v"),
        ("{0,*|0,*}", "*2"),
        ("{4|2}", "3±1"),
    ] {
        let g = p(&mut u, s);
        assert_eq!(u.display(g, false), want, "{s}");
    }
    let g = p(&mut u, "^^*");
    assert_eq!(u.display(g, true), "⇑*");
    let g = p(&mut u, "v3");
    assert_eq!(u.display(g, true), "↓3");
    assert_eq!(u.parse("+-1").unwrap(), u.parse("±1").unwrap());
    assert_eq!(u.parse("3+-1").unwrap(), u.parse("{4|2}").unwrap());
    assert!(u.parse("*100000").is_err());
    assert!(u.parse("100000000000").is_err());
    assert!(u.parse("{0|").is_err());
    assert!(u.parse("{0|1|2}").is_err());
    let e = u.parse("1/3").unwrap_err();
    assert_eq!(e.column, 1);
}

#[test]
fn big_sums_are_quick() {
    let mut u = Universe::new();
    let parts: Vec<GameId> = ["{2|-1}", "*", "^", "1/2", "{1|0}", "v*", "{3|1/2}"]
        .iter()
        .map(|s| u.parse(s).unwrap())
        .collect();
    let t = std::time::Instant::now();
    let mut acc = u.zero();
    for i in 0..300 {
        acc = u.add(acc, parts[i % parts.len()]);
    }
    let _ = u.display(acc, false);
    assert!(t.elapsed().as_secs_f64() < 1.0, "{:?}", t.elapsed());
}
