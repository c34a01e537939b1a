//! Retrograde analysis: from the ends of the game backwards; what is never reached is a draw.

use std::sync::atomic::{AtomicU32, AtomicU8, Ordering::Relaxed};

use rayon::prelude::*;

use crate::solve::{Evaluation, Indexed};
use crate::{GameError, Outcome};

/// The outcome codes of [`Solution::parts`] and of the 2-bit tables of `grundy-retro`.
pub mod codes {
    use crate::Outcome;

    /// Outcome code of an index that is not a position (a gap in the numbering).
    pub const NONE: u8 = 0;
    /// Outcome code of a win for the player to move.
    pub const WIN: u8 = 1;
    /// Outcome code of a loss for the player to move.
    pub const LOSE: u8 = 2;
    /// Outcome code of a draw.
    pub const DRAW: u8 = 3;

    /// The outcome code ([`WIN`], [`LOSE`], [`DRAW`]) of an outcome.
    pub fn code(o: Outcome) -> u8 {
        match o {
            Outcome::Win => WIN,
            Outcome::Lose => LOSE,
            Outcome::Draw => DRAW,
        }
    }

    /// The outcome of a code; `None` for [`NONE`] (a gap) and anything else.
    pub fn outcome(code: u8) -> Option<Outcome> {
        match code {
            WIN => Some(Outcome::Win),
            LOSE => Some(Outcome::Lose),
            DRAW => Some(Outcome::Draw),
            _ => None,
        }
    }
}

use codes::{code, DRAW, LOSE, NONE, WIN};

/// The largest number of positions the retrograde solvers index (with `u32` edges).
pub const MAX_POSITIONS: u64 = u32::MAX as u64 - 1;

/// The remoteness [`Solution::parts`] gives a draw by repetition (no end with best
/// play): no number of moves, so larger than any.
pub const NO_END: u32 = u32::MAX;

/// The value of every position of an [`Indexed`] game: one byte of outcome and four
/// of remoteness per index. (`grundy_retro::Table` is the compact form, 2 bits.)
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    codes: Vec<u8>,
    remoteness: Vec<u32>,
}

impl Solution {
    /// How many indices (positions and gaps).
    pub fn size(&self) -> u64 {
        self.codes.len() as u64
    }

    /// The value of position `i`; `None` for a gap.
    pub fn evaluation(&self, i: u64) -> Option<Evaluation> {
        let o = codes::outcome(*self.codes.get(i as usize)?)?;
        Some(Evaluation {
            outcome: o,
            remoteness: Some(self.remoteness[i as usize])
                .filter(|&r| r != NO_END)
                .map(u64::from),
        })
    }

    /// How many positions have each outcome: `(wins, losses, draws)`.
    pub fn counts(&self) -> (u64, u64, u64) {
        let mut c = [0u64; 4];
        for &x in &self.codes {
            c[x as usize] += 1;
        }
        (c[1], c[2], c[3])
    }

    /// The raw values: one outcome code per index ([`NONE`] for a gap, [`WIN`],
    /// [`LOSE`], [`DRAW`]) and one remoteness per index (0 for gaps; for a draw,
    /// the moves to a tie, or [`NO_END`] for a draw by repetition).
    pub fn parts(&self) -> (&[u8], &[u32]) {
        (&self.codes, &self.remoteness)
    }
}

/// Reverse edges in compressed form: the parents of `i` are `edges[start[i]..start[i+1]]`.
struct Parents {
    start: Vec<u64>,
    edges: Vec<u32>,
}

fn check_size(game: &impl Indexed) -> Result<usize, GameError> {
    let n = game.size();
    if n > MAX_POSITIONS {
        return Err(GameError::too_many_positions(
            "retrograde analysis",
            MAX_POSITIONS as usize,
        ));
    }
    Ok(n as usize)
}

