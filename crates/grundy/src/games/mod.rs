//! The built-in game families, one module each.
//!
//! | game | position | closed form |
//! |---|---|---|
//! | [`Nim`] | heaps | nim-sum (XOR); misère rule |
//! | [`Subtraction`] | heaps | proved period of the nim-sequence; arithmetic-periodic remoteness |
//! | [`AllBut`] | heaps | proved arithmetic period (saltus) |
//! | [`Euclid`] | a pair | the quotient rule, O(log) |
//! | [`Split`] | piles | nim-sequence from the engine |
//! | [`Digits`] | number, turns played, start | layer-by-layer sweep |
//! | [`Wythoff`] | a pair | Beatty sequences of the golden ratio |
//! | octal, hex, kayles, dawson, grundy | heaps | nim-sequence engine, Guy–Smith periods |
//! | [`Lasker`] | heaps | the known arithmetic period |
//! | [`Coins`] | a row of coins | XOR of single coins' values: closed forms or the definition |
//! | [`Mem`] | heaps with memories | nim-values of every heap and memory, O(n²) |
//! | [`Domineering`] | a board | partizan: own recursion over regions, 8 symmetries (transposes negate) |
//! | [`ToadsAndFrogs`] | a strip | partizan: canonical values, split at frozen `TTFF` |
//! | [`BackslidingToadsAndFrogs`] | a strip | loopy partizan: retrograde analysis with draws |
//! | [`FoxAndGeese`] | a board | loopy partizan: retrograde analysis with draws |
//! | [`Hackenbush`] | trees of L/R/G edges | partizan: canonical values, stalks add |
//! | [`HackenbushGraph`] | graphs of L/R/G edges | partizan: canonical values, fusion for green graphs |
//! | [`Clobber`] | a board | partizan: canonical values, groups of stones add |
//! | [`Cutcake`] | pieces WxH | partizan: canonical values, pieces add |
//! | [`TopplingDominoes`] | rows of L/R/G dominoes | partizan: canonical values, rows add, mirrored rows equal |
//! | [`Eatcake`] | pieces WxH | partizan: canonical values, pieces add |
//! | [`MaundyCake`] | pieces WxH | partizan: integer values, pieces add |
//! | [`PartizanSubtraction`] | heaps | partizan: canonical values from heap 0 up, heaps add |
//! | [`Fission`] | a board | partizan: canonical values, 4 mirror images |
//! | [`Placement`] (Snort, Col) | a board | partizan: canonical values, groups of open cells add, tinted |
//! | [`Konane`] | a board | partizan: canonical values, 8 symmetries |
//! | [`Amazons`] | a board | partizan: canonical values, regions between arrows add |
//!
//! Every heap family builds the one [`HeapGame`] (rules of `grundy-octal`, a name,
//! an optional known period): one mex loop (the engine's), one period prover, one
//! set of limits.

mod allbut;
mod amazons;
mod backsliding;
mod clobber;
mod coins;
mod cutcake;
mod digits;
mod domineering;
mod eatcake;
mod euclid;
mod fibonacci;
mod fission;
mod foxgeese;
mod hackenbush;
mod hackenbush_graph;
mod heap;
mod konane;
mod lasker;
mod maundy;
mod mem;
mod nim;
mod octal;
mod packed_sums;
mod partizan_subtraction;
mod placement;
mod split;
mod subtraction;
mod toads;
mod toppling;
mod wythoff;

use crate::catalogue::Family;
use crate::Outcome;

/// Every built-in family of the core, in the order `grundy help` lists them. A new
/// family is a new module that declares its [`Family`], plus one line here.
pub const FAMILIES: &[Family] = &[
    nim::FAMILY,
    subtraction::FAMILY,
    allbut::FAMILY,
    euclid::FAMILY,
    split::FAMILY,
    digits::FAMILY,
    wythoff::FAMILY,
    octal::OCTAL,
    octal::HEX,
    octal::KAYLES,
    octal::DAWSON,
    octal::GRUNDY,
    lasker::FAMILY,
    fibonacci::FAMILY,
    coins::FAMILY,
    mem::FAMILY,
    domineering::FAMILY,
    toads::FAMILY,
    backsliding::FAMILY,
    foxgeese::FAMILY,
    hackenbush::FAMILY,
    hackenbush_graph::FAMILY,
    clobber::FAMILY,
    cutcake::FAMILY,
    toppling::FAMILY,
    eatcake::FAMILY,
    maundy::FAMILY,
    partizan_subtraction::FAMILY,
    fission::FAMILY,
    placement::SNORT,
    placement::COL,
    konane::FAMILY,
    amazons::FAMILY,
];

