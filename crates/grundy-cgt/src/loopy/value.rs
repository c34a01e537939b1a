//! Loopy values: stoppers in simplest form, and sided values `G & H`.

use grundy_budget::{Budget, OverBudget};
use rustc_hash::FxHashMap;

use super::compare::{compare, Side};
use super::graph::{Graph, Meter};
use super::simplify::{side_stopper, simplest_stopper, simplest_stopper_bottom_up};
use super::LoopyError;
use crate::{GameId, Universe};

/// A stopper in simplest form: a game graph without endless alternating play,
/// its root node 0.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Stopper {
    graph: Graph,
}

impl Stopper {
    #[cfg(test)]
    pub(crate) fn from_graph_unchecked(graph: Graph) -> Stopper {
        Stopper { graph }
    }

    /// The stopper at node `v` of a graph in simplest form (its followers are).
    pub(crate) fn from_graph_at(g: &Graph, v: usize) -> Stopper {
        Stopper {
            graph: g.reachable(v),
        }
    }

    /// The graph, its root node 0.
    pub fn graph(&self) -> &Graph {
        &self.graph
    }

    /// Whether no play from it repeats a position: a short game.
    pub fn is_short(&self) -> bool {
        self.graph.is_loopfree(0)
    }

    /// The short game it is, if it is one.
    pub fn to_short(&self, u: &mut Universe) -> Option<GameId> {
        short_of(&self.graph, 0, u)
    }

    /// The stopper of a short game.
    pub fn from_short(g: GameId, u: &Universe) -> Stopper {
        let mut graph = Graph::default();
        let mut node: FxHashMap<GameId, usize> = FxHashMap::default();
        let mut stack = vec![g];
        node.insert(g, graph.add_node());
        while let Some(h) = stack.pop() {
            for (side, opts) in [(0, u.left_options(h)), (1, u.right_options(h))] {
                for &o in opts {
                    let w = *node.entry(o).or_insert_with(|| {
                        stack.push(o);
                        graph.add_node()
                    });
                    let v = node[&h];
                    if side == 0 {
                        graph.left[v].push(w);
                    } else {
                        graph.right[v].push(w);
                    }
                }
            }
        }
        Stopper { graph }
    }

    /// `on`: Left can always pass, Right never moves.
    pub fn on() -> Stopper {
        Stopper {
            graph: Graph {
                left: vec![vec![0]],
                right: vec![vec![]],
            },
        }
    }

    /// `off`, the negative of `on`.
    pub fn off() -> Stopper {
        Stopper::on().negative()
    }

    /// The negative.
    pub fn negative(&self) -> Stopper {
        Stopper {
            graph: self.graph.negative(),
        }
    }

    /// `self <= other`.
    pub fn leq(&self, other: &Stopper, budget: &Budget) -> Result<bool, LoopyError> {
        let mut meter = Meter::new(budget);
        Ok(compare(&self.graph, &other.graph, Side::Stopper, &mut meter)?.leq(0, 0))
    }

    /// The Left stop and the Right stop.
    pub fn stops(&self, u: &mut Universe) -> (super::Pseudonumber, super::Pseudonumber) {
        super::stops::stops(&self.graph, u)
    }

    /// Left's and Right's options, as stoppers.
    pub fn options(&self, budget: &Budget) -> Result<(Vec<Stopper>, Vec<Stopper>), LoopyError> {
        let mut meter = Meter::new(budget);
        let mut side = |opts: &[usize]| -> Result<Vec<Stopper>, OverBudget> {
            opts.iter()
                .map(|&w| simplest_stopper(&self.graph, w, &mut meter).map(|graph| Stopper { graph }))
                .collect()
        };
        Ok((side(&self.graph.left[0])?, side(&self.graph.right[0])?))
    }
}

/// The short game at node `root` of a loopfree part of a graph.
pub(crate) fn short_of(g: &Graph, root: usize, u: &mut Universe) -> Option<GameId> {
    let order = g.topological(root)?;
    let mut id: FxHashMap<usize, GameId> = FxHashMap::default();
    for v in order {
        let l: Vec<GameId> = g.left[v].iter().map(|w| id[w]).collect();
        let r: Vec<GameId> = g.right[v].iter().map(|w| id[w]).collect();
        id.insert(v, u.construct(&l, &r));
    }
    Some(id[&root])
}

