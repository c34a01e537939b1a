//! The calculator's loopy expressions, in CGSuite's notation.
//!
//! ```text
//! compare := sided [ ("<=" | ">=" | "==" | "=" | "<" | ">" | "<>") sided ]
//! sided   := sum [ "&" sum ]                  onside & offside
//! sum     := unary { ("+" | "-") unary }
//! unary   := "-" unary | "+-" unary | atom    +-G is {G|-G}
//! atom    := "(" sided ")" | [label] "{" options "|" options "}" | name | short
//! name    := on | off | over | under | upon | dud | pass | label | <number>over | <number>under
//! ```
//!
//! Inside braces, `pass` is a move to the braces' own game and a label names the
//! braces it was put before (`a{0|{1|a}}`); both stand only as whole options.
//! Slashes nest as for short games: `{0||0|a}` is `{0|{0|a}}`. Everything else
//! (`1/2`, `^*`, `*3`, `Tiny(2)`) is read by the short-game calculator.

use grundy_budget::Budget;

use super::graph::Graph;
use super::value::{downsum, upsum, Loopy, Stopper};
use super::{display, LoopyError};
use crate::{GameId, ParseError, Universe};

/// A loopy expression's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// A value, in CGSuite's notation.
    Value(String),
    /// The answer to a comparison.
    Bool(bool),
}

/// Why a loopy expression has no answer.
#[derive(Clone, Debug, thiserror::Error)]
pub enum CalcError {
    /// The text is not an expression.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// The value could not be computed.
    #[error(transparent)]
    Value(#[from] LoopyError),
}

const NAMES: [&str; 7] = ["on", "off", "over", "under", "upon", "dud", "pass"];

/// Whether the text uses loopy notation (a loopy name, `&`, or a label before
/// braces), so that the loopy calculator, not the short one, should read it.
pub fn mentions_loopy(text: &str) -> bool {
    if text.contains('&') {
        return true;
    }
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        if chars[i].is_ascii_alphabetic() || chars[i] == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_ascii_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            let before_digit = start > 0 && (chars[start - 1].is_ascii_digit() || chars[start - 1] == '/');
            if NAMES.contains(&word.as_str())
                || (before_digit && (word == "over" || word == "under"))
                || (i < chars.len() && chars[i] == '{' && !is_short_word(&word))
                || (i < chars.len()
                    && chars[i] == '('
                    // The short calculator has these too; loopy arguments name loopy values.
                    && !["Tiny", "Miny", "leftstop", "rightstop"].contains(&word.as_str())
                    && FUNCTIONS.iter().any(|f| f.0 == word))
            {
                return true;
            }
        } else {
            i += 1;
        }
    }
    false
}

/// Words the short notation uses before a brace (none today but the down arrow).
fn is_short_word(w: &str) -> bool {
    w.starts_with('v') && w[1..].chars().all(|c| c.is_ascii_digit())
}

/// Evaluates a loopy expression.
pub fn evaluate(text: &str, u: &mut Universe, budget: &Budget) -> Result<Answer, CalcError> {
    let mut p = Parser {
        chars: text.chars().collect(),
        text,
        pos: 0,
        u,
    };
    let left = p.sided()?;
    p.skip_ws();
    let op = ["<=", ">=", "==", "<>", "=", "<", ">"]
        .into_iter()
        .find(|op| p.eat(op));
    let answer = match op {
        None => {
            let v = eval(&left, p.u, budget, text)?;
            Answer::Value(display(&v, p.u))
        }
        Some(op) => {
            let right = p.sided()?;
            let a = eval(&left, p.u, budget, text)?;
            let b = eval(&right, p.u, budget, text)?;
            let le = a.leq(&b, budget)?;
            let ge = b.leq(&a, budget)?;
            Answer::Bool(match op {
                "<=" => le,
                ">=" => ge,
                "==" | "=" => le && ge,
                "<" => le && !ge,
                ">" => ge && !le,
                _ => !le && !ge,
            })
        }
    };
    p.skip_ws();
    if p.pos < p.chars.len() {
        return Err(p.error(p.pos, "unexpected text").into());
    }
    Ok(answer)
}

