//! The move-count bounds of Domineering's search: what each player can surely
//! do on a board and at most ([`Counts`], with the argument), the little games
//! that count a plan exactly (the harvest and plan tables), and the counting on
//! the bitboards (protective areas, pairs, threats).

use super::bits::{Bits, Cells, Geometry, View};
use crate::partizan::Side;

/// The cells behind a player's [`Counts`], in its view.
#[derive(Clone, Copy, Debug)]
pub(super) struct Held<B> {
    /// The first cells of its safe pairs.
    pub(super) safe_firsts: B,
    /// The cells of its spoilable pairs, areas and their doors.
    pub(super) planned: B,
}

/// What one player can surely do on a board, and at most: the facts behind
/// the search's bounds, in the manner of Lachmann, Moore and Rapaport's and
/// Bullock's (Obsequi's) safe moves and protective areas, with our own
/// accounting (proved below, checked against exact values by the tests).
///
/// Say the player P (Right, placing dominoes across; Left's is the same turned
/// on its side) plays by a plan: first its *protective areas* (empty 2×2
/// blocks whose two cells above, or two cells below, are filled or off the
/// board: P's domino across the row away from that wall leaves P a safe move
/// in the row beside it, and O no move in the block; O's dominoes into the
/// block come from inside or through the two cells of the open side, its
/// *door*, which lie in no other area), one a turn while one is left
/// intact; then its *spoilable* pairs (disjoint across pairs, apart
/// from the areas and the safe pairs, at least one of whose cells O can
/// reach), while one is intact; then its *safe* pairs (disjoint across pairs
/// of cells O can never cover) and the safe moves its areas left. One O move
/// kills at most one area or spoils at most two pairs; it spoils two only
/// where a cell of one pair and a cell of another lie next to each other
/// across the lines (O's domino covers both). The other spoilable pairs, `s1`
/// of them (`s2` the rest), fall one to an O move. One O move does both only
/// through a door: it kills the area and spoils the pair at the door. Then
/// the area's row by the wall is a new pair of P's (its cell above O's
/// domino walled in, the other reached by O only from inside the block),
/// which one O move spoils alone: P's plan is left one pair of `s1` for a
/// pair of either kind, no worse off than after O's plain kill, which the
/// accounting below assumes. (The exact plan is no worse off, as O loses
/// its double spoil on that pair; the closed forms beyond the tables count
/// `floor((s1 + s2) / 3)` pairs when there are areas, unchanged by the swap.)
///
/// The harvest `h` (P playing intact pairs, O spoiling) is at least
/// `H(s1, s2) = floor(s1 / 2) + floor(s2 / 3)` when O moves first, by
/// induction: O's move spoils two of `s2` (P then takes one of `s2`, leaving
/// `s2 - 3`), or one of either (P takes one of the same kind), or nothing; and
/// at least `1 + H` of what P's first pick leaves when P moves first. Each O
/// move elsewhere lowers `H` by at most one.
///
/// With `k` areas, `s` spoilable pairs and `c` areas claimed, P's plan makes
/// at least `safe + 2c + h` moves, `h` the pairs it harvests, and O, whose
/// dominoes never cover P's cells, makes at most both `most - 2c` (every O
/// domino of a claimed area is gone: the two cells of each of its columns
/// began a run, at the wall, and are out of O's reach after the claim)
/// and `(reach - 4c - 2h + m) / 2` (`reach`: the cells O can cover at all;
/// P's plan covers `4c + 2h - m` of them, `m` the pairs it takes that have a
/// cell out of O's reach, at most as many as there are). P moving first: P claims on each of its turns in
/// the area phase and O, on each of its own, kills (`y` in all) or plays
/// elsewhere (`x`), so `c + y = k` and `x + y <= c`, hence `2c >= k + x`; O's
/// `x` moves cost at most `x` of the harvest, so `h >= H - x` whoever starts
/// it, or P's first-mover harvest when P does and `k = 0`. The least over O's
/// choices (`c` an integer, so `4c - x` is least at `2k`, or `2k + 1` when
/// `k` is odd): `safe + 2k + H` against `most`, one more for an odd `k` (the
/// `4c` counts twice, once in each), and `2 safe + 4k + 3H + max(0, H - m)` against `reach` (twice the
/// cell bound). P
/// moving second: P's first move may kill too, so `2c >= k - 1 + x`, and
/// `2k - 2` for `2k` (`2k - 1` when `k` is even), `4k - 4` for `4k`.
///
/// *Threats* (in the manner of Obsequi's safe moves with an option): a cell
/// `u` next along P's line to one of its safe pairs `(a, b)` (`u, a, b` in a
/// row), within O's reach, such that O's most moves on the run of its line
/// through `u` drop by one without `u`, and that run holds no cell the plan
/// counts on (pairs, areas, doors). P may play `(u, a)` for its safe move
/// `(a, b)` at any time, as many moves, and O loses one of its most unless
/// it has played on that run first. With threats on distinct pairs and
/// distinct runs, an O move answers at most one threat and then touches
/// nothing else of the plan, and P's moves elsewhere touch no threat's run:
/// a threat is one more pair of `s1` in the plan, taken for one of O's
/// `most` instead of one more P move. So the threats raise the sure moves
/// against `most`, not the cells (P's `(u, a)` covers one cell of O's reach,
/// not two).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Counts {
    /// Disjoint pairs the opponent can never cover.
    pub(super) safe: u64,
    /// Further disjoint pairs, apart from the areas, that one opponent's
    /// move spoils alone.
    pub(super) spoilable1: u64,
    /// The other further pairs (one opponent's move may spoil two).
    pub(super) spoilable2: u64,
    /// Spoilable pairs with a cell the opponent can never cover (the other
    /// cell it can).
    pub(super) half_safe: u64,
    /// Disjoint protective areas.
    pub(super) areas: u64,
    /// The most dominoes the player can ever place (half of every run of cells
    /// of each of its lines).
    pub(super) most: u64,
    /// The cells the player can ever cover (those with an empty neighbour
    /// along its lines).
    pub(super) reach: u64,
}

