//! `umpire classes [--ruleset ID]`: where the user's class library is (SPEC 9) and what it holds.
use crate::cli::{out, CliError};
use crate::core::classes::class_ids;
use crate::session::{class_library_dir, class_library_files};

pub fn run(ruleset: &str) -> Result<(), CliError> {
    if !crate::core::ruleset::RULESETS.contains(&ruleset) {
        return Err(CliError::input(format!(
            "--ruleset: \"{ruleset}\" is not a ruleset this console knows (known: {})",
            crate::core::ruleset::RULESETS.join(", ")
        )));
    }
    let Some(dir) = class_library_dir(ruleset) else {
        return Err(CliError::input(
            "no config directory on this system: set UMPIRE_CONFIG_DIR to a folder",
        ));
    };
    let files = class_library_files(ruleset);
    let mut text = format!(
        "class library for {ruleset}: {} ({} file{})\n",
        dir.display(),
        files.len(),
        if files.len() == 1 { "" } else { "s" }
    );
    if files.is_empty() {
        text.push_str(
            "  put class files (*.toml, [[class]] tables: docs/scenario-format.md) in that folder\n",
        );
    }
    for f in files {
        let name = f.display().to_string();
        let body = std::fs::read_to_string(&f).unwrap_or_default();
        match class_ids(&name, &body) {
            Ok(ids) => {
                text.push_str(&format!("  {name}\n"));
                for (id, line) in ids {
                    text.push_str(&format!("    {id} (line {line})\n"));
                }
            }
            Err(e) => text.push_str(&format!("  {e}\n")),
        }
    }
    out(&crate::cli::text::printable_lines(&text));
    Ok(())
}
