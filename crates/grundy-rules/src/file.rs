//! Declarative game files in TOML: a family of the catalogue with its parameters,
//! or a sum of several.
//!
//! Every key a family takes, with its type and range, comes from its declaration in
//! the catalogue ([`grundy::catalogue`]); nothing here lists families or keys.

use std::ops::Range;

use grundy::catalogue::{Catalogue, Family, Raw, Shape};
use grundy::dynamic::{DynGame, DynPosition, Wrapper};
use grundy::GameError;
use toml::de::{DeTable, DeValue};

use crate::error::one_line;
use crate::sum::{Arity, Component, SumGame};
use crate::RulesError;

/// Keys of a file that are not parameters of a family.
const FILE_KEYS: &[&str] = &["name", "description", "start", "family", "sum"];

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

/// One table of the file (the top level, or a `[[sum]]` entry): its keys in file
/// order, each with the span of the key and of the value.
struct Table<'a> {
    entries: Vec<Entry<'a>>,
    span: Range<usize>,
}

struct Entry<'a> {
    key: String,
    key_span: Range<usize>,
    value: DeValue<'a>,
    span: Range<usize>,
}

impl<'a> Table<'a> {
    fn new(table: DeTable<'a>, span: Range<usize>) -> Table<'a> {
        let mut entries: Vec<Entry> = table
            .into_iter()
            .map(|(k, v)| {
                let key_span = k.span();
                let span = v.span();
                Entry {
                    key: k.into_inner().into_owned(),
                    key_span,
                    value: v.into_inner(),
                    span,
                }
            })
            .collect();
        entries.sort_by_key(|e| e.key_span.start);
        Table { entries, span }
    }

    fn get(&self, key: &str) -> Option<&Entry<'a>> {
        self.entries.iter().find(|e| e.key == key)
    }

    fn text(&self, src: &Source, key: &str) -> Result<Option<(String, Range<usize>)>, RulesError> {
        match self.get(key) {
            None => Ok(None),
            Some(e) => match &e.value {
                DeValue::String(s) => Ok(Some((s.to_string(), e.span.clone()))),
                v => Err(src.error(
                    Some(e.span.clone()),
                    format!("key '{key}': invalid type: {}, expected a string", type_name(v)),
                )),
            },
        }
    }
}

fn type_name(v: &DeValue) -> &'static str {
    match v {
        DeValue::String(_) => "string",
        DeValue::Integer(_) => "integer",
        DeValue::Float(_) => "float",
        DeValue::Boolean(_) => "boolean",
        DeValue::Datetime(_) => "datetime",
        DeValue::Array(_) => "array",
        DeValue::Table(_) => "table",
    }
}

fn integer(v: &DeValue) -> Option<i128> {
    match v {
        DeValue::Integer(i) => i128::from_str_radix(i.as_str(), i.radix()).ok(),
        _ => None,
    }
}

/// A parameter's value as the catalogue reads it.
fn raw(v: &DeValue) -> Result<Raw, String> {
    match v {
        DeValue::Integer(_) => integer(v)
            .map(Raw::Int)
            .ok_or_else(|| "the integer is out of range".into()),
        DeValue::String(s) => Ok(Raw::Text(s.to_string())),
        DeValue::Array(items) => items
            .iter()
            .map(|x| {
                integer(x.get_ref()).ok_or_else(|| {
                    format!(
                        "invalid type: {} in a list, expected integers",
                        type_name(x.get_ref())
                    )
                })
            })
            .collect::<Result<_, _>>()
            .map(Raw::List),
        other => Err(format!("invalid type: {}", type_name(other))),
    }
}

/// Load a game from the text of a TOML game file; `file` names it in errors.
pub fn game_from_toml(file: &str, text: &str) -> Result<Box<dyn DynGame>, RulesError> {
    game_from_toml_in(&crate::catalogue(), file, text)
}