impl Counts {
    /// The counts with `t` threats among the pairs one opponent's move spoils
    /// alone (see [`Counts`]: for the sure moves against `most` only, not for
    /// the cells).
    pub(super) fn with_threats(&self, t: u64) -> Counts {
        Counts {
            spoilable1: self.spoilable1 + t,
            ..*self
        }
    }

    /// The harvest of the spoilable pairs, the opponent moving first: the
    /// exact least of the little game where the opponent spoils one pair, or
    /// two of `s2`, or passes, and the player takes one ([`HARVEST`]); beyond
    /// the table, `floor(s1/2) + floor(s2/3)` (a lower bound of it).
    fn harvest_second(s1: u64, s2: u64) -> u64 {
        match harvest_table().get(s1 as usize).and_then(|r| r.get(s2 as usize)) {
            Some(h) => u64::from(h.0),
            None => s1 / 2 + s2 / 3,
        }
    }

    /// The harvest of the spoilable pairs, the player moving first.
    fn harvest_first(s1: u64, s2: u64) -> u64 {
        match harvest_table().get(s1 as usize).and_then(|r| r.get(s2 as usize)) {
            Some(h) => u64::from(h.1),
            None => {
                let after_one = if s1 > 0 {
                    Counts::harvest_second(s1 - 1, s2)
                } else {
                    0
                };
                let after_two = if s2 > 0 {
                    Counts::harvest_second(s1, s2 - 1)
                } else {
                    0
                };
                if s1 + s2 == 0 {
                    0
                } else {
                    1 + after_one.max(after_two)
                }
            }
        }
    }

    /// Twice `h` sure moves of the harvest and the cells of the opponent's
    /// reach they cover: `2h + 2h`, less one for each pair with a safe cell.
    fn covered(&self, h: u64) -> u64 {
        3 * h + h.saturating_sub(self.half_safe)
    }

    /// Moving first: the sure moves (against the opponent's `most`), and twice
    /// the sure moves by the cell count (against the opponent's `reach`).
    pub(super) fn first(&self) -> (u64, u64) {
        let k = self.areas;
        if k == 0 {
            let h = Counts::harvest_first(self.spoilable1, self.spoilable2);
            (self.safe + h, 2 * self.safe + self.covered(h))
        } else {
            // See [`Counts`] on the doors.
            let h = (self.spoilable1 + self.spoilable2) / 3;
            let d = plan_value(k, self.spoilable1, self.spoilable2, true).unwrap_or(2 * k + k % 2 + h);
            let cells = plan_cells(k, self.spoilable1, self.spoilable2, true, self.half_safe == 0)
                .unwrap_or(4 * k + self.covered(h));
            (self.safe + d, 2 * self.safe + cells)
        }
    }

