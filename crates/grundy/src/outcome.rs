//! Outcomes, winners and the play convention.

use std::fmt;

/// The result of a position for the player to move, under perfect play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Outcome {
    /// The player to move wins.
    Win,
    /// The player to move loses.
    Lose,
    /// Neither player can force a win.
    Draw,
}

impl Outcome {
    /// The same result seen from the other player.
    pub fn flip(self) -> Outcome {
        match self {
            Outcome::Win => Outcome::Lose,
            Outcome::Lose => Outcome::Win,
            Outcome::Draw => Outcome::Draw,
        }
    }

    /// Who wins, when "first" is the player to move.
    pub fn winner(self) -> Winner {
        match self {
            Outcome::Win => Winner::First,
            Outcome::Lose => Winner::Second,
            Outcome::Draw => Winner::None,
        }
    }

    /// Lower-case name: `win`, `lose` or `draw`.
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::Win => "win",
            Outcome::Lose => "lose",
            Outcome::Draw => "draw",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Who wins a position: the player to move (`First`), the other one (`Second`), or nobody.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Winner {
    /// The player to move.
    First,
    /// The player who just moved.
    Second,
    /// Neither: a draw.
    None,
}

impl Winner {
    /// Lower-case name: `first`, `second` or `none`.
    pub fn as_str(self) -> &'static str {
        match self {
            Winner::First => "first",
            Winner::Second => "second",
            Winner::None => "none",
        }
    }
}

impl fmt::Display for Winner {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What happens to a player who has no move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Play {
    /// A player with no move loses (the usual convention).
    #[default]
    Normal,
    /// A player with no move wins.
    Misere,
}

impl Play {
    /// The outcome, for the player to move, of a position with no move and no rule.
    pub fn no_move_outcome(self) -> Outcome {
        match self {
            Play::Normal => Outcome::Lose,
            Play::Misere => Outcome::Win,
        }
    }
}
