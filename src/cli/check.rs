//! `umpire check FILE...`: validate scenario, save and table files; print every problem with
//! file, line and field; exit non-zero if any.
use crate::cli::{Battle, CliError};
use crate::rulesets::fgdn::tables::{Tables, BUILTIN};
use crate::rulesets::fgdn::Game;
use crate::store;
use std::path::Path;

/// Problems found in one file (empty: the file is good). `tables` are FG&DN's; another
/// ruleset's are loaded from `tables_dir` (`--tables DIR`) the same way.
pub fn check_file(path: &Path, tables: &Tables, tables_dir: Option<&Path>) -> Vec<String> {
    let name = path.display().to_string();
    let text = match read_limited(path) {
        Ok(b) => b,
        Err(e) => return vec![e],
    };
    let base = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    // A table file of a ruleset on the generic faces is known by its directory
    // (`tables/dnb-standard/`, `tables/late19-naval/`).
    let dir = path
        .parent()
        .and_then(|d| d.file_name())
        .map(|d| d.to_string_lossy().into_owned())
        .unwrap_or_default();
    if crate::rulesets::is_generic(&dir) && !looks_like_scenario(&text) {
        let text = match store::tables::read_table_file(path) {
            Ok(text) => text,
            Err(e) => return vec![e],
        };
        let check = Check::TableFile { name, text };
        return crate::rulesets::visit(&dir, check).unwrap_or_default();
    }
    let is_table = BUILTIN.iter().any(|(n, _)| *n == base) && !looks_like_scenario(&text);
    if is_table {
        let text = match store::tables::read_table_file(path) {
            Ok(text) => text,
            Err(e) => return vec![e],
        };
        return match Tables::load(&[(name, text)]) {
            Ok(_) => Vec::new(),
            Err(errors) => errors.iter().map(|e| e.to_string()).collect(),
        };
    }
    if let Some(ruleset) = class_file_ruleset(&text) {
        let text = String::from_utf8_lossy(&text).into_owned();
        if crate::rulesets::is_generic(&ruleset) {
            let check = Check::ClassFile { name, text };
            return crate::rulesets::visit(&ruleset, check).unwrap_or_default();
        }
        return match crate::rulesets::fgdn::scenario::parse_class_file(&name, &text) {
            Ok(_) => Vec::new(),
            Err(e) => e.iter().map(|e| e.to_string()).collect(),
        };
    }
    match crate::session::ruleset_of(path) {
        Err(e) => return vec![e.message],
        Ok(id) if crate::rulesets::is_generic(id) => {
            let check = Check::Battle { path, tables_dir };
            return crate::rulesets::visit(id, check).unwrap_or_default();
        }
        Ok(_) => {}
    }
    match Battle::open(path, tables.clone()) {
        Err(e) => e.message.lines().map(str::to_string).collect(),
        Ok(b) => {
            let mut problems: Vec<String> = b
                .warnings
                .iter()
                .cloned()
                .chain(
                    crate::rulesets::fgdn::scenario::side_warnings(&b.scenario)
                        .into_iter()
                        .map(|w| format!("{name}: {w}")),
                )
                .map(|w| format!("warning: {w}"))
                .collect();
            let entries = b.game.entries().to_vec();
            for p in Game::verify(&b.scenario, tables.clone(), &entries) {
                problems.push(format!("{name}: {p}"));
            }
            problems
        }
    }
}

/// The file's bytes, unless it is larger than any save may be (checked before reading).
fn read_limited(path: &Path) -> Result<Vec<u8>, String> {
    let name = path.display();
    let size = std::fs::metadata(path)
        .map_err(|e| format!("{name}: cannot read: {e}"))?
        .len();
    if size > store::MAX_SAVE_BYTES {
        return Err(store::StoreError::TooLarge {
            path: name.to_string(),
            size,
            limit: store::MAX_SAVE_BYTES,
            what: "save, scenario or table file",
        }
        .to_string());
    }
    std::fs::read(path).map_err(|e| format!("{name}: cannot read: {e}"))
}

