//! Left and right stops of stoppers: where play stops, at a pseudonumber.
//!
//! A pseudonumber is a number x, `x over` (x + over), `x under`, `on` or `off`.
//! The Left stop of a stopper is the pseudonumber it is, if it is one, else the
//! largest Right stop of its Left options; the Right stop symmetrically. A stopper
//! has no endless alternating play, so the recursion over the states of play
//! (node, player to move) ends; it is evaluated in reverse topological order.

use std::cmp::Ordering;

use super::graph::{Graph, Mover};
use super::value::short_of;
use crate::{Dyadic, Universe};

/// A pseudonumber: a number plus over or under, or on, or off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pseudonumber {
    /// `off`: below every other.
    Off,
    /// `x` (0), `x over` (+1) or `x under` (-1).
    Number(Dyadic, i8),
    /// `on`: above every other.
    On,
}

impl Ord for Pseudonumber {
    fn cmp(&self, other: &Self) -> Ordering {
        use Pseudonumber::*;
        match (self, other) {
            (Off, Off) | (On, On) => Ordering::Equal,
            (Off, _) | (_, On) => Ordering::Less,
            (_, Off) | (On, _) => Ordering::Greater,
            (Number(x, a), Number(y, b)) => x.cmp(y).then(a.cmp(b)),
        }
    }
}

impl PartialOrd for Pseudonumber {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl std::fmt::Display for Pseudonumber {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Pseudonumber::Off => write!(f, "off"),
            Pseudonumber::On => write!(f, "on"),
            Pseudonumber::Number(x, 0) => write!(f, "{x}"),
            Pseudonumber::Number(x, e) => {
                let word = if *e > 0 { "over" } else { "under" };
                if *x == Dyadic::ZERO {
                    write!(f, "{word}")
                } else {
                    write!(f, "{x}{word}")
                }
            }
        }
    }
}

/// The pseudonumber node `v` is, if it is one.
fn pseudonumber(g: &Graph, v: usize, u: &mut Universe) -> Option<Pseudonumber> {
    let number = |w: usize, u: &mut Universe| short_of(g, w, u).and_then(|id| u.as_number(id));
    if let Some(x) = number(v, u) {
        return Some(Pseudonumber::Number(x, 0));
    }
    let (l, r) = (&g.left[v], &g.right[v]);
    match (l.as_slice(), r.as_slice()) {
        ([a], []) if *a == v => Some(Pseudonumber::On),
        ([], [a]) if *a == v => Some(Pseudonumber::Off),
        ([x], [a]) if *a == v => number(*x, u).map(|x| Pseudonumber::Number(x, 1)),
        ([a], [x]) if *a == v => number(*x, u).map(|x| Pseudonumber::Number(x, -1)),
        _ => None,
    }
}

/// The Left stop (Left moving first) and the Right stop of the stopper at node 0.
pub(crate) fn stops(g: &Graph, u: &mut Universe) -> (Pseudonumber, Pseudonumber) {
    let n = g.len();
    let state = |v: usize, m: Mover| 2 * v + (m == Mover::Right) as usize;
    let mut stop: Vec<Option<Pseudonumber>> = vec![None; 2 * n];
    let mut is_pseudo: Vec<Option<Option<Pseudonumber>>> = vec![None; n];
    // Depth-first over states, each finished after the states its moves lead to.
    for root in [state(0, Mover::Left), state(0, Mover::Right)] {
        let mut stack = vec![(root, false)];
        while let Some((s, expanded)) = stack.pop() {
            if stop[s].is_some() {
                continue;
            }
            let (v, mover) = (s / 2, if s % 2 == 0 { Mover::Left } else { Mover::Right });
            let p = *is_pseudo[v].get_or_insert_with(|| pseudonumber(g, v, u));
            if let Some(p) = p {
                stop[s] = Some(p);
                continue;
            }
            let next = |w: usize| match mover {
                Mover::Left => state(w, Mover::Right),
                Mover::Right => state(w, Mover::Left),
            };
            if !expanded {
                stack.push((s, true));
                for &w in g.options(v, mover) {
                    if stop[next(w)].is_none() {
                        stack.push((next(w), false));
                    }
                }
                continue;
            }
            let values = g.options(v, mover).iter().filter_map(|&w| stop[next(w)]);
            stop[s] = Some(match mover {
                Mover::Left => values.max().unwrap_or(Pseudonumber::Off),
                Mover::Right => values.min().unwrap_or(Pseudonumber::On),
            });
        }
    }
    (
        stop[state(0, Mover::Left)].unwrap_or(Pseudonumber::Off),
        stop[state(0, Mover::Right)].unwrap_or(Pseudonumber::On),
    )
}
