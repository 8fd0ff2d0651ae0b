//! A one-line text editor for the command prompt, the search and the forms' number fields.

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LineEdit {
    pub text: String,
    /// Cursor position in characters.
    pub cursor: usize,
}

impl LineEdit {
    /// A key typed into the line: characters, Backspace, Delete, the arrows, Home and End;
    /// Ctrl-A and Ctrl-E to the start and end, Ctrl-U clears. Other keys change nothing.
    pub fn on_key(&mut self, key: crossterm::event::KeyEvent) {
        use crossterm::event::{KeyCode, KeyModifiers};
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        match key.code {
            KeyCode::Char('a') if ctrl => self.home(),
            KeyCode::Char('e') if ctrl => self.end(),
            KeyCode::Char('u') if ctrl => *self = LineEdit::default(),
            KeyCode::Char(c) if !ctrl => self.insert(c),
            KeyCode::Backspace => self.backspace(),
            KeyCode::Delete => self.delete(),
            KeyCode::Left => self.left(),
            KeyCode::Right => self.right(),
            KeyCode::Home => self.home(),
            KeyCode::End => self.end(),
            _ => {}
        }
    }

    pub fn new(text: &str) -> LineEdit {
        LineEdit {
            text: text.to_string(),
            cursor: text.chars().count(),
        }
    }

    fn byte(&self, chars: usize) -> usize {
        self.text
            .char_indices()
            .nth(chars)
            .map(|(b, _)| b)
            .unwrap_or(self.text.len())
    }

    pub fn insert(&mut self, c: char) {
        let at = self.byte(self.cursor);
        self.text.insert(at, c);
        self.cursor += 1;
    }

    pub fn backspace(&mut self) {
        if self.cursor > 0 {
            self.cursor -= 1;
            let at = self.byte(self.cursor);
            self.text.remove(at);
        }
    }

    pub fn delete(&mut self) {
        if self.cursor < self.text.chars().count() {
            let at = self.byte(self.cursor);
            self.text.remove(at);
        }
    }

    pub fn left(&mut self) {
        self.cursor = self.cursor.saturating_sub(1);
    }

    pub fn right(&mut self) {
        self.cursor = (self.cursor + 1).min(self.text.chars().count());
    }

    pub fn home(&mut self) {
        self.cursor = 0;
    }

    pub fn end(&mut self) {
        self.cursor = self.text.chars().count();
    }

    /// Replace the word the cursor is at the end of (completion).
    pub fn replace_last_word(&mut self, word: &str) {
        let head: String = self.text.chars().take(self.cursor).collect();
        let tail: String = self.text.chars().skip(self.cursor).collect();
        let start = head.rfind(' ').map(|i| i + 1).unwrap_or(0);
        self.text = format!("{}{word}{tail}", &head[..start]);
        self.cursor = head[..start].chars().count() + word.chars().count();
    }

    /// The words before the cursor and the (possibly empty) word being typed.
    pub fn words_before_cursor(&self) -> (Vec<String>, String) {
        let head: String = self.text.chars().take(self.cursor).collect();
        let mut words: Vec<String> = head.split(' ').map(str::to_string).collect();
        let last = words.pop().unwrap_or_default();
        words.retain(|w| !w.is_empty());
        (words, last)
    }
}

/// Keep a command typed at the prompt for ↑ (not twice in a row).
pub fn remember(history: &mut Vec<String>, text: &str) {
    if history.last().map(String::as_str) != Some(text) {
        history.push(text.to_string());
    }
}

/// ↑ (`older`) or ↓ through the commands typed this session from `at` (None: the new line):
/// the new position and the line to edit (empty back at the new line).
pub fn browse(history: &[String], at: Option<usize>, older: bool) -> (Option<usize>, LineEdit) {
    let n = history.len();
    let pos = match (older, at) {
        _ if n == 0 => None,
        (true, None) => Some(n - 1),
        (true, Some(p)) => Some(p.saturating_sub(1)),
        (false, Some(p)) if p + 1 < n => Some(p + 1),
        _ => None,
    };
    (pos, LineEdit::new(pos.map_or("", |p| history[p].as_str())))
}

