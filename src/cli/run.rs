//! `umpire run FILE --script SCRIPT [--save OUT]`: execute a command script against a battle.
//! Every command is durable in the save before its lines are printed; the first failing command
//! or `expect` stops the script with a message naming the script line, and leaves the save as
//! it was before that command.
use crate::cli::text::{printable, printable_lines};
use crate::cli::{out, wall_now, CliError};
use crate::core::dice::SeededDice;
use crate::core::game::Record;
use crate::core::ruleset::Ruleset;
use crate::session::Session;
use crate::store::{self, SaveWriter};
use std::path::Path;

/// Run a script against a battle of any ruleset (the commands are the ruleset's language).
pub fn run<R: Ruleset>(
    battle: &mut Session<R>,
    script_path: &Path,
    save: Option<&Path>,
) -> Result<(), CliError> {
    let script_name = script_path.display().to_string();
    let script = read_script(script_path)?;
    for w in &battle.warnings {
        eprintln!("warning: {}", printable_lines(w));
    }
    // Parse the whole script first: a typo on line 40 should not leave 39 commands applied.
    let mut commands = Vec::new();
    // FG&DN ships may be named by id or by quoted name (SPEC 10): `Ruleset::parse_in`.
    for (n, line) in script.lines().enumerate() {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let cmd = R::parse_in(&battle.game.state, trimmed)
            .map_err(|e| CliError::input(format!("{script_name}:{}: {e}", n + 1)))?;
        commands.push((n + 1, trimmed.to_string(), cmd));
    }
    let mut writer = match save {
        Some(out_path) => {
            let entries: Vec<&Record<R>> = battle.game.entries().iter().collect();
            store::create_save(out_path, &battle.scenario_text, &entries)
                .map_err(|e| CliError::input(e.to_string()))?;
            SaveWriter::open(out_path).map_err(|e| CliError::input(e.to_string()))?
        }
        None => {
            let path = battle
                .path
                .clone()
                .ok_or_else(|| CliError::input("no file to save into: give --save OUT"))?;
            // Re-read under the writer's lock: the file may have changed since it was read.
            let (locked, writer) = Session::open_writable(&path, battle.game.tables.clone())?;
            *battle = locked;
            writer
        }
    };
    let mut dice = SeededDice;
    for (line, text, cmd) in commands {
        let at = format!("{script_name}:{line}");
        let prepared = battle
            .game
            .prepare(&cmd, &mut dice)
            .map_err(|e| CliError::failed(format!("{at}: {text}: {e}")))?;
        let Some(mut entry) = prepared else {
            out(&format!("ok  {}", printable(&text)));
            continue;
        };
        entry.set_typed(&text);
        let lines = battle
            .record(&mut writer, entry, Some(wall_now()))
            .map_err(|e| CliError::input(format!("{at}: {text}: not saved: {e}")))?;
        // One output line per log line: a newline or an escape sequence in a note is shown
        // escaped, never obeyed by the terminal or taken for a line of its own.
        let lines: Vec<_> = lines.iter().map(|l| printable(l)).collect();
        out(&lines.join("\n"));
    }
    Ok(())
}

/// `--save OUT` never silently replaces a file: an existing OUT needs `--force`, and a save
/// another umpire is writing to is never replaced (`store::create_save` refuses it again at the
/// moment of writing).
pub fn check_out(out: &Path, force: bool) -> Result<(), CliError> {
    let name = out.display();
    if let store::WriterLock::HeldBy(holder) = store::writer_lock(out) {
        let path = name.to_string();
        return Err(CliError::input(
            store::StoreError::Locked { path, holder }.to_string(),
        ));
    }
    if !force && std::fs::symlink_metadata(out).is_ok() {
        return Err(CliError::input(format!(
            "{name}: already exists; choose another name for --save, or give --force to replace it"
        )));
    }
    Ok(())
}

/// The largest script read: a script of every command of a 20,000-command battle is under 1 MB.
pub const MAX_SCRIPT_BYTES: u64 = 16 * 1024 * 1024;

fn read_script(path: &Path) -> Result<String, CliError> {
    let name = path.display();
    let size = std::fs::metadata(path)
        .map_err(|e| CliError::input(format!("{name}: cannot read: {e}")))?
        .len();
    if size > MAX_SCRIPT_BYTES {
        return Err(CliError::input(format!(
            "{name}: the script is {size} bytes, more than the {MAX_SCRIPT_BYTES} bytes a script \
             may have; it was not read (is this the right file?)"
        )));
    }
    let bytes =
        std::fs::read(path).map_err(|e| CliError::input(format!("{name}: cannot read: {e}")))?;
    String::from_utf8(bytes).map_err(|e| {
        let line = e.as_bytes()[..e.utf8_error().valid_up_to()]
            .iter()
            .filter(|&&b| b == b'\n')
            .count()
            + 1;
        CliError::input(format!(
            "{name}:{line}: this line is not valid UTF-8 text; scripts must be UTF-8 (re-save \
             the file as UTF-8 in your editor)"
        ))
    })
}
