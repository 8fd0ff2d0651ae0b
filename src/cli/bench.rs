//! `umpire bench [--ruleset ID]`: the SPEC 7 figures at fleet-action scale, measured on this
//! machine's disk, for any ruleset of the registry.
//!
//! A subcommand rather than `cargo bench`: it runs from the release binary a user already has
//! (on the disk their saves live on, `--dir`), needs no dev toolchain, and the dashboard's
//! figures (open to first frame, frame render, bytes written) can be added from inside the same
//! binary. Each size is measured in a fresh child process (`umpire bench --ruleset ID --measure
//! FILE`) so the memory figures are that open's own, not the generator's. The battle and its
//! commands are the ruleset's (`Registered::bench_scenario`, `bench_command`, `bench_change`),
//! its dashboard the one `umpire play` opens for it (`tui::measure`): this file names no ruleset.
//!
//! To add a figure: push a [`Figure`] in [`measure_one`] or `Session::measure` (a figure of one
//! save size) or in [`run`] (a figure of its own); [`Figure::budget`] compares it with its SPEC 7
//! budget. Figures not measured are not printed.
use crate::cli::{out, CliError};
use crate::core::bench::Mix;
use crate::core::dice::SeededDice;
use crate::core::game::{Journal, Record};
use crate::core::ruleset::RULESETS;
use crate::rulesets::{visit, Registered, Visitor};
use crate::store;
use crate::tui::dashboard::Dashboard;
use crate::tui::measure::{self, Measure, MeasuredDashboard};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// One measured figure, in its unit, with its SPEC 7 budget when it has one.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Figure {
    pub name: String,
    pub value: f64,
    pub unit: String,
    /// SPEC 7 budget in the same unit (lower is better).
    pub budget: Option<f64>,
}

impl Figure {
    pub fn new(name: &str, value: f64, unit: &str, budget: Option<f64>) -> Figure {
        Figure {
            name: name.to_string(),
            value,
            unit: unit.to_string(),
            budget,
        }
    }

    pub fn verdict(&self) -> &'static str {
        match self.budget {
            Some(b) if self.value <= b => "ok",
            Some(_) => "OVER BUDGET",
            None => "",
        }
    }
}

/// Figures for one save size (`commands` logged commands).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Measured {
    pub commands: usize,
    pub bytes: u64,
    pub figures: Vec<Figure>,
}

/// SPEC 7 budgets.
pub const BUDGET_OPEN_MS: f64 = 150.0; // "open to first frame"; the open is part of it
pub const BUDGET_DURABLE_MS: f64 = 10.0;
pub const BUDGET_MEMORY_MB: f64 = 50.0;
pub const BUDGET_FRAME_MS: f64 = 4.0;
pub const BUDGET_BYTES: f64 = 4096.0;

/// Undos in the benchmark battle (`umpire bench --undos P --storm N`): about `percent` of the
/// commands are an `undo`, and the last `storm` commands are undos in a row. An undo used to
/// make opening replay from the start (issue 15): these battles measure that it no longer does.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Undos {
    pub percent: u64,
    pub storm: usize,
}

/// The benchmark battle's scenario of ruleset `R` (`Registered::bench_scenario`).
pub fn battle_scenario<R: Registered>(ships: usize) -> Result<String, CliError> {
    let text = R::bench_scenario(ships).map_err(CliError::input)?;
    // A scenario the ruleset refuses is a bug of its generator: said here, not at the open.
    R::parse_setup("bench.toml", &text).map_err(|e| {
        CliError::input(format!(
            "the benchmark scenario does not parse: {}",
            e.join("; ")
        ))
    })?;
    Ok(text)
}

/// Generate `n` logged commands of the benchmark battle of ruleset `R`
/// (`Registered::bench_command`, every one accepted: the refused are skipped), with undos
/// mixed in. Without undos it is the same battle, command for command.
pub fn battle_log<R: Registered>(
    scenario_text: &str,
    n: usize,
    undos: Undos,
) -> Result<Vec<Record<R>>, CliError> {
    let setup = R::parse_setup("fleet.toml", scenario_text)
        .map_err(|_| CliError::input("the benchmark scenario does not parse"))?;
    let tables = R::tables_with(&[]).map_err(|e| CliError::input(e.join("\n")))?;
    let mut game = Journal::<R>::new(&setup, tables);
    let mut mix = Mix(20_000);
    let mut undo_mix = Mix(15);
    let mut refused = 0;
    while game.entries().len() < n {
        let in_storm = game.entries().len() + undos.storm >= n;
        let text = if in_storm || (undos.percent > 0 && undo_mix.below(100) < undos.percent) {
            "undo".to_string()
        } else {
            R::bench_command(&game, &mut mix)
        };
        let taken = R::parse_in(&game.state, &text)
            .ok()
            .is_some_and(|cmd| game.execute(&cmd, &mut SeededDice).is_ok());
        if !taken {
            refused += 1;
            if refused > n * 10 {
                return Err(CliError::input("the benchmark battle stalled"));
            }
        }
    }
    Ok(game.entries().to_vec())
}

