//! Angluin's L*: the observation table of access sums against tests.

use rustc_hash::FxHashMap;

use super::candidate::Candidate;
use super::outcomes::{merged, Outcomes};
use super::prove::{prove, Proof};
use super::{QuotientError, QuotientLimits};

/// L* at one heap size: closes the table, makes it commute, and proves each
/// candidate until one holds (returned with its proof's states).
pub(super) fn learn(
    learner: &mut Learner,
    oracle: &mut Outcomes,
    options: &[Vec<Vec<u16>>],
    ranks: &[u32],
    limits: QuotientLimits,
    candidates: &mut usize,
) -> Result<(Candidate, usize), QuotientError> {
    loop {
        learner.close(oracle)?;
        if learner.make_commute(oracle)? {
            continue;
        }
        *candidates += 1;
        let candidate = Candidate::from_learner(learner);
        match prove(
            &candidate,
            options,
            ranks,
            limits,
            learner.max_heap,
            &mut oracle.work,
        )? {
            Proof::Holds { states } => return Ok((candidate, states)),
            Proof::Fails { wrong, rank } => {
                // Every sum of smaller rank is classified right: the searches for
                // the new tests stop there.
                if oracle.certified.as_ref().is_none_or(|(r, _)| rank > *r) {
                    oracle.certified = Some((rank, candidate));
                }
                learner.add_suffixes(oracle, &wrong)?;
            }
        }
    }
}

/// The L* observation table: access sums (distinct rows) against test sums.
pub(super) struct Learner {
    pub(super) heaps: u16,
    pub(super) limits: QuotientLimits,
    pub(super) max_heap: u64,
    pub(super) access: Vec<Vec<u16>>,
    pub(super) tests: Vec<Vec<u16>>,
    pub(super) rows: Vec<Vec<bool>>,
    pub(super) row_index: FxHashMap<Vec<bool>, u32>,
    /// `next[s][h - 1]`: the access sum whose row is that of access s plus heap h.
    pub(super) next: Vec<Vec<u32>>,
}

impl Learner {
    pub(super) fn new(limits: QuotientLimits, max_heap: u64) -> Self {
        Learner {
            heaps: 0,
            limits,
            max_heap,
            access: Vec::new(),
            tests: vec![Vec::new()],
            rows: Vec::new(),
            row_index: FxHashMap::default(),
            next: Vec::new(),
        }
    }

    fn row(&self, oracle: &mut Outcomes, g: &[u16]) -> Result<Vec<bool>, QuotientError> {
        self.tests
            .iter()
            .map(|t| oracle.is_p(&merged(g, None, t)))
            .collect()
    }

    /// Adds an access sum with a new row.
    fn push_access(&mut self, g: Vec<u16>, row: Vec<bool>) -> Result<u32, QuotientError> {
        if self.access.len() >= self.limits.max_elements {
            return Err(QuotientError::TooManyElements {
                max_heap: self.max_heap,
                limit: self.limits.max_elements,
            });
        }
        let id = self.access.len() as u32;
        self.row_index.insert(row.clone(), id);
        self.rows.push(row);
        self.access.push(g);
        Ok(id)
    }

    /// Closes the table: every access sum plus one heap has an access sum's row.
    fn close(&mut self, oracle: &mut Outcomes) -> Result<(), QuotientError> {
        if self.access.is_empty() {
            let row = self.row(oracle, &[])?;
            self.push_access(Vec::new(), row)?;
        }
        self.next.clear();
        let mut s = 0;
        while s < self.access.len() {
            let mut next = Vec::with_capacity(self.heaps as usize);
            for h in 1..=self.heaps {
                let g = merged(&self.access[s], None, &[h]);
                let row = self.row(oracle, &g)?;
                let id = match self.row_index.get(&row) {
                    Some(&id) => id,
                    None => self.push_access(g, row)?,
                };
                next.push(id);
            }
            self.next.push(next);
            s += 1;
        }
        Ok(())
    }

    /// Checks that the transitions commute; on a failure, adds the tests that
    /// separate the two paths and returns true.
    fn make_commute(&mut self, oracle: &mut Outcomes) -> Result<bool, QuotientError> {
        let n = self.heaps as usize;
        for s in 0..self.access.len() {
            for i in 0..n {
                for j in i + 1..n {
                    let via_i = self.next[self.next[s][i] as usize][j];
                    let via_j = self.next[self.next[s][j] as usize][i];
                    if via_i == via_j {
                        continue;
                    }
                    // The two rows differ on some test X; h_j + X or h_i + X
                    // separates an access sum from the sum it stands for.
                    let (ri, rj) = (&self.rows[via_i as usize], &self.rows[via_j as usize]);
                    let x = (0..ri.len()).find(|&k| ri[k] != rj[k]).expect("distinct rows");
                    let test = self.tests[x].clone();
                    let hi = merged(&test, None, &[i as u16 + 1]);
                    let hj = merged(&test, None, &[j as u16 + 1]);
                    self.add_tests(oracle, [hi, hj])?;
                    return Ok(true);
                }
            }
        }
        Ok(false)
    }

    fn add_tests(
        &mut self,
        oracle: &mut Outcomes,
        tests: impl IntoIterator<Item = Vec<u16>>,
    ) -> Result<(), QuotientError> {
        for t in tests {
            if self.tests.contains(&t) {
                continue;
            }
            for (g, row) in self.access.iter().zip(self.rows.iter_mut()) {
                row.push(oracle.is_p(&merged(g, None, &t))?);
            }
            self.tests.push(t);
        }
        self.row_index = self
            .rows
            .iter()
            .enumerate()
            .map(|(i, r)| (r.clone(), i as u32))
            .collect();
        Ok(())
    }

    /// A sum the candidate gets wrong: every suffix of it becomes a test.
    fn add_suffixes(&mut self, oracle: &mut Outcomes, wrong: &[u16]) -> Result<(), QuotientError> {
        let suffixes: Vec<Vec<u16>> = (0..wrong.len()).map(|i| wrong[i..].to_vec()).collect();
        self.add_tests(oracle, suffixes)
    }
}

impl Candidate {
    pub(super) fn from_learner(l: &Learner) -> Self {
        let order = l.access.len();
        let mut heap_element = vec![0];
        heap_element.extend(l.next[0].iter().copied());
        // x·y: read y's access sum from state x (well defined as the transitions
        // commute).
        let mut product = vec![0; order * order];
        for x in 0..order {
            for y in 0..order {
                let mut s = x as u32;
                for &h in &l.access[y] {
                    s = l.next[s as usize][h as usize - 1];
                }
                product[x * order + y] = s;
            }
        }
        let p = l.rows.iter().map(|r| r[0]).collect();
        Candidate {
            order,
            product,
            p,
            heap_element,
        }
    }
}
