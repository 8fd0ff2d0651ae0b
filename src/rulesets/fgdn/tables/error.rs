//! Errors found while loading rule tables: file, line, key, what is wrong, what is right.
use std::fmt;
use std::ops::Range as Span;

/// A problem in a rule table file (SPEC 6: strict loading).
///
/// Displays as `tables/fgdn-1.1/critical_hit.toml:41: key "location": unknown critical kind ...`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableError {
    /// The file as the user knows it (built-in files: `tables/fgdn-1.1/NAME.toml`).
    pub file: String,
    /// 1-based line; None when the problem is not in the file (e.g. unknown file name).
    pub line: Option<usize>,
    /// The TOML key concerned, if any.
    pub key: Option<String>,
    /// What is wrong and, where possible, what would be right.
    pub message: String,
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.file)?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
        }
        f.write_str(": ")?;
        if let Some(key) = &self.key {
            write!(f, "key \"{key}\": ")?;
        }
        f.write_str(&self.message)
    }
}

impl std::error::Error for TableError {}

/// Collects errors for one file, turning byte offsets into lines.
pub(crate) struct Ctx<'a> {
    pub file: &'a str,
    pub text: &'a str,
    pub errors: Vec<TableError>,
}

impl<'a> Ctx<'a> {
    pub fn new(file: &'a str, text: &'a str) -> Self {
        Ctx {
            file,
            text,
            errors: Vec::new(),
        }
    }

    pub fn line_of(&self, offset: usize) -> usize {
        let end = offset.min(self.text.len());
        self.text.as_bytes()[..end]
            .iter()
            .filter(|&&b| b == b'\n')
            .count()
            + 1
    }

    /// Records an error at `span` about `key`.
    pub fn err(&mut self, span: &Span<usize>, key: &str, message: impl Into<String>) {
        let line = Some(self.line_of(span.start));
        self.errors.push(TableError {
            file: self.file.to_string(),
            line,
            key: Some(key.to_string()),
            message: message.into(),
        });
    }

    /// Converts a TOML syntax or serde error into a user message with line and key.
    pub fn toml_error(&mut self, e: &toml::de::Error) {
        let span = e.span();
        let line = span.as_ref().map(|s| self.line_of(s.start));
        let (key, message) = rewrite_serde_message(e.message());
        let key = key.or_else(|| span.and_then(|s| key_at(self.text, s.start)));
        self.errors.push(TableError {
            file: self.file.to_string(),
            line,
            key,
            message,
        });
    }
}

/// Turns serde's "unknown field `x`, expected one of `a`, `b`" and "missing field `x`"
/// into (key, message) in the project's words.
fn rewrite_serde_message(msg: &str) -> (Option<String>, String) {
    if let Some(rest) = msg.strip_prefix("unknown field `") {
        if let Some((name, tail)) = rest.split_once('`') {
            let expected = tail
                .trim_start_matches(", ")
                .trim_start_matches("expected one of ")
                .trim_start_matches("expected ")
                .replace('`', "")
                .replace(" or ", ", ");
            let message = if expected.contains("there are no fields") {
                "unknown key (this table takes no keys)".to_string()
            } else {
                format!("unknown key (expected one of: {expected})")
            };
            return (Some(name.to_string()), message);
        }
    }
    if let Some(rest) = msg.strip_prefix("missing field `") {
        if let Some((name, _)) = rest.split_once('`') {
            return (
                Some(name.to_string()),
                "missing (this key is required)".into(),
            );
        }
    }
    if let Some(rest) = msg.strip_prefix("duplicate key `") {
        if let Some((name, _)) = rest.split_once('`') {
            return (Some(name.to_string()), "duplicate key".into());
        }
    }
    (None, msg.trim_end().to_string())
}

/// The key a byte offset belongs to: the key itself when the offset is at a key
/// (`name = ...`), else the key before the `=` preceding a value.
fn key_at(text: &str, offset: usize) -> Option<String> {
    let offset = offset.min(text.len());
    let line_start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let line_end = text[offset..].find('\n').map_or(text.len(), |i| offset + i);
    let after = &text[offset..line_end];
    let word: String = after.chars().take_while(|c| is_key_char(*c)).collect();
    if !word.is_empty() && after[word.len()..].trim_start().starts_with('=') {
        return Some(word);
    }
    let before = text[line_start..offset].trim_end();
    let before = before.strip_suffix('=')?.trim_end();
    let key: String = before
        .chars()
        .rev()
        .take_while(|c| is_key_char(*c))
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    (!key.is_empty()).then_some(key)
}

fn is_key_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '-'
}
