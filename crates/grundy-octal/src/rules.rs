//! Game descriptions: which heaps a move may leave behind.

use std::fmt;
use std::str::FromStr;

/// Error returned when a game description cannot be parsed.
///
/// The `Display` form is a single line naming the offending part, e.g.
/// `invalid octal digit '8' at position 3 in "0.18"`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseError {
    /// The description was empty (or only whitespace).
    #[error("empty game description")]
    Empty,
    /// A character that is not a digit of the code's base.
    #[error("invalid {base} digit '{ch}' at position {pos} in \"{input}\"")]
    InvalidDigit {
        /// `"octal"` or `"hexadecimal"`.
        base: &'static str,
        /// The offending character.
        ch: char,
        /// Its 0-based character position in `input`.
        pos: usize,
        /// The whole input.
        input: String,
    },
    /// The code has no `.` separating the k = 0 digit from the others.
    #[error("missing '.' in code \"{input}\" (write e.g. 0.77 or .77)")]
    MissingPoint {
        /// The whole input.
        input: String,
    },
    /// More than one digit before the point.
    #[error("more than one digit before the point in \"{input}\"")]
    LongIntegerPart {
        /// The whole input.
        input: String,
    },
    /// The digit before the point sets bit 1 or bit 2, which would mean
    /// "remove 0 tokens and leave nothing / the same heap".
    #[error("digit '{ch}' before the point in \"{input}\" sets bit 1 or 2, meaningless for k = 0 (use 0 or 4, or 8/C in hex)")]
    BadZeroDigit {
        /// The offending digit.
        ch: char,
        /// The whole input.
        input: String,
    },
    /// A subtraction set element that is not a positive integer.
    #[error("invalid subtraction set element \"{item}\" in \"{input}\" (need positive integers)")]
    BadSubtraction {
        /// The offending element.
        item: String,
        /// The whole input.
        input: String,
    },
    /// A repeating tail `(d)` that is not one digit at the end of the code.
    #[error("bad repeating tail in \"{input}\" (write one digit in parentheses at the end, e.g. 4.(3) or 0.30(3))")]
    BadTail {
        /// The whole input.
        input: String,
    },
    /// An all-but game whose largest excluded move makes the code too long.
    #[error("excluded move {value} is too large (at most {max})")]
    TooLong {
        /// The offending number.
        value: u64,
        /// The largest allowed.
        max: u64,
    },
    /// Not a recognised game name or code.
    #[error("unknown game \"{input}\" (expected an octal code like 0.77 or 4.(3), a hex code like 0x0.F6, kayles, dawson, grundy, split, lasker, S(1,3,4) or allbut:2,5)")]
    Unknown {
        /// The whole input.
        input: String,
    },
}

/// An octal (base 8) or hexadecimal (base 16) code in Winning Ways notation,
/// optionally with one repeating *tail digit* that applies to every larger k.
///
/// `digits[k]` is the digit for removing `k` tokens; `digits[0]` is the
/// digit before the point (only bits 4 and 8 are allowed there). With a tail
/// digit t, the digit for every `k >= digits.len()` is t.
///
/// Bits of digit k: 1 = a heap of exactly k may be removed entirely,
/// 2 = remove k leaving one non-empty heap, 4 = remove k and split the rest
/// into two non-empty heaps, 8 (hexadecimal only) = into three.
///
/// **Tail syntax:** one digit in parentheses at the end, `d0.d1...dj(t)`:
/// `0.(3)` is Nim (take any number), `4.(3)` Lasker's Nim, `0.30(3)` the
/// all-but game excluding 2 (digit 0 at k = 2, then 3 for ever). Trailing
/// digits equal to the tail are dropped (`0.33(3)` is `0.(3)`), a tail `(0)`
/// is no tail, and without a tail trailing zero digits are dropped.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct OctalCode {
    hex: bool,
    digits: Vec<u8>,
    /// The repeating digit for k >= digits.len(); 0 = none.
    tail: u8,
}

