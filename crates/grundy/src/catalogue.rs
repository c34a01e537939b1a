//! The catalogue: every built-in game family declares itself once.
//!
//! A [`Family`] says everything the front ends need to know about a game family:
//! its name, its parameters (with types and ranges), how they are written in GAME
//! text, the POSITION syntax, one line of help, the shape of its positions (for
//! sums), and how to build the game. One table per crate lists its families
//! ([`crate::games::FAMILIES`] here, `grundy_retro::games::FAMILIES` for the board
//! games), and a [`Catalogue`] joins tables. Everything that names a game reads the
//! catalogue: GAME text parsing, the keys of TOML game files, `grundy help`, the
//! unknown-game message with its suggestions, and the components of sums.
//!
//! **Adding a built-in game is one new module plus one line in a table.**
//!
//! ```
//! use grundy::catalogue::Catalogue;
//! let catalogue = Catalogue::core();
//! let game = catalogue.parse("subtraction:1,3,4").unwrap();
//! assert_eq!(game.name(), "subtraction:1,3,4");
//! // Misspelt names get suggestions, from the same table.
//! let err = catalogue.parse("kayls").err().unwrap().to_string();
//! assert!(err.contains("did you mean kayles?"), "{err}");
//! // Parameters are checked against their declared ranges.
//! assert!(catalogue.parse("digits:turns=3,width=12").is_err());
//! ```

use std::fmt::Write as _;

use crate::dynamic::DynGame;
use crate::GameError;

/// The type and range of one parameter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A non-negative integer in `min..=max`.
    Int {
        /// The least value allowed.
        min: u64,
        /// The greatest value allowed.
        max: u64,
    },
    /// A list of non-negative integers, each in `min..=max` (in TOML: an array).
    List {
        /// The least element allowed.
        min: u64,
        /// The greatest element allowed.
        max: u64,
    },
    /// Free text that the family checks itself (an octal code, say).
    Text,
}

/// One parameter of a family.
#[derive(Clone, Copy, Debug)]
pub struct Param {
    /// Its key: in GAME text `key=value`, in a TOML file `key = value`.
    pub key: &'static str,
    /// Its type and range.
    pub kind: Kind,
    /// The value when it is not given; `None` makes the parameter required,
    /// unless the family accepts it missing (see [`Params::is_set`]).
    pub default: Option<Value>,
    /// What it means, in a few words.
    pub help: &'static str,
}

/// How a family's parameters are written after `name:` in GAME text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Syntax {
    /// No parameters: `nim`.
    None,
    /// The first parameter's value directly: `subtraction:1,3,4`, `octal:0.137`, `dodgem:3`.
    Bare,
    /// `key=value` pairs separated by commas: `digits:turns=3,width=4`.
    KeyValue,
}

/// What a position of the family looks like, for sums and for commands that
/// depend on it (`values`, `plot`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// One integer a heap; a move changes one heap into at most one heap.
    Heaps,
    /// One integer a heap; a move may split a heap, so the number of integers grows.
    SplittingHeaps,
    /// Exactly two integers.
    Pair,
    /// Anything else: a board, a number with a move counter.
    Other,
}

impl Shape {
    /// True for heap games (each integer a heap, nim-values add).
    pub fn is_heaps(self) -> bool {
        matches!(self, Shape::Heaps | Shape::SplittingHeaps)
    }
}

/// A parameter's value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    /// An integer.
    Int(u64),
    /// An empty list (the only list a `const` default can be).
    EmptyList,
}

