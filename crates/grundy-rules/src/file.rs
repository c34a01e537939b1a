//! Declarative game files in TOML: a known family with parameters, or a sum.

use std::ops::Range;

use grundy::dynamic::{parse_game, DynGame, DynPosition};
use grundy::GameError;
use serde::Deserialize;
use toml::Spanned;

use crate::error::one_line;
use crate::sum::{Arity, Component, SumGame};
use crate::RulesError;

/// The keys of one game of a family (the top level of a file, or a `[[sum]]` entry).
#[derive(Deserialize, Default, Clone)]
#[serde(deny_unknown_fields)]
struct Family {
    family: Option<Spanned<String>>,
    subtract: Option<Spanned<Vec<u64>>>,
    except: Option<Spanned<Vec<u64>>>,
    code: Option<Spanned<String>>,
    turns: Option<Spanned<u64>>,
    width: Option<Spanned<u64>>,
    heaps: Option<Spanned<u64>>,
}

/// A whole file: the family keys at the top level, or `[[sum]]` entries.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FileSpec {
    name: Option<Spanned<String>>,
    description: Option<String>,
    start: Option<Spanned<toml::Value>>,
    family: Option<Spanned<String>>,
    subtract: Option<Spanned<Vec<u64>>>,
    except: Option<Spanned<Vec<u64>>>,
    code: Option<Spanned<String>>,
    turns: Option<Spanned<u64>>,
    width: Option<Spanned<u64>>,
    heaps: Option<Spanned<u64>>,
    sum: Option<Spanned<Vec<Spanned<Family>>>>,
}

/// The families a file may name, with the keys each takes.
pub(crate) const FAMILIES: &[(&str, &[&str])] = &[
    ("nim", &[]),
    ("subtraction", &["subtract"]),
    ("allbut", &["except"]),
    ("octal", &["code"]),
    ("split", &[]),
    ("digits", &["turns", "width"]),
    ("euclid", &[]),
    ("wythoff", &[]),
];

struct Source<'a> {
    file: &'a str,
    text: &'a str,
}

impl Source<'_> {
    fn error(&self, span: Option<Range<usize>>, message: impl AsRef<str>) -> RulesError {
        let (line, column) = match span {
            Some(s) => line_column(self.text, s.start),
            None => (1, 1),
        };
        RulesError::Toml {
            file: self.file.to_string(),
            line,
            column,
            message: one_line(message.as_ref()),
        }
    }
}

/// 1-based line and column (in characters) of a byte offset.
fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(text.len());
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, before[start..].chars().count() + 1)
}

/// The key whose value starts at `span`, read back from the text (`key = value`).
fn key_at(text: &str, span: &Range<usize>) -> Option<String> {
    let before = &text[..span.start.min(text.len())];
    let line = &before[before.rfind('\n').map_or(0, |i| i + 1)..];
    let (key, _) = line.rsplit_once('=')?;
    let key = key.trim().trim_matches('"');
    (!key.is_empty() && key.chars().all(|c| c.is_alphanumeric() || "_-.".contains(c)))
        .then(|| key.to_string())
}

