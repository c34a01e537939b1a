//! Boards in the terminal: a game's drawn position (`DynGame::board`) laid out with
//! its coordinates, in colour when standard output is a terminal and `NO_COLOR` is
//! unset, plain otherwise (pipes, files and tests see plain text).

use std::io::IsTerminal;

use anstyle::{AnsiColor, Effects, Style};
use grundy::dynamic::{Board, Cell, DynGame, DynPosition, Owner};

/// True when output may be coloured: standard output is a terminal and `NO_COLOR`
/// is unset or empty (<https://no-color.org>).
pub fn colour_wanted() -> bool {
    std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()) && std::io::stdout().is_terminal()
}

/// The lines that draw `p` for people: the game's board with coordinates, or its
/// own multi-line picture (a script's `show`); `None` when the position is one line
/// of text and needs no drawing.
pub fn drawing(game: &dyn DynGame, p: &DynPosition) -> Option<Vec<String>> {
    if let Some(board) = game.board(p) {
        return Some(draw(&board, colour_wanted()));
    }
    let shown = game.show(p);
    shown
        .contains('\n')
        .then(|| shown.lines().map(str::to_string).collect())
}

/// Lay out a board: row labels on the left, column labels under the columns, the
/// notes below; each cell as wide as its column's label. With `colour`, the pieces
/// of the side that moves first in blue, the other side's in red, the last move
/// underlined and the coordinates dimmed.
pub fn draw(board: &Board, colour: bool) -> Vec<String> {
    let columns = board.rows.iter().map(|r| r.cells.len()).max().unwrap_or(0);
    let width = |c: usize| board.columns.get(c).map_or(1, |l| l.chars().count().max(1));
    let label_width = board
        .rows
        .iter()
        .map(|r| r.label.chars().count())
        .max()
        .unwrap_or(0);
    let margin = if label_width == 0 { 0 } else { label_width + 2 };
    let dim = Style::new().effects(Effects::DIMMED);
    let paint = |text: &str, style: Style| {
        if colour && style != Style::new() {
            format!("{}{text}{}", style.render(), style.render_reset())
        } else {
            text.to_string()
        }
    };
    let mut lines = Vec::new();
    for row in &board.rows {
        let mut line = String::new();
        if margin > 0 {
            line.push_str(&paint(&format!("{:>label_width$}", row.label), dim));
            line.push_str("  ");
        }
        for (c, cell) in row.cells.iter().enumerate() {
            if c > 0 {
                line.push(' ');
            }
            let w = width(c);
            line.push_str(&" ".repeat(w - 1));
            line.push_str(&paint(&cell.glyph.to_string(), cell_style(cell)));
        }
        lines.push(line.trim_end().to_string());
    }
    if !board.columns.is_empty() {
        let labels: Vec<String> = (0..columns)
            .map(|c| {
                format!(
                    "{:>w$}",
                    board.columns.get(c).map_or("", String::as_str),
                    w = width(c)
                )
            })
            .collect();
        let text = format!("{}{}", " ".repeat(margin), labels.join(" "));
        lines.push(paint(text.trim_end(), dim));
    }
    lines.extend(board.notes.iter().cloned());
    lines
}

/// How a cell is painted: its owner's colour, the last move underlined.
fn cell_style(cell: &Cell) -> Style {
    let mut style = match cell.owner {
        Some(Owner::First) => Style::new().fg_color(Some(AnsiColor::BrightBlue.into())).bold(),
        Some(Owner::Second) => Style::new().fg_color(Some(AnsiColor::BrightRed.into())).bold(),
        None => Style::new(),
    };
    if cell.last {
        style = style.underline();
    }
    style
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy::dynamic::Row;

    fn board() -> Board {
        let mut x = Cell::piece('X', Owner::First);
        x.last = true;
        Board {
            rows: vec![
                Row {
                    label: "1".into(),
                    cells: vec![x, Cell::EMPTY, Cell::piece('o', Owner::Second)],
                },
                Row {
                    label: "2".into(),
                    cells: vec![Cell::EMPTY, Cell::mark('#'), Cell::EMPTY],
                },
            ],
            columns: Board::letters(3),
            notes: vec!["o to move".into()],
            clicks: Vec::new(),
        }
    }

    #[test]
    fn plain_layout_has_coordinates_and_no_escapes() {
        assert_eq!(
            draw(&board(), false),
            ["1  X . o", "2  . # .", "   a b c", "o to move"]
        );
    }

    #[test]
    fn colour_marks_owners_and_the_last_move() {
        let lines = draw(&board(), true);
        assert!(lines[0].contains('\u{1b}'), "{lines:?}");
        // The same text once the escapes are taken out.
        let plain: Vec<String> = lines.iter().map(|l| strip(l)).collect();
        assert_eq!(plain, draw(&board(), false));
    }

    fn strip(s: &str) -> String {
        let mut out = String::new();
        let mut chars = s.chars();
        while let Some(c) = chars.next() {
            if c == '\u{1b}' {
                for d in chars.by_ref() {
                    if d == 'm' {
                        break;
                    }
                }
            } else {
                out.push(c);
            }
        }
        out
    }
}