/// Load a game file whose families come from `catalogue`.
pub fn game_from_toml_in(
    catalogue: &Catalogue,
    file: &str,
    text: &str,
) -> Result<Box<dyn DynGame>, RulesError> {
    let src = Source { file, text };
    let parsed = DeTable::parse(text).map_err(|e| src.error(e.span(), e.message()))?;
    let span = parsed.span();
    let top = Table::new(parsed.into_inner(), span);
    let params = |t: &Table| -> Vec<(String, Range<usize>)> {
        t.entries
            .iter()
            .filter(|e| !FILE_KEYS.contains(&e.key.as_str()))
            .map(|e| (e.key.clone(), e.span.clone()))
            .collect()
    };
    let inner: Box<dyn DynGame> = match top.get("sum") {
        Some(sum) => {
            if let Some(e) = top.entries.iter().find(|e| e.key == "family") {
                return Err(src.error(
                    Some(e.span.clone()),
                    "key 'family' cannot stand beside [[sum]]: put it inside one component",
                ));
            }
            if let Some((key, span)) = params(&top).into_iter().next() {
                return Err(src.error(
                    Some(span),
                    format!("key '{key}' cannot stand beside [[sum]]: put it inside one component"),
                ));
            }
            let DeValue::Array(items) = &sum.value else {
                return Err(src.error(
                    Some(sum.span.clone()),
                    format!(
                        "key 'sum': invalid type: {}, expected [[sum]] tables",
                        type_name(&sum.value)
                    ),
                ));
            };
            if items.is_empty() {
                return Err(src.error(
                    Some(sum.span.clone()),
                    "key 'sum': a sum needs at least one component",
                ));
            }
            let count = items.len();
            let mut components = Vec::new();
            for (i, item) in items.iter().enumerate() {
                let DeValue::Table(t) = item.get_ref() else {
                    return Err(src.error(Some(item.span()), "key 'sum': each component is a table"));
                };
                let table = Table::new(t.clone(), item.span());
                components.push(component(catalogue, &src, &table, i + 1, i + 1 == count)?);
            }
            Box::new(SumGame::new(String::new(), components).into_dyn())
        }
        None => {
            if let Some(h) = top.get("heaps") {
                return Err(src.error(
                    Some(h.span.clone()),
                    "key 'heaps' belongs in a [[sum]] component (how many integers it takes)",
                ));
            }
            build(catalogue, &src, &top, &[])?.1
        }
    };
    let name = match top.text(&src, "name")? {
        Some((n, span)) if n.trim().is_empty() => {
            return Err(src.error(Some(span), "key 'name': the name is empty"));
        }
        // Printed in every answer: no line breaks or terminal escapes from the file.
        Some((n, _)) => crate::error::escape_controls(&n),
        None => crate::error::escape_controls(&file_stem(file)),
    };
    top.text(&src, "description")?;
    let start = match top.get("start") {
        None => inner.start(),
        Some(e) => {
            let p = start_position(&e.value)
                .map_err(|m| src.error(Some(e.span.clone()), format!("key 'start': {m}")))?;
            inner
                .check(&p)
                .map_err(|err| src.error(Some(e.span.clone()), format!("key 'start': {err}")))?;
            Some(p)
        }
    };
    Ok(Box::new(FileGame { inner, name, start }))
}

fn file_stem(file: &str) -> String {
    std::path::Path::new(file)
        .file_stem()
        .map_or_else(|| file.to_string(), |s| s.to_string_lossy().into_owned())
}

/// A `start` value: an integer, an array of integers, or POSITION text.
fn start_position(v: &DeValue) -> Result<DynPosition, String> {
    let int = |v: &DeValue| {
        integer(v)
            .and_then(|n| i64::try_from(n).ok())
            .ok_or_else(|| format!("a {} is not an integer", type_name(v)))
    };
    match v {
        DeValue::Integer(_) => Ok(DynPosition::Ints(vec![int(v)?])),
        DeValue::String(s) => DynPosition::parse(s),
        DeValue::Array(items) => items
            .iter()
            .map(|x| int(x.get_ref()))
            .collect::<Result<Vec<_>, _>>()
            .map(DynPosition::Ints),
        other => Err(format!(
            "a {} is not a position (an integer, an array of integers or a string)",
            type_name(other)
        )),
    }
}

