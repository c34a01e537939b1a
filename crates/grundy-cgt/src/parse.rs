//! Reading values (`1/2^*`, `3±1`, `{0||0|-1}`) and calculator expressions.
//!
//! One parser serves both: in value mode an option inside braces is a single value,
//! in calculator mode it is a sum. Braces are split before their options are read,
//! so the slashes inside braces never meet the calculator's `||` operator.

use crate::canonical::Nus;
use crate::{Dyadic, GameId, ParseError, Universe};

/// What an expression evaluates to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CalcValue {
    /// A game (canonical, in the universe given).
    Game(GameId),
    /// x + n·↑ + *m with m above [`crate::NIMBER_LIMIT`]: exact, but too large to
    /// build as a form (*m has m options), so it is kept as its three parts.
    UpStar {
        /// The number x.
        x: Dyadic,
        /// n, the count of ups (negative for downs).
        ups: i64,
        /// m, the nimber.
        star: u64,
    },
    /// The answer to a comparison.
    Bool(bool),
}

/// A value while an expression is read: a game, or a number-up-star whose nimber
/// is too large to build (nimbers add by XOR, so sums of such values stay exact
/// without their forms).
#[derive(Clone, Copy, Debug)]
enum Val {
    Game(GameId),
    UpStar(Nus),
}

/// Resolves `name(args)` calls that are not built in.
/// It is given the universe, so the values it makes live where the expression's do.
pub(crate) type Resolver<'r> = &'r mut dyn FnMut(&str, &str, &mut Universe) -> Result<GameId, String>;

pub(crate) struct Parser<'a, 'r> {
    text: &'a str,
    chars: Vec<char>,
    /// For each `{` or `(`, the index of the bracket that closes it (brackets of
    /// either kind counted together, as [`Parser::matching`] reads them), or
    /// `usize::MAX`: found once, so that each level of a deeply nested text
    /// does not scan the whole rest of it again (quadratic in the text).
    close_of: Vec<usize>,
    pos: usize,
    end: usize,
    u: &'a mut Universe,
    /// Some in calculator mode.
    resolve: Option<Resolver<'r>>,
    /// Values nested inside the one being read (braces, parentheses, ±).
    depth: usize,
}

/// The deepest nesting of values a text may have (braces, parentheses, ±). The
/// parser recurses once a level, and so do the canonical forms built from such a
/// text: deeper would overflow the stack, or take time quadratic in the text.
pub const MAX_DEPTH: usize = 1000;

pub(crate) fn parse_value(u: &mut Universe, text: &str) -> Result<GameId, ParseError> {
    let mut p = Parser::new(u, text, None);
    p.skip_ws();
    let g = p.game_atom();
    if p.u.work_exhausted() {
        return p.err_at(p.pos.min(p.end), p.out_of_work());
    }
    let g = g?;
    p.expect_end()?;
    Ok(g)
}

/// The budget's error of an expression whose work stopped at the budget's memory
/// or steps (`None` otherwise), in the words every command uses.
pub fn over_budget(u: &Universe) -> Option<grundy_budget::OverBudget> {
    u.over_budget(if u.memory_exhausted() {
        "the games computed (canonical forms are explicit: sums of games with many options, such as large nimbers, grow fast)"
    } else {
        "the value (canonical forms are explicit: sums of games with many options, such as large nimbers, grow fast)"
    })
}

pub(crate) fn evaluate(u: &mut Universe, text: &str, resolve: Resolver<'_>) -> Result<CalcValue, ParseError> {
    let mut p = Parser::new(u, text, Some(resolve));
    let v = p.expression();
    // Out of work, values are meaningless, and so is any other error they caused.
    if p.u.work_exhausted() {
        return p.err_at(p.pos.min(p.end), p.out_of_work());
    }
    let v = v?;
    p.expect_end()?;
    Ok(v)
}

/// Every function and notation of the calculator, one line each: `grundy help calc`
/// prints it, and an unknown name lists the functions.
pub const FUNCTIONS: &[(&str, &str)] = &[
    ("cool(G, t)", "G cooled by the number t >= 0"),
    ("heat(G, t)", "G heated by t"),
    ("overheat(G, s, t)", "G overheated from s to t"),
    ("mean(G)", "the mean value"),
    ("temp(G), temperature(G)", "the temperature"),
    ("leftstop(G), rightstop(G)", "Left's and Right's stops"),
    ("birthday(G)", "the birthday of the canonical form"),
    ("atomic(G), aw(G)", "the atomic weight of an all-small game"),
    ("reduced(G), rcf(G)", "the reduced canonical form"),
    ("norton(G, U)", "the Norton product G.U"),
    ("Tiny(G), Miny(G)", "{0||0|-G} and {G|0||0}"),
    (
        "name(position)",
        "a position of a game, by the game's name (grundy help lists them)",
    ),
];

