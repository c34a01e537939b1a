//! The threads of the solvers that run on all cores, as the budget says.

use crate::Budget;

/// Run `work` with rayon's parallel iterators on `budget`'s threads: a pool of
/// [`Budget::threads`] threads when it is set, else the process's own (one a
/// core). The size travels with the budget, not in a pool set once for the
/// process, so two calls with different budgets each get their own.
pub fn on_threads<T: Send>(budget: &Budget, work: impl FnOnce() -> T + Send) -> T {
    match budget.threads {
        Some(n) if n != rayon::current_num_threads() => {
            match rayon::ThreadPoolBuilder::new().num_threads(n).build() {
                Ok(pool) => pool.install(work),
                // No threads to be had: the work still runs, on the threads there are.
                Err(_) => work(),
            }
        }
        _ => work(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_budget_sets_the_threads() {
        let budget = Budget {
            threads: Some(3),
            ..Budget::default()
        };
        assert_eq!(on_threads(&budget, rayon::current_num_threads), 3);
        let one = Budget {
            threads: Some(1),
            ..Budget::default()
        };
        assert_eq!(on_threads(&one, rayon::current_num_threads), 1);
        let all = rayon::current_num_threads();
        assert_eq!(on_threads(&Budget::default(), rayon::current_num_threads), all);
    }
}
