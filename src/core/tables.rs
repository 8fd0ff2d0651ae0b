//! What every ruleset's tables share (SPEC 8): each cell's provenance, the note `umpire check`
//! prints for a cell that is not printed in the rule text, and an owner's table files matched
//! to the built-in ones by file name (`--tables DIR`).
use serde::{Deserialize, Serialize};
use std::fmt;

/// Where a table cell's value comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Provenance {
    /// Printed in the rule text.
    Text,
    /// Worked out from the text's own example (cited in the note).
    Derived,
    /// A damaged cell rebuilt from the table's pattern (explained in the note).
    Reconstructed,
    /// Not known: asked for as a chart read.
    Unknown,
    /// Filled in by the owner from their printed chart (an owner's table file).
    Chart,
}

impl Provenance {
    pub fn as_str(self) -> &'static str {
        match self {
            Provenance::Text => "text",
            Provenance::Derived => "derived",
            Provenance::Reconstructed => "reconstructed",
            Provenance::Unknown => "unknown",
            Provenance::Chart => "chart",
        }
    }
}

/// One cell's origin, for `umpire check` and the log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CellNote {
    pub file: String,
    pub key: String,
    pub provenance: Provenance,
    pub rule: String,
    pub note: String,
}

/// `FILE KEY: PROVENANCE (RULE): NOTE`, as `umpire check` lists it.
impl fmt::Display for CellNote {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {}: {} ({}): {}",
            self.file,
            self.key,
            self.provenance.as_str(),
            self.rule,
            self.note
        )
    }
}

/// A ruleset's tables as the faces need them: the built-in files with an owner's replacing
/// those of the same name, and the cells not printed in the rule text.
pub trait RuleTables: Sized {
    /// The built-in tables with `overrides` (file name, text) in place of the built-in files of
    /// the same name; every problem names its file.
    fn with_overrides(overrides: &[(String, String)]) -> Result<Self, Vec<String>>;
    /// Every cell that is not `text`, for `umpire check` (SPEC 8).
    fn non_text_cells(&self) -> Vec<CellNote>;
}

/// A ruleset's built-in table files `(name, text)` with an owner's files (by file name) in
/// place of those of the same name. A name that is not one of them is an error naming the
/// ruleset's directory `dir`, its `id` and its files.
pub fn with_builtin(
    dir: &str,
    id: &str,
    builtin: &[(&str, &str)],
    overrides: &[(String, String)],
) -> Result<Vec<(String, String)>, Vec<String>> {
    let mut files: Vec<(String, String)> = builtin
        .iter()
        .map(|(n, t)| (n.to_string(), t.to_string()))
        .collect();
    let mut errs = Vec::new();
    for (name, text) in overrides {
        match files.iter_mut().find(|(n, _)| n == name) {
            Some(f) => f.1 = text.clone(),
            None => errs.push(format!(
                "{dir}/{name}: not a {id} table file ({})",
                builtin
                    .iter()
                    .map(|(n, _)| *n)
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
        }
    }
    if errs.is_empty() {
        Ok(files)
    } else {
        Err(errs)
    }
}

/// An owner's table files, `(path, text)`, named by their file name as the built-in ones are.
pub fn by_file_name(overrides: &[(String, String)]) -> Vec<(String, String)> {
    overrides
        .iter()
        .map(|(path, text)| {
            let name = std::path::Path::new(path)
                .file_name()
                .map_or(path.clone(), |n| n.to_string_lossy().into_owned());
            (name, text.clone())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_note_names_file_key_provenance_rule_and_why_and_files_go_by_name() {
        let n = CellNote {
            file: "tables/x/hits.toml".into(),
            key: "heavy.ironclad".into(),
            provenance: Provenance::Reconstructed,
            rule: "Resolving hits".into(),
            note: "rebuilt from the row's pattern".into(),
        };
        assert_eq!(
            n.to_string(),
            "tables/x/hits.toml heavy.ironclad: reconstructed (Resolving hits): rebuilt from the row's pattern"
        );
        let files = by_file_name(&[
            ("/home/u/t/hits.toml".into(), "a".into()),
            ("x".into(), "b".into()),
        ]);
        assert_eq!(
            files,
            vec![("hits.toml".into(), "a".into()), ("x".into(), "b".into())]
        );
    }
}
