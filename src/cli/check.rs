//! `umpire check FILE...`: validate scenario, save, table and class files of any ruleset; print
//! every problem with file, line and field; exit non-zero if any. Each file goes to its
//! ruleset by the same path (`rulesets::visit`): a class file (`[[class]]` tables) by its
//! `ruleset` key, wherever it is, a table file by its folder or its name
//! (`Registered::table_file`), a scenario or save by its
//! `[scenario] ruleset` key (opened with that ruleset's tables, `--tables DIR` or the user's,
//! loaded once; tables that do not load stop the command before any file is checked).
use crate::cli::CliError;
use crate::rulesets::{visit, DefaultRuleset, Registered, Visitor};
use crate::store;
use std::path::Path;

/// What a file given to `check` is, for which ruleset.
enum What {
    /// A table file, with its text.
    Table { id: &'static str, text: String },
    /// A class file, with its text.
    Classes { id: &'static str, text: String },
    /// A scenario or a save.
    Battle { id: &'static str },
}

/// What `path` is (read once, never larger than a save may be), or why it cannot be checked.
/// A file of `[[class]]` tables is a class file before anything else: the D&B class library is
/// a folder named `dnb-standard` (`<config>/umpire/classes/dnb-standard/`), as D&B's table
/// files' is. The one exception is a table file of a ruleset without classes whose rows are
/// `[[class]]` tables (A&A's `gun_damage.toml`, its gun classes).
fn classify(path: &Path) -> Result<What, Vec<String>> {
    let text = read_limited(path).map_err(|e| vec![e])?;
    let table = if looks_like_scenario(&text) {
        None
    } else {
        let base = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        let dir = path
            .parent()
            .and_then(|d| d.file_name())
            .map(|d| d.to_string_lossy().into_owned())
            .unwrap_or_default();
        table_ruleset(&dir, base)
    };
    let classes = class_file_ruleset(&text).filter(|_| table.is_none_or(|t| t.has_classes));
    if let Some(ruleset) = classes {
        let text = String::from_utf8_lossy(&text).into_owned();
        // A class file for a ruleset this console does not know is checked as the default
        // ruleset's, which says what is wrong with its key.
        let id = crate::core::ruleset::RULESETS
            .iter()
            .find(|id| **id == ruleset)
            .copied()
            .unwrap_or(<DefaultRuleset as crate::core::ruleset::Rules>::ID);
        return Ok(What::Classes { id, text });
    }
    if let Some(TableOf { id, .. }) = table {
        let text = store::tables::read_table_file(path).map_err(|e| vec![e])?;
        return Ok(What::Table { id, text });
    }
    match crate::session::ruleset_of(path) {
        Err(e) => Err(vec![e.message]),
        Ok(id) => Ok(What::Battle { id }),
    }
}

/// The ruleset that takes a file for one of its table files.
#[derive(Clone, Copy)]
struct TableOf {
    id: &'static str,
    /// Whether its scenarios have ship classes (so a file of `[[class]]` tables may be one).
    has_classes: bool,
}

/// The ruleset a table file (not a scenario) named `base` in the folder `dir` is for: the
/// ruleset the folder is named by, if it takes the file, else one that knows the file by name
/// wherever it is (FG&DN's), else none.
fn table_ruleset(dir: &str, base: &str) -> Option<TableOf> {
    struct Takes<'a> {
        dir: &'a str,
        base: &'a str,
    }
    impl Visitor for Takes<'_> {
        type Out = Option<TableOf>;
        fn visit<R: Registered>(self) -> Option<TableOf> {
            R::table_file(self.dir, self.base).then_some(TableOf {
                id: R::ID,
                has_classes: R::ROSTER.has_classes(),
            })
        }
    }
    if let Some(Some(of)) = visit(dir, Takes { dir, base }) {
        return Some(of);
    }
    crate::core::ruleset::RULESETS
        .iter()
        .find_map(|id| visit(id, Takes { dir, base }).flatten())
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
/// top-level `ruleset = "ID"` (default: the default ruleset's, as a scenario's).
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
    has_class.then(|| {
        ruleset.unwrap_or_else(|| <DefaultRuleset as crate::core::ruleset::Rules>::ID.to_string())
    })
}

fn looks_like_scenario(bytes: &[u8]) -> bool {
    String::from_utf8_lossy(bytes)
        .lines()
        .any(|l| l.trim() == "[scenario]")
}

/// Check every file, printing each one's problems (stderr) and `FILE: ok` (stdout) in the order
/// given. The battles of each ruleset are opened with its tables, loaded once: tables that do
/// not load stop the command before any file is checked, as they stop every other command.
pub fn run(paths: &[std::path::PathBuf], tables_dir: Option<&Path>) -> Result<(), CliError> {
    let whats: Vec<Result<What, Vec<String>>> = paths.iter().map(|p| classify(p)).collect();
    let mut battles: Vec<Option<Vec<String>>> = vec![None; paths.len()];
    let mut ids: Vec<&'static str> = Vec::new();
    for what in whats.iter().flatten() {
        if let What::Battle { id } = what {
            if !ids.contains(id) {
                ids.push(id);
            }
        }
    }
    for id in ids {
        let files: Vec<(usize, &Path)> = whats
            .iter()
            .enumerate()
            .filter(|(_, w)| matches!(w, Ok(What::Battle { id: of }) if *of == id))
            .map(|(i, _)| (i, paths[i].as_path()))
            .collect();
        let checked = visit(id, Battles { files, tables_dir }).unwrap_or(Ok(Vec::new()))?;
        for (i, problems) in checked {
            battles[i] = Some(problems);
        }
    }
    let mut bad = 0;
    for ((p, what), battle) in paths.iter().zip(whats).zip(battles) {
        let problems = match what {
            Err(problems) => problems,
            Ok(What::Battle { .. }) => battle.unwrap_or_default(),
            Ok(What::Table { id, text }) => {
                let name = p.display().to_string();
                visit(id, Check::TableFile { name, text }).unwrap_or_default()
            }
            Ok(What::Classes { id, text }) => {
                let name = p.display().to_string();
                visit(id, Check::ClassFile { name, text }).unwrap_or_default()
            }
        };
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

/// The scenarios and saves of one ruleset (their index among the files, and path), each
/// opened, replayed and verified with the ruleset's tables (`--tables DIR`, or the user's).
struct Battles<'a> {
    files: Vec<(usize, &'a Path)>,
    tables_dir: Option<&'a Path>,
}

impl Visitor for Battles<'_> {
    type Out = Result<Vec<(usize, Vec<String>)>, CliError>;

    fn visit<R: Registered>(self) -> Self::Out {
        let tables = crate::session::tables_for::<R>(self.tables_dir)?;
        Ok(self
            .files
            .into_iter()
            .map(|(i, path)| (i, super::ruleset::check_file::<R>(path, tables.clone())))
            .collect())
    }
}

/// `check` of a table file or a class file of a ruleset.
enum Check {
    TableFile { name: String, text: String },
    ClassFile { name: String, text: String },
}

impl Visitor for Check {
    type Out = Vec<String>;

    fn visit<R: Registered>(self) -> Vec<String> {
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
        }
    }
}
