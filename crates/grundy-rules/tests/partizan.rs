//! Partizan scripts (`left` and `right` instead of `moves`): the errors of a script
//! that mixes them up, each one line naming the problem, and Hackenbush strings from
//! `examples/games/hackenbush-string.luau` against Berlekamp's rule.

use std::time::Duration;

use grundy::dynamic::{DynGame, DynPosition};
use grundy::partizan::Side;
use grundy::{Outcome, Play};
use grundy_rules::{load_with, Limits};

fn data(name: &str) -> String {
    format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn limits() -> Limits {
    Limits {
        memory: 16 << 20,
        timeout: Duration::from_millis(200),
    }
}

fn text(s: &str) -> DynPosition {
    DynPosition::Text(s.into())
}

/// Load fixture `name` and analyse `position` with `first` moving first: the error,
/// checked to be one line that names the file first, with the file cut off.
fn error(name: &str, position: &str, first: Side) -> String {
    let path = data(name);
    let result = load_with(&path, limits())
        .map_err(|e| e.to_string())
        .and_then(|game| {
            let p = game.parse_position(position).map_err(|e| e.to_string())?;
            let partizan = game.partizan().expect("a partizan game");
            partizan
                .analyze_first(&p, first, Play::Normal, &grundy::Budget::default())
                .map_err(|e| e.to_string())
        });
    let message = result.expect_err(&format!("{name} should fail"));
    assert!(!message.contains('\n'), "{name}: not one line: {message:?}");
    assert!(
        message.starts_with(&path),
        "{name}: the file is not named first: {message}"
    );
    message[path.len()..].to_string()
}

#[test]
fn impartial_true_with_left_and_right_is_refused() {
    let m = error("partizan-impartial.luau", "1", Side::Left);
    assert!(
        m.contains("impartial = true, but the script defines left and right"),
        "{m}"
    );
}

#[test]
fn moves_with_left_and_right_is_refused() {
    let m = error("partizan-both.luau", "1", Side::Left);
    assert!(m.starts_with(":3: the script defines both moves and left"), "{m}");
}

#[test]
fn left_without_right_is_refused() {
    let m = error("partizan-only-left.luau", "1", Side::Left);
    assert!(
        m.starts_with(":2: the script defines left(position) but no right(position)"),
        "{m}"
    );
}

#[test]
fn terminal_with_left_and_right_is_refused() {
    let m = error("partizan-terminal.luau", "1", Side::Left);
    assert!(
        m.starts_with(":4: terminal does not apply with left and right") && m.contains("normal play"),
        "{m}"
    );
}

#[test]
fn heaps_with_left_and_right_is_refused() {
    let m = error("partizan-heaps.luau", "1", Side::Left);
    assert!(
        m.contains("heaps = true does not apply with left and right"),
        "{m}"
    );
}

#[test]
fn left_returning_a_number_names_left_and_its_line() {
    let m = error("partizan-not-a-list.luau", "3", Side::Left);
    assert_eq!(
        m,
        ":2: left(3) returned the number 3, not a list of positions (return {} when there is no move)"
    );
}

#[test]
fn right_returning_a_bad_entry_names_right() {
    // Right is asked only when it is Right's turn: first, or after Left's move.
    let m = error("partizan-bad-entry.luau", "3", Side::Right);
    assert!(
        m.starts_with(
            ":6: right(3) returned a list whose entry 1 is wrong: the boolean true is not a position"
        ),
        "{m}"
    );
    let m = error("partizan-bad-entry.luau", "3", Side::Left);
    assert!(m.starts_with(":6: right(2) returned a list"), "{m}");
}

#[test]
fn right_failing_at_run_time_gives_the_line_and_the_call() {
    let m = error("partizan-runtime.luau", "5", Side::Right);
    assert!(m.starts_with(":5: attempt to index nil"), "{m}");
    assert!(m.contains("(in right(5))"), "{m}");
}

#[test]
fn left_looping_is_stopped_by_the_time_limit() {
    let m = error("partizan-loop.luau", "1", Side::Left);
    assert!(
        m.contains("left(1) ran longer than the time limit of 200 ms"),
        "{m}"
    );
}

fn hackenbush() -> Box<dyn DynGame> {
    let path = format!(
        "{}/../../examples/games/hackenbush-string.luau",
        env!("CARGO_MANIFEST_DIR")
    );
    load_with(&path, limits()).unwrap_or_else(|e| panic!("{e}"))
}

/// Berlekamp's rule, independently of the script: the value of a stalk as a
/// fraction `numerator / 2^exponent`. The first run of one colour counts ±1 an
/// edge; after the first change of colour, the edges count ±1/2, ±1/4, ...
fn berlekamp(stalk: &str) -> (i64, u32) {
    let edges: Vec<i64> = stalk.chars().map(|c| if c == 'L' { 1 } else { -1 }).collect();
    let run = edges.iter().take_while(|&&e| e == edges[0]).count();
    let exponent = (edges.len() - run) as u32;
    let mut numerator = edges[..run].iter().sum::<i64>() << exponent;
    for (j, e) in edges[run..].iter().enumerate() {
        numerator += e << (exponent - 1 - j as u32);
    }
    (numerator, exponent)
}

/// Every stalk of 0 to `n` edges.
fn stalks(n: usize) -> Vec<String> {
    let mut out = vec![String::new()];
    for len in 1..=n {
        for bits in 0..1u32 << len {
            out.push(
                (0..len)
                    .map(|i| if bits >> i & 1 == 1 { 'L' } else { 'R' })
                    .collect(),
            );
        }
    }
    out
}

#[test]
fn berlekamp_rule_matches_the_known_values() {
    for (stalk, value) in [
        ("L", (1, 0)),
        ("R", (-1, 0)),
        ("LR", (1, 1)),
        ("LLR", (3, 1)),
        ("RL", (-1, 1)),
        ("LRR", (1, 2)),
        ("LRL", (3, 2)),
    ] {
        assert_eq!(berlekamp(stalk), value, "{stalk}");
    }
}

#[test]
fn hackenbush_outcomes_with_either_side_first_follow_berlekamp() {
    let game = hackenbush();
    let partizan = game.partizan().expect("a partizan game");
    for stalk in stalks(7) {
        let p = text(&format!("_{stalk}"));
        let v = if stalk.is_empty() { 0 } else { berlekamp(&stalk).0 };
        for first in [Side::Left, Side::Right] {
            let a = partizan
                .analyze_first(&p, first, Play::Normal, &grundy::Budget::default())
                .unwrap_or_else(|e| panic!("{p} {first}: {e}"));
            // A number: positive wins for Left whoever starts, negative for Right,
            // zero for whoever moves second.
            let winner = match v.signum() {
                1 => Some(Side::Left),
                -1 => Some(Side::Right),
                _ => None,
            };
            let expected = if winner == Some(first) {
                Outcome::Win
            } else {
                Outcome::Lose
            };
            assert_eq!(a.outcome, expected, "{p} with {first} first (value {v})");
            // Winning moves come back as stalks, and are winning: the opponent then loses.
            for m in &a.winning_moves {
                let b = partizan
                    .analyze_first(m, first.other(), Play::Normal, &grundy::Budget::default())
                    .unwrap();
                assert_eq!(b.outcome, Outcome::Lose, "{p}: {first} to {m}");
            }
            assert_eq!(a.winning_moves.is_empty(), expected == Outcome::Lose, "{p}");
        }
    }
}

#[test]
fn hackenbush_options_start_and_show() {
    let game = hackenbush();
    let partizan = game.partizan().unwrap();
    let p = text("_LRL");
    assert_eq!(game.start(), Some(p.clone()));
    assert_eq!(game.name(), "Hackenbush string");
    assert_eq!(game.show(&p), "ground-L-R-L");
    assert_eq!(
        partizan
            .side_options(&p, Side::Left, &grundy::Budget::default())
            .unwrap(),
        [text("_"), text("_LR")]
    );
    assert_eq!(
        partizan
            .side_options(&p, Side::Right, &grundy::Budget::default())
            .unwrap(),
        [text("_L")]
    );
    // The cache is per side: Left's options of a position are not Right's.
    assert_eq!(
        partizan
            .side_options(&p, Side::Left, &grundy::Budget::default())
            .unwrap()
            .len(),
        2
    );
    let moves = partizan
        .moves_first(&p, Side::Right, Play::Normal, &grundy::Budget::default())
        .unwrap();
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0].position, text("_L"));
    // A typed position the script rejects: its error, naming left and the position.
    let e = game
        .analyze(&text("_LXR"), Play::Normal, &grundy::Budget::default())
        .unwrap_err()
        .to_string();
    assert!(e.contains("(in left(_LXR))") && !e.contains('\n'), "{e}");
}