/// A class file (SPEC 9: `[[class]]` tables and no `[scenario]`): the ruleset it is for, from its
/// top-level `ruleset = "ID"` (default FG&DN).
fn class_file_ruleset(bytes: &[u8]) -> Option<String> {
    let text = String::from_utf8_lossy(bytes);
    let mut ruleset = None;
    let mut in_top = true;
    let mut has_class = false;
    for l in text.lines() {
        let t = l.trim();
        if t == "[scenario]" {
            return None;
        }
        if t.starts_with('[') {
            in_top = false;
            has_class |= t.replace(' ', "") == "[[class]]";
            continue;
        }
        if in_top {
            if let Some(v) = t.strip_prefix("ruleset").map(str::trim_start) {
                if let Some(v) = v.strip_prefix('=') {
                    ruleset = Some(
                        v.split('#')
                            .next()
                            .unwrap_or("")
                            .trim()
                            .trim_matches('"')
                            .to_string(),
                    );
                }
            }
        }
    }
    has_class.then(|| ruleset.unwrap_or_else(|| "fgdn-1.1".to_string()))
}

fn looks_like_scenario(bytes: &[u8]) -> bool {
    String::from_utf8_lossy(bytes)
        .lines()
        .any(|l| l.trim() == "[scenario]")
}

pub fn run(
    paths: &[std::path::PathBuf],
    tables: &Tables,
    tables_dir: Option<&Path>,
) -> Result<(), CliError> {
    let mut bad = 0;
    for p in paths {
        let problems = check_file(p, tables, tables_dir);
        let errors = problems
            .iter()
            .filter(|p| !p.starts_with("warning: ") && !p.starts_with("note: "))
            .count();
        for problem in &problems {
            eprintln!("{}", crate::cli::text::printable_lines(problem));
        }
        if errors == 0 {
            println!("{}: ok", p.display());
        } else {
            bad += 1;
        }
    }
    if bad > 0 {
        Err(CliError::input(format!(
            "{bad} of {} file{} with problems",
            paths.len(),
            if paths.len() == 1 { "" } else { "s" }
        )))
    } else {
        Ok(())
    }
}

/// `check` of a file of a ruleset on the generic faces: a table file, a class file, or a
/// scenario or save (opened, replayed and verified with the tables of `--tables DIR`).
enum Check<'a> {
    TableFile {
        name: String,
        text: String,
    },
    ClassFile {
        name: String,
        text: String,
    },
    Battle {
        path: &'a Path,
        tables_dir: Option<&'a Path>,
    },
}

impl crate::rulesets::Visitor for Check<'_> {
    type Out = Vec<String>;

    fn visit<R: crate::rulesets::Registered>(self) -> Vec<String> {
        match self {
            Check::TableFile { name, text } => {
                // The notes of this file's cells only (the others are the built-in files').
                let base = Path::new(&name)
                    .file_name()
                    .map(|b| b.to_string_lossy().into_owned())
                    .unwrap_or_default();
                let of_this = |n: &String| {
                    n.split(' ')
                        .next()
                        .is_some_and(|f| f == base || f.ends_with(&format!("/{base}")))
                };
                match R::tables_with(&[(name.clone(), text)]) {
                    Ok(t) => R::table_notes(&t)
                        .into_iter()
                        .filter(of_this)
                        .map(|n| format!("note: {n}"))
                        .collect(),
                    Err(errors) => errors,
                }
            }
            Check::ClassFile { name, text } => {
                R::check_classes(&name, &text).err().unwrap_or_default()
            }
            Check::Battle { path, tables_dir } => match crate::session::tables_for::<R>(tables_dir)
            {
                Ok(t) => super::ruleset::check_file::<R>(path, t),
                Err(e) => e.message.lines().map(str::to_string).collect(),
            },
        }
    }
}
