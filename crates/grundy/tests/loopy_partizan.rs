//! Loopy partizan games (Backsliding Toads and Frogs, Fox and Geese, a game that
//! loops without saying so): who wins with each side first, draws included, by
//! retrograde analysis of the graph of positions, checked against the planner's
//! own retrograde analysis of play (the game of positions with the side to move)
//! and against CGSuite's published values.

use grundy::catalogue::Catalogue;
use grundy::dynamic::{Codec, DynGame, DynPosition};
use grundy::partizan::loopy::reachable_graph;
use grundy::partizan::{from_partizan, Partizan, Side, Universe};
use grundy::{Budget, GameError, Outcome, Play};

fn game(text: &str) -> Box<dyn DynGame> {
    Catalogue::core().parse(text).unwrap()
}

fn outcomes(g: &dyn DynGame, p: &str) -> (Outcome, Outcome) {
    let z = g.partizan().unwrap();
    let p = g.parse_position(p).unwrap();
    let budget = Budget::default();
    let first = |side| z.analyze_first(&p, side, Play::Normal, &budget).unwrap().outcome;
    (first(Side::Left), first(Side::Right))
}

/// Every strip of `n` squares with at most two toads and two frogs.
fn strips(n: usize) -> Vec<String> {
    let mut out = Vec::new();
    for code in 0..3usize.pow(n as u32) {
        let s: String = (0..n)
            .map(|i| ['.', 'T', 'F'][code / 3usize.pow(i as u32) % 3])
            .collect();
        if s.matches('T').count() <= 2 && s.matches('F').count() <= 2 {
            out.push(s);
        }
    }
    out
}

#[test]
fn backsliding_agrees_with_the_planners_retrograde_analysis_of_play() {
    let g = game("backsliding");
    let z = g.partizan().unwrap();
    let budget = Budget::default();
    let mut draws = 0;
    for s in strips(5) {
        let p = g.parse_position(&s).unwrap();
        for side in [Side::Left, Side::Right] {
            for play in [Play::Normal, Play::Misere] {
                let ours = z.analyze_first(&p, side, play, &budget).unwrap();
                let turned = z.with_side(&p, side).unwrap();
                let theirs = z.played().analyze(&turned, play, &budget).unwrap();
                assert_eq!(ours.outcome, theirs.outcome, "{s} {side} first, {play:?}");
                assert_eq!(ours.remoteness, theirs.remoteness, "{s} {side} first, {play:?}");
                draws += usize::from(ours.outcome == Outcome::Draw);
            }
        }
    }
    assert!(draws > 0, "some strips draw");
}

#[test]
fn small_backsliding_positions_by_hand() {
    let g = game("backsliding");
    use Outcome::*;
    // No moves: whoever starts loses.
    assert_eq!(outcomes(&*g, "TF"), (Lose, Lose));
    // A toad with room (on): Left always has a move, Right none.
    assert_eq!(outcomes(&*g, "T."), (Win, Lose));
    assert_eq!(outcomes(&*g, ".F"), (Lose, Win));
    // T.F: Left's .TF lets the frog jump (FT.), the toad steps on (F.T), the
    // frog backslides (.FT) and the toad is stuck; Right's TF. blocks at once.
    assert_eq!(outcomes(&*g, "T.F"), (Lose, Lose));
}

#[test]
fn the_graph_lists_every_position_once() {
    let (positions, graph) = reachable_graph(
        &grundy::games::BackslidingToadsAndFrogs,
        &grundy::games::Strip::new("T.F").unwrap(),
        &Budget::default(),
    )
    .unwrap();
    let texts: Vec<String> = positions.iter().map(|p| p.text()).collect();
    assert_eq!(texts[0], "T.F");
    let mut sorted = texts.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted.len(), texts.len());
    assert_eq!(graph.left.len(), texts.len());
    // T.F: Left's one move is .TF; Right's is TF. .
    assert_eq!(
        graph.left[0]
            .iter()
            .map(|&i| texts[i].as_str())
            .collect::<Vec<_>>(),
        [".TF"]
    );
    assert_eq!(
        graph.right[0]
            .iter()
            .map(|&i| texts[i].as_str())
            .collect::<Vec<_>>(),
        ["TF."]
    );
}

#[test]
fn the_positions_limit_stops_the_graph() {
    let g = game("foxgeese");
    let z = g.partizan().unwrap();
    let p = g.parse_position("start").unwrap();
    let budget = Budget {
        max_positions: Some(100),
        ..Budget::default()
    };
    let e = z
        .analyze_first(&p, Side::Left, Play::Normal, &budget)
        .unwrap_err();
    assert!(e.to_string().contains("loopy"), "{e}");
}

