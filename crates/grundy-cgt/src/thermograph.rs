//! Thermographs: the walls of a game's temperature diagram, exactly.
//!
//! Orientation: a wall is a function `t ↦ value` of the temperature `t >= -1`
//! (CGSuite's range: every thermograph starts at `t = -1`, which is what gives an
//! integer temperature -1 and `m/2^k` temperature `-1/2^k`). Left's wall has the
//! larger values. Taxing a wall by `t` (Left pays `t` per move, Right gains `t`)
//! adds `-t` or `+t`, so on a wall every segment has slope 0 (vertical in the
//! usual drawing, where the value axis is horizontal) or ±1 (diagonal): Left's
//! wall slopes are in {-1, 0}, Right's in {0, +1} (Siegel, *Combinatorial Game
//! Theory*, ch. II; Winning Ways ch. 6). All corners are dyadic because the only
//! intersections ever taken are of lines whose slopes differ by 1 or 2.
//!
//! [`Pl`] is the general piecewise-linear function with integer slopes that the
//! construction needs (a wall taxed by `t` is no longer a wall); [`Wall`] is the
//! public, finished form: corners only, vertical above the last one.

use std::fmt;

use crate::Dyadic;

/// One wall: a continuous piecewise-linear function of the temperature `t >= -1`.
///
/// `corners` are `(temperature, value)` points with strictly increasing
/// temperature; the first is at `t = -1`, the wall is linear between consecutive
/// corners, and vertical (constant value) above the last corner. Corners are
/// exactly the points where the slope changes, so the representation is unique.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wall {
    /// `(temperature, value)` corners, increasing temperature, the first at -1.
    pub corners: Vec<(Dyadic, Dyadic)>,
}

impl Wall {
    /// The vertical wall at `value` from `t = -1` (an integer's wall).
    pub fn vertical(value: Dyadic) -> Wall {
        Wall {
            corners: vec![(-Dyadic::ONE, value)],
        }
    }

    /// The wall's value at temperature `t` (for `t < -1` the first segment is
    /// extended).
    ///
    /// # Panics
    /// If the value is beyond [`Dyadic`]'s precision (see [`Wall::checked_at`]).
    pub fn at(&self, t: Dyadic) -> Dyadic {
        self.checked_at(t)
            .expect("the wall's value is beyond the precision of Dyadic")
    }

    /// [`Wall::at`], `None` when the value is beyond [`Dyadic`]'s precision.
    pub fn checked_at(&self, t: Dyadic) -> Option<Dyadic> {
        Pl::from_wall(self)?.at(t)
    }

    /// The temperature from which the wall is vertical (its last corner).
    pub fn top(&self) -> (Dyadic, Dyadic) {
        *self.corners.last().expect("a wall has at least one corner")
    }
}

/// The thermograph of a game: Left's wall (larger values) and Right's wall, which
/// meet at the temperature and continue upwards as the mast at the mean.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thermograph {
    /// Left's wall.
    pub left: Wall,
    /// Right's wall.
    pub right: Wall,
    /// The mast's value (the mean).
    pub mast: Dyadic,
    /// Where the walls meet (the temperature).
    pub temperature: Dyadic,
}

impl Thermograph {
    /// The thermograph of the integer `n`: the mast at `n` from `t = -1`.
    pub fn integer(n: Dyadic) -> Thermograph {
        Thermograph {
            left: Wall::vertical(n),
            right: Wall::vertical(n),
            mast: n,
            temperature: -Dyadic::ONE,
        }
    }
    /// Left's wall at temperature `t` (Left's stop of the game cooled by `t`).
    pub fn left_wall_at(&self, t: Dyadic) -> Dyadic {
        self.left.at(t)
    }
    /// Right's wall at temperature `t`.
    pub fn right_wall_at(&self, t: Dyadic) -> Dyadic {
        self.right.at(t)
    }
}

impl fmt::Display for Wall {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{{")?;
        for (i, (t, v)) in self.corners.iter().enumerate() {
            if i > 0 {
                write!(f, ", ")?;
            }
            write!(f, "({t}, {v})")?;
        }
        write!(f, "}}")
    }
}

impl fmt::Display for Thermograph {
    /// `{(-1, 2), (1, 0)} | {(-1, -2), (1, 0)} mast 0 at temperature 1` (the
    /// corners of Left's wall, of Right's wall, as `(temperature, value)`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} | {} mast {} at temperature {}",
            self.left, self.right, self.mast, self.temperature
        )
    }
}

// ---------------------------------------------------------------------------
// Exact dyadic helpers (private: dyadic.rs offers no multiplication/division).

/// d * k for an integer k.
fn mul_int(d: Dyadic, k: i64) -> Option<Dyadic> {
    d.checked_mul_int(k)
}

