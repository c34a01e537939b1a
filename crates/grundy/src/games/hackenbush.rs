//! Blue-Red-Green Hackenbush on trees: Left cuts a blue (`L`) or green (`G`) edge,
//! Right a red (`R`) or green one; everything no longer connected to the ground
//! falls away. Whoever cannot cut loses.
//!
//! POSITION syntax: a stalk is its edges from the ground up, `LRRG`; where the tree
//! branches, the branches above the last edge go in parentheses separated by
//! commas, `L(RG,L)` (an `L` carrying `RG` and `L`), and branches nest,
//! `G(L(R,R),G)`. Stalks standing on the ground are joined by `+`: `LR+G+L(G,G)`.
//! `.` is the empty picture; `B` also reads as blue. Stalks are independent
//! components (their values add), and branches at a node are unordered, so the key
//! sorts them.

use std::fmt::Write as _;

use crate::catalogue::{Family, Shape, Syntax};
use crate::dynamic::{Codec, DynPosition};
use crate::partizan::{canonical_value, from_partizan, Dyadic, GameId, Partizan, Side, ValueCache};
use crate::GameError;

/// The most edges accepted in a picture.
pub const MAX_EDGES: usize = 200;

/// An edge's colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Colour {
    /// Blue: Left's (`L`).
    Blue,
    /// Red: Right's (`R`).
    Red,
    /// Green: either player's (`G`).
    Green,
}

impl Colour {
    pub(crate) fn letter(self) -> char {
        match self {
            Colour::Blue => 'L',
            Colour::Red => 'R',
            Colour::Green => 'G',
        }
    }

    pub(crate) fn cut_by(self, side: Side) -> bool {
        matches!(
            (self, side),
            (Colour::Green, _) | (Colour::Blue, Side::Left) | (Colour::Red, Side::Right)
        )
    }
}

/// An edge and the edges standing on its upper end.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Edge {
    /// Its colour.
    pub colour: Colour,
    /// The branches above it.
    pub above: Vec<Edge>,
}

/// A picture: the edges standing on the ground (each with what is above it).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Picture(pub Vec<Edge>);

impl Picture {
    /// Read POSITION syntax (see the module documentation).
    pub fn parse(text: &str) -> Result<Picture, String> {
        let t: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
        if t == ['.'] || t == ['0'] {
            return Ok(Picture(Vec::new()));
        }
        let mut at = 0;
        let mut ground = vec![stalk(&t, &mut at)?];
        while at < t.len() {
            if t[at] != '+' {
                return Err(format!(
                    "expected '+' between stalks at column {}, found '{}'",
                    at + 1,
                    t[at]
                ));
            }
            at += 1;
            ground.push(stalk(&t, &mut at)?);
        }
        let p = Picture(ground);
        let n = p.edges();
        if n > MAX_EDGES {
            return Err(format!(
                "the picture has {n} edges; at most {MAX_EDGES} are supported"
            ));
        }
        Ok(p)
    }

    /// How many edges there are.
    pub fn edges(&self) -> usize {
        fn count(e: &[Edge]) -> usize {
            e.iter().map(|x| 1 + count(&x.above)).sum()
        }
        count(&self.0)
    }

    /// POSITION syntax.
    pub fn text(&self) -> String {
        if self.0.is_empty() {
            return ".".into();
        }
        let mut s = String::new();
        for (i, e) in self.0.iter().enumerate() {
            if i > 0 {
                s.push('+');
            }
            write_edge(e, &mut s);
        }
        s
    }
}

fn write_edge(e: &Edge, s: &mut String) {
    s.push(e.colour.letter());
    match &e.above[..] {
        [] => {}
        [one] => write_edge(one, s),
        many => {
            s.push('(');
            for (i, b) in many.iter().enumerate() {
                if i > 0 {
                    s.push(',');
                }
                write_edge(b, s);
            }
            s.push(')');
        }
    }
}