/// The value of a loopy game: a stopper, or a sided value whose onside and offside
/// are different stoppers.
#[derive(Clone, Debug)]
pub enum Loopy {
    /// A stopper (every short game is one).
    Stopper(Stopper),
    /// `onside & offside`, with a game graph of it where one is known (a sided
    /// value typed as `G & H` has none, and cannot be an option of a game).
    Sided {
        /// The onside: the game where endless play is Left's.
        onside: Stopper,
        /// The offside: the game where endless play is Right's.
        offside: Stopper,
        /// A game graph of the value (root 0), where one is known.
        form: Option<Graph>,
    },
}

/// Who wins with each player moving first, endless play a draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LoopyOutcome {
    /// Left wins whoever starts.
    L,
    /// Right wins whoever starts.
    R,
    /// The player to move wins.
    N,
    /// The player not to move wins.
    P,
    /// Neither wins, whoever starts.
    D,
    /// Left wins moving first; a draw when Right starts (CGSuite's NHat).
    NHat,
    /// A draw when Left starts; Left wins when Right starts (PHat).
    PHat,
    /// Right wins when Left starts; a draw when Right starts (PCheck).
    PCheck,
    /// A draw when Left starts; Right wins when Right starts (NCheck).
    NCheck,
}

impl std::fmt::Display for LoopyOutcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{self:?}")
    }
}

/// The outcome of one side of play: from `G >= 0` and `G <= 0`.
fn side_class(ge: bool, le: bool) -> LoopyOutcome {
    match (ge, le) {
        (true, false) => LoopyOutcome::L,
        (false, false) => LoopyOutcome::N,
        (true, true) => LoopyOutcome::P,
        (false, true) => LoopyOutcome::R,
    }
}

impl Loopy {
    /// The value of node `root` of a game graph.
    pub fn of_graph(g: &Graph, root: usize, budget: &Budget) -> Result<Loopy, LoopyError> {
        g.check().map_err(LoopyError::Graph)?;
        if root >= g.len() {
            return Err(LoopyError::Graph(format!(
                "no node {root} in a graph of {} nodes",
                g.len()
            )));
        }
        let mut meter = Meter::new(budget);
        let g = g.reachable(root);
        if g.is_stopper(0) {
            return Ok(Loopy::Stopper(Stopper {
                graph: simplest_stopper_bottom_up(&g, 0, &mut meter)?,
            }));
        }
        let onside =
            side_stopper(&g, 0, Side::Onside, &mut meter)?.ok_or(LoopyError::NotStopperSided("onside"))?;
        let offside =
            side_stopper(&g, 0, Side::Offside, &mut meter)?.ok_or(LoopyError::NotStopperSided("offside"))?;
        Loopy::sided(
            Stopper { graph: onside },
            Stopper { graph: offside },
            Some(g),
            budget,
        )
    }

    /// `onside & offside`: a stopper where the two are equal.
    pub fn sided(
        onside: Stopper,
        offside: Stopper,
        form: Option<Graph>,
        budget: &Budget,
    ) -> Result<Loopy, LoopyError> {
        if !offside.leq(&onside, budget)? {
            return Err(LoopyError::Sides);
        }
        if onside.leq(&offside, budget)? {
            return Ok(Loopy::Stopper(onside));
        }
        Ok(Loopy::Sided {
            onside,
            offside,
            form,
        })
    }

    /// The value of a short game.
    pub fn short(g: GameId, u: &Universe) -> Loopy {
        Loopy::Stopper(Stopper::from_short(g, u))
    }

    /// The onside.
    pub fn onside(&self) -> &Stopper {
        match self {
            Loopy::Stopper(s) => s,
            Loopy::Sided { onside, .. } => onside,
        }
    }

