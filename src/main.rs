//! `umpire`: thin entry point: parse arguments, dispatch to the dashboard or the headless
//! commands.
use clap::{Parser, Subcommand};
use std::path::PathBuf;
use umpire::cli::{self, log::Format, Battle, CliError};
use umpire::rulesets::fgdn::tables::Tables;
use umpire::rulesets::{Registered, Visitor};
use umpire::tui::{self, PlayOptions};

fn play(file: Option<PathBuf>, args: PlayArgs, tables: Tables) -> Result<(), CliError> {
    let options = PlayOptions {
        file,
        save: args.save,
        keymap: args.keymap,
        data_dir: None,
    };
    if let Some(farewell) = tui::play(&options, tables)? {
        cli::out(&farewell);
    }
    Ok(())
}

#[derive(Parser)]
#[command(
    name = "umpire",
    version,
    about = "The umpire's console for Fear God & Dread Nought 1.1",
    long_about = "The umpire's console for Fear God & Dread Nought 1.1.\n\nWith no command it opens the dashboard on the built-in demo battle (saved as a new file in the data directory)."
)]
struct Cli {
    /// Directory of rule-table TOML files overriding the built-in ones
    /// (default: the user's config directory, umpire/tables/RULESET-ID, if it exists).
    #[arg(long, global = true, value_name = "DIR")]
    tables: Option<PathBuf>,
    /// With no command: the ruleset of the demo battle to open (fgdn-1.1, the default,
    /// dnb-standard, late19-naval, quickfire-1.1 or aage-qr-2020).
    #[arg(long, value_name = "ID")]
    ruleset: Option<String>,
    #[command(subcommand)]
    command: Option<Cmd>,
    #[command(flatten)]
    play: PlayArgs,
}

#[derive(clap::Args, Default)]
struct PlayArgs {
    /// Start a new save here instead (default: the user's data directory, umpire/saves).
    #[arg(long, value_name = "FILE")]
    save: Option<PathBuf>,
    /// Keymap file overriding the default keys (default: the user's config directory,
    /// umpire/keymap.toml, if it exists).
    #[arg(long, value_name = "FILE")]
    keymap: Option<PathBuf>,
}