/// The values given for a family's parameters, checked against their [`Kind`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Params {
    ints: Vec<(&'static str, u64)>,
    lists: Vec<(&'static str, Vec<u64>)>,
    texts: Vec<(&'static str, String)>,
}

/// A parameter's checked value, borrowed from [`Params`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParamValue<'a> {
    /// An integer.
    Int(u64),
    /// A list of integers.
    List(&'a [u64]),
    /// Text.
    Text(&'a str),
}

impl Params {
    /// Every parameter with a value, integers first, then lists, then texts.
    pub fn iter(&self) -> impl Iterator<Item = (&'static str, ParamValue<'_>)> {
        let ints = self.ints.iter().map(|&(k, v)| (k, ParamValue::Int(v)));
        let lists = self.lists.iter().map(|(k, v)| (*k, ParamValue::List(v)));
        let texts = self.texts.iter().map(|(k, v)| (*k, ParamValue::Text(v)));
        ints.chain(lists).chain(texts)
    }

    /// An integer parameter (given or defaulted).
    pub fn int(&self, key: &str) -> Option<u64> {
        self.ints.iter().find(|(k, _)| *k == key).map(|&(_, v)| v)
    }
    /// A list parameter (given or defaulted).
    pub fn list(&self, key: &str) -> Option<&[u64]> {
        self.lists.iter().find(|(k, _)| *k == key).map(|(_, v)| &v[..])
    }
    /// A text parameter.
    pub fn text(&self, key: &str) -> Option<&str> {
        self.texts
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, v)| v.as_str())
    }
    /// True when the parameter has a value.
    pub fn is_set(&self, key: &str) -> bool {
        self.int(key).is_some() || self.list(key).is_some() || self.text(key).is_some()
    }
}

/// Builds a family's game from checked parameters.
pub type Build = fn(&Params) -> Result<Box<dyn DynGame>, GameError>;

/// One game family, declared once in its own module.
#[derive(Clone, Copy)]
pub struct Family {
    /// The name in GAME text and in TOML `family = "..."`.
    pub name: &'static str,
    /// GAME text for help: `subtraction:S1,S2,...`.
    pub usage: &'static str,
    /// One line: the rules.
    pub summary: &'static str,
    /// The POSITION syntax, in a few words.
    pub position: &'static str,
    /// The parameters, in order (the first is the one written bare).
    pub params: &'static [Param],
    /// How the parameters are written in GAME text.
    pub syntax: Syntax,
    /// The shape of positions.
    pub shape: Shape,
    /// A GAME text and a POSITION of it, for help and for the tests that run every
    /// command on every family (and on its TOML twin).
    pub example: Option<(&'static str, &'static str)>,
    /// GAME text without the family's name that the family still reads, rewritten
    /// as its own GAME text (octal codes written bare, `.07` or `0x0.F6`).
    pub claims: Option<fn(&str) -> Option<String>>,
    /// Build the game.
    pub build: Build,
}

impl std::fmt::Debug for Family {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Family")
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

/// A raw parameter value, as read from GAME text or a file, before checking.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Raw {
    /// An integer.
    Int(i128),
    /// A list of integers.
    List(Vec<i128>),
    /// Text.
    Text(String),
}

impl Family {
    /// Check raw values (`key`, value) against the declared parameters and fill in
    /// defaults. The error names the key at fault; `Err((key, message))`.
    pub fn params(&self, given: Vec<(String, Raw)>) -> Result<Params, (String, String)> {
        let mut params = Params::default();
        for (key, raw) in given {
            let Some(param) = self.params.iter().find(|p| p.key == key) else {
                let takes = if self.params.is_empty() {
                    "it takes no parameters".to_string()
                } else {
                    format!("it takes: {}", self.keys().join(", "))
                };
                return Err((
                    key.clone(),
                    format!("unknown parameter '{key}' for {} ({takes})", self.name),
                ));
            };
            if params.is_set(param.key) {
                return Err((key, format!("'{}' is given twice", param.key)));
            }
            let k = param.key;
            match (param.kind, raw) {
                (Kind::Int { min, max }, Raw::Int(v)) => params.ints.push((k, in_range(k, v, min, max)?)),
                (Kind::List { min, max }, Raw::List(vs)) => {
                    let vs = vs
                        .into_iter()
                        .map(|v| in_range(k, v, min, max))
                        .collect::<Result<_, _>>()?;
                    params.lists.push((k, vs));
                }
                (Kind::List { min, max }, Raw::Int(v)) => {
                    params.lists.push((k, vec![in_range(k, v, min, max)?]))
                }
                (Kind::Text, Raw::Text(t)) => params.texts.push((k, t)),
                (Kind::Text, Raw::Int(v)) => params.texts.push((k, v.to_string())),
                (kind, raw) => {
                    let want = match kind {
                        Kind::Int { .. } => "an integer",
                        Kind::List { .. } => "a list of integers",
                        Kind::Text => "text",
                    };
                    let got = match raw {
                        Raw::Int(_) => "integer",
                        Raw::List(_) => "list",
                        Raw::Text(_) => "string",
                    };
                    return Err((k.to_string(), format!("invalid type: {got}, expected {want}")));
                }
            }
        }
        for p in self.params {
            if params.is_set(p.key) {
                continue;
            }
            match p.default {
                Some(Value::Int(v)) => params.ints.push((p.key, v)),
                Some(Value::EmptyList) => params.lists.push((p.key, Vec::new())),
                None => {}
            }
        }
        Ok(params)
    }

    /// The parameter keys, in order.
    pub fn keys(&self) -> Vec<&'static str> {
        self.params.iter().map(|p| p.key).collect()
    }

    /// Read the text after `name:` in GAME text.
    pub fn parse_params(&self, text: Option<&str>) -> Result<Params, GameError> {
        let text = text.map(str::trim).unwrap_or("");
        let bad = |(_, m): (String, String)| GameError::parameter(self.name, m);
        let given = match self.syntax {
            Syntax::None if !text.is_empty() => {
                return Err(GameError::parameter(
                    self.name,
                    format!("takes no parameters, got '{text}'"),
                ))
            }
            Syntax::None => Vec::new(),
            Syntax::Bare => {
                let first = self.params[0];
                if text.is_empty() {
                    Vec::new()
                } else {
                    vec![(
                        first.key.to_string(),
                        raw_value(first.kind, text).map_err(|m| GameError::parameter(self.name, m))?,
                    )]
                }
            }
            Syntax::KeyValue => {
                let mut given = Vec::new();
                for kv in text.split(',').map(str::trim).filter(|s| !s.is_empty()) {
                    let (k, v) = kv
                        .split_once('=')
                        .ok_or_else(|| GameError::parameter(self.name, format!("'{kv}' is not key=value")))?;
                    let (k, v) = (k.trim(), v.trim());
                    let kind = self
                        .params
                        .iter()
                        .find(|p| p.key == k)
                        .map(|p| p.kind)
                        .ok_or_else(|| {
                            GameError::parameter(
                                self.name,
                                format!("unknown parameter '{k}' ({})", self.keys().join(", ")),
                            )
                        })?;
                    given.push((
                        k.to_string(),
                        raw_value(kind, v).map_err(|m| GameError::parameter(self.name, m))?,
                    ));
                }
                given
            }
        };
        self.params(given).map_err(bad)
    }
}