/// One stalk: edges from the bottom up, then optionally `(branch,branch,...)`.
fn stalk(t: &[char], at: &mut usize) -> Result<Edge, String> {
    let mut colours = Vec::new();
    while let Some(&c) = t.get(*at) {
        let colour = match c {
            'L' | 'B' => Colour::Blue,
            'R' => Colour::Red,
            'G' => Colour::Green,
            _ => break,
        };
        colours.push(colour);
        *at += 1;
    }
    if colours.is_empty() {
        let mut m = String::new();
        match t.get(*at) {
            Some(c) => {
                let _ = write!(m, "expected an edge L, R or G at column {}, found '{c}'", *at + 1);
            }
            None => m.push_str("expected an edge L, R or G at the end"),
        }
        return Err(m);
    }
    let mut top = Vec::new();
    if t.get(*at) == Some(&'(') {
        *at += 1;
        top.push(stalk(t, at)?);
        loop {
            match t.get(*at) {
                Some(',') => {
                    *at += 1;
                    top.push(stalk(t, at)?);
                }
                Some(')') => {
                    *at += 1;
                    break;
                }
                Some(c) => return Err(format!("expected ',' or ')' at column {}, found '{c}'", *at + 1)),
                None => return Err("a '(' is not closed".into()),
            }
        }
    }
    let mut edge = None;
    for &colour in colours.iter().rev() {
        let above = match edge.take() {
            None => std::mem::take(&mut top),
            Some(e) => vec![e],
        };
        edge = Some(Edge { colour, above });
    }
    Ok(edge.expect("at least one edge"))
}

/// Every way to cut one of `side`'s edges from `edges`, each pushed as the new list.
fn cuts(edges: &[Edge], side: Side, out: &mut Vec<Vec<Edge>>) {
    for (i, e) in edges.iter().enumerate() {
        if e.colour.cut_by(side) {
            let mut rest = edges.to_vec();
            rest.remove(i);
            out.push(rest);
        }
        let mut above = Vec::new();
        cuts(&e.above, side, &mut above);
        for a in above {
            let mut next = edges.to_vec();
            next[i].above = a;
            out.push(next);
        }
    }
}

/// The picture with edge `k` cut (edges numbered from 0 in the order the
/// position is written: each edge, then what stands on it) and what stood on it
/// fallen; `None` when there is no edge `k`.
fn cut_at(edges: &[Edge], k: &mut usize) -> Option<Vec<Edge>> {
    for (i, e) in edges.iter().enumerate() {
        if *k == 0 {
            let mut rest = edges.to_vec();
            rest.remove(i);
            return Some(rest);
        }
        *k -= 1;
        let size = 1 + Picture(e.above.clone()).edges();
        if *k < size - 1 {
            let above = cut_at(&e.above, k)?;
            let mut next = edges.to_vec();
            next[i].above = above;
            return Some(next);
        }
        *k -= size - 1;
    }
    None
}

/// A move's name: the edge cut, counted from 1 as the position is written.
fn edge_name(k: usize) -> String {
    format!("edge {}", k + 1)
}

/// The colour of edge `k` (numbered as in [`cut_at`]).
fn edge_colour(edges: &[Edge], k: usize) -> Option<Colour> {
    let mut found = None;
    let mut n = 0;
    fn walk(edges: &[Edge], k: usize, n: &mut usize, found: &mut Option<Colour>) {
        for e in edges {
            if *n == k {
                *found = Some(e.colour);
            }
            *n += 1;
            walk(&e.above, k, n, found);
        }
    }
    walk(edges, k, &mut n, &mut found);
    found
}

/// Columns a tree takes when drawn: one per branch tip.
fn width(e: &Edge) -> usize {
    e.above.iter().map(width).sum::<usize>().max(1)
}

/// The height of a tree in edges.
fn height(e: &Edge) -> usize {
    1 + e.above.iter().map(height).max().unwrap_or(0)
}

/// Draw `e` (edge number `*k`) at `depth` above the ground in `column`, its
/// branches side by side from `column` on; each cell is (depth, column, edge number, colour).
fn place(e: &Edge, depth: usize, column: usize, k: &mut usize, out: &mut Vec<(usize, usize, usize, Colour)>) {
    out.push((depth, column, *k, e.colour));
    *k += 1;
    let mut c = column;
    for b in &e.above {
        place(b, depth + 1, c, k, out);
        c += width(b);
    }
}

/// The widest picture drawn as a board (columns); wider ones are shown as text.
const BOARD_WIDTH: usize = 60;

