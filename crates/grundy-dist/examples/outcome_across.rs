//! Timing of Domineering's outcome search across workers and processes against
//! the one-thread search, one side of an empty board (docs/benchmarks.md):
//!
//! ```text
//! outcome_across ROWS COLS left|right one
//! outcome_across ROWS COLS left|right threads W
//! outcome_across ROWS COLS left|right process I HOSTS N
//! ```
//!
//! Prints the answer, the nodes (all workers') and the wall time (process 0).

use std::time::Instant;

use grundy::games::domineering_search::DomineeringSearch;
use grundy::partizan::{DistBoard, Side};
use grundy::Budget;
use grundy_dist::{solve_outcome, Cluster};

fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    let usage = "outcome_across ROWS COLS left|right (one | threads W | process I HOSTS N)";
    let (h, w): (usize, usize) = (a[0].parse().expect(usage), a[1].parse().expect(usage));
    let side = if a[2] == "left" { Side::Left } else { Side::Right };
    let budget = Budget {
        max_memory: 2 << 30,
        ..Budget::default()
    };
    let empty = (1u128 << (h * w)) - 1;
    let start = Instant::now();
    let (wins, winning, nodes) = match a[3].as_str() {
        "one" => {
            let mut s = DomineeringSearch::<u128>::new(h, w, &budget).expect("a board of at most 128 cells");
            s.threads = 1;
            let solved = s.solve(empty, side).expect("within the budget");
            (solved.wins, solved.winning_move, s.stats().nodes)
        }
        mode => {
            let cluster = match mode {
                "threads" => Cluster::Threads(a[4].parse().expect(usage)),
                _ => {
                    let n: usize = a[6].parse().expect(usage);
                    Cluster::Processes {
                        workers: 1,
                        processes: n,
                        process: a[4].parse().expect(usage),
                        hosts: grundy_dist::read_hosts(std::path::Path::new(&a[5]), n).expect("a hosts file"),
                        connect_timeout: std::time::Duration::from_secs(60),
                    }
                }
            };
            let board = DistBoard {
                rows: h,
                cols: w,
                empty,
            };
            match solve_outcome(board, side, &cluster, &budget).expect("within the budget") {
                Some(s) => (s.wins, s.winning_move, s.nodes),
                None => return,
            }
        }
    };
    println!(
        "{h}x{w} {side:?} first: wins {wins}, move {:?}, {nodes} nodes, {:.2} s",
        winning.map(|m| format!("{:x}", empty & !m)),
        start.elapsed().as_secs_f64()
    );
}
