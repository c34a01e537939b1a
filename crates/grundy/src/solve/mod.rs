//! Solvers. Each gives the same answers as [`Search`], the plain memoized search.
//!
//! | solver | for | memory |
//! |---|---|---|
//! | [`Search`] | any finite acyclic game | a hash map of visited positions |
//! | [`NimValues`] | impartial games and their sums | a hash map of components |
//! | [`solve_layers`] | games with a move counter | one layer at a time |
//! | [`HeapTable`] | heap games, heap sizes `0..=n` | a vector per heap size |

mod layered;
mod nimber;
mod search;
mod table;

pub use layered::{solve_layers, LayeredGame};
pub use nimber::{mex, NimValues};
pub use search::{Evaluation, Search, DEFAULT_LIMIT};
pub use table::{HeapTable, MexSet};