/// Single-threaded retrograde analysis of every position of `game`.
///
/// Positions that end the game (by the terminal rule, or with no option: a loss)
/// are solved first; then, in order of remoteness, a position with a losing option
/// is a win (remoteness 1 + the least over losing options) and a position all of
/// whose options are wins is a loss (1 + the greatest). What is never resolved is
/// a draw: a *tie* when a line of drawing moves reaches a draw by the rules (the
/// remoteness of the nearest, as [`Evaluation`] says), else a draw by repetition
/// (remoteness `None`). On acyclic games this is exactly [`crate::solve::Search`].
///
/// ```
/// use grundy::solve::{retrograde, Indexed};
/// use grundy::Outcome;
/// // Positions 0 -> 1 -> 2 -> 0 go round for ever; 0 may also step out to 3, 3 to 4.
/// struct Ring;
/// impl Indexed for Ring {
///     fn size(&self) -> u64 { 5 }
///     fn terminal(&self, _: u64) -> Option<Outcome> { None }
///     fn options(&self, i: u64, out: &mut Vec<u64>) {
///         out.extend(match i { 0 => &[1, 3][..], 1 => &[2], 2 => &[0], 3 => &[4], _ => &[] })
///     }
/// }
/// let s = retrograde(&Ring).unwrap();
/// let e = |i| s.evaluation(i).unwrap();
/// assert_eq!((e(4).outcome, e(3).outcome), (Outcome::Lose, Outcome::Win));
/// // From 0, stepping to 3 loses and the ring never ends: 0, 1 and 2 are draws.
/// assert_eq!([e(0).outcome, e(1).outcome, e(2).outcome], [Outcome::Draw; 3]);
/// ```
pub fn retrograde<G: Indexed>(game: &G) -> Result<Solution, GameError> {
    let n = check_size(game)?;
    // One word per index: the options not yet known to be wins while the position
    // is unresolved, its remoteness once it is. A parent update then touches one
    // word where a count and a remoteness apart would cost two cache misses (the
    // words of a big game are read in no order the cache can follow).
    let mut word = vec![0u32; n];
    let mut opts = Vec::new();
    let parents = game_parents(game, n, &mut word, false);
    let mut codes = vec![NONE; n];
    let mut queue: Vec<u32> = Vec::new();
    let mut ties: Vec<u32> = Vec::new();
    // A terminal position has a count of 0 (no option listed): only those are
    // asked, and their word is already their remoteness, 0.
    for i in 0..n {
        if word[i] != 0 || !game.is_position(i as u64) {
            continue;
        }
        match game.terminal(i as u64) {
            Some(Outcome::Draw) => {
                codes[i] = DRAW;
                ties.push(i as u32);
            }
            Some(o) => {
                codes[i] = code(o);
                queue.push(i as u32);
            }
            None => {
                codes[i] = LOSE;
                queue.push(i as u32);
            }
        }
    }
    let mut head = 0;
    let mut marks = Vec::new();
    let mut level_end = queue.len();
    while head < queue.len() {
        if head == level_end {
            sort_level(&mut queue[head..], &mut marks);
            level_end = queue.len();
        }
        let c = queue[head] as usize;
        head += 1;
        let r = word[c] + 1;
        let lose = codes[c] == LOSE;
        for_parents(game, &parents, c, &mut opts, |p| {
            if codes[p] != NONE {
                return;
            }
            if lose {
                codes[p] = WIN;
            } else {
                word[p] -= 1;
                if word[p] > 0 {
                    return;
                }
                codes[p] = LOSE;
            }
            word[p] = r;
            queue.push(p as u32);
        });
    }
    // What is left is drawn. Ties next, nearest first, the same way: a drawn
    // position with an option that ties is a tie one move further.
    let mut head = 0;
    while head < ties.len() {
        let c = ties[head] as usize;
        head += 1;
        let r = word[c] + 1;
        for_parents(game, &parents, c, &mut opts, |p| {
            if codes[p] == NONE {
                codes[p] = DRAW;
                word[p] = r;
                ties.push(p as u32);
            }
        });
    }
    // The words of unresolved indices still hold counts: `finish_draws` replaces them.
    finish_draws(game, &mut codes, &mut word);
    Ok(Solution {
        codes,
        remoteness: word,
    })
}

/// Sorts `level`, distinct indices, through a bitmap when they are dense enough
/// (one bit set for each, then one scan of the words from the least to the greatest:
/// faster than a comparison sort), else by comparisons. `marks` is all zeros before
/// and after; it grows as needed.
fn sort_level(level: &mut [u32], marks: &mut Vec<u64>) {
    let (Some(&lo), Some(&hi)) = (level.iter().min(), level.iter().max()) else {
        return;
    };
    let (lo, hi) = (lo as usize / 64, hi as usize / 64);
    if hi - lo > 4 * level.len() {
        level.sort_unstable();
        return;
    }
    if marks.len() <= hi {
        marks.resize(hi + 1, 0);
    }
    for &i in level.iter() {
        marks[i as usize / 64] |= 1 << (i % 64);
    }
    let mut k = 0;
    for (w, word) in marks[lo..=hi].iter_mut().enumerate() {
        let mut bits = std::mem::take(word);
        while bits != 0 {
            level[k] = ((lo + w) * 64) as u32 + bits.trailing_zeros();
            k += 1;
            bits &= bits - 1;
        }
    }
    debug_assert_eq!(k, level.len(), "the indices of a level are distinct");
}