    /// The offside.
    pub fn offside(&self) -> &Stopper {
        match self {
            Loopy::Stopper(s) => s,
            Loopy::Sided { offside, .. } => offside,
        }
    }

    /// Whether it is a short game.
    pub fn is_short(&self) -> bool {
        matches!(self, Loopy::Stopper(s) if s.is_short())
    }

    /// A game graph of it (root 0), where one is known.
    pub fn form(&self) -> Option<&Graph> {
        match self {
            Loopy::Stopper(s) => Some(&s.graph),
            Loopy::Sided { form, .. } => form.as_ref(),
        }
    }

    /// The negative.
    pub fn negative(&self) -> Loopy {
        match self {
            Loopy::Stopper(s) => Loopy::Stopper(s.negative()),
            Loopy::Sided {
                onside,
                offside,
                form,
            } => Loopy::Sided {
                onside: offside.negative(),
                offside: onside.negative(),
                form: form.as_ref().map(Graph::negative),
            },
        }
    }

    /// The sum: its onside is the onsides' upsum, its offside the offsides' downsum.
    pub fn add(&self, other: &Loopy, budget: &Budget) -> Result<Loopy, LoopyError> {
        if let (Loopy::Stopper(a), Loopy::Stopper(b)) = (self, other) {
            return Loopy::of_graph(&a.graph.sum(&b.graph), 0, budget);
        }
        let onside = upsum(self.onside(), other.onside(), budget)?;
        let offside = downsum(self.offside(), other.offside(), budget)?;
        let form = match (self.form(), other.form()) {
            (Some(a), Some(b)) => Some(a.sum(b)),
            _ => None,
        };
        Loopy::sided(onside, offside, form, budget)
    }

    /// `self <= other`: on both sides.
    pub fn leq(&self, other: &Loopy, budget: &Budget) -> Result<bool, LoopyError> {
        Ok(self.onside().leq(other.onside(), budget)? && self.offside().leq(other.offside(), budget)?)
    }

    /// Equal values.
    pub fn equals(&self, other: &Loopy, budget: &Budget) -> Result<bool, LoopyError> {
        Ok(self.leq(other, budget)? && other.leq(self, budget)?)
    }

    /// Who wins with each player moving first (endless play a draw): the onside's
    /// and the offside's outcome classes, put together.
    pub fn outcome(&self, budget: &Budget) -> Result<LoopyOutcome, LoopyError> {
        let zero = Stopper {
            graph: Graph::with_nodes(1),
        };
        let class = |s: &Stopper| -> Result<LoopyOutcome, LoopyError> {
            Ok(side_class(zero.leq(s, budget)?, s.leq(&zero, budget)?))
        };
        use LoopyOutcome::*;
        Ok(match (class(self.onside())?, class(self.offside())?) {
            (L, L) => L,
            (L, N) => NHat,
            (L, P) => PHat,
            (L, R) => D,
            (N, N) => N,
            (N, R) => NCheck,
            (P, P) => P,
            (P, R) => PCheck,
            (R, R) => R,
            // The onside is at least the offside, so no other pair occurs.
            (on, off) => {
                return Err(LoopyError::Graph(format!(
                    "onside class {on} above offside class {off}"
                )))
            }
        })
    }
}

/// The onside of the sum of two stoppers.
pub fn upsum(a: &Stopper, b: &Stopper, budget: &Budget) -> Result<Stopper, LoopyError> {
    sided_sum(a, b, Side::Onside, budget)
}

/// The offside of the sum of two stoppers.
pub fn downsum(a: &Stopper, b: &Stopper, budget: &Budget) -> Result<Stopper, LoopyError> {
    sided_sum(a, b, Side::Offside, budget)
}

fn sided_sum(a: &Stopper, b: &Stopper, side: Side, budget: &Budget) -> Result<Stopper, LoopyError> {
    let mut meter = Meter::new(budget);
    let sum = a.graph.sum(&b.graph);
    let name = if side == Side::Onside { "onside" } else { "offside" };
    let graph = side_stopper(&sum, 0, side, &mut meter)?.ok_or(LoopyError::NotStopperSided(name))?;
    Ok(Stopper { graph })
}
