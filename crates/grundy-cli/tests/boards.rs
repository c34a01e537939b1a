//! Boards in the terminal: every board game draws its position with coordinates in
//! `solve`, `moves` and `explain` text (snapshots), plain through a pipe; JSON is
//! unchanged; colour appears only on a terminal without `NO_COLOR`.

use crate::common;

use common::ok;

#[test]
fn tictactoe_solve() {
    insta::assert_snapshot!("tictactoe_solve", ok(&["solve", "tictactoe", "x.o.x...."]));
}

#[test]
fn tictactoe_moves() {
    insta::assert_snapshot!("tictactoe_moves", ok(&["moves", "tictactoe", "xo.xo...."]));
}

#[test]
fn connect4_moves_marks_the_last_move() {
    let out = ok(&["moves", "connect4:width=4,height=3", "2231"]);
    // The last stone (o in column 1) is the capital one, bottom left.
    assert!(
        out.contains("  O x x .\n  1 2 3 4\n  last move: o in column 1\n"),
        "{out}"
    );
    insta::assert_snapshot!("connect4_moves", out);
}

#[test]
fn connect4_solve_from_the_start() {
    insta::assert_snapshot!(
        "connect4_solve",
        ok(&["solve", "connect4:width=4,height=3", "start"])
    );
}

#[test]
fn dodgem_solve() {
    insta::assert_snapshot!("dodgem_solve", ok(&["solve", "dodgem:3", "start"]));
}

#[test]
fn chase_solve_and_moves() {
    insta::assert_snapshot!("chase_solve", ok(&["solve", "chase:cycle=5", "0,2,0"]));
    insta::assert_snapshot!("chase_moves", ok(&["moves", "chase:path=4", "0,3,1"]));
}

#[test]
fn domineering_solve_and_moves() {
    insta::assert_snapshot!(
        "domineering_solve",
        ok(&["solve", "domineering:rows=2,cols=3", "start"])
    );
    insta::assert_snapshot!(
        "domineering_moves",
        ok(&["moves", "domineering", "...|#..", "--first", "right"])
    );
}

#[test]
fn clobber_and_toads_draw_their_boards() {
    let out = ok(&["solve", "clobber", "xo|ox"]);
    assert!(
        out.contains("               1  x o\n               2  o x\n                  a b\n"),
        "{out}"
    );
    let out = ok(&["moves", "toads", "T.F."]);
    assert!(out.contains("  T . F .\n  1 2 3 4\n"), "{out}");
}

#[test]
fn explain_draws_the_board_it_explains() {
    let out = ok(&["explain", "tictactoe", "xx.oo....", "--depth", "1"]);
    let head: Vec<&str> = out.lines().take(6).collect();
    assert_eq!(
        head,
        [
            "tictactoe: why xx.oo.... is a win for the player to move",
            "  1  x x .",
            "  2  o o .",
            "  3  . . .",
            "     a b c",
            "  x to move",
        ],
        "{out}"
    );
}

#[test]
fn games_without_boards_print_as_before() {
    let out = ok(&["solve", "nim", "3,4,5"]);
    assert!(out.contains("position:      3,4,5\noutcome:"), "{out}");
    let out = ok(&["moves", "subtraction:1,3,4", "5"]);
    assert!(out.starts_with("3 moves from 5\nmove   to"), "{out}");
    assert!(
        out.contains("\ntake 1 4 "),
        "moves in the game's own words: {out}"
    );
}

#[test]
fn json_has_no_board() {
    let v = common::json(&["solve", "tictactoe", "x.o.x....", "--json"]);
    assert_eq!(v["position"], "x.o.x....");
    let v = common::json(&["moves", "connect4:width=4,height=3", "2231", "--json"]);
    assert_eq!(v["position"], "2231");
}

#[test]
fn a_script_show_of_several_lines_is_drawn_not_flattened() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("rows.luau");
    std::fs::write(
        &path,
        "impartial = true\nstart = 3\nfunction moves(n)\n  local out = {}\n  for k = 1, n do out[k] = n - k end\n  return out\nend\nfunction show(n)\n  return string.rep('o', n) .. '\\n' .. string.rep('-', n) .. '\\27[2J'\nend\n",
    )
    .unwrap();
    let out = ok(&["solve", path.to_str().unwrap(), "3"]);
    assert!(
        out.contains("position:      3\n               ooo\n               ---\\u{1b}[2J\n"),
        "{out}"
    );
}

/// `script` (util-linux) runs the command on a pseudo-terminal, so `grundy` sees a
/// terminal on stdout; skipped where it is missing.
fn on_a_terminal(args: &str, no_color: bool) -> Option<String> {
    let mut command = std::process::Command::new("script");
    command
        .args([
            "-qec",
            &format!("{} {args}", env!("CARGO_BIN_EXE_grundy")),
            "/dev/null",
        ])
        .env_remove("NO_COLOR");
    if no_color {
        command.env("NO_COLOR", "1");
    }
    let out = command.output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
}

#[test]
fn colour_on_a_terminal_only_without_no_color() {
    let Some(coloured) = on_a_terminal("solve tictactoe x.o.x....", false) else {
        eprintln!("skipped: no 'script' to make a terminal");
        return;
    };
    assert!(coloured.contains("\u{1b}["), "{coloured:?}");
    let plain = on_a_terminal("solve tictactoe x.o.x....", true).unwrap();
    assert!(!plain.contains('\u{1b}'), "{plain:?}");
    assert!(plain.contains("1  x . o"), "{plain:?}");
    // Through a pipe: plain.
    assert!(!ok(&["solve", "tictactoe", "x.o.x...."]).contains('\u{1b}'));
}

/// The game of GAME text, built in either crate.
fn game(text: &str) -> Box<dyn grundy::dynamic::DynGame> {
    match grundy_retro::parse_game(text) {
        Some(g) => g.unwrap(),
        None => grundy::dynamic::parse_game(text).unwrap(),
    }
}

#[test]
fn every_move_has_one_name_that_reads_back_as_that_move() {
    use grundy::dynamic::MoveWord;
    for (text, position) in [
        ("tictactoe", "x.o......"),
        ("connect4:width=4,height=3", "22"),
        ("dodgem:3", "start"),
        ("chase:cycle=5", "0,2,1"),
        ("nim", "3,4,5"),
        ("subtraction:1,3,4", "10"),
        ("grundy", "9"),
        ("0.07", "5,3"),
        ("domineering", "...|#.."),
        ("clobber", "xo|ox"),
        ("toads", "T.F."),
    ] {
        let plain = game(text);
        let (g, p) = match plain.partizan() {
            Some(z) => {
                let p = plain.parse_position(position).unwrap();
                (z.played(), z.with_side(&p, grundy::partizan::Side::Left).unwrap())
            }
            None => (plain.as_ref(), plain.parse_position(position).unwrap()),
        };
        let options = g.options(&p, &grundy::Budget::default()).unwrap();
        assert!(!options.is_empty(), "{text}");
        let names: Vec<String> = options
            .iter()
            .map(|o| {
                g.name_move(&p, o)
                    .unwrap_or_else(|| panic!("{text}: no name for {o}"))
            })
            .collect();
        for (o, name) in options.iter().zip(&names) {
            assert_eq!(
                names.iter().filter(|n| *n == name).count(),
                1,
                "{text}: {names:?}"
            );
            match g.read_move(&p, name) {
                MoveWord::NotAWord => {} // read by its name alone
                MoveWord::Moves(found) => assert_eq!(found, std::slice::from_ref(o), "{text}: {name}"),
                MoveWord::Wrong(why) => panic!("{text}: {name}: {why}"),
            }
        }
    }
}
