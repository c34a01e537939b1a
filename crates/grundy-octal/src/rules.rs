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
    /// Not a recognised game name or code.
    #[error("unknown game \"{input}\" (expected an octal code like 0.77, a hex code like 0x0.F6, kayles, dawson, grundy, split or S(1,3,4))")]
    Unknown {
        /// The whole input.
        input: String,
    },
}

/// An octal (base 8) or hexadecimal (base 16) code in Winning Ways notation.
///
/// `digits[k]` is the digit for removing `k` tokens; `digits[0]` is the
/// digit before the point (only bits 4 and 8 are allowed there).
///
/// Bits of digit k: 1 = a heap of exactly k may be removed entirely,
/// 2 = remove k leaving one non-empty heap, 4 = remove k and split the rest
/// into two non-empty heaps, 8 (hexadecimal only) = into three.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct OctalCode {
    hex: bool,
    digits: Vec<u8>,
}

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
        let body = &s[offset..];
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
        while digits.len() > 1 && digits.last() == Some(&0) {
            digits.pop();
        }
        Ok(OctalCode { hex, digits })
    }

    /// The digits, index k = number of tokens removed (index 0 = before the
    /// point). Trailing zero digits are dropped, so `0.770` equals `0.77`.
    pub fn digits(&self) -> &[u8] {
        &self.digits
    }

    /// True for a hexadecimal code.
    pub fn is_hex(&self) -> bool {
        self.hex
    }

    /// The largest number of tokens a move removes (`t` of the Guy–Smith
    /// theorem): the position of the last non-zero digit.
    pub fn max_removed(&self) -> u64 {
        (self.digits.len() - 1) as u64
    }
}

impl fmt::Display for OctalCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let needs_prefix = self.hex && self.digits.iter().all(|&d| d < 10);
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
        if self.digits.len() == 1 {
            f.write_str("0")?;
        }
        for &d in &self.digits[1..] {
            write!(f, "{}", ch(d))?;
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
            _ => {}
        }
        let set = if let Some(rest) = lower.strip_prefix("sub:") {
            Some(rest)
        } else if let Some(rest) = lower.strip_prefix("subtraction:") {
            Some(rest)
        } else {
            lower.strip_prefix("s(").and_then(|r| r.strip_suffix(')'))
        };
        if let Some(set) = set {
            let mut out = Vec::new();
            for item in set.split(',') {
                let item = item.trim();
                match item.parse::<u64>() {
                    Ok(v) if v > 0 => out.push(v),
                    _ => {
                        return Err(ParseError::BadSubtraction {
                            item: item.to_string(),
                            input: s.to_string(),
                        })
                    }
                }
            }
            return Ok(Self::subtraction(&out));
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
        })
    }

    /// Dawson's Kayles, 0.07.
    pub fn dawsons_kayles() -> Self {
        HeapRules::Octal(OctalCode {
            hex: false,
            digits: vec![0, 0, 7],
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

    /// The largest number of tokens one move removes, when bounded (octal and
    /// subtraction games); `None` for Grundy's game and the split game.
    pub fn max_removed(&self) -> Option<u64> {
        match self {
            HeapRules::Octal(c) => Some(c.max_removed()),
            HeapRules::Subtraction(s) => Some(s.last().copied().unwrap_or(0)),
            HeapRules::Grundy | HeapRules::Split => None,
        }
    }

    /// True if some move leaves two (or more) heaps.
    pub fn has_breaking_moves(&self) -> bool {
        match self {
            HeapRules::Octal(c) => c.digits.iter().any(|d| d & 12 != 0),
            HeapRules::Grundy | HeapRules::Split => true,
            HeapRules::Subtraction(_) => false,
        }
    }

    /// Calls `visit` once for every option of a heap of `n` tokens with the
    /// list of non-empty heaps left behind (empty slice = everything taken).
    /// Multi-heap options are listed once each, heaps in non-decreasing order.
    /// Options with equal results are reported once per way of moving, except
    /// that splits are not repeated in mirrored order.
    pub fn heap_options(&self, n: u64, visit: &mut dyn FnMut(&[u64])) {
        match self {
            HeapRules::Octal(code) => {
                for (k, &d) in code.digits.iter().enumerate() {
                    let k = k as u64;
                    if k > n {
                        break;
                    }
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
