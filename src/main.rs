//! `umpire`: thin entry point: parse arguments, dispatch to the dashboard or the headless
//! commands.
use clap::{Parser, Subcommand};
use std::path::Path;
use std::path::PathBuf;
use umpire::cli::{self, log::Format, CliError};
use umpire::core::ruleset::{Rules, RULESETS};
use umpire::rulesets::{visit, DefaultRuleset, Registered, Visitor};
use umpire::session::{tables_for, Session};
use umpire::tui::dashboard::{with_dashboard, Dashboard, DashboardVisitor};
use umpire::tui::{self, PlayOptions};

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
    /// Measure the SPEC 7 figures on a generated battle (250 ships, 20,000 commands).
    Bench {
        /// The ruleset of the generated battle (default: a fgdn-1.1 fleet action; another
        /// ruleset's battle is its demo's ships repeated).
        #[arg(long, value_name = "ID", default_value_t = <DefaultRuleset as Rules>::ID.to_string())]
        ruleset: String,
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
    Chance(cli::fgdn::chance::ChanceArgs),
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

/// The file a command reads, if it reads one: the command then goes to that file's ruleset.
fn file_of(cmd: &Cmd) -> Option<&PathBuf> {
    match cmd {
        Cmd::Play { file, .. }
        | Cmd::Run { file, .. }
        | Cmd::Status { file, .. }
        | Cmd::Log { file, .. }
        | Cmd::Report { file, .. }
        | Cmd::Sheets { file, .. }
        | Cmd::Watch { file, .. }
        | Cmd::Carry { file, .. }
        | Cmd::Review { file, .. }
        | Cmd::Recover { file, .. } => Some(file),
        _ => None,
    }
}

/// A command on a file of the ruleset `R`, whatever the ruleset: one path for all of them.
fn dispatch_file<R: Registered>(command: Cmd, tables_dir: Option<&Path>) -> Result<(), CliError> {
    let opening = match command {
        Cmd::Play { file, play } => Opening::Play {
            file: Some(file),
            args: play,
        },
        Cmd::Review { file, keymap, at } => Opening::Review { file, keymap, at },
        Cmd::Watch { file, side } => Opening::Watch { file, side },
        command => return headless::<R>(command, tables_dir),
    };
    on_dashboard::<R>(opening, tables_dir)
}

/// A command on a file of the ruleset `R` that opens no dashboard.
fn headless<R: Registered>(command: Cmd, tables_dir: Option<&Path>) -> Result<(), CliError> {
    if let Cmd::Recover { file, out } = command {
        return recover::<R>(&file, &out);
    }
    let tables = tables_for::<R>(tables_dir)?;
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
        Cmd::Status { file, json } => cli::status::run(&open(&file)?, json),
        Cmd::Log { file, ship, format } => cli::log::run(&open(&file)?, ship.as_deref(), format),
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
            cli::report::run(&open(&file)?, format, csv_table, out.as_deref())
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
        Cmd::Carry {
            file,
            into,
            name,
            early,
            force,
        } => cli::carry::run::<R>(
            &cli::carry::CarryArgs {
                file: &file,
                into: &into,
                name,
                early,
                force,
            },
            tables,
        ),
        // Only the commands of `file_of` come here.
        _ => Err(CliError::input(
            "this command does not read a battle file (see `umpire --help`)",
        )),
    }
}

/// `umpire recover FILE OUT` of a save of the ruleset `R` (its entries re-encoded in the
/// shorter form when they decode).
fn recover<R: Registered>(file: &Path, out: &Path) -> Result<(), CliError> {
    if out.exists() {
        return Err(CliError::input(format!(
            "{}: already exists; choose another name",
            out.display()
        )));
    }
    let n = umpire::store::recover_save_as::<umpire::core::game::Record<R>>(file, out)
        .map_err(|e| CliError::input(e.to_string()))?;
    cli::out(&format!(
        "copied the scenario and {n} intact log entr{} to {}",
        if n == 1 { "y" } else { "ies" },
        out.display()
    ));
    Ok(())
}

/// What opens a dashboard: `play` (a file, or the ruleset's demo: `umpire` with no command),
/// `review` and `watch`.
enum Opening {
    Play {
        file: Option<PathBuf>,
        args: PlayArgs,
    },
    Review {
        file: PathBuf,
        keymap: Option<PathBuf>,
        at: Option<String>,
    },
    Watch {
        file: PathBuf,
        side: Option<String>,
    },
}

