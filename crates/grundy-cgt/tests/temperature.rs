//! Temperature theory, thermographs, cooling/heating, atomic weights and reduced
//! canonical forms: classic values (tests/data/temperature.txt and inline) and
//! the theorems that tie them together, on random games.

use grundy_cgt::{Dyadic, GameId, Universe, Wall};
use proptest::prelude::*;

fn d(s: &str) -> Dyadic {
    s.parse().unwrap()
}

fn g(u: &mut Universe, s: &str) -> GameId {
    u.parse(s).unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn wall(c: &[(&str, &str)]) -> Wall {
    Wall {
        corners: c.iter().map(|&(t, v)| (d(t), d(v))).collect(),
    }
}

/// Both stops 0: the game is infinitesimal.
fn infinitesimal(u: &mut Universe, x: GameId) -> bool {
    u.left_stop(x) == Dyadic::ZERO && u.right_stop(x) == Dyadic::ZERO
}

#[test]
fn data_file_of_classic_values() {
    let text = include_str!("data/temperature.txt");
    let mut u = Universe::new();
    let mut n = 0;
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let f: Vec<&str> = line.split(';').map(str::trim).collect();
        assert_eq!(f.len(), 5, "line {}: {line}", i + 1);
        let x = g(&mut u, f[0]);
        let got = (u.mean(x), u.temperature(x), u.left_stop(x), u.right_stop(x));
        assert_eq!(
            got,
            (d(f[1]), d(f[2]), d(f[3]), d(f[4])),
            "line {}: {line}",
            i + 1
        );
        // The thermograph agrees: mast, temperature, and walls at 0 are the stops.
        let th = u.thermograph(x);
        assert_eq!((th.mast, th.temperature), (got.0, got.1), "{line}");
        assert_eq!(th.left_wall_at(Dyadic::ZERO), got.2, "{line}");
        assert_eq!(th.right_wall_at(Dyadic::ZERO), got.3, "{line}");
        n += 1;
    }
    assert!(n >= 20);
}

#[test]
fn stops_and_temperature_built_with_construct() {
    // Independent of the parser: {2|-1} and ±1 from options.
    let mut u = Universe::new();
    let (two, m1, one) = (u.integer(2), u.integer(-1), u.integer(1));
    let a = u.construct(&[two], &[m1]);
    assert_eq!((u.left_stop(a), u.right_stop(a)), (d("2"), d("-1")));
    assert_eq!((u.mean(a), u.temperature(a)), (d("1/2"), d("3/2")));
    let pm1 = u.construct(&[one], &[m1]);
    assert_eq!((u.mean(pm1), u.temperature(pm1)), (d("0"), d("1")));
    let half = u.number(d("1/2"));
    assert_eq!(u.temperature(half), d("-1/2"));
    assert_eq!(u.temperature(two), d("-1"));
}