pub use allbut::AllBut;
pub use amazons::{Amazons, AmazonsBoard};
pub use backsliding::BackslidingToadsAndFrogs;
pub use clobber::{Clobber, ClobberBoard};
pub use coins::{Coins, Row, Rule};
pub use cutcake::{piece_value, Cake, Cutcake};
pub use digits::{Digits, DigitsLayers, DigitsPosition};
pub use domineering::{
    regions as domineering_regions, search as domineering_search, Board, Domineering, DomineeringSearch,
    RegionTable, WideBoard, WideDomineering,
};
pub use eatcake::Eatcake;
pub use euclid::Euclid;
pub use fibonacci::{FibonacciNim, FibonacciPosition};
pub use fission::{Fission, FissionBoard};
pub use foxgeese::{FoxAndGeese, FoxBoard};
pub use hackenbush::{Colour, Edge, Hackenbush, Picture};
pub use hackenbush_graph::{fusion_value, Graph, GraphEdge, HackenbushGraph};
pub use heap::{
    canonical_heaps, canonical_name, HeapGame, RemotenessHook, LISTED_HEAP_LIMIT, PERIOD_SEARCH,
    SEQUENCE_LIMIT, THREE_HEAP_LIMIT,
};
pub use konane::{Konane, KonaneBoard};
pub use lasker::Lasker;
pub use maundy::{piece_value as maundy_piece_value, MaundyCake};
pub use mem::{Mem, MemPosition};
pub use nim::Nim;
pub use partizan_subtraction::PartizanSubtraction;
pub use placement::{Placement, PlacementBoard};
pub use split::Split;
pub use subtraction::{remoteness_table, Subtraction, MAX_SUBTRACT};
pub use toads::{Strip, ToadsAndFrogs};
pub use toppling::{Dominoes, TopplingDominoes};
pub use wythoff::Wythoff;

/// Options of a sum of heaps: one heap replaced by what a move on it leaves.
///
/// `heap_moves(h, emit)` lists, for a heap of `h`, the heaps a move leaves.
pub(crate) fn sum_options(
    heaps: &[u64],
    out: &mut Vec<Vec<u64>>,
    mut heap_moves: impl FnMut(u64, &mut dyn FnMut(&[u64])),
) {
    for (i, &h) in heaps.iter().enumerate() {
        heap_moves(h, &mut |left: &[u64]| {
            let mut next = Vec::with_capacity(heaps.len() + left.len());
            next.extend_from_slice(&heaps[..i]);
            next.extend_from_slice(left);
            next.extend_from_slice(&heaps[i + 1..]);
            out.push(next);
        });
    }
}

/// Each heap of a sum is a component of its own; empty heaps vanish.
pub(crate) fn heap_components(heaps: &[u64], out: &mut Vec<Vec<u64>>) {
    out.extend(heaps.iter().filter(|&&h| h > 0).map(|&h| vec![h]));
}

/// The most numbers the winning moves of one position hold in all, each move a
/// whole position: a sum of 20,001 heaps can have 20,001 winning moves of 20,001
/// heaps each (400 million numbers, gigabytes). Past it the rest are counted, not
/// listed.
pub(crate) const LISTED_NUMBERS: usize = 10_000_000;

/// How many winning moves of a position of `len` numbers are listed at most.
pub(crate) fn listed_moves(len: usize) -> usize {
    (LISTED_NUMBERS / len.max(1)).max(1)
}

/// The note for winning moves listed only in part: the first `listed`.
pub(crate) fn unlisted_note(listed: usize, len: usize) -> String {
    format!(
        "the first {listed} winning moves are listed, and there are more (each is a position of \
         {len} numbers: all of them would be over {LISTED_NUMBERS} numbers)"
    )
}

/// A list of numbers in GAME syntax: `1,3,4`.
pub(crate) fn join(xs: &[u64]) -> String {
    xs.iter().map(u64::to_string).collect::<Vec<_>>().join(",")
}

/// Product of (h + 1): the number of sub-positions of a sum of heaps.
pub(crate) fn heap_product(heaps: &[u64]) -> u128 {
    heaps
        .iter()
        .fold(1u128, |acc, &h| acc.saturating_mul(h as u128 + 1))
}

/// The outcome of a position of nim-value `nimber` under normal play.
pub(crate) fn outcome_of(nimber: u64) -> Outcome {
    if nimber == 0 {
        Outcome::Lose
    } else {
        Outcome::Win
    }
}

/// A move typed in heap words (`take 3`, `2:3`, `3+4`: see
/// [`crate::dynamic::read_heap_word`]) from heaps `p`, matched against the game's
/// options; positions with too many options to list take no words.
pub(crate) fn read_heap_move<G>(game: &G, p: &Vec<u64>, word: &str) -> crate::dynamic::MoveWord
where
    G: crate::dynamic::Analyze<Position = Vec<u64>>,
{
    use crate::dynamic::{heap_word_moves, read_heap_word, MoveWord};
    let word = match read_heap_word(word) {
        None => return MoveWord::NotAWord,
        Some(Err(why)) => return MoveWord::Wrong(why),
        Some(Ok(w)) => w,
    };
    if game.option_count(p).is_some_and(|n| n > HEAP_WORD_OPTIONS) {
        return MoveWord::NotAWord;
    }
    let mut options = Vec::new();
    if game.options(p, &mut options).is_err() {
        return MoveWord::NotAWord;
    }
    heap_word_moves(p, &word, &options)
}

/// The most options a heap word is matched against (`play` lists them all anyway).
const HEAP_WORD_OPTIONS: u128 = 1_000_000;