/// The positions never resolved are draws by repetition: no tie is reachable.
/// Gaps get remoteness 0 (whatever count their word held).
fn finish_draws<G: Indexed>(game: &G, codes: &mut [u8], rem: &mut [u32]) {
    for (i, c) in codes.iter_mut().enumerate() {
        if *c == NONE {
            if game.is_position(i as u64) {
                *c = DRAW;
                rem[i] = NO_END;
            } else {
                rem[i] = 0;
            }
        }
    }
}

/// Count options into `count`, and build the reverse edges unless the game gives parents.
fn game_parents<G: Indexed>(game: &G, n: usize, count: &mut [u32], parallel: bool) -> Option<Parents> {
    let mut probe = Vec::new();
    let gives = (0..n as u64)
        .find(|&i| game.is_position(i))
        .is_some_and(|i| game.parents(i, &mut probe));
    let degree = |i: usize, out: &mut Vec<u64>| -> u32 {
        out.clear();
        if game.is_position(i as u64) && game.expand(i as u64, out).is_some() {
            out.clear();
        }
        out.len() as u32
    };
    if gives {
        // Counts in blocks, so that a game counting from a decoded index steps along.
        const BLOCK: usize = 1 << 14;
        let counted = if parallel {
            count
                .par_chunks_mut(BLOCK)
                .enumerate()
                .all(|(k, block)| game.option_counts((k * BLOCK) as u64, block))
        } else {
            count
                .chunks_mut(BLOCK)
                .enumerate()
                .all(|(k, block)| game.option_counts((k * BLOCK) as u64, block))
        };
        if counted {
            return None;
        }
        if parallel {
            count
                .par_iter_mut()
                .enumerate()
                .for_each_init(Vec::new, |out, (i, c)| *c = degree(i, out));
        } else {
            let mut out = Vec::new();
            for (i, c) in count.iter_mut().enumerate() {
                *c = degree(i, &mut out);
            }
        }
        return None;
    }
    // One forward pass counts in-degrees; a second fills the edges.
    let indeg: Vec<AtomicU32> = (0..n).map(|_| AtomicU32::new(0)).collect();
    let pass1 = |out: &mut Vec<u64>, i: usize, c: &mut u32| {
        *c = degree(i, out);
        for &o in out.iter() {
            indeg[o as usize].fetch_add(1, Relaxed);
        }
    };
    if parallel {
        count
            .par_iter_mut()
            .enumerate()
            .for_each_init(Vec::new, |out, (i, c)| pass1(out, i, c));
    } else {
        let mut out = Vec::new();
        for (i, c) in count.iter_mut().enumerate() {
            pass1(&mut out, i, c);
        }
    }
    let mut start = Vec::with_capacity(n + 1);
    let mut total = 0u64;
    start.push(0);
    for d in &indeg {
        total += d.load(Relaxed) as u64;
        start.push(total);
    }
    let cursor: Vec<AtomicU32> = indeg.into_iter().map(|_| AtomicU32::new(0)).collect();
    let edges: Vec<AtomicU32> = (0..total).map(|_| AtomicU32::new(0)).collect();
    let pass2 = |out: &mut Vec<u64>, i: usize| {
        degree(i, out);
        for &o in out.iter() {
            let k = cursor[o as usize].fetch_add(1, Relaxed) as u64;
            edges[(start[o as usize] + k) as usize].store(i as u32, Relaxed);
        }
    };
    if parallel {
        (0..n)
            .into_par_iter()
            .for_each_init(Vec::new, |out, i| pass2(out, i));
    } else {
        let mut out = Vec::new();
        for i in 0..n {
            pass2(&mut out, i);
        }
    }
    Some(Parents {
        start,
        edges: edges.into_iter().map(AtomicU32::into_inner).collect(),
    })
}

