//! CGSuite's notation for canonical forms.
//!
//! Number-up-stars print as `1/2^*3`, `vv`, `*2`; numeric switches {a|b} as `m±d`;
//! the switches {G^L | -G^L} as `±G` (`±{a,b}` for several options); the uptimals
//! ↑^n and ↑^→n (with a number, and their negatives) as `^<n>` and `^[n]`;
//! {x || x | x - s} as `xTiny(s)` and its negative `-xMiny(s)` where s is a
//! number-up-star or a numeric switch; everything else as `{L|R}`, where a side whose only option is not a number-up-star
//! (a switch included) is written without that option's braces and the separator grows a slash:
//! {0|{0|-1}} is `{0||0|-1}`. The separator with the most slashes is the outermost.

use rustc_hash::FxHashMap;

use crate::canonical::Nus;
use crate::{Dyadic, GameId, Universe};

/// The length in bytes of [`display`]'s text, without building it: a canonical form
/// whose options share subgames is small, but its text repeats each shared part
/// wherever it occurs and can be exponentially long (`heat(*22, 1)`).
pub(crate) fn display_len(u: &Universe, g: GameId, unicode: bool) -> u64 {
    let mut lengths = Lengths {
        names: Names::new(u, unicode),
        display: FxHashMap::default(),
        inner: FxHashMap::default(),
        level: 0,
    };
    lengths.display(g)
}

/// The deepest nesting [`display_len`] measures: building the text recurses once
/// a level, so a deeper form (a long chain of ups, heated) would overflow the stack
/// there; its length counts as unbounded.
const MAX_NESTING: u32 = 1000;

struct Lengths<'u> {
    names: Names<'u>,
    display: FxHashMap<GameId, u64>,
    inner: FxHashMap<GameId, (u64, usize)>,
    /// Nesting of the `inner` calls under way.
    level: u32,
}

impl Lengths<'_> {
    fn display(&mut self, g: GameId) -> u64 {
        if let Some(&n) = self.display.get(&g) {
            return n;
        }
        let n = match self.names.named(g) {
            Some(Named::Text(s)) => s.len() as u64,
            Some(Named::Miny(s)) => {
                if self.level >= MAX_NESTING {
                    return u64::MAX;
                }
                self.level += 1;
                let n = self.display(s).saturating_add("Miny()".len() as u64);
                self.level -= 1;
                n
            }
            Some(Named::Switch(opts)) => {
                if self.level >= MAX_NESTING {
                    return u64::MAX;
                }
                self.level += 1;
                let mut n = "±".len() as u64;
                if let [o] = opts[..] {
                    n = n.saturating_add(self.display(o));
                    if self.names.needs_parens(o) {
                        n = n.saturating_add(2);
                    }
                } else {
                    for &o in &opts {
                        n = n.saturating_add(self.display(o)).saturating_add(1);
                    }
                    n = n.saturating_add(1);
                }
                self.level -= 1;
                n
            }
            None => self.inner(g).0.saturating_add(2),
        };
        self.display.insert(g, n);
        n
    }

    fn inner(&mut self, g: GameId) -> (u64, usize) {
        if let Some(&n) = self.inner.get(&g) {
            return n;
        }
        if self.level >= MAX_NESTING {
            return (u64::MAX, 0);
        }
        self.level += 1;
        let u = self.names.u;
        let (ls, ll) = self.side(u.left_options(g));
        let (rs, rl) = self.side(u.right_options(g));
        self.level -= 1;
        let k = 1 + ll.max(rl);
        let n = (ls.saturating_add(rs).saturating_add(k as u64), k);
        self.inner.insert(g, n);
        n
    }

    fn side(&mut self, opts: &[GameId]) -> (u64, usize) {
        if let [o] = opts {
            if self.names.nests(*o) {
                return self.inner(*o);
            }
        }
        let mut texts = 0u64;
        for &o in opts {
            texts = texts.saturating_add(self.display(o));
        }
        (texts.saturating_add(opts.len().saturating_sub(1) as u64), 0)
    }
}

pub(crate) fn display(u: &Universe, g: GameId, unicode: bool) -> String {
    Writer {
        names: Names::new(u, unicode),
    }
    .display(g)
}

/// The braces' contents of `g` and their slashes, where `g`, the only option on
/// its side of a larger form, is written without its braces (`{0|-1/2}` inside
/// `{on||0|-1/2}`); `None` where it keeps a name of its own.
pub(crate) fn nested(u: &Universe, g: GameId, unicode: bool) -> Option<(String, usize)> {
    let mut w = Writer {
        names: Names::new(u, unicode),
    };
    w.names.nests(g).then(|| w.inner(g))
}

struct Writer<'u> {
    names: Names<'u>,
}

