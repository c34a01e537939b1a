//! Reading values (`1/2^*`, `3±1`, `{0||0|-1}`) and calculator expressions.
//!
//! One parser serves both: in value mode an option inside braces is a single value,
//! in calculator mode it is a sum. Braces are split before their options are read,
//! so the slashes inside braces never meet the calculator's `||` operator.

use crate::{Dyadic, GameId, ParseError, Universe};

/// What an expression evaluates to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CalcValue {
    /// A game (canonical, in the universe given).
    Game(GameId),
    /// The answer to a comparison.
    Bool(bool),
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
    let g = p.atom();
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

/// Canonical forms are explicit, so an integer n or n·↑ costs |n| nodes and *m costs
/// m²/2 option slots; literals beyond these would exhaust memory rather than fail.
const LIMIT: u64 = 1 << 16;
const STAR_LIMIT: u64 = crate::NIMBER_LIMIT;

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
        let a = self.sum()?;
        self.skip_ws();
        let at = self.pos;
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
        let b = self.sum()?;
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

    fn sum(&mut self) -> Result<GameId, ParseError> {
        let mut g = self.unary()?;
        loop {
            self.skip_ws();
            let at = self.pos;
            if self.eat('+') {
                let h = self.unary()?;
                g = self.u.add(g, h);
                self.check_work(at)?;
            } else if self.eat('-') {
                let h = self.unary()?;
                g = self.u.sub(g, h);
                self.check_work(at)?;
            } else {
                return Ok(g);
            }
        }
    }

    /// Signs before an atom, read in a loop (a text of 10^5 minus signs must
    /// not recurse 10^5 deep). `+-` is not a plus sign but ± (as in CGSuite).
    fn unary(&mut self) -> Result<GameId, ParseError> {
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
        Ok(if negate { self.u.neg(g) } else { g })
    }

    /// An option inside braces: a value, or a sum in calculator mode.
    fn option(&mut self) -> Result<GameId, ParseError> {
        if self.calc() {
            self.sum()
        } else {
            self.skip_ws();
            self.atom()
        }
    }

    // ---- values ----

    /// One value, nested at most [`MAX_DEPTH`] deep; the stack grows on the heap
    /// when it runs low, so the depth limit, not the thread's stack, bounds it.
    pub(crate) fn atom(&mut self) -> Result<GameId, ParseError> {
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

    fn atom_at_depth(&mut self) -> Result<GameId, ParseError> {
        let at = self.pos;
        let Some(c) = self.peek() else {
            return self.err_at(at, "expected a value");
        };
        let g = match c {
            '{' => self.braces()?,
            '(' => {
                self.pos += 1;
                let g = if self.calc() { self.sum()? } else { self.atom()? };
                self.skip_ws();
                if !self.eat(')') {
                    return self.err_at(self.pos, "expected ')'");
                }
                g
            }
            '±' | '+' if self.eat_plus_minus() => {
                let d = self.atom()?;
                return Ok(self.plus_minus(self.u.zero(), d));
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
                return Ok(if negate { self.u.neg(g) } else { g });
            }
            '-' | '.' | '0'..='9' => {
                let x = self.number()?;
                self.up_star(x)?
            }
            '^' | '↑' | '↓' | '⇑' | '⇓' | '*' => self.up_star(Dyadic::ZERO)?,
            'v' if !self.calc() || self.is_down_word() => self.up_star(Dyadic::ZERO)?,
            c if self.calc() && (c.is_alphabetic() || c == '_') => self.call()?,
            c => return self.err_at(at, format!("unexpected '{c}'")),
        };
        self.check_work(at)?;
        // `3±1`, `3 +- 1` and `1*±1`: a value followed by ± is the centre of a switch.
        let before = self.pos;
        self.skip_ws();
        if self.eat_plus_minus() {
            let d = self.atom()?;
            let s = self.plus_minus(g, d);
            self.check_work(at)?;
            return Ok(s);
        }
        self.pos = before;
        Ok(g)
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
        while self.peek().is_some_and(|c| c.is_ascii_digit() || c == '.') {
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
    fn up_star(&mut self, x: Dyadic) -> Result<GameId, ParseError> {
        let mut ups: i64 = 0;
        let at = self.pos;
        match self.peek() {
            Some('^') | Some('v') => {
                let c = self.peek().unwrap_or('^');
                if c == 'v' && self.calc() && !self.is_down_word() {
                    return Ok(self.u.number(x));
                }
                let sign = if c == '^' { 1 } else { -1 };
                let mut n = 0;
                while self.eat(c) {
                    n += 1;
                }
                if n == 1 {
                    if let Some(k) = self.digits() {
                        n = i64::try_from(k).unwrap_or(i64::MAX);
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
                    None => base,
                };
                ups = sign * n;
            }
            _ => {}
        }
        let mut star = 0;
        let star_at = self.pos;
        if self.eat('*') {
            star = self.digits().unwrap_or(1);
        }
        if ups.unsigned_abs() > LIMIT {
            return self.err_at(at, format!("at most {LIMIT} ups"));
        }
        if star > STAR_LIMIT {
            return self.err_at(star_at, format!("at most *{STAR_LIMIT}"));
        }
        Ok(self.u.up_star(x, ups, star))
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
                format!("unknown name '{name}' (functions need arguments in parentheses)"),
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
        );
        let g = if builtin {
            let args = self.arguments(open + 1, close)?;
            self.builtin(&name, at, &args)?
        } else {
            let raw: String = self.chars[open + 1..close].iter().collect();
            let resolve = self.resolve.as_mut().expect("calculator mode");
            match resolve(&name, &raw, self.u) {
                Ok(g) => g,
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
            self.expect_end()?;
            out.push((col, g));
        }
        self.end = saved;
        Ok(out)
    }

    fn builtin(&mut self, name: &str, at: usize, args: &[(usize, GameId)]) -> Result<GameId, ParseError> {
        let want = if matches!(name, "cool" | "heat") { 2 } else { 1 };
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
