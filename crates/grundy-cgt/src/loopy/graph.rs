//! Game graphs: the finite, possibly cyclic, form every loopy value is computed on.

use grundy_budget::{Budget, Limit, OverBudget, Task};

/// A finite game graph: node `i`'s Left options are `left[i]`, its Right options
/// `right[i]` (indices into the same vectors). A node may be its own option (a pass).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Graph {
    /// Each node's Left options.
    pub left: Vec<Vec<usize>>,
    /// Each node's Right options.
    pub right: Vec<Vec<usize>>,
}

/// Who moves in a state of play on a graph.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mover {
    Left,
    Right,
}

impl Graph {
    /// A graph of `n` nodes without options.
    pub fn with_nodes(n: usize) -> Graph {
        Graph {
            left: vec![Vec::new(); n],
            right: vec![Vec::new(); n],
        }
    }

    /// The number of nodes.
    pub fn len(&self) -> usize {
        self.left.len()
    }

    /// Whether the graph has no nodes.
    pub fn is_empty(&self) -> bool {
        self.left.is_empty()
    }

    /// Adds a node without options and returns it.
    pub fn add_node(&mut self) -> usize {
        self.left.push(Vec::new());
        self.right.push(Vec::new());
        self.left.len() - 1
    }

    pub(crate) fn options(&self, v: usize, mover: Mover) -> &[usize] {
        match mover {
            Mover::Left => &self.left[v],
            Mover::Right => &self.right[v],
        }
    }

    /// Checks that every option names a node.
    pub fn check(&self) -> Result<(), String> {
        if self.left.len() != self.right.len() {
            return Err(format!(
                "the graph has {} nodes' Left options but {} nodes' Right options",
                self.left.len(),
                self.right.len()
            ));
        }
        for (v, (l, r)) in self.left.iter().zip(&self.right).enumerate() {
            if let Some(w) = l.iter().chain(r).find(|&&w| w >= self.len()) {
                return Err(format!(
                    "node {v} has option {w}, but the graph has {} nodes",
                    self.len()
                ));
            }
        }
        Ok(())
    }

    /// The negative: Left's and Right's options swapped.
    pub fn negative(&self) -> Graph {
        Graph {
            left: self.right.clone(),
            right: self.left.clone(),
        }
    }

    /// The nodes reachable from `root`, renumbered from 0 (the root) in the order
    /// first met, with each node's options sorted and without repeats.
    pub fn reachable(&self, root: usize) -> Graph {
        let mut number = vec![usize::MAX; self.len()];
        let mut order = vec![root];
        number[root] = 0;
        let mut i = 0;
        while i < order.len() {
            let v = order[i];
            for &w in self.left[v].iter().chain(&self.right[v]) {
                if number[w] == usize::MAX {
                    number[w] = order.len();
                    order.push(w);
                }
            }
            i += 1;
        }
        let renumber = |opts: &[usize]| {
            let mut o: Vec<usize> = opts.iter().map(|&w| number[w]).collect();
            o.sort_unstable();
            o.dedup();
            o
        };
        Graph {
            left: order.iter().map(|&v| renumber(&self.left[v])).collect(),
            right: order.iter().map(|&v| renumber(&self.right[v])).collect(),
        }
    }

    /// The nodes reachable from `root` (itself included).
    pub(crate) fn reachable_set(&self, root: usize) -> rustc_hash::FxHashSet<usize> {
        let mut seen: rustc_hash::FxHashSet<usize> = [root].into_iter().collect();
        let mut stack = vec![root];
        while let Some(v) = stack.pop() {
            for &w in self.left[v].iter().chain(&self.right[v]) {
                if seen.insert(w) {
                    stack.push(w);
                }
            }
        }
        seen
    }

    /// The disjoint sum's graph: node `i * h.len() + j` is `self`'s node `i` plus
    /// `h`'s node `j`.
    pub fn sum(&self, h: &Graph) -> Graph {
        let m = h.len();
        let n = self.len() * m;
        let mut out = Graph::with_nodes(n);
        for i in 0..self.len() {
            for j in 0..m {
                let v = i * m + j;
                out.left[v].extend(self.left[i].iter().map(|&a| a * m + j));
                out.left[v].extend(h.left[j].iter().map(|&b| i * m + b));
                out.right[v].extend(self.right[i].iter().map(|&a| a * m + j));
                out.right[v].extend(h.right[j].iter().map(|&b| i * m + b));
            }
        }
        out
    }

