//! What can go wrong with a save file, in words an umpire can act on.

use std::io;

/// Every failure of the save-file layer. Each message names the file (and the line where there
/// is one), says what was wrong and what would be right.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The operating system refused an operation (`op` is a verb phrase: "write", "read", ...).
    #[error("{path}: cannot {op}: {source}")]
    Io {
        path: String,
        op: &'static str,
        #[source]
        source: io::Error,
    },

    /// A log line that is not the last one is damaged. Nothing was written; the `intact`
    /// entries before it can be copied to a new file with `recover_save`.
    #[error(
        "{path}:{line}: the battle log is damaged here: {reason}. The file was not changed. {}",
        intact_note(.intact)
    )]
    Corrupt {
        path: String,
        line: usize,
        reason: String,
        /// How many log entries before `line` are intact.
        intact: usize,
    },

    /// The scenario part of the file is not UTF-8 text.
    #[error(
        "{path}:{line}: this line is not valid UTF-8 text; save and scenario files must be UTF-8 \
         (re-save the file as UTF-8 in your editor)"
    )]
    NotUtf8 { path: String, line: usize },

    /// A log entry could not be encoded as JSON (a bug in the entry type, not in the file).
    #[error("{path}: cannot encode the log entry as JSON: {reason}; nothing was written")]
    Encode { path: String, reason: String },

    /// `create_save` was given a text that already holds a log: only the scenario part may be
    /// passed (use `Loaded::scenario_text`).
    #[error(
        "{path}: the scenario text given already contains the log marker line (its line {line}); \
         pass only the scenario part (the text before the marker), nothing was written"
    )]
    ScenarioHasLog { path: String, line: usize },

    /// `recover_save` was asked to write over the damaged file itself.
    #[error(
        "{path}: recovery writes the intact part to a new file and never over the damaged one; \
         choose a different output path"
    )]
    SameFile { path: String },
}

fn intact_note(intact: &usize) -> String {
    match *intact {
        0 => "No log entry before it is intact; the scenario part is: `umpire recover FILE OUT` \
              copies it to a new file."
            .to_string(),
        1 => "Entry 1 before it is intact: `umpire recover FILE OUT` copies it, with the \
              scenario, to a new file."
            .to_string(),
        k => format!(
            "Entries 1..{k} before it are intact: `umpire recover FILE OUT` copies them, with the \
             scenario, to a new file."
        ),
    }
}

impl StoreError {
    pub(crate) fn io(path: &str, op: &'static str, source: io::Error) -> Self {
        StoreError::Io {
            path: path.to_string(),
            op,
            source,
        }
    }
}
