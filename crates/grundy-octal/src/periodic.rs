//! The one eventually (arithmetic-)periodic sequence type, and its proof record.

use std::fmt;

/// Why [`Periodic::new`] rejected its arguments.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PeriodicError {
    /// The period was 0.
    #[error("the period must be at least 1")]
    ZeroPeriod,
    /// `values` did not hold exactly `preperiod + period` values.
    #[error("expected preperiod + period = {expected} values, got {got}")]
    WrongLength {
        /// `preperiod + period` (saturated at `u64::MAX`).
        expected: u64,
        /// `values.len()`.
        got: u64,
    },
}

/// An eventually arithmetic-periodic sequence of non-negative integers:
///
/// > G(n + period) = G(n) + saltus for every n >= preperiod,
///
/// stored as its first `preperiod + period` values. A plain (eventually)
/// periodic sequence has saltus 0. This one type describes every periodic
/// result of the workspace: nim-sequences proved by Guy–Smith or the window
/// argument (saltus 0), all-but games and Lasker's Nim (saltus > 0), and the
/// arithmetic-periodic remoteness of a single subtraction heap (`saltus` =
/// the remoteness each period adds).
///
/// **Overflow rule.** Values are `u64`. [`Periodic::value_at`] uses checked
/// arithmetic and returns `None` exactly when G(n) does not fit in a `u64`
/// (possible only with saltus > 0); it never wraps or saturates.
///
/// ```
/// use grundy_octal::Periodic;
/// // Lasker's Nim: G(0) = 0, then G(n + 4) = G(n) + 4 from n = 1.
/// let lasker = Periodic::new(1, 4, 4, vec![0, 1, 2, 4, 3]).unwrap();
/// assert_eq!(lasker.value_at(7), Some(8));
/// assert_eq!(lasker.value_at(10u64.pow(18)), Some(10u64.pow(18) - 1));
/// assert_eq!(lasker.value_at(u64::MAX - 1), Some(u64::MAX - 1));
/// assert_eq!(lasker.value_at(u64::MAX), None); // G(4k+3) = 4k+4 = 2^64 does not fit
/// assert_eq!(lasker.heaps_with_value(8, 100).collect::<Vec<_>>(), vec![7]);
/// // Kayles-like plain periods: saltus 0, infinitely many heaps per value.
/// let p = Periodic::new(0, 3, 0, vec![0, 1, 1]).unwrap();
/// assert_eq!(p.heaps_with_value(1, 8).collect::<Vec<_>>(), vec![1, 2, 4, 5, 7]);
/// assert!(Periodic::new(0, 3, 0, vec![0, 1]).is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Periodic {
    preperiod: u64,
    period: u64,
    saltus: u64,
    values: Vec<u64>,
}

impl Periodic {
    /// The sequence with `values` = G(0), ..., G(preperiod + period - 1) and
    /// G(n + period) = G(n) + saltus for n >= preperiod. Errors if `period`
    /// is 0 or `values` has the wrong length.
    pub fn new(preperiod: u64, period: u64, saltus: u64, values: Vec<u64>) -> Result<Self, PeriodicError> {
        if period == 0 {
            return Err(PeriodicError::ZeroPeriod);
        }
        let expected = preperiod.saturating_add(period);
        if values.len() as u64 != expected {
            return Err(PeriodicError::WrongLength {
                expected,
                got: values.len() as u64,
            });
        }
        Ok(Periodic {
            preperiod,
            period,
            saltus,
            values,
        })
    }

    /// Lasker's Nim (octal `4.(3)`: take any number from a heap, or split a
    /// heap into two non-empty heaps): G(0) = 0 and, for k >= 0,
    /// G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4, G(4k+4) = 4k+3.
    ///
    /// A theorem, not a computation: E. Lasker, *Brettspiele der Völker*
    /// (1931); Berlekamp, Conway and Guy, *Winning Ways for your
    /// Mathematical Plays*, 2nd ed., vol. 1, ch. 4 ("Lasker's Nim"). The
    /// test suite checks it against the engine to n = 10^4.
    pub fn laskers_nim() -> Self {
        Periodic {
            preperiod: 1,
            period: 4,
            saltus: 4,
            values: vec![0, 1, 2, 4, 3],
        }
    }

    /// The first n from which the rule holds.
    pub fn preperiod(&self) -> u64 {
        self.preperiod
    }

    /// The length of the repeating block (at least 1).
    pub fn period(&self) -> u64 {
        self.period
    }

    /// What each block adds to the values (0 for a plain period).
    pub fn saltus(&self) -> u64 {
        self.saltus
    }

    /// G(0), ..., G(preperiod + period - 1).
    pub fn values(&self) -> &[u64] {
        &self.values
    }

    /// Takes the stored values.
    pub fn into_values(self) -> Vec<u64> {
        self.values
    }

    /// G(n) for any n; `None` only when the value exceeds `u64::MAX`.
    pub fn value_at(&self, n: u64) -> Option<u64> {
        self.value_at_u128(u128::from(n))
    }

    /// G(from..=to), walking the period instead of dividing for each heap: one
    /// [`Periodic::value_at`] for the first heap, then the block is copied forward
    /// (plain periods) or each value adds the saltus once more per block. `None`
    /// when a value exceeds `u64::MAX`.
    pub fn range(&self, from: u64, to: u64) -> Option<Vec<u64>> {
        self.range_as(from, to)
    }