    /// Moving second: as [`Counts::first`].
    pub(super) fn second(&self) -> (u64, u64) {
        let k = self.areas;
        if k == 0 {
            let h = Counts::harvest_second(self.spoilable1, self.spoilable2);
            (self.safe + h, 2 * self.safe + self.covered(h))
        } else {
            // See [`Counts`] on the doors.
            let h = (self.spoilable1 + self.spoilable2) / 3;
            let d =
                plan_value(k, self.spoilable1, self.spoilable2, false).unwrap_or(2 * k - 2 + (1 - k % 2) + h);
            let cells = plan_cells(k, self.spoilable1, self.spoilable2, false, self.half_safe == 0)
                .unwrap_or(4 * k - 4 + self.covered(h));
            (self.safe + d, 2 * self.safe + cells)
        }
    }
}

/// The harvest table's side: pairs of each kind it covers.
pub const HARVEST: usize = 48;

/// The harvest game solved: for `s1` pairs one opponent's move spoils alone
/// and `s2` it may spoil two of, the pairs the player surely takes with the
/// opponent to move, and with the player to move. The opponent spoils one
/// pair of either kind, or two of `s2`, or moves elsewhere; the player takes
/// one. Taking fewer pairs never helps the player, so this is the least over
/// the opponent's choices and the most over the player's.
fn harvest_table() -> &'static Vec<Vec<(u8, u8)>> {
    static TABLE: std::sync::OnceLock<Vec<Vec<(u8, u8)>>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let n = HARVEST;
        // first[s1][s2]: the player to move; second: the opponent to move.
        let mut first = vec![vec![0u8; n]; n];
        let mut second = vec![vec![0u8; n]; n];
        for total in 0..2 * n {
            for s1 in 0..n.min(total + 1) {
                let s2 = total - s1;
                if s2 >= n {
                    continue;
                }
                // The player takes one pair: then the opponent moves.
                let mut f = 0;
                if s1 > 0 {
                    f = f.max(1 + second[s1 - 1][s2]);
                }
                if s2 > 0 {
                    f = f.max(1 + second[s1][s2 - 1]);
                }
                first[s1][s2] = f;
                // The opponent spoils, or moves elsewhere (the player then
                // moves here with the same pairs).
                let mut g = f;
                if s1 > 0 {
                    g = g.min(first[s1 - 1][s2]);
                }
                if s2 > 0 {
                    g = g.min(first[s1][s2 - 1]);
                }
                if s2 > 1 {
                    g = g.min(first[s1][s2 - 2]);
                }
                second[s1][s2] = g;
            }
        }
        (0..n)
            .map(|s1| (0..n).map(|s2| (second[s1][s2], first[s1][s2])).collect())
            .collect()
    })
}

/// The sides of the plan table: areas, and pairs of each kind.
const PLAN_AREAS: usize = 12;
const PLAN_PAIRS: usize = 32;

/// The plan of [`Counts`] played out exactly, against `most`: what the player
/// gains over the opponent's most moves, `4` for each area it claims (its two
/// moves, and two of the opponent's gone) and `1` for each pair it takes,
/// with `k` areas and `s1`, `s2` pairs, the player to move when `first`. The
/// opponent kills an area, spoils one pair or two of `s2`, or moves
/// elsewhere; the player claims or takes. `None` beyond the table.
fn plan_value(k: u64, s1: u64, s2: u64, first: bool) -> Option<u64> {
    static TABLE: std::sync::OnceLock<Plan> = std::sync::OnceLock::new();
    plan(&TABLE, (4, 1), k, s1, s2, first)
}