#[test]
fn a_position_of_the_wrong_shape_is_refused() {
    let game = hackenbush();
    let e = game
        .analyze(
            &DynPosition::Ints(vec![3]),
            Play::Normal,
            &grundy::Budget::default(),
        )
        .unwrap_err()
        .to_string();
    assert!(e.contains("expected a string (shape = \"string\")"), "{e}");
}

#[test]
fn hackenbush_values_follow_berlekamp() {
    use grundy::partizan::{Dyadic, Universe};
    let game = hackenbush();
    let partizan = game.partizan().unwrap();
    let mut universe = Universe::new();
    for (stalk, shown) in [
        ("_", "0"),
        ("_L", "1"),
        ("_R", "-1"),
        ("_LR", "1/2"),
        ("_LLR", "3/2"),
        ("_RL", "-1/2"),
        ("_LRR", "1/4"),
        ("_LRL", "3/4"),
    ] {
        let v = partizan
            .value(&text(stalk), &mut universe, &grundy::Budget::default())
            .unwrap();
        assert_eq!(universe.display(v, false), shown, "{stalk}");
    }
    for stalk in stalks(6).into_iter().filter(|s| !s.is_empty()) {
        let v = partizan
            .value(
                &text(&format!("_{stalk}")),
                &mut universe,
                &grundy::Budget::default(),
            )
            .unwrap();
        let (numerator, exponent) = berlekamp(&stalk);
        assert_eq!(
            universe.as_number(v),
            Some(Dyadic::new(numerator, exponent)),
            "_{stalk}"
        );
    }
}

