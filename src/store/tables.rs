//! Rule tables from disk: the built-in tables with a user directory's files overriding them.
use crate::rulesets::fgdn::tables::Tables;
use std::fs;
use std::path::{Path, PathBuf};

/// Where a user's table overrides live by default: `<config dir>/umpire/tables/fgdn-1.1`.
pub fn default_tables_dir() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "umpire")
        .map(|d| d.config_dir().join("tables").join("fgdn-1.1"))
}

/// Load the tables: built-in, overridden by every `*.toml` in `dir` (or in the default user
/// directory when `dir` is None and that directory exists). Errors name file, line and key.
pub fn load_tables(dir: Option<&Path>) -> Result<Tables, Vec<String>> {
    let dir = match dir {
        Some(d) => {
            if !d.is_dir() {
                return Err(vec![format!(
                    "{}: not a directory of table files",
                    d.display()
                )]);
            }
            Some(d.to_path_buf())
        }
        None => default_tables_dir().filter(|d| d.is_dir()),
    };
    let Some(dir) = dir else {
        return Ok(Tables::builtin());
    };
    let mut files = Vec::new();
    let read =
        fs::read_dir(&dir).map_err(|e| vec![format!("{}: cannot read: {e}", dir.display())])?;
    let mut paths: Vec<PathBuf> = read
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    paths.sort();
    let mut errors = Vec::new();
    for p in paths {
        match read_table_file(&p) {
            Ok(text) => files.push((p.display().to_string(), text)),
            Err(e) => errors.push(e),
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    Tables::load(&files).map_err(|es| es.iter().map(|e| e.to_string()).collect())
}

/// The largest table file read: the biggest built-in table is a few KB.
pub const MAX_TABLE_BYTES: u64 = 1024 * 1024;

/// Read one table file as UTF-8 text, refusing a file over [`MAX_TABLE_BYTES`] before reading
/// it. The error is the full message for the user.
pub fn read_table_file(path: &Path) -> Result<String, String> {
    let name = path.display();
    let size = fs::metadata(path)
        .map_err(|e| format!("{name}: cannot read: {e}"))?
        .len();
    if size > MAX_TABLE_BYTES {
        return Err(format!(
            "{name}: the file is {size} bytes, more than the {MAX_TABLE_BYTES} bytes a table \
             file may have; it was not read (is this the right file?)"
        ));
    }
    let bytes = fs::read(path).map_err(|e| format!("{name}: cannot read: {e}"))?;
    String::from_utf8(bytes).map_err(|e| {
        let line = e.as_bytes()[..e.utf8_error().valid_up_to()]
            .iter()
            .filter(|&&b| b == b'\n')
            .count()
            + 1;
        format!(
            "{name}:{line}: this line is not valid UTF-8 text; table files must be UTF-8 \
             (re-save the file as UTF-8 in your editor)"
        )
    })
}
