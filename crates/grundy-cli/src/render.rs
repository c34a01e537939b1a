//! Text output. The JSON objects are the reports' own (`grundy_api`), shared
//! with the Python package and the web page.

use std::fmt::Write;

use grundy::dynamic::{DynGame, DynPosition, HeapValue, MoveInfo, NoRemoteness};
use grundy_api::{PartizanValue, SolveReport};

pub use grundy_api::inline;

/// Entries of a long list that text output prints (winning moves, rows of a move
/// table); `--all` prints every one. JSON is always complete.
pub const LIST_LIMIT: usize = 20;

/// Characters of a position that text output prints on one line; `--all` prints it whole.
pub const TEXT_LIMIT: usize = 80;

/// What text output does with long lists and long positions: cut them (the
/// default, with a line that says how much was left out), or print `all`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cut {
    /// Print every entry and every position whole (`--all`).
    pub all: bool,
}

impl Cut {
    /// A position's one-line text, cut after [`TEXT_LIMIT`] characters with `…`
    /// and its length (a board drawn on several lines is left alone).
    pub fn text(self, text: String) -> String {
        let n = text.chars().count();
        if self.all || n <= TEXT_LIMIT || text.contains('\n') {
            return text;
        }
        let head: String = text.chars().take(TEXT_LIMIT).collect();
        format!("{head}… ({n} characters)")
    }

    /// How many of `n` entries to print.
    pub fn shown(self, n: usize) -> usize {
        if self.all {
            n
        } else {
            n.min(LIST_LIMIT)
        }
    }

    /// The line that says what was left out of a list of `n`, if anything.
    pub fn more(self, n: usize) -> Option<String> {
        let left = n - self.shown(n);
        (left > 0).then(|| format!("… and {left} more (--all to list every one)"))
    }
}

/// The text after `remoteness:` for a missing remoteness: the reason the solver
/// gave (every `None` comes with one; "too many positions" if a game forgot).
fn missing_remoteness(note: Option<NoRemoteness>) -> &'static str {
    note.unwrap_or(NoRemoteness::TooLarge).describe()
}

/// `n` and a noun, singular for 1: `count(1, "move")` is "1 move", `count(3, "move")`
/// "3 moves". Nouns whose plural is not `+s` are written in full by [`count_of`].
pub fn count(n: impl Into<u64>, noun: &str) -> String {
    count_of(n, noun, &format!("{noun}s"))
}