#[test]
fn left_and_right_are_each_called_once_per_position() {
    // The script counts its calls in upvalues and shows the counts.
    let script = r#"
local calls = {left = 0, right = 0}
function left(n)
  calls.left += 1
  if n > 0 then return {n - 1} end
  return {}
end
function right(n)
  calls.right += 1
  if n > 1 then return {n - 2} end
  return {}
end
function show(n)
  return calls.left .. " " .. calls.right
end
"#;
    let game = grundy_rules::game_from_luau("count.luau", script, limits()).unwrap();
    let partizan = game.partizan().unwrap();
    let p = DynPosition::Ints(vec![3]);
    for _ in 0..3 {
        assert_eq!(
            partizan
                .side_options(&p, Side::Left, &grundy::Budget::default())
                .unwrap(),
            [DynPosition::Ints(vec![2])]
        );
        assert_eq!(
            partizan
                .side_options(&p, Side::Right, &grundy::Budget::default())
                .unwrap(),
            [DynPosition::Ints(vec![1])]
        );
    }
    assert_eq!(game.show(&p), "1 1");
    // Solving 3 (Left first) asks each side about each of 0..=3 at most once.
    partizan
        .analyze_first(&p, Side::Left, Play::Normal, &grundy::Budget::default())
        .unwrap();
    partizan
        .analyze_first(&p, Side::Right, Play::Normal, &grundy::Budget::default())
        .unwrap();
    let counts = game.show(&p);
    let (l, r) = counts.split_once(' ').unwrap();
    assert!(
        l.parse::<u32>().unwrap() <= 4 && r.parse::<u32>().unwrap() <= 4,
        "{counts}"
    );
}