    /// [`Periodic::range`] in a narrower type (a table of 10^7 `u8` values is an
    /// eighth of the memory of `u64`s); `None` when a value does not fit.
    pub fn range_as<T: TryFrom<u64> + Copy>(&self, from: u64, to: u64) -> Option<Vec<T>> {
        if from > to {
            return Some(Vec::new());
        }
        let narrow = |v: u64| T::try_from(v).ok();
        let len = usize::try_from(to - from + 1).ok()?;
        let mut out = Vec::with_capacity(len);
        let (e, p) = (self.preperiod, self.period);
        let mut n = from;
        while n <= to && n < e + p {
            out.push(narrow(self.values[n as usize])?);
            n += 1;
        }
        if out.len() == len {
            return Some(out);
        }
        // From here n >= e: the block of offset `(n - e) % p`, `(n - e) / p` periods on.
        let block = &self.values[e as usize..];
        let mut offset = ((n - e) % p) as usize;
        let mut add = ((n - e) / p).checked_mul(self.saltus)?;
        if self.saltus == 0 {
            // Plain period: the first full cycle from `offset`, then copies of it.
            let cycle = block.len().min(len - out.len());
            let start = out.len();
            for &v in block[offset..].iter().chain(&block[..offset]).take(cycle) {
                out.push(narrow(v)?);
            }
            while out.len() < len {
                let take = (out.len() - start).min(len - out.len());
                out.extend_from_within(start..start + take);
            }
            return Some(out);
        }
        while out.len() < len {
            out.push(narrow(block[offset].checked_add(add)?)?);
            offset += 1;
            if offset == block.len() {
                offset = 0;
                add = add.checked_add(self.saltus)?;
            }
        }
        Some(out)
    }

    /// G(n) for a 128-bit n; `None` only when the value exceeds `u64::MAX`.
    /// This is the one evaluation every other `value_at` of the crate uses.
    pub fn value_at_u128(&self, n: u128) -> Option<u64> {
        let (e, p) = (u128::from(self.preperiod), u128::from(self.period));
        if n < e + p {
            return Some(self.values[n as usize]);
        }
        let (blocks, offset) = ((n - e) / p, (n - e) % p);
        let base = u128::from(self.values[(e + offset) as usize]);
        let v = blocks
            .checked_mul(u128::from(self.saltus))
            .and_then(|x| x.checked_add(base))?;
        u64::try_from(v).ok()
    }

    /// G(n) for n written in decimal with any number of digits. `None` if the
    /// text is not a non-negative decimal integer, or (saltus > 0 only) if
    /// the value exceeds `u64::MAX`.
    pub fn value_at_decimal(&self, n: &str) -> Option<u64> {
        let n = n.trim();
        if n.is_empty() || !n.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        if let Ok(v) = n.parse::<u128>() {
            return self.value_at_u128(v);
        }
        if self.saltus != 0 {
            // n >= 2^128 blocks of at most 2^64 heaps: more than 2^64 blocks,
            // each adding at least 1.
            return None;
        }
        // n > 2^128 > e + p: reduce modulo p digit by digit.
        let p = u128::from(self.period);
        let r = n.bytes().fold(0u128, |r, b| (r * 10 + u128::from(b - b'0')) % p);
        let e = u128::from(self.preperiod);
        self.value_at_u128(e + (r + p - e % p) % p)
    }

    /// The heaps m < `below` with G(m) = `v`, in increasing order, found from
    /// the period (nothing is enumerated beyond the stored values except the
    /// answers). With saltus > 0 there are at most preperiod + period of
    /// them; with saltus 0 there may be about `below / period` per residue,
    /// so take what you need from the iterator.
    pub fn heaps_with_value(&self, v: u64, below: u64) -> Box<dyn Iterator<Item = u64> + '_> {
        let e = self.preperiod;
        let p = self.period;
        let early = (0..e.min(below)).filter(move |&m| self.values[m as usize] == v);
        if self.saltus == 0 {
            let offsets: Vec<u64> = (0..p).filter(|&o| self.values[(e + o) as usize] == v).collect();
            if offsets.is_empty() {
                return Box::new(early);
            }
            let late = (0u64..)
                .map_while(move |k| k.checked_mul(p).and_then(|x| x.checked_add(e)))
                .take_while(move |&start| start < below)
                .flat_map(move |start| {
                    let offsets = offsets.clone();
                    offsets.into_iter().filter_map(move |o| start.checked_add(o))
                })
                .take_while(move |&m| m < below);
            Box::new(early.chain(late))
        } else {
            let mut late: Vec<u64> = (0..p)
                .filter_map(|o| {
                    let base = self.values[(e + o) as usize];
                    let diff = v.checked_sub(base)?;
                    if diff % self.saltus != 0 {
                        return None;
                    }
                    (diff / self.saltus)
                        .checked_mul(p)
                        .and_then(|x| x.checked_add(e + o))
                })
                .filter(|&m| m < below)
                .collect();
            late.sort_unstable();
            Box::new(early.chain(late))
        }
    }
}

impl fmt::Display for Periodic {
    /// `G(n + p) = G(n)` or `G(n + p) = G(n) + s`, `for every n >= e`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (e, p, s) = (self.preperiod, self.period, self.saltus);
        if s == 0 {
            write!(f, "G(n + {p}) = G(n) for every n >= {e}")
        } else {
            write!(f, "G(n + {p}) = G(n) + {s} for every n >= {e}")
        }
    }
}