/// One field of /proc/self/status in MB (None where the system has no such file or field).
fn status_mb(key: &str) -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with(key))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

/// Resident memory of this process from /proc/self/status: (VmHWM, VmRSS) in MB.
pub fn memory_mb() -> Option<(f64, f64)> {
    Some((status_mb("VmHWM:")?, status_mb("VmRSS:")?))
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i]
}

/// Measure one save of ruleset `R` (run in a child process): open (read + parse + replay,
/// under the writer's lock), then `samples` commands each applied and made durable (prepare +
/// append with fsync + commit), then memory.
pub fn measure_one<R: Registered>(path: &Path, samples: usize) -> Result<Measured, CliError> {
    let bytes = std::fs::metadata(path)
        .map_err(|e| CliError::input(format!("{}: {e}", path.display())))?
        .len();
    // What is resident before the battle is opened: the program's own pages and the runtime.
    let before_open = status_mb("VmRSS:");
    // The parts of an open, each timed alone (to say where the time goes).
    let t = Instant::now();
    let tables = R::tables_with(&[]).map_err(|e| CliError::input(e.join("\n")))?;
    let tables_ms = ms(t);
    let t = Instant::now();
    let loaded: store::Loaded<Record<R>> =
        store::read_save(path).map_err(|e| CliError::input(e.to_string()))?;
    let read_ms = ms(t);
    let t = Instant::now();
    let scenario = R::parse_setup("bench", &loaded.scenario_text)
        .map_err(|_| CliError::input("the benchmark scenario does not parse"))?;
    let scenario_ms = ms(t);
    let t = Instant::now();
    let replayed = Journal::<R>::replay(&scenario, tables, loaded.entries)
        .map_err(|e| CliError::input(e.to_string()))?;
    let replay_ms = ms(t);
    drop(replayed);

    // The dashboard as an umpire opens it: lock + read + replay, the log panel, the first
    // frame of a 200x60 terminal (drawn through the crossterm backend into a byte counter).
    let mut m =
        measure::open::<R, _>(path, 200, 60, Session { samples }).map_err(CliError::input)??;
    for (name, value) in [
        ("  of which: built-in tables", tables_ms),
        ("  of which: read + decode the log", read_ms),
        ("  of which: parse the scenario", scenario_ms),
        ("  of which: replay", replay_ms),
    ] {
        m.figures.push(Figure::new(name, value, "ms", None));
    }
    if let Some((hwm, rss)) = memory_mb() {
        m.figures.push(Figure::new(
            "resident memory, peak (VmHWM)",
            hwm,
            "MB",
            Some(BUDGET_MEMORY_MB),
        ));
        m.figures.push(Figure::new(
            "resident memory, now (VmRSS)",
            rss,
            "MB",
            Some(BUDGET_MEMORY_MB),
        ));
        // Where the memory is: the program's pages (the binary, shared libraries) against the
        // battle's data, so a change of binary size is told from a change of state size.
        for (name, value) in [
            ("  of which: before opening the battle", before_open),
            (
                "  of which: program pages now (RssFile)",
                status_mb("RssFile:"),
            ),
            ("  of which: data now (RssAnon)", status_mb("RssAnon:")),
        ] {
            if let Some(v) = value {
                m.figures.push(Figure::new(name, v, "MB", None));
            }
        }
    }
    m.bytes = bytes;
    Ok(m)
}

fn ms(t: Instant) -> f64 {
    t.elapsed().as_secs_f64() * 1000.0
}

/// A session at the dashboard: `samples` commands, each followed by its frame, then one-ship
/// changes (the figures of the dashboard; the caller adds the open's parts and memory).
struct Session {
    samples: usize,
}

impl Measure for Session {
    type Out = Result<Measured, CliError>;

