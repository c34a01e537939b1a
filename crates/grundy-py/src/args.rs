//! Numbers from Python, read by hand: PyO3's own conversion of a keyword raises
//! `OverflowError` or `TypeError` without its name, and accepts `True` as 1. Each
//! reader here raises `grundy.InputError` naming the keyword and what it takes.

use std::time::Duration;

use pyo3::exceptions::{PyOverflowError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyFloat, PyString};

use crate::raise;

/// `name=v` as a whole number from 0 to `T`'s largest.
pub fn count<T: TryFrom<u64> + Into<u128> + Bounded>(
    py: Python<'_>,
    name: &str,
    v: &Bound<'_, PyAny>,
) -> PyResult<T> {
    let wanted = || format!("give an int from 0 to {}", T::MAX.into());
    let shown = shown(v);
    if v.is_instance_of::<PyBool>() || v.is_instance_of::<PyFloat>() || v.is_instance_of::<PyString>() {
        return Err(bad(
            py,
            name,
            &shown,
            &format!("a {}, not an int: {}", type_name(v), wanted()),
        ));
    }
    match v.extract::<u64>() {
        Ok(n) => T::try_from(n).map_err(|_| bad(py, name, &shown, &format!("out of range: {}", wanted()))),
        Err(e) if e.is_instance_of::<PyOverflowError>(py) => {
            Err(bad(py, name, &shown, &format!("out of range: {}", wanted())))
        }
        Err(e) if e.is_instance_of::<PyTypeError>(py) => Err(bad(
            py,
            name,
            &shown,
            &format!("a {}, not an int: {}", type_name(v), wanted()),
        )),
        Err(e) => Err(e),
    }
}

/// [`count`] of a keyword that may be left out (or None).
pub fn count_or<T: TryFrom<u64> + Into<u128> + Bounded>(
    py: Python<'_>,
    name: &str,
    v: Option<&Bound<'_, PyAny>>,
) -> PyResult<Option<T>> {
    match v {
        Some(v) if !v.is_none() => count(py, name, v).map(Some),
        _ => Ok(None),
    }
}

/// `name=v` as a positive, finite number of seconds that a `Duration` holds.
pub fn seconds(py: Python<'_>, name: &str, v: &Bound<'_, PyAny>) -> PyResult<Duration> {
    let wanted = "give a positive, finite number of seconds";
    let shown = shown(v);
    if v.is_instance_of::<PyBool>() || v.is_instance_of::<PyString>() {
        return Err(bad(
            py,
            name,
            &shown,
            &format!("a {}, not a number: {wanted}", type_name(v)),
        ));
    }
    let t = v.extract::<f64>().map_err(|e| {
        if e.is_instance_of::<PyOverflowError>(py) {
            bad(py, name, &shown, &format!("out of range: {wanted}"))
        } else {
            bad(
                py,
                name,
                &shown,
                &format!("a {}, not a number: {wanted}", type_name(v)),
            )
        }
    })?;
    match Duration::try_from_secs_f64(t) {
        Ok(d) if t > 0.0 && !d.is_zero() => Ok(d),
        _ => Err(bad(py, name, &shown, wanted)),
    }
}

/// The largest value of an unsigned integer type.
pub trait Bounded {
    const MAX: Self;
}

impl Bounded for u64 {
    const MAX: u64 = u64::MAX;
}

impl Bounded for u32 {
    const MAX: u32 = u32::MAX;
}

fn bad(py: Python<'_>, name: &str, shown: &str, why: &str) -> PyErr {
    raise(py, "InputError", &format!("{name}={shown}: {why}"), None)
}

fn type_name(v: &Bound<'_, PyAny>) -> String {
    v.get_type().name().map(|n| n.to_string()).unwrap_or_default()
}

/// The value as Python writes it, cut short: a huge int has thousands of digits.
fn shown(v: &Bound<'_, PyAny>) -> String {
    let text = v.repr().map(|r| r.to_string()).unwrap_or_else(|_| "?".into());
    if text.chars().count() > 40 {
        format!("{}…", text.chars().take(40).collect::<String>())
    } else {
        text
    }
}