/// Open the dashboard of the ruleset `R`'s battles (`tui::dashboard`), with its tables.
fn on_dashboard<R: Registered>(
    opening: Opening,
    tables_dir: Option<&Path>,
) -> Result<(), CliError> {
    struct On<'a>(Opening, Option<&'a Path>);
    impl DashboardVisitor for On<'_> {
        type Out = Result<(), CliError>;
        fn visit<D: Dashboard>(self) -> Result<(), CliError> {
            let On(opening, tables_dir) = self;
            let tables = tables_for::<D::R>(tables_dir)?;
            match opening {
                Opening::Play { file, args } => {
                    let options = PlayOptions {
                        file,
                        save: args.save,
                        keymap: args.keymap,
                        data_dir: None,
                    };
                    if let Some(farewell) = D::play(&options, tables)? {
                        cli::out(&farewell);
                    }
                    Ok(())
                }
                Opening::Review { file, keymap, at } => {
                    Ok(D::review(&file, tables, keymap.as_deref(), at.as_deref())?)
                }
                Opening::Watch { file, side } => Ok(D::watch(&file, side.as_deref(), tables)?),
            }
        }
    }
    with_dashboard::<R, _>(On(opening, tables_dir))
}

/// What `umpire` does with a ruleset: play its demo (`umpire [--ruleset ID]`), or a command on
/// one of its files.
enum Face {
    Demo {
        play: PlayArgs,
        tables: Option<PathBuf>,
    },
    File {
        command: Cmd,
        tables: Option<PathBuf>,
    },
}

impl Visitor for Face {
    type Out = Result<(), CliError>;

    fn visit<R: Registered>(self) -> Result<(), CliError> {
        match self {
            Face::Demo { play, tables } => on_dashboard::<R>(
                Opening::Play {
                    file: None,
                    args: play,
                },
                tables.as_deref(),
            ),
            Face::File { command, tables } => dispatch_file::<R>(command, tables.as_deref()),
        }
    }
}

fn unknown(id: &str) -> CliError {
    CliError::input(format!(
        "ruleset \"{id}\" is not one this console knows (known: {})",
        RULESETS.join(", ")
    ))
}

fn dispatch(cli: Cli) -> Result<(), CliError> {
    let default = <DefaultRuleset as Rules>::ID;
    let Some(command) = cli.command else {
        let id = cli.ruleset.as_deref().unwrap_or(default);
        let demo = Face::Demo {
            play: cli.play,
            tables: cli.tables,
        };
        return visit(id, demo).unwrap_or_else(|| Err(unknown(id)));
    };
    match cli.ruleset.as_deref() {
        None => {}
        Some(id) if id == default => {}
        Some(id) if RULESETS.contains(&id) => {
            return Err(CliError::input(
                "--ruleset picks the demo battle `umpire` opens with no command; a file's \
                 ruleset is read from its [scenario] ruleset key",
            ))
        }
        Some(other) => return Err(unknown(other)),
    }
    if let Some(file) = file_of(&command) {
        // A save too damaged to say its ruleset is still recovered (as the default ruleset's).
        let id = match (umpire::session::ruleset_of(file), &command) {
            (Err(_), Cmd::Recover { .. }) => default,
            (id, _) => id?,
        };
        let face = Face::File {
            command,
            tables: cli.tables,
        };
        return visit(id, face).unwrap_or_else(|| Err(unknown(id)));
    }
    match command {
        Cmd::Check { files } => cli::check::run(&files, cli.tables.as_deref()),
        Cmd::Bench {
            ruleset,
            ships,
            commands,
            undos,
            storm,
            dir,
            measure,
        } => match measure {
            Some(file) => cli::bench::run_measure(&ruleset, &file),
            None => {
                let options = cli::bench::Options {
                    ruleset: &ruleset,
                    ships,
                    commands,
                    undos: cli::bench::Undos {
                        percent: undos,
                        storm,
                    },
                };
                cli::bench::run(&options, dir.as_deref())
            }
        },
        Cmd::Chance(args) => cli::fgdn::chance::run(&args, &cli::tables(cli.tables.as_deref())?),
        Cmd::Classes { ruleset } => cli::classes::run(&ruleset),
        Cmd::New { file, ruleset } => {
            if let Some(farewell) = tui::builder::run(file.as_deref(), ruleset.as_deref())? {
                cli::out(&farewell);
            }
            Ok(())
        }
        Cmd::Import {
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
        } => cli::roster::import(&cli::roster::ImportArgs {
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
        Cmd::Export { file, out, force } => {
            cli::roster::export(&file, &out, force, cli.tables.as_deref())
        }
        Cmd::Demo { out, ruleset } => {
            let demo = umpire::rulesets::demo(&ruleset).ok_or_else(|| {
                CliError::input(format!(
                    "--ruleset: \"{ruleset}\" is not a ruleset this console knows (known: {})",
                    RULESETS.join(", ")
                ))
            })?;
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
        // The commands of `file_of` went to their file's ruleset above.
        _ => Ok(()),
    }
}