    fn measure<D: Dashboard>(
        self,
        mut app: MeasuredDashboard<D>,
        started: Instant,
        open_ms: f64,
    ) -> Result<Measured, CliError> {
        let samples = self.samples;
        let io = |e: std::io::Error| CliError::input(format!("frame: {e}"));
        app.draw().map_err(io)?;
        let first_frame_ms = ms(started);
        // Commands as the dashboard runs them (prepare, append + fsync, commit, log panel),
        // each followed by the frame that shows it.
        let commands = app.game().entries().len();
        let mut mix = Mix(commands as u64);
        let mut times = Vec::with_capacity(samples);
        let mut frames = Vec::with_capacity(samples);
        let mut refused = 0;
        while times.len() < samples {
            let text = D::R::bench_command(app.game(), &mut mix);
            let before = app.game().entries().len();
            let t = Instant::now();
            // Refused, or waiting for a chart read at the prompt: not a command made durable.
            if app.submit(&text).is_err() || app.game().entries().len() == before {
                refused += 1;
                if refused > samples * 100 {
                    return Err(CliError::input("the benchmark session stalled"));
                }
                continue;
            }
            times.push(ms(t));
            let t = Instant::now();
            app.draw().map_err(io)?;
            frames.push(ms(t));
        }
        // A one-ship change: the ship selected, then the change.
        let mut bytes_one_ship = Vec::new();
        for k in 0..50 {
            let Some((i, text)) = D::R::bench_change(app.game(), k) else {
                break;
            };
            app.select(i);
            app.draw().map_err(io)?;
            let before = app.game().entries().len();
            if app.submit(&text).is_ok() && app.game().entries().len() > before {
                bytes_one_ship.push(app.draw().map_err(io)? as f64);
            }
        }
        // Late in a long benchmark battle every ship may be sunk: no change to measure.
        let none = if bytes_one_ship.is_empty() {
            " (none: no ship to change)"
        } else {
            ""
        };
        times.sort_by(f64::total_cmp);
        frames.sort_by(f64::total_cmp);
        bytes_one_ship.sort_by(f64::total_cmp);
        let figures = vec![
            Figure::new(
                "open to first frame (200x60)",
                first_frame_ms,
                "ms",
                Some(BUDGET_OPEN_MS),
            ),
            Figure::new("  of which: open (lock, read, replay)", open_ms, "ms", None),
            Figure::new(
                "one command applied + durable, median",
                percentile(&times, 0.5),
                "ms",
                Some(BUDGET_DURABLE_MS),
            ),
            Figure::new(
                "one command applied + durable, p99",
                percentile(&times, 0.99),
                "ms",
                Some(BUDGET_DURABLE_MS),
            ),
            Figure::new(
                "frame render 200x60, median",
                percentile(&frames, 0.5),
                "ms",
                Some(BUDGET_FRAME_MS),
            ),
            Figure::new(
                "frame render 200x60, p99",
                percentile(&frames, 0.99),
                "ms",
                Some(BUDGET_FRAME_MS),
            ),
            Figure::new(
                &format!("bytes to the terminal, one-ship change, median{none}"),
                percentile(&bytes_one_ship, 0.5),
                "B",
                Some(BUDGET_BYTES),
            ),
            Figure::new(
                &format!("bytes to the terminal, one-ship change, max{none}"),
                percentile(&bytes_one_ship, 1.0),
                "B",
                Some(BUDGET_BYTES),
            ),
        ];
        Ok(Measured {
            commands,
            bytes: 0,
            figures,
        })
    }
}

/// `umpire bench --ruleset ID --measure FILE`: print one size's figures as JSON (for the
/// parent).
pub fn run_measure(ruleset: &str, path: &Path) -> Result<(), CliError> {
    struct One<'a>(&'a Path);
    impl Visitor for One<'_> {
        type Out = Result<Measured, CliError>;
        fn visit<R: Registered>(self) -> Self::Out {
            measure_one::<R>(self.0, 200)
        }
    }
    let m = visit(ruleset, One(path)).unwrap_or_else(|| Err(unknown(ruleset)))?;
    out(&serde_json::to_string(&m).map_err(|e| CliError::input(e.to_string()))?);
    Ok(())
}

fn unknown(id: &str) -> CliError {
    CliError::input(format!(
        "--ruleset: \"{id}\" is not a ruleset this console knows (known: {})",
        RULESETS.join(", ")
    ))
}

/// The battle `umpire bench` measures: its ruleset, ships, commands and undos.
#[derive(Debug, Clone, Copy)]
pub struct Options<'a> {
    pub ruleset: &'a str,
    pub ships: usize,
    pub commands: usize,
    pub undos: Undos,
}

type Writer = Box<dyn Fn(&str, &Path, usize) -> Result<(), CliError>>;