#[derive(Subcommand)]
enum Cmd {
    /// Open the dashboard on a scenario or save (a scenario starts a new save; a save is
    /// continued in place).
    Play {
        file: PathBuf,
        #[command(flatten)]
        play: PlayArgs,
    },
    /// Execute a command script against a scenario or save.
    Run {
        file: PathBuf,
        #[arg(long)]
        script: PathBuf,
        /// Write the resulting save here (default: append to FILE in place).
        #[arg(long, value_name = "OUT")]
        save: Option<PathBuf>,
        /// Replace OUT if it exists (never a save another umpire is writing to).
        #[arg(long, requires = "save")]
        force: bool,
    },
    /// Print the state of a battle (SPEC 5 with --json).
    Status {
        file: PathBuf,
        #[arg(long)]
        json: bool,
    },
    /// Print the battle log.
    Log {
        file: PathBuf,
        /// Only entries and lines about this ship.
        #[arg(long)]
        ship: Option<String>,
        #[arg(long, value_enum, default_value = "text")]
        format: Format,
    },
    /// The after-action report: summary, per side totals, per ship damage over time,
    /// criticals, fires and flooding, damage control, speed and loss.
    Report {
        file: PathBuf,
        #[arg(long, value_enum, default_value = "md")]
        format: cli::report::Format,
        /// With --format csv: one row per ship, or one row per dated event.
        #[arg(long, value_enum, default_value = "ships")]
        csv_table: cli::report::CsvTable,
        /// Write the report to this file (atomically) instead of stdout.
        #[arg(long, value_name = "OUT")]
        out: Option<PathBuf>,
        /// Replace OUT if it exists (never a save or a scenario).
        #[arg(long, requires = "out")]
        force: bool,
    },
    /// Record sheets: one per ship for the players at the table (the ruleset's tracks), as
    /// printable HTML (A4 or Letter) or Markdown; at a save, the ships as they stand now.
    Sheets {
        file: PathBuf,
        #[arg(long, value_enum, default_value = "html")]
        format: cli::sheets::Format,
        /// Write the sheets to this file (atomically) instead of stdout.
        #[arg(long, value_name = "OUT")]
        out: Option<PathBuf>,
        /// Replace OUT if it exists (never a save or a scenario).
        #[arg(long, requires = "out")]
        force: bool,
        /// At a save: the ships as the scenario starts them, every box clear of the battle.
        #[arg(long)]
        at_start: bool,
    },
    /// Validate scenario, save and table files.
    Check {
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Copy the intact part of a damaged save (the scenario and every entry before the first
    /// damaged line) to a new file; the damaged file is never changed.
    Recover { file: PathBuf, out: PathBuf },
    /// Measure the SPEC 7 figures on a generated fleet action (250 ships, 20,000 commands).
    Bench {
        #[arg(long, default_value_t = 250)]
        ships: usize,
        #[arg(long, default_value_t = 20_000)]
        commands: usize,
        /// About this percentage of the commands are an `undo` (opening stays linear).
        #[arg(long, default_value_t = 0, value_name = "PERCENT",
              value_parser = clap::value_parser!(u64).range(0..=50))]
        undos: u64,
        /// The last N commands are undos in a row (an undo storm).
        #[arg(long, default_value_t = 0, value_name = "N")]
        storm: usize,
        /// Folder for the benchmark saves, kept there (default: a temporary folder, removed).
        #[arg(long, value_name = "DIR")]
        dir: Option<PathBuf>,
        /// Measure one save and print its figures as JSON (used by `bench` itself).
        #[arg(long, hide = true, value_name = "FILE")]
        measure: Option<PathBuf>,
    },
    /// Follow a save while the umpire plays, read-only (never writes or locks it); with --side,
    /// that side's view: own ships in full, the others only as observers see them.
    Watch {
        file: PathBuf,
        /// The side whose view to show (as named in the scenario; case does not matter).
        #[arg(long, value_name = "NAME")]
        side: Option<String>,
    },
    /// Write the next battle's scenario from a battle that has ended: each surviving ship
    /// starts with the damage, criticals and speed it still has after the repair day; sunk
    /// ships are left out; the new file records where it came from.
    Carry {
        /// The save of the battle (after `end-battle` and the 6, 12, 24 and 48-hour marks).
        file: PathBuf,
        /// The new scenario file.
        #[arg(long, value_name = "NEW.toml")]
        into: PathBuf,
        /// The new scenario's name (default: the old name with "(carried)").
        #[arg(long)]
        name: Option<String>,
        /// Carry before the 48-hour rolls: what is not repaired yet stays damaged.
        #[arg(long)]
        early: bool,
        /// Replace NEW.toml if it exists.
        #[arg(long)]
        force: bool,
    },
    /// Step through a saved battle, read-only: the dashboard as it stood after any command,
    /// phase or turn, with the log entry that got it there highlighted. Never writes the file.
    Review {
        file: PathBuf,
        /// Keymap file overriding the default keys (its [review] table holds the review keys).
        #[arg(long, value_name = "FILE")]
        keymap: Option<PathBuf>,
        /// Open at this place instead of the end: a turn (1215, "1215 d2", "1215 resolution"),
        /// an entry (#42), start or end.
        #[arg(long, value_name = "PLACE")]
        at: Option<String>,
    },
    /// A salvo's chance to hit on the Gunfire Hit Chance Modifiers Table (FG&DN p. 6-4).
    Chance(cli::chance::ChanceArgs),
    /// Write a scenario from a roster (CSV: one row per ship, or per class with a count;
    /// columns in docs/roster.md). Every bad cell is reported; nothing is written until all
    /// are good.
    Import {
        roster: PathBuf,
        /// The ruleset of the battle (fgdn-1.1, dnb-standard, late19-naval, quickfire-1.1 or
        /// aage-qr-2020).
        #[arg(long, value_name = "ID")]
        ruleset: String,
        /// The scenario to write.
        #[arg(long, value_name = "SCENARIO.toml")]
        out: PathBuf,
        /// Replace OUT if it exists (never a save).
        #[arg(long)]
        force: bool,
        /// The battle's name (default: the roster's file name).
        #[arg(long)]
        name: Option<String>,
        /// The first turn: HHMM for fgdn-1.1 (default 1200), a turn number for the others
        /// (default 1).
        #[arg(long, value_name = "TURN")]
        start: Option<String>,
        /// The battle's date, YYYY-MM-DD.
        #[arg(long, value_name = "YYYY-MM-DD")]
        date: Option<String>,
        /// Seed of the console's dice.
        #[arg(long)]
        seed: Option<u64>,
        /// Sea state 0-9 (fgdn-1.1).
        #[arg(long, value_name = "N")]
        sea_state: Option<u32>,
        /// A class file for the roster's classes (named in the scenario; repeat for more).
        /// Classes not found there come from the class library.
        #[arg(long, value_name = "FILE")]
        classes: Vec<PathBuf>,
    },
    /// Write a scenario's ships as a roster (CSV, the columns `umpire import` reads).
    Export {
        file: PathBuf,
        #[arg(long, value_name = "ROSTER.csv")]
        out: PathBuf,
        /// Replace OUT if it exists (never a save or a scenario).
        #[arg(long)]
        force: bool,
    },
    /// The battle builder: a screen to pick the ruleset, set the start, date and options, add
    /// ships (from the class library with a count and names, or typed), set sides, and save a
    /// scenario. An existing scenario is edited the same way (default FILE: battle.toml).
    New {
        file: Option<PathBuf>,
        /// The ruleset of a new file (else the builder asks).
        #[arg(long, value_name = "ID")]
        ruleset: Option<String>,
    },
    /// Where the user's class library is and the classes it holds (set UMPIRE_CONFIG_DIR to
    /// use another folder).
    Classes {
        #[arg(long, value_name = "ID", default_value = "fgdn-1.1")]
        ruleset: String,
    },
    /// Write the built-in demo scenario to a file, to play or script.
    Demo {
        /// Where to write it.
        out: PathBuf,
        /// Whose demo: fgdn-1.1 (default), dnb-standard, late19-naval, quickfire-1.1 or
        /// aage-qr-2020.
        #[arg(long, value_name = "ID", default_value = "fgdn-1.1")]
        ruleset: String,
    },
}