#[derive(Clone, Debug)]
enum Ast {
    Short(GameId),
    Named(&'static str),
    Pass(usize),
    Label(String, usize),
    Braces {
        label: Option<String>,
        left: Vec<Ast>,
        right: Vec<Ast>,
    },
    Neg(Box<Ast>),
    Add(Box<Ast>, Box<Ast>),
    PlusMinus(Box<Ast>),
    Sided(Box<Ast>, Box<Ast>),
    Ordinal(Box<Ast>, Box<Ast>),
    /// x^[on]*k, or xv[on]*k (negated).
    Upon(Box<Ast>, u64, bool),
    Call(&'static str, Vec<Ast>, usize),
}

/// The loopy calculator's functions: name, arguments, what it gives.
pub const FUNCTIONS: [(&str, usize, &str); 9] = [
    ("Tiny", 1, "{0||0|-G}, for a loopy G too (Tiny(on))"),
    ("Miny", 1, "{G|0||0}, for a loopy G too (Miny(on))"),
    (
        "leftstop",
        1,
        "where play stops with Left moving first in a stopper: a pseudonumber (x, x over, x under, on, off)",
    ),
    (
        "rightstop",
        1,
        "where play stops with Right moving first in a stopper",
    ),
    (
        "onside",
        1,
        "the onside of G (endless play counted as Left's win), a stopper",
    ),
    (
        "offside",
        1,
        "the offside of G (endless play counted as Right's win), a stopper",
    ),
    ("upsum", 2, "the onside of the sum of two stoppers"),
    ("downsum", 2, "the offside of the sum of two stoppers"),
    (
        "degree",
        1,
        "the degree of loopiness of a stopper G: the onside of G - G",
    ),
];

struct Parser<'t, 'u> {
    chars: Vec<char>,
    text: &'t str,
    pos: usize,
    u: &'u mut Universe,
}

/// A piece of a braces body: an option, a comma, or a run of slashes.
enum Piece {
    Option(Ast),
    Bars(usize, usize),
}

impl Parser<'_, '_> {
    fn error(&self, at: usize, message: &str) -> ParseError {
        ParseError {
            message: message.to_string(),
            column: at + 1,
            text: self.text.to_string(),
        }
    }

    fn skip_ws(&mut self) {
        while self.pos < self.chars.len() && self.chars[self.pos].is_whitespace() {
            self.pos += 1;
        }
    }

    fn peek(&mut self) -> Option<char> {
        self.skip_ws();
        self.chars.get(self.pos).copied()
    }

    fn eat(&mut self, s: &str) -> bool {
        self.skip_ws();
        let n = s.chars().count();
        if self.chars.len() >= self.pos + n
            && self.chars[self.pos..self.pos + n].iter().copied().eq(s.chars())
        {
            self.pos += n;
            true
        } else {
            false
        }
    }

    fn sided(&mut self) -> Result<Ast, ParseError> {
        let on = self.sum()?;
        if self.eat("&") {
            let off = self.sum()?;
            return Ok(Ast::Sided(Box::new(on), Box::new(off)));
        }
        Ok(on)
    }

    fn sum(&mut self) -> Result<Ast, ParseError> {
        let mut acc = self.ordinal()?;
        loop {
            if self.peek_plus_minus() {
                break;
            }
            if self.eat("+") {
                let r = self.ordinal()?;
                acc = Ast::Add(Box::new(acc), Box::new(r));
            } else if self.eat("-") {
                let r = self.ordinal()?;
                acc = Ast::Add(Box::new(acc), Box::new(Ast::Neg(Box::new(r))));
            } else {
                break;
            }
        }
        Ok(acc)
    }

    /// `x over` / `x under` written as CGSuite prints them, `-1over` being
    /// (-1) + over, not -(1over).
    fn pseudonumber(&mut self) -> Result<Option<Ast>, ParseError> {
        self.skip_ws();
        let start = self.pos;
        let mut end = start;
        if self.chars.get(end) == Some(&'-') {
            end += 1;
        }
        let digits = end;
        while end < self.chars.len() && (self.chars[end].is_ascii_digit() || "/.".contains(self.chars[end])) {
            end += 1;
        }
        if end == digits {
            // ^[on], v[on]*: no number before them.
            return self.upon_after(start, start, "");
        }
        let number: String = self.chars[start..end].iter().collect();
        if let Some(a) = self.upon_after(start, end, &number)? {
            return Ok(Some(a));
        }
        for suffix in ["over", "under"] {
            let n = suffix.len();
            let after = self.chars.get(end + n).copied();
            if self.chars.len() >= end + n
                && self.chars[end..end + n].iter().copied().eq(suffix.chars())
                && after.is_none_or(|c| !c.is_ascii_alphanumeric())
            {
                let x = self.short(&number, start)?;
                self.pos = end + n;
                let name = if suffix == "over" { "over" } else { "under" };
                return Ok(Some(Ast::Add(Box::new(x), Box::new(Ast::Named(name)))));
            }
        }
        Ok(None)
    }

    /// `x^[on]*k` or `xv[on]*k` from `end` on, `number` being x's text (empty: 0).
    fn upon_after(&mut self, start: usize, end: usize, number: &str) -> Result<Option<Ast>, ParseError> {
        let rest: String = self.chars[end..].iter().take(5).collect();
        let negated = match rest.as_str() {
            r if r.starts_with("^[on]") => false,
            r if r.starts_with("v[on]") => true,
            _ => return Ok(None),
        };
        let mut at = end + 5;
        let mut k = 0u64;
        if self.chars.get(at) == Some(&'*') {
            at += 1;
            k = 1;
            let digits: String = self.chars[at..]
                .iter()
                .take_while(|c| c.is_ascii_digit())
                .collect();
            if !digits.is_empty() {
                k = digits.parse().map_err(|_| self.error(at, "nimber too large"))?;
                at += digits.len();
            }
        }
        let x = if number.is_empty() || number == "-" {
            Ast::Short(self.u.zero())
        } else {
            self.short(number, start)?
        };
        self.pos = at;
        Ok(Some(Ast::Upon(Box::new(x), k, negated)))
    }

    /// `G:H`, the ordinal sum: binds tighter than sums.
    fn ordinal(&mut self) -> Result<Ast, ParseError> {
        let base = self.unary()?;
        if self.eat(":") {
            return Ok(Ast::Ordinal(Box::new(base), Box::new(self.ordinal()?)));
        }
        Ok(base)
    }

    /// `+-` between two terms is not a sum's operator.
    fn peek_plus_minus(&mut self) -> bool {
        self.skip_ws();
        self.chars.get(self.pos) == Some(&'+') && self.chars.get(self.pos + 1) == Some(&'-')
    }

    fn unary(&mut self) -> Result<Ast, ParseError> {
        if let Some(a) = self.pseudonumber()? {
            return Ok(a);
        }
        if self.eat("+-") || self.eat("±") {
            return Ok(Ast::PlusMinus(Box::new(self.unary()?)));
        }
        // A negative number's sign belongs to it: -1^* is (-1)^*, as printed.
        if self.peek() == Some('-') && self.chars.get(self.pos + 1).is_some_and(|c| c.is_ascii_digit()) {
            return self.word();
        }
        if self.eat("-") {
            return Ok(Ast::Neg(Box::new(self.unary()?)));
        }
        self.atom()
    }

    fn atom(&mut self) -> Result<Ast, ParseError> {
        match self.peek() {
            None => Err(self.error(self.pos, "expected a value")),
            Some('(') => {
                self.pos += 1;
                let v = self.sided()?;
                if !self.eat(")") {
                    return Err(self.error(self.pos, "expected ')'"));
                }
                Ok(v)
            }
            Some('{') => self.braces(None),
            Some(c) if "}|,&)".contains(c) => Err(self.error(self.pos, "expected a value")),
            Some(_) => {
                if let Some(call) = self.call()? {
                    return Ok(call);
                }
                self.word()
            }
        }
    }

    /// A call of one of [`FUNCTIONS`], if one starts here.
    fn call(&mut self) -> Result<Option<Ast>, ParseError> {
        let start = self.pos;
        let Some(&(name, arity, _)) = FUNCTIONS.iter().find(|(name, _, _)| {
            let n = name.len();
            self.chars.len() > start + n
                && self.chars[start..start + n].iter().copied().eq(name.chars())
                && self.chars[start + n] == '('
        }) else {
            return Ok(None);
        };
        self.pos += name.len() + 1;
        let mut args = vec![self.sided()?];
        while self.eat(",") {
            args.push(self.sided()?);
        }
        if !self.eat(")") {
            return Err(self.error(self.pos, "expected ')'"));
        }
        if args.len() != arity {
            return Err(self.error(
                start,
                &format!("{name} takes {arity} argument(s), not {}", args.len()),
            ));
        }
        Ok(Some(Ast::Call(name, args, start)))
    }

    fn braces(&mut self, label: Option<String>) -> Result<Ast, ParseError> {
        let open = self.pos;
        self.pos += 1;
        let mut pieces = Vec::new();
        loop {
            match self.peek() {
                None => return Err(self.error(open, "unclosed '{'")),
                Some('}') => {
                    self.pos += 1;
                    break;
                }
                Some('|') => {
                    let at = self.pos;
                    let mut n = 0;
                    while self.chars.get(self.pos) == Some(&'|') {
                        n += 1;
                        self.pos += 1;
                    }
                    pieces.push(Piece::Bars(n, at));
                }
                Some(',') => self.pos += 1,
                Some(_) => pieces.push(Piece::Option(self.sided()?)),
            }
        }
        self.split(pieces, label, open)
    }

    /// Builds the braces from its pieces: the longest run of slashes splits it
    /// into Left and Right, each side with slashes in it being one game.
    fn split(&self, pieces: Vec<Piece>, label: Option<String>, at: usize) -> Result<Ast, ParseError> {
        let most = pieces
            .iter()
            .filter_map(|p| match p {
                Piece::Bars(n, _) => Some(*n),
                _ => None,
            })
            .max()
            .ok_or_else(|| self.error(at, "braces need a '|' between Left's and Right's options"))?;
        let splits: Vec<usize> = pieces
            .iter()
            .enumerate()
            .filter(|(_, p)| matches!(p, Piece::Bars(n, _) if *n == most))
            .map(|(i, _)| i)
            .collect();
        if splits.len() > 1 {
            let Piece::Bars(_, col) = pieces[splits[1]] else {
                unreachable!()
            };
            return Err(self.error(
                col,
                "two separators of the same length at one level; write the inner game in braces",
            ));
        }
        let mut pieces = pieces;
        let right = pieces.split_off(splits[0] + 1);
        pieces.pop();
        let side = |ps: Vec<Piece>| -> Result<Vec<Ast>, ParseError> {
            if ps.iter().any(|p| matches!(p, Piece::Bars(..))) {
                Ok(vec![self.split(ps, None, at)?])
            } else {
                Ok(ps
                    .into_iter()
                    .map(|p| match p {
                        Piece::Option(a) => a,
                        Piece::Bars(..) => unreachable!(),
                    })
                    .collect())
            }
        };
        Ok(Ast::Braces {
            label,
            left: side(pieces)?,
            right: side(right)?,
        })
    }

    fn word(&mut self) -> Result<Ast, ParseError> {
        let start = self.pos;
        let mut depth = 0;
        if self.chars.get(self.pos) == Some(&'-') {
            self.pos += 1;
        }
        while let Some(&c) = self.chars.get(self.pos) {
            if depth == 0 && (c.is_whitespace() || "{}|,&)+-<>=:".contains(c)) {
                // An uptimal's brackets belong to the word: ^<2>, v[3].
                if c == '<' && self.pos > start && matches!(self.chars[self.pos - 1], '^' | 'v' | '↑' | '↓')
                {
                    while self.pos < self.chars.len() && self.chars[self.pos] != '>' {
                        self.pos += 1;
                    }
                    self.pos += 1;
                    continue;
                }
                break;
            }
            match c {
                '(' => depth += 1,
                ')' => depth -= 1,
                _ => {}
            }
            self.pos += 1;
        }
        let word: String = self.chars[start..self.pos].iter().collect();
        if word.is_empty() {
            return Err(self.error(start, "expected a value"));
        }
        if let Some(name) = NAMES.iter().find(|&&n| n == word) {
            return Ok(if *name == "pass" {
                Ast::Pass(start)
            } else {
                Ast::Named(name)
            });
        }
        let is_ident = word
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
            && word.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        if is_ident && self.chars.get(self.pos) == Some(&'{') && !is_short_word(&word) {
            return self.braces(Some(word));
        }
        if is_ident && !is_short_ident(&word) {
            return Ok(Ast::Label(word, start));
        }
        self.short(&word, start)
    }

    fn short(&mut self, word: &str, start: usize) -> Result<Ast, ParseError> {
        let mut no_games = |name: &str, _: &str, _: &mut Universe| -> Result<GameId, String> {
            Err(format!("no game or function '{name}' in a loopy expression"))
        };
        match crate::calc::evaluate(word, self.u, &mut no_games) {
            Ok(crate::calc::CalcValue::Game(g)) => Ok(Ast::Short(g)),
            Ok(crate::calc::CalcValue::Bool(_)) => Err(self.error(start, "a comparison cannot be a value")),
            Ok(crate::calc::CalcValue::UpStar { .. }) => Err(self.error(
                start,
                &format!(
                    "a nimber above *{} is exact only among numbers, ups and nimbers, not in a loopy value",
                    crate::NIMBER_LIMIT
                ),
            )),
            Err(e) => Err(ParseError {
                message: e.message,
                column: e.column + start,
                text: self.text.to_string(),
            }),
        }
    }
}

/// Identifiers that are short values: ups and downs (`v`, `vv`, `v3`).
fn is_short_ident(w: &str) -> bool {
    is_short_word(w) || w.chars().all(|c| c == 'v')
}

fn named(name: &str, u: &mut Universe, budget: &Budget) -> Result<Loopy, CalcError> {
    let star = Stopper::from_short(u.nimber(1), u);
    let mut g = Graph::with_nodes(2);
    let pass_on = |g: &mut Graph, left: bool| {
        if left {
            g.left[0].push(0);
        } else {
            g.right[0].push(0);
        }
    };
    match name {
        "on" => return Ok(Loopy::Stopper(Stopper::on())),
        "off" => return Ok(Loopy::Stopper(Stopper::off())),
        // over = {0|pass}, under = {pass|0}; node 1 is 0.
        "over" => {
            g.left[0].push(1);
            pass_on(&mut g, false);
        }
        "under" => {
            g.right[0].push(1);
            pass_on(&mut g, true);
        }
        // upon = {pass|*}
        "upon" => {
            g = Graph::with_nodes(1);
            let s = g.embed(star.graph());
            g.right[0].push(s);
            pass_on(&mut g, true);
        }
        // dud = {pass|pass}
        _ => {
            g = Graph::with_nodes(1);
            pass_on(&mut g, true);
            pass_on(&mut g, false);
        }
    }
    Ok(Loopy::of_graph(&g, 0, budget)?)
}

/// Whether a `pass` or a label not bound inside `a` occurs in it.
fn has_free(a: &Ast, bound: &mut Vec<String>) -> Option<usize> {
    match a {
        Ast::Short(_) | Ast::Named(_) => None,
        Ast::Pass(col) => Some(*col),
        Ast::Label(name, col) => (!bound.contains(name)).then_some(*col),
        Ast::Braces { label, left, right } => {
            // pass inside is this braces' own; its label is bound inside.
            let n = bound.len();
            bound.extend(label.clone());
            let free = left.iter().chain(right).find_map(|o| match o {
                Ast::Pass(_) => None,
                o => has_free(o, bound),
            });
            bound.truncate(n);
            free
        }
        Ast::Neg(x) | Ast::PlusMinus(x) | Ast::Upon(x, _, _) => has_free(x, bound),
        Ast::Add(x, y) | Ast::Sided(x, y) | Ast::Ordinal(x, y) => {
            has_free(x, bound).or_else(|| has_free(y, bound))
        }
        Ast::Call(_, args, _) => args.iter().find_map(|a| has_free(a, bound)),
    }
}

struct Eval<'a> {
    u: &'a mut Universe,
    budget: &'a Budget,
    text: &'a str,
}

impl Eval<'_> {
    fn error(&self, at: usize, message: String) -> CalcError {
        CalcError::Parse(ParseError {
            message,
            column: at + 1,
            text: self.text.to_string(),
        })
    }