/// Branches sorted at every node: equal trees get equal keys.
fn sorted(edges: &[Edge]) -> Vec<Edge> {
    let mut v: Vec<Edge> = edges
        .iter()
        .map(|e| Edge {
            colour: e.colour,
            above: sorted(&e.above),
        })
        .collect();
    v.sort();
    v
}

/// The nim-value of an all-green tree by the colon principle: the branches at a
/// node count as one stalk of the XOR of their values, so an edge carrying
/// branches of value v is worth v + 1 and siblings add by XOR (a green stalk of n
/// edges is *n). `None` when an edge is not green.
pub fn green_value(edges: &[Edge]) -> Option<u64> {
    edges.iter().try_fold(0u64, |x, e| {
        if e.colour != Colour::Green {
            return None;
        }
        Some(x ^ (green_value(&e.above)? + 1))
    })
}

/// The value of a blue-red stalk (no branches, no green) by Berlekamp's rule: the
/// first run of one colour counts ±1 an edge, and after the first change of colour
/// the edges count ±1/2, ±1/4, ... in turn (+ for blue). `None` for other trees,
/// or when the number is beyond [`Dyadic`]'s precision (more than about 125 edges
/// after the first change).
pub fn string_value(e: &Edge) -> Option<Dyadic> {
    let mut signs = Vec::new();
    let mut at = e;
    loop {
        signs.push(match at.colour {
            Colour::Blue => 1i128,
            Colour::Red => -1,
            Colour::Green => return None,
        });
        match &at.above[..] {
            [] => break,
            [one] => at = one,
            _ => return None,
        }
    }
    let run = signs.iter().take_while(|&&c| c == signs[0]).count();
    let k = u32::try_from(signs.len() - run).ok()?;
    if k > grundy_cgt::MAX_EXPONENT {
        return None;
    }
    // In units of 2^-k: the run, then 2^(k-1), ..., 1 (k <= 126 and at most 200
    // edges, so this fits an i128).
    let mut num = signs[0] * run as i128 * (1i128 << k);
    for (j, &c) in signs[run..].iter().enumerate() {
        num += c * (1i128 << (k - 1 - j as u32));
    }
    Dyadic::checked_new(num, k)
}

/// The pictures a stalk can become (itself cut anywhere, or gone): an edge is
/// gone or present with each of its branches in any of their states.
fn sub_pictures(e: &Edge) -> u128 {
    e.above
        .iter()
        .fold(1u128, |n, b| n.saturating_mul(sub_pictures(b)))
        .saturating_add(1)
}

/// Multisets of k elements from f kinds, C(f + k - 1, k), saturated.
fn multisets(f: u128, k: u128) -> u128 {
    let mut c: u128 = 1;
    for i in 1..=k {
        // c * (f - 1 + i) / i stays an integer (a binomial coefficient).
        c = match c.checked_mul(f - 1 + i) {
            Some(v) => v / i,
            None => return u128::MAX,
        };
    }
    c
}

/// A closed form of one stalk standing on the ground: x + *m.
fn closed_value(e: &Edge) -> Option<(Dyadic, u64)> {
    if let Some(m) = green_value(std::slice::from_ref(e)) {
        return Some((Dyadic::ZERO, m));
    }
    string_value(e).map(|x| (x, 0))
}

/// Blue-Red-Green Hackenbush on trees.
#[derive(Clone, Copy, Debug, Default)]
pub struct Hackenbush;

impl Partizan for Hackenbush {
    type Position = Picture;

    /// Each tree drawn upward from the ground (the bottom row), its branches in
    /// the columns beside; trees one empty column apart. A click on an edge cuts it.
    fn board(&self, p: &Picture) -> Option<crate::dynamic::Board> {
        use crate::dynamic::{Board, Cell, Click, Owner};
        let columns = p.0.iter().map(|e| width(e) + 1).sum::<usize>().saturating_sub(1);
        let rows = p.0.iter().map(height).max().unwrap_or(0);
        if p.0.is_empty() || columns > BOARD_WIDTH {
            return None;
        }
        let mut placed = Vec::new();
        let (mut k, mut c) = (0, 0);
        for e in &p.0 {
            place(e, 0, c, &mut k, &mut placed);
            c += width(e) + 1;
        }
        let mut cells = vec![vec![Cell::EMPTY; columns]; rows];
        let mut clicks = Vec::new();
        for &(depth, column, edge, colour) in &placed {
            let row = rows - 1 - depth;
            cells[row][column] = match colour {
                Colour::Blue => Cell::piece('L', Owner::First),
                Colour::Red => Cell::piece('R', Owner::Second),
                Colour::Green => Cell::mark('G'),
            };
            clicks.push(Click {
                row,
                column,
                moves: vec![edge_name(edge)],
            });
        }
        let labels = (1..=rows).rev().map(|h| h.to_string()).collect();
        let mut board = Board::grid(cells, labels, vec![String::new(); columns])
            .note("the ground is below row 1; Left cuts L or G, Right R or G; what loses contact with the ground falls");
        board.clicks = clicks;
        Some(board)
    }

