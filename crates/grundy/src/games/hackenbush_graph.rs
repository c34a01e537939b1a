//! Blue-Red-Green Hackenbush on any graph: cycles, edges between the same two
//! vertices and loops allowed. Left cuts a blue (`L`) or green (`G`) edge, Right
//! a red (`R`) or green one; every edge no longer connected to the ground falls.
//! Whoever cannot cut loses.
//!
//! POSITION syntax: the edges, separated by commas or spaces, each written as its
//! two ends around its colour: `0L1` is a blue edge from the ground (vertex 0: all
//! of the ground is one vertex) to vertex 1. `0L1,1R2,2G0` is a triangle standing
//! on the ground. Vertices are numbered as you like (`B` also reads as blue); `.`
//! is the empty picture. Parts that meet only at the ground are independent
//! components, whose values add.
//!
//! Green graphs have nim-values by the fusion principle (Winning Ways, ch. 7): the
//! vertices of a cycle fuse into one, its edges becoming loops, a loop is worth a
//! stalk of one edge, and the tree left is valued by the colon principle.

use std::collections::VecDeque;

use crate::catalogue::{Family, Shape, Syntax};
use crate::dynamic::{Board, Cell, Click, Codec, DynPosition, Owner};
use crate::games::hackenbush::{Colour, MAX_EDGES};
use crate::partizan::{canonical_value, from_partizan, Dyadic, GameId, Partizan, Side, ValueCache};
use crate::GameError;

/// One edge: its two ends and its colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GraphEdge {
    /// One end (0 is the ground).
    pub a: u16,
    /// The other end.
    pub b: u16,
    /// Its colour.
    pub colour: Colour,
}

/// A picture: the edges in the order written, every one connected to the ground,
/// vertices numbered 1, 2, ... in the order they first appear (the ground is 0).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Graph(Vec<GraphEdge>);

impl Graph {
    /// Read POSITION syntax (see the module documentation).
    pub fn parse(text: &str) -> Result<Graph, String> {
        if text.trim() == "." || text.trim() == "0" {
            return Ok(Graph(Vec::new()));
        }
        let chars: Vec<char> = text.chars().collect();
        let mut edges = Vec::new();
        let mut at = 0;
        let number = |at: &mut usize| -> Result<u16, String> {
            let start = *at;
            while chars.get(*at).is_some_and(char::is_ascii_digit) {
                *at += 1;
            }
            let digits: String = chars[start..*at].iter().collect();
            match chars.get(start) {
                _ if !digits.is_empty() => digits
                    .parse::<u16>()
                    .ok()
                    .filter(|&v| v <= 9999)
                    .ok_or_else(|| format!("vertex {digits} at column {} is above 9999", start + 1)),
                Some(c) => Err(format!(
                    "expected a vertex number at column {}, found '{c}'",
                    start + 1
                )),
                None => Err("expected a vertex number at the end".into()),
            }
        };
        loop {
            while chars.get(at).is_some_and(|c| c.is_whitespace() || *c == ',') {
                at += 1;
            }
            if at == chars.len() {
                break;
            }
            let a = number(&mut at)?;
            let colour = match chars.get(at) {
                Some('L' | 'B') => Colour::Blue,
                Some('R') => Colour::Red,
                Some('G') => Colour::Green,
                Some(c) => {
                    return Err(format!(
                        "expected an edge colour L, R or G at column {}, found '{c}'",
                        at + 1
                    ))
                }
                None => return Err("expected an edge colour L, R or G at the end".into()),
            };
            at += 1;
            let b = number(&mut at)?;
            if chars.get(at).is_some_and(|c| !c.is_whitespace() && *c != ',') {
                return Err(format!(
                    "expected ',' between edges at column {}, found '{}'",
                    at + 1,
                    chars[at]
                ));
            }
            edges.push(GraphEdge { a, b, colour });
        }
        if edges.len() > MAX_EDGES {
            return Err(format!(
                "the picture has {} edges; at most {MAX_EDGES} are supported",
                edges.len()
            ));
        }
        let kept = connected(&edges);
        if let Some(i) = (0..edges.len()).find(|&i| !kept[i]) {
            let e = edges[i];
            return Err(format!(
                "edge {} ({}{}{}) is not connected to the ground (vertex 0)",
                i + 1,
                e.a,
                e.colour.letter(),
                e.b
            ));
        }
        Ok(Graph::normal(edges))
    }

    /// The edges, in order.
    pub fn edges(&self) -> &[GraphEdge] {
        &self.0
    }