/// Load a game from the text of a TOML game file; `file` names it in errors.
pub fn game_from_toml(file: &str, text: &str) -> Result<Box<dyn DynGame>, RulesError> {
    let src = Source { file, text };
    let spec: FileSpec = toml::from_str(text).map_err(|e| {
        let mut message = e.message().to_string();
        if let Some(key) = e.span().as_ref().and_then(|s| key_at(text, s)) {
            if !message.contains(&format!("`{key}`")) {
                message = format!("key '{key}': {message}");
            }
        }
        src.error(e.span(), message)
    })?;
    let top = Family {
        family: spec.family,
        subtract: spec.subtract,
        except: spec.except,
        code: spec.code,
        turns: spec.turns,
        width: spec.width,
        heaps: spec.heaps,
    };
    let inner: Box<dyn DynGame> = match spec.sum {
        Some(sum) => {
            if let Some((key, span)) = top.present().into_iter().next() {
                return Err(src.error(
                    Some(span),
                    format!("key '{key}' cannot stand beside [[sum]]: put it inside one component"),
                ));
            }
            if sum.get_ref().is_empty() {
                return Err(src.error(Some(sum.span()), "key 'sum': a sum needs at least one component"));
            }
            let count = sum.get_ref().len();
            let mut components = Vec::new();
            for (i, c) in sum.into_inner().into_iter().enumerate() {
                let span = c.span();
                components.push(component(&src, c.into_inner(), span, i + 1, i + 1 == count)?);
            }
            Box::new(SumGame::new(String::new(), components).into_dyn())
        }
        None => {
            if let Some(h) = &top.heaps {
                return Err(src.error(
                    Some(h.span()),
                    "key 'heaps' belongs in a [[sum]] component (how many integers it takes)",
                ));
            }
            build(&src, &top, 0..0)?
        }
    };
    let name = match spec.name {
        Some(n) if n.get_ref().trim().is_empty() => {
            return Err(src.error(Some(n.span()), "key 'name': the name is empty"));
        }
        Some(n) => n.into_inner(),
        None => file_stem(file),
    };
    let start = match spec.start {
        None => inner.start(),
        Some(s) => {
            let span = s.span();
            let p = start_position(s.get_ref())
                .map_err(|m| src.error(Some(span.clone()), format!("key 'start': {m}")))?;
            inner
                .check(&p)
                .map_err(|e| src.error(Some(span), format!("key 'start': {e}")))?;
            Some(p)
        }
    };
    Ok(Box::new(FileGame {
        inner,
        name,
        description: spec.description,
        start,
    }))
}

fn file_stem(file: &str) -> String {
    std::path::Path::new(file)
        .file_stem()
        .map_or_else(|| file.to_string(), |s| s.to_string_lossy().into_owned())
}

/// A `start` value: an integer, an array of integers, or POSITION text.
fn start_position(v: &toml::Value) -> Result<DynPosition, String> {
    match v {
        toml::Value::Integer(n) => Ok(DynPosition::Ints(vec![*n])),
        toml::Value::String(s) => DynPosition::parse(s),
        toml::Value::Array(items) => items
            .iter()
            .map(|x| x.as_integer().ok_or_else(|| format!("{x} is not an integer")))
            .collect::<Result<Vec<_>, _>>()
            .map(DynPosition::Ints),
        other => Err(format!(
            "a {} is not a position (an integer, an array of integers or a string)",
            other.type_str()
        )),
    }
}

impl Family {
    /// The family keys present, with their spans, in file order.
    fn present(&self) -> Vec<(&'static str, Range<usize>)> {
        let mut v = Vec::new();
        if let Some(x) = &self.family {
            v.push(("family", x.span()));
        }
        if let Some(x) = &self.subtract {
            v.push(("subtract", x.span()));
        }
        if let Some(x) = &self.except {
            v.push(("except", x.span()));
        }
        if let Some(x) = &self.code {
            v.push(("code", x.span()));
        }
        if let Some(x) = &self.turns {
            v.push(("turns", x.span()));
        }
        if let Some(x) = &self.width {
            v.push(("width", x.span()));
        }
        if let Some(x) = &self.heaps {
            v.push(("heaps", x.span()));
        }
        v.sort_by_key(|(_, s)| s.start);
        v
    }
}

fn join<T: ToString>(xs: &[T]) -> String {
    xs.iter().map(T::to_string).collect::<Vec<_>>().join(",")
}

