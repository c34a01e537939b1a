//! Coin-turning games (Winning Ways, ch. 14): a row of coins, each heads (`H`) or
//! tails (`T`), numbered 1, 2, ... from the left. A move turns over a set of coins
//! of the shape the rule allows, the rightmost of which goes from heads to tails
//! (the others may go either way). Whoever cannot move loses.
//!
//! Turning a coin twice undoes it, so a row plays like the sum of its heads-up
//! coins, each alone in the row (Lenstra): its nim-value is the XOR of the values
//! G(n) of the single heads-up coins. G(n) is the mex of the XORs of the sets of
//! coins left of n that a move on n may turn with it.
//!
//! The rules: turn 1 to k coins anywhere (Turning Turtles k = 2, G(n) = n; Mock
//! Turtles k = 3, G(n) the n-th odious number; Moebius k = 5, Mogul 7, Moidores 9,
//! whose sequences are computed), exactly two coins (Twins, G(n) = n - 1), or any
//! run of consecutive coins (Ruler, G(n) the largest power of 2 dividing n).

use std::fmt::Write as _;
use std::sync::{Arc, Mutex};

use crate::catalogue::{Family, Kind, Param, Shape, Syntax};
use crate::dynamic::{Analyze, Board, Builtin, Cell, Click, ClosedForm, Codec, DynPosition, MoveWord};
use crate::{Budget, Game, GameError, Impartial, Outcome, Play, Task};

/// The longest row accepted.
pub const MAX_COINS: usize = 4096;

/// The most coins a rule "turn 1 to k coins" may turn at once.
pub const MAX_TURN: u32 = 12;

/// The most winning moves listed for one position (and the most sets of coins
/// looked at to find them): a row of Moidores has billions of moves.
const LISTED_WINS: usize = 1000;
const WIN_SEARCH: u64 = 10_000_000;

/// The shape of the set of coins a move turns over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// 1 to k coins anywhere.
    UpTo(u32),
    /// Exactly two coins (Twins).
    Two,
    /// Any run of consecutive coins (Ruler).
    Run,
}

/// The rules with a name in Winning Ways.
const NAMED: &[(&str, Rule)] = &[
    ("turtles", Rule::UpTo(2)),
    ("twins", Rule::Two),
    ("mock", Rule::UpTo(3)),
    ("moebius", Rule::UpTo(5)),
    ("mogul", Rule::UpTo(7)),
    ("moidores", Rule::UpTo(9)),
    ("ruler", Rule::Run),
];

impl Rule {
    /// A rule's name, or `k` for "turn 1 to k coins".
    pub fn parse(text: &str) -> Result<Rule, String> {
        let t = text.trim().to_ascii_lowercase();
        if let Some(&(_, rule)) = NAMED.iter().find(|(n, _)| *n == t) {
            return Ok(rule);
        }
        match t.parse::<u32>() {
            Ok(k) if (1..=MAX_TURN).contains(&k) => Ok(Rule::UpTo(k)),
            Ok(k) => Err(format!(
                "turning {k} coins at most is out of range (1 to {MAX_TURN})"
            )),
            Err(_) => Err(format!(
                "unknown rule '{text}' (one of {}, or K: turn 1 to K coins)",
                NAMED.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", ")
            )),
        }
    }

    /// The closed form of G(n), where one is known.
    pub fn closed_value(self, n: u64) -> Option<u64> {
        match self {
            Rule::UpTo(1) => Some(1),
            Rule::UpTo(2) => Some(n),
            Rule::UpTo(3) => Some(odious(n - 1)),
            Rule::Two => Some(n - 1),
            Rule::Run => Some(n & n.wrapping_neg()),
            Rule::UpTo(_) => None,
        }
    }

    /// The closed form in words, for the rule of `solve`.
    fn closed_words(self) -> Option<&'static str> {
        match self {
            Rule::UpTo(1) => Some("every coin is *1"),
            Rule::UpTo(2) => Some("G(n) = n"),
            Rule::UpTo(3) => Some("G(n) is the n-th odious number"),
            Rule::Two => Some("G(n) = n - 1"),
            Rule::Run => Some("G(n) is the largest power of 2 dividing n"),
            Rule::UpTo(_) => None,
        }
    }

    /// The sizes of the sets of other coins a move on coin n may turn with it.
    fn others(self) -> (usize, usize) {
        match self {
            Rule::UpTo(k) => (0, k as usize - 1),
            Rule::Two => (1, 1),
            Rule::Run => (0, usize::MAX),
        }
    }
}