/// Build the family a table names; `extra` are keys the caller handles (`heaps`).
fn build(
    catalogue: &Catalogue,
    src: &Source,
    t: &Table,
    extra: &[&str],
) -> Result<(&'static Family, Box<dyn DynGame>), RulesError> {
    let names = catalogue.names().join(", ");
    let Some((name, at)) = t.text(src, "family")? else {
        return Err(src.error(
            Some(t.span.clone()),
            format!("missing key 'family' (one of: {names}), or [[sum]] components"),
        ));
    };
    let Some(family) = catalogue.find(&name) else {
        let hint = match catalogue.unknown(&name) {
            GameError::UnknownGame { hint, .. } => hint,
            e => e.to_string(),
        };
        return Err(src.error(
            Some(at),
            format!("key 'family': unknown family '{name}' ({hint})"),
        ));
    };
    let mut given = Vec::new();
    for e in &t.entries {
        let key = e.key.as_str();
        if FILE_KEYS.contains(&key) || extra.contains(&key) {
            continue;
        }
        if !family.params.iter().any(|p| p.key == key) {
            if catalogue
                .families()
                .any(|f| f.params.iter().any(|p| p.key == key))
                || key == "heaps"
            {
                let takes = if family.params.is_empty() {
                    "it takes no parameters".to_string()
                } else {
                    format!("it takes: {}", family.keys().join(", "))
                };
                return Err(src.error(
                    Some(e.span.clone()),
                    format!("key '{key}' does not apply to family '{name}' ({takes})"),
                ));
            }
            let mut expected: Vec<&str> = FILE_KEYS.to_vec();
            expected.extend(family.keys());
            expected.extend_from_slice(extra);
            return Err(src.error(
                Some(e.key_span.clone()),
                format!("unknown field `{key}`, expected one of {}", expected.join(", ")),
            ));
        }
        let value =
            raw(&e.value).map_err(|m| src.error(Some(e.span.clone()), format!("key '{key}': {m}")))?;
        given.push((key.to_string(), value));
    }
    let params = family.params(given).map_err(|(key, m)| {
        let span = t.get(&key).map(|e| e.span.clone());
        src.error(span, format!("key '{key}': {m}"))
    })?;
    // Each family builds the built-in engine: no speed is lost.
    let game = (family.build)(&params).map_err(|e| {
        // Blame the first parameter given, else the family.
        let (key, span) = family
            .params
            .iter()
            .find_map(|p| t.get(p.key).map(|e| (p.key, e.span.clone())))
            .unwrap_or(("family", at.clone()));
        src.error(Some(span), format!("key '{key}': {e}"))
    })?;
    Ok((family, game))
}

/// One `[[sum]]` entry: its game and how many integers of the position it takes.
fn component(
    catalogue: &Catalogue,
    src: &Source,
    t: &Table,
    index: usize,
    last: bool,
) -> Result<Component, RulesError> {
    let (family, game) = build(catalogue, src, t, &["heaps"])?;
    let at = t.get("family").map(|e| e.span.clone());
    let name = family.name;
    if !game.is_impartial() {
        return Err(src.error(
            at,
            format!(
                "sum component {index} ({name}) is not impartial: a sum adds nim-values, so every component must be impartial"
            ),
        ));
    }
    let heaps = match t.get("heaps") {
        None => None,
        Some(e) => match integer(&e.value) {
            Some(h) if h >= 1 && h <= u32::MAX as i128 => Some((h as usize, e.span.clone())),
            Some(_) => return Err(src.error(Some(e.span.clone()), "key 'heaps': must be at least 1")),
            None => {
                return Err(src.error(
                    Some(e.span.clone()),
                    format!(
                        "key 'heaps': invalid type: {}, expected an integer",
                        type_name(&e.value)
                    ),
                ))
            }
        },
    };
    let arity = match family.shape {
        Shape::Pair => {
            if let Some((h, span)) = heaps.filter(|(h, _)| *h != 2) {
                let _ = h;
                return Err(src.error(
                    Some(span),
                    format!("key 'heaps': a {name} position is a pair, so it takes 2 integers"),
                ));
            }
            Arity::Fixed(2)
        }
        Shape::SplittingHeaps => {
            // Moves split a heap into several: the number of integers grows.
            if !last {
                return Err(src.error(
                    at,
                    format!(
                        "sum component {index} ({name}) must be the last: its moves split heaps, so it takes all the remaining integers"
                    ),
                ));
            }
            if let Some((_, span)) = heaps {
                return Err(src.error(
                    Some(span),
                    format!("key 'heaps' does not apply to {name}: as the last component it takes all the remaining heaps"),
                ));
            }
            Arity::Rest
        }
        Shape::Heaps => Arity::Fixed(heaps.map_or(1, |(h, _)| h)),
        Shape::Other => {
            return Err(src.error(
                at,
                format!(
                    "sum component {index} ({name}) cannot be summed: its positions are not heaps or pairs"
                ),
            ))
        }
    };
    Ok(Component { game, arity })
}

/// A game read from a file: the engine, under the file's name and start. Every
/// capability is forwarded by [`Wrapper`]'s one implementation.
pub(crate) struct FileGame {
    pub(crate) inner: Box<dyn DynGame>,
    pub(crate) name: String,
    pub(crate) start: Option<DynPosition>,
}

impl Wrapper for FileGame {
    fn inner(&self) -> &dyn DynGame {
        self.inner.as_ref()
    }
    fn inner_mut(&mut self) -> &mut dyn DynGame {
        self.inner.as_mut()
    }
    fn name(&self) -> String {
        self.name.clone()
    }
    fn start(&self) -> Option<DynPosition> {
        self.start.clone()
    }
}
