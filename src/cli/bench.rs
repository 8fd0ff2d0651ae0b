//! `umpire bench`: the SPEC 7 figures at fleet-action scale, measured on this machine's disk.
//!
//! A subcommand rather than `cargo bench`: it runs from the release binary a user already has
//! (on the disk their saves live on, `--dir`), needs no dev toolchain, and the dashboard's
//! figures (open to first frame, frame render, bytes written) can be added from inside the same
//! binary. Each size is measured in a fresh child process (`umpire bench --measure FILE`) so the
//! memory figures are that open's own, not the generator's.
//!
//! To add a figure: push a [`Figure`] in [`measure_one`] (a figure of one save size) or in
//! [`run`] (a figure of its own); [`Figure::budget`] compares it with its SPEC 7 budget. Figures
//! not measured are not printed.
use crate::cli::{out, Battle, CliError};
use crate::core::dice::SeededDice;
use crate::rulesets::fgdn::command::Command;
use crate::rulesets::fgdn::scenario::parse_scenario;
use crate::rulesets::fgdn::tables::Tables;
use crate::rulesets::fgdn::{Entry, Game};
use crate::store;
use crate::tui::measure::MeasuredDashboard;
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

/// A fleet action: `ships` ships in two fleets, sizes A-D in turn.
pub fn fleet_scenario(ships: usize) -> String {
    let mut s = String::from(
        "[scenario]\nname = \"Fleet action (benchmark)\"\nruleset = \"fgdn-1.1\"\n\
         start = \"1200\"\nseed = 7\n\n",
    );
    let kinds = [
        ("major", "A", 600, 24, 26, 7),
        ("major", "B", 300, 21, 20, 5),
        ("minor", "C", 60, 30, 3, 1),
        ("minor", "D", 39, 34, 0, 0),
    ];
    for i in 0..ships {
        let (ty, size, dp, speed, belt, deck) = kinds[i % kinds.len()];
        let side = if i % 2 == 0 { "Blue" } else { "Red" };
        s.push_str(&format!(
            "[[ship]]\nid = \"s{i}\"\nname = \"Ship {i}\"\nside = \"{side}\"\ntype = \"{ty}\"\n\
             size = \"{size}\"\ndp = {}\nspeed = {speed}\nin_service = {}\nnation = \"Other\"\n\
             armor = {{ belt = {belt}, deck = {deck} }}\n\n",
            dp + (i as u32 % 7) * 10,
            1905 + (i % 20),
        ));
    }
    s
}

/// Simple seeded generator (SplitMix64), so the benchmark battle is the same on every machine.
struct Mix(u64);
impl Mix {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        (z ^ (z >> 31)) % n
    }
}

/// The next command of the benchmark battle: mostly hits on afloat ships, a phase change every
/// ten commands or so, fires, floods and notes.
fn next_command(game: &Game, mix: &mut Mix) -> Command {
    let ships = &game.state.ships;
    let pick = mix.below(ships.len() as u64) as usize;
    let target = (0..ships.len())
        .map(|k| &ships[(pick + k) % ships.len()])
        .find(|s| s.is_afloat())
        .map(|s| s.id().to_string());
    let text = match (mix.below(100), target) {
        (0..=9, _) | (_, None) => "next".to_string(),
        (10..=69, Some(id)) => format!("hit {id} {}", 1 + mix.below(12)),
        (70..=74, Some(id)) => format!("fire {id} {}", 1 + mix.below(4)),
        (75..=79, Some(id)) => format!("flood {id} {}", 1 + mix.below(4)),
        (_, Some(id)) => format!("note \"{id} makes smoke\""),
    };
    text.parse().unwrap_or(Command::Next)
}

/// Generate `n` logged commands of the benchmark battle.
pub fn fleet_log(scenario_text: &str, n: usize) -> Result<Vec<Entry>, CliError> {
    fleet_log_with(scenario_text, n, Undos::default())
}

