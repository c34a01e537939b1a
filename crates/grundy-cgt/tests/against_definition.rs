//! The canonical machinery against the bare definitions, on random small games.
//!
//! `Raw` is a game tree with no simplification at all; `naive_le` is the recursive
//! definition of <=. Everything the universe answers must agree with them.

use grundy_cgt::{GameId, Universe};
use proptest::prelude::*;

#[derive(Clone, Debug)]
struct Raw {
    l: Vec<Raw>,
    r: Vec<Raw>,
}

fn naive_le(g: &Raw, h: &Raw) -> bool {
    !g.l.iter().any(|gl| naive_le(h, gl)) && !h.r.iter().any(|hr| naive_le(hr, g))
}

fn naive_eq(g: &Raw, h: &Raw) -> bool {
    naive_le(g, h) && naive_le(h, g)
}

fn raw_add(g: &Raw, h: &Raw) -> Raw {
    let mut l: Vec<Raw> = g.l.iter().map(|x| raw_add(x, h)).collect();
    l.extend(h.l.iter().map(|x| raw_add(g, x)));
    let mut r: Vec<Raw> = g.r.iter().map(|x| raw_add(x, h)).collect();
    r.extend(h.r.iter().map(|x| raw_add(g, x)));
    Raw { l, r }
}

fn canon(u: &mut Universe, g: &Raw) -> GameId {
    let l: Vec<GameId> = g.l.iter().map(|x| canon(u, x)).collect();
    let r: Vec<GameId> = g.r.iter().map(|x| canon(u, x)).collect();
    u.construct(&l, &r)
}

fn to_raw(u: &Universe, g: GameId) -> Raw {
    Raw {
        l: u.left_options(g).iter().map(|&x| to_raw(u, x)).collect(),
        r: u.right_options(g).iter().map(|&x| to_raw(u, x)).collect(),
    }
}

/// Games of birthday at most 3 (as trees), at most 3 options a side.
fn raw_game() -> impl Strategy<Value = Raw> {
    let leaf = Just(Raw { l: vec![], r: vec![] });
    leaf.prop_recursive(3, 40, 3, |inner| {
        (
            prop::collection::vec(inner.clone(), 0..=3),
            prop::collection::vec(inner, 0..=3),
        )
            .prop_map(|(l, r)| Raw { l, r })
    })
}

/// No dominated and no reversible option, checked with the definition only.
fn is_canonical(g: &Raw) -> bool {
    let dominated = |opts: &[Raw], left: bool| {
        opts.iter().enumerate().any(|(i, a)| {
            opts.iter()
                .enumerate()
                .any(|(j, b)| i != j && if left { naive_le(a, b) } else { naive_le(b, a) })
        })
    };
    if dominated(&g.l, true) || dominated(&g.r, false) {
        return false;
    }
    let rev_left = g.l.iter().any(|a| a.r.iter().any(|ar| naive_le(ar, g)));
    let rev_right = g.r.iter().any(|a| a.l.iter().any(|al| naive_le(g, al)));
    !rev_left && !rev_right && g.l.iter().chain(g.r.iter()).all(is_canonical)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    #[test]
    fn comparison_agrees_with_definition(g in raw_game(), h in raw_game()) {
        let mut u = Universe::new();
        let (cg, ch) = (canon(&mut u, &g), canon(&mut u, &h));
        prop_assert_eq!(u.le(cg, ch), naive_le(&g, &h));
        prop_assert_eq!(u.ge(cg, ch), naive_le(&h, &g));
        prop_assert_eq!(cg == ch, naive_eq(&g, &h));
        // The canonical form is the same value as the tree it came from.
        prop_assert!(naive_eq(&to_raw(&u, cg), &g));
    }

    #[test]
    fn canonical_forms_are_canonical(g in raw_game()) {
        let mut u = Universe::new();
        let cg = canon(&mut u, &g);
        prop_assert!(is_canonical(&to_raw(&u, cg)), "{}", u.display(cg, false));
    }

    #[test]
    fn sums_agree_with_definition(g in raw_game(), h in raw_game()) {
        let mut u = Universe::new();
        let (cg, ch) = (canon(&mut u, &g), canon(&mut u, &h));
        let s = u.add(cg, ch);
        prop_assert!(naive_eq(&to_raw(&u, s), &raw_add(&g, &h)));
        prop_assert!(is_canonical(&to_raw(&u, s)), "{}", u.display(s, false));
        prop_assert_eq!(s, u.add(ch, cg));
        let back = u.sub(s, ch);
        prop_assert_eq!(back, cg);
        prop_assert_eq!(u.sub(cg, cg), u.zero());
        let n = u.neg(cg);
        prop_assert_eq!(u.neg(n), cg);
    }

    #[test]
    fn sums_associate(g in raw_game(), h in raw_game(), k in raw_game()) {
        let mut u = Universe::new();
        let (a, b, c) = (canon(&mut u, &g), canon(&mut u, &h), canon(&mut u, &k));
        let ab = u.add(a, b);
        let bc = u.add(b, c);
        prop_assert_eq!(u.add(ab, c), u.add(a, bc));
    }

    #[test]
    fn notation_round_trips(g in raw_game(), h in raw_game()) {
        let mut u = Universe::new();
        let (a, b) = (canon(&mut u, &g), canon(&mut u, &h));
        // Sums reach games (ups, switches, nested forms) that trees of depth 3 miss.
        let s = u.add(a, b);
        for x in [a, s] {
            for unicode in [false, true] {
                let text = u.display(x, unicode);
                let back = u.parse(&text);
                prop_assert_eq!(back, Ok(x), "{}", text);
            }
        }
    }

    #[test]
    fn import_keeps_values(g in raw_game(), h in raw_game()) {
        let mut u = Universe::new();
        let a = canon(&mut u, &g);
        let mut v = Universe::new();
        let _ = canon(&mut v, &h);
        let b = v.import(&u, a);
        prop_assert_eq!(v.display(b, false), u.display(a, false));
        prop_assert_eq!(v.birthday(b), u.birthday(a));
        prop_assert_eq!(canon(&mut v, &g), b);
    }

    #[test]
    fn birthday_is_the_depth(g in raw_game()) {
        fn depth(g: &Raw) -> u32 {
            g.l.iter().chain(g.r.iter()).map(|x| depth(x) + 1).max().unwrap_or(0)
        }
        let mut u = Universe::new();
        let cg = canon(&mut u, &g);
        let bd = u.birthday(cg);
        prop_assert_eq!(bd, depth(&to_raw(&u, cg)));
    }
}