/// The m-th odious number (an odd count of 1 bits), from m = 0: 1, 2, 4, 7, 8, ...
/// Of 2m and 2m + 1 exactly one is odious.
fn odious(m: u64) -> u64 {
    if m.count_ones() % 2 == 1 {
        2 * m
    } else {
        2 * m + 1
    }
}

/// The single coins' values computed so far by brute force, and what continues them.
#[derive(Debug, Default)]
struct Sequence {
    /// G(1), G(2), ...
    values: Vec<u64>,
    /// For "1 to k coins": `reach[j]` holds (as a bitset) the XORs of at most j
    /// values of the coins so far. A value taken twice cancels, leaving a smaller
    /// set that the rule allows too, so sets with repeats add nothing.
    reach: Vec<Vec<u64>>,
}

fn mex_of(bits: &[u64]) -> u64 {
    for (i, &w) in bits.iter().enumerate() {
        if w != u64::MAX {
            return i as u64 * 64 + u64::from(w.trailing_ones());
        }
    }
    bits.len() as u64 * 64
}

impl Sequence {
    /// Compute G(n+1) from G(1..=n) by the definition; `work` counts the steps
    /// of this call, against its budget.
    fn next(&mut self, rule: Rule, budget: &Budget, work: &mut u64) -> Result<(), GameError> {
        let n = self.values.len();
        let value = match rule {
            Rule::UpTo(k) => {
                let k = k as usize;
                if self.reach.is_empty() {
                    self.reach = vec![vec![1u64]; k];
                }
                let g = mex_of(&self.reach[k - 1]);
                // Room for every XOR with g: the next power of two above it.
                let words = ((g + 1).next_power_of_two() / 64).max(1) as usize;
                if words > self.reach[0].len() {
                    budget.check_memory(
                        words as u128 * 8 * k as u128,
                        format!("the nim-values of single coins (coin {})", n + 1),
                    )?;
                    for r in &mut self.reach {
                        r.resize(words, 0);
                    }
                }
                // Descending, so that reach[j - 1] is still the old one.
                for j in (1..k).rev() {
                    let (lower, upper) = self.reach.split_at_mut(j);
                    xor_into(&mut upper[0], &lower[j - 1], g);
                }
                *work += (k * words) as u64;
                g
            }
            Rule::Two | Rule::Run => {
                let mut seen = vec![false; n + 2];
                let mut x = 0;
                if rule == Rule::Run {
                    seen[0] = true;
                }
                for &v in self.values.iter().rev() {
                    x = if rule == Rule::Run { x ^ v } else { v };
                    if let Some(s) = seen.get_mut(x as usize) {
                        *s = true;
                    }
                }
                *work += n as u64 + 1;
                seen.iter().position(|s| !s).unwrap_or(n + 2) as u64
            }
        };
        self.values.push(value);
        budget.check_work(
            *work,
            budget.work(Task::HeapValues),
            format!("the nim-values of single coins (coin {})", n + 1),
        )?;
        budget
            .cancel
            .check(|| format!("the nim-values of single coins (coin {})", n + 1))?;
        Ok(())
    }
}

/// `to |= {x ^ v : x in from}`, for bitsets of a power-of-two size above v.
fn xor_into(to: &mut [u64], from: &[u64], v: u64) {
    let (word, bit) = ((v / 64) as usize, v % 64);
    for (i, &w) in from.iter().enumerate() {
        if w == 0 {
            continue;
        }
        let w = if bit == 0 { w } else { permute_bits(w, bit) };
        to[i ^ word] |= w;
    }
}