    /// POSITION syntax.
    pub fn text(&self) -> String {
        if self.0.is_empty() {
            return ".".into();
        }
        let edges: Vec<String> = self
            .0
            .iter()
            .map(|e| format!("{}{}{}", e.a, e.colour.letter(), e.b))
            .collect();
        edges.join(",")
    }

    /// The edges connected to the ground, vertices renumbered in order of appearance.
    fn normal(edges: Vec<GraphEdge>) -> Graph {
        let kept = connected(&edges);
        let mut names: Vec<u16> = vec![0];
        let mut renumber = |v: u16| -> u16 {
            match names.iter().position(|&n| n == v) {
                Some(i) => i as u16,
                None => {
                    names.push(v);
                    (names.len() - 1) as u16
                }
            }
        };
        let mut out = Vec::with_capacity(edges.len());
        for (e, keep) in edges.into_iter().zip(kept) {
            if keep {
                let (a, b) = (renumber(e.a), renumber(e.b));
                out.push(GraphEdge {
                    a,
                    b,
                    colour: e.colour,
                });
            }
        }
        Graph(out)
    }

    /// The picture with edge `i` cut and what fell with it gone.
    pub fn cut(&self, i: usize) -> Graph {
        let mut edges = self.0.clone();
        edges.remove(i);
        Graph::normal(edges)
    }

    /// The highest vertex number, plus one.
    fn vertices(&self) -> usize {
        self.0
            .iter()
            .map(|e| e.a.max(e.b) as usize + 1)
            .max()
            .unwrap_or(1)
    }
}

/// Which edges are connected to the ground.
fn connected(edges: &[GraphEdge]) -> Vec<bool> {
    let n = edges.iter().map(|e| e.a.max(e.b) as usize + 1).max().unwrap_or(1);
    let mut reached = vec![false; n];
    reached[0] = true;
    let mut queue = VecDeque::from([0u16]);
    while let Some(v) = queue.pop_front() {
        for e in edges {
            for (x, y) in [(e.a, e.b), (e.b, e.a)] {
                if x == v && !reached[y as usize] {
                    reached[y as usize] = true;
                    queue.push_back(y);
                }
            }
        }
    }
    edges.iter().map(|e| reached[e.a as usize]).collect()
}

/// Union-find over vertices.
fn find(parent: &mut [usize], v: usize) -> usize {
    let mut r = v;
    while parent[r] != r {
        r = parent[r];
    }
    let mut x = v;
    while parent[x] != r {
        let next = parent[x];
        parent[x] = r;
        x = next;
    }
    r
}

/// The nim-value of a green graph by the fusion principle; `None` when an edge
/// is not green.
///
/// An edge whose removal leaves its ends connected lies on a cycle; the vertices
/// joined by such edges fuse into one, and each of those edges becomes a loop,
/// worth *1. The other edges (bridges) form a tree over the fused vertices, rooted
/// at the ground's, valued by the colon principle: a bridge carrying value v
/// above it is worth v + 1, and what meets at a vertex adds by XOR.
pub fn fusion_value(g: &Graph) -> Option<u64> {
    if g.0.iter().any(|e| e.colour != Colour::Green) {
        return None;
    }
    let n = g.vertices();
    let bridge: Vec<bool> = (0..g.0.len())
        .map(|i| {
            let e = g.0[i];
            e.a != e.b && {
                let mut parent: Vec<usize> = (0..n).collect();
                for (j, f) in g.0.iter().enumerate() {
                    if j != i {
                        let (x, y) = (find(&mut parent, f.a as usize), find(&mut parent, f.b as usize));
                        parent[x] = y;
                    }
                }
                find(&mut parent, e.a as usize) != find(&mut parent, e.b as usize)
            }
        })
        .collect();
    let mut parent: Vec<usize> = (0..n).collect();
    for (e, &is_bridge) in g.0.iter().zip(&bridge) {
        if !is_bridge {
            let (x, y) = (find(&mut parent, e.a as usize), find(&mut parent, e.b as usize));
            parent[x] = y;
        }
    }
    let fused: Vec<usize> = (0..n).map(|v| find(&mut parent, v)).collect();
    let mut loops = vec![0u64; n];
    let mut tree: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (e, &is_bridge) in g.0.iter().zip(&bridge) {
        let (x, y) = (fused[e.a as usize], fused[e.b as usize]);
        if is_bridge {
            tree[x].push(y);
            tree[y].push(x);
        } else {
            loops[x] ^= 1;
        }
    }
    fn colon(v: usize, from: usize, tree: &[Vec<usize>], loops: &[u64]) -> u64 {
        tree[v]
            .iter()
            .filter(|&&w| w != from)
            .fold(loops[v], |x, &w| x ^ (colon(w, v, tree, loops) + 1))
    }
    let ground = fused[0];
    Some(colon(ground, usize::MAX, &tree, &loops))
}

