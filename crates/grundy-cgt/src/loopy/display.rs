//! CGSuite's notation for loopy values.
//!
//! Short parts print as [`Universe::display`] prints them; `on`, `off`, `over`,
//! `under`, `upon` and `x over` / `x under` (x a number) by name; everything else
//! as braces, where an option that is the node itself is `pass` and one that goes
//! back further names a label put before that node's braces: `a{0||0|a}`. A side
//! whose only option is an unlabelled braces form drops that option's braces and
//! the separator grows a slash, as for short games. A sided value is `G & H`, and
//! `on & off` is `dud`.

use super::compare::{compare, Side};
use super::graph::{Graph, Meter};
use super::value::{short_of, Loopy, Stopper};
use crate::Universe;

/// The most slashes a separator gets.
const MAX_BARS: usize = 4;

/// The longest text printed; a graph with much sharing can print exponentially long.
const MAX_LEN: usize = 1 << 16;

/// The value's text.
pub fn display(v: &Loopy, u: &mut Universe) -> String {
    match v {
        Loopy::Stopper(s) => display_stopper(s, u),
        Loopy::Sided { onside, offside, .. } => {
            if onside == &Stopper::on() && offside == &Stopper::off() {
                return "dud".to_string();
            }
            format!("{} & {}", display_stopper(onside, u), display_stopper(offside, u))
        }
    }
}

/// A stopper's text.
pub fn display_stopper(s: &Stopper, u: &mut Universe) -> String {
    let mut p = Printer {
        g: s.graph(),
        u,
        path: Vec::new(),
        labels: Vec::new(),
        len: 0,
    };
    let (text, _) = p.node(0);
    if p.len > MAX_LEN {
        return format!("(a stopper of {} positions, too long to print)", s.graph().len());
    }
    text
}

struct Printer<'a> {
    g: &'a Graph,
    u: &'a mut Universe,
    /// The nodes being printed, outermost first.
    path: Vec<usize>,
    /// Labels given so far: (node, label).
    labels: Vec<(usize, String)>,
    len: usize,
}

fn label_name(i: usize) -> String {
    let letters = b"abcdefghijklmnopqrstuvwxyz";
    if i < 26 {
        (letters[i] as char).to_string()
    } else {
        format!("{}{}", letters[i % 26] as char, i / 26)
    }
}

