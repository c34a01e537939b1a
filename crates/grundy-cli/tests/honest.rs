//! Honest answers: ties have a remoteness and draws by repetition none, every
//! missing remoteness says why, long lists are cut in text (never in JSON), and a
//! game that never ends is called out.

use crate::common;

use common::{fails, json, ok};
use serde_json::Value;

/// Tic-tac-toe by brute force, independent of grundy: (outcome for the player to
/// move, remoteness) by the Gamesman convention: win fastest, tie soonest (1 + the
/// least remoteness among tying moves), lose slowest.
fn tictactoe(board: &mut [u8; 9]) -> (&'static str, u64) {
    const LINES: [[usize; 3]; 8] = [
        [0, 1, 2],
        [3, 4, 5],
        [6, 7, 8],
        [0, 3, 6],
        [1, 4, 7],
        [2, 5, 8],
        [0, 4, 8],
        [2, 4, 6],
    ];
    if LINES
        .iter()
        .any(|l| board[l[0]] != b'.' && board[l[0]] == board[l[1]] && board[l[1]] == board[l[2]])
    {
        return ("lose", 0); // the player who just moved has three in a row
    }
    let empty: Vec<usize> = (0..9).filter(|&i| board[i] == b'.').collect();
    if empty.is_empty() {
        return ("draw", 0);
    }
    let mover = if empty.len() % 2 == 1 { b'x' } else { b'o' };
    let mut values = Vec::new();
    for i in empty {
        board[i] = mover;
        values.push(tictactoe(board));
        board[i] = b'.';
    }
    let pick = |o: &str| {
        values
            .iter()
            .filter(|v| v.0 == o)
            .map(|v| v.1)
            .collect::<Vec<_>>()
    };
    if let Some(r) = pick("lose").into_iter().min() {
        ("win", r + 1)
    } else if let Some(r) = pick("draw").into_iter().min() {
        ("draw", r + 1)
    } else {
        ("lose", pick("win").into_iter().max().unwrap() + 1)
    }
}

#[test]
fn ties_of_tictactoe_have_the_remoteness_of_brute_force() {
    for board in [
        ".........",
        "x........",
        "....x....",
        "x...o....",
        "xo..x...o",
        "xx.oo....",
    ] {
        let mut b: [u8; 9] = board.as_bytes().try_into().unwrap();
        let (outcome, remoteness) = tictactoe(&mut b);
        let v = json(&["solve", "tictactoe", board, "--json"]);
        assert_eq!(v["outcome"], outcome, "{board}: {v}");
        assert_eq!(v["remoteness"], remoteness, "{board}: {v}");
    }
    let text = ok(&["solve", "tictactoe", "start"]);
    assert!(text.contains("outcome:       draw"), "{text}");
    assert!(
        text.contains("remoteness:    9 (a tie: the game ends drawn by its rules)\n"),
        "{text}"
    );
}

#[test]
fn a_draw_by_repetition_has_no_remoteness() {
    let v = json(&["solve", "chase:cycle=5", "0,2,0", "--json"]);
    assert_eq!(v["outcome"], "draw", "{v}");
    assert_eq!(v["remoteness"], Value::Null, "{v}");
    assert_eq!(v["remoteness_note"], "no_end", "{v}");
    let text = ok(&["solve", "chase:cycle=5", "0,2,0"]);
    assert!(
        text.contains("remoteness:    draw (no end with best play)\n"),
        "{text}"
    );
    assert!(!text.contains("remoteness:    0"), "{text}");
}

#[test]
fn a_table_without_remoteness_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("ttt.db");
    let db = db.to_str().unwrap();
    ok(&["build", "tictactoe", "--db", db, "--no-remoteness"]);
    let text = ok(&["solve", "--db", db, "xx.oo...."]);
    assert!(
        text.contains(
            "remoteness:    unknown (not stored: the table holds outcomes only, built with --no-remoteness)"
        ),
        "{text}"
    );
    assert!(!text.contains("too many positions"), "{text}");
    let v = json(&["solve", "--db", db, "xx.oo....", "--json"]);
    assert_eq!(v["remoteness_note"], "not_stored", "{v}");
}

