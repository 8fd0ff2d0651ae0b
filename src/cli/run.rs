//! `umpire run FILE --script SCRIPT [--save OUT]`: execute a command script against a battle.
//! Every command is durable in the save before its lines are printed; the first failing command
//! or `expect` stops the script with a message naming the script line, and leaves the save as
//! it was before that command.
use crate::cli::{out, wall_now, Battle, CliError};
use crate::core::command::Command;
use crate::core::dice::SeededDice;
use crate::core::game::Entry;
use crate::store::{self, SaveWriter};
use std::path::Path;

pub fn run(battle: &mut Battle, script_path: &Path, save: Option<&Path>) -> Result<(), CliError> {
    let script_name = script_path.display().to_string();
    let script = std::fs::read_to_string(script_path)
        .map_err(|e| CliError::input(format!("{script_name}: cannot read: {e}")))?;
    for w in &battle.warnings {
        eprintln!("warning: {w}");
    }
    // Parse the whole script first: a typo on line 40 should not leave 39 commands applied.
    let mut commands = Vec::new();
    for (n, line) in script.lines().enumerate() {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let cmd: Command = trimmed
            .parse()
            .map_err(|e| CliError::input(format!("{script_name}:{}: {e}", n + 1)))?;
        commands.push((n + 1, trimmed.to_string(), cmd));
    }
    let target = match save {
        Some(out_path) => {
            let entries: Vec<&Entry> = battle.game.entries().iter().collect();
            store::create_save(out_path, &battle.scenario_text, &entries)
                .map_err(|e| CliError::input(e.to_string()))?;
            out_path.to_path_buf()
        }
        None => battle
            .path
            .clone()
            .ok_or_else(|| CliError::input("no file to save into: give --save OUT"))?,
    };
    let mut writer = SaveWriter::open(&target).map_err(|e| CliError::input(e.to_string()))?;
    let mut dice = SeededDice;
    for (line, text, cmd) in commands {
        let at = format!("{script_name}:{line}");
        let prepared = battle
            .game
            .prepare(&cmd, &mut dice)
            .map_err(|e| CliError::failed(format!("{at}: {text}: {e}")))?;
        let Some(entry) = prepared else {
            out(&format!("ok  {text}"));
            continue;
        };
        let lines = battle
            .record(&mut writer, entry, Some(wall_now()))
            .map_err(|e| CliError::input(format!("{at}: {text}: not saved: {e}")))?;
        out(&lines.join("\n"));
    }
    Ok(())
}