#[test]
fn thermograph_walls() {
    let mut u = Universe::new();
    let x = g(&mut u, "±1");
    let th = u.thermograph(x);
    assert_eq!(th.left, wall(&[("-1", "2"), ("1", "0")]));
    assert_eq!(th.right, wall(&[("-1", "-2"), ("1", "0")]));
    assert_eq!(
        th.to_string(),
        "{(-1, 2), (1, 0)} | {(-1, -2), (1, 0)} mast 0 at temperature 1"
    );
    assert_eq!(th.left_wall_at(d("1/2")), d("1/2"));
    assert_eq!(th.right_wall_at(d("1/2")), d("-1/2"));
    assert_eq!(th.left_wall_at(d("5")), d("0"));

    let x = g(&mut u, "{2|-1}");
    let th = u.thermograph(x);
    assert_eq!(th.left, wall(&[("-1", "3"), ("3/2", "1/2")]));
    assert_eq!(th.right, wall(&[("-1", "-2"), ("3/2", "1/2")]));

    let x = g(&mut u, "*");
    let th = u.thermograph(x);
    assert_eq!(th.left, wall(&[("-1", "1"), ("0", "0")]));
    assert_eq!(th.right, wall(&[("-1", "-1"), ("0", "0")]));

    let x = g(&mut u, "3");
    let th = u.thermograph(x);
    assert_eq!(
        (th.left.clone(), th.right.clone()),
        (Wall::vertical(d("3")), Wall::vertical(d("3")))
    );
    assert_eq!(th.to_string(), "{(-1, 3)} | {(-1, 3)} mast 3 at temperature -1");

    // 1/2 = {0|1}: scaffolds -t and 1 + t meet at -1/2.
    let x = g(&mut u, "1/2");
    let th = u.thermograph(x);
    assert_eq!(th.left, wall(&[("-1", "1"), ("-1/2", "1/2")]));
    assert_eq!(th.right, wall(&[("-1", "0"), ("-1/2", "1/2")]));

    // {4|2||0}: Left's wall vertical at 2 up to t = 1, then diagonal.
    let x = g(&mut u, "{4|2||0}");
    let th = u.thermograph(x);
    assert_eq!(th.left, wall(&[("-1", "2"), ("1", "2"), ("3/2", "3/2")]));
    assert_eq!(th.right, wall(&[("-1", "-1"), ("3/2", "3/2")]));
}

#[test]
fn cooling_and_heating_classics() {
    let mut u = Universe::new();
    let cases = [
        ("±1", "1", "*"),
        ("±1", "1/2", "±1/2"),
        ("{2|-1}", "1", "{1|0}"),
        ("{2|-1}", "2", "1/2"),
        ("{3|1}", "1", "2*"),
        ("^", "0", "^"),
        ("^", "1", "0"),
        ("{4|2||0}", "1", "{2*|1}"),
        ("5/8", "3", "5/8"),
    ];
    for (x, t, want) in cases {
        let (gx, w) = (g(&mut u, x), g(&mut u, want));
        assert_eq!(u.cool(gx, d(t)), w, "{x} cooled by {t}");
    }
    let heats = [
        ("*", "1", "±1"),
        ("^", "1", "{1|{0|-2}}"),
        ("1/2", "3", "1/2"),
        ("0", "1", "0"),
        ("{1|0}", "1", "{2|-1}"),
    ];
    for (x, t, want) in heats {
        let (gx, w) = (g(&mut u, x), g(&mut u, want));
        assert_eq!(u.heat(gx, d(t)), w, "{x} heated by {t}");
    }
}

#[test]
fn atomic_weights_of_ups_and_stars() {
    let mut u = Universe::new();
    let cases = [
        ("0", "0"),
        ("*", "0"),
        ("*2", "0"),
        ("^", "1"),
        ("v", "-1"),
        ("^*", "1"),
        ("v*", "-1"),
        ("^2", "2"),
        ("^2*", "2"),
        ("v2", "-2"),
        ("^3", "3"),
    ];
    for (x, want) in cases {
        let (gx, w) = (g(&mut u, x), g(&mut u, want));
        assert_eq!(u.atomic_weight(gx), Some(w), "aw({x})");
    }
    for x in ["1", "-1/2", "±1", "1*", "{1|*}", "1/2^"] {
        let gx = g(&mut u, x);
        assert_eq!(u.atomic_weight(gx), None, "{x} is not all-small");
    }
}

#[test]
fn reduced_forms() {
    let mut u = Universe::new();
    let cases = [
        ("0", "0"),
        ("3/4", "3/4"),
        ("^", "0"),
        // * is itself infinitesimal, so ^* and *n reduce to 0 too.
        ("^*", "0"),
        ("*", "0"),
        ("*3", "0"),
        ("3/4^", "3/4"),
        ("-2v*", "-2"),
        ("{0||0|-1}", "0"),
        ("±1", "±1"),
        ("{1|*}", "{1|0}"),
        ("{2|-1}", "{2|-1}"),
    ];
    for (x, want) in cases {
        let (gx, w) = (g(&mut u, x), g(&mut u, want));
        assert_eq!(u.reduced(gx), w, "rcf({x})");
    }
    // ±1 + ^ reduces to ±1.
    let (pm, up) = (g(&mut u, "±1"), u.up());
    let s = u.add(pm, up);
    assert_eq!(u.reduced(s), pm);
}