impl Writer<'_> {
    fn display(&mut self, g: GameId) -> String {
        match self.names.named(g) {
            Some(Named::Text(s)) => s,
            Some(Named::Miny(s)) => format!("Miny({})", self.display(s)),
            Some(Named::Switch(opts)) => {
                let texts: Vec<String> = opts
                    .iter()
                    .map(|&o| {
                        let t = self.display(o);
                        if opts.len() == 1 && self.names.needs_parens(o) {
                            format!("({t})")
                        } else {
                            t
                        }
                    })
                    .collect();
                if texts.len() == 1 {
                    format!("±{}", texts[0])
                } else {
                    format!("±{{{}}}", texts.join(","))
                }
            }
            None => format!("{{{}}}", self.inner(g).0),
        }
    }

    /// The braces' contents of a general game and the slash count of its separator.
    fn inner(&mut self, g: GameId) -> (String, usize) {
        let u = self.names.u;
        let (ls, ll) = self.side(u.left_options(g));
        let (rs, rl) = self.side(u.right_options(g));
        let k = 1 + ll.max(rl);
        (format!("{ls}{}{rs}", "|".repeat(k)), k)
    }

    fn side(&mut self, opts: &[GameId]) -> (String, usize) {
        if let [o] = opts {
            if self.names.nests(*o) {
                return self.inner(*o);
            }
        }
        let u = self.names.u;
        // Ids depend on construction order, so order by value where it is cheap to
        // (number-up-stars first, by number, ups, star) and by text otherwise.
        type Keyed = (Option<(Dyadic, i64, u64)>, String);
        let mut keyed: Vec<Keyed> = opts
            .iter()
            .map(|&o| (u.nus_of(o).map(|v| (v.x, v.ups, v.star)), self.display(o)))
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
}

/// What a game is written as when it has a name of its own (no braces needed).
enum Named {
    /// The whole text: a number-up-star, a numeric switch, an uptimal, a Tiny.
    Text(String),
    /// ±G, the switch {G^L | -G^L}, with G^L the options given.
    Switch(Vec<GameId>),
    /// Miny(s) = {s | 0 || 0} for a subscript s that has no shorter name.
    Miny(GameId),
}

/// Recognises the forms that have names, from the structure of the canonical form
/// alone (display reads the universe without changing it): canonical forms are
/// unique, so a structure matches exactly when the value does.
struct Names<'u> {
    u: &'u Universe,
    unicode: bool,
    /// Answers of [`Names::is_negative`], as the same pairs recur in shared parts.
    negatives: FxHashMap<(GameId, GameId), bool>,
    /// Left and right stops, read off the forms.
    stops: FxHashMap<GameId, (Dyadic, Dyadic)>,
}

