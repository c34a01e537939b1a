use rustc_hash::{FxHashMap, FxHashSet};

use crate::solve::DEFAULT_LIMIT;
use crate::{GameError, Impartial};

/// The minimum excludant: the least non-negative integer not in `values`
/// (the workspace's one mex, [`grundy_octal::mex`]).
///
/// ```
/// assert_eq!(grundy::solve::mex([0, 1, 3]), 2);
/// assert_eq!(grundy::solve::mex([]), 0);
/// ```
pub use grundy_octal::mex;

struct Frame<P> {
    component: P,
    options: Vec<P>,
    next: usize,
    values: Vec<u64>,
}

/// Nim-values (Sprague–Grundy values) by memoized mex, with an explicit stack.
///
/// Only the atomic components of positions are stored: the value of a sum is the
/// XOR of its components' values, which is what makes sums of large games cheap.
///
/// ```
/// use grundy::{games::Nim, solve::NimValues};
/// let mut values = NimValues::new(&Nim);
/// assert_eq!(values.nim_value(&vec![3, 5, 6]).unwrap(), 0);
/// assert_eq!(values.nim_value(&vec![1, 2]).unwrap(), 3);
/// ```
pub struct NimValues<G: Impartial> {
    game: G,
    memo: FxHashMap<G::Position, u64>,
    limit: usize,
    repeated: Option<G::Position>,
}

impl<G: Impartial> NimValues<G> {
    /// A solver with the default position limit.
    pub fn new(game: G) -> Self {
        Self::with_limit(game, DEFAULT_LIMIT)
    }

    /// A solver that gives up after `limit` distinct components.
    pub fn with_limit(game: G, limit: usize) -> Self {
        NimValues {
            game,
            memo: FxHashMap::default(),
            limit,
            repeated: None,
        }
    }

    /// The component found repeating along a line of play, after
    /// [`NimValues::nim_value`] failed with [`GameError::Loopy`].
    pub fn repeated(&self) -> Option<&G::Position> {
        self.repeated.as_ref()
    }

    /// The nim-value of a position: XOR of its components' values.
    pub fn nim_value(&mut self, p: &G::Position) -> Result<u64, GameError> {
        let mut parts = Vec::new();
        self.game.components(p, &mut parts);
        let mut x = 0;
        for c in &parts {
            x ^= self.component_value(c)?;
        }
        Ok(x)
    }

    /// The value of the first component of `p` that is not solved yet, or the XOR
    /// of all components' values when every one is.
    fn known_value(&self, p: &G::Position, parts: &mut Vec<G::Position>) -> Result<u64, G::Position> {
        parts.clear();
        self.game.components(p, parts);
        let mut x = 0;
        for c in parts.iter() {
            match self.memo.get(c) {
                Some(v) => x ^= v,
                None => return Err(c.clone()),
            }
        }
        Ok(x)
    }

    fn component_value(&mut self, root: &G::Position) -> Result<u64, GameError> {
        if let Some(v) = self.memo.get(root) {
            return Ok(*v);
        }
        let mut stack = vec![self.frame(root.clone())?];
        let mut on_stack = FxHashSet::default();
        on_stack.insert(root.clone());
        let mut parts = Vec::new();
        while let Some(top) = stack.last_mut() {
            let mut missing = None;
            while top.next < top.options.len() {
                match self.known_value(&top.options[top.next], &mut parts) {
                    Ok(v) => {
                        top.values.push(v);
                        top.next += 1;
                    }
                    Err(c) => {
                        missing = Some(c);
                        break;
                    }
                }
            }
            match missing {
                Some(c) => {
                    if on_stack.contains(&c) {
                        let e = GameError::Loopy(format!("{c:?}"));
                        self.repeated = Some(c);
                        return Err(e);
                    }
                    let visited = self.memo.len() + stack.len();
                    if visited.is_multiple_of(super::progress::REPORT_EVERY) {
                        super::progress::report(visited as u64, self.limit as u64);
                    }
                    if visited >= self.limit {
                        let e = GameError::too_many_positions("nim-value", self.limit);
                        return Err(super::progress::stopped(e, stack.len(), visited));
                    }
                    on_stack.insert(c.clone());
                    match self.frame(c) {
                        Ok(frame) => stack.push(frame),
                        Err(e) => return Err(super::progress::stopped(e, stack.len(), visited)),
                    }
                }
                None => {
                    let frame = stack.pop().expect("stack is not empty");
                    let v = mex(frame.values.iter().copied());
                    on_stack.remove(&frame.component);
                    self.memo.insert(frame.component, v);
                }
            }
        }
        Ok(self.memo[root])
    }

    fn frame(&self, component: G::Position) -> Result<Frame<G::Position>, GameError> {
        let mut options = Vec::new();
        self.game.options(&component, &mut options)?;
        Ok(Frame {
            component,
            values: Vec::with_capacity(options.len()),
            options,
            next: 0,
        })
    }
}