/// The longest finite part [`HeapRules::all_but`] builds (largest excluded
/// move + 1).
pub const MAX_CODE_DIGITS: u64 = 1 << 24;

impl OctalCode {
    /// Parses a code. Octal unless it starts with `0x` or contains a letter
    /// `A`–`F` (then hexadecimal, where `8` and `9` are also digits).
    ///
    /// ```
    /// use grundy_octal::OctalCode;
    /// assert_eq!(OctalCode::parse("0.77").unwrap().digits(), &[0, 7, 7]);
    /// assert_eq!(OctalCode::parse(".07").unwrap().to_string(), "0.07");
    /// assert!(OctalCode::parse("0.F6").unwrap().is_hex());
    /// assert_eq!(
    ///     OctalCode::parse("0.18").unwrap_err().to_string(),
    ///     "invalid octal digit '8' at position 3 in \"0.18\""
    /// );
    /// ```
    pub fn parse(input: &str) -> Result<Self, ParseError> {
        let s = input.trim();
        if s.is_empty() {
            return Err(ParseError::Empty);
        }
        let (hex, offset) = if s.starts_with("0x") || s.starts_with("0X") {
            (true, 2)
        } else {
            (s.chars().any(|c| matches!(c, 'a'..='f' | 'A'..='F')), 0)
        };
        let mut body = &s[offset..];
        let mut tail_char = None;
        if let Some(open) = body.find('(') {
            let inner = &body[open + 1..];
            let mut chars = inner.chars();
            match (chars.next(), chars.next(), chars.next()) {
                (Some(t), Some(')'), None)
                    if t != '(' && t != ')' && open > body.find('.').unwrap_or(usize::MAX) =>
                {
                    tail_char = Some((t, body[..open].chars().count() + 1));
                    body = &body[..open];
                }
                _ => return Err(ParseError::BadTail { input: s.to_string() }),
            }
        } else if body.contains(')') {
            return Err(ParseError::BadTail { input: s.to_string() });
        }
        let Some(point) = body.find('.') else {
            return Err(ParseError::MissingPoint {
                input: input.to_string(),
            });
        };
        let base = if hex { "hexadecimal" } else { "octal" };
        let radix = if hex { 16 } else { 8 };
        let mut digits = Vec::with_capacity(body.len());
        for (i, ch) in body.chars().enumerate() {
            if i == point {
                continue;
            }
            match ch.to_digit(radix) {
                Some(d) => digits.push(d as u8),
                None => {
                    return Err(ParseError::InvalidDigit {
                        base,
                        ch,
                        pos: i + offset,
                        input: s.to_string(),
                    })
                }
            }
        }
        if point > 1 {
            return Err(ParseError::LongIntegerPart { input: s.to_string() });
        }
        if point == 0 {
            digits.insert(0, 0);
        }
        if digits[0] & 3 != 0 {
            return Err(ParseError::BadZeroDigit {
                ch: body.chars().next().unwrap_or('?'),
                input: s.to_string(),
            });
        }
        let mut tail = 0u8;
        if let Some((ch, pos)) = tail_char {
            match ch.to_digit(radix) {
                Some(d) => tail = d as u8,
                None => {
                    return Err(ParseError::InvalidDigit {
                        base,
                        ch,
                        pos: pos + offset,
                        input: s.to_string(),
                    })
                }
            }
        }
        Ok(OctalCode::normalized(hex, digits, tail))
    }

    /// Drops trailing digits equal to the tail (or zeros without a tail).
    fn normalized(hex: bool, mut digits: Vec<u8>, tail: u8) -> Self {
        while digits.len() > 1 && digits.last() == Some(&tail) {
            digits.pop();
        }
        OctalCode { hex, digits, tail }
    }

    /// The finite digits, index k = number of tokens removed (index 0 =
    /// before the point). Trailing zero digits are dropped, so `0.770` equals
    /// `0.77` (with a tail, trailing digits equal to the tail are dropped).
    pub fn digits(&self) -> &[u8] {
        &self.digits
    }

