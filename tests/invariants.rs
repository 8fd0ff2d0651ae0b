//! Engine invariants checked through the status contract (SPEC 5) over random battles, and
//! replay == live through the real durable append path. These complement `properties.rs`
//! (which checks event-level rules): they read only `status --json` and the public `Game` /
//! `store` API, so they hold whatever the engine's events look like inside.
//!
//! - DP: 0 <= dp_left <= dp, damage <= dp and dp_left + damage = dp (size A-D); every number
//!   in the status is a non-negative integer (a signed or floating value gone wrong would show
//!   as a negative or fractional JSON number).
//! - Severities: fire_pct, flood_pct, severity_pct, dc_pct and every fire/flood are >= 0, and
//!   every fire and flood >= 1 %.
//! - Timers: nothing listed is due before the current phase (a timer that already fired must be
//!   gone, not fire again later; one that was skipped would stay listed in the past).
//! - Replay == live: every command prepared, appended with `SaveWriter` (as `umpire run` and
//!   the dashboard do), then committed; reading the file back and replaying it gives the same
//!   status and log, and `Game::verify` finds nothing.
mod common;

use common::{newer_candidate, Rng, DEMO, DEMO_SHIPS};
use proptest::prelude::*;
use serde_json::Value;
use umpire::cli::Battle;
use umpire::core::dice::SeededDice;
use umpire::rulesets::fgdn::clock::Phase;
use umpire::rulesets::fgdn::command::Command;
use umpire::rulesets::fgdn::tables::Tables;
use umpire::rulesets::fgdn::Game;

const KINDS: &[&str] = &[
    "main_battery",
    "casemate",
    "other_weapon",
    "engineering",
    "flooding",
    "fire",
    "sensor",
    "communications",
    "bridge",
    "rudder",
    "fire_control",
    "weapon",
    "personnel",
    "fuel_tank",
    "flotation",
    "cargo",
    "torpedo_mount",
];

/// A wider command mix than the kill scripts: criticals of every kind, `until`, scale
/// changes, overrides. Times stay on day 1 (before 2330) so "HHMM" labels order as times.
fn candidate(rng: &mut Rng, clock_hhmm: u32) -> String {
    let ship = *rng.pick(DEMO_SHIPS);
    if rng.chance(10) {
        // Damage control orders, beaching, sea state, overrides (not `end-battle`: these
        // invariants read day-1 tactical times).
        return newer_candidate(rng, ship, false);
    }
    match rng.below(100) {
        0..=29 => {
            let opts = *rng.pick(&[
                "",
                " nopen",
                " pen 12 range long",
                " pen 30 range extreme",
                " caliber 76",
                " weapon torpedo side port",
                " weapon torpedo side starboard aspect stern",
                " weapon mine depth shallow",
                " weapon bomb",
            ]);
            format!("hit {ship} {}{opts}", 1 + rng.below(120))
        }
        30..=54 => "next".into(),
        55..=59 => "turn".into(),
        60..=67 => format!("crit {ship} {}", rng.pick(KINDS)),
        68..=72 => format!("fire {ship} {}", 1 + rng.below(12)),
        73..=77 => format!("flood {ship} {}", 1 + rng.below(12)),
        78..=81 => {
            let mins = clock_hhmm / 100 * 60 + clock_hhmm % 100 + 3 * (1 + rng.below(12) as u32);
            let hhmm = (mins / 60).min(23) * 100 + if mins / 60 > 23 { 0 } else { mins % 60 };
            format!(
                "until {hhmm:04} {}",
                rng.pick(&["plotting", "resolution", "movement"])
            )
        }
        82..=84 => format!("scale {}", rng.pick(&["tactical", "intermediate"])),
        85..=87 => format!("adjust {ship} damage {} \"ruling\"", rng.below(60)),
        88..=91 => {
            let faces: Vec<String> = (0..1 + rng.below(4))
                .map(|_| (1 + rng.below(6)).to_string())
                .collect();
            format!("dice {}", faces.join(" "))
        }
        92..=95 => "undo".into(),
        _ => "redo".into(),
    }
}

fn hhmm(label: &str) -> u32 {
    label.parse().unwrap_or(0)
}

fn phase_order(p: &str, scale: &str) -> usize {
    let phases: &[Phase] = if scale == "intermediate" {
        &[Phase::Plotting, Phase::Movement, Phase::Resolution]
    } else {
        &Phase::ALL
    };
    phases
        .iter()
        .position(|x| x.to_string() == p)
        .unwrap_or_else(|| panic!("unknown phase {p}"))
}

fn uint(v: &Value, what: &str) -> Result<u64, TestCaseError> {
    v.as_u64()
        .ok_or_else(|| TestCaseError::fail(format!("{what} is not a non-negative integer: {v}")))
}