impl Printer<'_> {
    /// The node's text and, when it is an unlabelled braces form, its slashes.
    fn node(&mut self, v: usize) -> (String, usize) {
        if self.len > MAX_LEN {
            return (String::new(), 0);
        }
        if let Some(g) = short_of(self.g, v, self.u) {
            let s = self.u.display(g, false);
            self.len += s.len();
            let bars = top_bars(&s);
            return (s, bars);
        }
        if let Some(name) = self.named(v) {
            self.len += name.len();
            return (name, 0);
        }
        if let Some(text) = self.upon_form(v) {
            self.len += text.len();
            return (text, 0);
        }
        if let Some(text) = self.tiny_or_miny(v) {
            self.len += text.len();
            return (text, 0);
        }
        if let Some(x) = self.plus_minus(v) {
            self.path.push(v);
            let (t, _) = self.node(x);
            self.path.pop();
            let plain = t.chars().all(|c| c.is_ascii_alphabetic()) || t.parse::<crate::Dyadic>().is_ok();
            let text = if plain {
                format!("±{t}")
            } else {
                format!("±({t})")
            };
            self.len += text.len();
            return (text, 0);
        }
        self.path.push(v);
        let left = self.side(v, true);
        let right = self.side(v, false);
        self.path.pop();
        let bars = 1 + left.1.max(right.1);
        let body = format!("{}{}{}", left.0, "|".repeat(bars), right.0);
        self.len += body.len() + 2;
        match self.labels.iter().find(|(w, _)| *w == v) {
            Some((_, label)) => (format!("{label}{{{body}}}"), 0),
            None => (format!("{{{body}}}"), bars),
        }
    }

    fn side(&mut self, v: usize, left: bool) -> (String, usize) {
        let opts = if left { &self.g.left[v] } else { &self.g.right[v] };
        let opts = opts.clone();
        let mut texts = Vec::new();
        let mut inner = 0;
        for &w in &opts {
            if w == v {
                texts.push("pass".to_string());
            } else if self.path.contains(&w) {
                let label = match self.labels.iter().find(|(x, _)| *x == w) {
                    Some((_, l)) => l.clone(),
                    None => {
                        let l = label_name(self.labels.len());
                        self.labels.push((w, l.clone()));
                        l
                    }
                };
                texts.push(label);
            } else if let Some((text, bars)) = (opts.len() == 1)
                .then(|| short_of(self.g, w, self.u))
                .flatten()
                .and_then(|id| crate::display::nested(self.u, id, false))
                .filter(|(_, bars)| *bars < MAX_BARS)
            {
                // A short game alone on its side nests as in a short form.
                self.len += text.len();
                inner = bars;
                texts.push(text);
            } else {
                let (t, bars) = self.node(w);
                // CGSuite writes at most four slashes; a form that would need
                // more keeps its braces.
                if opts.len() == 1 && bars > 0 && bars < MAX_BARS {
                    inner = bars;
                    texts.push(t[1..t.len() - 1].to_string());
                } else {
                    texts.push(t);
                }
            }
        }
        (texts.join(","), inner)
    }

    /// CGSuite's `x^[on]*k`: one Right option x + *m (m = k xor 1), and as Left
    /// options the node itself (a pass), with x too where m is 0 (`^[on]` is
    /// upon, {pass|*}); `xv[on]*k` is its negative ({4|pass,4} is `4v[on]*`).
    fn upon_form(&mut self, v: usize) -> Option<String> {
        let (l, r) = (self.g.left[v].clone(), self.g.right[v].clone());
        for (negated, own, other) in [(false, &l, &r), (true, &r, &l)] {
            let [a] = other.as_slice() else { continue };
            if *a == v {
                continue;
            }
            let Some(id) = short_of(self.g, *a, self.u) else {
                continue;
            };
            let Some((y, 0, m)) = self.u.as_up_star(id) else {
                continue;
            };
            let fits = if m == 0 {
                own.len() == 2
                    && own.contains(&v)
                    && own.iter().any(|&w| {
                        w != v && short_of(self.g, w, self.u).and_then(|g| self.u.as_number(g)) == Some(y)
                    })
            } else {
                own.as_slice() == [v]
            };
            if fits {
                return Some(upon_text(y, m ^ 1, negated));
            }
        }
        None
    }

    /// `Tiny(G)` = {0||0|-G} and `Miny(G)` = {G|0||0}, G loopy (short ones print
    /// as short games do), as CGSuite names them.
    fn tiny_or_miny(&mut self, v: usize) -> Option<String> {
        let zero = |p: &mut Self, w: usize| short_of(p.g, w, p.u).is_some_and(|id| id == p.u.zero());
        let (l, r) = (self.g.left[v].clone(), self.g.right[v].clone());
        // The subscript must not lead back above it: it prints on its own.
        let closed = |p: &Self, y: usize, w: usize| {
            let reach = p.g.reachable_set(y);
            !reach.contains(&v) && !reach.contains(&w) && p.path.iter().all(|q| !reach.contains(q))
        };
        if let ([z], [w]) = (l.as_slice(), r.as_slice()) {
            let (a, b) = (self.g.left[*w].clone(), self.g.right[*w].clone());
            if let ([z2], [y]) = (a.as_slice(), b.as_slice()) {
                if *w != v && zero(self, *z) && zero(self, *z2) && closed(self, *y, *w) {
                    let g = Stopper::from_graph_at(self.g, *y).negative();
                    return named_subscript(display_stopper(&g, self.u)).map(|x| format!("Tiny({x})"));
                }
            }
        }
        if let ([w], [z]) = (l.as_slice(), r.as_slice()) {
            let (a, b) = (self.g.left[*w].clone(), self.g.right[*w].clone());
            if let ([y], [z2]) = (a.as_slice(), b.as_slice()) {
                if *w != v && zero(self, *z) && zero(self, *z2) && closed(self, *y, *w) {
                    let g = Stopper::from_graph_at(self.g, *y);
                    return named_subscript(display_stopper(&g, self.u)).map(|x| format!("Miny({x})"));
                }
            }
        }
        None
    }

    /// `x` where the node is `{x|-x}` (and not short: short ones print as short).
    fn plus_minus(&mut self, v: usize) -> Option<usize> {
        let (l, r) = (&self.g.left[v], &self.g.right[v]);
        if l.len() != 1
            || r.len() != 1
            || l[0] == v
            || r[0] == v
            || self.path.contains(&l[0])
            || self.path.contains(&r[0])
        {
            return None;
        }
        let (a, b) = (self.g.reachable(l[0]), self.g.reachable(r[0]));
        let budget = grundy_budget::Budget::default();
        let mut meter = Meter::new(&budget);
        let cmp = compare(&a.negative(), &b, Side::Stopper, &mut meter).ok()?;
        let back = compare(&b, &a.negative(), Side::Stopper, &mut meter).ok()?;
        (cmp.leq(0, 0) && back.leq(0, 0)).then_some(l[0])
    }

    /// The names CGSuite prints: on, off, over, under, upon, and x over / x under.
    fn named(&mut self, v: usize) -> Option<String> {
        let (l, r) = (&self.g.left[v], &self.g.right[v]);
        if l.as_slice() == [v] && r.is_empty() {
            return Some("on".into());
        }
        if r.as_slice() == [v] && l.is_empty() {
            return Some("off".into());
        }
        let number =
            |p: &mut Self, w: usize| short_of(p.g, w, p.u).and_then(|g| p.u.as_number(g).map(|x| (g, x)));
        if l.len() == 1 && r.as_slice() == [v] && l[0] != v {
            if let Some((g, x)) = number(self, l[0]) {
                return Some(if x == crate::Dyadic::ZERO {
                    "over".into()
                } else {
                    format!("{}over", self.u.display(g, false))
                });
            }
        }
        if r.len() == 1 && l.as_slice() == [v] && r[0] != v {
            if let Some((g, x)) = number(self, r[0]) {
                return Some(if x == crate::Dyadic::ZERO {
                    "under".into()
                } else {
                    format!("{}under", self.u.display(g, false))
                });
            }
        }
        None
    }
}