/// Read one value of `kind` from GAME text.
fn raw_value(kind: Kind, text: &str) -> Result<Raw, String> {
    let int = |s: &str| {
        let s = s.trim();
        s.parse::<i128>()
            .map_err(|_| format!("'{s}' is not a non-negative integer"))
    };
    match kind {
        Kind::Int { .. } => int(text).map(Raw::Int),
        Kind::List { .. } => text
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(int)
            .collect::<Result<_, _>>()
            .map(Raw::List),
        Kind::Text => Ok(Raw::Text(text.trim().to_string())),
    }
}

fn in_range(key: &str, v: i128, min: u64, max: u64) -> Result<u64, (String, String)> {
    if v < 0 {
        return Err((
            key.to_string(),
            format!("{key} must be a non-negative integer, not {v}"),
        ));
    }
    if v < min as i128 || v > max as i128 {
        return Err((
            key.to_string(),
            format!("{key} = {v} is out of range ({min} to {max})"),
        ));
    }
    Ok(v as u64)
}

/// Families joined from one or more tables: what the front ends read.
#[derive(Clone, Debug)]
pub struct Catalogue {
    tables: Vec<&'static [Family]>,
}

impl Catalogue {
    /// The families of these tables, in order.
    pub fn new(tables: &[&'static [Family]]) -> Catalogue {
        Catalogue {
            tables: tables.to_vec(),
        }
    }

    /// The core's families ([`crate::games::FAMILIES`]).
    pub fn core() -> Catalogue {
        Catalogue::new(&[crate::games::FAMILIES])
    }

    /// Every family.
    pub fn families(&self) -> impl Iterator<Item = &'static Family> + '_ {
        self.tables.iter().flat_map(|t| t.iter())
    }

    /// The family of this name.
    pub fn find(&self, name: &str) -> Option<&'static Family> {
        self.families().find(|f| f.name == name)
    }

