//! The limits of a quotient's computation and the error of passing one.

use super::MAX_QUOTIENT_HEAP;

/// Bounds on the work of [`MisereQuotient::compute`](super::MisereQuotient::compute).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct QuotientLimits {
    /// The most elements a quotient (or a candidate) may have.
    pub max_elements: usize,
    /// The most sums whose misère outcome is searched and kept.
    pub max_positions: usize,
    /// The most proof states visited for one candidate.
    pub max_states: usize,
    /// The most bytes the outcome search's tables may hold. The search counts its
    /// own memory, so a limit below the process's address space ends it with an
    /// error before an allocation can fail (which would abort the process).
    pub max_bytes: u64,
    /// The most steps of proof: options mapped to elements and proof states
    /// expanded, over every candidate tried (about half a second per 10^8 here).
    pub max_work: u64,
}

impl Default for QuotientLimits {
    fn default() -> Self {
        QuotientLimits {
            max_elements: 2_000,
            max_positions: 20_000_000,
            max_states: 5_000_000,
            max_bytes: 8 << 30,
            max_work: 500_000_000,
        }
    }
}

/// Why a quotient was not computed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum QuotientError {
    /// `max_heap` out of range.
    #[error("the largest heap of a quotient must be between 1 and {MAX_QUOTIENT_HEAP}, not {0}")]
    HeapRange(u64),
    /// The game's heaps have too many options to list (a tail digit on a big heap).
    #[error("the heaps up to {0} have too many options for a quotient (more than 2000000 in all); try a smaller --max-heap")]
    TooManyOptions(u64),
    /// The memory for the positions searched ran out (a memory limit).
    #[error("computing the misère quotient of heaps up to {max_heap} ran out of memory after {positions} positions searched; try a smaller --max-heap")]
    OutOfMemory {
        /// The largest heap asked for.
        max_heap: u64,
        /// Positions kept when memory ran out.
        positions: usize,
    },
    /// The quotient grew past the element limit.
    #[error("the misère quotient of heaps up to {max_heap} has more than {limit} elements (found so far); try a smaller --max-heap")]
    TooManyElements {
        /// The largest heap asked for.
        max_heap: u64,
        /// The limit passed.
        limit: usize,
    },
    /// The outcome search outgrew its limit.
    #[error("computing the misère quotient of heaps up to {max_heap} needs more than {limit} positions searched; try a smaller --max-heap")]
    TooManyPositions {
        /// The largest heap asked for.
        max_heap: u64,
        /// The limit passed.
        limit: usize,
    },
    /// The searches and proofs would outgrow the memory limit
    /// ([`QuotientLimits::max_bytes`]) or the work limit
    /// ([`QuotientLimits::max_work`]): the budget's one error, naming the limit.
    #[error(transparent)]
    OverBudget(#[from] grundy_budget::OverBudget),
    /// The proof outgrew its limit.
    #[error("proving the misère quotient of heaps up to {max_heap} needs more than {limit} states; try a smaller --max-heap")]
    TooManyStates {
        /// The largest heap asked for.
        max_heap: u64,
        /// The limit passed.
        limit: usize,
    },
}

/// The search and proofs of the quotient to `max_heap` need `reached` bytes, more
/// than `allowed`.
pub(super) fn quotient_memory(max_heap: u64, reached: u64, allowed: u64) -> QuotientError {
    QuotientError::OverBudget(grundy_budget::OverBudget {
        limit: grundy_budget::Limit::Memory,
        what: format!("the misère quotient of heaps up to {max_heap} (a smaller --max-heap needs less)"),
        reached: reached.max(allowed.saturating_add(1)),
        allowed,
    })
}

/// The search and proofs of the quotient to `max_heap` took `reached` steps, more
/// than `allowed`.
pub(super) fn quotient_work(max_heap: u64, reached: u64, allowed: u64) -> QuotientError {
    QuotientError::OverBudget(grundy_budget::OverBudget {
        limit: grundy_budget::Limit::Work,
        what: format!(
            "the misère quotient of heaps up to {max_heap}: steps of search and proof (a smaller --max-heap needs fewer)"
        ),
        reached,
        allowed,
    })
}

/// Adds `steps` to the work done, or says the work limit is passed.
pub(super) fn charge(
    work: &mut u64,
    steps: u64,
    limits: QuotientLimits,
    max_heap: u64,
) -> Result<(), QuotientError> {
    *work += steps;
    if *work > limits.max_work {
        return Err(quotient_work(max_heap, *work, limits.max_work));
    }
    Ok(())
}