/// The notation the calculator reads besides functions, one line each.
pub const NOTATION: &[(&str, &str)] = &[
    (
        "{L|R}, {a||b|c}",
        "a game by its options; more slashes split first",
    ),
    ("3, -1/2, 0.25", "numbers (dyadic rationals)"),
    (
        "*, *3, *100000",
        "nimbers (of any size: nimbers beyond *2048 add by XOR)",
    ),
    (
        "^, vv, ^3, v3*2, 1/2^*",
        "ups and downs, with a number and a nimber",
    ),
    ("^<n>, v<n>", "the uptimal ↑^n = {0|v[n-1]*} and its negative"),
    (
        "^[n], v[n]",
        "↑^→n = ↑ + ↑^2 + ... + ↑^n = {^[n-1]|*} and its negative",
    ),
    ("+-G, x+-G, +-{a,b}", "the switch {G|-G}, x plus it, {a,b|-a,-b}"),
    ("G + H, G - H, -G", "sums and negatives"),
    (
        "3*G, G*3, 3 * 2",
        "integer multiples (a star right after a number is a nimber: 3*2 is 3+*2)",
    ),
    (
        "G.U",
        "the Norton product (U's copies for integer G; CGSuite's NortonProduct)",
    ),
    (
        "G:H",
        "the ordinal sum (moves in H on top of G): 1:1 = 2, 1:-1 = 1/2",
    ),
    (
        "G >= H, <=, ==, <, >, <> or ||",
        "comparisons (<> and || : confused)",
    ),
    ("on off over under upon dud pass, G & H, a{0|a}", "loopy values"),
];

/// The names of the built-in functions, in one line.
pub fn function_names() -> String {
    let names: Vec<&str> = FUNCTIONS
        .iter()
        .filter(|(f, _)| !f.starts_with("name("))
        .flat_map(|(f, _)| f.split("), "))
        .map(|f| f.split('(').next().unwrap_or(f))
        .collect();
    names.join(", ")
}

/// Canonical forms are explicit, so an integer n or n·↑ costs |n| nodes and *m costs
/// m²/2 option slots; literals beyond these would exhaust memory rather than fail.
const LIMIT: u64 = 1 << 16;
const STAR_LIMIT: u64 = crate::NIMBER_LIMIT;
/// ↑^n and ↑^→n are chains n deep: deeper ones are as deep as a form may nest.
const MAX_UPTIMAL: u64 = 1000;

/// How a number-up-star compares with another.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Sign {
    Greater,
    Less,
    Equal,
    Confused,
}

/// a against b, from their parts: the numbers decide unless equal; then
/// n·↑ + *m (the difference) is 0 for n = m = 0, confused with 0 for n = 0 < m or
/// ↑* (n = ±1, m = 1), and has n's sign otherwise.
fn sign(a: Nus, b: Nus) -> Sign {
    if a.x != b.x {
        return if a.x > b.x { Sign::Greater } else { Sign::Less };
    }
    let ups = i128::from(a.ups) - i128::from(b.ups);
    let star = a.star ^ b.star;
    match ups {
        0 if star == 0 => Sign::Equal,
        0 => Sign::Confused,
        1 | -1 if star == 1 => Sign::Confused,
        n if n > 0 => Sign::Greater,
        _ => Sign::Less,
    }
}

/// Whether a comparison `op` holds of two values that compare as `s`.
fn holds(s: Sign, op: &str) -> bool {
    let (ge, le) = match s {
        Sign::Greater => (true, false),
        Sign::Less => (false, true),
        Sign::Equal => (true, true),
        Sign::Confused => (false, false),
    };
    match op {
        ">=" => ge,
        "<=" => le,
        "==" | "=" => ge && le,
        "<>" | "||" => !ge && !le,
        "<" => le && !ge,
        _ => ge && !le,
    }
}

/// The sum of two number-up-stars (nimbers add by XOR); `None` beyond precision.
fn plus(a: Nus, b: Nus) -> Option<Nus> {
    Some(Nus {
        x: a.x.checked_add(b.x)?,
        ups: a.ups.checked_add(b.ups).filter(|u| u.unsigned_abs() <= LIMIT)?,
        star: a.star ^ b.star,
    })
}

/// At most 40 characters of a text, for messages.
fn excerpt(s: &str) -> String {
    if s.chars().count() <= 40 {
        return s.to_string();
    }
    let head: String = s.chars().take(20).collect();
    let tail: Vec<char> = s.chars().rev().take(17).collect();
    format!("{head}...{}", tail.into_iter().rev().collect::<String>())
}

fn is_digit(c: Option<char>) -> bool {
    c.is_some_and(|c| c.is_ascii_digit())
}

impl<'a, 'r> Parser<'a, 'r> {
    fn new(u: &'a mut Universe, text: &'a str, resolve: Option<Resolver<'r>>) -> Parser<'a, 'r> {
        let chars: Vec<char> = text.chars().collect();
        let end = chars.len();
        let mut close_of = vec![usize::MAX; chars.len()];
        let mut open = Vec::new();
        for (i, &c) in chars.iter().enumerate() {
            match c {
                '{' | '(' => open.push(i),
                '}' | ')' => {
                    if let Some(o) = open.pop() {
                        close_of[o] = i;
                    }
                }
                _ => {}
            }
        }
        Parser {
            text,
            chars,
            close_of,
            pos: 0,
            end,
            u,
            resolve,
            depth: 0,
        }
    }

    fn out_of_work(&self) -> String {
        if self.u.precision_exhausted() {
            return format!(
                "beyond the precision of grundy's numbers: a number in the result needs more than 127 bits of numerator or a denominator above 2^{} (nothing is rounded)",
                crate::MAX_EXPONENT
            );
        }
        if self.u.stack_exhausted() {
            return "too deep: a form nests so deeply that computing with it would overflow the stack (a long chain of ups, say)".to_string();
        }
        // The budget's own words (which limit, how far, the flag), as every
        // other command says it.
        match over_budget(self.u) {
            Some(b) => b.to_string(),
            None => "too much work".to_string(),
        }
    }