    /// The edge cut, numbered as written in the position (`edge 1` is the first letter).
    fn name_move(&self, from: &Picture, to: &Picture, side: Side) -> Option<String> {
        let want = sorted(&to.0);
        (0..from.edges()).find_map(|k| {
            let mut at = k;
            let colour = edge_colour(&from.0, k)?;
            let cut = cut_at(&from.0, &mut at)?;
            (colour.cut_by(side) && sorted(&cut) == want).then(|| edge_name(k))
        })
    }

    fn options(&self, p: &Picture, side: Side, out: &mut Vec<Picture>) -> Result<(), GameError> {
        let mut lists = Vec::new();
        cuts(&p.0, side, &mut lists);
        out.extend(lists.into_iter().map(Picture));
        Ok(())
    }

    fn components(&self, p: &Picture, out: &mut Vec<Picture>) {
        out.extend(p.0.iter().map(|e| Picture(vec![e.clone()])));
    }

    fn symmetry_key(&self, p: &Picture) -> Picture {
        Picture(sorted(&p.0))
    }

    /// Green trees (nimbers by the colon principle) and blue-red strings
    /// (Berlekamp's rule) have closed forms; the sum is x + *m when every stalk has.
    fn number_nimber_value(&self, p: &Picture) -> Option<(Dyadic, u64)> {
        p.0.iter().try_fold((Dyadic::ZERO, 0u64), |(x, m), e| {
            let (y, n) = closed_value(e)?;
            Some((x.checked_add(y)?, m ^ n))
        })
    }

    /// An upper bound on the positions a search of play visits. With a closed
    /// form (every stalk green or a blue-red string) the search is only for the
    /// remoteness, and the bound is that of the pictures without symmetry, like
    /// Nim's heap product: 20 green stalks of 7 are 8^20, refused at once instead
    /// of searching 10^6 classes for minutes. Otherwise identical stalks count as
    /// one multiset (the key sorts them), which is what the search meets.
    fn search_size(&self, p: &Picture) -> Option<u128> {
        let closed = self.number_nimber_value(p).is_some();
        let mut keys: Vec<Edge> = sorted(&p.0);
        keys.dedup();
        let mut size: u128 = 2; // either side to move
        for k in &keys {
            let f = sub_pictures(k);
            let copies =
                p.0.iter()
                    .filter(|e| sorted(std::slice::from_ref(e))[0] == *k)
                    .count() as u128;
            let n = if closed {
                f.saturating_pow(u32::try_from(copies).unwrap_or(u32::MAX))
            } else {
                multisets(f, copies)
            };
            size = size.saturating_mul(n);
        }
        Some(size)
    }

    /// Each stalk by its closed form when it has one (a green stalk of n edges is
    /// *n, with no search of its n! orders of play), else from its options.
    fn value(&self, p: &Picture, cache: &mut ValueCache<Picture>) -> Result<GameId, GameError> {
        let mut total = cache.universe.zero();
        for e in &p.0 {
            let v = match closed_value(e) {
                Some((x, m)) => {
                    cache.step()?;
                    cache.universe.up_star(x, 0, m)
                }
                None => canonical_value(self, &Picture(vec![e.clone()]), cache)?,
            };
            total = cache.universe.add(total, v);
            cache.check_work()?;
        }
        Ok(total)
    }
}