    /// The family names.
    pub fn names(&self) -> Vec<&'static str> {
        self.families().map(|f| f.name).collect()
    }

    /// Split GAME text into the family and its parameter text.
    pub fn split(text: &str) -> (&str, Option<&str>) {
        let text = text.trim();
        match text.split_once(':') {
            Some((f, p)) => (f.trim(), Some(p.trim())),
            None => (text, None),
        }
    }

    /// Read GAME text such as `nim`, `subtraction:1,3,4` or `digits:turns=3,width=4`.
    pub fn parse(&self, text: &str) -> Result<Box<dyn DynGame>, GameError> {
        let (name, params) = Catalogue::split(text);
        let Some(family) = self.find(name).or_else(|| self.find(&name.to_ascii_lowercase())) else {
            // A family may read text written without its name (a bare octal code).
            let claimed = self
                .families()
                .find_map(|f| f.claims.and_then(|claim| claim(text.trim())));
            return match claimed {
                Some(own) if Catalogue::split(&own).0 != name => self.parse(&own),
                _ => Err(self.unknown(text)),
            };
        };
        (family.build)(&family.parse_params(params)?)
    }

    /// The error for a name that is not in the catalogue, with the closest names.
    pub fn unknown(&self, text: &str) -> GameError {
        let (name, _) = Catalogue::split(text);
        let name = name.to_ascii_lowercase();
        let mut close: Vec<(usize, &str)> = self
            .families()
            .map(|f| (edit_distance(&name, f.name), f.name))
            .filter(|&(d, n)| d <= 2.max(n.len() / 3) && d < n.len())
            .collect();
        close.sort();
        let hint = match &close[..] {
            [] => format!("known games: {}", self.names().join(", ")),
            [(_, n), ..] => format!("did you mean {n}? Known games: {}", self.names().join(", ")),
        };
        GameError::UnknownGame {
            game: text.trim().to_string(),
            hint,
        }
    }

    /// The GAME syntax of every family, for help texts.
    pub fn help(&self) -> String {
        let mut s = String::from("GAME is one of:\n");
        for f in self.families() {
            help_line(&mut s, f.usage, f.summary);
        }
        s
    }

    /// The GAME syntax of the families `keep` accepts, under `title`: the help of a
    /// command that takes only some games (a partizan game for `value`, a heap
    /// game with a nim-sequence for `period`), read off the same table.
    pub fn help_of(&self, title: &str, keep: impl Fn(&Family) -> bool) -> String {
        let mut s = format!("{title}\n");
        for f in self.families().filter(|f| keep(f)) {
            help_line(&mut s, f.usage, f.summary);
        }
        s
    }

    /// The POSITION syntax of every family whose positions are not plain heaps.
    pub fn position_help(&self) -> String {
        let mut s = String::from(
            "POSITION is comma-separated integers (heaps, a pair, a number), or `start` where the\n\
             game has one. Otherwise:\n",
        );
        for f in self
            .families()
            .filter(|f| !f.shape.is_heaps() && f.shape != Shape::Pair)
        {
            help_line(&mut s, f.name, f.position);
        }
        s
    }
}

/// One entry of a help list: the term in a column of 24, the text wrapped at 88
/// columns beside it (a longer term puts the text on the next line).
fn help_line(s: &mut String, term: &str, text: &str) {
    const INDENT: usize = 26;
    const WIDTH: usize = 88;
    let mut line = format!("  {term}");
    if line.len() + 1 >= INDENT {
        let _ = writeln!(s, "{line}");
        line.clear();
    }
    for word in text.split_whitespace() {
        if line.len() < INDENT {
            line = format!("{line:<INDENT$}{word}");
        } else if line.len() + 1 + word.len() > WIDTH {
            let _ = writeln!(s, "{line}");
            line = format!("{:<INDENT$}{word}", "");
        } else {
            line.push(' ');
            line.push_str(word);
        }
    }
    let _ = writeln!(s, "{line}");
}

/// Levenshtein distance, for suggestions.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != cb)).min(row[j] + 1).min(row[j + 1] + 1);
            prev = cur;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_family_parses_its_own_usage_example_or_reports_a_parameter() {
        let c = Catalogue::core();
        let mut names = c.names();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), c.names().len(), "family names are unique");
        for f in c.families() {
            assert!(!f.summary.contains('\n'), "{}: one-line summary", f.name);
            match c.parse(f.name) {
                Ok(g) => assert!(!g.name().is_empty()),
                Err(e) => assert!(matches!(e, GameError::BadParameter { .. }), "{}: {e}", f.name),
            }
            assert!(f.syntax == Syntax::None || !f.params.is_empty(), "{}", f.name);
        }
    }

    #[test]
    fn suggestions_come_from_the_table() {
        let c = Catalogue::core();
        let e = c.unknown("subtracton:1,2").to_string();
        assert!(e.contains("did you mean subtraction?"), "{e}");
        // Families read their own spellings without their names.
        assert_eq!(c.parse(".07").unwrap().name(), "octal:.07");
        assert_eq!(c.parse("0x0.F6").unwrap().name(), "hex:0.F6");
        assert_eq!(c.parse("S(4,1,3)").unwrap().name(), "subtraction:1,3,4");
        let e = c.unknown("zzzzzzzz").to_string();
        assert!(e.contains("known games: nim"), "{e}");
        assert_eq!(edit_distance("kitten", "sitting"), 3);
    }

    #[test]
    fn ranges_and_types_are_checked() {
        let c = Catalogue::core();
        assert!(c.parse("digits:turns=3,width=0").is_err());
        assert!(c.parse("digits:turns=x").is_err());
        assert!(c.parse("digits:width=3").is_err());
        assert!(c.parse("digits:turns=3,turns=4").is_err());
        assert!(c.parse("nim:3").is_err());
        assert!(c.parse("subtraction:1,-3").is_err());
        assert!(c.parse("digits:turns=3,width=6").is_ok());
    }
}