    fn value(&mut self, a: &Ast) -> Result<Loopy, CalcError> {
        match a {
            Ast::Short(g) => Ok(Loopy::short(*g, self.u)),
            Ast::Named(name) => named(name, self.u, self.budget),
            Ast::Pass(col) => Err(self.error(*col, "pass stands only as an option inside braces".into())),
            Ast::Label(name, col) => Err(self.error(*col, unknown_name(name))),
            Ast::Braces { .. } => {
                let mut g = Graph::default();
                let root = self.build(a, &mut g, &mut Vec::new())?;
                Ok(Loopy::of_graph(&g, root, self.budget)?)
            }
            Ast::Neg(x) => Ok(self.value(x)?.negative()),
            Ast::Add(x, y) => {
                let (x, y) = (self.value(x)?, self.value(y)?);
                Ok(x.add(&y, self.budget)?)
            }
            Ast::PlusMinus(x) => {
                let x = self.value(x)?;
                let form = x
                    .form()
                    .ok_or_else(|| self.error(0, "a sided value G & H cannot be an option".into()))?;
                let mut g = Graph::with_nodes(1);
                let l = g.embed(form);
                let r = g.embed(&form.negative());
                g.left[0].push(l);
                g.right[0].push(r);
                Ok(Loopy::of_graph(&g, 0, self.budget)?)
            }
            Ast::Sided(x, y) => {
                let (x, y) = (self.value(x)?, self.value(y)?);
                Ok(Loopy::sided(
                    x.onside().clone(),
                    y.offside().clone(),
                    None,
                    self.budget,
                )?)
            }
            Ast::Upon(x, k, negated) => {
                // x^[on]*k = {pass (and x where m = 0) | x*m}, m = k xor 1;
                // xv[on]*k = -((-x)^[on]*k).
                let Ast::Short(x) = **x else {
                    unreachable!("an upon's number is short")
                };
                let m = *k ^ 1;
                let x = if *negated { self.u.neg(x) } else { x };
                let star = self.u.nimber(m);
                let xm = self.u.add(x, star);
                let mut g = Graph::with_nodes(1);
                let r = g.embed(Stopper::from_short(xm, self.u).graph());
                g.right[0].push(r);
                g.left[0].push(0);
                if m == 0 {
                    let n = g.embed(Stopper::from_short(x, self.u).graph());
                    g.left[0].push(n);
                }
                let v = Loopy::of_graph(&g, 0, self.budget)?;
                Ok(if *negated { v.negative() } else { v })
            }
            Ast::Ordinal(x, y) => {
                let (x, y) = (self.value(x)?, self.value(y)?);
                let no_form = || self.error(0, "a sided value G & H has no ordinal sum".into());
                let (base, top) = (x.form().ok_or_else(no_form)?, y.form().ok_or_else(no_form)?);
                Ok(Loopy::of_graph(&ordinal_sum(base, top), base.len(), self.budget)?)
            }
            Ast::Call(name, args, col) => {
                let args = args
                    .iter()
                    .map(|a| self.value(a))
                    .collect::<Result<Vec<_>, _>>()?;
                let stopper = |v: &Loopy| match v {
                    Loopy::Stopper(s) => Ok(s.clone()),
                    Loopy::Sided { .. } => {
                        Err(self.error(*col, format!("{name} takes stoppers; this is a sided value")))
                    }
                };
                if let "Tiny" | "Miny" = *name {
                    let form = args[0]
                        .form()
                        .ok_or_else(|| self.error(*col, "a sided value G & H cannot be an option".into()))?;
                    let mut g = Graph::with_nodes(3);
                    // Tiny(G) = {0 || 0 | -G}; Miny(G) = {G | 0 || 0}. Node 1 is 0.
                    let sub = if *name == "Tiny" {
                        g.embed(&form.negative())
                    } else {
                        g.embed(form)
                    };
                    g.left[2].push(if *name == "Tiny" { 1 } else { sub });
                    g.right[2].push(if *name == "Tiny" { sub } else { 1 });
                    if *name == "Tiny" {
                        g.left[0].push(1);
                        g.right[0].push(2);
                    } else {
                        g.left[0].push(2);
                        g.right[0].push(1);
                    }
                    return Ok(Loopy::of_graph(&g, 0, self.budget)?);
                }
                if let "leftstop" | "rightstop" = *name {
                    let (l, r) = stopper(&args[0])?.stops(self.u);
                    let text = if *name == "leftstop" { l } else { r }.to_string();
                    return parse_value(&text, self.u, self.budget);
                }
                Ok(Loopy::Stopper(match *name {
                    "onside" => args[0].onside().clone(),
                    "offside" => args[0].offside().clone(),
                    "upsum" => upsum(&stopper(&args[0])?, &stopper(&args[1])?, self.budget)?,
                    "downsum" => downsum(&stopper(&args[0])?, &stopper(&args[1])?, self.budget)?,
                    _ => {
                        let g = stopper(&args[0])?;
                        upsum(&g, &g.negative(), self.budget)?
                    }
                }))
            }
        }
    }