/// The word whose bit b is bit b ^ `mask` of `w` (mask < 64): the XOR by the low
/// bits of a value, one bit of the mask at a time.
fn permute_bits(mut w: u64, mask: u64) -> u64 {
    const LOW: [u64; 6] = [
        0x5555_5555_5555_5555,
        0x3333_3333_3333_3333,
        0x0F0F_0F0F_0F0F_0F0F,
        0x00FF_00FF_00FF_00FF,
        0x0000_FFFF_0000_FFFF,
        0x0000_0000_FFFF_FFFF,
    ];
    for (i, low) in LOW.iter().enumerate() {
        if mask >> i & 1 == 1 {
            let s = 1 << i;
            w = (w & low) << s | (w >> s) & low;
        }
    }
    w
}

/// A coin-turning game.
#[derive(Clone, Debug)]
pub struct Coins {
    rule: Rule,
    name: String,
    sequence: Arc<Mutex<Sequence>>,
    budget: Budget,
}

/// A row of coins, `true` for heads; coin n is `row[n - 1]`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Row(pub Vec<bool>);

impl Row {
    /// `HTTH`: heads and tails from the left (`.` is the empty row).
    pub fn parse(text: &str) -> Result<Row, String> {
        let mut row = Vec::new();
        for (i, c) in text.chars().filter(|c| !c.is_whitespace()).enumerate() {
            match c.to_ascii_uppercase() {
                'H' => row.push(true),
                'T' => row.push(false),
                '.' if text.trim() == "." => {}
                _ => {
                    return Err(format!(
                        "expected H (heads) or T (tails) at column {}, found '{c}'",
                        i + 1
                    ))
                }
            }
        }
        Ok(Row(row))
    }

    /// The heads-up coins, numbered from 1.
    pub fn heads(&self) -> impl Iterator<Item = usize> + '_ {
        self.0.iter().enumerate().filter(|(_, &h)| h).map(|(i, _)| i + 1)
    }

    fn text(&self) -> String {
        if self.0.is_empty() {
            return ".".into();
        }
        self.0.iter().map(|&h| if h { 'H' } else { 'T' }).collect()
    }

    /// The row with `coins` (numbered from 1) turned over.
    fn turned(&self, coins: &[usize]) -> Row {
        let mut row = self.0.clone();
        for &c in coins {
            row[c - 1] = !row[c - 1];
        }
        Row(row)
    }
}

impl Codec for Row {
    fn encode(&self) -> DynPosition {
        DynPosition::Text(self.text())
    }
    /// Text of `H` and `T`, or the numbers of the heads-up coins (`3,5`).
    fn decode(p: &DynPosition) -> Result<Row, String> {
        match p {
            DynPosition::Text(t) => Row::parse(t),
            DynPosition::Ints(heads) => {
                let mut row = Vec::new();
                for &h in heads {
                    let n = usize::try_from(h)
                        .ok()
                        .filter(|&n| (1..=MAX_COINS).contains(&n))
                        .ok_or_else(|| format!("coin {h} is not in 1..={MAX_COINS}"))?;
                    if row.len() < n {
                        row.resize(n, false);
                    }
                    row[n - 1] = !row[n - 1];
                }
                Ok(Row(row))
            }
        }
    }
}

impl Coins {
    /// The game of `rule`, named `name` in GAME text.
    pub fn new(rule: Rule, name: &str) -> Coins {
        Coins {
            rule,
            name: format!("coins:{name}"),
            sequence: Arc::default(),
            budget: Budget::default(),
        }
    }

    /// The rule.
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// G(1..=n), by the closed form where there is one.
    pub fn values(&self, n: usize) -> Result<Vec<u64>, GameError> {
        if self.rule.closed_value(1).is_some() {
            return Ok((1..=n as u64).filter_map(|c| self.rule.closed_value(c)).collect());
        }
        self.brute_values(n)
    }

    /// G(1..=n) by the definition, whatever the rule (the path of the rules with no
    /// closed form, and the check of those with one).
    pub fn brute_values(&self, n: usize) -> Result<Vec<u64>, GameError> {
        let mut s = self.sequence.lock().unwrap_or_else(|e| e.into_inner());
        let mut work = 0;
        while s.values.len() < n {
            s.next(self.rule, &self.budget, &mut work)?;
        }
        Ok(s.values[..n].to_vec())
    }