fn main() {
    // A file-size limit (`ulimit -f`) must make a write fail, so that the command is refused
    // with a message and the save kept whole, not kill the console without a word: SIGXFSZ is
    // caught (and nothing more), and the write then fails with EFBIG.
    let _ = signal_hook::flag::register(
        signal_hook::consts::SIGXFSZ,
        std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false)),
    );
    let cli = Cli::parse();
    if let Err(e) = dispatch(cli) {
        // Messages quote names, notes and commands: their control characters are shown escaped.
        eprintln!("umpire: {}", cli::text::printable_lines(&e.message));
        std::process::exit(e.code);
    }
}

/// The file a command reads, if it reads one.
fn file_of(cmd: &Option<Cmd>) -> Option<&PathBuf> {
    match cmd {
        Some(
            Cmd::Play { file, .. }
            | Cmd::Run { file, .. }
            | Cmd::Status { file, .. }
            | Cmd::Log { file, .. }
            | Cmd::Report { file, .. }
            | Cmd::Sheets { file, .. }
            | Cmd::Watch { file, .. }
            | Cmd::Carry { file, .. }
            | Cmd::Review { file, .. },
        ) => Some(file),
        _ => None,
    }
}

/// A battle of a ruleset on the generic faces (its screen model, the generic session): run,
/// status, log, report, play, review and watch; `carry` refused with the ruleset's reason.
fn dispatch_generic<R: Registered>(
    command: Cmd,
    tables_dir: Option<&std::path::Path>,
) -> Result<(), CliError> {
    use umpire::session::Session;
    let tables = umpire::session::tables_for::<R>(tables_dir)?;
    let open = |file: &PathBuf| Session::<R>::open(file, tables.clone());
    match command {
        Cmd::Run {
            file,
            script,
            save,
            force,
        } => {
            if let Some(out) = &save {
                cli::run::check_out(out, force)?;
            }
            cli::run::run(&mut open(&file)?, &script, save.as_deref())
        }
        Cmd::Status { file, json } => cli::ruleset::status(&open(&file)?, json),
        Cmd::Log { file, ship, format } => {
            cli::ruleset::log(&open(&file)?, ship.as_deref(), format)
        }
        Cmd::Report {
            file,
            format,
            csv_table,
            out,
            force,
        } => {
            if let Some(out) = &out {
                cli::report::check_out(out, &file, force)?;
            }
            let text = cli::ruleset::report(&open(&file)?, format, csv_table)?;
            cli::report::write_report(&text, Some(&file), out.as_deref())
        }
        Cmd::Sheets {
            file,
            format,
            out,
            force,
            at_start,
        } => {
            if let Some(out) = &out {
                cli::sheets::check_out(out, &file, force)?;
            }
            cli::sheets::run(&open(&file)?, format, at_start, out.as_deref())
        }
        Cmd::Play { file, play: args } => play_generic::<R>(Some(file), args, tables),
        Cmd::Review { file, keymap, at } => Ok(tui::review_board::<R>(
            &file,
            tables,
            keymap.as_deref(),
            at.as_deref(),
        )?),
        Cmd::Watch { file, side } => Ok(tui::watch_board::<R>(&file, side.as_deref(), tables)?),
        Cmd::Carry { .. } => Err(CliError::input(R::NO_CARRY)),
        // Only the commands of `file_of` come here.
        _ => Err(CliError::input(
            "this command does not read a battle file (see `umpire --help`)",
        )),
    }
}

