//! The command tokenizer every ruleset's command language shares (SPEC 4): words split on
//! white space, `"..."` one word (with `\"`, `\\` and `\n` escapes), `#` outside quotes starts a
//! comment; and [`quote`], its inverse for one word.

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct ParseError {
    pub message: String,
}

fn err<T>(message: impl Into<String>) -> Result<T, ParseError> {
    Err(ParseError {
        message: message.into(),
    })
}

/// Splits a line into words; `"..."` is one word (with `\"` and `\\` escapes); `#` outside
/// quotes starts a comment.
pub fn tokenize(line: &str) -> Result<Vec<String>, ParseError> {
    let mut words = Vec::new();
    let mut chars = line.chars().peekable();
    while let Some(&c) = chars.peek() {
        if c.is_whitespace() {
            chars.next();
        } else if c == '#' {
            break;
        } else if c == '"' {
            chars.next();
            let mut w = String::new();
            loop {
                match chars.next() {
                    None => return err("unterminated quote: add a closing \""),
                    Some('"') => break,
                    Some('\\') => match chars.next() {
                        Some(e @ ('"' | '\\')) => w.push(e),
                        Some('n') => w.push('\n'),
                        _ => return err("bad escape in quoted text: use \\\" or \\\\"),
                    },
                    Some(ch) => w.push(ch),
                }
            }
            words.push(w);
        } else {
            let mut w = String::new();
            while let Some(&ch) = chars.peek() {
                if ch.is_whitespace() || ch == '"' || ch == '#' {
                    break;
                }
                w.push(ch);
                chars.next();
            }
            words.push(w);
        }
    }
    Ok(words)
}

/// Quote text for the command language (the inverse of [`tokenize`] for one word).
/// A word as it must be typed to tokenize back to itself: as it is when it is a plain word,
/// else quoted (empty, or with a space, a quote, a backslash or a `#`).
pub fn word(s: &str) -> std::borrow::Cow<'_, str> {
    let plain = !s.is_empty()
        && !s
            .chars()
            .any(|c| c.is_whitespace() || matches!(c, '"' | '\\' | '#'));
    if plain {
        s.into()
    } else {
        quote(s).into()
    }
}

pub fn quote(s: &str) -> String {
    let mut q = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => q.push_str("\\\""),
            '\\' => q.push_str("\\\\"),
            '\n' => q.push_str("\\n"),
            c => q.push(c),
        }
    }
    q.push('"');
    q
}
