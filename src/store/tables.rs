//! Rule tables from disk: the files of a user's directory that override a ruleset's built-in
//! tables (each ruleset loads them with `Ruleset::tables_with`).
use std::fs;
use std::path::{Path, PathBuf};

/// Where a user's table overrides for a ruleset live by default:
/// `<config dir>/umpire/tables/<ruleset id>`.
pub fn default_tables_dir(ruleset: &str) -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "umpire")
        .map(|d| d.config_dir().join("tables").join(ruleset))
}

/// The table files that override a ruleset's built-in ones, as (path, text): every `*.toml` in
/// `dir`, or in the ruleset's default user directory when `dir` is None and it exists; none
/// when there is no directory. Errors name the file.
pub fn table_files(
    dir: Option<&Path>,
    ruleset: &str,
) -> Result<Vec<(String, String)>, Vec<String>> {
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
        None => default_tables_dir(ruleset).filter(|d| d.is_dir()),
    };
    let Some(dir) = dir else {
        return Ok(Vec::new());
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
    Ok(files)
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
