//! A candidate quotient: a finite commutative monoid with a P-portion.

use super::learn::Learner;
use super::presentation::present;
use super::{Element, MisereQuotient, QuotientStats};
use crate::HeapRules;

/// A hypothesis: the table's automaton, as a monoid.
#[derive(Clone)]
pub(super) struct Candidate {
    pub(super) order: usize,
    pub(super) product: Vec<Element>,
    pub(super) p: Vec<bool>,
    pub(super) heap_element: Vec<Element>,
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

    pub(super) fn mul(&self, x: Element, y: Element) -> Element {
        self.product[x as usize * self.order + y as usize]
    }

    pub(super) fn element_of(&self, g: &[u16]) -> Element {
        g.iter()
            .fold(0, |x, &h| self.mul(x, self.heap_element[h as usize]))
    }

    pub(super) fn into_quotient(
        self,
        rules: HeapRules,
        max_heap: u64,
        options: Vec<Vec<Vec<u16>>>,
    ) -> MisereQuotient {
        let (generators, normal_forms, relations) = present(&self);
        MisereQuotient {
            rules,
            max_heap,
            product: self.product,
            p: self.p,
            heap_element: self.heap_element,
            options,
            generators,
            normal_forms,
            relations,
            stats: QuotientStats::default(),
        }
    }
}
