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
use crate::partizan::{from_partizan, Partizan, Side};
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
    fn letter(self) -> char {
        match self {
            Colour::Blue => 'L',
            Colour::Red => 'R',
            Colour::Green => 'G',
        }
    }

    fn cut_by(self, side: Side) -> bool {
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

/// Blue-Red-Green Hackenbush on trees.
#[derive(Clone, Copy, Debug, Default)]
pub struct Hackenbush;

impl Partizan for Hackenbush {
    type Position = Picture;

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
    fn cutting_drops_what_is_above() {
        let p = Picture::parse("L(RG,L)").unwrap();
        let mut out = Vec::new();
        Hackenbush.options(&p, Side::Right, &mut out).unwrap();
        let texts: Vec<String> = out.iter().map(Picture::text).collect();
        assert_eq!(texts, ["LL", "L(R,L)"]);
    }
}