    /// The nim-value of a row: the XOR of its heads-up coins'.
    pub fn row_value(&self, p: &Row) -> Result<u64, GameError> {
        let g = self.values(p.0.len())?;
        Ok(p.heads().fold(0, |x, c| x ^ g[c - 1]))
    }

    /// Every set of coins a move may turn, its rightmost a heads-up coin: `visit`
    /// gets each set, rightmost last, and stops the walk by returning false.
    fn for_each_move(&self, p: &Row, visit: &mut dyn FnMut(&[usize]) -> bool) {
        let (lo, hi) = self.rule.others();
        for n in p.heads() {
            if self.rule == Rule::Run {
                for j in (1..=n).rev() {
                    let run: Vec<usize> = (j..=n).collect();
                    if !visit(&run) {
                        return;
                    }
                }
                continue;
            }
            let mut set = Vec::with_capacity(hi + 1);
            if !subsets(n - 1, 1, lo, hi, &mut set, &mut |s| {
                let mut coins = s.to_vec();
                coins.push(n);
                visit(&coins)
            }) {
                return;
            }
        }
    }

    /// How many moves a row has.
    fn move_count(&self, p: &Row) -> u128 {
        let (lo, hi) = self.rule.others();
        p.heads()
            .map(|n| match self.rule {
                Rule::Run => n as u128,
                _ => (lo..=hi.min(n - 1))
                    .fold(0u128, |s, j| s.saturating_add(binomial(n as u128 - 1, j as u128))),
            })
            .fold(0u128, u128::saturating_add)
    }

    /// Winning moves of `p` (of nim-value `x`, not 0), as sets of coins turned: for
    /// a heads-up coin n, the sets S of coins left of it with XOR of G(S) = x ^ G(n).
    /// The sets meet in the middle: S is the symmetric difference of two sets of
    /// at most half its size each (a coin in both cancels, leaving a set the rule
    /// allows too), one side indexed by its XOR, so a set of 8 coins out of 49
    /// costs two walks of the sets of 4 rather than one of the sets of 7. The bool
    /// is true when every winning move is listed.
    fn winning_sets(&self, p: &Row, x: u64, g: &[u64]) -> (Vec<Vec<usize>>, bool) {
        let mut found: Vec<Vec<usize>> = Vec::new();
        let mut steps = 0u64;
        let (lo, hi) = self.rule.others();
        for n in p.heads() {
            let target = x ^ g[n - 1];
            if self.rule == Rule::Run {
                let mut acc = 0;
                for j in (1..=n).rev() {
                    if acc == target {
                        found.push((j..=n).collect());
                    }
                    if j > 1 {
                        acc ^= g[j - 2];
                    }
                }
                continue;
            }
            let (big, small) = (hi.div_ceil(2), hi / 2);
            let mut halves: std::collections::HashMap<u64, Vec<Vec<usize>>> =
                std::collections::HashMap::new();
            let walked = subsets(n - 1, 1, 0, big, &mut Vec::new(), &mut |a| {
                steps += 1;
                let xor = a.iter().fold(0, |v, &c| v ^ g[c - 1]);
                halves.entry(xor).or_default().push(a.to_vec());
                steps <= WIN_SEARCH
            });
            if !walked {
                return (found, false);
            }
            let mut sets = std::collections::BTreeSet::new();
            let walked = subsets(n - 1, 1, 0, small, &mut Vec::new(), &mut |b| {
                let xor = b.iter().fold(target, |v, &c| v ^ g[c - 1]);
                for a in halves.get(&xor).into_iter().flatten() {
                    steps += 1;
                    let mut set: Vec<usize> = a
                        .iter()
                        .filter(|c| !b.contains(c))
                        .chain(b.iter().filter(|c| !a.contains(c)))
                        .copied()
                        .collect();
                    if (lo..=hi).contains(&set.len()) {
                        set.sort_unstable();
                        set.push(n);
                        sets.insert(set);
                    }
                }
                steps += 1;
                steps <= WIN_SEARCH && found.len() + sets.len() <= LISTED_WINS
            });
            found.extend(sets);
            if !walked {
                found.truncate(LISTED_WINS);
                return (found, false);
            }
        }
        if found.len() > LISTED_WINS {
            found.truncate(LISTED_WINS);
            return (found, false);
        }
        (found, true)
    }
}

