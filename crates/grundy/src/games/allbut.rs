//! All-but games: a move takes any positive number of tokens from one heap except
//! the numbers in a finite set E. The game is a [`HeapGame`] on the code
//! `HeapRules::all_but(E)`; the engine proves its arithmetic period (a repeated
//! deciding state) when max(E) <= 1024.

use grundy_octal::HeapRules;

use crate::catalogue::{Family, Kind, Param, Params, Shape, Syntax, Value};
use crate::dynamic::{Builtin, DynGame};
use crate::games::heap::HeapGame;
use crate::games::join;
use crate::GameError;

/// All-but games. `AllBut::new(&[2, 5])` builds the [`HeapGame`].
#[derive(Clone, Copy, Debug)]
pub struct AllBut;

impl AllBut {
    /// The all-but game excluding `excluded` (any order, repeats ignored).
    #[allow(clippy::new_ret_no_self)]
    pub fn new(excluded: &[u64]) -> Result<HeapGame, GameError> {
        let mut excluded = excluded.to_vec();
        excluded.sort_unstable();
        excluded.dedup();
        if excluded.first() == Some(&0) {
            return Err(GameError::parameter(
                "allbut",
                "0 is never a move, so it cannot be excluded",
            ));
        }
        let rules =
            HeapRules::all_but(&excluded).map_err(|e| GameError::parameter("allbut", e.to_string()))?;
        Ok(HeapGame::new(rules, format!("allbut:{}", join(&excluded))))
    }
}

/// All-but games: take any positive number except those listed.
pub(crate) const FAMILY: Family = Family {
    name: "allbut",
    usage: "allbut:E1,E2,...",
    summary: "take any positive number except those listed (allbut: for none)",
    position: "heaps",
    params: &[Param {
        key: "except",
        kind: Kind::List {
            min: 0,
            max: u64::MAX,
        },
        default: Some(Value::EmptyList),
        help: "the amounts a move may not take",
    }],
    example: Some(("allbut:1,2", "9,4")),
    syntax: Syntax::Bare,
    shape: Shape::Heaps,
    claims: None,
    build,
};

fn build(p: &Params) -> Result<Box<dyn DynGame>, GameError> {
    Ok(Box::new(Builtin::new(AllBut::new(
        p.list("except").unwrap_or(&[]),
    )?)))
}
