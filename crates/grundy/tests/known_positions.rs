//! Known answers, as data: `tests/data/known_positions.txt` holds one case per line,
//! `GAME | POSITION | play | outcome | nim-value (or -)`, checked through the same
//! dynamic seam the command line uses.

use grundy::dynamic::parse_game;
use grundy::Play;

#[test]
fn known_positions() {
    let data = include_str!("data/known_positions.txt");
    let mut checked = 0;
    for (i, line) in data.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let f: Vec<&str> = line.split('|').map(str::trim).collect();
        assert_eq!(f.len(), 5, "line {}: five fields", i + 1);
        let game = parse_game(f[0]).unwrap_or_else(|e| panic!("line {}: {e}", i + 1));
        let p = game
            .parse_position(f[1])
            .unwrap_or_else(|e| panic!("line {}: {e}", i + 1));
        let play = if f[2] == "misere" {
            Play::Misere
        } else {
            Play::Normal
        };
        let a = game
            .analyze(&p, play, &grundy::Budget::default())
            .unwrap_or_else(|e| panic!("line {}: {e}", i + 1));
        assert_eq!(a.outcome.as_str(), f[3], "line {}: {line}", i + 1);
        if f[4] != "-" {
            assert_eq!(a.nimber, Some(f[4].parse().unwrap()), "line {}: {line}", i + 1);
        }
        checked += 1;
    }
    assert!(checked >= 20);
}
