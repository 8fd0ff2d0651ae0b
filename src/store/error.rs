//! What can go wrong with a save file, in words an umpire can act on.

use super::lock::LockHolder;
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

    /// Another umpire holds the save for writing (SPEC 7: never two writers).
    #[error(
        "{path}: another umpire is writing to this save ({}); only one umpire may write to a \
         save. Nothing was changed. Read it as it is with `umpire status` or `umpire log` (or \
         the dashboard's read-only view), or close it there first",
        holder_note(.holder)
    )]
    Locked {
        path: String,
        holder: Option<LockHolder>,
    },

    /// The save (or its folder, or its filesystem) does not allow writing.
    #[error(
        "{path}: this save is read-only ({source}); nothing was changed. `umpire status` and \
         `umpire log` read it as it is; to play on, make it writable (chmod u+w) or continue in \
         a new file with `umpire run FILE --script SCRIPT --save NEW`"
    )]
    ReadOnly {
        path: String,
        #[source]
        source: io::Error,
    },

    /// The disk (or a quota, or the file size limit) is full: the entry was not saved.
    #[error(
        "{path}: the disk is full ({source}): this command was NOT saved and the file was cut \
         back to the {confirmed} confirmed command{} before it, which are safe. Free some space \
         and enter it again",
        if *.confirmed == 1 { "" } else { "s" }
    )]
    DiskFull {
        path: String,
        confirmed: usize,
        #[source]
        source: io::Error,
    },

    /// The save was deleted, replaced or changed by another program while a writer had it open.
    #[error(
        "{path}: the save was {what} while this umpire had it open: this command was NOT \
         saved, and nothing more will be written to that file. {}",
        rescue_note(.rescued, *.confirmed)
    )]
    Replaced {
        path: String,
        /// "deleted", "replaced by another file", "changed by another program (N bytes, \
        /// expected M)".
        what: String,
        confirmed: usize,
        /// Where the confirmed commands were copied (from the file this umpire still has
        /// open), or why they could not be.
        rescued: Result<String, String>,
    },

    /// A file is larger than this console reads (a guard against memory exhaustion).
    #[error(
        "{path}: the file is {size} bytes, more than the {limit} bytes a {what} may have; it was \
         not read (is this the right file?{})",
        recover_hint(what)
    )]
    TooLarge {
        path: String,
        size: u64,
        limit: u64,
        what: &'static str,
    },

    /// A symbolic link where umpire creates a file of its own (the lock note, a rescue copy):
    /// links are never followed there, since one could point at any file this user may write.
    #[error(
        "{path}: is a symbolic link where umpire writes {what}; links are not followed there \
         (one could point at any file of yours). Nothing was written; remove the link and try \
         again"
    )]
    Link { path: String, what: &'static str },

    /// A command whose log entry would take the save past the size every reader accepts.
    #[error(
        "{path}: this command was NOT saved: its log entry is {entry} bytes, and the save ({size} \
         bytes) may not grow past {limit} bytes, the most any umpire reads. The {confirmed} \
         confirmed commands are safe and the file was not changed"
    )]
    EntryTooLarge {
        path: String,
        entry: u64,
        size: u64,
        limit: u64,
        confirmed: usize,
    },

    /// `recover_save` was asked to write over the damaged file itself.
    #[error(
        "{path}: recovery writes the intact part to a new file and never over the damaged one; \
         choose a different output path"
    )]
    SameFile { path: String },
}

/// A whole save over the limit can be cut down to one that is not; a scenario part cannot.
fn recover_hint(what: &str) -> &'static str {
    if what.starts_with("save") {
        " If it is a save, `umpire recover FILE OUT` copies the part that fits to a new file"
    } else {
        ""
    }
}

fn holder_note(holder: &Option<LockHolder>) -> String {
    match holder {
        Some(h) => h.to_string(),
        None => "its lock note is missing, so who is unknown".to_string(),
    }
}

fn rescue_note(rescued: &Result<String, String>, confirmed: usize) -> String {
    let n = match confirmed {
        1 => "The 1 confirmed command".to_string(),
        n => format!("The {n} confirmed commands"),
    };
    match rescued {
        Ok(copy) => {
            format!("{n} (with the scenario) were copied to {copy}: open that file to play on")
        }
        Err(why) => format!("{n} could not be copied to a new file ({why})"),
    }
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
