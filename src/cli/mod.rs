//! Headless subcommands (SPEC 2): run, status, log, report, sheets, check, carry. The same
//! commands as the dashboard, on the same battle (`crate::session`), written once for every
//! ruleset: each is generic over `rulesets::Registered` and names no ruleset; where a ruleset has
//! words of its own (FG&DN's status, log and report, its carry) it gives them by a hook, and
//! `ruleset.rs` is what the faces write when it has none. `roster` (`import`/`export`),
//! `bench` and `classes` are written once too and take every ruleset (the one asked for with
//! `--ruleset`, or the file's); FG&DN's own (`chance`, its hit chance) are in `fgdn`.
pub mod bench;
pub mod carry;
pub mod check;
pub mod classes;
pub mod fgdn;
pub mod log;
pub mod report;
pub mod roster;
pub mod ruleset;
pub mod run;
pub mod sheets;
pub mod status;
pub mod text;

pub use crate::session::{tables, wall_now, Battle, DEMO, DEMO_NAME};

/// A failure the user sees (the session's error: the message names file, line, command or
/// ship; exit code 1 for a failed command or expect, 2 for bad files or arguments).
pub type CliError = crate::session::Error;

/// Print to stdout, ignoring a closed pipe (`umpire log x | head`).
pub fn out(text: &str) {
    use std::io::Write;
    let mut o = std::io::stdout().lock();
    let _ = o.write_all(text.as_bytes());
    if !text.ends_with('\n') {
        let _ = o.write_all(b"\n");
    }
}
