//! `umpire carry FILE --into NEW.toml [--name NAME] [--early] [--force]` (issue 5, item 4): the
//! next battle's scenario from a battle that has ended, for any ruleset: this face reads the
//! save, checks the arguments and writes the new file; the ruleset carries
//! (`Registered::carry`: FG&DN's takes each surviving ship's damage, criticals and equipment as
//! they stand after the repair day, `rulesets/fgdn/carry.rs`; the default refuses with the
//! ruleset's reason).
use crate::cli::{out, CliError};
use crate::core::game::Record;
use crate::rulesets::{CarryOptions, CarrySource, Registered};
use crate::session::Session;
use crate::store::{self, StoreError};
use std::io::Read;
use std::path::Path;

/// What the command was asked to do.
pub struct CarryArgs<'a> {
    pub file: &'a Path,
    pub into: &'a Path,
    pub name: Option<String>,
    pub early: bool,
    pub force: bool,
}

/// The save's bytes, refused before reading when it is larger than any save may be.
fn read_bytes(path: &Path) -> Result<Vec<u8>, CliError> {
    let name = path.display().to_string();
    let mut file = std::fs::File::open(path)
        .map_err(|e| CliError::input(StoreError::io(&name, "read", e).to_string()))?;
    let mut bytes = Vec::new();
    file.by_ref()
        .take(store::MAX_SAVE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| CliError::input(StoreError::io(&name, "read", e).to_string()))?;
    Ok(bytes)
}

fn same_file(a: &Path, b: &Path) -> bool {
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

pub fn run<R: Registered>(args: &CarryArgs<'_>, tables: R::Tables) -> Result<(), CliError> {
    let into = args.into.display().to_string();
    if same_file(args.file, args.into) {
        return Err(CliError::input(format!(
            "{into}: is the battle being carried; write the new scenario to another file"
        )));
    }
    if args.into.exists() && !args.force {
        return Err(CliError::input(format!(
            "{into}: already exists; choose another name, or give --force to replace it"
        )));
    }
    if let Some(name) = &args.name {
        if name.trim().is_empty() {
            return Err(CliError::input(
                "--name: the new scenario's name is empty; give a name, or leave --name out",
            ));
        }
    }
    let file = args.file.display().to_string();
    let bytes = read_bytes(args.file)?;
    let loaded = store::parse_save_bytes::<Record<R>>(&file, &bytes)
        .map_err(|e| CliError::input(e.to_string()))?;
    let battle = Session::<R>::from_loaded(Some(args.file.to_path_buf()), &file, loaded, tables)?;
    for w in &battle.warnings {
        eprintln!("warning: {w}");
    }
    let source = CarrySource::<R> {
        file: &file,
        crc32: store::crc32(&bytes),
        last_seq: battle.game.entries().last().map(|e| e.seq).unwrap_or(0),
        scenario_text: &battle.scenario_text,
        scenario: &battle.scenario,
        state: &battle.game.state,
        tables: &battle.game.tables,
    };
    let options = CarryOptions {
        name: args.name.clone(),
        early: args.early,
    };
    let carried = R::carry(&source, &options).map_err(CliError::input)?;
    for w in &carried.warnings {
        eprintln!("warning: {w}");
    }
    if let store::WriterLock::HeldBy(holder) = store::writer_lock(args.into) {
        return Err(CliError::input(
            StoreError::Locked { path: into, holder }.to_string(),
        ));
    }
    store::write_atomic(args.into, &carried.text).map_err(|e| CliError::input(e.to_string()))?;
    let mut lines = vec![format!(
        "carried \"{}\" into {into} (scenario \"{}\"):",
        carried.from, carried.name
    )];
    lines.extend(carried.summary.iter().map(|l| format!("  {l}")));
    out(&lines.join("\n"));
    Ok(())
}