// ---------------------------------------------------------------------------
// Random games, built with `construct` only.

#[derive(Clone, Debug)]
enum Recipe {
    Int(i64),
    Half(i64),
    Nim(u64),
    Up,
    Node(Vec<Recipe>, Vec<Recipe>),
}

fn build(u: &mut Universe, r: &Recipe) -> GameId {
    match r {
        Recipe::Int(n) => u.integer(*n),
        Recipe::Half(n) => u.number(Dyadic::new(*n, 1)),
        Recipe::Nim(n) => u.nimber(*n),
        Recipe::Up => u.up(),
        Recipe::Node(l, r) => {
            let l: Vec<GameId> = l.iter().map(|x| build(u, x)).collect();
            let r: Vec<GameId> = r.iter().map(|x| build(u, x)).collect();
            u.construct(&l, &r)
        }
    }
}

/// A random game: usually a node with options on both sides (so mostly not a
/// number), sometimes any recipe.
fn recipe() -> impl Strategy<Value = Recipe> {
    let node = (
        prop::collection::vec(any_recipe(), 1..3),
        prop::collection::vec(any_recipe(), 1..3),
    )
        .prop_map(|(l, r)| Recipe::Node(l, r));
    prop_oneof![3 => node, 1 => any_recipe()]
}

fn any_recipe() -> impl Strategy<Value = Recipe> {
    let leaf = prop_oneof![
        (-2i64..=2).prop_map(Recipe::Int),
        (-3i64..=3).prop_map(Recipe::Half),
        (0u64..3).prop_map(Recipe::Nim),
        Just(Recipe::Up),
    ];
    // Mostly both sides nonempty: a canonical form with an empty side is an
    // integer, and integers make dull tests.
    leaf.prop_recursive(3, 16, 3, |inner| {
        (
            prop::collection::vec(inner.clone(), 1..3),
            prop::collection::vec(inner, 0..3),
            any::<bool>(),
        )
            .prop_map(|(a, b, flip)| if flip { (b, a) } else { (a, b) })
            .prop_map(|(l, r)| Recipe::Node(l, r))
    })
}