fn for_parents<G: Indexed>(
    game: &G,
    parents: &Option<Parents>,
    c: usize,
    scratch: &mut Vec<u64>,
    mut f: impl FnMut(usize),
) {
    match parents {
        Some(p) => {
            for &e in &p.edges[p.start[c] as usize..p.start[c + 1] as usize] {
                f(e as usize)
            }
        }
        None => {
            scratch.clear();
            game.parents(c as u64, scratch);
            for &e in scratch.iter() {
                f(e as usize)
            }
        }
    }
}

/// One level of the parallel backward sweep: `visit(child, parent, next)` for every
/// parent of every position of `frontier`, on all threads; returns the positions
/// the visits pushed (the next frontier).
fn parallel_step<G: Indexed>(
    game: &G,
    parents: &Option<Parents>,
    frontier: &[u32],
    visit: impl Fn(usize, usize, &mut Vec<u32>) + Sync,
) -> Vec<u32> {
    frontier
        .par_iter()
        .fold(
            || (Vec::new(), Vec::new()),
            |(mut next, mut scratch): (Vec<u32>, Vec<u64>), &c| {
                for_parents(game, parents, c as usize, &mut scratch, |p| {
                    visit(c as usize, p, &mut next)
                });
                (next, scratch)
            },
        )
        .map(|(next, _)| next)
        .reduce(Vec::new, |mut a, mut b| {
            a.append(&mut b);
            a
        })
}

/// Retrograde analysis on all cores (the current rayon pool), one remoteness level at
/// a time: every position resolved at remoteness `r` updates its parents in parallel,
/// which yields the positions of remoteness `r + 1`. The result is identical to
/// [`retrograde`].
pub fn retrograde_parallel<G: Indexed>(game: &G) -> Result<Solution, GameError> {
    let n = check_size(game)?;
    // Progress (positions resolved of all) for whoever observes this thread: at
    // the start, then after each level (the workers' threads report nothing).
    super::progress::report(0, n as u64);
    let mut count = vec![0u32; n];
    let parents = game_parents(game, n, &mut count, true);
    // One word per index, as in `retrograde`: the count while unresolved, the
    // remoteness once resolved. A position claimed during a level gets its
    // remoteness only after the level: until then another thread that read it as
    // unresolved may still count it down (harmlessly: a position with a losing
    // option is never counted down to 0, and a claim by count is the last one).
    let word: Vec<AtomicU32> = count.into_iter().map(AtomicU32::new).collect();
    let codes: Vec<AtomicU8> = (0..n).map(|_| AtomicU8::new(NONE)).collect();
    let ended: Vec<u32> = (0..n)
        .into_par_iter()
        .filter_map(|i| {
            // A terminal position has a count of 0 (no option listed): only those
            // are asked, and their word is already their remoteness, 0.
            if word[i].load(Relaxed) != 0 || !game.is_position(i as u64) {
                return None;
            }
            let c = match game.terminal(i as u64) {
                Some(o) => code(o),
                None => LOSE,
            };
            codes[i].store(c, Relaxed);
            Some(i as u32)
        })
        .collect();
    let (mut ties, mut frontier): (Vec<u32>, Vec<u32>) = ended
        .into_par_iter()
        .partition(|&i| codes[i as usize].load(Relaxed) == DRAW);
    let mut marks = Vec::new();
    let mut r = 0u32;
    let mut resolved = frontier.len() as u64;
    while !frontier.is_empty() {
        super::progress::report(resolved, n as u64);
        r += 1;
        frontier = parallel_step(game, &parents, &frontier, |c, p, next| {
            if codes[p].load(Relaxed) != NONE {
                return;
            }
            let claimed = if codes[c].load(Relaxed) == LOSE {
                codes[p].compare_exchange(NONE, WIN, Relaxed, Relaxed).is_ok()
            } else {
                word[p].fetch_sub(1, Relaxed) == 1
                    && codes[p].compare_exchange(NONE, LOSE, Relaxed, Relaxed).is_ok()
            };
            if claimed {
                next.push(p as u32);
            }
        });
        // In index order, as in `retrograde`, for the caches.
        sort_level(&mut frontier, &mut marks);
        frontier
            .par_iter()
            .for_each(|&p| word[p as usize].store(r, Relaxed));
        resolved += frontier.len() as u64;
    }
    // Ties, one remoteness level at a time, as in `retrograde`.
    let mut r = 0u32;
    while !ties.is_empty() {
        r += 1;
        ties = parallel_step(game, &parents, &ties, |_, p, next| {
            // Nothing counts down in this phase: the remoteness goes in at once.
            if codes[p].compare_exchange(NONE, DRAW, Relaxed, Relaxed).is_ok() {
                word[p].store(r, Relaxed);
                next.push(p as u32);
            }
        });
    }
    let mut codes: Vec<u8> = codes.into_par_iter().map(AtomicU8::into_inner).collect();
    let mut rem: Vec<u32> = word.into_par_iter().map(AtomicU32::into_inner).collect();
    // The words of unresolved indices still hold counts: `finish_draws` replaces them.
    finish_draws(game, &mut codes, &mut rem);
    Ok(Solution {
        codes,
        remoteness: rem,
    })
}

