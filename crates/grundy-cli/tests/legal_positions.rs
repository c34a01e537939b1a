//! Positions that are never reached in play are refused with the reason, exit 2.

use crate::common;

use common::{fails_with, ok};

#[test]
fn tic_tac_toe_boards_must_be_reachable() {
    fails_with(&["solve", "tictactoe", "xxxooo..."], "both x and o have a line");
    fails_with(&["solve", "tictactoe", "xxxxo.o.."], "x and");
    fails_with(&["solve", "tictactoe", "oooxx.xx."], "o is to move");
    ok(&["solve", "tictactoe", "ooo.xx.x."]);
    fails_with(&["solve", "tictactoe", "oo......."], "x moves first");
    ok(&["solve", "tictactoe", "xxxoo...."]);
}

#[test]
fn connect_four_moves_follow_gravity_and_stop_at_a_win() {
    fails_with(
        &["solve", "connect4:width=4,height=4", "11111"],
        "column 1 is full",
    );
    fails_with(
        &["solve", "connect4:width=4,height=4", "12121212"],
        "the game is over before move 8",
    );
    fails_with(
        &["solve", "connect4:width=4,height=4", "5"],
        "not a column 1 to 4",
    );
}

#[test]
fn digit_game_numbers_must_be_reachable_from_the_start() {
    // From 1999, 2000 takes four turns (three 9s wrap, the 1 becomes 2).
    ok(&["solve", "digits:turns=5", "2000,4,1999"]);
    fails_with(&["solve", "digits:turns=5", "2000,1,1999"], "takes 4 turns");
    fails_with(
        &["solve", "digits:turns=5", "1236,1,1234"],
        "not reached from 1234 in 1 turns",
    );
    ok(&["solve", "digits:turns=5", "1235,1,1234"]);
    // Ten more turns on one digit come back to the same number.
    ok(&["solve", "digits:turns=12", "1235,11,1234"]);
    fails_with(&["solve", "digits:turns=12", "1235,6,1234"], "takes 1 turns");
}

#[test]
fn dodgem_has_at_most_n_minus_one_cars_each() {
    fails_with(&["solve", "dodgem:3", "bbb/.../...:b"], "at most 2 cars");
    fails_with(&["solve", "dodgem:3", "b../b../.rr:x"], "side to move");
}

#[test]
fn chase_cop_and_robber_share_a_vertex_only_after_a_capture() {
    fails_with(
        &["solve", "chase:cycle=5", "2,2,0"],
        "both on vertex 2 with the cop to move",
    );
    fails_with(&["moves", "chase:path=4", "3,3,0"], "both on vertex 3");
    // After the capture the robber is to move: the game is over, and that is legal.
    ok(&["solve", "chase:cycle=5", "2,2,1"]);
    ok(&["solve", "chase:path=4", "0,3,0"]);
    // One vertex leaves the robber nowhere to start.
    fails_with(
        &["solve", "chase:path=1", "start"],
        "a path needs 2 to 10000 vertices",
    );
}