    /// The repeating tail digit, for every k >= `digits().len()`, if any.
    ///
    /// ```
    /// use grundy_octal::OctalCode;
    /// let lasker = OctalCode::parse("4.(3)").unwrap();
    /// assert_eq!((lasker.digits(), lasker.tail()), (&[4u8][..], Some(3)));
    /// assert_eq!(lasker.digit(1_000_000), 3);
    /// assert_eq!(OctalCode::parse("0.33(3)").unwrap().to_string(), "0.(3)");
    /// assert_eq!(OctalCode::parse("0.77(0)").unwrap(), OctalCode::parse("0.77").unwrap());
    /// ```
    pub fn tail(&self) -> Option<u8> {
        (self.tail != 0).then_some(self.tail)
    }

    /// The digit for removing k tokens (the tail digit, or 0, beyond the
    /// finite digits).
    pub fn digit(&self, k: u64) -> u8 {
        usize::try_from(k)
            .ok()
            .and_then(|k| self.digits.get(k).copied())
            .unwrap_or(self.tail)
    }

    /// For an all-but game (digit 0 before the point, finite digits 0 or 3,
    /// tail 3): the excluded moves, the k >= 1 whose digit is 0. `None` for
    /// any other code. `0.(3)` (Nim) excludes nothing.
    ///
    /// ```
    /// use grundy_octal::{HeapRules, OctalCode};
    /// let code = OctalCode::parse("0.30(3)").unwrap();
    /// assert_eq!(code.all_but_excluded(), Some(vec![2]));
    /// assert_eq!(HeapRules::all_but(&[2]).unwrap(), HeapRules::Octal(code));
    /// assert_eq!(OctalCode::parse("4.(3)").unwrap().all_but_excluded(), None);
    /// ```
    pub fn all_but_excluded(&self) -> Option<Vec<u64>> {
        if self.hex
            || self.tail != 3
            || self.digits[0] != 0
            || self.digits[1..].iter().any(|&d| d != 0 && d != 3)
        {
            return None;
        }
        Some(
            (1..self.digits.len())
                .filter(|&k| self.digits[k] == 0)
                .map(|k| k as u64)
                .collect(),
        )
    }

    /// True for a hexadecimal code.
    pub fn is_hex(&self) -> bool {
        self.hex
    }

    /// The largest number of tokens a move removes (`t` of the Guy–Smith
    /// theorem): the position of the last non-zero digit; `u64::MAX`
    /// (unbounded) for a code with a tail.
    pub fn max_removed(&self) -> u64 {
        if self.tail != 0 {
            return u64::MAX;
        }
        (self.digits.len() - 1) as u64
    }

    /// True if some digit (finite or the tail) lets a move leave two or more heaps.
    pub fn has_breaking_moves(&self) -> bool {
        self.tail & 12 != 0 || self.digits.iter().any(|d| d & 12 != 0)
    }
}

impl fmt::Display for OctalCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let needs_prefix = self.hex && self.tail < 10 && self.digits.iter().all(|&d| d < 10);
        if needs_prefix {
            f.write_str("0x")?;
        }
        let radix = if self.hex { 16 } else { 8 };
        let ch = |d: u8| {
            char::from_digit(d as u32, radix)
                .unwrap_or('?')
                .to_ascii_uppercase()
        };
        write!(f, "{}.", ch(self.digits[0]))?;
        if self.digits.len() == 1 && self.tail == 0 {
            f.write_str("0")?;
        }
        for &d in &self.digits[1..] {
            write!(f, "{}", ch(d))?;
        }
        if self.tail != 0 {
            write!(f, "({})", ch(self.tail))?;
        }
        Ok(())
    }
}

