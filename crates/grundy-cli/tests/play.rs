//! `grundy play` through a pipe: scripted sessions against the perfect opponent.
//!
//! The engine must never lose from a winning position and never let the human win
//! from a losing one, whatever the human plays; every move in the transcript must be
//! legal; transcripts of a few sessions are snapshots.

use crate::common;

use std::process::{Command, Stdio};

use grundy::dynamic::{parse_game, DynGame, DynPosition};
use grundy::{Outcome, Play};

/// Run `grundy play ARGS` with `input` on stdin; the exit code and stdout.
fn play(args: &[&str], input: &str) -> (i32, String) {
    let args: Vec<&str> = std::iter::once("play").chain(args.iter().copied()).collect();
    let out = common::with_input(&args, input);
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
    )
}

/// A small deterministic generator (xorshift64*), so failures reproduce.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) % n
    }
}

/// Random human input: move numbers `#k` (some out of range, which the engine
/// must reject and ask again), now and then a position that is probably illegal.
fn random_input(rng: &mut Rng, max_moves: u64) -> String {
    let mut s = String::new();
    for _ in 0..400 {
        match rng.below(12) {
            0 => s.push_str("999\n"),
            1 => s.push_str("hint\n"),
            _ => s.push_str(&format!("#{}\n", 1 + rng.below(max_moves))),
        }
    }
    s
}

/// A transcript with the move names taken out: `human: take 3 -> 4` becomes
/// `human: 4`, the position each move left (the lines of games that name no
/// moves are already so).
fn plain(text: &str) -> String {
    text.lines()
        .map(|line| match line.split_once(": ") {
            Some((who @ ("human" | "engine"), rest)) => match rest.rsplit_once(" -> ") {
                Some((_, pos)) => format!("{who}: {pos}\n"),
                None => format!("{line}\n"),
            },
            _ => format!("{line}\n"),
        })
        .collect()
}

/// Check a transcript move by move against the solver; the winner it names.
fn check_transcript(game: &dyn DynGame, start: &DynPosition, first: &str, text: &str) -> String {
    let mut position = start.clone();
    let mut mover = first.to_string();
    let mut winner = None;
    for line in text.lines() {
        if let Some((who, pos)) = line.split_once(": ") {
            if who == "human" || who == "engine" {
                assert_eq!(who, mover, "out of turn in\n{text}");
                // `human: take 3 -> 4`: the position is after the move's name.
                let pos = pos.rsplit_once(" -> ").map_or(pos, |(_, p)| p);
                let next = game.parse_position(pos).unwrap();
                assert!(
                    game.options(&position, &grundy::Budget::default())
                        .unwrap()
                        .contains(&next),
                    "{pos} is not a move from {position} in\n{text}"
                );
                position = next;
                mover = if who == "human" { "engine" } else { "human" }.into();
            }
            if who == "winner" {
                winner = Some(pos.to_string());
            }
        }
    }
    let winner = winner.unwrap_or_else(|| panic!("no winner line in\n{text}"));
    assert!(
        text.trim_end().ends_with(&format!("winner: {winner}")),
        "the winner line is not last in\n{text}"
    );
    // The game really is over where the transcript says so.
    assert!(game
        .moves(&position, Play::Normal, &grundy::Budget::default())
        .unwrap()
        .is_empty());
    winner
}

/// From every start where the engine can win, it wins against random humans: it
/// moves first from winning positions, second from losing ones.
fn engine_always_wins(game_text: &str, starts: &[&str], max_moves: u64, seeds: u64) {
    let game = parse_game(game_text).unwrap();
    for (i, &start) in starts.iter().enumerate() {
        let p = game.parse_position(start).unwrap();
        if game
            .moves(&p, Play::Normal, &grundy::Budget::default())
            .unwrap()
            .is_empty()
        {
            continue;
        }
        let outcome = game
            .analyze(&p, Play::Normal, &grundy::Budget::default())
            .unwrap()
            .outcome;
        let first = if outcome == Outcome::Win {
            "engine"
        } else {
            "human"
        };
        for seed in 0..seeds {
            let mut rng = Rng(0x9E37_79B9_7F4A_7C15 ^ (seed * 7919 + i as u64 + 1));
            let input = random_input(&mut rng, max_moves);
            let (code, text) = play(&[game_text, start, "--first", first], &input);
            assert_eq!(code, 0, "{text}");
            let winner = check_transcript(game.as_ref(), &p, first, &text);
            assert_eq!(
                winner, "engine",
                "{game_text} from {start} ({outcome}, {first} first):\n{text}"
            );
        }
    }
}