    /// Adds the game of `a` to `g` (with `scope` the braces around it, innermost
    /// last) and returns its node.
    fn build(
        &mut self,
        a: &Ast,
        g: &mut Graph,
        scope: &mut Vec<(Option<String>, usize)>,
    ) -> Result<usize, CalcError> {
        match a {
            Ast::Braces { label, left, right } => {
                let v = g.add_node();
                scope.push((label.clone(), v));
                for (is_left, opts) in [(true, left), (false, right)] {
                    for o in opts {
                        let w = self.build(o, g, scope)?;
                        if is_left {
                            g.left[v].push(w);
                        } else {
                            g.right[v].push(w);
                        }
                    }
                }
                scope.pop();
                Ok(v)
            }
            Ast::Pass(col) => match scope.last() {
                Some(&(_, v)) => Ok(v),
                None => Err(self.error(*col, "pass stands only as an option inside braces".into())),
            },
            Ast::Label(name, col) => match scope
                .iter()
                .rev()
                .find(|(l, _)| l.as_deref() == Some(name.as_str()))
            {
                Some(&(_, v)) => Ok(v),
                None => Err(self.error(*col, unknown_name(name))),
            },
            other => {
                if let Some(col) = has_free(other, &mut Vec::new()) {
                    return Err(self.error(
                        col,
                        "pass and labels stand only as whole options, not in sums".into(),
                    ));
                }
                let v = self.value(other)?;
                let form = v
                    .form()
                    .ok_or_else(|| self.error(0, "a sided value G & H cannot be an option".into()))?;
                Ok(g.embed(form))
            }
        }
    }
}

