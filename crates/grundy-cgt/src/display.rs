//! CGSuite's notation for canonical forms.
//!
//! Number-up-stars print as `1/2^*3`, `vv`, `*2`; numeric switches {a|b} as `m±d`;
//! everything else as `{L|R}`, where a side whose only option is not a number-up-star
//! (a switch included) is written without that option's braces and the separator grows a slash:
//! {0|{0|-1}} is `{0||0|-1}`. The separator with the most slashes is the outermost.

use rustc_hash::FxHashMap;

use crate::canonical::Nus;
use crate::{Dyadic, GameId, Universe};

/// The length in bytes of [`display`]'s text, without building it: a canonical form
/// whose options share subgames is small, but its text repeats each shared part
/// wherever it occurs and can be exponentially long (`heat(*22, 1)`).
pub(crate) fn display_len(u: &Universe, g: GameId, unicode: bool) -> u64 {
    let mut lengths = Lengths::default();
    lengths.display(u, g, unicode)
}

/// The deepest nesting [`display_len`] measures: building the text recurses once
/// a level, so a deeper form (a long chain of ups, heated) would overflow the stack
/// there; its length counts as unbounded.
const MAX_NESTING: u32 = 1000;

#[derive(Default)]
struct Lengths {
    display: FxHashMap<GameId, u64>,
    inner: FxHashMap<GameId, (u64, usize)>,
    /// Nesting of the `inner` calls under way.
    level: u32,
}

impl Lengths {
    fn display(&mut self, u: &Universe, g: GameId, unicode: bool) -> u64 {
        if let Some(&n) = self.display.get(&g) {
            return n;
        }
        let n = match atom(u, g, unicode) {
            Some(s) => s.len() as u64,
            None => self.inner(u, g, unicode).0.saturating_add(2),
        };
        self.display.insert(g, n);
        n
    }

    fn inner(&mut self, u: &Universe, g: GameId, unicode: bool) -> (u64, usize) {
        if let Some(&n) = self.inner.get(&g) {
            return n;
        }
        if self.level >= MAX_NESTING {
            return (u64::MAX, 0);
        }
        self.level += 1;
        let (ls, ll) = self.side(u, u.left_options(g), unicode);
        let (rs, rl) = self.side(u, u.right_options(g), unicode);
        self.level -= 1;
        let k = 1 + ll.max(rl);
        let n = (ls.saturating_add(rs).saturating_add(k as u64), k);
        self.inner.insert(g, n);
        n
    }

    fn side(&mut self, u: &Universe, opts: &[GameId], unicode: bool) -> (u64, usize) {
        if let [o] = opts {
            if u.nus_of(*o).is_none() {
                return self.inner(u, *o, unicode);
            }
        }
        let texts = opts
            .iter()
            .fold(0u64, |n, &o| n.saturating_add(self.display(u, o, unicode)));
        (texts.saturating_add(opts.len().saturating_sub(1) as u64), 0)
    }
}

pub(crate) fn display(u: &Universe, g: GameId, unicode: bool) -> String {
    match atom(u, g, unicode) {
        Some(s) => s,
        None => format!("{{{}}}", inner(u, g, unicode).0),
    }
}

/// The text of g when it has a name of its own (no braces needed).
fn atom(u: &Universe, g: GameId, unicode: bool) -> Option<String> {
    if let Some(v) = u.nus_of(g) {
        return Some(nus_text(v, unicode));
    }
    let (l, r) = (u.left_options(g), u.right_options(g));
    if let ([a], [b]) = (l, r) {
        if let (Some(a), Some(b)) = (u.as_number(*a), u.as_number(*b)) {
            // A canonical {a|b} of numbers that is not a number has a > b.
            // Centre and radius have one more bit than a and b: beyond Dyadic's
            // precision, the form is written {a|b} instead (which reads back).
            let mean = a.checked_add(b)?.checked_half()?;
            let radius = a.checked_sub(b)?.checked_half()?;
            return Some(if mean == Dyadic::ZERO {
                format!("±{radius}")
            } else {
                format!("{mean}±{radius}")
            });
        }
    }
    None
}

/// The braces' contents of a general game and the slash count of its separator.
fn inner(u: &Universe, g: GameId, unicode: bool) -> (String, usize) {
    let (ls, ll) = side(u, u.left_options(g), unicode);
    let (rs, rl) = side(u, u.right_options(g), unicode);
    let k = 1 + ll.max(rl);
    (format!("{ls}{}{rs}", "|".repeat(k)), k)
}

fn side(u: &Universe, opts: &[GameId], unicode: bool) -> (String, usize) {
    if let [o] = opts {
        // A sole option that is not a number-up-star (switches included) nests.
        if u.nus_of(*o).is_none() {
            return inner(u, *o, unicode);
        }
    }
    // Ids depend on construction order, so order by value where it is cheap to
    // (number-up-stars first, by number, ups, star) and by text otherwise.
    type Keyed = (Option<(Dyadic, i64, u64)>, String);
    let mut keyed: Vec<Keyed> = opts
        .iter()
        .map(|&o| (u.nus_of(o).map(|v| (v.x, v.ups, v.star)), display(u, o, unicode)))
        .collect();
    keyed.sort_by(|a, b| match (&a.0, &b.0) {
        (Some(x), Some(y)) => x.cmp(y),
        (Some(_), None) => std::cmp::Ordering::Less,
        (None, Some(_)) => std::cmp::Ordering::Greater,
        (None, None) => a.1.len().cmp(&b.1.len()).then_with(|| a.1.cmp(&b.1)),
    });
    let texts: Vec<String> = keyed.into_iter().map(|k| k.1).collect();
    (texts.join(","), 0)
}

pub(crate) fn nus_text(v: Nus, unicode: bool) -> String {
    let mut s = String::new();
    if v.x != Dyadic::ZERO || (v.ups == 0 && v.star == 0) {
        s.push_str(&v.x.to_string());
    }
    let (up, up2, down, down2) = if unicode {
        ("↑", "⇑", "↓", "⇓")
    } else {
        ("^", "^^", "v", "vv")
    };
    match v.ups {
        0 => {}
        1 => s.push_str(up),
        2 => s.push_str(up2),
        -1 => s.push_str(down),
        -2 => s.push_str(down2),
        n if n > 0 => {
            s.push_str(up);
            s.push_str(&n.to_string());
        }
        n => {
            s.push_str(down);
            s.push_str(&(-n).to_string());
        }
    }
    match v.star {
        0 => {}
        1 => s.push('*'),
        m => {
            s.push('*');
            s.push_str(&m.to_string());
        }
    }
    s
}