#[test]
fn subtraction_heaps_up_to_20() {
    let starts: Vec<String> = (1..=20).map(|n| n.to_string()).collect();
    let starts: Vec<&str> = starts.iter().map(String::as_str).collect();
    engine_always_wins("subtraction:1,3,4", &starts, 3, 3);
}

#[test]
fn nim_small_heaps() {
    let mut starts = Vec::new();
    for a in 0..=3 {
        for b in 0..=3 {
            for c in 1..=3 {
                starts.push(format!("{a},{b},{c}"));
            }
        }
    }
    let starts: Vec<&str> = starts.iter().map(String::as_str).collect();
    engine_always_wins("nim", &starts, 9, 2);
}

#[test]
fn euclid_small_pairs() {
    let mut starts = Vec::new();
    for a in 1..=9 {
        for b in 1..=9 {
            starts.push(format!("{a},{b}"));
        }
    }
    let starts: Vec<&str> = starts.iter().map(String::as_str).collect();
    engine_always_wins("euclid", &starts, 9, 2);
}

#[test]
fn every_first_move_from_a_losing_heap_loses() {
    // From 14 (0 mod 7) each human first move, then random play: the engine wins.
    let game = parse_game("subtraction:1,3,4").unwrap();
    let start = DynPosition::Ints(vec![14]);
    for first in game.options(&start, &grundy::Budget::default()).unwrap() {
        let mut rng = Rng(42);
        let input = format!("{first}\n{}", random_input(&mut rng, 3));
        let (code, text) = play(&["subtraction:1,3,4", "14"], &input);
        assert_eq!(code, 0);
        assert!(plain(&text).contains(&format!("human: {first}\n")), "{text}");
        assert_eq!(check_transcript(game.as_ref(), &start, "human", &text), "engine");
    }
}

#[test]
fn a_perfect_human_wins() {
    // 10 is a win (3 mod 7): 10 -> 7, then answer each engine move back to 0 or 2 mod 7.
    // The engine delays: 7 -> 6 (then 2), 2 -> 1 (then 0).
    let (code, text) = play(&["subtraction:1,3,4", "10"], "7\n2\n0\n");
    assert_eq!(code, 0);
    assert!(text.ends_with("winner: human\n"), "{text}");
}

#[test]
fn the_engine_wins_fast_and_loses_slowly() {
    // From 7 (lost for the engine) it takes 1 (to 6: the longest resistance).
    let (_, text) = play(&["subtraction:1,3,4", "8", "--first", "human"], "7\n");
    assert!(plain(&text).contains("human: 7\nengine: 6\n"), "{text}");
    // From 4 it wins at once by taking all 4.
    let (_, text) = play(&["subtraction:1,3,4", "4", "--first", "engine"], "");
    assert!(plain(&text).contains("engine: 0\nwinner: engine"), "{text}");
}

#[test]
fn transcript_with_every_command() {
    let input = "help\nmoves\nhint\n9\nundo\nundo\nfoo\n99\n#7\n#x\n\n#1\n7\nquit\n";
    let (code, text) = play(&["subtraction:1,3,4", "10"], input);
    assert_eq!(code, 0);
    insta::assert_snapshot!("commands", text);
}

#[test]
fn transcript_engine_first_to_the_end() {
    let (code, text) = play(&["nim", "3,4,5", "--first", "engine"], "#1\n#1\n#1\n#1\n#1\n#1\n");
    assert_eq!(code, 0);
    insta::assert_snapshot!("nim_engine_first", text);
}

