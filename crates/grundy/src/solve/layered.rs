use crate::solve::Evaluation;
use crate::{Outcome, Play};

/// A game whose every move goes from layer `k` to layer `k + 1` (a move counter),
/// with the positions of each layer numbered `0..layer_size`.
///
/// Such a game is solved from the last layer back to the first, holding two
/// layers in memory, never the whole horizon.
pub trait LayeredGame {
    /// The number of the last layer; every position there must be terminal.
    fn last_layer(&self) -> usize;
    /// How many positions layer `layer` has.
    fn layer_size(&self, layer: usize) -> usize;
    /// The value for the player to move if the game ends at this position by a rule.
    fn terminal(&self, layer: usize, index: usize) -> Option<Outcome>;
    /// Call `visit` with the index (in layer `layer + 1`) of every option.
    fn for_each_option(&self, layer: usize, index: usize, visit: impl FnMut(usize));
}

/// Solve every position of `layer`, sweeping back from the last layer.
///
/// ```
/// use grundy::{games::Digits, solve::solve_layers, Outcome};
/// let game = Digits::new(3, 4).unwrap().layered(1234);
/// let first_layer = solve_layers(&game, 0);
/// assert_eq!(first_layer[1234].outcome, Outcome::Win);
/// ```
pub fn solve_layers<G: LayeredGame>(game: &G, layer: usize) -> Vec<Evaluation> {
    let last = game.last_layer();
    assert!(layer <= last, "layer {layer} is past the last layer {last}");
    let terminal_at = |k: usize, i: usize| game.terminal(k, i).map(Evaluation::terminal);
    let mut next: Vec<Evaluation> = (0..game.layer_size(last))
        .map(|i| terminal_at(last, i).expect("every position of the last layer is terminal"))
        .collect();
    let mut current = Vec::new();
    let mut options = Vec::new();
    for k in (layer..last).rev() {
        current.clear();
        for i in 0..game.layer_size(k) {
            let e = terminal_at(k, i).unwrap_or_else(|| {
                options.clear();
                game.for_each_option(k, i, |j| options.push(next[j]));
                Evaluation::from_options(options.iter().copied(), Play::Normal)
            });
            current.push(e);
        }
        std::mem::swap(&mut current, &mut next);
    }
    next
}