/// The status invariants; returns the clock label.
fn check_status(status: &Value) -> Result<u32, TestCaseError> {
    let clock = &status["clock"];
    let now = hhmm(clock["turn"].as_str().unwrap());
    let scale = clock["scale"].as_str().unwrap();
    // The clock's phase must be one of its scale's phases.
    let phase = phase_order(clock["phase"].as_str().unwrap(), scale);
    let day = uint(&clock["day"], "day")?;
    for ship in status["ships"].as_array().unwrap() {
        let id = ship["id"].as_str().unwrap();
        let dp = uint(&ship["dp"], "dp")?;
        let damage = uint(&ship["damage"], "damage")?;
        let left = uint(&ship["dp_left"], "dp_left")?;
        prop_assert!(dp >= 1, "{id}: dp {dp}");
        prop_assert!(left <= dp, "{id}: dp_left {left} > dp {dp}");
        // The demo has no size E-G craft (whose DP is not reduced), so this holds for all;
        // a beached or grounded ship takes damage on to twice its DP (FG&DN 8.1.5).
        let limit = if ship["grounded"].is_null() {
            dp
        } else {
            2 * dp
        };
        prop_assert!(damage <= limit, "{id}: damage {damage} > {limit} (dp {dp})");
        prop_assert_eq!(left, dp.saturating_sub(damage), "{}: dp_left", id);
        for key in [
            "speed",
            "speed_max",
            "fire_pct",
            "flood_pct",
            "severity_pct",
            "dc_pct",
        ] {
            uint(&ship[key], &format!("{id}.{key}"))?;
        }
        uint(&ship["tds"]["port"], "tds.port")?;
        uint(&ship["tds"]["starboard"], "tds.starboard")?;
        for list in ["fires", "floods"] {
            for f in ship[list].as_array().unwrap() {
                let pct = uint(&f["pct"], &format!("{id}.{list}.pct"))?;
                prop_assert!(pct >= 1, "{id}: a {list} entry of {pct} %");
            }
        }
        if ship["status"] == "sunk" {
            continue;
        }
        for t in ship["timers"].as_array().unwrap() {
            // (day, HHMM) orders as time: a timer after midnight is on the next day.
            let due = (
                uint(&t["day"], "timer day")?,
                hhmm(t["due"].as_str().unwrap()),
            );
            let tphase = t["phase"].as_str().unwrap();
            if due < (day, now) {
                return Err(TestCaseError::fail(format!(
                    "{id}: timer {t} is listed in the past (clock {now:04} day {day})"
                )));
            }
            if due == (day, now) {
                // The same turn: it must not be for a phase that has already ended.
                let order = Phase::ALL
                    .iter()
                    .position(|x| x.to_string() == tphase)
                    .unwrap();
                let current = Phase::ALL
                    .iter()
                    .position(|x| x.to_string() == clock["phase"].as_str().unwrap())
                    .unwrap();
                prop_assert!(
                    order >= current,
                    "{id}: timer {t} is due in a phase already over (clock {now:04} {}, {phase})",
                    clock["phase"]
                );
            }
        }
    }
    Ok(now)
}

fn status_value(game: &Game) -> Value {
    serde_json::to_value(umpire::rulesets::fgdn::status::status(
        &game.state,
        &game.tables,
    ))
    .unwrap()
}

/// A random battle of `len` accepted commands, each made durable with `SaveWriter` before it
/// is committed; the status is checked after each.
fn battle(seed: u64, len: usize) -> Result<(), TestCaseError> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("battle.toml");
    std::fs::write(&path, DEMO).unwrap();
    let (mut live, mut writer) = Battle::open_writable(&path, Tables::builtin()).unwrap();
    let mut rng = Rng(seed);
    let mut accepted = 0;
    let mut now = 1200;
    let mut tries = 0;
    while accepted < len && tries < len * 20 {
        tries += 1;
        let text = candidate(&mut rng, now);
        let cmd: Command = text.parse().expect("generated commands parse");
        let Ok(Some(mut entry)) = live.game.prepare(&cmd, &mut SeededDice) else {
            continue;
        };
        entry.wall = Some("2025-01-01T00:00:00.000Z".into());
        writer.append(&entry).unwrap();
        live.game.commit(entry);
        accepted += 1;
        now = check_status(&status_value(&live.game))?;
        if now >= 2300 {
            break;
        }
    }
    drop(writer);
    // Replay == live, from the file the writer made.
    let read = Battle::open(&path, Tables::builtin()).unwrap();
    prop_assert_eq!(read.game.entries(), live.game.entries());
    prop_assert_eq!(status_value(&read.game), status_value(&live.game));
    let problems = Game::verify(&read.scenario, Tables::builtin(), read.game.entries());
    prop_assert!(problems.is_empty(), "verify: {problems:?}");
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn status_invariants_hold_and_the_durable_log_replays_to_the_live_game(seed in any::<u64>()) {
        battle(seed, 150)?;
    }
}

#[test]
fn a_long_battle_keeps_the_invariants() {
    battle(1918, 600).unwrap();
}
