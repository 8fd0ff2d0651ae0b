//! Ship classes for every ruleset (SPEC 9): where a scenario's `[[ship]] class = "ID"` finds its
//! `[[class]]` block, and how a battle keeps the classes it was set up with.
//!
//! A class is looked up in the scenario's own `[[class]]` blocks first, then in the class files
//! the scenario names (`[scenario] classes = ["file.toml", ...]`), then in the user's class
//! library. The face reads those files; this module only sees their texts. [`resolve`] turns a
//! scenario that uses class files or the library into one that holds every class it uses
//! (its `classes` key removed, the classes' blocks appended, each under a comment naming where it
//! came from): that text is what a save embeds, so a battle replays on any machine and a later
//! edit of a class file never changes a battle already started. A scenario that uses no class
//! from outside itself is returned byte for byte. Each ruleset parses and checks the blocks
//! (what a class may hold is the ruleset's own: FG&DN's figures are not D&B's). Pure.
use serde::Deserialize;

/// A class file's text, as the face read it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClassSource {
    /// The file as messages name it.
    pub file: String,
    pub text: String,
    /// From the user's class library (looked up after every named file; a class there is
    /// shadowed by one of the same id in the scenario or its class files).
    pub library: bool,
}

/// A class block appended to the scenario by [`resolve`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Embedded {
    pub id: String,
    /// 1-based line of its `[[class]]` header in the resolved text, and how many lines it has.
    pub first_line: usize,
    pub lines: usize,
    /// Where it came from: the file and the 1-based line of its header there.
    pub file: String,
    pub file_line: usize,
}

/// A scenario with its classes resolved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Resolved {
    pub text: String,
    pub embedded: Vec<Embedded>,
}

#[derive(Deserialize, Default)]
struct PeekScenarioTable {
    classes: Option<Vec<String>>,
}

#[derive(Deserialize)]
struct PeekShip {
    class: Option<String>,
}

#[derive(Deserialize)]
struct PeekClass {
    id: Option<String>,
}

#[derive(Deserialize)]
struct PeekScenario {
    scenario: Option<PeekScenarioTable>,
    #[serde(default)]
    ship: Vec<PeekShip>,
    #[serde(default)]
    class: Vec<PeekClass>,
}

#[derive(Deserialize)]
struct PeekFile {
    #[serde(default)]
    class: Vec<toml::Spanned<PeekClass>>,
}

/// The class files a scenario names (`[scenario] classes`), as written (relative to the
/// scenario's folder). Empty when the key is absent or the text is not TOML the parser would
/// accept (the ruleset's parser then says why).
pub fn named_files(text: &str) -> Vec<String> {
    if !mentions_classes(text) {
        return Vec::new();
    }
    toml::from_str::<PeekScenario>(text)
        .ok()
        .and_then(|p| p.scenario)
        .and_then(|s| s.classes)
        .unwrap_or_default()
}

/// The class ids the scenario's ships use that are not among its own `[[class]]` blocks, in
/// the order of first use.
pub fn wanted(text: &str) -> Vec<String> {
    if !mentions_classes(text) {
        return Vec::new();
    }
    let Ok(p) = toml::from_str::<PeekScenario>(text) else {
        return Vec::new();
    };
    let own: Vec<&str> = p.class.iter().filter_map(|c| c.id.as_deref()).collect();
    let mut out: Vec<String> = Vec::new();
    for id in p.ship.iter().filter_map(|s| s.class.as_deref()) {
        if !own.contains(&id) && !out.iter().any(|o| o == id) {
            out.push(id.to_string());
        }
    }
    out
}

/// Whether any line could be a class key or table (`class = `, `classes = `, `[[class]]`): a
/// quick look before the TOML is parsed, so that opening a battle without classes (every save
/// of a long battle) costs nothing more. Keys start their line in TOML (inline tables are on
/// one line), so a text without such a line has no class.
fn mentions_classes(text: &str) -> bool {
    text.lines().any(|l| {
        let t = l.trim_start();
        t.starts_with("class")
            || t.starts_with("\"class")
            || t.starts_with("'class")
            || (t.starts_with('[') && t.contains("class"))
    })
}

