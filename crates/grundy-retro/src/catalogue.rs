//! This crate's games by name, through the catalogue of their families, and table
//! files opened as games (a table names its game).

use std::path::Path;
use std::sync::Arc;

use grundy::catalogue::Catalogue;
use grundy::dynamic::DynGame;
use grundy::GameError;

use crate::dynamic::{table_game, Solved, TableGame};
use crate::enumerated::Enumerated;
use crate::{RetroError, Table};

/// The GAME syntax of this crate's games, for help texts (from the catalogue).
pub fn game_help() -> String {
    Catalogue::new(&[crate::games::FAMILIES]).help()
}

/// Read a GAME text naming one of this crate's games; `None` when it is not one.
///
/// The text is read by the catalogue ([`crate::games::FAMILIES`]); the game's
/// numbering comes from the [`Solved`] game its family builds.
pub fn parse_table_game(text: &str) -> Option<Result<Arc<dyn TableGame>, GameError>> {
    let game = parse_game(text)?;
    Some(game.map(|g| table_game(g.as_ref()).expect("the board-game families build Solved games")))
}

/// Read a GAME text naming one of this crate's games as a [`DynGame`] that solves
/// the whole game on first use; `None` when it is not one of them.
///
/// ```
/// use grundy::{Outcome, Play};
/// let game = grundy_retro::parse_game("tictactoe").unwrap().unwrap();
/// let p = game.parse_position("x.o......").unwrap();
/// let a = game.analyze(&p, Play::Normal, &grundy::Budget::default()).unwrap();
/// assert_eq!(a.outcome, Outcome::Win);
/// assert!(grundy_retro::parse_game("nim").is_none());
/// ```
pub fn parse_game(text: &str) -> Option<Result<Box<dyn DynGame>, GameError>> {
    let catalogue = Catalogue::new(&[crate::games::FAMILIES]);
    let (name, _) = Catalogue::split(text);
    catalogue.find(name)?;
    Some(catalogue.parse(text))
}

/// Open a table file as a [`DynGame`] answering from it (memory-mapped, not solved
/// again). With `game`, the table must be for that game: a GAME text of this
/// crate's games, or the name of any other game (its [`DynGame::name`]) for a table
/// of positions enumerated from a start ([`crate::build_reachable`]).
pub fn open_db(path: &Path, game: Option<&str>) -> Result<Box<dyn DynGame>, RetroError> {
    let name = Table::peek_name(path)?;
    let expected = match game {
        Some(g) => match parse_table_game(g) {
            Some(t) => t?.name(),
            None => g.trim().to_string(),
        },
        None => name.clone(),
    };
    if expected != name {
        return Err(RetroError::bad_table(
            path,
            format!("this table is for '{name}', not '{expected}'"),
        ));
    }
    let table = Table::open(path, Some(&name))?;
    db_from_table(table, path)
}

/// A table file's bytes as a [`DynGame`], as [`open_db`] opens a file (without its
/// `game` check); `path` names it in errors.
pub fn db_from_bytes(bytes: &[u8], path: &Path) -> Result<Box<dyn DynGame>, RetroError> {
    db_from_table(Table::from_bytes(bytes, path, None)?, path)
}

fn db_from_table(table: Table, path: &Path) -> Result<Box<dyn DynGame>, RetroError> {
    let name = table.name().to_string();
    let method = Some(format!("lookup in the table {}", path.display()));
    if table.has_positions() {
        let g = Enumerated::open(table.clone(), path)?;
        return Ok(Box::new(Solved::answering(Arc::new(g), table, method)));
    }
    let g = parse_table_game(&name)
        .ok_or_else(|| RetroError::bad_table(path, format!("unknown game '{name}' in the table header")))??;
    if table.size() != g.size() {
        return Err(RetroError::bad_table(
            path,
            "the table's size does not match the game; rebuild it",
        ));
    }
    Ok(Box::new(Solved::answering(g, table, method)))
}