/// Blue-Red-Green Hackenbush on graphs.
#[derive(Clone, Copy, Debug, Default)]
pub struct HackenbushGraph;

/// The most edges drawn as a board (one column each).
const BOARD_EDGES: usize = 40;

impl Partizan for HackenbushGraph {
    type Position = Graph;

    fn options(&self, p: &Graph, side: Side, out: &mut Vec<Graph>) -> Result<(), GameError> {
        for (i, e) in p.0.iter().enumerate() {
            if e.colour.cut_by(side) {
                out.push(p.cut(i));
            }
        }
        Ok(())
    }

    /// The parts that meet only at the ground (a loop on the ground is a part of
    /// its own).
    fn components(&self, p: &Graph, out: &mut Vec<Graph>) {
        let n = p.vertices();
        let mut parent: Vec<usize> = (0..n).collect();
        for e in &p.0 {
            if e.a != 0 && e.b != 0 {
                let (x, y) = (find(&mut parent, e.a as usize), find(&mut parent, e.b as usize));
                parent[x] = y;
            }
        }
        let mut parts: Vec<(usize, Vec<GraphEdge>)> = Vec::new();
        for (i, e) in p.0.iter().enumerate() {
            // An edge's part is that of its end off the ground; ground loops stand alone.
            let key = match (e.a, e.b) {
                (0, 0) => n + i,
                (0, v) | (v, 0) => find(&mut parent, v as usize),
                (v, _) => find(&mut parent, v as usize),
            };
            match parts.iter_mut().find(|(k, _)| *k == key) {
                Some((_, edges)) => edges.push(*e),
                None => parts.push((key, vec![*e])),
            }
        }
        out.extend(parts.into_iter().map(|(_, edges)| Graph::normal(edges)));
    }

    /// Green graphs by the fusion principle; all-blue (all-red) graphs are worth
    /// their number of edges (its negative): Right has no move, and Left can cut
    /// every edge one at a time (an edge off a spanning tree, else a leaf of it).
    fn number_nimber_value(&self, p: &Graph) -> Option<(Dyadic, u64)> {
        if let Some(m) = fusion_value(p) {
            return Some((Dyadic::ZERO, m));
        }
        let edges = p.0.len() as i128;
        match p.0.first()?.colour {
            c if p.0.iter().any(|e| e.colour != c) => None,
            Colour::Blue => Some((Dyadic::integer(edges), 0)),
            Colour::Red => Some((Dyadic::integer(-edges), 0)),
            Colour::Green => None,
        }
    }

    /// Each edge present or not, either side to move.
    fn search_size(&self, p: &Graph) -> Option<u128> {
        Some(1u128.checked_shl(p.0.len() as u32 + 1).unwrap_or(u128::MAX))
    }

    /// Each component by the fusion principle when it is green, else from its options.
    fn value(&self, p: &Graph, cache: &mut ValueCache<Graph>) -> Result<GameId, GameError> {
        let mut parts = Vec::new();
        self.components(p, &mut parts);
        let mut total = cache.universe.zero();
        for part in parts {
            let v = match fusion_value(&part) {
                Some(m) => {
                    cache.step()?;
                    cache.universe.nimber(m)
                }
                None => canonical_value(self, &part, cache)?,
            };
            total = cache.universe.add(total, v);
            cache.check_work()?;
        }
        Ok(total)
    }

    /// The edges in the order written, one column each, named by their ends (the
    /// ground is 0): no drawing of a general graph fits a grid, but a list of its
    /// edges does, and a click on one cuts it.
    fn board(&self, p: &Graph) -> Option<Board> {
        if p.0.is_empty() || p.0.len() > BOARD_EDGES {
            return None;
        }
        let cells = vec![p
            .0
            .iter()
            .map(|e| match e.colour {
                Colour::Blue => Cell::piece('L', Owner::First),
                Colour::Red => Cell::piece('R', Owner::Second),
                Colour::Green => Cell::mark('G'),
            })
            .collect()];
        let columns = p.0.iter().map(|e| format!("{}-{}", e.a, e.b)).collect();
        let mut board = Board::grid(cells, vec![String::new()], columns).note(
            "each column is an edge, named by its ends (0 is the ground); Left cuts L or G, Right R or G; \
             what loses contact with the ground falls",
        );
        board.clicks = (0..p.0.len())
            .map(|i| Click {
                row: 0,
                column: i,
                moves: vec![edge_name(i)],
            })
            .collect();
        Some(board)
    }