#[test]
fn the_memory_limit_stops_the_graph() {
    let g = game("foxgeese");
    let z = g.partizan().unwrap();
    let p = g.parse_position("start").unwrap();
    let budget = Budget {
        max_memory: 100_000,
        ..Budget::default()
    };
    let e = z
        .analyze_first(&p, Side::Left, Play::Normal, &budget)
        .unwrap_err();
    assert!(
        matches!(&e, GameError::OverBudget(b) if b.limit == grundy::Limit::Memory),
        "{e}"
    );
}

/// A ring of positions 0 -> 1 -> 2 -> 0 for Left (and back for Right, when
/// `both`) that does not say it loops: found when a search meets a position
/// again, then solved as loopy.
struct Ring {
    both: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Spot(i64);

impl Codec for Spot {
    fn encode(&self) -> DynPosition {
        DynPosition::Ints(vec![self.0])
    }
    fn decode(p: &DynPosition) -> Result<Self, String> {
        match p.ints() {
            Some(&[n]) if (0..3).contains(&n) => Ok(Spot(n)),
            _ => Err("a spot is 0, 1 or 2".into()),
        }
    }
}

impl Partizan for Ring {
    type Position = Spot;
    fn options(&self, p: &Spot, side: Side, out: &mut Vec<Spot>) -> Result<(), GameError> {
        match side {
            Side::Left => out.push(Spot((p.0 + 1) % 3)),
            Side::Right if self.both => out.push(Spot((p.0 + 2) % 3)),
            Side::Right => {}
        }
        Ok(())
    }
}

#[test]
fn a_loop_nobody_declared_is_found_not_overflowed() {
    let g = from_partizan("ring", Ring { both: false });
    let z = g.partizan().unwrap();
    let p = DynPosition::Ints(vec![0]);
    let budget = Budget::default();
    assert!(!z.is_loopy());
    let e = z.value(&p, &mut Universe::new(), &budget).unwrap_err();
    assert!(matches!(e, GameError::Loopy(_)), "{e}");
    assert!(z.is_loopy());
    // on: Left moves for ever, Right never can.
    let a = z.analyze_first(&p, Side::Left, Play::Normal, &budget).unwrap();
    assert_eq!(a.outcome, Outcome::Win);
    assert_eq!(a.remoteness, Some(1));
    assert_eq!(
        z.outcome_first(&p, Side::Right, Play::Normal, &budget).unwrap(),
        Outcome::Lose
    );
}

#[test]
fn play_finds_a_loop_nobody_declared() {
    let g = from_partizan("ring", Ring { both: true });
    let z = g.partizan().unwrap();
    let p = DynPosition::Ints(vec![1]);
    let a = z
        .analyze_first(&p, Side::Left, Play::Normal, &Budget::default())
        .unwrap();
    // Both walk round for ever: a draw (dud).
    assert_eq!(a.outcome, Outcome::Draw);
    assert!(z.is_loopy());
    assert!(
        a.method.contains("retrograde analysis of the 3 positions"),
        "{}",
        a.method
    );
}

/// CGSuite's values (its test suite, `GameGridTest` and `GameStripTest`), with
/// the outcome class each implies: GAME, POSITION, value, class.
const CGSUITE: &[(&str, &str, &str, &str)] = &[
    ("backsliding", "TTT..FFF", "{on||0|-1/2} & {1/2|0||off}", "D"),
    (
        "foxgeese:width=8,height=6",
        "........|........|.g.g.g.g|........|........|f.......",
        "{4*|7/2}",
        "L",
    ),
    (
        "foxgeese:width=8,height=6,range=2",
        "........|........|.g.g.g.g|........|........|f.......",
        "{9||4v[on]*|5/2*|||3|5/2*,5/2v||5/2}",
        "L",
    ),
    (
        "foxgeese:width=10,height=5",
        "..........|..........|g.g.g.g.g.|..........|........f.",
        "{6over|5*}",
        "L",
    ),
    // FoxAndGeese.ValuesTable({(3,1),(3,3),(3,5),(3,7)}): the fox on rows 2 and 1.
    (
        "foxgeese:height=5",
        "........|........|g.g.g.g.|.f......|........",
        "2over",
        "L",
    ),
    (
        "foxgeese:height=5",
        "........|........|g.g.g.g.|...f....|........",
        "2",
        "L",
    ),
    (
        "foxgeese:height=5",
        "........|........|g.g.g.g.|.....f..|........",
        "3*",
        "L",
    ),
    (
        "foxgeese:height=5",
        "........|........|g.g.g.g.|.......f|........",
        "4over",
        "L",
    ),
    (
        "foxgeese:height=5",
        "........|........|g.g.g.g.|........|f.......",
        "{6|2over}",
        "L",
    ),
    (
        "foxgeese:height=5",
        "........|........|g.g.g.g.|........|..f.....",
        "{2over|2}",
        "L",
    ),
    (
        "foxgeese:height=5",
        "........|........|g.g.g.g.|........|....f...",
        "{4|3||2}",
        "L",
    ),
    (
        "foxgeese:height=5",
        "........|........|g.g.g.g.|........|......f.",
        "{4over|3*}",
        "L",
    ),
];

/// The outcome class from the outcomes of Left and of Right moving first.
fn class(left: Outcome, right: Outcome) -> &'static str {
    use Outcome::*;
    match (left, right) {
        (Win, Win) => "N",
        (Win, Lose) => "L",
        (Lose, Win) => "R",
        (Lose, Lose) => "P",
        (Draw, Draw) => "D",
        _ => "mixed",
    }
}

