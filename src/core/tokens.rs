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

/// A line typed by the umpire, with each quoted word that is a ship's name (SPEC 10: `speed
/// "Prince of Wales" standard`, compared without case) replaced by the ship's id, for a
/// command language whose words are split on white space. `ships` are the battle's (id, name)
/// pairs. None when nothing is named so (the line is parsed as typed). A `note`'s text is
/// never read so, nor an `expect`'s field and value (only its ship). A quoted word of more than
/// one word that names no ship is refused: no such command takes one.
pub fn ships_named(line: &str, ships: &[(&str, &str)]) -> Result<Option<String>, ParseError> {
    let words = marked(line)?;
    let verb = words.first().map(|(w, _)| w.to_ascii_lowercase());
    let last = match verb.as_deref() {
        None | Some("note") => return Ok(None),
        Some("expect") => 1,
        Some(_) => usize::MAX,
    };
    let mut changed = false;
    let mut out = Vec::with_capacity(words.len());
    for (i, (w, quoted)) in words.into_iter().enumerate() {
        if i == 0 || i > last || !quoted || ships.iter().any(|(id, _)| id.eq_ignore_ascii_case(&w))
        {
            out.push(w);
            continue;
        }
        match ships
            .iter()
            .find(|(_, name)| name.eq_ignore_ascii_case(w.trim()))
        {
            Some((id, _)) => {
                out.push(id.to_string());
                changed = true;
            }
            None if w.split_whitespace().nth(1).is_some() => {
                return err(format!(
                    "\"{w}\" names no ship of this battle: type her id, or her name as the \
                     scenario gives it"
                ))
            }
            None => out.push(w),
        }
    }
    Ok(changed.then(|| out.iter().map(|w| word(w)).collect::<Vec<_>>().join(" ")))
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

    /// SPEC 10: a ship is named by id or by its quoted name in every command.
    #[test]
    fn a_quoted_name_becomes_the_ships_id() {
        let named = |line| ships_named(line, SHIPS).unwrap();
        assert_eq!(
            named("speed \"prince of wales\" standard").as_deref(),
            Some("speed pow standard")
        );
        assert_eq!(
            named("gunnery \"Prince of Wales\" hood range long").as_deref(),
            Some("gunnery pow hood range long")
        );
        assert_eq!(
            named("expect \"Prince of Wales\" status \"heavily damaged\"").as_deref(),
            Some("expect pow status \"heavily damaged\"")
        );
        // Ids, plain words, a note's text and an expect's value are left as typed.
        assert_eq!(named("speed pow standard"), None);
        assert_eq!(named("gunnery \"hood\" pow"), None);
        assert_eq!(named("note \"Prince of Wales\""), None);
        assert_eq!(named("expect hood name \"Hood\""), None);
        assert_eq!(named(""), None);
    }

    #[test]
    fn a_quoted_name_of_no_ship_is_refused_by_name() {
        let e = ships_named("speed \"Prince of Whales\" standard", SHIPS).unwrap_err();
        assert!(
            e.message.contains("\"Prince of Whales\" names no ship"),
            "{e}"
        );
        assert!(ships_named("speed \"unclosed", SHIPS).is_err());
    }
}