    /// The edge cut, numbered as written in the position (`edge 1` is the first).
    fn name_move(&self, from: &Graph, to: &Graph, side: Side) -> Option<String> {
        (0..from.0.len())
            .find_map(|i| (from.0[i].colour.cut_by(side) && from.cut(i) == *to).then(|| edge_name(i)))
    }
}

fn edge_name(i: usize) -> String {
    format!("edge {}", i + 1)
}

impl Codec for Graph {
    fn encode(&self) -> DynPosition {
        DynPosition::Text(self.text())
    }
    fn decode(p: &DynPosition) -> Result<Self, String> {
        match p {
            DynPosition::Text(t) => Graph::parse(t),
            DynPosition::Ints(v) if v[..] == [0] => Ok(Graph(Vec::new())),
            DynPosition::Ints(_) => Err("expected edges such as 0L1,1R2,2G0 (vertex 0 is the ground)".into()),
        }
    }
}

pub(crate) const FAMILY: Family = Family {
    name: "hackenbush-graph",
    usage: "hackenbush-graph",
    summary: "Blue-Red-Green Hackenbush on any graph (cycles, multiple edges, loops): Left cuts L or G, Right R or G; what loses contact with the ground falls (partizan; canonical values)",
    position: "edges as END COLOUR END, colour L (blue), R (red) or G (green), vertex 0 the ground, separated by commas: 0L1,1R2,2G0 is a triangle on the ground; '.' is empty",
    params: &[],
    example: Some(("hackenbush-graph", "0L1,1R2,2L0,1G1")),
    syntax: Syntax::None,
    shape: Shape::Other,
    claims: None,
    build: |_| Ok(from_partizan("hackenbush-graph", HackenbushGraph)),
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::hackenbush::{Edge, Hackenbush, Picture};
    use proptest::prelude::*;

    fn graph(text: &str) -> Graph {
        Graph::parse(text).unwrap()
    }

    fn value_text(p: &Graph) -> String {
        let mut cache = ValueCache::new(1 << 20);
        let v = HackenbushGraph.value(p, &mut cache).unwrap();
        cache.universe.display(v, false)
    }

    /// A graph from choices: each edge hangs from a vertex already connected (so
    /// the whole is), to any of five vertices; colours from `colours`.
    fn from_choices(choices: &[(u8, u8, u8)], colours: &[Colour]) -> Graph {
        let mut reached = vec![0u16];
        let mut edges = Vec::new();
        for &(x, y, c) in choices {
            let a = reached[x as usize % reached.len()];
            let b = u16::from(y % 5);
            if !reached.contains(&b) {
                reached.push(b);
            }
            edges.push(GraphEdge {
                a,
                b,
                colour: colours[c as usize % colours.len()],
            });
        }
        Graph::normal(edges)
    }

    /// A tree of the tree family as a graph: each edge from its parent's top vertex.
    fn tree_graph(p: &Picture) -> Graph {
        fn walk(edges: &[Edge], below: u16, next: &mut u16, out: &mut Vec<GraphEdge>) {
            for e in edges {
                *next += 1;
                let top = *next;
                out.push(GraphEdge {
                    a: below,
                    b: top,
                    colour: e.colour,
                });
                walk(&e.above, top, next, out);
            }
        }
        let mut out = Vec::new();
        walk(&p.0, 0, &mut 0, &mut out);
        Graph::normal(out)
    }

    #[test]
    fn syntax_round_trips_and_errors_name_the_column() {
        for t in ["0L1,1R2,2G0", "0G0", "0L1,0L1,1R1", "."] {
            assert_eq!(graph(t).text(), t);
        }
        // Vertices are renumbered in order of appearance; spaces separate too.
        assert_eq!(graph("0L5 5R7, 7B0").text(), "0L1,1R2,2L0");
        for (bad, says) in [
            ("0L", "vertex number at the end"),
            ("0X1", "column 2"),
            ("0L1,1R", "at the end"),
            ("0L1x", "column 4"),
            ("0L1,2R3", "edge 2 (2R3) is not connected"),
        ] {
            let e = Graph::parse(bad).unwrap_err();
            assert!(e.contains(says), "{bad}: {e}");
        }
    }

    #[test]
    fn known_values() {
        for (picture, value) in [
            // Two edges from the ground to one vertex, blue and red: {-1 | 1} = 0.
            ("0L1,1R0", "0"),
            // A blue triangle on the ground: Left cuts its three edges one by one.
            ("0L1,1L2,2L0", "3"),
            // Blue, red, blue round a triangle: {1/2 | 2} = 1.
            ("0L1,1R2,2L0", "1"),
            // Blue, red, red: {-2 | 0, 1/2} = -1.
            ("0L1,1R2,2R0", "-1"),
            // A green triangle on the ground fuses into three loops: *1.
            ("0G1,1G2,2G0", "*"),
            // A green loop on a blue edge is a stalk LG: {0, 1 | 1} = 1*.
            ("0L1,1G1", "1*"),
            // A loop on the ground is an edge of its own.
            ("0L0,0R0,0G0", "*"),
            // Parts that meet at the ground add: 1 + 1/2 (a stalk LR) = 3/2.
            ("0L1,0L2,2R3", "3/2"),
        ] {
            let p = graph(picture);
            assert_eq!(value_text(&p), value, "{picture}");
            let mut cache = ValueCache::new(1 << 20);
            let searched = canonical_value(&HackenbushGraph, &p, &mut cache).unwrap();
            assert_eq!(
                cache.universe.display(searched, false),
                value,
                "{picture} by search"
            );
        }
        let mut parts = Vec::new();
        HackenbushGraph.components(&graph("0L1,1R2,0G0,3G0,3L1,0R4"), &mut parts);
        let texts: Vec<String> = parts.iter().map(Graph::text).collect();
        assert_eq!(texts, ["0L1,1R2,3G0,3L1", "0G0", "0R1"]);
    }

    #[test]
    fn cutting_drops_what_falls_and_boards_click_every_edge() {
        let p = graph("0L1,1R2,2G3,3G2");
        let mut out = Vec::new();
        HackenbushGraph.options(&p, Side::Left, &mut out).unwrap();
        let texts: Vec<String> = out.iter().map(Graph::text).collect();
        // Cutting the ground edge drops everything; cutting one of a double edge does not.
        assert_eq!(texts, [".", "0L1,1R2,3G2", "0L1,1R2,2G3"]);
        assert_eq!(
            HackenbushGraph.name_move(&p, &out[2], Side::Left).as_deref(),
            Some("edge 4")
        );
        out.clear();
        HackenbushGraph.options(&p, Side::Right, &mut out).unwrap();
        assert_eq!(out[0].text(), "0L1");
        let board = HackenbushGraph.board(&p).unwrap();
        assert_eq!(board.clicks.len(), 4);
        assert_eq!(board.columns, ["0-1", "1-2", "2-3", "3-2"]);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(96))]

        #[test]
        fn green_graphs_follow_the_fusion_principle(choices in prop::collection::vec(any::<(u8, u8, u8)>(), 0..8)) {
            let p = from_choices(&choices, &[Colour::Green]);
            let mut cache = ValueCache::new(1 << 20);
            let searched = canonical_value(&HackenbushGraph, &p, &mut cache).unwrap();
            let fused = cache.universe.nimber(fusion_value(&p).unwrap());
            prop_assert_eq!(searched, fused, "{}", p.text());
        }

        #[test]
        fn blue_red_graphs_are_numbers(choices in prop::collection::vec(any::<(u8, u8, u8)>(), 0..8)) {
            let p = from_choices(&choices, &[Colour::Blue, Colour::Red]);
            let mut cache = ValueCache::new(1 << 20);
            let v = canonical_value(&HackenbushGraph, &p, &mut cache).unwrap();
            prop_assert!(cache.universe.as_number(v).is_some(), "{} is {}", p.text(), cache.universe.display(v, false));
            let fast = HackenbushGraph.value(&p, &mut cache).unwrap();
            prop_assert_eq!(fast, v);
        }

        #[test]
        fn trees_are_worth_what_the_tree_family_says(choices in prop::collection::vec(any::<(u8, u8)>(), 1..8)) {
            // A random tree: edge i hangs from the top of an earlier edge or the ground.
            let colours = [Colour::Blue, Colour::Red, Colour::Green];
            let mut parent = Vec::new();
            for (i, &(x, c)) in choices.iter().enumerate() {
                parent.push(((x as usize) % (i + 1), colours[c as usize % 3]));
            }
            fn build(parent: &[(usize, Colour)], below: usize) -> Vec<Edge> {
                (0..parent.len())
                    .filter(|&i| parent[i].0 == below)
                    .map(|i| Edge { colour: parent[i].1, above: build(parent, i + 1) })
                    .collect()
            }
            let tree = Picture(build(&parent, 0));
            let mut trees = ValueCache::new(1 << 20);
            let want = Hackenbush.value(&tree, &mut trees).unwrap();
            let want = trees.universe.display(want, false);
            prop_assert_eq!(value_text(&tree_graph(&tree)), want, "{}", tree.text());
        }
    }
}
