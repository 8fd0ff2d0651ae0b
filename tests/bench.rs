//! `umpire bench --ruleset ID` (SPEC 7 figures) for every ruleset, at a tiny size: every figure
//! is printed, both saves open and verify (`umpire check`), the battle is marked as a benchmark
//! battle; FG&DN's generated battle is pinned (its figures stay comparable from version to
//! version); an unknown ruleset is refused.
mod cli_common;
mod common;

use cli_common::{err, out, text};
use common::umpire;
use umpire::cli::bench::{battle_log, battle_scenario, Undos};
use umpire::core::ruleset::RULESETS;
use umpire::rulesets::fgdn::Fgdn;

/// Every figure of the report (SPEC 7 and where they come from).
const FIGURES: &[&str] = &[
    "open to first frame (200x60)",
    "  of which: open (lock, read, replay)",
    "one command applied + durable, median",
    "one command applied + durable, p99",
    "frame render 200x60, median",
    "frame render 200x60, p99",
    "bytes to the terminal, one-ship change, median",
    "bytes to the terminal, one-ship change, max",
    "  of which: built-in tables",
    "  of which: read + decode the log",
    "  of which: parse the scenario",
    "  of which: replay",
    "resident memory, peak (VmHWM)",
    "resident memory, now (VmRSS)",
    "save file size",
];

#[test]
fn every_ruleset_is_benchmarked_every_figure_printed_and_its_saves_verify() {
    let dir = tempfile::tempdir().unwrap();
    for id in RULESETS {
        // A folder not there yet is made (before the battle is generated).
        let kept = dir.path().join(id).join("saves");
        let o = umpire()
            .args([
                "bench",
                "--ruleset",
                id,
                "--ships",
                "100",
                "--commands",
                "60",
            ])
            .arg("--dir")
            .arg(&kept)
            .output()
            .unwrap();
        assert!(o.status.success(), "{id}: {}", text(&o));
        let report = out(&o);
        assert!(
            report.contains("100 ships and 60 commands"),
            "{id}: {report}"
        );
        for figure in FIGURES {
            let line = report
                .lines()
                .find(|l| l.starts_with(figure))
                .unwrap_or_else(|| panic!("{id}: no \"{figure}\" in\n{report}"));
            let numbers = line[figure.len()..]
                .split_whitespace()
                .filter(|w| w.parse::<f64>().is_ok())
                .count();
            assert!(numbers >= 2, "{id}: {line}");
        }
        // The one-ship change was measured (a change of some bytes, not none).
        let bytes = report
            .lines()
            .find(|l| l.starts_with("bytes to the terminal, one-ship change, median"))
            .unwrap();
        assert!(!bytes.contains(" 0.00 B"), "{id}: {bytes}");
        let saves: Vec<_> = std::fs::read_dir(&kept)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        assert_eq!(saves.len(), 2, "{id}: {saves:?}");
        for save in &saves {
            let c = umpire().arg("check").arg(save).output().unwrap();
            assert!(c.status.success(), "{id}: {}", text(&c));
            let head = std::fs::read_to_string(save).unwrap();
            assert!(head.contains("benchmark"), "{id}: not marked");
            assert!(head.contains(&format!("ruleset = \"{id}\"")), "{id}");
            // The generated commands and the measured ones (200 + the one-ship changes).
            let entries = head.lines().filter(|l| l.starts_with("#@ ")).count();
            assert!(entries >= 6 + 200, "{id}: {entries} entries");
        }
    }
}

#[test]
fn an_unknown_ruleset_is_refused_and_nothing_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let o = umpire()
        .args(["bench", "--ruleset", "quickfire-9", "--commands", "20"])
        .arg("--dir")
        .arg(dir.path())
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(err(&o).contains("quickfire-9"), "{}", text(&o));
    assert!(err(&o).contains("dnb-standard"), "{}", text(&o));
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

/// FG&DN's benchmark battle is the one measured before `--ruleset` (the same seed, the same
/// log): the save of its first 200 commands, byte for byte (CRC-32 and length), and its first
/// commands.
#[test]
fn the_fgdn_fleet_action_is_unchanged() {
    let scenario = battle_scenario::<Fgdn>(250).unwrap();
    let log = battle_log::<Fgdn>(&scenario, 200, Undos::default()).unwrap();
    let first: Vec<&str> = log.iter().take(12).map(|e| e.cmd.as_str()).collect();
    assert_eq!(
        first,
        [
            "note \"s72 makes smoke\"",
            "note \"s197 makes smoke\"",
            "next",
            "hit s240 2",
            "next",
            "hit s240 11",
            "hit s57 6",
            "hit s48 2",
            "hit s173 7",
            "flood s197 3",
            "hit s237 7",
            "hit s86 10",
        ]
    );
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("fleet.toml");
    umpire::store::create_save(&path, &scenario, &log).unwrap();
    let bytes = std::fs::read(&path).unwrap();
    assert_eq!(
        (bytes.len(), crc32fast::hash(&bytes)),
        (145_314, 0x3dbc_26f8)
    );
}

/// The log's wording of a numbered-turn entry copies the game only where a rules' event
/// follows another (`core::turns::entry_lines`): the same lines as wording each event on a
/// copy of the game as it stood just before it, on every entry of a benchmark battle of each
/// numbered-turn ruleset.
#[test]
fn numbered_turn_log_lines_are_the_same_without_a_copy_per_entry() {
    use umpire::core::game::{Journal, Record};
    use umpire::core::ruleset::{Rules, Ruleset};
    use umpire::core::turns::{entry_lines, log_line, TurnEvent, TurnGame, TurnRules};

    fn copied<R: TurnRules>(before: &TurnGame<R>, entry: &Record<R>) -> Vec<String> {
        let mut g = before.clone();
        let mut lines = Vec::new();
        for e in &entry.events {
            lines.extend(log_line(&g, e));
            <R as Rules>::apply(&mut g, e);
        }
        lines
    }
    macro_rules! check {
        ($r:ty) => {{
            let scenario = battle_scenario::<$r>(30).unwrap();
            let log = battle_log::<$r>(&scenario, 400, Undos::default()).unwrap();
            let setup = <$r as Ruleset>::parse_setup("bench.toml", &scenario).unwrap();
            let tables = <$r as Ruleset>::tables_with(&[]).unwrap();
            let mut walk = Journal::<$r>::new(&setup, tables);
            let mut several = 0;
            for e in log {
                let rule_events = e
                    .events
                    .iter()
                    .filter(|x| matches!(x, TurnEvent::Rule(_)))
                    .count();
                several += usize::from(rule_events > 1);
                let lines = entry_lines(&walk.state, &e);
                assert_eq!(lines, copied(&walk.state, &e), "{}", e.cmd);
                walk.commit(e);
            }
            assert!(
                several > 0,
                "{}: no entry with several rules' events",
                <$r as Rules>::ID
            );
        }};
    }
    check!(umpire::rulesets::dnb::game::Dnb);
    check!(umpire::rulesets::late19::game::Late19);
    check!(umpire::rulesets::quickfire::game::Quickfire);
    check!(umpire::rulesets::aage::game::Aage);
}