/// The generic dashboard of a ruleset with a screen model.
fn play_generic<R: Registered>(
    file: Option<PathBuf>,
    args: PlayArgs,
    tables: R::Tables,
) -> Result<(), CliError> {
    let options = PlayOptions {
        file,
        save: args.save,
        keymap: args.keymap,
        data_dir: None,
    };
    if let Some(farewell) = tui::play_board::<R>(&options, tables, (R::DEMO_PATH, R::DEMO))? {
        cli::out(&farewell);
    }
    Ok(())
}

/// What `umpire` does with a ruleset on the generic faces ([`umpire::rulesets::visit`]): play
/// its demo (`umpire --ruleset ID`), or a command on one of its files.
enum Generic {
    Demo {
        play: PlayArgs,
        tables: Option<PathBuf>,
    },
    Command {
        command: Cmd,
        tables: Option<PathBuf>,
    },
}

impl Visitor for Generic {
    type Out = Result<(), CliError>;

    fn visit<R: Registered>(self) -> Result<(), CliError> {
        match self {
            Generic::Demo { play, tables } => {
                let tables = umpire::session::tables_for::<R>(tables.as_deref())?;
                play_generic::<R>(None, play, tables)
            }
            Generic::Command { command, tables } => {
                dispatch_generic::<R>(command, tables.as_deref())
            }
        }
    }
}