    /// Stops at the first operation that ran out of work, naming where it was.
    fn check_work(&self, at: usize) -> Result<(), ParseError> {
        if self.u.work_exhausted() {
            return self.err_at(at, self.out_of_work());
        }
        Ok(())
    }

    fn calc(&self) -> bool {
        self.resolve.is_some()
    }

    fn err_at<T>(&self, pos: usize, message: impl Into<String>) -> Result<T, ParseError> {
        Err(ParseError {
            message: message.into(),
            column: pos + 1,
            text: self.text.to_string(),
        })
    }

    fn peek(&self) -> Option<char> {
        self.peek_at(0)
    }

    fn peek_at(&self, k: usize) -> Option<char> {
        if self.pos + k < self.end {
            Some(self.chars[self.pos + k])
        } else {
            None
        }
    }

    fn skip_ws(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.pos += 1;
        }
    }

    fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn expect_end(&mut self) -> Result<(), ParseError> {
        self.skip_ws();
        match self.peek() {
            None => Ok(()),
            Some(c) => self.err_at(self.pos, format!("unexpected '{c}'")),
        }
    }

    /// A count written in digits; one too large for a u64 is u64::MAX (every
    /// count has a limit far below, which then refuses it).
    fn digits(&mut self) -> Option<u64> {
        let start = self.pos;
        while is_digit(self.peek()) {
            self.pos += 1;
        }
        if self.pos == start {
            return None;
        }
        Some(
            self.chars[start..self.pos]
                .iter()
                .collect::<String>()
                .parse()
                .unwrap_or(u64::MAX),
        )
    }

    // ---- calculator layers ----

    fn expression(&mut self) -> Result<CalcValue, ParseError> {
        self.skip_ws();
        let start = self.pos;
        let a = self.sum()?;
        self.skip_ws();
        let at = self.pos;
        let a = match a {
            Val::Game(g) => g,
            Val::UpStar(v) => return self.compare_large(v, start),
        };
        let two: String = [self.peek(), self.peek_at(1)].iter().flatten().collect();
        let op = match two.as_str() {
            ">=" | "<=" | "==" | "<>" | "||" => {
                self.pos += 2;
                two
            }
            _ => match self.peek() {
                Some(c @ ('<' | '>' | '=')) => {
                    self.pos += 1;
                    c.to_string()
                }
                _ => return Ok(CalcValue::Game(a)),
            },
        };
        let b_at = self.pos;
        let b = match self.sum()? {
            Val::Game(b) => b,
            Val::UpStar(v) => {
                let Some(x) = self.u.nus_of(a) else {
                    return self.err_at(b_at, self.too_large(v));
                };
                return Ok(CalcValue::Bool(holds(sign(x, v), &op)));
            }
        };
        let u = &mut *self.u;
        let r = match op.as_str() {
            ">=" => u.ge(a, b),
            "<=" => u.le(a, b),
            "==" | "=" => a == b,
            "<>" | "||" => u.confused(a, b),
            "<" => u.le(a, b) && a != b,
            ">" => u.ge(a, b) && a != b,
            _ => return self.err_at(at, "unknown comparison"),
        };
        Ok(CalcValue::Bool(r))
    }

    /// A comparison whose left side (at `at`) is a number-up-star too large to build.
    fn compare_large(&mut self, a: Nus, at: usize) -> Result<CalcValue, ParseError> {
        let two: String = [self.peek(), self.peek_at(1)].iter().flatten().collect();
        let op = match two.as_str() {
            ">=" | "<=" | "==" | "<>" | "||" => two,
            _ => match self.peek() {
                Some(c @ ('<' | '>' | '=')) => c.to_string(),
                _ => {
                    return Ok(CalcValue::UpStar {
                        x: a.x,
                        ups: a.ups,
                        star: a.star,
                    })
                }
            },
        };
        self.pos += op.len();
        let b = match self.sum()? {
            Val::UpStar(b) => b,
            Val::Game(g) => match self.u.nus_of(g) {
                Some(b) => b,
                None => return self.err_at(at, self.too_large(a)),
            },
        };
        Ok(CalcValue::Bool(holds(sign(a, b), &op)))
    }

    /// The message for a nimber too large to build meeting a game it cannot be
    /// computed with by parts.
    fn too_large(&self, v: Nus) -> String {
        format!(
            "*{} is too large to build as a game (*n has n options; at most *{STAR_LIMIT} are built): it is exact only in sums and comparisons with numbers, ups and nimbers",
            v.star
        )
    }

    /// The game of `v`, or the error naming `at` when it is too large to build.
    fn game(&self, v: Val, at: usize) -> Result<GameId, ParseError> {
        match v {
            Val::Game(g) => Ok(g),
            Val::UpStar(n) => self.err_at(at, self.too_large(n)),
        }
    }

    /// A number-up-star as a value: built when its nimber is small enough.
    fn up_star_val(&mut self, v: Nus) -> Val {
        if v.star <= STAR_LIMIT {
            Val::Game(self.u.up_star(v.x, v.ups, v.star))
        } else {
            Val::UpStar(v)
        }
    }

    /// The parts of `v` when it is a number-up-star.
    fn parts(&self, v: Val) -> Option<Nus> {
        match v {
            Val::Game(g) => self.u.nus_of(g),
            Val::UpStar(n) => Some(n),
        }
    }

    fn add_vals(&mut self, a: Val, b: Val, at: usize) -> Result<Val, ParseError> {
        if let (Val::Game(g), Val::Game(h)) = (a, b) {
            let s = self.u.add(g, h);
            self.check_work(at)?;
            return Ok(Val::Game(s));
        }
        let big = match (a, b) {
            (Val::UpStar(n), _) | (_, Val::UpStar(n)) => n,
            _ => unreachable!("one side is large"),
        };
        let (Some(x), Some(y)) = (self.parts(a), self.parts(b)) else {
            return self.err_at(at, self.too_large(big));
        };
        match plus(x, y) {
            Some(s) => Ok(self.up_star_val(s)),
            None => self.err_at(at, "the sum's number is beyond the precision of grundy's numbers"),
        }
    }

    fn neg_val(&mut self, v: Val) -> Val {
        match v {
            Val::Game(g) => Val::Game(self.u.neg(g)),
            Val::UpStar(n) => Val::UpStar(Nus {
                x: -n.x,
                ups: -n.ups,
                star: n.star,
            }),
        }
    }

    fn sum(&mut self) -> Result<Val, ParseError> {
        let mut g = self.ordinal()?;
        loop {
            self.skip_ws();
            let at = self.pos;
            if self.eat('+') {
                let h = self.ordinal()?;
                g = self.add_vals(g, h, at)?;
            } else if self.eat('-') {
                let h = self.ordinal()?;
                let h = self.neg_val(h);
                g = self.add_vals(g, h, at)?;
            } else {
                return Ok(g);
            }
        }
    }

    /// Ordinal sums `G:H`, binding tighter than + and looser than products (as in
    /// CGSuite).
    fn ordinal(&mut self) -> Result<Val, ParseError> {
        let mut g = self.product()?;
        loop {
            self.skip_ws();
            let at = self.pos;
            if !self.eat(':') {
                return Ok(g);
            }
            let h = self.product()?;
            g = match (self.parts(g), self.parts(h)) {
                // Nimbers: *a : *b = *(a + b), exact at any size.
                (Some(a), Some(b))
                    if a.x == Dyadic::ZERO && a.ups == 0 && b.x == Dyadic::ZERO && b.ups == 0 =>
                {
                    match a.star.checked_add(b.star) {
                        Some(star) => self.up_star_val(Nus {
                            x: Dyadic::ZERO,
                            ups: 0,
                            star,
                        }),
                        None => return self.err_at(at, "a nimber beyond *2^64"),
                    }
                }
                _ => {
                    let (a, b) = (self.game(g, at)?, self.game(h, at)?);
                    let s = self.u.ordinal_sum(a, b);
                    self.check_work(at)?;
                    Val::Game(s)
                }
            };
        }
    }

    /// Integer multiples `3*G`, `G*3` and Norton products `G.U`. A star right
    /// after a number or an up is a nimber (`3*2` is 3 + *2), so `*` is an
    /// operator only where a nimber cannot be: after a space, a brace or a
    /// parenthesis.
    fn product(&mut self) -> Result<Val, ParseError> {
        let mut g = self.unary()?;
        loop {
            self.skip_ws();
            let at = self.pos;
            if self.peek() == Some('.') && !is_digit(self.peek_at(1)) {
                self.pos += 1;
                let h = self.unary()?;
                let (a, b) = (self.game(g, at)?, self.game(h, at)?);
                let p = self.u.norton_product(a, b);
                self.check_work(at)?;
                g = Val::Game(p);
            } else if self.eat('*') {
                let h = self.unary()?;
                g = self.times(g, h, at)?;
            } else {
                return Ok(g);
            }
        }
    }

    /// In calculator mode, a `*` right before a brace, a parenthesis, an up, a
    /// star or a name is a product (`3*{1|0}`, `2*^`), not a nimber: no nimber
    /// is written so.
    fn is_times(&self) -> bool {
        self.calc()
            && self.peek_at(1).is_some_and(|c| {
                matches!(c, '{' | '(' | '^' | '*' | '↑' | '↓' | '⇑' | '⇓') || c.is_alphabetic()
            })
    }

    /// The integer of `v`, if it is one.
    fn integer_of(&self, v: Val) -> Option<Dyadic> {
        self.parts(v)
            .filter(|n| n.ups == 0 && n.star == 0 && n.x.is_integer())
            .map(|n| n.x)
    }

    fn times(&mut self, a: Val, b: Val, at: usize) -> Result<Val, ParseError> {
        let (n, g) =
            match (self.integer_of(a), self.integer_of(b)) {
                (Some(n), _) => (n, b),
                (None, Some(n)) => (n, a),
                (None, None) => return self.err_at(
                    at,
                    "'*' multiplies by an integer: one side must be one (the Norton product of games is G.U)",
                ),
            };
        let Ok(n) = i64::try_from(n.floor()) else {
            return self.err_at(at, "the multiple is too large");
        };
        if let Val::UpStar(v) = g {
            let x = v.x.checked_mul_int(n);
            let ups = v.ups.checked_mul(n).filter(|u| u.unsigned_abs() <= LIMIT);
            return match (x, ups) {
                (Some(x), Some(ups)) => {
                    let star = if n % 2 == 0 { 0 } else { v.star };
                    Ok(self.up_star_val(Nus { x, ups, star }))
                }
                _ => self.err_at(at, format!("the multiple is too large (at most {LIMIT} ups)")),
            };
        }
        let Val::Game(g) = g else {
            unreachable!("handled above")
        };
        if let Some(v) = self.u.nus_of(g) {
            // A multiple of a number or of ups is a literal of that size: the same limits.
            let too_large =
                v.x.checked_mul_int(n)
                    .is_none_or(|x| x.floor().unsigned_abs() >= u128::from(LIMIT))
                    || v.ups.checked_mul(n).is_none_or(|u| u.unsigned_abs() > LIMIT);
            if too_large {
                return self.err_at(
                    at,
                    format!("the multiple is too large to build as a game (at most {LIMIT} for an integer or a count of ups)"),
                );
            }
        }
        let m = self.u.multiple(n, g);
        self.check_work(at)?;
        Ok(Val::Game(m))
    }

    /// Signs before an atom, read in a loop (a text of 10^5 minus signs must
    /// not recurse 10^5 deep). `+-` is not a plus sign but ± (as in CGSuite).
    fn unary(&mut self) -> Result<Val, ParseError> {
        let mut negate = false;
        loop {
            self.skip_ws();
            if self.peek() == Some('-') && !is_digit(self.peek_at(1)) && self.peek_at(1) != Some('.') {
                self.pos += 1;
                negate = !negate;
            } else if self.peek() == Some('+') && self.peek_at(1) != Some('-') {
                self.pos += 1;
            } else {
                break;
            }
        }
        let g = self.atom()?;
        Ok(if negate { self.neg_val(g) } else { g })
    }

    /// An option inside braces: a value, or a sum in calculator mode.
    fn option(&mut self) -> Result<GameId, ParseError> {
        self.skip_ws();
        let at = self.pos;
        let v = if self.calc() { self.sum()? } else { self.atom()? };
        self.game(v, at)
    }

    /// One value that must be built as a game.
    fn game_atom(&mut self) -> Result<GameId, ParseError> {
        self.skip_ws();
        let at = self.pos;
        let v = self.atom()?;
        self.game(v, at)
    }

    // ---- values ----

    /// One value, nested at most [`MAX_DEPTH`] deep; the stack grows on the heap
    /// when it runs low, so the depth limit, not the thread's stack, bounds it.
    fn atom(&mut self) -> Result<Val, ParseError> {
        self.skip_ws();
        if self.depth >= MAX_DEPTH {
            return self.err_at(
                self.pos,
                format!("values nested more than {MAX_DEPTH} deep (braces, parentheses or ±)"),
            );
        }
        self.depth += 1;
        // More room than the universe's own reserve (128 KiB), so that a deep value
        // grows the stack here rather than stopping the universe as too deep.
        let r = stacker::maybe_grow(256 << 10, 4 << 20, || self.atom_at_depth());
        self.depth -= 1;
        r
    }

    fn atom_at_depth(&mut self) -> Result<Val, ParseError> {
        let at = self.pos;
        let Some(c) = self.peek() else {
            return self.err_at(at, "expected a value");
        };
        let v = match c {
            '{' => Val::Game(self.braces()?),
            '(' => {
                self.pos += 1;
                let v = if self.calc() { self.sum()? } else { self.atom()? };
                self.skip_ws();
                if !self.eat(')') {
                    return self.err_at(self.pos, "expected ')'");
                }
                v
            }
            '±' | '+' if self.eat_plus_minus() => {
                self.skip_ws();
                let zero = self.u.zero();
                let s = if self.peek() == Some('{') && self.is_option_list()? {
                    // ±{a,b}: the switch {a,b | -a,-b}.
                    let open = self.pos;
                    let close = self.matching(open)?;
                    let left = self.side(open + 1, close)?;
                    self.pos = close + 1;
                    let right: Vec<GameId> = left.iter().map(|&o| self.u.neg(o)).collect();
                    self.u.construct(&left, &right)
                } else {
                    let d = self.game_atom()?;
                    self.plus_minus(zero, d)
                };
                self.check_work(at)?;
                return Ok(Val::Game(s));
            }
            '-' if !is_digit(self.peek_at(1)) && self.peek_at(1) != Some('.') => {
                // A run of minus signs, counted rather than recursed into.
                let mut negate = false;
                while self.peek() == Some('-') && !is_digit(self.peek_at(1)) && self.peek_at(1) != Some('.') {
                    self.pos += 1;
                    negate = !negate;
                    self.skip_ws();
                }
                let g = self.atom()?;
                return Ok(if negate { self.neg_val(g) } else { g });
            }
            '-' | '.' | '0'..='9' => {
                let x = self.number()?;
                if self.tiny_word().is_some() {
                    let t = self.tiny()?;
                    let n = self.u.number(x);
                    Val::Game(self.u.add(n, t))
                } else {
                    self.up_star(x, at)?
                }
            }
            '^' | '↑' | '↓' | '⇑' | '⇓' | '*' => self.up_star(Dyadic::ZERO, at)?,
            'v' if !self.calc() || self.is_down_word() => self.up_star(Dyadic::ZERO, at)?,
            _ if self.tiny_word().is_some() => Val::Game(self.tiny()?),
            c if self.calc() && (c.is_alphabetic() || c == '_') => Val::Game(self.call()?),
            c => return self.err_at(at, format!("unexpected '{c}'")),
        };
        self.check_work(at)?;
        // `3±1`, `3 +- 1` and `1*±1`: a value followed by ± is the centre of a switch.
        let before = self.pos;
        self.skip_ws();
        if self.eat_plus_minus() {
            let g = self.game(v, at)?;
            let d = self.game_atom()?;
            let s = self.plus_minus(g, d);
            self.check_work(at)?;
            return Ok(Val::Game(s));
        }
        self.pos = before;
        Ok(v)
    }

    /// True when the braces at the cursor hold options without a `|` (`±{a,b}`).
    fn is_option_list(&self) -> Result<bool, ParseError> {
        let close = self.matching(self.pos)?;
        Ok(self.separators(self.pos + 1, close).0.is_empty())
    }

    /// `Tiny` or `Miny` (any case) at the cursor, before a parenthesis: true for Tiny.
    fn tiny_word(&self) -> Option<bool> {
        let word: String = (0..4)
            .filter_map(|k| self.peek_at(k))
            .collect::<String>()
            .to_lowercase();
        let tiny = match word.as_str() {
            "tiny" => true,
            "miny" => false,
            _ => return None,
        };
        let mut k = 4;
        while self.peek_at(k).is_some_and(char::is_whitespace) {
            k += 1;
        }
        (self.peek_at(k) == Some('(')).then_some(tiny)
    }

    /// `Tiny(G)` = {0 || 0 | -G} and `Miny(G)` = {G | 0 || 0}.
    fn tiny(&mut self) -> Result<GameId, ParseError> {
        let at = self.pos;
        let tiny = self.tiny_word().unwrap_or(true);
        self.pos += 4;
        self.skip_ws();
        let open = self.pos;
        let close = self.matching(open)?;
        let saved = self.end;
        self.pos = open + 1;
        self.end = close;
        self.skip_ws();
        let arg_at = self.pos;
        let v = if self.calc() { self.sum()? } else { self.atom()? };
        self.expect_end()?;
        self.end = saved;
        let g = self.game(v, arg_at)?;
        self.pos = close + 1;
        let t = if tiny { self.u.tiny(g) } else { self.u.miny(g) };
        self.check_work(at)?;
        Ok(t)
    }

    /// `±`, or CGSuite's ASCII `+-` (in the calculator too: `2+-1` is 2±1, not
    /// 2 + -1, which is written `2 + -1` or `2-1`).
    fn eat_plus_minus(&mut self) -> bool {
        if self.eat('±') {
            return true;
        }
        if self.peek() == Some('+') && self.peek_at(1) == Some('-') {
            self.pos += 2;
            return true;
        }
        false
    }

    /// x ± d = {x + d | x - d}.
    fn plus_minus(&mut self, x: GameId, d: GameId) -> GameId {
        let l = self.u.add(x, d);
        let r = self.u.sub(x, d);
        self.u.construct(&[l], &[r])
    }

    /// In calculator mode, `v`, `vv`, `v3` are downs unless they name a function.
    fn is_down_word(&self) -> bool {
        let mut k = 0;
        while self.peek_at(k) == Some('v') {
            k += 1;
        }
        while is_digit(self.peek_at(k)) {
            k += 1;
        }
        if self.peek_at(k).is_some_and(|c| c.is_alphanumeric() || c == '_') {
            return false;
        }
        while self.peek_at(k).is_some_and(char::is_whitespace) {
            k += 1;
        }
        self.peek_at(k) != Some('(')
    }

    fn number(&mut self) -> Result<Dyadic, ParseError> {
        let at = self.pos;
        self.eat('-');
        // A '.' not followed by a digit is the Norton product (`2.^`).
        while self
            .peek()
            .is_some_and(|c| c.is_ascii_digit() || (c == '.' && is_digit(self.peek_at(1))))
        {
            self.pos += 1;
        }
        if self.peek() == Some('/') && is_digit(self.peek_at(1)) {
            self.pos += 1;
            while is_digit(self.peek()) {
                self.pos += 1;
            }
        }
        let s: String = self.chars[at..self.pos].iter().collect();
        match s.parse::<Dyadic>() {
            Ok(d) if d.floor().unsigned_abs() >= u128::from(LIMIT) => self.err_at(
                at,
                format!(
                    "{} is too large to build as a game: the canonical form of an integer n has |n| nodes, and at most {LIMIT} are built from a literal",
                    excerpt(&s)
                ),
            ),
            Ok(d) => Ok(d),
            Err(crate::BadNumber::TooLarge(_)) => self.err_at(
                at,
                format!(
                    "{} is too large or too precise for grundy's numbers (numerators of at most 127 bits, denominators of at most 2^{})",
                    excerpt(&s),
                    crate::MAX_EXPONENT
                ),
            ),
            Err(crate::BadNumber::NotDyadic(_)) => self.err_at(
                at,
                format!(
                    "'{}' is not a dyadic rational (an integer, or n/d with d a power of two)",
                    excerpt(&s)
                ),
            ),
        }
    }

    /// The ups and star written right after a number (or alone): `^^*`, `v3*2`, `⇑`.
    fn up_star(&mut self, x: Dyadic, atom_at: usize) -> Result<Val, ParseError> {
        let mut ups: i64 = 0;
        let mut uptimal = None;
        let at = self.pos;
        match self.peek() {
            Some('^') | Some('v') => {
                let c = self.peek().unwrap_or('^');
                if c == 'v' && self.calc() && !self.is_down_word() {
                    return Ok(Val::Game(self.u.number(x)));
                }
                let sign = if c == '^' { 1 } else { -1 };
                let mut n = 0;
                while self.eat(c) {
                    n += 1;
                }
                if n == 1 {
                    if let Some(k) = self.digits() {
                        n = i64::try_from(k).unwrap_or(i64::MAX);
                    } else if let Some((nth, k)) = self.uptimal_index()? {
                        uptimal = Some((sign, nth, k));
                        n = 0;
                    }
                }
                ups = sign * n;
            }
            Some(c @ ('↑' | '↓' | '⇑' | '⇓')) => {
                self.pos += 1;
                let (sign, base) = match c {
                    '↑' => (1, 1),
                    '⇑' => (1, 2),
                    '↓' => (-1, 1),
                    _ => (-1, 2),
                };
                let n = match self.digits() {
                    Some(k) if base == 1 => i64::try_from(k).unwrap_or(i64::MAX),
                    Some(_) => return self.err_at(at, "a count follows ↑ or ↓, not ⇑ or ⇓"),
                    None if base == 1 => match self.uptimal_index()? {
                        Some((nth, k)) => {
                            uptimal = Some((sign, nth, k));
                            0
                        }
                        None => 1,
                    },
                    None => base,
                };
                ups = sign * n;
            }
            _ => {}
        }
        let mut star = 0;
        let star_at = self.pos;
        // A `*` after a number or ups may be a product; alone it is a star.
        let after_something = star_at > atom_at;
        if self.peek() == Some('*') && !(after_something && self.is_times()) && self.eat('*') {
            star = self.digits().unwrap_or(1);
        }
        if star == u64::MAX {
            return self.err_at(star_at, "a nimber beyond *2^64");
        }
        if ups.unsigned_abs() > LIMIT {
            return self.err_at(at, format!("at most {LIMIT} ups"));
        }
        let v = Nus { x, ups, star };
        let Some((sign, nth, k)) = uptimal else {
            return Ok(self.up_star_val(v));
        };
        if star > STAR_LIMIT {
            return self.err_at(star_at, self.too_large(v));
        }
        let unit = if nth {
            self.u.up_nth(k)
        } else {
            self.u.up_arrow_sum(k)
        };
        let unit = if sign < 0 { self.u.neg(unit) } else { unit };
        let rest = self.u.up_star(x, 0, star);
        let g = self.u.add(rest, unit);
        self.check_work(at)?;
        Ok(Val::Game(g))
    }

    /// `<n>` (true: ↑^n) or `[n]` (false: ↑^→n) right after an up or a down; `None`
    /// (nothing read) otherwise, so that `^ < 2` stays a comparison.
    fn uptimal_index(&mut self) -> Result<Option<(bool, u32)>, ParseError> {
        let (nth, close) = match self.peek() {
            Some('<') => (true, '>'),
            Some('[') => (false, ']'),
            _ => return Ok(None),
        };
        let at = self.pos;
        let mut k = 1;
        while is_digit(self.peek_at(k)) {
            k += 1;
        }
        if k == 1 || self.peek_at(k) != Some(close) {
            return Ok(None);
        }
        self.pos += 1;
        let n = self.digits().unwrap_or(u64::MAX);
        self.pos += 1;
        if n == 0 || n > MAX_UPTIMAL {
            return self.err_at(at, format!("an uptimal's index is 1 to {MAX_UPTIMAL}"));
        }
        Ok(Some((nth, n as u32)))
    }

    // ---- braces ----

    /// Index of the bracket closing the one at `open`, skipping nested () and {}.
    fn matching(&self, open: usize) -> Result<usize, ParseError> {
        let i = self.close_of[open];
        if i < self.end {
            let want = if self.chars[open] == '{' { '}' } else { ')' };
            if self.chars[i] != want {
                return self.err_at(i, format!("expected '{want}'"));
            }
            return Ok(i);
        }
        self.err_at(open, format!("unclosed '{}'", self.chars[open]))
    }

    fn braces(&mut self) -> Result<GameId, ParseError> {
        let open = self.pos;
        let close = self.matching(open)?;
        let g = self.content(open + 1, close)?;
        self.pos = close + 1;
        Ok(g)
    }

    /// Separators at the top level of [a, b): runs of `|` (start, length) and commas.
    fn separators(&self, a: usize, b: usize) -> (Vec<(usize, usize)>, Vec<usize>) {
        let (mut runs, mut commas) = (Vec::new(), Vec::new());
        let mut depth = 0usize;
        let mut i = a;
        while i < b {
            match self.chars[i] {
                // A group closed within the range holds no top-level separator: jump it.
                '{' | '(' if depth == 0 && self.close_of[i] < b => {
                    i = self.close_of[i] + 1;
                    continue;
                }
                '{' | '(' => depth += 1,
                '}' | ')' => depth = depth.saturating_sub(1),
                '|' if depth == 0 => {
                    let s = i;
                    while i < b && self.chars[i] == '|' {
                        i += 1;
                    }
                    runs.push((s, i - s));
                    continue;
                }
                ',' if depth == 0 => commas.push(i),
                _ => {}
            }
            i += 1;
        }
        (runs, commas)
    }

    /// The game written between braces at [a, b).
    fn content(&mut self, a: usize, b: usize) -> Result<GameId, ParseError> {
        let (runs, _) = self.separators(a, b);
        let Some(k) = runs.iter().map(|r| r.1).max() else {
            return self.err_at(a, "expected '|' between Left's and Right's options");
        };
        let tops: Vec<&(usize, usize)> = runs.iter().filter(|r| r.1 == k).collect();
        if tops.len() > 1 {
            return self.err_at(
                tops[1].0,
                "two separators of the same rank; add braces or slashes",
            );
        }
        let (s, _) = *tops[0];
        let left = self.side(a, s)?;
        let right = self.side(s + k, b)?;
        Ok(self.u.construct(&left, &right))
    }

    fn side(&mut self, a: usize, b: usize) -> Result<Vec<GameId>, ParseError> {
        let (runs, commas) = self.separators(a, b);
        if !runs.is_empty() {
            return Ok(vec![self.content(a, b)?]);
        }
        if self.chars[a..b].iter().all(|c| c.is_whitespace()) {
            return Ok(Vec::new());
        }
        let mut bounds = vec![a];
        for c in commas {
            bounds.push(c + 1);
        }
        bounds.push(b + 1);
        let mut out = Vec::new();
        for w in bounds.windows(2) {
            let (s, e) = (w[0], w[1] - 1);
            let saved = self.end;
            self.pos = s;
            self.end = e;
            self.skip_ws();
            if self.peek().is_none() {
                return self.err_at(s, "empty option");
            }
            let g = self.option()?;
            self.expect_end()?;
            self.end = saved;
            out.push(g);
        }
        Ok(out)
    }

    // ---- calculator functions ----

    fn call(&mut self) -> Result<GameId, ParseError> {
        let at = self.pos;
        while self.peek().is_some_and(|c| c.is_alphanumeric() || c == '_') {
            self.pos += 1;
        }
        let name: String = self.chars[at..self.pos].iter().collect();
        self.skip_ws();
        if self.peek() != Some('(') {
            return self.err_at(
                at,
                format!(
                    "unknown name '{name}' (functions need arguments in parentheses: {}; loopy values: on off over under upon dud pass, G & H, a{{0|a}})",
                    function_names()
                ),
            );
        }
        let open = self.pos;
        let close = self.matching(open)?;
        let builtin = matches!(
            name.as_str(),
            "cool"
                | "heat"
                | "mean"
                | "temp"
                | "temperature"
                | "atomic"
                | "aw"
                | "reduced"
                | "rcf"
                | "leftstop"
                | "rightstop"
                | "birthday"
                | "overheat"
                | "norton"
        );
        let g = if builtin {
            let args = self.arguments(open + 1, close)?;
            self.builtin(&name, at, &args)?
        } else {
            let raw: String = self.chars[open + 1..close].iter().collect();
            let resolve = self.resolve.as_mut().expect("calculator mode");
            match resolve(&name, &raw, self.u) {
                Ok(g) => g,
                // The resolver knows games, not the calculator's functions.
                Err(m) if m.starts_with("unknown game") => {
                    return self.err_at(at, format!("{m}; functions: {}", function_names()))
                }
                Err(m) => return self.err_at(at, m),
            }
        };
        self.pos = close + 1;
        Ok(g)
    }

    /// Comma-separated sums in [a, b), with their columns.
    fn arguments(&mut self, a: usize, b: usize) -> Result<Vec<(usize, GameId)>, ParseError> {
        let (_, commas) = self.separators(a, b);
        if self.chars[a..b].iter().all(|c| c.is_whitespace()) {
            return Ok(Vec::new());
        }
        let mut bounds = vec![a];
        bounds.extend(commas.iter().map(|c| c + 1));
        bounds.push(b + 1);
        let mut out = Vec::new();
        let saved = self.end;
        for w in bounds.windows(2) {
            self.pos = w[0];
            self.end = w[1] - 1;
            self.skip_ws();
            let col = self.pos;
            let g = self.sum()?;
            let g = self.game(g, col)?;
            self.expect_end()?;
            out.push((col, g));
        }
        self.end = saved;
        Ok(out)
    }

    fn builtin(&mut self, name: &str, at: usize, args: &[(usize, GameId)]) -> Result<GameId, ParseError> {
        let want = match name {
            "cool" | "heat" | "norton" => 2,
            "overheat" => 3,
            _ => 1,
        };
        if args.len() != want {
            return self.err_at(at, format!("{name} takes {want} argument(s), not {}", args.len()));
        }
        let g = args[0].1;
        let number_arg = |p: &Self, i: usize| -> Result<Dyadic, ParseError> {
            let (col, t) = args[i];
            match p.u.as_number(t) {
                Some(d) => Ok(d),
                None => p.err_at(col, format!("{name} needs a number here")),
            }
        };
        Ok(match name {
            "cool" => {
                let t = number_arg(self, 1)?;
                if t < Dyadic::ZERO {
                    return self.err_at(
                        args[1].0,
                        format!("cool needs a temperature of at least 0, not {t}"),
                    );
                }
                self.u.cool(g, t)
            }
            "heat" => {
                let t = number_arg(self, 1)?;
                self.u.heat(g, t)
            }
            "overheat" => self.u.overheat(g, args[1].1, args[2].1),
            "norton" => self.u.norton_product(g, args[1].1),
            "mean" => {
                let m = self.u.mean(g);
                self.u.number(m)
            }
            "temp" | "temperature" => {
                let t = self.u.temperature(g);
                self.u.number(t)
            }
            "leftstop" => {
                let s = self.u.left_stop(g);
                self.u.number(s)
            }
            "rightstop" => {
                let s = self.u.right_stop(g);
                self.u.number(s)
            }
            "birthday" => {
                let b = self.u.birthday(g);
                self.u.integer(i64::from(b))
            }
            "atomic" | "aw" => match self.u.atomic_weight(g) {
                Some(w) => w,
                None => return self.err_at(args[0].0, "atomic weight needs an all-small game"),
            },
            _ => self.u.reduced(g),
        })
    }
}