/// Whether the scenario has `[[class]]` tables or a ship that names a class.
pub fn uses_classes(text: &str) -> bool {
    mentions_classes(text)
        && toml::from_str::<PeekScenario>(text)
            .is_ok_and(|p| !p.class.is_empty() || p.ship.iter().any(|s| s.class.is_some()))
}

/// The classes of a class file: each id with the 1-based line of its `[[class]]` header.
pub fn class_ids(file: &str, text: &str) -> Result<Vec<(String, usize)>, String> {
    let p: PeekFile = toml::from_str(text).map_err(|e| {
        let line = e.span().map(|s| line_of(text, s.start)).unwrap_or(1);
        format!("{file}:{line}: {}", e.message().trim())
    })?;
    Ok(p.class
        .iter()
        .filter_map(|c| {
            c.get_ref()
                .id
                .clone()
                .map(|id| (id, line_of(text, c.span().start)))
        })
        .collect())
}

fn line_of(text: &str, offset: usize) -> usize {
    text[..offset.min(text.len())].matches('\n').count() + 1
}

/// The text of the class block whose header is on `header` (1-based) up to the next class
/// header (`next`, exclusive) or the end, without the blank and comment lines at its end.
fn block(text: &str, header: usize, next: Option<usize>) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let from = header.saturating_sub(1).min(lines.len());
    let to = next
        .map(|n| n.saturating_sub(1))
        .unwrap_or(lines.len())
        .clamp(from, lines.len());
    let mut body: Vec<&str> = lines[from..to].to_vec();
    while body
        .last()
        .is_some_and(|l| l.trim().is_empty() || l.trim_start().starts_with('#'))
        && body.len() > 1
    {
        body.pop();
    }
    let mut s = body.join("\n");
    s.push('\n');
    s
}