/// num / den for a slope difference den = ±2^j.
fn div_pow2(num: Dyadic, den: i64) -> Option<Dyadic> {
    assert!(
        den != 0 && den.unsigned_abs().is_power_of_two(),
        "slope difference {den} is not a power of two: corner would not be dyadic"
    );
    let q = num.checked_shift(-(den.unsigned_abs().trailing_zeros() as i32))?;
    Some(if den < 0 { -q } else { q })
}

/// The slope num / den of a wall's segment: an integer.
fn exact_int_div(num: Dyadic, den: Dyadic) -> Option<i64> {
    // Scale both to integers: num * 2^e / (den * 2^e), e the larger exponent.
    let e = num.exponent().max(den.exponent()) as i32;
    let a = num.checked_shift(e)?.numerator();
    let b = den.checked_shift(e)?.numerator();
    assert!(b != 0 && a % b == 0, "wall slope {num}/{den} is not an integer");
    i64::try_from(a / b).ok()
}

// ---------------------------------------------------------------------------

/// A continuous piecewise-linear function on `t >= -1` with integer slopes:
/// `pts[i] = (t_i, v_i)` with `t_0 = -1` and increasing `t_i`, and `slopes[i]` the
/// slope on `[t_i, t_{i+1})` (the last one holds to +∞).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Pl {
    pts: Vec<(Dyadic, Dyadic)>,
    slopes: Vec<i64>,
}

impl Pl {
    pub(crate) fn from_wall(w: &Wall) -> Option<Pl> {
        let pts = w.corners.clone();
        let mut slopes = Vec::with_capacity(pts.len());
        for p in pts.windows(2) {
            slopes.push(exact_int_div(
                p[1].1.checked_sub(p[0].1)?,
                p[1].0.checked_sub(p[0].0)?,
            )?);
        }
        slopes.push(0);
        Some(Pl { pts, slopes })
    }

    /// Adds `k·t` (k = -1: Left's tax on a move; k = +1: Right's).
    pub(crate) fn tilt(&self, k: i64) -> Option<Pl> {
        Some(Pl {
            pts: self
                .pts
                .iter()
                .map(|&(t, v)| Some((t, v.checked_add(mul_int(t, k)?)?)))
                .collect::<Option<_>>()?,
            slopes: self.slopes.iter().map(|s| s + k).collect(),
        })
    }

    fn piece(&self, t: Dyadic) -> usize {
        // The last point at or below t (the first piece extends below -1).
        self.pts.iter().rposition(|p| p.0 <= t).unwrap_or(0)
    }

    pub(crate) fn at(&self, t: Dyadic) -> Option<Dyadic> {
        let i = self.piece(t);
        self.pts[i]
            .1
            .checked_add(mul_int(t.checked_sub(self.pts[i].0)?, self.slopes[i])?)
    }

    fn slope_above(&self, t: Dyadic) -> i64 {
        self.slopes[self.piece(t)]
    }

    /// The union of both breakpoint sets, sorted.
    fn breakpoints(&self, other: &Pl) -> Vec<Dyadic> {
        let mut ts: Vec<Dyadic> = self.pts.iter().chain(&other.pts).map(|p| p.0).collect();
        ts.sort();
        ts.dedup();
        ts
    }

    /// Pointwise max (`max = true`) or min of two functions; new corners where
    /// they cross (exact: slopes differ by a power of two, asserted).
    pub(crate) fn combine(&self, other: &Pl, max: bool) -> Option<Pl> {
        let ts = self.breakpoints(other);
        let better = |a: Dyadic, b: Dyadic| if max { a > b } else { a < b };
        let mut out = Pl {
            pts: Vec::new(),
            slopes: Vec::new(),
        };
        let push = |out: &mut Pl, t: Dyadic, a: (Dyadic, i64), b: (Dyadic, i64)| {
            // At t, the winner is the larger value; on a tie, the one that is
            // larger just above t (the larger slope for max).
            let pick_a = better(a.0, b.0) || (a.0 == b.0 && (a.1 == b.1 || better_slope(a.1, b.1, max)));
            let (v, s) = if pick_a { a } else { b };
            out.pts.push((t, v));
            out.slopes.push(s);
        };
        for (i, &t) in ts.iter().enumerate() {
            let a = (self.at(t)?, self.slope_above(t));
            let b = (other.at(t)?, other.slope_above(t));
            push(&mut out, t, a, b);
            // A strict crossing inside (t, next): the difference changes sign.
            let (d, ds) = (a.0.checked_sub(b.0)?, a.1 - b.1);
            if ds != 0 {
                let x = div_pow2(-d, ds)?; // a(t + x) == b(t + x)
                let tx = t.checked_add(x)?;
                let inside = x > Dyadic::ZERO && ts.get(i + 1).is_none_or(|&n| tx < n);
                if inside {
                    let ax = (self.at(tx)?, a.1);
                    let bx = (other.at(tx)?, b.1);
                    push(&mut out, tx, ax, bx);
                }
            }
        }
        out.simplify();
        Some(out)
    }