#[test]
fn transcript_euclid() {
    let (code, text) = play(&["euclid", "5,8"], "5,3\n1,2\n2,1\n");
    assert_eq!(code, 0);
    insta::assert_snapshot!("euclid", text);
}

#[test]
fn transcript_digit_game_ends_by_its_rule() {
    // Two turns on one digit: the number must end above the start.
    let (code, text) = play(&["digits:turns=2,width=1", "8"], "#1\n");
    assert_eq!(code, 0);
    insta::assert_snapshot!("digits", text);
}

#[test]
fn misere_nim() {
    // Misère: a player with no move wins. From 1,1 the human takes one heap; the
    // engine must take the other, and the human, left without a move, wins.
    let (code, text) = play(&["nim", "1,1", "--misere"], "0,1\n");
    assert_eq!(code, 0);
    assert!(plain(&text).ends_with("engine: 0,0\nwinner: human\n"), "{text}");
}

#[test]
fn end_of_input_ends_cleanly() {
    let (code, text) = play(&["subtraction:1,3,4", "20"], "");
    assert_eq!(code, 0);
    assert!(text.ends_with("end of input: the game was abandoned\n"), "{text}");
    // Garbage bytes are an illegal move, not a crash.
    let (code, text) = play(&["subtraction:1,3,4", "20"], "\u{fffd}\u{0}zz\n");
    assert_eq!(code, 0, "{text}");
}

#[test]
fn bad_arguments_exit_2() {
    for args in [
        &["subtraction:1,3,4", "x,1"][..],
        &["nosuchgame", "1"][..],
        &["nim", "3", "--first", "nobody"][..],
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_grundy"))
            .arg("play")
            .args(args)
            .stdin(Stdio::null())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.starts_with("error"), "{err}");
    }
}

// ---- moves in the game's own words ----------------------------------------------

#[test]
fn connect4_takes_a_column_and_draws_the_board() {
    let (code, text) = play(&["connect4:width=5,height=4"], "3\n9\n#1\n");
    assert_eq!(code, 0);
    // Typing 3 drops x in column 3: the position (the columns played) is "3".
    assert!(plain(&text).contains("human: 3\n"), "{text}");
    assert!(
        text.contains("not a move: there is no column 9: the columns are 1 to 5\n"),
        "{text}"
    );
    insta::assert_snapshot!("connect4_words", text);
}

#[test]
fn tictactoe_takes_cells_by_name_or_number() {
    // No position: the empty board. b2 is the centre; 5 (cell number) is then taken.
    let (code, text) = play(&["tictactoe"], "b2\n5\nd9\n");
    assert_eq!(code, 0);
    assert!(text.starts_with("game: tictactoe\nstart: .........\n"), "{text}");
    assert!(plain(&text).contains("human: ....x....\n"), "{text}");
    assert!(
        text.contains("not a move: cell b2 is taken; to pick move 5 from the list, type #5\n"),
        "{text}"
    );
    insta::assert_snapshot!("tictactoe_words", text);
    // The cell number names the same move.
    let (_, text) = play(&["tictactoe"], "5\n");
    assert!(plain(&text).contains("human: ....x....\n"), "{text}");
}

#[test]
fn heap_words_take_from_a_heap() {
    let (code, text) = play(&["subtraction:1,3,4", "10"], "take 3\n");
    assert_eq!(code, 0);
    assert!(plain(&text).contains("human: 7\n"), "{text}");
    // Several heaps: which heap is said, 2:3 takes 3 from heap 2.
    let (_, text) = play(&["nim", "3,4,5"], "take 1\n2:3\n");
    assert!(
        text.contains("not a move: there are 3 heaps: say which, e.g. 2:3 takes 3 from heap 2\n"),
        "{text}"
    );
    assert!(plain(&text).contains("human: 3,1,5\n"), "{text}");
    // Grundy's game splits heaps: the new piles.
    let (_, text) = play(&["grundy", "7"], "3+4\n");
    assert!(plain(&text).contains("human: 3,4\n"), "{text}");
}