/// Each subset of `from..=to` of `lo..=hi` elements, in increasing order, pushed
/// after `set`; false when `visit` stopped the walk.
fn subsets(
    to: usize,
    from: usize,
    lo: usize,
    hi: usize,
    set: &mut Vec<usize>,
    visit: &mut dyn FnMut(&[usize]) -> bool,
) -> bool {
    if set.len() >= lo && !visit(set) {
        return false;
    }
    if set.len() == hi {
        return true;
    }
    for m in from..=to {
        set.push(m);
        let go = subsets(to, m + 1, lo, hi, set, visit);
        set.pop();
        if !go {
            return false;
        }
    }
    true
}

/// C(n, k), saturated.
fn binomial(n: u128, k: u128) -> u128 {
    if k > n {
        return 0;
    }
    let mut c: u128 = 1;
    for i in 0..k {
        c = match c.checked_mul(n - i) {
            Some(v) => v / (i + 1),
            None => return u128::MAX,
        };
    }
    c
}

impl Game for Coins {
    type Position = Row;
    fn options(&self, p: &Row, out: &mut Vec<Row>) -> Result<(), GameError> {
        self.for_each_move(p, &mut |coins| {
            out.push(p.turned(coins));
            true
        });
        Ok(())
    }
}

impl Impartial for Coins {
    /// Each heads-up coin alone: the theorem that makes the values add.
    fn components(&self, p: &Row, out: &mut Vec<Row>) {
        for n in p.heads() {
            let mut row = vec![false; n];
            row[n - 1] = true;
            out.push(Row(row));
        }
    }
}