/// The scenario with every class it uses from `sources` appended and its `classes` key removed
/// (see the module). Errors: a class two named files both give, a source that is not TOML.
/// A class found nowhere is left for the ruleset's parser to report against the ship.
pub fn resolve(text: &str, sources: &[ClassSource]) -> Result<Resolved, Vec<String>> {
    let unchanged = Resolved {
        text: text.to_string(),
        embedded: Vec::new(),
    };
    if !mentions_classes(text) {
        return Ok(unchanged);
    }
    let Ok(peek) = toml::from_str::<PeekScenario>(text) else {
        return Ok(unchanged);
    };
    let has_key = peek.scenario.as_ref().is_some_and(|s| s.classes.is_some());
    let wanted = wanted(text);
    if !has_key && wanted.is_empty() {
        return Ok(unchanged);
    }
    let mut errors = Vec::new();
    let mut indexed = Vec::new();
    for s in sources {
        match class_ids(&s.file, &s.text) {
            Ok(ids) => indexed.push((s, ids)),
            Err(e) => errors.push(e),
        }
    }
    let mut found: Vec<(String, &ClassSource, usize, Option<usize>)> = Vec::new();
    for id in &wanted {
        let mut hits = Vec::new();
        for (s, ids) in &indexed {
            if let Some(k) = ids.iter().position(|(i, _)| i == id) {
                let next = ids.get(k + 1).map(|(_, l)| *l);
                hits.push((*s, ids[k].1, next));
            }
        }
        let named: Vec<_> = hits.iter().filter(|(s, _, _)| !s.library).collect();
        if named.len() > 1 {
            errors.push(format!(
                "class \"{id}\" is in more than one class file ({}): keep one",
                named
                    .iter()
                    .map(|(s, l, _)| format!("{}:{l}", s.file))
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
            continue;
        }
        if let Some((s, line, next)) = named.first().copied().or(hits.first()) {
            found.push((id.clone(), s, *line, *next));
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let mut out = if has_key {
        match text.parse::<toml_edit::DocumentMut>() {
            Ok(mut doc) => {
                if let Some(t) = doc.get_mut("scenario").and_then(|t| t.as_table_mut()) {
                    t.remove("classes");
                }
                doc.to_string()
            }
            Err(_) => return Ok(unchanged),
        }
    } else {
        text.to_string()
    };
    if found.is_empty() {
        return Ok(Resolved {
            text: out,
            embedded: Vec::new(),
        });
    }
    if !out.ends_with('\n') {
        out.push('\n');
    }
    out.push_str(
        "\n# The classes this battle uses from class files and the class library, copied here\n\
         # when it was set up, so that the save replays anywhere (docs/scenario-format.md).\n",
    );
    let mut embedded = Vec::new();
    for (id, s, line, next) in found {
        out.push_str(&format!("\n# class \"{id}\" from {}:{line}\n", s.file));
        let first_line = out.lines().count() + 1;
        let b = block(&s.text, line, next);
        embedded.push(Embedded {
            id,
            first_line,
            lines: b.lines().count(),
            file: s.file.clone(),
            file_line: line,
        });
        out.push_str(&b);
    }
    Ok(Resolved {
        text: out,
        embedded,
    })
}

/// A message `file:LINE: ...` about a line of an embedded class names the class file's line
/// instead (the resolved text is not on disk under `file`).
pub fn remap(message: &str, file: &str, resolved: &Resolved) -> String {
    let Some(rest) = message.strip_prefix(file).and_then(|r| r.strip_prefix(':')) else {
        return message.to_string();
    };
    let Some((num, tail)) = rest.split_once(':') else {
        return message.to_string();
    };
    let Ok(line) = num.parse::<usize>() else {
        return message.to_string();
    };
    for e in &resolved.embedded {
        if line >= e.first_line && line < e.first_line + e.lines {
            return format!("{}:{}:{tail}", e.file, e.file_line + (line - e.first_line));
        }
    }
    message.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    const SCENARIO: &str =
        "[scenario]\nname = \"t\"\nclasses = [\"a.toml\"]\n\n[[ship]]\nid = \"x\"\nclass = \"k\"\n";
    const FILE: &str = "# my classes\n[[class]]\nid = \"k\"\ndp = 5\n\n# the next\n[[class]]\nid = \"j\"\ndp = 6\n";

    fn src(file: &str, text: &str, library: bool) -> ClassSource {
        ClassSource {
            file: file.into(),
            text: text.into(),
            library,
        }
    }

    #[test]
    fn a_scenario_without_outside_classes_is_kept_byte_for_byte() {
        let t = "[scenario]\nname = \"t\"\n\n[[ship]]\nid = \"x\"\n";
        assert_eq!(resolve(t, &[]).unwrap().text, t);
        let inline = "[scenario]\nname = \"t\"\n[[class]]\nid = \"k\"\n[[ship]]\nclass = \"k\"\n";
        assert_eq!(resolve(inline, &[]).unwrap().text, inline);
    }

    #[test]
    fn used_classes_are_embedded_and_the_key_removed() {
        let r = resolve(SCENARIO, &[src("a.toml", FILE, false)]).unwrap();
        assert!(!r.text.contains("classes ="), "{}", r.text);
        assert!(r
            .text
            .contains("# class \"k\" from a.toml:2\n[[class]]\nid = \"k\"\ndp = 5\n"));
        assert!(
            !r.text.contains("\"j\""),
            "only the classes used: {}",
            r.text
        );
        let e = &r.embedded[0];
        let lines: Vec<&str> = r.text.lines().collect();
        assert_eq!(lines[e.first_line - 1], "[[class]]");
        assert_eq!(e.lines, 3);
        let m = remap(&format!("s.toml:{}: bad", e.first_line + 2), "s.toml", &r);
        assert_eq!(m, "a.toml:4: bad");
        // The resolved text resolves to itself.
        assert_eq!(resolve(&r.text, &[]).unwrap().text, r.text);
    }

    #[test]
    fn named_files_come_before_the_library_and_must_not_repeat_a_class() {
        let lib = "[[class]]\nid = \"k\"\ndp = 9\n";
        let r = resolve(
            SCENARIO,
            &[src("lib.toml", lib, true), src("a.toml", FILE, false)],
        )
        .unwrap();
        assert!(r.text.contains("dp = 5") && !r.text.contains("dp = 9"));
        let e = resolve(
            SCENARIO,
            &[src("a.toml", FILE, false), src("b.toml", FILE, false)],
        )
        .unwrap_err();
        assert!(
            e[0].contains("more than one class file (a.toml:2, b.toml:2)"),
            "{e:?}"
        );
    }
}