    /// Drops points where the slope does not change (keeps the first).
    fn simplify(&mut self) {
        let mut pts = vec![self.pts[0]];
        let mut slopes = vec![self.slopes[0]];
        for i in 1..self.pts.len() {
            if self.slopes[i] != *slopes.last().unwrap() {
                pts.push(self.pts[i]);
                slopes.push(self.slopes[i]);
            }
        }
        self.pts = pts;
        self.slopes = slopes;
    }

    /// The least `t >= -1` with `self(t) <= other(t)`, if any (for thermographs:
    /// where the taxed left scaffold first reaches the taxed right scaffold).
    /// (`None` too when a value is beyond [`Dyadic`]'s precision.)
    pub(crate) fn first_meet(&self, other: &Pl) -> Option<Dyadic> {
        let ts = self.breakpoints(other);
        for (i, &t) in ts.iter().enumerate() {
            let d = self.at(t)?.checked_sub(other.at(t)?)?;
            if d <= Dyadic::ZERO {
                return Some(t);
            }
            let ds = self.slope_above(t) - other.slope_above(t);
            if ds < 0 {
                let tx = t.checked_add(div_pow2(-d, ds)?)?;
                if ts.get(i + 1).is_none_or(|&n| tx < n) {
                    return Some(tx);
                }
            }
        }
        None
    }

    /// The wall that follows this function up to `top` and is vertical above.
    pub(crate) fn wall_up_to(&self, top: Dyadic) -> Option<Wall> {
        let mut pl = Pl {
            pts: Vec::new(),
            slopes: Vec::new(),
        };
        for (i, &p) in self.pts.iter().enumerate() {
            if p.0 < top {
                pl.pts.push(p);
                pl.slopes.push(self.slopes[i]);
            }
        }
        if pl.pts.is_empty() {
            // top == -1: vertical from the start.
            return Some(Wall::vertical(self.at(top)?));
        }
        pl.pts.push((top, self.at(top)?));
        pl.slopes.push(0);
        pl.simplify();
        Some(Wall { corners: pl.pts })
    }
}

fn better_slope(a: i64, b: i64, max: bool) -> bool {
    if max {
        a > b
    } else {
        a < b
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> Dyadic {
        s.parse().unwrap()
    }

    fn wall(c: &[(&str, &str)]) -> Wall {
        Wall {
            corners: c.iter().map(|&(t, v)| (d(t), d(v))).collect(),
        }
    }

    #[test]
    fn tilt_combine_meet() {
        // ±1 = {1 | -1}: scaffolds 1 - t and -1 + t meet at t = 1, value 0.
        let pl = |w: Wall, k: i64| Pl::from_wall(&w).unwrap().tilt(k).unwrap();
        let l = pl(Wall::vertical(d("1")), -1);
        let r = pl(Wall::vertical(d("-1")), 1);
        let t = l.first_meet(&r).unwrap();
        assert_eq!(t, d("1"));
        assert_eq!(l.wall_up_to(t), Some(wall(&[("-1", "2"), ("1", "0")])));
        assert_eq!(r.wall_up_to(t), Some(wall(&[("-1", "-2"), ("1", "0")])));
        // max of 3 - t and a vertical wall at 1: cross at t = 2.
        let a = pl(Wall::vertical(d("3")), -1);
        let b = pl(Wall::vertical(d("1")), 0);
        let m = a.combine(&b, true).unwrap();
        assert_eq!(m.at(d("0")), Some(d("3")));
        assert_eq!(m.at(d("2")), Some(d("1")));
        assert_eq!(m.at(d("5")), Some(d("1")));
        assert_eq!(m.pts, vec![(d("-1"), d("4")), (d("2"), d("1"))]);
        let n = a.combine(&b, false).unwrap();
        assert_eq!(n.at(d("0")), Some(d("1")));
        assert_eq!(n.at(d("5")), Some(d("-2")));
        // Crossing of slopes -1 and +1: a half-integer corner.
        let up = pl(Wall::vertical(d("0")), 1);
        let down = pl(Wall::vertical(d("1")), -1);
        assert_eq!(down.first_meet(&up), Some(d("1/2")));
        assert_eq!(down.combine(&up, true).unwrap().at(d("1/2")), Some(d("1/2")));
    }

    #[test]
    fn wall_evaluation_and_display() {
        let w = wall(&[("-1", "2"), ("1", "0")]);
        assert_eq!(w.at(d("0")), d("1"));
        assert_eq!(w.at(d("1/2")), d("1/2"));
        assert_eq!(w.at(d("7")), d("0"));
        assert_eq!(w.to_string(), "{(-1, 2), (1, 0)}");
    }
}