/// The reference solver: plain fixpoint iteration over all positions, for tests.
///
/// Starts with every position unknown and applies the rules of
/// [`Evaluation::from_options`] (win by moving to a loss, lose when every option is a
/// win) until nothing changes; remoteness is iterated to its fixpoint the same way,
/// and so is the remoteness of ties (the least over drawn options, from the draws
/// that the rules end). Quadratic; only for small games.
pub fn fixpoint<G: Indexed>(game: &G) -> Solution {
    let n = game.size() as usize;
    let mut codes = vec![NONE; n];
    let mut rem = vec![0u32; n];
    let mut options: Vec<Vec<u64>> = vec![Vec::new(); n];
    for i in 0..n {
        if !game.is_position(i as u64) {
            continue;
        }
        match game.terminal(i as u64) {
            Some(o) => codes[i] = code(o),
            None => game.options(i as u64, &mut options[i]),
        }
    }
    loop {
        let mut changed = false;
        for i in 0..n {
            if codes[i] != NONE || !game.is_position(i as u64) || game.terminal(i as u64).is_some() {
                continue;
            }
            let os = &options[i];
            if os.iter().any(|&o| codes[o as usize] == LOSE) {
                codes[i] = WIN;
                changed = true;
            } else if os.iter().all(|&o| codes[o as usize] == WIN) {
                codes[i] = LOSE;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    // Remoteness: least fixpoint of the defining equations, by value iteration.
    loop {
        let mut changed = false;
        for i in 0..n {
            let os = &options[i];
            let r = match codes[i] {
                WIN => os
                    .iter()
                    .filter(|&&o| codes[o as usize] == LOSE)
                    .map(|&o| rem[o as usize] + 1)
                    .min(),
                LOSE => os.iter().map(|&o| rem[o as usize] + 1).max(),
                _ => None,
            };
            if let Some(r) = r {
                if r != rem[i] {
                    rem[i] = r;
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    // Ties: shortest distance to a draw by the rules, through drawn positions only.
    for i in 0..n {
        if codes[i] == NONE && game.is_position(i as u64) {
            rem[i] = NO_END;
        }
    }
    loop {
        let mut changed = false;
        for i in 0..n {
            if codes[i] != NONE || !game.is_position(i as u64) {
                continue;
            }
            let drawn = |o: &u64| codes[*o as usize] == NONE || codes[*o as usize] == DRAW;
            let nearest = options[i]
                .iter()
                .filter(|o| drawn(o))
                .map(|&o| rem[o as usize])
                .filter(|&r| r != NO_END)
                .min();
            if let Some(r) = nearest {
                if r + 1 < rem[i] {
                    rem[i] = r + 1;
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    for (i, c) in codes.iter_mut().enumerate() {
        if *c == NONE && game.is_position(i as u64) {
            *c = DRAW;
        }
    }
    Solution {
        codes,
        remoteness: rem,
    }
}

#[cfg(test)]
mod tests {
    use super::sort_level;

    #[test]
    fn sort_level_sorts_dense_and_sparse_levels_and_leaves_no_marks() {
        let mut marks = Vec::new();
        // Dense (through the bitmap), sparse (by comparisons), one, none, and a
        // level at the end of a word and past the bitmap's current length.
        let levels: [Vec<u32>; 5] = [
            (0..500).map(|i| (i * 7919) % 1000 + 64).collect(),
            vec![1 << 30, 5, 1 << 20, 77],
            vec![42],
            vec![],
            (0..200).rev().map(|i| 4096 + 3 * i).chain([4095, 8191]).collect(),
        ];
        for level in levels {
            let mut got = level.clone();
            sort_level(&mut got, &mut marks);
            let mut want = level;
            want.sort_unstable();
            assert_eq!(got, want);
            assert!(marks.iter().all(|&w| w == 0));
        }
        assert!(!marks.is_empty(), "the dense levels went through the bitmap");
    }
}