impl<'u> Names<'u> {
    fn new(u: &'u Universe, unicode: bool) -> Names<'u> {
        Names {
            u,
            unicode,
            negatives: FxHashMap::default(),
            stops: FxHashMap::default(),
        }
    }

    fn named(&mut self, g: GameId) -> Option<Named> {
        let u = self.u;
        if let Some(v) = u.nus_of(g) {
            return Some(Named::Text(nus_text(v, self.unicode)));
        }
        if let Some(s) = numeric_switch(u, g) {
            return Some(Named::Text(s));
        }
        if let Some(s) = uptimal(u, g, self.unicode) {
            return Some(Named::Text(s));
        }
        if let Some(s) = tiny(u, g, self.unicode) {
            return Some(Named::Text(s));
        }
        let (l, r) = (u.left_options(g), u.right_options(g));
        if l.len() == r.len() && l.iter().all(|&a| r.iter().any(|&b| self.is_negative(a, b))) {
            return Some(Named::Switch(sorted_by_nus(u, l)));
        }
        self.miny(g).map(Named::Miny)
    }

    /// s when g = Miny(s) = {s | 0 || 0} and s's mean is positive (CGSuite's
    /// condition), which its right stop above 0 proves; `None` where the stops
    /// leave it open (the form is then written in braces, which is no less true).
    fn miny(&mut self, g: GameId) -> Option<GameId> {
        let u = self.u;
        let ([inner], [zero]) = (u.left_options(g), u.right_options(g)) else {
            return None;
        };
        if u.as_number(*zero) != Some(Dyadic::ZERO) {
            return None;
        }
        let ([s], [zero]) = (u.left_options(*inner), u.right_options(*inner)) else {
            return None;
        };
        if u.as_number(*zero) != Some(Dyadic::ZERO) || u.nus_of(*s).is_some() {
            return None;
        }
        (self.stops(*s).1 > Dyadic::ZERO).then_some(*s)
    }

    /// (left stop, right stop) of g's canonical form, where numbers stop play.
    fn stops(&mut self, g: GameId) -> (Dyadic, Dyadic) {
        if let Some(x) = self.u.as_number(g) {
            return (x, x);
        }
        if let Some(&s) = self.stops.get(&g) {
            return s;
        }
        let u = self.u;
        // A form that is not a number has options on both sides.
        let left = u
            .left_options(g)
            .iter()
            .map(|&o| self.stops(o).1)
            .max()
            .unwrap_or(Dyadic::ZERO);
        let right = u
            .right_options(g)
            .iter()
            .map(|&o| self.stops(o).0)
            .min()
            .unwrap_or(Dyadic::ZERO);
        self.stops.insert(g, (left, right));
        (left, right)
    }

    /// True when a side whose only option is `g` writes g's braces' contents with
    /// one more slash: every braced form but those with names CGSuite writes
    /// as atoms (the numeric switches keep this notation's nesting).
    fn nests(&mut self, g: GameId) -> bool {
        if self.u.nus_of(g).is_some() {
            return false;
        }
        !matches!(self.named(g), Some(Named::Switch(_) | Named::Miny(_)))
            && uptimal(self.u, g, self.unicode).is_none()
            && tiny(self.u, g, self.unicode).is_none()
    }

    /// True when `g`'s text after ± reads better in parentheses: it is more than
    /// one part (a number with ups or a star, a Tiny moved by a number, a switch).
    fn needs_parens(&mut self, g: GameId) -> bool {
        if let Some(v) = self.u.nus_of(g) {
            // Compact (as CGSuite has it): a number, a nimber, or ups alone.
            let parts = [v.x != Dyadic::ZERO, v.ups != 0, v.star != 0];
            return parts.iter().filter(|&&p| p).count() > 1;
        }
        match self.named(g) {
            Some(Named::Text(s)) => s.contains('±') || (s.contains("iny(") && !s.starts_with(['T', 'M'])),
            Some(Named::Switch(_)) => true,
            Some(Named::Miny(_)) => false,
            None => false,
        }
    }

    /// a = -b, read off the forms: the negative of a canonical form is canonical.
    fn is_negative(&mut self, a: GameId, b: GameId) -> bool {
        let u = self.u;
        match (u.nus_of(a), u.nus_of(b)) {
            (Some(x), Some(y)) => return x.x == -y.x && x.ups == -y.ups && x.star == y.star,
            (None, None) => {}
            _ => return false,
        }
        if let Some(&known) = self.negatives.get(&(a, b)) {
            return known;
        }
        let (al, ar, bl, br) = (
            u.left_options(a),
            u.right_options(a),
            u.left_options(b),
            u.right_options(b),
        );
        let answer = al.len() == br.len()
            && ar.len() == bl.len()
            && al.iter().all(|&x| br.iter().any(|&y| self.is_negative(x, y)))
            && ar.iter().all(|&x| bl.iter().any(|&y| self.is_negative(x, y)));
        self.negatives.insert((a, b), answer);
        answer
    }
}

/// The options in the order [`Writer::side`] writes them (number-up-stars by value first).
fn sorted_by_nus(u: &Universe, opts: &[GameId]) -> Vec<GameId> {
    let mut v = opts.to_vec();
    v.sort_by_key(|&o| {
        (
            u.nus_of(o).is_none(),
            u.nus_of(o).map(|n| (n.x, n.ups, n.star)),
            o,
        )
    });
    v
}

/// A canonical {a|b} of numbers that is not a number (so a > b), as centre ± radius.
fn numeric_switch(u: &Universe, g: GameId) -> Option<String> {
    let ([a], [b]) = (u.left_options(g), u.right_options(g)) else {
        return None;
    };
    let (a, b) = (u.as_number(*a)?, u.as_number(*b)?);
    switch_text(a, b)
}

/// {a|b} for numbers a > b as `m±r`. Centre and radius have one more bit than a
/// and b: beyond Dyadic's precision, `None` (the form is written {a|b}, which reads back).
fn switch_text(a: Dyadic, b: Dyadic) -> Option<String> {
    let mean = a.checked_add(b)?.checked_half()?;
    let radius = a.checked_sub(b)?.checked_half()?;
    Some(if mean == Dyadic::ZERO {
        format!("±{radius}")
    } else {
        format!("{mean}±{radius}")
    })
}

/// x + ↑^→n (`x^[n]`) or, with `sign` -1, x + ↓^→n, n >= 2: the chain
/// {x + ↑^→(n-1) | x*} down to x↑. Returns (x, n).
fn arrow_sum(u: &Universe, g: GameId, sign: i64) -> Option<(Dyadic, u32)> {
    let (mut cur, mut n, mut x) = (g, 0u32, None);
    loop {
        if let Some(v) = u.nus_of(cur) {
            let fits = v.ups == sign && v.star == 0 && x.is_none_or(|x| x == v.x);
            return (fits && n >= 1).then(|| (v.x, n + 1));
        }
        let (l, r) = (u.left_options(cur), u.right_options(cur));
        let (rest, star) = if sign > 0 { (l, r) } else { (r, l) };
        let ([rest], [star]) = (rest, star) else {
            return None;
        };
        let s = u.nus_of(*star)?;
        if s.ups != 0 || s.star != 1 || x.is_some_and(|x| x != s.x) {
            return None;
        }
        x = Some(s.x);
        n += 1;
        cur = *rest;
    }
}

/// x + ↑^n (`x^<n>`) or, with `sign` -1, x + ↓^n, n >= 2: {x | x + ↓^→(n-1)*},
/// where x + ↓^→k* is {x | x, x + ↓^→(k-1)*} down to x↓*. Returns (x, n).
fn up_nth(u: &Universe, g: GameId, sign: i64) -> Option<(Dyadic, u32)> {
    let (l, r) = (u.left_options(g), u.right_options(g));
    let (number, rest) = if sign > 0 { (l, r) } else { (r, l) };
    let ([number], [mut cur]) = (number, rest) else {
        return None;
    };
    let x = u.as_number(*number)?;
    let mut n = 1u32;
    loop {
        if let Some(v) = u.nus_of(cur) {
            return (v.x == x && v.ups == -sign && v.star == 1).then_some((x, n + 1));
        }
        let (l, r) = (u.left_options(cur), u.right_options(cur));
        let (single, pair) = if sign > 0 { (l, r) } else { (r, l) };
        let ([single], [p, q]) = (single, pair) else {
            return None;
        };
        if u.as_number(*single) != Some(x) {
            return None;
        }
        cur = match (u.as_number(*p), u.as_number(*q)) {
            (Some(y), None) if y == x => *q,
            (None, Some(y)) if y == x => *p,
            _ => return None,
        };
        n += 1;
    }
}

/// CGSuite's names of uptimals: `x^<n>`, `xv<n>`, `x^[n]`, `xv[n]` (n >= 2).
fn uptimal(u: &Universe, g: GameId, unicode: bool) -> Option<String> {
    let (up, down) = if unicode { ("↑", "↓") } else { ("^", "v") };
    let number = |x: Dyadic| {
        if x == Dyadic::ZERO {
            String::new()
        } else {
            x.to_string()
        }
    };
    for sign in [1, -1] {
        let arrow = if sign > 0 { up } else { down };
        if let Some((x, n)) = up_nth(u, g, sign) {
            return Some(format!("{}{arrow}<{n}>", number(x)));
        }
        if let Some((x, n)) = arrow_sum(u, g, sign) {
            return Some(format!("{}{arrow}[{n}]", number(x)));
        }
    }
    None
}

/// `xTiny(s)` = x + {0 || 0 | -s} and `xMiny(s)` = x + {s | 0 || 0}, where s is a
/// number-up-star or a numeric switch whose mean is positive (CGSuite's
/// condition), read off {x || x | x - s} and {x + s | x || x}.
fn tiny(u: &Universe, g: GameId, unicode: bool) -> Option<String> {
    let ([a], [b]) = (u.left_options(g), u.right_options(g)) else {
        return None;
    };
    let (name, x, inner, sign) = match (u.as_number(*a), u.as_number(*b)) {
        (Some(x), None) => ("Tiny", x, *b, 1),
        (None, Some(x)) => ("Miny", x, *a, -1),
        _ => return None,
    };
    let ([il], [ir]) = (u.left_options(inner), u.right_options(inner)) else {
        return None;
    };
    // Tiny: inner = {x | r}, s = x - r. Miny: inner = {r | x}, s = r - x.
    let (same, r) = if sign > 0 { (*il, *ir) } else { (*ir, *il) };
    if u.as_number(same) != Some(x) {
        return None;
    }
    let signed = |d: Dyadic| if sign > 0 { d } else { -d };
    let s = if let Some(v) = u.nus_of(r) {
        let d = signed(x.checked_sub(v.x)?);
        if d <= Dyadic::ZERO {
            return None;
        }
        nus_text(
            Nus {
                x: d,
                ups: -sign * v.ups,
                star: v.star,
            },
            unicode,
        )
    } else {
        let ([p], [q]) = (u.left_options(r), u.right_options(r)) else {
            return None;
        };
        let (p, q) = (u.as_number(*p)?, u.as_number(*q)?);
        // s = ±(x - {p|q}): for Tiny {x - q | x - p}, for Miny {p - x | q - x}.
        let (hi, lo) = if sign > 0 {
            (x.checked_sub(q)?, x.checked_sub(p)?)
        } else {
            (p.checked_sub(x)?, q.checked_sub(x)?)
        };
        if hi.checked_add(lo)? <= Dyadic::ZERO {
            return None;
        }
        switch_text(hi, lo)?
    };
    let x = if x == Dyadic::ZERO {
        String::new()
    } else {
        x.to_string()
    };
    Some(format!("{x}{name}({s})"))
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