/// Tab at a prompt: the word at the cursor completed from `candidates` (those starting with it,
/// in any case). One candidate is completed, with a space after it, and for the first word its
/// usage from `commands` is the hint; several complete their common prefix and are listed as
/// the hint; none is the error. Returns (hint, error).
pub fn complete(
    edit: &mut LineEdit,
    commands: &[(&str, &str)],
    candidates: impl FnOnce(&[String]) -> Vec<String>,
) -> (Option<String>, Option<String>) {
    let (words, prefix) = edit.words_before_cursor();
    let p = prefix.to_lowercase();
    let c: Vec<String> = candidates(&words)
        .into_iter()
        .filter(|c| c.to_lowercase().starts_with(&p))
        .collect();
    match c.as_slice() {
        [] => (None, Some(format!("nothing completes \"{prefix}\""))),
        [only] => {
            edit.replace_last_word(&format!("{only} "));
            let usage = words
                .is_empty()
                .then(|| commands.iter().find(|(n, _)| n == only))
                .flatten()
                .map(|(_, u)| u.to_string());
            (usage, None)
        }
        _ => {
            let common = common_prefix(&c);
            if common.chars().count() > prefix.chars().count() {
                edit.replace_last_word(&common);
            }
            (Some(c.join(" ")), None)
        }
    }
}

/// The longest start every word shares.
fn common_prefix(words: &[String]) -> String {
    let first = &words[0];
    let mut len = first.chars().count();
    for w in &words[1..] {
        len = len.min(
            first
                .chars()
                .zip(w.chars())
                .take_while(|(a, b)| a == b)
                .count(),
        );
    }
    first.chars().take(len).collect()
}

pub use crate::core::text::usage_keywords;

#[cfg(test)]
mod tests {
    use super::*;

    /// Tab: one candidate completes with a space (a command's usage as the hint), several
    /// complete their common start and are listed, none is an error that changes nothing.
    #[test]
    fn tab_completes_one_lists_several_and_refuses_none() {
        let commands = [("guns", "guns SHIP at TARGET main|secondary [n N] [los]")];
        let pool = |words: &[String]| -> Vec<String> {
            if words.is_empty() {
                vec!["guns".into(), "hit".into()]
            } else {
                vec!["dingyuan".into(), "dingyuen".into(), "akagi".into()]
            }
        };
        let mut e = LineEdit::new("gu");
        assert_eq!(
            complete(&mut e, &commands, pool),
            (Some(commands[0].1.to_string()), None)
        );
        assert_eq!(e.text, "guns ");
        let mut e = LineEdit::new("guns DIN");
        let (hint, error) = complete(&mut e, &commands, pool);
        assert_eq!((hint.as_deref(), error), (Some("dingyuan dingyuen"), None));
        assert_eq!(
            e.text, "guns dingyu",
            "the common start, in the candidates' case"
        );
        let mut e = LineEdit::new("guns x");
        assert_eq!(
            complete(&mut e, &commands, pool),
            (None, Some("nothing completes \"x\"".to_string()))
        );
        assert_eq!(e.text, "guns x");
    }

    #[test]
    fn a_usage_line_gives_its_keywords_not_its_placeholders() {
        assert_eq!(
            usage_keywords(
                "guns SHIP at TARGET main|secondary [n N] [range R] [los] | guns SHIP lost"
            ),
            ["at", "main", "secondary", "n", "range", "los", "lost"]
        );
        assert!(usage_keywords("next").is_empty());
    }

    #[test]
    fn editing_works_on_characters_not_bytes() {
        let mut e = LineEdit::new("note é");
        e.backspace();
        assert_eq!(e.text, "note ");
        e.insert('ü');
        e.left();
        e.left();
        e.insert('x');
        assert_eq!(e.text, "notex ü");
        e.end();
        e.delete();
        assert_eq!(e.cursor, 7);
    }

    #[test]
    fn completion_replaces_the_word_at_the_cursor() {
        let mut e = LineEdit::new("hit ti");
        assert_eq!(e.words_before_cursor(), (vec!["hit".into()], "ti".into()));
        e.replace_last_word("tiger");
        assert_eq!(e.text, "hit tiger");
        assert_eq!(e.cursor, 9);
    }

    #[test]
    fn the_prompt_history_is_browsed_older_and_newer_and_keeps_no_repeat() {
        let mut h = Vec::new();
        for t in ["next", "next", "si z23 1", "turn"] {
            remember(&mut h, t);
        }
        assert_eq!(h, ["next", "si z23 1", "turn"]);
        let (at, e) = browse(&h, None, true);
        assert_eq!((at, e.text.as_str()), (Some(2), "turn"));
        let (at, e) = browse(&h, at, true);
        assert_eq!((at, e.text.as_str()), (Some(1), "si z23 1"));
        let (at, _) = browse(&h, Some(0), true);
        assert_eq!(at, Some(0), "the oldest stays");
        let (at, e) = browse(&h, Some(2), false);
        assert_eq!(
            (at, e.text.as_str()),
            (None, ""),
            "past the newest: the new line"
        );
        assert_eq!(browse(&[], None, true).0, None);
    }
}