/// Build the game of a family (the `heaps` key is the caller's business).
fn build(src: &Source, f: &Family, table: Range<usize>) -> Result<Box<dyn DynGame>, RulesError> {
    let family = f.family.as_ref().ok_or_else(|| {
        src.error(
            Some(table.clone()),
            format!(
                "missing key 'family' (one of: {}), or [[sum]] components",
                FAMILIES.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", ")
            ),
        )
    })?;
    let name = family.get_ref().as_str();
    let Some((_, keys)) = FAMILIES.iter().find(|(n, _)| *n == name) else {
        return Err(src.error(
            Some(family.span()),
            format!(
                "key 'family': unknown family '{name}' (one of: {})",
                FAMILIES.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", ")
            ),
        ));
    };
    for (key, span) in f.present() {
        if key != "family" && key != "heaps" && !keys.contains(&key) {
            let takes = if keys.is_empty() {
                "it takes no parameters".to_string()
            } else {
                format!("it takes: {}", keys.join(", "))
            };
            return Err(src.error(
                Some(span),
                format!("key '{key}' does not apply to family '{name}' ({takes})"),
            ));
        }
    }
    let required = |key: &str, present: bool| {
        if present {
            Ok(())
        } else {
            Err(src.error(Some(family.span()), format!("family '{name}' needs key '{key}'")))
        }
    };
    // Each family compiles to the GAME text of the built-in engine: no speed is lost.
    let (text, at) = match name {
        "subtraction" => {
            required("subtract", f.subtract.is_some())?;
            let s = f.subtract.as_ref().unwrap();
            (format!("subtraction:{}", join(s.get_ref())), s.span())
        }
        "allbut" => match &f.except {
            Some(e) => (format!("allbut:{}", join(e.get_ref())), e.span()),
            None => ("allbut:".to_string(), family.span()),
        },
        "octal" => {
            required("code", f.code.is_some())?;
            let c = f.code.as_ref().unwrap();
            (format!("octal:{}", c.get_ref().trim()), c.span())
        }
        "digits" => {
            required("turns", f.turns.is_some())?;
            let t = f.turns.as_ref().unwrap();
            let mut text = format!("digits:turns={}", t.get_ref());
            let mut at = t.span();
            if let Some(w) = &f.width {
                text.push_str(&format!(",width={}", w.get_ref()));
                if *w.get_ref() == 0 || *w.get_ref() > 9 {
                    at = w.span();
                }
            }
            (text, at)
        }
        other => (other.to_string(), family.span()),
    };
    parse_game(&text).map_err(|e| {
        let key = match name {
            "subtraction" => "subtract",
            "allbut" if f.except.is_some() => "except",
            "octal" => "code",
            "digits" if at == f.turns.as_ref().unwrap().span() => "turns",
            "digits" => "width",
            _ => "family",
        };
        let message = match e {
            GameError::UnknownGame { .. } if name == "octal" => {
                format!("the octal engine is not available in this build (GAME text '{text}' is unknown)")
            }
            e => e.to_string(),
        };
        src.error(Some(at), format!("key '{key}': {message}"))
    })
}

/// One `[[sum]]` entry: its game and how many integers of the position it takes.
fn component(
    src: &Source,
    f: Family,
    span: Range<usize>,
    index: usize,
    last: bool,
) -> Result<Component, RulesError> {
    let game = build(src, &f, span.clone())?;
    let family = f.family.as_ref().unwrap();
    let at = family.span();
    let name = family.get_ref().as_str();
    if !game.is_impartial() {
        return Err(src.error(
            Some(at),
            format!(
                "sum component {index} ({name}) is not impartial: a sum adds nim-values, so every component must be impartial"
            ),
        ));
    }
    let arity = match name {
        "euclid" | "wythoff" => {
            if let Some(h) = &f.heaps {
                if *h.get_ref() != 2 {
                    return Err(src.error(
                        Some(h.span()),
                        format!("key 'heaps': a {name} position is a pair, so it takes 2 integers"),
                    ));
                }
            }
            Arity::Fixed(2)
        }
        "split" | "octal" => {
            // Moves split a heap into several: the number of integers grows.
            if !last {
                return Err(src.error(
                    Some(at),
                    format!(
                        "sum component {index} ({name}) must be the last: its moves split heaps, so it takes all the remaining integers"
                    ),
                ));
            }
            if let Some(h) = &f.heaps {
                return Err(src.error(
                    Some(h.span()),
                    format!("key 'heaps' does not apply to {name}: as the last component it takes all the remaining heaps"),
                ));
            }
            Arity::Rest
        }
        _ => match &f.heaps {
            Some(h) if *h.get_ref() == 0 => {
                return Err(src.error(Some(h.span()), "key 'heaps': must be at least 1"));
            }
            Some(h) => Arity::Fixed(*h.get_ref() as usize),
            None => Arity::Fixed(1),
        },
    };
    Ok(Component { game, arity })
}

/// A game read from a file: the engine, under the file's name and start.
pub(crate) struct FileGame {
    pub(crate) inner: Box<dyn DynGame>,
    pub(crate) name: String,
    #[allow(dead_code)]
    pub(crate) description: Option<String>,
    pub(crate) start: Option<DynPosition>,
}

impl grundy::dynamic::Wrapper for FileGame {
    fn inner(&self) -> &dyn DynGame {
        self.inner.as_ref()
    }
    fn name(&self) -> String {
        self.name.clone()
    }
    fn start(&self) -> Option<DynPosition> {
        self.start.clone()
    }
}
