//! The bodies of the fuzz targets, one function per target, each taking the raw
//! input. Shared by the `cargo fuzz` targets (`fuzz/fuzz_targets/*.rs`) and by the
//! stable replay test of the corpora (`crates/grundy-cli/tests/fuzz_corpora.rs`),
//! which include this file with `#[path]`. A target passes when it returns: every
//! malformed input must be an `Err`, never a panic, an overflow or a hang.
#![allow(dead_code)]

use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::time::Duration;

use grundy::dynamic::{DynGame, DynPosition};
use grundy::Play;

/// The checkpoint reader of `grundy values --resume`.
use grundy_files::bfile;

/// One fuzz target's body.
pub type Target = fn(&[u8]);

/// The target names, as the directories of `fuzz/corpus/` are named.
pub const TARGETS: &[(&str, Target)] = &[
    ("game_text", game_text),
    ("position", position),
    ("toml_file", toml_file),
    ("luau_script", luau_script),
    ("table_file", table_file),
    ("checkpoint", checkpoint),
    ("calc", calc),
];

fn text(data: &[u8]) -> Option<&str> {
    std::str::from_utf8(data).ok()
}

fn numbers(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !c.is_ascii_digit())
        .filter(|n| !n.is_empty())
}

/// Small work only: a short text whose numbers are all small (at most 12, their
/// product at most 16), so that solving the position takes milliseconds. The fuzzer
/// looks for crashes, not slow inputs: `cutcake 5,5` searches 2·10^6 positions, and
/// `toads T.T..FFT.T..FF...FF` takes seconds.
fn small(text: &str, max_len: usize) -> bool {
    let mut product = 1u32;
    text.len() <= max_len
        && numbers(text).all(|n| {
            n.parse::<u32>().is_ok_and(|n| {
                product = product.saturating_mul(n.max(1));
                n <= 12 && product <= 16
            })
        })
}

/// Numbers of 5 to 7 digits are skipped: a heap game checks a heap by computing its
/// nim-sequence that far, which takes minutes for some rules (`split` at 3·10^6).
/// Larger numbers are kept: they must be refused at once.
fn slow_numbers(text: &str) -> bool {
    numbers(text).any(|n| (5..=7).contains(&n.trim_start_matches('0').len()))
}

/// Solve a position the way `grundy solve` does, when it is small.
fn solve_small(game: &dyn DynGame, p: &DynPosition) {
    if !small(&p.to_string(), 12) {
        return;
    }
    let _ = game.show(p);
    let _ = game.board(p);
    for play in [Play::Normal, Play::Misere] {
        let _ = game.outcome(p, play, &grundy::Budget::default());
        if let Ok(a) = game.analyze(p, play, &grundy::Budget::default()) {
            let _ = format!("{a:?}");
        }
    }
}

