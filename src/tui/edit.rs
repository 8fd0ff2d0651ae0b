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

#[cfg(test)]
mod tests {
    use super::*;

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
}
