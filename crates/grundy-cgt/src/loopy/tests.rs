use grundy_budget::Budget;

use super::*;
use crate::Universe;

fn calc(text: &str) -> String {
    let mut u = Universe::new();
    match evaluate(text, &mut u, &Budget::default()) {
        Ok(Answer::Value(s)) => s,
        Ok(Answer::Bool(b)) => b.to_string(),
        Err(e) => format!("error: {e}"),
    }
}

/// CGSuite's published examples (its test suite and its loopy-games tutorial):
/// the text typed and the text CGSuite prints.
#[test]
fn cgsuite_examples_print_as_cgsuite_prints_them() {
    let cases = [
        ("{0|pass}", "over"),
        ("{pass|} + {|pass}", "dud"),
        ("on", "on"),
        ("off", "off"),
        ("over", "over"),
        ("{pass|}", "on"),
        ("{|pass}", "off"),
        ("{pass|3/2}", "3/2under"),
        ("a{0|a}", "over"),
        ("a{0||||0|||a|*||*}", "a{0||||0|||a|*||*}"),
        ("on + off", "dud"),
        ("dud", "dud"),
        ("a{{|a}|}", "1 & 0"),
        ("over & v", "over & v"),
        ("on + 1", "on"),
        ("over - over", "over & under"),
        ("{0|{dud|},*}", "^ & v*"),
        ("1 + over", "1over"),
        ("+-{0|pass}", "±over"),
        ("+-{5|pass}", "±(5over)"),
        (
            "{0|{0||||-1|||-1+*,a{0||0|a|||-1+*||||-1+*}||-2|b{-2,{-1,-1+*||-1+*|b|||-2}|-2}}}",
            "{0|{0||||-1|||-1*,a{0||0|a|||-1*||||-1*}||-2|b{-2,{-1,-1*||-1*|b|||-2}|-2}}}",
        ),
        ("a{0|{0||||0,*2|||a|0||0}||0}", "a{0|{0||||0,*2|||a|0||0}||0}"),
        // 1:off is {0|1:off}, that is {0|pass}.
        ("1:off", "over"),
        ("1:1", "2"),
        ("1:-1", "1/2"),
        ("leftstop(over)", "over"),
        ("rightstop({pass|3/2})", "3/2under"),
        ("leftstop({-1/4+*|pass})", "-1/4"),
        ("rightstop({-1/4+*|pass})", "-1/4"),
        ("leftstop(+-{5|pass})", "5over"),
        ("rightstop(+-{5|pass})", "-5under"),
        ("leftstop({on|0||0})", "0"),
        ("leftstop({3|1})", "3"),
        ("{0|||0||0|off}", "{0|Tiny(on)}"),
        ("{on|0||0}", "Miny(on)"),
        ("{0||0|under}", "Tiny(over)"),
        ("{-1/4+*|pass}", "-1/4v[on]"),
        ("{4|pass,4}", "4v[on]*"),
        ("upon", "^[on]"),
        ("{pass|*}", "^[on]"),
        ("^[on] == upon", "true"),
        ("-1/4v[on] == {-1/4+*|pass}", "true"),
        ("4v[on]* == {4|pass,4}", "true"),
        // CGSuite's value of Backsliding Toads and Frogs TTT..FFF, as it prints it.
        ("{on||0|-1/2} & {1/2|0||off}", "{on||0|-1/2} & {1/2|0||off}"),
        ("degree(on)", "on"),
        ("degree(over)", "over"),
        ("degree({pass|3/2})", "over"),
        ("onside(dud)", "on"),
        ("offside(over & v)", "v"),
        ("upsum(over, under)", "over"),
        ("downsum(over, under)", "under"),
    ];
    let mut wrong = Vec::new();
    for (text, want) in cases {
        let got = calc(text);
        if got != want {
            wrong.push(format!("{text}: got {got}, want {want}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn loopy_notation_is_told_from_short() {
    for t in [
        "{0|pass}",
        "on",
        "1over",
        "a{0|a}",
        "over & v",
        "upsum(^, v)",
        "dud+1",
    ] {
        assert!(mentions_loopy(t), "{t}");
    }
    for t in [
        "{0|*}",
        "^^*",
        "v3",
        "1/2 + v",
        "cool({3|-3}, 1)",
        "Tiny(2)",
        "domineering(..|..)",
    ] {
        assert!(!mentions_loopy(t), "{t}");
    }
}

#[test]
fn comparisons_of_stoppers() {
    assert_eq!(calc("over > 0"), "true");
    // over exceeds every multiple of up but no positive number.
    assert_eq!(calc("over > ^ + ^ + ^"), "true");
    assert_eq!(calc("over < 1/64"), "true");
    assert_eq!(calc("^ - over"), "under");
    assert_eq!(calc("on >= 1000"), "true");
    assert_eq!(calc("off < -5"), "true");
    assert_eq!(calc("over - over == over & under"), "true");
    assert_eq!(calc("upon > 0"), "true");
    assert_eq!(calc("{0|pass} == a{0|a}"), "true");
}

#[test]
fn bad_notation_names_the_column() {
    assert!(calc("{0|pass").contains("column 1"), "{}", calc("{0|pass"));
    assert!(calc("pass").contains("column 1"));
    assert!(calc("{0|b}").contains("unknown name 'b'"));
    assert!(calc("{0|pass+1}").contains("whole options"));
    assert!(calc("off & on").contains("onside"));
}

#[test]
fn outcome_classes_include_draws() {
    let b = Budget::default();
    let mut u = Universe::new();
    let value = |t: &str, u: &mut Universe| {
        let p = parse::tests_support::parse(t, u, &b);
        p.outcome(&b).unwrap()
    };
    assert_eq!(value("dud", &mut u), LoopyOutcome::D);
    assert_eq!(value("on", &mut u), LoopyOutcome::L);
    assert_eq!(value("over", &mut u), LoopyOutcome::L);
    assert_eq!(value("a{{|a}|}", &mut u), LoopyOutcome::PHat);
    assert_eq!(value("{0|{dud|},*}", &mut u), LoopyOutcome::NHat);
    assert_eq!(value("0", &mut u), LoopyOutcome::P);
}

/// Most small random graphs have a value this method finds: the properties below
/// are not vacuous.
#[test]
fn most_small_graphs_have_values() {
    use proptest::strategy::{Strategy, ValueTree};
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let (mut found, mut loopy) = (0, 0);
    for _ in 0..300 {
        let g = graph_strategy().new_tree(&mut runner).unwrap().current();
        if !g.is_stopper(0) {
            loopy += 1;
        }
        found += graph_value(&g, 0, &Budget::default()).is_ok() as usize;
    }
    assert!(
        loopy > 100 && found > 280,
        "{loopy} not stoppers, {found} of 300 valued"
    );
}

/// Who wins each start of play on a graph, endless play a draw: plain retrograde
/// analysis, independent of values. (left-first, right-first), +1 Left wins,
/// -1 Right wins, 0 a draw.
fn played(g: &Graph, root: usize) -> (i8, i8) {
    let n = g.len();
    // state 2v: Left to move at v; 2v+1: Right to move.
    let mut result = vec![0i8; 2 * n];
    let mut known = vec![false; 2 * n];
    loop {
        let mut changed = false;
        for s in 0..2 * n {
            if known[s] {
                continue;
            }
            let v = s / 2;
            let left = s % 2 == 0;
            let (opts, me): (&[usize], i8) = if left { (&g.left[v], 1) } else { (&g.right[v], -1) };
            let next = |w: usize| 2 * w + left as usize;
            if opts.iter().any(|&w| known[next(w)] && result[next(w)] == me) {
                result[s] = me;
                known[s] = true;
                changed = true;
            } else if opts.iter().all(|&w| known[next(w)] && result[next(w)] == -me) {
                result[s] = -me;
                known[s] = true;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    (result[2 * root], result[2 * root + 1])
}

fn outcome_pair(o: LoopyOutcome) -> (i8, i8) {
    use LoopyOutcome::*;
    match o {
        L => (1, 1),
        R => (-1, -1),
        N => (1, -1),
        P => (-1, 1),
        D => (0, 0),
        NHat => (1, 0),
        PHat => (0, 1),
        PCheck => (-1, 0),
        NCheck => (0, -1),
    }
}

fn graph_strategy() -> impl proptest::strategy::Strategy<Value = Graph> {
    use proptest::prelude::*;
    (1usize..=5).prop_flat_map(|n| {
        let side = proptest::collection::vec(proptest::collection::vec(0..n, 0..3), n);
        (side.clone(), side).prop_map(|(left, right)| Graph { left, right })
    })
}

/// Graphs like Fox and Geese's: nodes in layers, Left's moves one layer or more
/// onwards (the geese advance), Right's anywhere in the same layer or onwards (the
/// fox runs about): stoppers, with cycles of Right's moves.
fn layered_stopper_strategy() -> impl proptest::strategy::Strategy<Value = Graph> {
    use proptest::prelude::*;
    (4usize..=14).prop_flat_map(|n| {
        let layer_of = proptest::collection::vec(0usize..4, n);
        let edges = proptest::collection::vec((0..n, 0..n, any::<bool>()), 0..3 * n);
        (layer_of, edges).prop_map(move |(mut layer, edges)| {
            layer.sort_unstable();
            let mut g = Graph::with_nodes(n);
            for (a, b, left) in edges {
                if left && layer[b] > layer[a] {
                    g.left[a].push(b);
                } else if !left && layer[b] >= layer[a] && a != b {
                    g.right[a].push(b);
                }
            }
            g
        })
    })
}

mod properties {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1000))]

        /// The outcome class read from the value (comparisons of its sides with 0)
        /// is who wins when the graph itself is played out.
        #[test]
        fn the_value_tells_who_wins_the_game(g in graph_strategy()) {
            let b = Budget::default();
            if let Ok(v) = graph_value(&g, 0, &b) {
                prop_assert_eq!(outcome_pair(v.outcome(&b).unwrap()), played(&g, 0));
                // and so does its simplest form, played out.
                if let Loopy::Stopper(s) = &v {
                    prop_assert_eq!(played(s.graph(), 0), played(&g, 0));
                }
            }
        }

        /// G - G is not 0 for loopy G (on - on is dud), but its onside is at least
        /// 0 and its offside at most 0 (Tweedledum), and the onside is at least
        /// the offside.
        #[test]
        fn g_minus_g_straddles_zero(g in graph_strategy()) {
            let b = Budget::default();
            if let Ok(v) = graph_value(&g, 0, &b) {
                prop_assert!(v.offside().leq(v.onside(), &b).unwrap());
                if let Ok(d) = v.add(&v.negative(), &b) {
                    let u = Universe::new();
                    let zero = Stopper::from_short(u.zero(), &u);
                    prop_assert!(zero.leq(d.onside(), &b).unwrap());
                    prop_assert!(d.offside().leq(&zero, &b).unwrap());
                    if v.is_short() {
                        prop_assert!(d.is_short() && zero.leq(d.onside(), &b).unwrap() && d.onside().leq(&zero, &b).unwrap());
                    }
                }
            }
        }

        /// The bottom-up simplest form (component by component) is the one made
        /// from the table of all pairs: the same graph, node for node.
        #[test]
        fn bottom_up_and_all_pairs_agree(g in graph_strategy()) {
            if g.is_stopper(0) {
                let b = Budget::default();
                let mut m = super::super::graph::Meter::new(&b);
                let whole = super::super::simplify::simplest_stopper(&g, 0, &mut m).unwrap();
                let up = super::super::simplify::simplest_stopper_bottom_up(&g, 0, &mut m).unwrap();
                let mut u = Universe::new();
                let (a, c) = (Stopper::from_graph_unchecked(whole), Stopper::from_graph_unchecked(up));
                prop_assert_eq!(a.graph().len(), c.graph().len());
                prop_assert!(a.leq(&c, &b).unwrap() && c.leq(&a, &b).unwrap());
                prop_assert_eq!(display_stopper(&a, &mut u), display_stopper(&c, &mut u));
            }
        }

        /// The same on larger stoppers with cycles, and the value still tells who
        /// wins.
        #[test]
        fn bottom_up_agrees_on_layered_stoppers(g in layered_stopper_strategy()) {
            prop_assert!(g.is_stopper(0));
            let b = Budget::default();
            let mut m = super::super::graph::Meter::new(&b);
            let whole = super::super::simplify::simplest_stopper(&g, 0, &mut m).unwrap();
            let up = super::super::simplify::simplest_stopper_bottom_up(&g, 0, &mut m).unwrap();
            let (a, c) = (Stopper::from_graph_unchecked(whole), Stopper::from_graph_unchecked(up));
            prop_assert_eq!(a.graph().len(), c.graph().len());
            prop_assert!(a.leq(&c, &b).unwrap() && c.leq(&a, &b).unwrap());
            let v = graph_value(&g, 0, &b).unwrap();
            prop_assert_eq!(outcome_pair(v.outcome(&b).unwrap()), played(&g, 0));
        }

        /// What the calculator prints, it reads back as the same value.
        #[test]
        fn printed_values_read_back(g in graph_strategy()) {
            let b = Budget::default();
            let mut u = Universe::new();
            if let Ok(v) = graph_value(&g, 0, &b) {
                let text = display(&v, &mut u);
                let back = parse_value(&text, &mut u, &b);
                prop_assert!(back.is_ok(), "{} does not read back: {:?}", text, back.err());
                prop_assert!(back.unwrap().equals(&v, &b).unwrap(), "{} reads back as another value", text);
            }
        }

        /// A loopfree graph's value is its short canonical form.
        #[test]
        fn short_games_keep_their_canonical_form(g in graph_strategy()) {
            let b = Budget::default();
            let mut u = Universe::new();
            if let Some(id) = super::super::value::short_of(&g, 0, &mut u) {
                let v = graph_value(&g, 0, &b).unwrap();
                prop_assert_eq!(display(&v, &mut u), u.display(id, false));
            }
        }
    }
}