/// Target 1: GAME texts, read by the catalogue (`grundy solve GAME ...`).
pub fn game_text(data: &[u8]) {
    let Some(t) = text(data) else { return };
    match grundy_rules::catalogue().parse(t) {
        Ok(game) => {
            let _ = game.name();
            let _ = game.start();
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }
}

thread_local! {
    /// Every family's example game, parsed once.
    static EXAMPLES: RefCell<Vec<Box<dyn DynGame>>> = RefCell::new(
        grundy_rules::catalogue()
            .families()
            .filter_map(|f| f.example)
            .map(|(game, _)| grundy_rules::catalogue().parse(game).expect("the examples parse"))
            .collect(),
    );
}

/// Target 2: POSITION texts of every family: the first byte picks the family's
/// example game, the rest is the position.
pub fn position(data: &[u8]) {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Some(t) = text(rest) else { return };
    if slow_numbers(t) {
        return;
    }
    EXAMPLES.with(|games| {
        let games = games.borrow();
        let game = &games[pick as usize % games.len()];
        match game.parse_position(t) {
            Ok(p) => {
                if small(t, 12) {
                    let _ = game.check(&p);
                    let _ = game.options(&p, &grundy::Budget::default());
                    solve_small(game.as_ref(), &p);
                }
            }
            Err(e) => {
                let _ = e.to_string();
            }
        }
    });
}

/// Target 3: TOML game files, read from text as `grundy_rules::load` reads a file.
pub fn toml_file(data: &[u8]) {
    let Some(t) = text(data) else { return };
    if slow_numbers(t) {
        return;
    }
    match grundy_rules::game_from_toml("fuzz.toml", t) {
        Ok(game) => {
            if let Some(p) = game.start() {
                let _ = game.check(&p);
                solve_small(game.as_ref(), &p);
            }
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }
}

/// Target 4: Luau rule scripts in the sandbox, with small limits.
pub fn luau_script(data: &[u8]) {
    let Some(t) = text(data) else { return };
    let limits = grundy_rules::Limits {
        memory: 4 << 20,
        timeout: Duration::from_millis(50),
    };
    match grundy_rules::game_from_luau("fuzz.luau", t, limits) {
        Ok(game) => {
            if let Some(p) = game.start() {
                let _ = game.check(&p);
                let _ = game.show(&p);
                let _ = game.options(&p, &grundy::Budget::default());
            }
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }
}

/// Target 5: table files (`grundy solve --db FILE`). To get past the checksum, the
/// input is a compact file: its first 300 bytes are the start of the 4096-byte
/// header (zero-padded), the rest the data; the checksum field is then filled in.
pub fn table_file(data: &[u8]) {
    use grundy_retro::table::{Fnv, HEADER_SIZE};
    const HEAD: usize = 300;
    let (head, body) = data.split_at(data.len().min(HEAD));
    let mut file = head.to_vec();
    file.resize(HEADER_SIZE, 0);
    file.extend_from_slice(body);
    let mut h = Fnv::new();
    h.update(&file[..32]);
    h.update(&[0u8; 8]);
    h.update(&file[40..]);
    let sum = h.finish().to_le_bytes();
    file[32..40].copy_from_slice(&sum);
    let path = Path::new("fuzz.table");
    match grundy_retro::db_from_bytes(&file, path) {
        Ok(game) => {
            let _ = game.name();
            if let Some(p) = game.start() {
                let _ = game.check(&p);
                if let Ok(options) = game.options(&p, &grundy::Budget::default()) {
                    for o in options.iter().take(4) {
                        let _ = game.outcome(o, Play::Normal, &grundy::Budget::default());
                    }
                }
                let _ = game.analyze(&p, Play::Normal, &grundy::Budget::default());
            }
            for t in ["start", "0", "1,2", "x"] {
                if let Ok(p) = game.parse_position(t) {
                    let _ = game.analyze(&p, Play::Normal, &grundy::Budget::default());
                }
            }
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }
}

/// The scratch directory of this process, for the checkpoint target's files.
pub fn scratch() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-fuzz-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    dir
}

/// Target 6: `grundy values --resume` checkpoints. The input is the checkpoint text,
/// a NUL byte, then the bytes of the part file. The harness fills in the checksum
/// (of the part file's first `bytes=` bytes) so the reader gets past it, and resumes
/// with the game, first heap and width the checkpoint names.
pub fn checkpoint(data: &[u8]) {
    let split = data.iter().position(|&b| b == 0).unwrap_or(data.len());
    let Some(ck) = text(&data[..split]) else { return };
    let part = data.get(split + 1..).unwrap_or(&[]);
    let field = |key: &str| {
        ck.lines()
            .find_map(|l| l.strip_prefix(key)?.strip_prefix('='))
            .unwrap_or("")
    };
    let bytes: usize = field("bytes").parse().unwrap_or(usize::MAX).min(part.len());
    let mut h = grundy_files::Fnv::new();
    h.update(&part[..bytes]);
    let sum = format!("sum={:016x}", h.finish());
    let ck: String = ck
        .lines()
        .map(|l| if l.starts_with("sum=") { sum.as_str() } else { l })
        .collect::<Vec<_>>()
        .join("\n");
    let game = field_of(&ck, "game").to_string();
    let first = field_of(&ck, "first").parse().unwrap_or(0);
    let width = field_of(&ck, "width").parse().unwrap_or(16);
    let ext = if field_of(&ck, "format") == "bin" {
        "bin"
    } else {
        "txt"
    };
    let file = scratch().join(format!("values.{ext}"));
    let paths = bfile::Paths::new(&file);
    let _ = std::fs::remove_file(&paths.done);
    if std::fs::write(&paths.ckpt, ck).is_err() || std::fs::write(&paths.part, part).is_err() {
        return;
    }
    let mut values = 0u32;
    let resumed = bfile::SeqWriter::resume(&file, &game, first, width, |_, _| {
        values += 1;
        Ok::<(), bfile::BfileError>(())
    });
    match resumed {
        Ok(mut w) => {
            let _ = w.count();
            let _ = w.push(1);
            let _ = w.checkpoint();
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }
}

fn field_of<'a>(text: &'a str, key: &str) -> &'a str {
    text.lines()
        .find_map(|l| l.strip_prefix(key)?.strip_prefix('='))
        .unwrap_or("")
}

/// Target 7: expressions of `grundy calc`, with a resolver that knows no game.
pub fn calc(data: &[u8]) {
    let Some(t) = text(data) else { return };
    // Canonical forms are explicit, so sums of games with large nimbers take
    // billions of steps by nature: the universe's work limit stops them (as
    // `grundy calc --max-work` does), with a small limit here.
    if t.len() > 400 {
        return;
    }
    let mut u = grundy_cgt::Universe::new();
    // 2·10^5 steps: a second or so in the instrumented build (2·10^6 took over
    // the 10 s timeout, as `heat(^*2±4^6046+^6042,2)` showed).
    u.set_work_limit(Some(200_000));
    let mut none = |name: &str, _: &str, _: &mut grundy_cgt::Universe| Err(format!("no game {name}"));
    match grundy_cgt::calc::evaluate(t, &mut u, &mut none) {
        Ok(v) => {
            let _ = format!("{v:?}");
            // The command prints the value only when its text is short enough.
            if let grundy_cgt::calc::CalcValue::Game(g) = v {
                let _ = u.display_within(g, false, 1_000_000);
            }
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }
}
