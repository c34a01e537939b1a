//! Text from outside the program made safe to print.
//!
//! Game names, positions, `print` output and error messages can come from a file
//! the user did not write (a game file, a Luau script, a table file's header). Such
//! text must not drive the terminal (an escape sequence `\x1b[2J` clears the screen,
//! `\x1b]52;...` writes the clipboard of some terminals) nor add lines to the output.
//! [`escape_control`] writes every control character as a Rust escape instead:
//!
//! ```
//! use grundy::text::escape_control;
//! assert_eq!(escape_control("red \x1b[31m"), "red \\u{1b}[31m");
//! assert_eq!(escape_control("two\nlines\tand a tab"), "two\\nlines\\tand a tab");
//! assert_eq!(escape_control("plain ½ text"), "plain ½ text"); // borrowed, not copied
//! ```

use std::borrow::Cow;

/// True for the characters [`escape_control`] escapes: the control characters
/// (C0 `\0`..`\x1f`, DEL, and C1 `\u{80}`..`\u{9f}`, which include the one-byte CSI
/// `\u{9b}`), and the invisible characters that reorder text (the bidirectional
/// embeddings, overrides and isolates `\u{202a}`..`\u{202e}`, `\u{2066}`..`\u{2069}`),
/// which could make a line read differently from what it says.
pub fn needs_escape(c: char) -> bool {
    c.is_control() || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// `text` with every character of [`needs_escape`] written as its Rust escape:
/// `\n`, `\r`, `\t`, `\0` for those, `\u{1b}` for the others (so the text stays on
/// one line and cannot send escape sequences). Borrowed when nothing needs escaping.
///
/// A backslash already in the text is kept as it is: the output is for people, not
/// to be parsed back.
///
/// ```
/// use grundy::text::escape_control;
/// assert_eq!(escape_control("\u{9b}2J\r\0"), "\\u{9b}2J\\r\\0");
/// assert_eq!(escape_control("\u{202e}txt.exe"), "\\u{202e}txt.exe");
/// ```
pub fn escape_control(text: &str) -> Cow<'_, str> {
    if !text.chars().any(needs_escape) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if !needs_escape(c) {
            out.push(c);
            continue;
        }
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\0' => out.push_str("\\0"),
            _ => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
        }
    }
    Cow::Owned(out)
}

/// [`escape_control`] of each line of `text`, the lines kept: for text meant to be
/// drawn on several lines (a board from a script's `show`). `\r\n` ends a line too;
/// a lone `\r`, which would overwrite the line on a terminal, is escaped.
///
/// ```
/// use grundy::text::escape_lines;
/// assert_eq!(escape_lines("X.O\r\n.\x1b[1mX\n"), "X.O\n.\\u{1b}[1mX\n");
/// ```
pub fn escape_lines(text: &str) -> Cow<'_, str> {
    if !text.chars().any(|c| c != '\n' && needs_escape(c)) || text.is_empty() {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for piece in text.split_inclusive('\n') {
        let (line, end) = match piece.strip_suffix('\n') {
            Some(l) => (l.strip_suffix('\r').unwrap_or(l), "\n"),
            None => (piece, ""),
        };
        out.push_str(&escape_control(line));
        out.push_str(end);
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_text_is_borrowed() {
        for s in ["", "nim 3,4,5", "½ ↑ * {1|-1}", "a\\nb"] {
            assert!(matches!(escape_control(s), Cow::Borrowed(_)), "{s}");
            assert_eq!(escape_control(s), s);
        }
    }

    #[test]
    fn every_control_character_is_escaped() {
        for c in (0u32..0x20).chain(0x7f..0xa0).filter_map(char::from_u32) {
            let s = format!("a{c}b");
            let e = escape_control(&s);
            assert!(!e.chars().any(char::is_control), "{c:?}: {e:?}");
            assert!(
                e.starts_with('a') && e.ends_with('b') && e.len() > 3,
                "{c:?}: {e}"
            );
        }
        assert_eq!(escape_control("\x1b[2J\x07"), "\\u{1b}[2J\\u{7}");
        assert_eq!(escape_control("\x7f"), "\\u{7f}");
    }

    #[test]
    fn tabs_and_line_breaks_read_as_escapes() {
        assert_eq!(escape_control("a\tb\nc\r\nd"), "a\\tb\\nc\\r\\nd");
        assert_eq!(escape_lines("a\tb\nc\r\nd"), "a\\tb\nc\nd");
        assert_eq!(escape_lines("a\rb"), "a\\rb");
        assert_eq!(escape_lines("one\ntwo\n"), "one\ntwo\n");
    }

    #[test]
    fn reordering_characters_are_escaped() {
        assert_eq!(escape_control("a\u{2067}b\u{2069}"), "a\\u{2067}b\\u{2069}");
        // Joiners and other format characters that do not reorder are kept.
        assert_eq!(escape_control("a\u{200d}b"), "a\u{200d}b");
    }
}