impl Analyze for Coins {
    fn name(&self) -> String {
        self.name.clone()
    }
    fn impartial(&self) -> bool {
        true
    }
    fn within(&self, budget: &Budget) -> Option<Coins> {
        Some(Coins {
            budget: budget.clone(),
            ..self.clone()
        })
    }
    fn check(&self, p: &Row) -> Result<(), String> {
        if p.0.len() > MAX_COINS {
            return Err(format!(
                "the row has {} coins; at most {MAX_COINS} are supported",
                p.0.len()
            ));
        }
        Ok(())
    }
    fn nim_value(&self, p: &Row, _limit: usize) -> Option<Result<u64, GameError>> {
        Some(self.row_value(p))
    }
    fn closed_nim_value(&self, p: &Row) -> Option<u64> {
        self.row_value(p).ok()
    }
    fn option_count(&self, p: &Row) -> Option<u128> {
        Some(self.move_count(p))
    }
    fn search_size(&self, p: &Row) -> Option<u128> {
        // Coins right of the last heads-up one never turn again.
        let last = p.heads().last().unwrap_or(0);
        Some(1u128.checked_shl(last as u32).unwrap_or(u128::MAX))
    }
    fn closed_outcome(&self, p: &Row, play: Play) -> Option<(Outcome, Option<u64>)> {
        if play == Play::Misere {
            return None;
        }
        let x = self.row_value(p).ok()?;
        Some((crate::games::outcome_of(x), None))
    }
    fn closed_form(&self, p: &Row, play: Play) -> Option<ClosedForm<Row>> {
        if play == Play::Misere {
            return None;
        }
        let g = self.values(p.0.len()).ok()?;
        let x = p.heads().fold(0, |x, c| x ^ g[c - 1]);
        let (sets, complete) = if x == 0 {
            (Vec::new(), true)
        } else {
            self.winning_sets(p, x, &g)
        };
        let mut rule = String::from("the XOR of the heads-up coins' values G(n)");
        if let Some(words) = self.rule.closed_words() {
            let _ = write!(rule, ", where {words}");
        }
        let _ = write!(
            rule,
            ": {} = {x}",
            p.heads()
                .map(|c| format!("G({c})"))
                .collect::<Vec<_>>()
                .join(" ^ ")
        );
        Some(ClosedForm {
            outcome: crate::games::outcome_of(x),
            remoteness: None,
            winning_moves_note: (!complete).then(|| match sets.len() {
                0 => "none found within the search's limit (one exists: the nim-value is not 0)".to_string(),
                n => format!("the first {n} winning moves found are listed; there may be more"),
            }),
            winning_moves: sets.iter().map(|s| p.turned(s)).collect(),
            rule,
        })
    }
    fn heap_nim_values(&self, from: u64, to: u64) -> Option<Result<Vec<u64>, GameError>> {
        if to > MAX_COINS as u64 {
            return Some(Err(GameError::Unsupported(format!(
                "rows have at most {MAX_COINS} coins; --to {to} is past it"
            ))));
        }
        // Coin 0 is no coin: the empty row, worth 0.
        Some(self.values(to as usize).map(|g| {
            (from..=to)
                .map(|c| if c == 0 { 0 } else { g[c as usize - 1] })
                .collect()
        }))
    }
    fn board(&self, p: &Row) -> Option<Board> {
        if p.0.is_empty() || p.0.len() > 60 {
            return None;
        }
        let cells = vec![p
            .0
            .iter()
            .map(|&h| Cell::mark(if h { 'H' } else { 'T' }))
            .collect()];
        let columns = (1..=p.0.len()).map(|c| c.to_string()).collect();
        let alone = self.rule.others().0 == 0;
        let note = if alone {
            "a click turns a heads-up coin alone; `turn 2,5` turns coins 2 and 5 (the rightmost heads up)"
        } else {
            "`turn 2,5` turns coins 2 and 5 (the rightmost heads up)"
        };
        let mut board = Board::grid(cells, vec![String::new()], columns).note(note);
        if alone {
            board.clicks = p
                .heads()
                .map(|n| Click {
                    row: 0,
                    column: n - 1,
                    moves: vec![format!("turn {n}")],
                })
                .collect();
        }
        Some(board)
    }
    fn name_move(&self, from: &Row, to: &Row) -> Option<String> {
        let turned: Vec<String> = (0..from.0.len().max(to.0.len()))
            .filter(|&i| from.0.get(i).copied().unwrap_or(false) != to.0.get(i).copied().unwrap_or(false))
            .map(|i| (i + 1).to_string())
            .collect();
        (!turned.is_empty()).then(|| format!("turn {}", turned.join(",")))
    }
    fn read_move(&self, p: &Row, word: &str) -> MoveWord {
        let Some(list) = word.trim().strip_prefix("turn ") else {
            return MoveWord::NotAWord;
        };
        let mut coins = Vec::new();
        for c in list.split(',').map(str::trim) {
            match c.parse::<usize>() {
                Ok(n) if (1..=p.0.len()).contains(&n) && !coins.contains(&n) => coins.push(n),
                Ok(n) if coins.contains(&n) => return MoveWord::Wrong(format!("coin {n} is named twice")),
                _ => return MoveWord::Wrong(format!("'{c}' is not a coin of this row (1 to {})", p.0.len())),
            }
        }
        coins.sort_unstable();
        let mut legal = false;
        self.for_each_move(p, &mut |m| {
            legal = m == coins;
            !legal
        });
        if !legal {
            return MoveWord::Wrong(format!(
                "turning coins {list} is not a move here: the rightmost must be heads up, and the set must fit the rule"
            ));
        }
        MoveWord::Moves(vec![p.turned(&coins).encode()])
    }
}