/// The plan against the opponent's reach (twice the cell bound): `8` for
/// each area claimed (its two moves and four cells of the opponent's reach),
/// and for each pair taken `4` when every spoilable pair lies wholly in the
/// opponent's reach, else `3` (its move, and one cell at least).
fn plan_cells(k: u64, s1: u64, s2: u64, first: bool, whole_pairs: bool) -> Option<u64> {
    static WHOLE: std::sync::OnceLock<Plan> = std::sync::OnceLock::new();
    static HALF: std::sync::OnceLock<Plan> = std::sync::OnceLock::new();
    if whole_pairs {
        plan(&WHOLE, (8, 4), k, s1, s2, first)
    } else {
        plan(&HALF, (8, 3), k, s1, s2, first)
    }
}

type Plan = Vec<[u16; 2]>;

/// The plan's little game solved into `table` with `(claim, take)` as the
/// worth of a claimed area and of a pair taken.
fn plan(
    table: &'static std::sync::OnceLock<Plan>,
    (claim, take): (u16, u16),
    k: u64,
    s1: u64,
    s2: u64,
    first: bool,
) -> Option<u64> {
    let (na, np) = (PLAN_AREAS, PLAN_PAIRS);
    let index = |k: usize, s1: usize, s2: usize| (k * np + s1) * np + s2;
    let t = table.get_or_init(|| {
        // [opponent to move, player to move]
        let mut t = vec![[0u16; 2]; na * np * np];
        for total in 0..na + 2 * np {
            for k in 0..na {
                for s1 in 0..np {
                    if k + s1 > total || total - k - s1 >= np {
                        continue;
                    }
                    let s2 = total - k - s1;
                    let mut f = 0;
                    if k > 0 {
                        f = f.max(claim + t[index(k - 1, s1, s2)][0]);
                    }
                    if s1 > 0 {
                        f = f.max(take + t[index(k, s1 - 1, s2)][0]);
                    }
                    if s2 > 0 {
                        f = f.max(take + t[index(k, s1, s2 - 1)][0]);
                    }
                    let mut g = f;
                    if k > 0 {
                        g = g.min(t[index(k - 1, s1, s2)][1]);
                    }
                    if s1 > 0 {
                        g = g.min(t[index(k, s1 - 1, s2)][1]);
                    }
                    if s2 > 0 {
                        g = g.min(t[index(k, s1, s2 - 1)][1]);
                    }
                    if s2 > 1 {
                        g = g.min(t[index(k, s1, s2 - 2)][1]);
                    }
                    t[index(k, s1, s2)] = [g, f];
                }
            }
        }
        t
    });
    let (k, s1, s2) = (
        usize::try_from(k).ok()?,
        usize::try_from(s1).ok()?,
        usize::try_from(s2).ok()?,
    );
    (k < na && s1 < np && s2 < np).then(|| u64::from(t[index(k, s1, s2)][usize::from(first)]))
}

impl<B: Bits> View<B> {
    /// The player's pairs on `x`, line by line in one pass: the first cells
    /// of its safe pairs (most disjoint dominoes on `safe`, packed so that a
    /// run of `safe` of odd length leaves out its cell beside another cell of
    /// `x` when it has one: that cell can then make a pair with its neighbour
    /// instead of being lost; in a line `u s s s` (`u` not in `safe`) the
    /// pairs are the last two cells and the first two, where from the line's
    /// start only the middle two would pair), the first cells of the most
    /// disjoint dominoes on the cells left apart from `kept` (greedy from each
    /// line's start), and the most dominoes on `x`.
    #[inline]
    fn packings(&self, x: B, safe: B, kept: B) -> (B, B, u32) {
        let (mut safe_firsts, mut firsts, mut most) = (B::ZERO, B::ZERO, 0);
        for i in 0..self.lines {
            let xl = self.line(x, i) as u64;
            let s = self.line(safe, i) as u64;
            let others = xl & !s;
            // Runs of `s` with a cell of `others` just before them: packed
            // from their end (an odd run then leaves its first cell, which
            // pairs with the cell before). Adding a run's first cell carries
            // through the run and clears it.
            let starts = s & !(s << 1) & (others << 1);
            let from_end = s & !(s + starts);
            let sf = u64::from(self.firsts[(s & !from_end) as usize])
                | u64::from(self.firsts_from_end[from_end as usize]);
            let left = xl & !(sf | sf << 1) & !(self.line(kept, i) as u64);
            let f = u64::from(self.firsts[left as usize]);
            most += u32::from(self.packing[xl as usize]);
            if sf | f != 0 {
                safe_firsts = safe_firsts.or(B::from_u64(sf).up(i * self.len));
                firsts = firsts.or(B::from_u64(f).up(i * self.len));
            }
        }
        (safe_firsts, firsts, most)
    }