fn dispatch(mut cli: Cli) -> Result<(), CliError> {
    match cli.ruleset.as_deref() {
        None | Some("fgdn-1.1") => {}
        Some(id) if cli.command.is_none() => {
            let tables = cli.tables.clone();
            let demo = Generic::Demo {
                play: cli.play,
                tables,
            };
            return umpire::rulesets::visit(id, demo).unwrap_or_else(|| {
                Err(CliError::input(format!(
                    "ruleset \"{id}\" is not one this console knows (known: {})",
                    umpire::core::ruleset::RULESETS.join(", ")
                )))
            });
        }
        Some(id) if umpire::core::ruleset::RULESETS.contains(&id) => {
            return Err(CliError::input(
                "--ruleset picks the demo battle `umpire` opens with no command; a file's \
                 ruleset is read from its [scenario] ruleset key",
            ))
        }
        Some(other) => {
            return Err(CliError::input(format!(
                "ruleset \"{other}\" is not one this console knows (known: {})",
                umpire::core::ruleset::RULESETS.join(", ")
            )))
        }
    }
    // A file of a ruleset on the generic faces (FG&DN's have their own, below).
    let generic = match file_of(&cli.command) {
        Some(file) => Some(umpire::session::ruleset_of(file)?),
        None => None,
    };
    if let Some(id) = generic.filter(|id| umpire::rulesets::is_generic(id)) {
        if let Some(command) = cli.command.take() {
            let tables = cli.tables.clone();
            let command = Generic::Command { command, tables };
            return umpire::rulesets::visit(id, command).unwrap_or(Ok(()));
        }
    }
    let tables = cli::tables(cli.tables.as_deref())?;
    match cli.command {
        None => play(None, cli.play, tables),
        Some(Cmd::Play { file, play: args }) => play(Some(file), args, tables),
        Some(Cmd::Run {
            file,
            script,
            save,
            force,
        }) => {
            if let Some(out) = &save {
                cli::run::check_out(out, force)?;
            }
            let mut battle = Battle::open(&file, tables)?;
            cli::run::run(&mut battle, &script, save.as_deref())
        }
        Some(Cmd::Status { file, json }) => cli::status::run(&Battle::open(&file, tables)?, json),
        Some(Cmd::Log { file, ship, format }) => {
            cli::log::run(&Battle::open(&file, tables)?, ship.as_deref(), format)
        }
        Some(Cmd::Report {
            file,
            format,
            csv_table,
            out,
            force,
        }) => {
            if let Some(out) = &out {
                cli::report::check_out(out, &file, force)?;
            }
            cli::report::run(
                &Battle::open(&file, tables)?,
                format,
                csv_table,
                out.as_deref(),
            )
        }
        Some(Cmd::Sheets {
            file,
            format,
            out,
            force,
            at_start,
        }) => {
            if let Some(out) = &out {
                cli::sheets::check_out(out, &file, force)?;
            }
            cli::sheets::run(
                &Battle::open(&file, tables)?,
                format,
                at_start,
                out.as_deref(),
            )
        }
        Some(Cmd::Check { files }) => cli::check::run(&files, &tables, cli.tables.as_deref()),
        Some(Cmd::Recover { file, out }) => {
            if out.exists() {
                return Err(CliError::input(format!(
                    "{}: already exists; choose another name",
                    out.display()
                )));
            }
            let n = umpire::store::recover_save_as::<umpire::rulesets::fgdn::Entry>(&file, &out)
                .map_err(|e| CliError::input(e.to_string()))?;
            cli::out(&format!(
                "copied the scenario and {n} intact log entr{} to {}",
                if n == 1 { "y" } else { "ies" },
                out.display()
            ));
            Ok(())
        }
        Some(Cmd::Bench {
            ships,
            commands,
            undos,
            storm,
            dir,
            measure,
        }) => match measure {
            Some(file) => cli::bench::run_measure(&file),
            None => {
                let undos = cli::bench::Undos {
                    percent: undos,
                    storm,
                };
                cli::bench::run(ships, commands, undos, dir.as_deref())
            }
        },
        Some(Cmd::Watch { file, side }) => tui::watch::watch(&file, side.as_deref(), tables),
        Some(Cmd::Carry {
            file,
            into,
            name,
            early,
            force,
        }) => cli::carry::run(
            &cli::carry::CarryArgs {
                file: &file,
                into: &into,
                name,
                early,
                force,
            },
            tables,
        ),
        Some(Cmd::Review { file, keymap, at }) => {
            tui::review::run(&file, tables, keymap.as_deref(), at.as_deref())
        }
        Some(Cmd::Chance(args)) => cli::chance::run(&args, &tables),
        Some(Cmd::Classes { ruleset }) => cli::classes::run(&ruleset),
        Some(Cmd::New { file, ruleset }) => {
            if let Some(farewell) = tui::builder::run(file.as_deref(), ruleset.as_deref())? {
                cli::out(&farewell);
            }
            Ok(())
        }
        Some(Cmd::Import {
            roster,
            ruleset,
            out,
            force,
            name,
            start,
            date,
            seed,
            sea_state,
            classes,
        }) => cli::roster::import(&cli::roster::ImportArgs {
            roster: &roster,
            ruleset: &ruleset,
            out: &out,
            force,
            name,
            start,
            date,
            seed,
            sea_state,
            classes,
        }),
        Some(Cmd::Export { file, out, force }) => {
            cli::roster::export(&file, &out, force, cli.tables.as_deref())
        }
        Some(Cmd::Demo { out, ruleset }) => {
            let demo = match ruleset.as_str() {
                "fgdn-1.1" => cli::DEMO,
                other => umpire::rulesets::demo(other).ok_or_else(|| {
                    CliError::input(format!(
                        "--ruleset: \"{other}\" is not a ruleset this console knows (known: {})",
                        umpire::core::ruleset::RULESETS.join(", ")
                    ))
                })?,
            };
            if out.exists() {
                return Err(CliError::input(format!(
                    "{}: already exists; choose another name",
                    out.display()
                )));
            }
            umpire::store::write_atomic(&out, demo).map_err(|e| CliError::input(e.to_string()))?;
            cli::out(&format!("wrote the demo battle to {}", out.display()));
            Ok(())
        }
    }
}