/// The rules of a heap game: what a move may leave from one heap of n tokens.
///
/// One engine ([`crate::Sequence`]) handles every variant. Parse from text with
/// [`HeapRules::parse`] / `str::parse`:
///
/// | text | game |
/// | --- | --- |
/// | `0.77`, `.07`, `4.07`, `0.6111` | octal code |
/// | `0x0.F6`, `0.F6` | hexadecimal code (bit 8 = leave three heaps) |
/// | `kayles`, `dawson` (`dawsons-kayles`) | 0.77, 0.07 |
/// | `grundy` | Grundy's game |
/// | `S(1,3,4)`, `sub:1,3,4`, `subtraction:1,3,4` | subtraction game |
/// | `split` | the split game |
/// | `0.(3)`, `4.(3)`, `0.30(3)` | codes with a repeating tail digit: Nim, Lasker's Nim, all-but {2} |
/// | `lasker` (`laskers-nim`) | Lasker's Nim, `4.(3)` |
/// | `allbut:2,5`, `allbut(2,5)` | all-but game: take any number except 2 or 5 (`0.3303303(3)`... as a code) |
///
/// Every heap game of the workspace is one of these: subtraction games
/// (also writable as finite codes of 0s and 3s, `S(1,3,4)` = `0.3033`, kept
/// as a separate variant for sets with large elements), all-but games and
/// Nim (tail 3), Lasker's Nim (`4.(3)`), octal and hex codes, Grundy's game
/// and the split game.
///
/// ```
/// use grundy_octal::HeapRules;
/// let kayles: HeapRules = "kayles".parse().unwrap();
/// assert_eq!(kayles, HeapRules::octal("0.77").unwrap());
/// assert_eq!(HeapRules::parse("S(4,1,3)").unwrap().to_string(), "S(1,3,4)");
/// let mut options = Vec::new();
/// HeapRules::grundy().heap_options(6, &mut |hs| options.push(hs.to_vec()));
/// assert_eq!(options, vec![vec![1, 5], vec![2, 4]]);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum HeapRules {
    /// An octal or hexadecimal take-and-break game.
    Octal(OctalCode),
    /// Grundy's game: split one heap into two unequal non-empty heaps.
    Grundy,
    /// Finite subtraction game: take s in S tokens (s <= n), leaving one heap
    /// of n - s (possibly empty). Sorted, deduplicated, all positive.
    Subtraction(Vec<u64>),
    /// The split game: choose 1 <= K < P; the heap of P becomes floor(P/K)
    /// heaps of K plus one heap of P mod K if that is non-zero.
    Split,
}

/// Positive integers of a set in a description (`1,3,4`); the error names the item
/// at fault and the whole `input`.
fn positive_list<'a>(items: impl Iterator<Item = &'a str>, input: &str) -> Result<Vec<u64>, ParseError> {
    items
        .map(|item| match item.parse::<u64>() {
            Ok(v) if v > 0 => Ok(v),
            _ => Err(ParseError::BadSubtraction {
                item: item.to_string(),
                input: input.to_string(),
            }),
        })
        .collect()
}