    /// Protective areas (see [`Counts`]) in `x`, packed greedily: how many,
    /// their cells (to keep out of the spoilable pairs), and their doors
    /// (beside an area open on one side, the cells the opponent could come
    /// in by). No area lies in another's door, so that no domino kills two.
    fn areas(&self, x: B) -> (u64, B, B) {
        let l = self.len;
        // First cells of empty 2x2 blocks (lines i, i + 1; cells j, j + 1).
        let blocks = self.slots(x).and(self.slots(x).down(l));
        // A cell of line i - 1, or of line i + 2, beside the block empty.
        let before = x.up(l);
        let after = x.down(2 * l);
        let open_before = before.or(before.down(1));
        let open_after = after.or(after.down(1));
        let mut corners = blocks.minus(open_before.and(open_after));
        let (mut n, mut used, mut doors) = (0, B::ZERO, B::ZERO);
        while corners != B::ZERO {
            let k = corners.lowest();
            let corner = corners.lowest_bit();
            corners = corners.drop_lowest();
            let block = B::bit(k)
                .or(B::bit(k + 1))
                .or(B::bit(k + l))
                .or(B::bit(k + l + 1));
            // The way in: the cells beyond the open side.
            let door = if open_after.and(corner) != B::ZERO {
                B::bit(k + 2 * l).or(B::bit(k + 2 * l + 1)).and(x)
            } else if open_before.and(corner) != B::ZERO {
                B::bit(k - l).or(B::bit(k - l + 1)).and(x)
            } else {
                B::ZERO
            };
            if block.and(used.or(doors)) == B::ZERO && door.and(used) == B::ZERO {
                used = used.or(block);
                doors = doors.or(door);
                n += 1;
            }
        }
        (n, used, doors)
    }

    /// The most dominoes the player can place on `x`, and the cells it can
    /// cover (see [`Counts`]).
    #[inline]
    pub(super) fn limits(&self, x: B) -> (u64, u64) {
        (u64::from(self.pairs(x)), u64::from(self.reach(x).count()))
    }

    /// What the player can surely do on `x`, and at most; with the first
    /// cells of its safe pairs and the cells its plan counts on besides
    /// (spoilable pairs, areas and their doors), for [`Geometry::threats`].
    #[inline]
    pub(super) fn counts(&self, x: B) -> (Counts, Held<B>) {
        let safe_cells = self.unreachable(x);
        let (areas, area_cells, doors) = self.areas(x);
        // The spoilable pairs: of the cells left, a safe cell no safe pair
        // took with a cell the opponent can reach included (every such pair
        // has one); those with a reachable cell next (across the lines) to a
        // reachable cell of another, one opponent's domino may spoil both.
        let (safe_firsts, firsts, most) = self.packings(x, safe_cells, area_cells);
        let reachable = firsts.or(firsts.up(1)).minus(safe_cells);
        let shared = reachable.and(reachable.up(self.len).or(reachable.down(self.len)));
        let spoilable = u64::from(firsts.count());
        let doubly = u64::from(firsts.and(shared.or(shared.down(1))).count());
        let half_safe = u64::from(firsts.and(safe_cells.or(safe_cells.down(1))).count());
        let counts = Counts {
            safe: u64::from(safe_firsts.count()),
            spoilable1: spoilable - doubly,
            spoilable2: doubly,
            half_safe,
            areas,
            most: u64::from(most),
            reach: u64::from(self.reach(x).count()),
        };
        let planned = firsts.or(firsts.up(1)).or(area_cells).or(doors);
        (counts, Held { safe_firsts, planned })
    }
}

