//! Loopy games: stoppers, sided values and their canonical forms.
//!
//! A loopy game may repeat a position. Its value (Winning Ways ch. 11; Siegel,
//! *Combinatorial Game Theory*, ch. VI) is a **stopper** where no alternating play
//! goes on for ever (`on = {pass|}`, `over = {0|pass}`, `a{0||0|a}`), else a **sided
//! value** `G & H`: the onside G (endless play counted as Left's win) and the offside
//! H (as Right's), each a stopper (`dud = on & off`). Every short game is a stopper.
//!
//! # Contents
//! - [`Graph`]: a game graph, the input ([`graph_value`]) of every value here.
//! - [`Loopy`], [`Stopper`]: values, their sums, negatives, comparisons and
//!   outcome classes ([`LoopyOutcome`], with D for a draw).
//! - [`evaluate`]: the calculator's loopy expressions, CGSuite's notation
//!   (`{0|pass}`, `a{0|a}`, `on + off`, `over & v`), with [`mentions_loopy`] to
//!   tell them from short ones.
//! - [`display`]: CGSuite's notation back.
//!
//! ```
//! use grundy_budget::Budget;
//! use grundy_cgt::{loopy, Universe};
//! let mut u = Universe::new();
//! let b = Budget::default();
//! let over = loopy::evaluate("{0|pass}", &mut u, &b).unwrap();
//! assert_eq!(over, loopy::Answer::Value("over".into()));
//! let dud = loopy::evaluate("{pass|} + {|pass}", &mut u, &b).unwrap();
//! assert_eq!(dud, loopy::Answer::Value("dud".into()));
//! ```

mod compare;
mod display;
mod graph;
mod parse;
mod simplify;
mod stops;
mod value;

pub use display::{display, display_stopper};
pub use graph::Graph;
pub use parse::{evaluate, mentions_loopy, parse_value, Answer, CalcError, FUNCTIONS};
pub use stops::Pseudonumber;
pub use value::{downsum, upsum, Loopy, LoopyOutcome, Stopper};

use grundy_budget::{Budget, OverBudget};

/// Why a loopy value could not be found.
#[derive(Clone, Debug, thiserror::Error)]
pub enum LoopyError {
    /// A limit of the budget ran out.
    #[error(transparent)]
    OverBudget(#[from] OverBudget),
    /// The graph given is malformed.
    #[error("malformed game graph: {0}")]
    Graph(String),
    /// Removing moves on alternating cycles did not reach a stopper for this side.
    #[error("the {0} of this game is not a stopper that this method finds (a game like Bach's Carousel); no exact value")]
    NotStopperSided(&'static str),
    /// `G & H` with the offside above the onside.
    #[error("in G & H the onside G must be at least the offside H")]
    Sides,
}

/// The value of node `root` of the graph: a short game, a stopper (on, off, over,
/// a{0|a}, ...) or a sided value `G & H`.
pub fn graph_value(graph: &Graph, root: usize, budget: &Budget) -> Result<Loopy, LoopyError> {
    Loopy::of_graph(graph, root, budget)
}

#[cfg(test)]
mod tests;
