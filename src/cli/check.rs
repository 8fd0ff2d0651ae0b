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
    // A D&B table file is known by its directory (`tables/dnb-standard/`).
    let in_dnb_dir = path
        .parent()
        .and_then(|d| d.file_name())
        .is_some_and(|d| d == crate::rulesets::dnb::ID);
    if in_dnb_dir && !looks_like_scenario(&text) {
        use crate::core::ruleset::Ruleset;
        use crate::rulesets::dnb::game::Dnb;
        let text = match store::tables::read_table_file(path) {
            Ok(text) => text,
            Err(e) => return vec![e],
        };
        return match Dnb::tables_with(&[(name, text)]) {
            Ok(t) => Dnb::table_notes(&t)
                .into_iter()
                .map(|n| format!("note: {n}"))
                .collect(),
            Err(errors) => errors,
        };
    }
    // So is a late-19th naval table file (`tables/late19-naval/`).
    let in_late19_dir = path
        .parent()
        .and_then(|d| d.file_name())
        .is_some_and(|d| d == crate::rulesets::late19::ID);
    if in_late19_dir && !looks_like_scenario(&text) {
        use crate::core::ruleset::Ruleset;
        use crate::rulesets::late19::game::Late19;
        let text = match store::tables::read_table_file(path) {
            Ok(text) => text,
            Err(e) => return vec![e],
        };
        return match Late19::tables_with(&[(name, text)]) {
            Ok(t) => Late19::table_notes(&t)
                .into_iter()
                .map(|n| format!("note: {n}"))
                .collect(),
            Err(errors) => errors,
        };
    }
    // So is a Quickfire table file (`tables/quickfire-1.1/`).
    let in_quickfire_dir = path
        .parent()
        .and_then(|d| d.file_name())
        .is_some_and(|d| d == crate::rulesets::quickfire::ID);
    if in_quickfire_dir && !looks_like_scenario(&text) {
        use crate::core::ruleset::Ruleset;
        use crate::rulesets::quickfire::game::Quickfire;
        let text = match store::tables::read_table_file(path) {
            Ok(text) => text,
            Err(e) => return vec![e],
        };
        return match Quickfire::tables_with(&[(name, text)]) {
            Ok(t) => Quickfire::table_notes(&t)
                .into_iter()
                .map(|n| format!("note: {n}"))
                .collect(),
            Err(errors) => errors,
        };
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
        let text = String::from_utf8_lossy(&text);
        let checked = match ruleset.as_str() {
            "dnb-standard" => {
                <crate::rulesets::dnb::game::Dnb as crate::core::ruleset::Ruleset>::check_classes(
                    &name, &text,
                )
            }
            _ => crate::rulesets::fgdn::scenario::parse_class_file(&name, &text)
                .map(|c| c.into_iter().map(|c| c.id).collect())
                .map_err(|e| e.iter().map(|e| e.to_string()).collect()),
        };
        return checked.err().unwrap_or_default();
    }
    match crate::session::ruleset_of(path) {
        Err(e) => return vec![e.message],
        Ok("dnb-standard") => {
            use crate::rulesets::dnb::game::Dnb;
            return match crate::session::tables_for::<Dnb>(tables_dir) {
                Ok(t) => super::ruleset::check_file::<Dnb>(path, t),
                Err(e) => e.message.lines().map(str::to_string).collect(),
            };
        }
        Ok("late19-naval") => {
            use crate::rulesets::late19::game::Late19;
            return match crate::session::tables_for::<Late19>(tables_dir) {
                Ok(t) => super::ruleset::check_file::<Late19>(path, t),
                Err(e) => e.message.lines().map(str::to_string).collect(),
            };
        }
        Ok("quickfire-1.1") => {
            use crate::rulesets::quickfire::game::Quickfire;
            return match crate::session::tables_for::<Quickfire>(tables_dir) {
                Ok(t) => super::ruleset::check_file::<Quickfire>(path, t),
                Err(e) => e.message.lines().map(str::to_string).collect(),
            };
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