/// Undos in the benchmark battle (`umpire bench --undos P --storm N`): about `percent` of the
/// commands are an `undo`, and the last `storm` commands are undos in a row. An undo used to
/// make opening replay from the start (issue 15): these battles measure that it no longer does.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Undos {
    pub percent: u64,
    pub storm: usize,
}

/// [`fleet_log`] with undos mixed in. Without undos it is the same battle, command for command.
pub fn fleet_log_with(scenario_text: &str, n: usize, undos: Undos) -> Result<Vec<Entry>, CliError> {
    let scenario = parse_scenario("fleet.toml", scenario_text)
        .map_err(|_| CliError::input("the benchmark scenario does not parse"))?;
    let mut game = Game::new(&scenario, Tables::builtin());
    let mut mix = Mix(20_000);
    let mut undo_mix = Mix(15);
    let mut refused = 0;
    while game.entries().len() < n {
        let in_storm = game.entries().len() + undos.storm >= n;
        let cmd = if in_storm || (undos.percent > 0 && undo_mix.below(100) < undos.percent) {
            Command::Undo
        } else {
            next_command(&game, &mut mix)
        };
        if game.execute(&cmd, &mut SeededDice).is_err() {
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

/// Measure one save (run in a child process): open (read + parse + replay, under the writer's
/// lock), then `samples` commands each applied and made durable (prepare + append with fsync
/// + commit), then memory.
pub fn measure_one(path: &Path, samples: usize) -> Result<Measured, CliError> {
    let bytes = std::fs::metadata(path)
        .map_err(|e| CliError::input(format!("{}: {e}", path.display())))?
        .len();
    // What is resident before the battle is opened: the program's own pages and the runtime.
    let before_open = status_mb("VmRSS:");
    // The parts of an open, each timed alone (to say where the time goes).
    let ms = |t: Instant| t.elapsed().as_secs_f64() * 1000.0;
    let t = Instant::now();
    let tables = Tables::builtin();
    let tables_ms = ms(t);
    let t = Instant::now();
    let loaded: store::Loaded<Entry> =
        store::read_save(path).map_err(|e| CliError::input(e.to_string()))?;
    let read_ms = ms(t);
    let t = Instant::now();
    let scenario = parse_scenario("bench", &loaded.scenario_text)
        .map_err(|_| CliError::input("the benchmark scenario does not parse"))?;
    let scenario_ms = ms(t);
    let t = Instant::now();
    let replayed = Game::replay(&scenario, tables, loaded.entries)
        .map_err(|e| CliError::input(e.to_string()))?;
    let replay_ms = ms(t);
    drop(replayed);

    // The dashboard as an umpire opens it: lock + read + replay, the log panel, the first
    // frame of a 200x60 terminal (drawn through the crossterm backend into a byte counter).
    let started = Instant::now();
    let (battle, writer) = Battle::open_writable(path, Tables::builtin())?;
    let open_ms = ms(started);
    let io = |e: std::io::Error| CliError::input(format!("frame: {e}"));
    let mut app = MeasuredDashboard::open(battle, writer, path, 200, 60).map_err(io)?;
    app.draw().map_err(io)?;
    let first_frame_ms = ms(started);
    // Commands as the dashboard runs them (prepare, append + fsync, commit, log panel), each
    // followed by the frame that shows it.
    let commands = app.game().entries().len();
    let mut mix = Mix(commands as u64);
    let mut times = Vec::with_capacity(samples);
    let mut frames = Vec::with_capacity(samples);
    while times.len() < samples {
        let text = next_command(app.game(), &mut mix).to_string();
        let t = Instant::now();
        if app.submit(&text).is_err() {
            continue;
        }
        times.push(ms(t));
        let t = Instant::now();
        app.draw().map_err(io)?;
        frames.push(ms(t));
    }
    // A one-ship change: one more point of damage on the selected ship.
    let mut bytes_one_ship = Vec::new();
    for k in 0..50 {
        let n = app.game().state.ships.len();
        let Some(i) = (0..n)
            .map(|d| (k * 7 + d) % n)
            .find(|&i| app.game().state.ships[i].dp_left() > 2)
        else {
            break;
        };
        app.select(i);
        app.draw().map_err(io)?;
        let s = &app.game().state.ships[i];
        let text = format!("adjust {} damage {} \"bench\"", s.id(), s.damage + 1);
        if app.submit(&text).is_ok() {
            bytes_one_ship.push(app.draw().map_err(io)? as f64);
        }
    }
    times.sort_by(f64::total_cmp);
    frames.sort_by(f64::total_cmp);
    bytes_one_ship.sort_by(f64::total_cmp);
    let mut figures = vec![
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
            "bytes to the terminal, one-ship change, median",
            percentile(&bytes_one_ship, 0.5),
            "B",
            Some(BUDGET_BYTES),
        ),
        Figure::new(
            "bytes to the terminal, one-ship change, max",
            percentile(&bytes_one_ship, 1.0),
            "B",
            Some(BUDGET_BYTES),
        ),
    ];
    for (name, value) in [
        ("  of which: built-in tables", tables_ms),
        ("  of which: read + decode the log", read_ms),
        ("  of which: parse the scenario", scenario_ms),
        ("  of which: replay", replay_ms),
    ] {
        figures.push(Figure::new(name, value, "ms", None));
    }
    if let Some((hwm, rss)) = memory_mb() {
        figures.push(Figure::new(
            "resident memory, peak (VmHWM)",
            hwm,
            "MB",
            Some(BUDGET_MEMORY_MB),
        ));
        figures.push(Figure::new(
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
                figures.push(Figure::new(name, v, "MB", None));
            }
        }
    }
    Ok(Measured {
        commands,
        bytes,
        figures,
    })
}

/// `umpire bench --measure FILE`: print one size's figures as JSON (for the parent).
pub fn run_measure(path: &Path) -> Result<(), CliError> {
    let m = measure_one(path, 200)?;
    out(&serde_json::to_string(&m).map_err(|e| CliError::input(e.to_string()))?);
    Ok(())
}

/// `umpire bench`: generate the fleet action, measure at `commands / 10` and `commands`
/// logged commands, print the figures against SPEC 7 and how they grow.
pub fn run(
    ships: usize,
    commands: usize,
    undos: Undos,
    dir: Option<&Path>,
) -> Result<(), CliError> {
    // A folder given with --dir keeps the saves (to profile or replay them); the default
    // temporary folder is cleaned up.
    let keep = dir;
    let tmp;
    let dir: PathBuf = match dir {
        Some(d) => d.to_path_buf(),
        None => {
            tmp = std::env::temp_dir().join(format!("umpire-bench-{}", std::process::id()));
            std::fs::create_dir_all(&tmp)
                .map_err(|e| CliError::input(format!("{}: {e}", tmp.display())))?;
            tmp.clone()
        }
    };
    let scenario = fleet_scenario(ships);
    let started = Instant::now();
    let log = fleet_log_with(&scenario, commands, undos)?;
    let with_undos = match undos {
        Undos {
            percent: 0,
            storm: 0,
        } => String::new(),
        Undos { percent, storm } => {
            format!(" ({percent}% undos, then a storm of {storm} undos in a row)")
        }
    };
    out(&format!(
        "generated a fleet action of {ships} ships and {commands} commands{with_undos} in {:.1} s",
        started.elapsed().as_secs_f64()
    ));
    let exe = std::env::current_exe().map_err(|e| CliError::input(e.to_string()))?;
    let mut results = Vec::new();
    for n in [commands / 10, commands] {
        let path = dir.join(format!("bench-{ships}-{n}.toml"));
        store::create_save(&path, &scenario, &log[..n])
            .map_err(|e| CliError::input(e.to_string()))?;
        let o = std::process::Command::new(&exe)
            .arg("bench")
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