/// The graph of `base:top` (both rooted at 0): `base`'s nodes, then `top`'s, each of
/// these also with the moves of `base`'s root (a move in the base ends the top).
/// Its root is `top`'s root, node `base.len()`.
fn ordinal_sum(base: &Graph, top: &Graph) -> Graph {
    let mut g = base.clone();
    let at = g.embed(top);
    for v in at..g.len() {
        let (l, r) = (base.left[0].clone(), base.right[0].clone());
        g.left[v].extend(l);
        g.right[v].extend(r);
    }
    g
}

fn unknown_name(name: &str) -> String {
    format!(
        "unknown name '{name}' (loopy values: on off over under upon dud, pass and labels a{{0|a}} inside braces, G & H; \
         `grundy help calc` lists the functions)"
    )
}

fn eval(a: &Ast, u: &mut Universe, budget: &Budget, text: &str) -> Result<Loopy, CalcError> {
    Eval { u, budget, text }.value(a)
}

/// The value of a loopy expression (no comparison).
pub fn parse_value(text: &str, u: &mut Universe, budget: &Budget) -> Result<Loopy, CalcError> {
    let mut p = Parser {
        chars: text.chars().collect(),
        text,
        pos: 0,
        u,
    };
    let a = p.sided()?;
    p.skip_ws();
    if p.pos < p.chars.len() {
        return Err(p.error(p.pos, "unexpected text").into());
    }
    eval(&a, p.u, budget, text)
}

#[cfg(test)]
pub(crate) mod tests_support {
    use super::*;
    pub(crate) fn parse(text: &str, u: &mut Universe, budget: &Budget) -> Loopy {
        parse_value(text, u, budget).unwrap()
    }
}