impl Codec for Picture {
    fn encode(&self) -> DynPosition {
        DynPosition::Text(self.text())
    }
    fn decode(p: &DynPosition) -> Result<Self, String> {
        match p {
            DynPosition::Text(t) => Picture::parse(t),
            DynPosition::Ints(v) if v[..] == [0] => Ok(Picture(Vec::new())),
            DynPosition::Ints(_) => {
                Err("expected stalks of L, R, G edges joined by '+', e.g. LR+G(L,R)".into())
            }
        }
    }
}

pub(crate) const FAMILY: Family = Family {
    name: "hackenbush",
    usage: "hackenbush",
    summary: "Blue-Red-Green Hackenbush on trees: Left cuts L or G edges, Right R or G; what loses contact with the ground falls (partizan; canonical values)",
    position: "stalks from the ground up joined by '+', edges L (blue), R (red), G (green); branches above an edge in parentheses: LR+G(L,RG); '.' is empty",
    params: &[],
    example: Some(("hackenbush", "LRR+G(L,R)")),
    syntax: Syntax::None,
    shape: Shape::Other,
    claims: None,
    build: |_| Ok(from_partizan("hackenbush", Hackenbush)),
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn syntax_round_trips() {
        for t in ["LRRG", "L(RG,L)", "LR+G+L(G,G)", "G(L(R,R),G)", "."] {
            assert_eq!(Picture::parse(t).unwrap().text(), t);
        }
        assert_eq!(Picture::parse("L(R)").unwrap().text(), "LR");
        assert_eq!(Picture::parse("L(RG,L)").unwrap().edges(), 4);
        for bad in ["L(R", "LX", "L+", "(L)", "L,R"] {
            assert!(Picture::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn closed_forms_agree_with_the_definition() {
        let mut cache = ValueCache::new(1 << 20);
        for t in [
            "G",
            "GGG",
            "G(G,G)",
            "G(GG,G(G,G))",
            "GG(G,GGG)",
            "LRR",
            "RLLRL",
            "LLLR",
            "R",
            "LG",
            "L(R,L)",
        ] {
            let p = Picture::parse(t).unwrap();
            let fast = Hackenbush.value(&p, &mut cache).unwrap();
            let slow = canonical_value(&Hackenbush, &p, &mut cache).unwrap();
            assert_eq!(fast, slow, "{t}");
        }
        assert_eq!(green_value(&Picture::parse("GGGGGGG").unwrap().0), Some(7));
        // The colon principle: G(G,G) is G on *1 xor *1 = 0, so *1.
        assert_eq!(green_value(&Picture::parse("G(G,G)").unwrap().0), Some(1));
        assert_eq!(green_value(&Picture::parse("GL").unwrap().0), None);
        let lr = Picture::parse(&"LR".repeat(32)).unwrap();
        let x = string_value(&lr.0[0]).unwrap();
        assert_eq!(x.exponent(), 63);
        // 1 - 1/2 + 1/4 - ... - 1/2^63 = (2^64 - 1) / (3 * 2^63).
        assert_eq!(x.numerator() * 3, (1i128 << 64) - 1);
        // Past 126 binary digits: no closed form (and the search says it is too precise).
        let long = Picture::parse(&format!("L{}", "R".repeat(130))).unwrap();
        assert_eq!(string_value(&long.0[0]), None);
    }

    #[test]
    fn search_sizes_bound_the_search() {
        let p = |t: &str| Picture::parse(t).unwrap();
        // Green stalks have a closed form: the plain product, 8^20 (times 2 sides).
        let green = p(&vec!["GGGGGGG"; 20].join("+"));
        assert_eq!(Hackenbush.search_size(&green), Some(2 * 8u128.pow(20)));
        // Without a closed form identical stalks are a multiset: 20 copies of LG (3
        // states each) are C(22, 2) = 231 classes.
        let mixed = p(&vec!["LG"; 20].join("+"));
        assert_eq!(Hackenbush.search_size(&mixed), Some(2 * 231));
        assert_eq!(sub_pictures(&p("G(L,R)").0[0]), 5);
    }

    #[test]
    fn cutting_drops_what_is_above() {
        let p = Picture::parse("L(RG,L)").unwrap();
        let mut out = Vec::new();
        Hackenbush.options(&p, Side::Right, &mut out).unwrap();
        let texts: Vec<String> = out.iter().map(Picture::text).collect();
        assert_eq!(texts, ["LL", "L(R,L)"]);
    }
}