pub(crate) const FAMILY: Family = Family {
    name: "coins",
    usage: "coins:RULE",
    summary: "coin-turning (impartial): turn coins of the rule's shape, the rightmost heads to tails; RULE is turtles (1-2 coins), twins (exactly 2), mock (1-3), moebius (1-5), mogul (1-7), moidores (1-9), ruler (a run) or K (1 to K)",
    position: "coins from the left, H heads and T tails (THHTH), or the numbers of the heads-up coins (2,3,5); `values` lists single coins from 1 (0 is the empty row)",
    params: &[Param {
        key: "rule",
        kind: Kind::Text,
        default: None,
        help: "turtles, twins, mock, moebius, mogul, moidores, ruler, or K (turn 1 to K coins)",
    }],
    example: Some(("coins:mock", "THHTH")),
    syntax: Syntax::Bare,
    shape: Shape::Other,
    claims: None,
    build: |params| {
        let text = params
            .text("rule")
            .ok_or_else(|| GameError::parameter("coins", "needs a rule: coins:turtles, coins:ruler, coins:5, ..."))?;
        let rule = Rule::parse(text).map_err(|m| GameError::parameter("coins", m))?;
        Ok(Box::new(Builtin::new(Coins::new(rule, &text.trim().to_ascii_lowercase()))))
    },
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bit_permutation_is_xor_of_indices() {
        for mask in 0..64u64 {
            for b in [0u64, 1, 5, 17, 40, 63] {
                assert_eq!(permute_bits(1 << b, mask), 1 << (b ^ mask), "{b} {mask}");
            }
        }
    }

    #[test]
    fn closed_forms_are_the_books() {
        let values = |r: &str, n| Coins::new(Rule::parse(r).unwrap(), r).values(n).unwrap();
        assert_eq!(values("turtles", 6), [1, 2, 3, 4, 5, 6]);
        assert_eq!(values("mock", 8), [1, 2, 4, 7, 8, 11, 13, 14]);
        assert_eq!(values("ruler", 8), [1, 2, 1, 4, 1, 2, 1, 8]);
        assert_eq!(values("twins", 4), [0, 1, 2, 3]);
        assert!(Rule::parse("13").is_err());
        assert!(Rule::parse("flip").unwrap_err().contains("moidores"));
    }

    /// The nim-value of a row by the plain definition: the mex of its options'
    /// values, each option searched as a whole row (no sum theorem, no closed form).
    fn searched(game: &Coins, p: &Row, memo: &mut std::collections::HashMap<Vec<bool>, u64>) -> u64 {
        let mut key = p.0.clone();
        while key.last() == Some(&false) {
            key.pop();
        }
        if let Some(&v) = memo.get(&key) {
            return v;
        }
        let mut options = Vec::new();
        game.options(p, &mut options).unwrap();
        let seen: std::collections::HashSet<u64> = options.iter().map(|o| searched(game, o, memo)).collect();
        let v = (0..).find(|v| !seen.contains(v)).unwrap();
        memo.insert(key, v);
        v
    }

    const RULES: [&str; 7] = ["turtles", "twins", "mock", "ruler", "moebius", "1", "4"];

    #[test]
    fn the_definition_gives_the_closed_forms() {
        for rule in ["turtles", "twins", "mock", "ruler", "1"] {
            let game = Coins::new(Rule::parse(rule).unwrap(), rule);
            assert_eq!(
                game.brute_values(300).unwrap(),
                game.values(300).unwrap(),
                "{rule}"
            );
        }
        // Moebius past the 64 values of one word of its sets: the bitsets grow.
        let moebius = Coins::new(Rule::UpTo(5), "moebius");
        let g = moebius.values(40).unwrap();
        // The first 18, pinned as the definition gives them.
        assert_eq!(
            &g[..18],
            [1, 2, 4, 8, 16, 31, 32, 64, 103, 128, 171, 213, 256, 301, 342, 439, 475, 494]
        );
        assert!(g[39] > 64, "{g:?}");
    }

    #[test]
    fn a_row_is_the_sum_of_its_heads_up_coins() {
        let mut cases = Vec::new();
        for rule in RULES {
            let game = Coins::new(Rule::parse(rule).unwrap(), rule);
            let mut memo = std::collections::HashMap::new();
            // Every row of up to 9 coins against the search of the whole row, and
            // the winning moves against the options of value 0.
            for len in 0..=9usize {
                for bits in 0..1u32 << len {
                    let p = Row((0..len).map(|i| bits >> i & 1 == 1).collect());
                    let want = searched(&game, &p, &mut memo);
                    assert_eq!(game.row_value(&p).unwrap(), want, "{rule} {}", p.text());
                    if len <= 6 {
                        cases.push((rule, p));
                    }
                }
            }
        }
        for (rule, p) in cases {
            let game = Coins::new(Rule::parse(rule).unwrap(), rule);
            let form = game.closed_form(&p, Play::Normal).unwrap();
            assert!(form.winning_moves_note.is_none());
            let mut wins: Vec<String> = form.winning_moves.iter().map(Row::text).collect();
            let mut options = Vec::new();
            game.options(&p, &mut options).unwrap();
            let mut want: Vec<String> = options
                .iter()
                .filter(|o| game.row_value(o).unwrap() == 0)
                .map(Row::text)
                .collect();
            wins.sort();
            want.sort();
            assert_eq!(wins, want, "{rule} {}", p.text());
            assert_eq!(game.move_count(&p), options.len() as u128, "{rule} {}", p.text());
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(32))]
        #[test]
        fn longer_rows_agree_with_the_search(
            rule in 0..RULES.len(),
            heads in proptest::collection::vec(1usize..=11, 0..5),
        ) {
            let game = Coins::new(Rule::parse(RULES[rule]).unwrap(), RULES[rule]);
            let p = Row::decode(&DynPosition::Ints(heads.iter().map(|&h| h as i64).collect())).unwrap();
            let mut memo = std::collections::HashMap::new();
            proptest::prop_assert_eq!(game.row_value(&p).unwrap(), searched(&game, &p, &mut memo));
        }
    }

    #[test]
    fn winning_moves_of_long_rows_are_found() {
        // Eight coins out of 49 to turn with coin 50: a walk of every set of 7
        // found none within its limit; two walks of the sets of 4 find them.
        let game = Coins::new(Rule::UpTo(9), "moidores");
        let p = Row::decode(&DynPosition::Ints(vec![30, 40, 50])).unwrap();
        let form = game.closed_form(&p, Play::Normal).unwrap();
        assert!(!form.winning_moves.is_empty());
        for q in &form.winning_moves {
            assert_eq!(game.row_value(q).unwrap(), 0, "{}", q.text());
            assert!(q.0.iter().zip(&p.0).filter(|(a, b)| a != b).count() <= 9);
        }
    }

    #[test]
    fn moves_read_and_name_each_other() {
        let game = Coins::new(Rule::UpTo(3), "mock");
        let p = Row::parse("THTHH").unwrap();
        assert_eq!(
            game.name_move(&p, &Row::parse("HHTTT").unwrap()).as_deref(),
            Some("turn 1,4,5")
        );
        match game.read_move(&p, "turn 5,4,1") {
            MoveWord::Moves(m) => assert_eq!(m, [DynPosition::Text("HHTTT".into())]),
            _ => panic!("turn 1,4,5 is a move"),
        }
        // Four coins are one too many, and coin 3 is tails.
        assert!(matches!(game.read_move(&p, "turn 1,2,4,5"), MoveWord::Wrong(_)));
        assert!(matches!(game.read_move(&p, "turn 3"), MoveWord::Wrong(_)));
        assert!(matches!(game.read_move(&p, "turn 9"), MoveWord::Wrong(_)));
        let board = game.board(&p).unwrap();
        assert_eq!(board.clicks.len(), 3);
        // Twins turns two coins: no click makes a move.
        let twins = Coins::new(Rule::Two, "twins").board(&p).unwrap();
        assert!(twins.clicks.is_empty() && !twins.notes[0].contains("click"));
    }

    #[test]
    fn the_budget_stops_the_definition() {
        let budget = Budget {
            max_work: Some(1000),
            ..Budget::default()
        };
        let game = Coins::new(Rule::UpTo(9), "moidores").within(&budget).unwrap();
        let e = game.values(200).unwrap_err();
        assert!(matches!(e, GameError::OverBudget(_)), "{e}");
    }
}