impl HeapRules {
    /// Parses any description listed in the type's documentation.
    pub fn parse(input: &str) -> Result<Self, ParseError> {
        let s = input.trim();
        if s.is_empty() {
            return Err(ParseError::Empty);
        }
        let lower = s.to_ascii_lowercase();
        match lower.as_str() {
            "kayles" => return Ok(Self::kayles()),
            "dawson" | "dawsons-kayles" | "dawsons_kayles" | "dawson's kayles" => {
                return Ok(Self::dawsons_kayles())
            }
            "grundy" | "grundys-game" | "grundy's game" => return Ok(Self::Grundy),
            "split" => return Ok(Self::Split),
            "lasker" | "laskers-nim" | "laskers_nim" | "lasker's nim" => return Ok(Self::lasker()),
            _ => {}
        }
        let all_but = if let Some(rest) = lower.strip_prefix("allbut:") {
            Some(rest)
        } else {
            lower.strip_prefix("allbut(").and_then(|r| r.strip_suffix(')'))
        };
        if let Some(set) = all_but {
            // `allbut:` alone excludes nothing: empty items are skipped.
            let items = set.split(',').map(str::trim).filter(|i| !i.is_empty());
            return Self::all_but(&positive_list(items, s)?);
        }
        let set = if let Some(rest) = lower.strip_prefix("sub:") {
            Some(rest)
        } else if let Some(rest) = lower.strip_prefix("subtraction:") {
            Some(rest)
        } else {
            lower.strip_prefix("s(").and_then(|r| r.strip_suffix(')'))
        };
        if let Some(set) = set {
            return Ok(Self::subtraction(&positive_list(
                set.split(',').map(str::trim),
                s,
            )?));
        }
        if s.contains('.') || lower.starts_with("0x") {
            return OctalCode::parse(s).map(HeapRules::Octal);
        }
        Err(ParseError::Unknown { input: s.to_string() })
    }

    /// An octal or hexadecimal code, see [`OctalCode::parse`].
    pub fn octal(code: &str) -> Result<Self, ParseError> {
        OctalCode::parse(code).map(HeapRules::Octal)
    }

    /// Kayles, 0.77.
    pub fn kayles() -> Self {
        HeapRules::Octal(OctalCode {
            hex: false,
            digits: vec![0, 7, 7],
            tail: 0,
        })
    }

    /// Dawson's Kayles, 0.07.
    pub fn dawsons_kayles() -> Self {
        HeapRules::Octal(OctalCode {
            hex: false,
            digits: vec![0, 0, 7],
            tail: 0,
        })
    }

    /// Grundy's game.
    pub fn grundy() -> Self {
        HeapRules::Grundy
    }

    /// The split game.
    pub fn split() -> Self {
        HeapRules::Split
    }

    /// A subtraction game; zeros are dropped, the set is sorted and deduplicated.
    pub fn subtraction(set: &[u64]) -> Self {
        let mut v: Vec<u64> = set.iter().copied().filter(|&s| s > 0).collect();
        v.sort_unstable();
        v.dedup();
        HeapRules::Subtraction(v)
    }

    /// The all-but game: take any positive number of tokens from one heap
    /// except the numbers in `excluded` (zeros ignored; `&[]` is Nim). It is
    /// the code with digit 0 at every excluded k, 3 at the other k <= max(E),
    /// and tail 3. Errors if max(E) >= [`MAX_CODE_DIGITS`].
    ///
    /// ```
    /// use grundy_octal::HeapRules;
    /// let g = HeapRules::all_but(&[2, 5]).unwrap();
    /// assert_eq!(g.to_string(), "0.30330(3)");
    /// assert_eq!(g, "allbut:5,2".parse().unwrap());
    /// assert_eq!(HeapRules::all_but(&[]).unwrap().to_string(), "0.(3)");
    /// ```
    pub fn all_but(excluded: &[u64]) -> Result<Self, ParseError> {
        let max = excluded.iter().copied().max().unwrap_or(0);
        if max >= MAX_CODE_DIGITS {
            return Err(ParseError::TooLong {
                value: max,
                max: MAX_CODE_DIGITS - 1,
            });
        }
        let mut digits = vec![3u8; max as usize + 1];
        digits[0] = 0;
        for &e in excluded.iter().filter(|&&e| e > 0) {
            digits[e as usize] = 0;
        }
        Ok(HeapRules::Octal(OctalCode::normalized(false, digits, 3)))
    }

    /// Lasker's Nim, `4.(3)`: take any number of tokens from one heap, or
    /// split a heap into two non-empty heaps without taking any. See
    /// [`crate::Periodic::laskers_nim`] for its values.
    pub fn lasker() -> Self {
        HeapRules::Octal(OctalCode {
            hex: false,
            digits: vec![4],
            tail: 3,
        })
    }