impl<B: Bits> Geometry<B> {
    /// `side`'s threats on `c` (see [`Counts`]): cells next along its line
    /// to one of its safe pairs, within the opponent's reach, whose loss
    /// costs the opponent one of its most moves; at most one a pair and one
    /// a run of an opponent's line, so that one opponent's move answers one
    /// threat.
    /// The cells next along `side`'s lines to its safe pairs, within the
    /// opponent's reach: where threats may be (see [`Geometry::threats`]).
    #[inline]
    fn beside_safe_pairs(&self, c: Cells<B>, side: Side, held: &Held<B>) -> B {
        let mv = self.view(side);
        let mx = Geometry::of(c, side);
        let f = held.safe_firsts;
        let beside = f.and(mv.not_first).down(1).or(f.up(1).and(mv.not_last).up(1));
        beside.and(mx).minus(mv.unreachable(mx))
    }

    /// At least as many cells as [`Geometry::threats`] finds threats.
    #[inline]
    pub(super) fn threat_cells(&self, c: Cells<B>, side: Side, held: &Held<B>) -> u64 {
        u64::from(self.beside_safe_pairs(c, side, held).count())
    }

    pub(super) fn threats(&self, c: Cells<B>, side: Side, held: &Held<B>) -> u64 {
        let mv = self.view(side);
        let mx = Geometry::of(c, side);
        let l = mv.len;
        let f = held.safe_firsts;
        let mut cells = self.beside_safe_pairs(c, side, held).minus(held.planned);
        let (mut n, mut pairs, mut runs) = (0, B::ZERO, B::ZERO);
        while cells != B::ZERO {
            let u = cells.lowest();
            cells = cells.drop_lowest();
            // Its safe pair: the one after it, else the one before.
            let after = if !(u + 1).is_multiple_of(l) {
                B::bit(u + 1).and(f).minus(pairs)
            } else {
                B::ZERO
            };
            let pair = if after != B::ZERO {
                after
            } else if u % l >= 2 {
                B::bit(u - 2).and(f).minus(pairs)
            } else {
                B::ZERO
            };
            if pair == B::ZERO {
                continue;
            }
            // The run of the opponent's line (across) through `u`.
            let mut run = B::bit(u);
            loop {
                let grown = run.or(run.up(l)).or(run.down(l)).and(mx);
                if grown == run {
                    break;
                }
                run = grown;
            }
            // A run with a cell the plan counts on could be answered by a
            // move that spoils a pair or kills an area too.
            if run.and(held.planned.or(runs)) != B::ZERO {
                continue;
            }
            // Without `u` the run's most dominoes drop by one: the run is of
            // even length, or `u` at an odd place of it.
            let place = run.minus(B::ZERO.not().up(u)).count();
            if run.count() % 2 == 0 || place % 2 == 1 {
                runs = runs.or(run);
                pairs = pairs.or(pair);
                n += 1;
            }
        }
        n
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The harvest table: at least the closed form, more pairs never fewer
    /// taken, and one spoiled pair costs at most one (what the bounds' proof
    /// needs of it).
    #[test]
    fn the_harvest_game() {
        let t = harvest_table();
        for s1 in 0..HARVEST {
            for s2 in 0..HARVEST {
                let (second, first) = (u64::from(t[s1][s2].0), u64::from(t[s1][s2].1));
                assert!(second >= s1 as u64 / 2 + s2 as u64 / 3, "{s1} {s2}");
                assert!(first >= second && first <= second + 1, "{s1} {s2}");
                for (a, b) in [(s1 + 1, s2), (s1, s2 + 1)] {
                    if a < HARVEST && b < HARVEST {
                        assert!(u64::from(t[a][b].0) >= second, "{s1} {s2}");
                        assert!(u64::from(t[a][b].0) <= second + 1, "{s1} {s2}");
                    }
                }
                if s2 + 2 < HARVEST {
                    assert!(u64::from(t[s1][s2 + 2].0) <= second + 1, "{s1} {s2}");
                }
            }
        }
        assert_eq!(t[1][2].0, 1);
        assert_eq!(t[0][3].0, 1);
        assert_eq!(t[0][2].0, 0);
    }

    /// The plan played out is at least the closed forms it replaces.
    #[test]
    fn the_plan_is_at_least_the_closed_forms() {
        for k in 1..PLAN_AREAS as u64 {
            for s1 in 0..PLAN_PAIRS as u64 {
                for s2 in 0..PLAN_PAIRS as u64 {
                    let h = Counts::harvest_second(s1, s2);
                    let first = plan_value(k, s1, s2, true).unwrap();
                    let second = plan_value(k, s1, s2, false).unwrap();
                    assert!(first >= 2 * k + k % 2 + h, "{k} {s1} {s2}");
                    assert!(second >= 2 * k - 2 + (1 - k % 2) + h, "{k} {s1} {s2}");
                    assert!(second <= first, "{k} {s1} {s2}");
                }
            }
            // No pairs: areas alone, the player claiming first.
            assert_eq!(plan_value(k, 0, 0, true), Some(4 * k.div_ceil(2)));
        }
        assert_eq!(plan_value(0, 1, 2, false), Some(Counts::harvest_second(1, 2)));
        // A pair of `s2` turned into one of `s1` never leaves the player worse
        // off (what a domino through an area's door does; see `Counts`).
        for k in 0..PLAN_AREAS as u64 {
            for s1 in 0..PLAN_PAIRS as u64 - 1 {
                for s2 in 1..PLAN_PAIRS as u64 {
                    for first in [true, false] {
                        let swapped = (k, s1 + 1, s2 - 1, first);
                        assert!(
                            plan_value(k, s1, s2, first)
                                <= plan_value(swapped.0, swapped.1, swapped.2, first)
                        );
                        for whole in [true, false] {
                            assert!(
                                plan_cells(k, s1, s2, first, whole)
                                    <= plan_cells(k, s1 + 1, s2 - 1, first, whole),
                                "{k} {s1} {s2}"
                            );
                        }
                    }
                }
            }
        }
        for k in 1..PLAN_AREAS as u64 {
            for s1 in 0..PLAN_PAIRS as u64 {
                for s2 in 0..PLAN_PAIRS as u64 {
                    let h = Counts::harvest_second(s1, s2);
                    for (whole, per) in [(true, 4), (false, 3)] {
                        let first = plan_cells(k, s1, s2, true, whole).unwrap();
                        let second = plan_cells(k, s1, s2, false, whole).unwrap();
                        assert!(first >= 4 * k + per * h, "{k} {s1} {s2}");
                        assert!(second >= 4 * k - 4 + per * h, "{k} {s1} {s2}");
                    }
                }
            }
        }
    }

    /// A threat: Right's safe pair at the top edge with an empty cell beside
    /// it that Left's only domino of its column needs.
    #[test]
    fn a_safe_pair_threatens_the_cell_beside_it() {
        // ...#
        // .###
        // ####
        let g = Geometry::<u64>::new(3, 4).unwrap();
        let threats = |e: u64, side: Side| {
            let c = g.cells(e);
            let (_, held) = g.view(side).counts(Geometry::of(c, side));
            g.threats(c, side, &held)
        };
        assert_eq!(threats(0b1_0111, Side::Right), 1);
        assert_eq!(threats(0b1_0111, Side::Left), 0);
        // With the cell below the threatened one filled, Left has no domino
        // there to lose.
        assert_eq!(threats(0b0111, Side::Right), 0);
    }

    /// Protective areas: an empty 2x2 walled off along the player's lines.
    #[test]
    fn protective_areas_are_walled_blocks() {
        // 4x2, rows 1-2 empty, rows 0 and 3 filled: Right's area (walled above
        // and below), and Left's too (its walls, left and right, are the
        // board's sides).
        let g = Geometry::<u64>::new(4, 2).unwrap();
        let c = g.cells(0b00_11_11_00);
        assert_eq!(g.rows.areas(c.e).0, 1);
        assert_eq!(g.cols.areas(c.t).0, 1);
        // The whole 4x2 empty: for Right, the top block (the board's edge
        // above it) and not the bottom one too (its cells are the top one's
        // way in); for Left, the board's sides are walls, and two blocks fit.
        let c = g.cells(0b11_11_11_11);
        assert_eq!(g.rows.areas(c.e).0, 1);
        assert_eq!(g.cols.areas(c.t).0, 2);
        // A 5x2 with the middle row filled: two blocks, each walled.
        let g = Geometry::<u64>::new(5, 2).unwrap();
        let c = g.cells(0b11_11_00_11_11);
        assert_eq!(g.rows.areas(c.e).0, 2);
    }
}