#[test]
fn a_sums_remoteness_comes_from_its_options_when_its_own_search_is_too_large() {
    let game = "../../examples/games/stones-and-euclid.toml";
    let position = "13,10,144,89";
    let moves = json(&["moves", game, position, "--json"]);
    let winning: Vec<u64> = moves["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["wins"] == true)
        .map(|m| {
            m["remoteness"]
                .as_u64()
                .expect("each winning move's remoteness is known")
        })
        .collect();
    assert!(!winning.is_empty(), "{moves}");
    let v = json(&["solve", game, position, "--json"]);
    assert_eq!(v["outcome"], "win", "{v}");
    assert_eq!(v["remoteness"], winning.iter().min().unwrap() + 1, "{v}");
    assert_eq!(v["remoteness"], 23, "{v}");
}

#[test]
fn moves_of_a_luau_heap_game_show_the_nim_values_solve_knows() {
    let game = "../../examples/games/stones.luau";
    let v = json(&["moves", game, "10", "--json"]);
    let nimbers: Vec<Value> = v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["nimber"].clone())
        .collect();
    assert_eq!(nimbers, [0, 0, 2], "{v}");
    for m in v["moves"].as_array().unwrap() {
        let p = m["position"].as_str().unwrap();
        let solved = json(&["solve", game, p, "--json"]);
        assert_eq!(solved["nimber"], m["nimber"], "{p}");
    }
    let text = ok(&["moves", game, "10"]);
    assert!(!text.lines().skip(2).any(|l| l.contains(" - ")), "{text}");
}

#[test]
fn long_lists_are_cut_in_text_and_complete_with_all_and_in_json() {
    let text = ok(&["solve", "split", "100000"]);
    assert!(text.len() < 4096, "{} bytes:\n{text}", text.len());
    let line = text.lines().find(|l| l.starts_with("winning moves:")).unwrap();
    assert!(line.contains("more (--all to list every one)"), "{line}");
    assert!(
        line.contains("… ("),
        "a long position is cut with its length: {line}"
    );
    let v = json(&["solve", "split", "100000", "--json"]);
    let listed = v["winning_moves"].as_array().unwrap().len();
    assert!(listed > 20, "{listed}");
    let shown = line.matches("  ").count(); // separators: shown entries, then the "more" note
    assert_eq!(shown, 20, "{line}");
    let more: usize = line
        .split("… and ")
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert_eq!(20 + more, listed, "{line}");
    let all = ok(&["solve", "split", "100000", "--all"]);
    let line = all.lines().find(|l| l.starts_with("winning moves:")).unwrap();
    assert!(!line.contains("more (--all"), "everything listed");
    assert_eq!(line.matches("  ").count() + 1, listed);
    assert!(line.contains(&"1,".repeat(1000)), "positions printed whole");
}

#[test]
fn a_long_move_table_is_cut_with_a_note() {
    let text = ok(&["moves", "nim", "30"]);
    assert_eq!(text.lines().count(), 1 + 1 + 20 + 1, "{text}");
    assert!(
        text.ends_with("… and 10 more (--all to list every one)\n"),
        "{text}"
    );
    let all = ok(&["moves", "nim", "30", "--all"]);
    assert_eq!(all.lines().count(), 1 + 1 + 30, "{all}");
    let v = json(&["moves", "nim", "30", "--json"]);
    assert_eq!(v["moves"].as_array().unwrap().len(), 30);
}

#[test]
fn every_missing_remoteness_in_a_move_table_has_a_footnote() {
    let text = ok(&["moves", "chase:cycle=5", "0,2,0"]);
    let marks = text
        .lines()
        .skip(2)
        .filter(|l| l.split_whitespace().nth(3) == Some("-"))
        .count();
    assert!(marks > 0, "{text}");
    assert!(
        text.contains("\n-: no remoteness: draw (no end with best play)\n"),
        "{text}"
    );
}

#[test]
fn a_game_that_never_ends_is_called_out() {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("grow.luau");
    std::fs::write(
        &script,
        "name = \"Growing\"\nimpartial = true\nstart = 0\nfunction moves(n)\n  return {n + 1}\nend\n",
    )
    .unwrap();
    let script = script.to_str().unwrap();
    for command in ["solve", "moves"] {
        let err = fails(&[command, script, "0"]);
        assert!(
            err.contains("positions keep growing: this game may not end"),
            "{err}"
        );
    }
}

#[test]
fn a_table_from_before_tie_remoteness_stays_readable_and_says_what_it_lacks() {
    use grundy_retro::table::{checksum, HEADER_SIZE};
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("ttt.db");
    let db = db.to_str().unwrap();
    ok(&["build", "tictactoe", "--db", db]);
    // Make it a table as written before ties had a remoteness: flag bit 2 clear,
    // every draw's byte 0, the checksum sealed again (over the header with its
    // checksum field zero, then the data).
    let mut bytes = std::fs::read(db).unwrap();
    bytes[12] &= !4;
    bytes[32..40].fill(0);
    let sum = checksum(&bytes);
    bytes[32..40].copy_from_slice(&sum.to_le_bytes());
    std::fs::write(db, &bytes).unwrap();
    assert!(bytes.len() > HEADER_SIZE);
    let v = json(&["solve", "--db", db, "start", "--json"]);
    assert_eq!(v["outcome"], "draw", "{v}");
    assert_eq!(v["remoteness"], Value::Null, "{v}");
    assert_eq!(v["remoteness_note"], "old_table", "{v}");
    let v = json(&["solve", "--db", db, "xx.oo....", "--json"]);
    assert_eq!(v["remoteness"], 1, "wins and losses keep theirs: {v}");
}