    /// Nim on one heap, `0.(3)` (= `all_but(&[])`): G(n) = n.
    pub fn nim() -> Self {
        HeapRules::Octal(OctalCode {
            hex: false,
            digits: vec![0],
            tail: 3,
        })
    }

    /// For an all-but game (including Nim, `0.(3)`), the excluded moves;
    /// see [`OctalCode::all_but_excluded`].
    pub fn all_but_excluded(&self) -> Option<Vec<u64>> {
        match self {
            HeapRules::Octal(c) => c.all_but_excluded(),
            _ => None,
        }
    }

    /// The largest number of tokens one move removes, when bounded (finite
    /// octal codes and subtraction games); `None` for codes with a tail,
    /// Grundy's game and the split game.
    pub fn max_removed(&self) -> Option<u64> {
        match self {
            HeapRules::Octal(c) if c.tail != 0 => None,
            HeapRules::Octal(c) => Some(c.max_removed()),
            HeapRules::Subtraction(s) => Some(s.last().copied().unwrap_or(0)),
            HeapRules::Grundy | HeapRules::Split => None,
        }
    }

    /// True if some move leaves two (or more) heaps.
    pub fn has_breaking_moves(&self) -> bool {
        match self {
            HeapRules::Octal(c) => c.has_breaking_moves(),
            HeapRules::Grundy | HeapRules::Split => true,
            HeapRules::Subtraction(_) => false,
        }
    }

    /// Calls `visit` once for every option of a heap of `n` tokens with the
    /// list of non-empty heaps left behind (empty slice = everything taken).
    /// Multi-heap options are listed once each, heaps in non-decreasing order.
    /// Options with equal results are reported once per way of moving, except
    /// that splits are not repeated in mirrored order.
    ///
    /// A code with a tail digit lists the moves of every k <= n (n + 1
    /// digits: a heap of 10^12 in `0.(3)` has 10^12 options).
    pub fn heap_options(&self, n: u64, visit: &mut dyn FnMut(&[u64])) {
        match self {
            HeapRules::Octal(code) => {
                let last = if code.tail != 0 {
                    n
                } else {
                    code.max_removed().min(n)
                };
                for k in 0..=last {
                    let d = code.digit(k);
                    let m = n - k;
                    if d & 1 != 0 && k > 0 && m == 0 {
                        visit(&[]);
                    }
                    if d & 2 != 0 && k > 0 && m > 0 {
                        visit(&[m]);
                    }
                    if d & 4 != 0 {
                        for a in 1..=m / 2 {
                            visit(&[a, m - a]);
                        }
                    }
                    if d & 8 != 0 {
                        for a in 1..=m / 3 {
                            for b in a..=(m - a) / 2 {
                                visit(&[a, b, m - a - b]);
                            }
                        }
                    }
                }
            }
            HeapRules::Grundy => {
                for a in 1..n.div_ceil(2) {
                    visit(&[a, n - a]);
                }
            }
            HeapRules::Subtraction(set) => {
                for &s in set {
                    if s > n {
                        break;
                    }
                    if s == n {
                        visit(&[]);
                    } else {
                        visit(&[n - s]);
                    }
                }
            }
            HeapRules::Split => {
                let mut buf = Vec::new();
                for k in 1..n {
                    buf.clear();
                    let q = n / k;
                    let r = n % k;
                    if r > 0 {
                        buf.push(r);
                    }
                    buf.resize(buf.len() + q as usize, k);
                    visit(&buf);
                }
            }
        }
    }
}

impl FromStr for HeapRules {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        HeapRules::parse(s)
    }
}

impl fmt::Display for HeapRules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HeapRules::Octal(c) => c.fmt(f),
            HeapRules::Grundy => f.write_str("grundy"),
            HeapRules::Split => f.write_str("split"),
            HeapRules::Subtraction(s) => {
                f.write_str("S(")?;
                for (i, v) in s.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{v}")?;
                }
                f.write_str(")")
            }
        }
    }
}