/// `x^[on]*k` (or `xv[on]*k` where negated).
fn upon_text(x: crate::Dyadic, k: u64, negated: bool) -> String {
    let number = if x == crate::Dyadic::ZERO {
        String::new()
    } else {
        x.to_string()
    };
    let star = match k {
        0 => String::new(),
        1 => "*".to_string(),
        k => format!("*{k}"),
    };
    format!("{number}{}[on]{star}", if negated { "v" } else { "^" })
}

/// CGSuite names Tiny(G) and Miny(G) only where G has a short name (on, over,
/// 2over, ^...), not braces.
fn named_subscript(text: String) -> Option<String> {
    (!text.contains('{') && !text.contains('&')).then_some(text)
}

/// The slashes of the outermost separator of a braces text `{…|…}`, or 0 when the
/// text is not one braces form.
fn top_bars(s: &str) -> usize {
    if !s.starts_with('{') || !s.ends_with('}') {
        return 0;
    }
    let mut depth = 0;
    let mut best = 0;
    let mut run = 0;
    let bytes = s.as_bytes();
    for (i, &c) in bytes.iter().enumerate() {
        match c {
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth == 0 && i != bytes.len() - 1 {
                    return 0;
                }
            }
            b'|' if depth == 1 => {
                run += 1;
                best = best.max(run);
                continue;
            }
            _ => {}
        }
        run = 0;
    }
    best
}