#[test]
fn outcomes_agree_with_cgsuites_values() {
    for &(text, position, value, expected) in CGSUITE {
        let g = game(text);
        let (left, right) = outcomes(&*g, position);
        assert_eq!(
            class(left, right),
            expected,
            "{text} {position} (CGSuite: {value})"
        );
    }
}

#[test]
fn small_values_from_the_graph() {
    // on = {on|} and off = {|off} by their definitions; T.F is 0 (above).
    for (position, value) in [("T.", "on"), (".F", "off"), ("T.F", "0"), ("TF", "0")] {
        let g = game("backsliding");
        let z = g.partizan().unwrap();
        let p = g.parse_position(position).unwrap();
        let v = z.loopy_value(&p, &Budget::default()).unwrap();
        assert_eq!(
            grundy_cgt::loopy::display(&v, &mut Universe::new()),
            value,
            "{position}"
        );
    }
}

/// CGSuite's values, text for text: every Fox and Geese position of the table
/// (each valued in well under a second); Backsliding Toads and Frogs' TTT..FFF,
/// a sided value whose sidling takes about two minutes of a debug build, runs
/// with `--ignored` (its value also prints through the CLI, in the README's
/// Performance section).
fn check_values(keep: impl Fn(&str) -> bool) {
    let budget = Budget {
        max_work: Some(1 << 40),
        ..Budget::default()
    };
    for &(text, position, value, _) in CGSUITE.iter().filter(|c| keep(c.0)) {
        let g = game(text);
        let z = g.partizan().unwrap();
        let p = g.parse_position(position).unwrap();
        let ours = z.loopy_value(&p, &budget).unwrap();
        let mut u = Universe::new();
        // The same value; the text too, but for the order of options in a list,
        // which CGSuite chooses by rules of its own (`5/2*,5/2v`).
        let theirs = grundy_cgt::loopy::parse_value(value, &mut u, &budget).unwrap();
        assert!(
            ours.equals(&theirs, &budget).unwrap(),
            "{text} {position}: not {value}"
        );
        let shown = grundy_cgt::loopy::display(&ours, &mut u);
        let sorted = |t: &str| {
            let mut c: Vec<char> = t.chars().collect();
            c.sort_unstable();
            c
        };
        assert_eq!(
            sorted(&shown),
            sorted(value),
            "{text} {position}: {shown} against {value}"
        );
    }
}

#[test]
fn fox_and_geese_values_agree_with_cgsuite() {
    check_values(|game| game.starts_with("foxgeese"));
}

#[test]
#[ignore = "about two minutes of a debug build: cargo test -- --ignored"]
fn backsliding_values_agree_with_cgsuite() {
    check_values(|game| game == "backsliding");
}

/// Backsliding Toads and Frogs that does not say it loops, as a script would not.
struct Undeclared;

impl Partizan for Undeclared {
    type Position = grundy::games::Strip;
    fn options(
        &self,
        p: &Self::Position,
        side: Side,
        out: &mut Vec<Self::Position>,
    ) -> Result<(), GameError> {
        grundy::games::BackslidingToadsAndFrogs.options(p, side, out)
    }
}

#[test]
fn the_outcome_search_hands_a_loop_to_the_graph() {
    // Past the memoized search's positions the outcome search answers, and it
    // meets a repeated position: the game is then loopy, and the graph's limit
    // is what is said, not "needs the retrograde solver".
    let g = from_partizan("undeclared", Undeclared);
    let z = g.partizan().unwrap();
    let p = g.parse_position("TTT..FFF").unwrap();
    let small = Budget {
        max_positions: Some(50),
        ..Budget::default()
    };
    let e = z.analyze_first(&p, Side::Left, Play::Normal, &small).unwrap_err();
    assert!(z.is_loopy());
    assert!(e.to_string().contains("the positions of a loopy game"), "{e}");
    let a = z
        .analyze_first(&p, Side::Left, Play::Normal, &Budget::default())
        .unwrap();
    assert_eq!(a.outcome, Outcome::Draw);
}