/// `n` and the singular or plural given: `count_of(1, "loss", "losses")`.
pub fn count_of(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

/// `text` padded with spaces to `width` characters (left-aligned), however wide.
/// The standard library's `{:<w$}` panics for a width past 65,535 ("Formatting
/// argument out of range"), which a move's name or a position can pass: widths
/// computed at run time go through here.
pub fn pad(text: &str, width: usize) -> String {
    let n = text.chars().count();
    let mut s = String::with_capacity(text.len() + width.saturating_sub(n));
    s.push_str(text);
    s.extend(std::iter::repeat_n(' ', width.saturating_sub(n)));
    s
}

/// A position in text output: [`inline`], and `(empty)` for the position with
/// nothing left (no heaps, an empty string), which would otherwise print as blank.
pub fn in_text(game: &dyn DynGame, p: &DynPosition) -> String {
    let shown = inline(game, p);
    if shown.is_empty() {
        "(empty)".to_string()
    } else {
        shown
    }
}

/// The `position:` line, with a board drawn below it when the game draws one.
pub fn position_line(s: &mut String, game: &dyn DynGame, p: &DynPosition) {
    let _ = writeln!(s, "position:      {}", in_text(game, p));
    board_lines(s, game, p, "               ");
}

/// The board of `p` (see [`crate::board::drawing`]), each line after `indent`.
pub fn board_lines(s: &mut String, game: &dyn DynGame, p: &DynPosition, indent: &str) {
    for line in crate::board::drawing(game, p).unwrap_or_default() {
        let _ = writeln!(s, "{indent}{line}");
    }
}

/// The value line of a partizan position whose canonical form was not computed.
const NO_VALUE: &str = "not computed (too large for its canonical form within the budget)";

/// The value line of a loopy position whose value was not computed.
const NO_LOOPY_VALUE: &str =
    "not computed (a loopy value, not found within a short work limit: `grundy value` spends the budget)";

/// `solve`: one line per fact (for a partizan game also who moves, the winner by
/// side and the value).
pub fn analysis_text(game: &dyn DynGame, report: &SolveReport, cut: Cut) -> String {
    let (p, a) = (&report.position, &report.analysis);
    let partizan: Option<&PartizanValue> = report.partizan.as_ref();
    let mut s = String::new();
    let _ = writeln!(s, "game:          {}", game.name());
    position_line(&mut s, game, p);
    if let Some(v) = partizan {
        let _ = writeln!(s, "to move:       {}", v.to_move);
    }
    let _ = writeln!(s, "outcome:       {} for the player to move", a.outcome);
    match partizan {
        Some(v) => {
            let _ = writeln!(s, "winner:        {}", v.winner(a.outcome));
            // Out of reach (the outcome search answered, or the value ran over
            // the budget): said so, and the class is from play with each side first.
            let value = v
                .canonical
                .as_deref()
                .unwrap_or(if v.loopy { NO_LOOPY_VALUE } else { NO_VALUE });
            if v.misere {
                // The winner above is misère play's; the canonical form and
                // outcome class are normal play's, and are said to be.
                let _ = writeln!(s, "value:         {value} (under normal play, not misère)");
                let _ = writeln!(
                    s,
                    "outcome class: {} (under normal play, not misère)",
                    v.outcome_class
                );
            } else {
                let _ = writeln!(s, "value:         {value}");
                let _ = writeln!(s, "outcome class: {}", v.outcome_class);
            }
        }
        None => {
            let _ = writeln!(s, "winner:        {}", a.outcome.winner());
        }
    }
    if let Some(n) = a.nimber {
        let _ = writeln!(s, "nim-value:     {n}");
    }
    match a.remoteness {
        // A draw with a remoteness is a tie: the rules end the game drawn.
        Some(r) if a.outcome == grundy::Outcome::Draw => {
            let _ = writeln!(s, "remoteness:    {r} (a tie: the game ends drawn by its rules)");
        }
        Some(r) => {
            let _ = writeln!(s, "remoteness:    {r}");
        }
        None => {
            let _ = writeln!(s, "remoteness:    {}", missing_remoteness(a.remoteness_note));
        }
    }
    let shown = cut.shown(a.winning_moves.len());
    let mut moves: Vec<String> = a.winning_moves[..shown]
        .iter()
        .map(|m| cut.text(in_text(game, m)))
        .collect();
    moves.extend(cut.more(a.winning_moves.len()));
    let listed = match (&a.winning_moves_note, moves.is_empty()) {
        (None, true) => "none".to_string(),
        (None, false) => moves.join("  "),
        (Some(note), true) => format!("not listed for heaps this large ({note})"),
        (Some(note), false) => format!("{} (not all listed: {note})", moves.join("  ")),
    };
    let _ = writeln!(s, "winning moves: {listed}");
    let _ = writeln!(s, "method:        {}", a.method);
    s
}

/// `moves`: a table, winning moves marked.
pub fn moves_text(
    game: &dyn DynGame,
    p: &DynPosition,
    all_moves: &[MoveInfo],
    all_names: &[Option<String>],
    cut: Cut,
) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{} from {}",
        count(all_moves.len() as u64, "move"),
        cut.text(inline(game, p))
    );
    board_lines(&mut s, game, p, "  ");
    if all_moves.is_empty() {
        return s;
    }
    let moves = &all_moves[..cut.shown(all_moves.len())];
    // Each move in the game's own words (a column, a cell, `take 3`), as `play`
    // reads them, when the game names its moves.
    // A name as long as a position (Grundy's game splits a heap into many piles)
    // is cut like one.
    let names: Vec<Option<String>> = all_names[..moves.len()]
        .iter()
        .map(|n| n.as_ref().map(|n| cut.text(n.clone())))
        .collect();
    let width = names.iter().flatten().map(|n| n.chars().count()).max();
    let name_cell = |name: &Option<String>| match width {
        Some(w) => format!("{} ", pad(name.as_deref().unwrap_or("-"), w.max(4))),
        None => String::new(),
    };
    let _ = writeln!(
        s,
        "{}{:<24} {:<8} {:<10} {:<10}",
        name_cell(&Some("move".into())),
        if width.is_some() { "to" } else { "move to" },
        "outcome",
        "nim-value",
        "remoteness"
    );
    for (m, name) in moves.iter().zip(&names) {
        let _ = writeln!(
            s,
            "{}{:<24} {:<8} {:<10} {:<10}{}",
            name_cell(name),
            cut.text(in_text(game, &m.position)),
            m.outcome.as_str(),
            m.nimber.map_or("-".into(), |n| n.to_string()),
            match (m.remoteness, m.remoteness_note) {
                (Some(n), _) => n.to_string(),
                (None, Some(NoRemoteness::NoEnd)) => "-".into(),
                (None, _) => "?".into(),
            },
            if m.outcome == grundy::Outcome::Lose {
                "  <- wins"
            } else {
                ""
            }
        );
    }
    if let Some(more) = cut.more(all_moves.len()) {
        let _ = writeln!(s, "{more}");
    }
    // Each `?` and `-` of the remoteness column says why, in a footnote: one per
    // reason, in the order the reasons first appear.
    let mut reasons: Vec<NoRemoteness> = Vec::new();
    for m in moves.iter().filter(|m| m.remoteness.is_none()) {
        let why = m.remoteness_note.unwrap_or(NoRemoteness::TooLarge);
        if !reasons.contains(&why) {
            reasons.push(why);
        }
    }
    for why in reasons {
        let _ = match why {
            NoRemoteness::NoEnd => writeln!(s, "-: no remoteness: {}", why.describe()),
            _ => writeln!(s, "?: remoteness {}", why.describe()),
        };
    }
    s
}

/// `values --format text`.
pub fn values_text(values: &[HeapValue]) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "{:<12} {:<8} nim-value", "heap", "outcome");
    for v in values {
        let _ = writeln!(s, "{:<12} {:<8} {}", v.heap, v.outcome.as_str(), v.nimber);
    }
    s
}

/// `values --format csv`.
pub fn values_csv(values: &[HeapValue]) -> String {
    let mut s = String::from("heap,outcome,nimber\n");
    for v in values {
        let _ = writeln!(s, "{},{},{}", v.heap, v.outcome.as_str(), v.nimber);
    }
    s
}

/// A report's JSON object on one line, as every `--json` prints it.
pub fn json_line(v: &serde_json::Value) -> String {
    format!("{v}\n")
}
