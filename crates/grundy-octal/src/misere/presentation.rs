//! A quotient's presentation: generators, normal forms (least words) and relations.

use std::fmt;

use rustc_hash::FxHashMap;

use super::candidate::Candidate;
use super::Element;

/// A word in the generators: the exponent of each generator, in the order of
/// [`MisereQuotient::generators`](super::MisereQuotient::generators). Displayed as `a^2b`, or `1` when empty.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Word(pub Vec<u32>);

impl Word {
    fn degree(&self) -> u32 {
        self.0.iter().sum()
    }
}

impl fmt::Display for Word {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.iter().all(|&e| e == 0) {
            return f.write_str("1");
        }
        for (i, &e) in self.0.iter().enumerate() {
            if e == 0 {
                continue;
            }
            write!(f, "{}", letter(i))?;
            if e > 1 {
                write!(f, "^{e}")?;
            }
        }
        Ok(())
    }
}

/// The name of generator `i`: a, b, ..., z, then a1, b1, ...
pub fn letter(i: usize) -> String {
    let c = (b'a' + (i % 26) as u8) as char;
    if i < 26 {
        c.to_string()
    } else {
        format!("{c}{}", i / 26)
    }
}

/// A generator of the presentation: its letter index and the smallest heap that
/// maps to it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Generator {
    /// The heap whose element this generator is.
    pub heap: u64,
    /// Its element.
    pub element: Element,
}

/// Graded order on words: lower degree first, then more of the earlier letters
/// first (`a^2 < ab < b^2`). A monomial order, so least words form an order ideal.
pub(super) fn word_order(a: &Word, b: &Word) -> std::cmp::Ordering {
    a.degree().cmp(&b.degree()).then_with(|| b.0.cmp(&a.0))
}

/// Generators, normal forms and relations of a candidate's monoid.
pub(super) fn present(c: &Candidate) -> (Vec<Generator>, Vec<Word>, Vec<(Word, Word)>) {
    // Generators: each heap whose element is not yet generated, in heap order.
    let mut generators: Vec<Generator> = Vec::new();
    let mut generated = vec![false; c.order];
    generated[0] = true;
    for h in 1..c.heap_element.len() {
        let e = c.heap_element[h];
        if generated[e as usize] {
            continue;
        }
        generators.push(Generator {
            heap: h as u64,
            element: e,
        });
        // Close the generated set under the new generator.
        let mut frontier: Vec<Element> = (0..c.order as Element)
            .filter(|&x| generated[x as usize])
            .collect();
        while let Some(x) = frontier.pop() {
            for g in &generators {
                let y = c.mul(x, g.element);
                if !generated[y as usize] {
                    generated[y as usize] = true;
                    frontier.push(y);
                }
            }
        }
    }
    let n = generators.len();
    // Least words, degree by degree: every least word of degree d extends one of
    // degree d - 1 (least words form an order ideal).
    let mut normal: Vec<Option<Word>> = vec![None; c.order];
    normal[0] = Some(Word(vec![0; n]));
    let mut normal_words: FxHashMap<Word, Element> = FxHashMap::default();
    normal_words.insert(Word(vec![0; n]), 0);
    let mut layer: Vec<(Word, Element)> = vec![(Word(vec![0; n]), 0)];
    let mut relations = Vec::new();
    while !layer.is_empty() {
        let mut candidates: FxHashMap<Word, Element> = FxHashMap::default();
        for (w, x) in &layer {
            for (i, g) in generators.iter().enumerate() {
                let mut v = w.clone();
                v.0[i] += 1;
                candidates.insert(v, c.mul(*x, g.element));
            }
        }
        let mut ordered: Vec<(Word, Element)> = candidates.into_iter().collect();
        ordered.sort_by(|a, b| word_order(&a.0, &b.0));
        let mut next_layer = Vec::new();
        for (w, x) in ordered {
            if normal[x as usize].is_none() {
                normal[x as usize] = Some(w.clone());
                normal_words.insert(w.clone(), x);
                next_layer.push((w, x));
                continue;
            }
            // A relation when every divisor one letter shorter is a least word.
            let minimal = (0..n).filter(|&i| w.0[i] > 0).all(|i| {
                let mut d = w.clone();
                d.0[i] -= 1;
                normal_words.contains_key(&d)
            });
            if minimal {
                relations.push((w, normal[x as usize].clone().expect("set")));
            }
        }
        layer = next_layer;
    }
    let normal_forms = normal
        .into_iter()
        .map(|w| w.expect("every element is generated"))
        .collect();
    (generators, normal_forms, relations)
}