#[test]
fn a_menu_pick_needs_a_hash_and_a_bare_number_is_never_one() {
    let (code, text) = play(&["subtraction:1,3,4", "10"], "#2\n");
    assert_eq!(code, 0);
    assert!(plain(&text).contains("human: 7\n"), "{text}");
    // 2 is neither "take 2" nor a position one move from 10: refused, not move 2.
    let (_, text) = play(&["subtraction:1,3,4", "10"], "2\n");
    assert!(
        text.contains(
            "not a move: taking 2 from a heap of 10 is not a move of this game; to pick move 2 from the list, type #2\n"
        ),
        "{text}"
    );
    assert!(!text.contains("human:"), "{text}");
}

#[test]
fn ambiguous_and_illegal_entries_are_refused_with_one_line() {
    // From 7, "3" could take 3 (leaving 4) or move to 3 (taking 4).
    let (code, text) = play(&["subtraction:1,3,4", "7"], "3\ntake 2\n");
    assert_eq!(code, 0);
    assert!(
        text.contains("'3' is ambiguous: it may leave 4 or 3; type the move's number (#N) or =POSITION\n"),
        "{text}"
    );
    assert!(
        text.contains("not a move: taking 2 from a heap of 7 is not a move of this game\n"),
        "{text}"
    );
    assert!(!text.contains("human:"), "nothing was played: {text}");
    // =POSITION means the position only.
    let (_, text) = play(&["subtraction:1,3,4", "7"], "=3\n");
    assert!(plain(&text).contains("human: 3\n"), "{text}");
}

#[test]
fn play_without_a_position_starts_at_the_start_or_says_one_is_needed() {
    let (code, text) = play(&["connect4:width=5,height=4"], "");
    assert_eq!(code, 0);
    assert!(
        text.starts_with("game: connect4:width=5,height=4\nstart: start\n"),
        "{text}"
    );
    let err = common::failed(&["play", "nim"], common::with_input(&["play", "nim"], ""));
    assert!(err.contains("nim has no natural start: give a POSITION"), "{err}");
}

#[test]
fn partizan_moves_by_cell() {
    // Domineering: Left's domino by its top cell.
    let (code, text) = play(&["domineering:rows=2,cols=2"], "a1\n");
    assert_eq!(code, 0);
    assert!(plain(&text).contains("human: #.|#. (Right to move)\n"), "{text}");
    assert!(text.ends_with("winner: human\n"), "{text}");
}

/// `--json`: one event a line, each of them JSON, the moves named as the game
/// names them, the end with its winner; every position a move leaves is legal.
#[test]
fn the_json_transcript_is_one_event_a_line() {
    let (code, out) = play(
        &["nim", "3,4,5", "--json"],
        "1:3\nmoves\nbogus\nhint\nhelp\n1:2\n",
    );
    assert_eq!(code, 0, "{out}");
    let events: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect();
    let kinds: Vec<&str> = events.iter().map(|e| e["event"].as_str().unwrap()).collect();
    assert_eq!(kinds[0], "start");
    assert_eq!(events[1]["move"], "1:3");
    assert_eq!(events[1]["position"], "0,4,5");
    assert!(
        kinds.contains(&"moves") && kinds.contains(&"error") && kinds.contains(&"hint"),
        "{kinds:?}"
    );
    assert_eq!(*kinds.last().unwrap(), "end");
    let (_, out) = play(&["nim", "3,4", "--json"], "1:3\n");
    let end: serde_json::Value = serde_json::from_str(out.lines().last().unwrap()).unwrap();
    assert_eq!(end["winner"], "engine", "{out}");
    // Nothing to undo is an error event too, not a line of text in the stream.
    let (_, out) = play(&["nim", "3,4", "--json"], "undo\n");
    let second: serde_json::Value =
        serde_json::from_str(out.lines().nth(1).unwrap()).unwrap_or_else(|e| panic!("{out}: {e}"));
    assert_eq!(
        (&second["event"], &second["message"]),
        (&"error".into(), &"undo: nothing to undo".into()),
        "{out}"
    );
}