    /// Copies `h` into this graph and returns where its node 0 went.
    pub(crate) fn embed(&mut self, h: &Graph) -> usize {
        let base = self.len();
        for v in 0..h.len() {
            self.left.push(h.left[v].iter().map(|&w| w + base).collect());
            self.right.push(h.right[v].iter().map(|&w| w + base).collect());
        }
        base
    }

    /// Whether no alternating sequence of moves from `root` goes on for ever: a
    /// stopper. The states of play (node, mover) form a graph of their own; a
    /// stopper's is acyclic, which peeling states without successors finds.
    pub fn is_stopper(&self, root: usize) -> bool {
        let g = self.reachable(root);
        let n = g.len();
        let state = |v: usize, m: Mover| 2 * v + (m == Mover::Right) as usize;
        let mut pending = vec![0usize; 2 * n];
        let mut preds: Vec<Vec<usize>> = vec![Vec::new(); 2 * n];
        for v in 0..n {
            for (m, next) in [(Mover::Left, Mover::Right), (Mover::Right, Mover::Left)] {
                for &w in g.options(v, m) {
                    pending[state(v, m)] += 1;
                    preds[state(w, next)].push(state(v, m));
                }
            }
        }
        let mut done: Vec<usize> = (0..2 * n).filter(|&s| pending[s] == 0).collect();
        let mut peeled = 0;
        while let Some(s) = done.pop() {
            peeled += 1;
            for &p in &preds[s] {
                pending[p] -= 1;
                if pending[p] == 0 {
                    done.push(p);
                }
            }
        }
        peeled == 2 * n
    }

    /// Whether some sequence of moves from `root` (by anyone, in any order)
    /// repeats a node.
    pub fn is_loopfree(&self, root: usize) -> bool {
        self.topological(root).is_some()
    }

    /// The nodes reachable from `root`, each after all of its options, or `None`
    /// where a node is its own follower.
    pub(crate) fn topological(&self, root: usize) -> Option<Vec<usize>> {
        // 0: unseen, 1: on the path, 2: finished.
        let mut mark = vec![0u8; self.len()];
        let mut order = Vec::new();
        let mut stack: Vec<(usize, usize)> = vec![(root, 0)];
        mark[root] = 1;
        while let Some(&mut (v, ref mut i)) = stack.last_mut() {
            let opts = self.left[v].len() + self.right[v].len();
            if *i == opts {
                mark[v] = 2;
                order.push(v);
                stack.pop();
                continue;
            }
            let w = if *i < self.left[v].len() {
                self.left[v][*i]
            } else {
                self.right[v][*i - self.left[v].len()]
            };
            *i += 1;
            match mark[w] {
                0 => {
                    mark[w] = 1;
                    stack.push((w, 0));
                }
                1 => return None,
                _ => {}
            }
        }
        Some(order)
    }
}

/// The work and memory of one loopy computation, within its budget.
pub(crate) struct Meter<'a> {
    budget: &'a Budget,
    steps: u64,
    allowed: u64,
}

impl<'a> Meter<'a> {
    pub(crate) fn new(budget: &'a Budget) -> Meter<'a> {
        Meter {
            budget,
            steps: 0,
            allowed: budget.work(Task::Value),
        }
    }

    /// Counts `n` steps of work.
    pub(crate) fn work(&mut self, n: u64) -> Result<(), OverBudget> {
        self.steps = self.steps.saturating_add(n);
        if self.steps > self.allowed {
            return Err(Budget::over(
                Limit::Work,
                self.steps,
                self.allowed,
                "computing a loopy value",
            ));
        }
        if self.steps & 0xffff < n.min(0x10000) {
            self.budget
                .cancel
                .check(|| "computing a loopy value".to_string())?;
        }
        Ok(())
    }

    /// Checks that a table of `bytes` fits the memory budget.
    pub(crate) fn memory(&self, bytes: u128) -> Result<(), OverBudget> {
        self.budget
            .check_memory(bytes, "a loopy value's table of states of play")
    }
}
