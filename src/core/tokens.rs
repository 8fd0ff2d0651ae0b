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
    Ok(marked(line)?.into_iter().map(|(w, _)| w).collect())
}

/// [`tokenize`], each word with whether it was typed in quotes.
fn marked(line: &str) -> Result<Vec<(String, bool)>, ParseError> {
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
            words.push((w, true));
        } else {
            let mut w = String::new();
            while let Some(&ch) = chars.peek() {
                if ch.is_whitespace() || ch == '"' || ch == '#' {
                    break;
                }
                w.push(ch);
                chars.next();
            }
            words.push((w, false));
        }
    }
    Ok(words)
}

/// A line typed by the umpire in words, as ids (SPEC 10: words, not ids; a ship named by her
/// quoted name), for a command language whose words are split on white space: a quoted word
/// that is a ship's name (compared without case) becomes her id (`speed "Prince of Wales"
/// standard`), and any other quoted phrase of several words becomes one word joined by `_`, as
/// a critical kind or a phase is written (`crit pow "waterline hit"`). `ships` are the battle's
/// (id, name) pairs. A `note`'s text is never read so, nor an `expect`'s field and value (only
/// its ship). None when nothing is written otherwise: the line is parsed as typed.
pub fn as_ids(line: &str, ships: &[(&str, &str)]) -> Result<Option<AsIds>, ParseError> {
    let words = marked(line)?;
    let verb = words.first().map(|(w, _)| w.to_ascii_lowercase());
    let last = match verb.as_deref() {
        None | Some("note") => return Ok(None),
        Some("expect") => 1,
        Some(_) => usize::MAX,
    };
    let mut phrases = Vec::new();
    let mut changed = false;
    let mut typed = Vec::with_capacity(words.len());
    for (i, (w, quoted)) in words.into_iter().enumerate() {
        if i == 0 || i > last || !quoted || ships.iter().any(|(id, _)| id.eq_ignore_ascii_case(&w))
        {
            typed.push(w);
        } else if let Some((id, _)) = ships.iter().find(|(_, n)| n.eq_ignore_ascii_case(w.trim())) {
            typed.push(id.to_string());
            changed = true;
        } else if w.split_whitespace().nth(1).is_some() {
            typed.push(w.split_whitespace().collect::<Vec<_>>().join("_"));
            phrases.push(w);
            changed = true;
        } else {
            typed.push(w);
        }
    }
    Ok(changed.then(|| AsIds {
        line: typed.iter().map(|w| word(w)).collect::<Vec<_>>().join(" "),
        phrases,
    }))
}

/// A line [`as_ids`] wrote otherwise.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AsIds {
    pub line: String,
    /// The quoted phrases that named no ship, joined by `_` in `line`: if the line is refused,
    /// the umpire may have meant a ship.
    pub phrases: Vec<String>,
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

#[cfg(test)]
mod tests {
    use super::*;

    const SHIPS: &[(&str, &str)] = &[("pow", "Prince of Wales"), ("hood", "Hood")];

    /// SPEC 10: a ship is named by id or by its quoted name in every command, and a kind or a
    /// phase in words.
    #[test]
    fn quoted_names_and_words_become_ids() {
        let line = |text| as_ids(text, SHIPS).unwrap().map(|a| a.line);
        assert_eq!(
            line("speed \"prince of wales\" standard").as_deref(),
            Some("speed pow standard")
        );
        assert_eq!(
            line("gunnery \"Prince of Wales\" hood range long").as_deref(),
            Some("gunnery pow hood range long")
        );
        assert_eq!(
            line("crit hood \"waterline  hit\"").as_deref(),
            Some("crit hood waterline_hit")
        );
        assert_eq!(
            line("expect \"Prince of Wales\" status \"heavily damaged\"").as_deref(),
            Some("expect pow status \"heavily damaged\"")
        );
        // Ids, plain words, a note's text and an expect's value are left as typed.
        assert_eq!(line("speed pow standard"), None);
        assert_eq!(line("gunnery \"hood\" pow"), None);
        assert_eq!(line("note \"Prince of Wales\""), None);
        assert_eq!(line("expect hood name \"Hood\""), None);
        assert_eq!(line(""), None);
        // A phrase that names no ship is kept, for the message if the line is refused.
        let a = as_ids("speed \"Prince of Whales\" standard", SHIPS)
            .unwrap()
            .unwrap();
        assert_eq!(a.line, "speed Prince_of_Whales standard");
        assert_eq!(a.phrases, ["Prince of Whales"]);
        assert!(as_ids("speed \"unclosed", SHIPS).is_err());
    }
}