/// The benchmark battle of `options`: its scenario, and a writer of its save at a size.
fn generate(options: &Options<'_>) -> Result<(String, Writer), CliError> {
    struct Generate(usize, usize, Undos);
    impl Visitor for Generate {
        type Out = Result<(String, Writer), CliError>;
        fn visit<R: Registered>(self) -> Self::Out {
            let Generate(ships, commands, undos) = self;
            let scenario = battle_scenario::<R>(ships)?;
            let log = battle_log::<R>(&scenario, commands, undos)?;
            let write: Writer = Box::new(move |scenario: &str, path: &Path, n: usize| {
                store::create_save(path, scenario, &log[..n.min(log.len())])
                    .map_err(|e| CliError::input(e.to_string()))
            });
            Ok((scenario, write))
        }
    }
    let g = Generate(options.ships, options.commands, options.undos);
    visit(options.ruleset, g).unwrap_or_else(|| Err(unknown(options.ruleset)))
}

/// `umpire bench [--ruleset ID]`: generate the benchmark battle of that ruleset, measure at
/// `commands / 10` and `commands` logged commands, print the figures against SPEC 7 and how
/// they grow.
pub fn run(options: &Options<'_>, dir: Option<&Path>) -> Result<(), CliError> {
    let Options {
        ruleset,
        ships,
        commands,
        undos,
    } = *options;
    // A folder given with --dir keeps the saves (to profile or replay them), made if it is
    // not there yet, before the battle is generated; the default temporary folder is cleaned
    // up.
    let keep = dir;
    let dir: PathBuf = match dir {
        Some(d) => d.to_path_buf(),
        None => std::env::temp_dir().join(format!("umpire-bench-{}", std::process::id())),
    };
    std::fs::create_dir_all(&dir)
        .map_err(|e| CliError::input(format!("{}: {e}", dir.display())))?;
    let started = Instant::now();
    let (scenario, write) = generate(options)?;
    let with_undos = match undos {
        Undos {
            percent: 0,
            storm: 0,
        } => String::new(),
        Undos { percent, storm } => {
            format!(" ({percent}% undos, then a storm of {storm} undos in a row)")
        }
    };
    let what = if ruleset == RULESETS[0] {
        "a fleet action".to_string()
    } else {
        format!("the {ruleset} benchmark battle")
    };
    out(&format!(
        "generated {what} of {ships} ships and {commands} commands{with_undos} in {:.1} s",
        started.elapsed().as_secs_f64()
    ));
    let exe = std::env::current_exe().map_err(|e| CliError::input(e.to_string()))?;
    let mut results = Vec::new();
    for n in [commands / 10, commands] {
        let path = if ruleset == RULESETS[0] {
            dir.join(format!("bench-{ships}-{n}.toml"))
        } else {
            dir.join(format!("bench-{ruleset}-{ships}-{n}.toml"))
        };
        write(&scenario, &path, n)?;
        let o = std::process::Command::new(&exe)
            .arg("bench")
            .arg("--ruleset")
            .arg(ruleset)
            .arg("--measure")
            .arg(&path)
            .output()
            .map_err(|e| CliError::input(e.to_string()))?;
        if keep.is_none() {
            let _ = std::fs::remove_file(&path);
        }
        if !o.status.success() {
            return Err(CliError::input(
                String::from_utf8_lossy(&o.stderr).into_owned(),
            ));
        }
        let m: Measured = serde_json::from_slice(&o.stdout)
            .map_err(|e| CliError::input(format!("bench child: {e}")))?;
        results.push(m);
    }
    if keep.is_none() {
        let _ = std::fs::remove_dir(&dir);
    }
    out(&report(&results));
    Ok(())
}

/// The table: one row per figure, one column per size, the growth and the budget.
pub fn report(results: &[Measured]) -> String {
    let mut s = String::new();
    let (Some(small), Some(big)) = (results.first(), results.last()) else {
        return s;
    };
    s.push_str(&format!(
        "\n{:<40} {:>12} {:>12} {:>8} {:>10}  {}\n",
        "figure (SPEC 7)",
        format!("{} cmds", small.commands),
        format!("{} cmds", big.commands),
        "growth",
        "budget",
        ""
    ));
    for (a, b) in small.figures.iter().zip(&big.figures) {
        let growth = if a.value > 0.0 {
            b.value / a.value
        } else {
            0.0
        };
        let budget = b
            .budget
            .map(|x| format!("< {x} {}", b.unit))
            .unwrap_or_default();
        s.push_str(&format!(
            "{:<40} {:>9.2} {:<2} {:>9.2} {:<2} {:>7.1}x {:>10}  {}\n",
            b.name,
            a.value,
            a.unit,
            b.value,
            b.unit,
            growth,
            budget,
            b.verdict()
        ));
    }
    s.push_str(&format!(
        "{:<40} {:>9.1} MB {:>9.1} MB {:>7.1}x\n",
        "save file size",
        small.bytes as f64 / 1e6,
        big.bytes as f64 / 1e6,
        big.bytes as f64 / small.bytes.max(1) as f64
    ));
    s
}