/// All-small games: 0, *, ^ and nodes with options on both sides.
fn small_recipe() -> impl Strategy<Value = Recipe> {
    let leaf = prop_oneof![
        Just(Recipe::Int(0)),
        Just(Recipe::Nim(1)),
        Just(Recipe::Nim(2)),
        Just(Recipe::Up),
    ];
    leaf.prop_recursive(3, 12, 3, |inner| {
        (
            prop::collection::vec(inner.clone(), 1..3),
            prop::collection::vec(inner, 1..3),
        )
            .prop_map(|(l, r)| Recipe::Node(l, r))
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    /// Stops bound the mean (RS <= mean <= LS), the walls at t = 0 are the stops,
    /// and the stops of a sum obey RS(G)+RS(H) <= RS(G+H) <= LS(G)+RS(H)
    /// <= LS(G+H) <= LS(G)+LS(H) (Siegel, CGT ch. II).
    #[test]
    fn stops_walls_and_sums(a in recipe(), b in recipe()) {
        let mut u = Universe::new();
        let (x, y) = (build(&mut u, &a), build(&mut u, &b));
        let (lx, rx, ly, ry) = (u.left_stop(x), u.right_stop(x), u.left_stop(y), u.right_stop(y));
        prop_assert!(rx <= lx);
        let th = u.thermograph(x);
        prop_assert!(rx <= th.mast && th.mast <= lx);
        prop_assert_eq!(th.left_wall_at(Dyadic::ZERO), lx);
        prop_assert_eq!(th.right_wall_at(Dyadic::ZERO), rx);
        prop_assert_eq!(u.mean(x), th.mast);
        prop_assert_eq!(u.temperature(x), th.temperature);
        // Numbers, and only numbers, are colder than 0.
        prop_assert_eq!(u.as_number(x).is_some(), th.temperature < Dyadic::ZERO);
        let s = u.add(x, y);
        let (ls, rs) = (u.left_stop(s), u.right_stop(s));
        prop_assert!(rx + ry <= rs && rs <= lx + ry && lx + ry <= ls && ls <= lx + ly);
    }

    /// The walls are the stops of the cooled game: LW(t) = LS(G_t) and
    /// RW(t) = RS(G_t) for t >= 0 (Siegel, CGT ch. II) — an independent check of
    /// the piecewise-linear construction against `cool` and the stops.
    #[test]
    fn walls_are_stops_of_cooled_games(a in recipe()) {
        let mut u = Universe::new();
        let x = build(&mut u, &a);
        let th = u.thermograph(x);
        for t in ["0", "1/8", "1/4", "1/2", "3/4", "1", "5/4", "3/2", "2", "5/2", "3", "4"] {
            let t = d(t);
            let c = u.cool(x, t);
            prop_assert_eq!(th.left_wall_at(t), u.left_stop(c), "LW({})", t);
            prop_assert_eq!(th.right_wall_at(t), u.right_stop(c), "RW({})", t);
        }
        // Corners: first at -1, increasing, Left's slopes in {-1, 0}, Right's
        // in {0, 1}, both walls ending on the mast at the temperature or below.
        for (w, slopes) in [(&th.left, [-1i64, 0]), (&th.right, [0, 1])] {
            prop_assert_eq!(w.corners[0].0, d("-1"));
            for p in w.corners.windows(2) {
                let (dt, dv) = (p[1].0 - p[0].0, p[1].1 - p[0].1);
                prop_assert!(dt > Dyadic::ZERO);
                prop_assert!(slopes.iter().any(|&s| Dyadic::new(dt.numerator() * i128::from(s), dt.exponent()) == dv));
            }
            let top = w.top();
            prop_assert!(top.0 <= th.temperature && top.1 == th.mast);
        }
    }

    /// The mean is additive; the temperature of a sum is at most the larger one.
    #[test]
    fn mean_and_temperature_of_sums(a in recipe(), b in recipe()) {
        let mut u = Universe::new();
        let (x, y) = (build(&mut u, &a), build(&mut u, &b));
        let s = u.add(x, y);
        prop_assert_eq!(u.mean(s), u.mean(x) + u.mean(y));
        let (tx, ty, ts) = (u.temperature(x), u.temperature(y), u.temperature(s));
        prop_assert!(ts <= tx.max(ty), "t(G+H) = {} > max({}, {})", ts, tx, ty);
        // -G mirrors G.
        let n = u.neg(x);
        prop_assert_eq!(u.mean(n), -u.mean(x));
        prop_assert_eq!(u.temperature(n), tx);
    }

    /// Cooling: by 0 nothing changes; by the temperature (when >= 0) G becomes
    /// infinitesimally close to its mean; above it, exactly the mean; cooling is
    /// additive (Winning Ways ch. 6); heating then cooling by the same t > 0
    /// returns a game.
    #[test]
    fn cooling(a in recipe(), b in recipe(), k in 1i64..4) {
        let mut u = Universe::new();
        let (x, y) = (build(&mut u, &a), build(&mut u, &b));
        prop_assert_eq!(u.cool(x, Dyadic::ZERO), x);
        let (m, t) = (u.mean(x), u.temperature(x));
        if t >= Dyadic::ZERO {
            let c = u.cool(x, t);
            let mg = u.number(m);
            let diff = u.sub(c, mg);
            prop_assert!(infinitesimal(&mut u, diff));
            let c = u.cool(x, t + Dyadic::new(1, 3));
            prop_assert_eq!(Some(m), u.as_number(c));
        }
        let tk = Dyadic::new(k, 1);
        let s = u.add(x, y);
        let (cs, cx, cy) = (u.cool(s, tk), u.cool(x, tk), u.cool(y, tk));
        let sum = u.add(cx, cy);
        prop_assert_eq!(cs, sum, "(G+H)_t != G_t + H_t");
        let h = u.heat(x, tk);
        prop_assert_eq!(u.cool(h, tk), x);
    }

    /// The reduced canonical form is Inf-equivalent to G, a fixed point,
    /// blind to added infinitesimals, and no older than G.
    #[test]
    fn reduced_canonical_form(a in recipe()) {
        let mut u = Universe::new();
        let x = build(&mut u, &a);
        let r = u.reduced(x);
        let diff = u.sub(x, r);
        prop_assert!(infinitesimal(&mut u, diff));
        prop_assert_eq!(u.reduced(r), r);
        let (up, star) = (u.up(), u.nimber(1));
        let xu = u.add(x, up);
        prop_assert_eq!(u.reduced(xu), r);
        let xs = u.add(x, star);
        prop_assert_eq!(u.reduced(xs), r);
        for eps in ["*2", "v*", "{0||0|-1}", "{0|^}", "^2*"] {
            let e = g(&mut u, eps);
            let xe = u.add(x, e);
            prop_assert_eq!(u.reduced(xe), r, "rcf(G + {}) != rcf(G)", eps);
        }
        prop_assert!(u.birthday(r) <= u.birthday(x));
    }

    /// Atomic weight is additive and odd, and the two-ahead rule holds:
    /// aw(G) >= 2 implies G > 0 (Lessons in Play; Siegel, CGT ch. II).
    #[test]
    fn atomic_weight_calculus(a in small_recipe(), b in small_recipe()) {
        let mut u = Universe::new();
        let (x, y) = (build(&mut u, &a), build(&mut u, &b));
        let wx = u.atomic_weight(x).expect("all-small");
        let wy = u.atomic_weight(y).expect("all-small");
        let s = u.add(x, y);
        let sum = u.add(wx, wy);
        prop_assert_eq!(u.atomic_weight(s), Some(sum));
        let n = u.neg(x);
        let nw = u.neg(wx);
        prop_assert_eq!(u.atomic_weight(n), Some(nw));
        let two = u.integer(2);
        let zero = u.zero();
        if u.ge(wx, two) {
            prop_assert!(u.ge(x, zero) && x != zero);
        }
    }
}

/// The text of a heated nimber repeats the shared parts of its canonical form: its
/// length is known without building it, exactly, and a text too long is refused.
#[test]
fn notation_lengths_are_exact_and_long_ones_refused() {
    let mut u = grundy_cgt::Universe::new();
    for text in ["*5", "^*3", "{1|*2}", "{0,*,*2|0,*}", "{2|{1|0}}", "±1"] {
        let g = u.parse(text).unwrap();
        for n in [1, 2] {
            let h = u.heat(g, grundy_cgt::Dyadic::new(n, 0));
            let shown = u.display(h, false);
            let len = shown.len() as u64;
            assert_eq!(u.display_within(h, false, len), Ok(shown), "{text} heated by {n}");
            assert_eq!(
                u.display_within(h, false, len - 1),
                Err(len),
                "{text} heated by {n}"
            );
        }
    }
    // *22 heated by 1 is a small form whose text runs to tens of gigabytes.
    let g = u.parse("*22").unwrap();
    let h = u.heat(g, grundy_cgt::Dyadic::ONE);
    assert!(u.display_within(h, false, 10_000_000).unwrap_err() > 1 << 30);
}
