//! SPEC 3.8 Nations: a scenario's `nation` is read against the rulebook's navies (their names
//! and the usual short forms) by every rule that reads it (8.2 National Effectiveness, 8.3
//! magazine modifiers and picric casemates, 8.5 Breakdown Repair Table ranks); a nation no rule
//! knows is an error from `umpire check` and at open, naming the field and the known nations.
mod common;
mod rules_common;
use rules_common::*;
use std::path::{Path, PathBuf};
use umpire::rulesets::fgdn::event::Event;
use umpire::rulesets::fgdn::state::ShipStatus;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

/// Every scenario and save the project ships: saves/, examples/, tests/ (recursively).
fn shipped_files() -> Vec<PathBuf> {
    let mut out = Vec::new();
    for dir in ["saves", "examples", "tests"] {
        walk(&root().join(dir), &mut out);
    }
    out.sort();
    out
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    for e in rd.flatten() {
        let p = e.path();
        if p.is_dir() {
            // bad_tables holds rule tables that are wrong on purpose, not scenarios
            if !p.ends_with("bad_tables") {
                walk(&p, out);
            }
        } else if p.extension().is_some_and(|x| x == "toml") {
            let text = std::fs::read_to_string(&p).unwrap_or_default();
            // the FG&DN nation check; other rulesets read their own scenarios
            if text.contains("[scenario]") && text.contains("ruleset = \"fgdn-1.1\"") {
                out.push(p);
            }
        }
    }
}

/// The demo, the examples and every scenario under tests/ pass the nation check: `umpire
/// check` accepts them and `umpire status` opens them.
#[test]
fn every_shipped_scenario_names_a_known_nation() {
    let files = shipped_files();
    assert!(files.len() >= 10, "{files:?}");
    assert!(files.iter().any(|f| f.ends_with("saves/demo.toml")));
    let o = common::umpire().arg("check").args(&files).output().unwrap();
    assert!(
        o.status.success(),
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    for f in &files {
        let o = common::umpire().arg("status").arg(f).output().unwrap();
        assert!(
            o.status.success(),
            "{}: {}",
            f.display(),
            String::from_utf8_lossy(&o.stderr)
        );
    }
}

const BAD: &str = r#"[scenario]
name = "Nations"
ruleset = "fgdn-1.1"
start = "1200"

[[ship]]
id = "hood"
name = "HMS Hood"
side = "British"
size = "A"
dp = 600
speed = 31
in_service = 1920
nation = "Navy"
"#;

/// An unknown nation: `check` and open both name file:line, the ship, the key and the known
/// nations; nothing is read as "all other navies".
#[test]
fn an_unknown_nation_is_an_error_naming_the_field_and_the_known_ones() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("bad.toml");
    std::fs::write(&f, BAD).unwrap();
    for args in [&["check"][..], &["status"][..]] {
        let o = common::umpire().args(args).arg(&f).output().unwrap();
        assert!(!o.status.success(), "{args:?}");
        let e =
            String::from_utf8_lossy(&o.stderr).to_string() + &String::from_utf8_lossy(&o.stdout);
        assert!(
            e.contains("bad.toml:14: ship \"hood\": key \"nation\": unknown nation \"Navy\""),
            "{args:?}: {e}"
        );
        for known in [
            "United States (US, USA)",
            "Great Britain (GB, UK)",
            "Germany (DE, GER)",
            "Japan (JP, JPN)",
            "Russia (RU, RUS)",
            "Austria-Hungary (AH, AUT)",
            "Turkey (TR, TUR)",
            "France (FR, FRA)",
            "Italy (IT, ITA)",
            "Other",
        ] {
            assert!(e.contains(known), "{known}: {e}");
        }
    }
    // The short forms and "other" are accepted.
    for n in [
        "US", "USA", "GB", "UK", "DE", "JP", "RU", "FR", "IT", "AH", "other",
    ] {
        std::fs::write(&f, BAD.replace("\"Navy\"", &format!("\"{n}\""))).unwrap();
        let o = common::umpire().arg("check").arg(&f).output().unwrap();
        assert!(
            o.status.success(),
            "{n}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
    }
}

fn ship_of(nation: &str, size: &str) -> String {
    format!(
        r#"
[[ship]]
id = "s"
name = "Test ship"
side = "A"
size = "{size}"
dp = 1000
speed = 26
in_service = 1915
nation = "{nation}"
mounts = [
  {{ battery = "main", name = "A turret", caliber = 305, side = "centre", he_short = 30 }},
  {{ battery = "casemate", name = "P1", caliber = 152, side = "port", he_short = 8 }},
  {{ battery = "aa", name = "AA battery" }},
]
"#
    )
}

fn dc_modified(g: &umpire::rulesets::fgdn::Game) -> Vec<(u32, u32)> {
    last_events(g)
        .iter()
        .filter_map(|e| match e {
            Event::DamageControl { roll, modified, .. } => Some((*roll, *modified)),
            _ => None,
        })
        .collect()
}

/// 8.2 National Effectiveness (optional): "DE" and "RU" crews -1 on the reduction D10, "US"
/// none (before SPEC 3.8 "DE" was silently "all other navies").
#[test]
fn national_damage_control_reads_short_forms_8_2() {
    for (nation, want) in [("DE", 4), ("RU", 4), ("German", 4), ("US", 5), ("other", 5)] {
        let mut g = game(
            "1200",
            "national_damage_control = true",
            &ship_of(nation, "A"),
        );
        cmds(&mut g, "fire s 4\nuntil 1209 resolution\ndice 1 5 1\nnext");
        assert_eq!(dc_modified(&g), vec![(5, want)], "{nation}");
    }
}

/// 8.3 main magazine modifiers (optional): "GB" in May 1916 adds +2, so D10 7 detonates; "US"
/// adds 0.
#[test]
fn magazine_modifiers_read_short_forms_8_3() {
    let status = |nation: &str| {
        let mut g = game("1200", "magazine_modifiers = true", &ship_of(nation, "A"));
        g.state.rules.year = Some(1916);
        g.state.rules.month = Some(5);
        // main battery: D10 3 (a mount: the only one, A turret), magazine D10 7
        cmds(&mut g, "dice 3 7\ncrit s main_battery");
        ship(&g, "s").status
    };
    assert_eq!(status("GB"), ShipStatus::Sunk);
    assert_eq!(status("UK"), ShipStatus::Sunk);
    assert_eq!(status("Great Britain"), ShipStatus::Sunk);
    assert_eq!(status("US"), ShipStatus::Afloat);
}

/// 8.3 casemate picric acid (optional): +1 for France, Great Britain, Italy and Japan, by any
/// of their names ("JP", "FR"), not for Germany.
#[test]
fn casemate_picric_reads_short_forms_8_3() {
    let log = |nation: &str| {
        let mut g = game("1200", "casemate_picric = true", &ship_of(nation, "A"));
        // casemate: D10 3 (mount), D100 (P1 is the only casemate), explosion D10 8
        cmds(&mut g, "dice 3 1 8 1 1 1 1\ncrit s casemate");
        last_log(&g)
    };
    assert!(log("JP").contains("picric acid"), "{}", log("JP"));
    assert!(log("FR").contains("picric acid"));
    assert!(!log("DE").contains("picric acid"));
}

/// 8.5 Breakdown Repair Table: "US" is a first-rank navy (was second rank before SPEC 3.8).
#[test]
fn serviceability_rank_reads_short_forms_8_5() {
    for (nation, rank) in [
        ("US", "first-rank"),
        ("UK", "first-rank"),
        ("DE", "first-rank"),
        ("AH", "second-rank"),
        ("other", "second-rank"),
    ] {
        let mut g = game(
            "1400",
            "equipment_serviceability = true",
            &ship_of(nation, "B"),
        );
        // plant 50, A turret 5 (fails in either rank), casemate 50, AA 50
        cmds(&mut g, "dice 50 5 50 50\nserviceability\nend-battle");
        let t = sview(&g, "s").timers;
        assert!(
            t.iter().any(|t| t.what.contains(&format!("{rank} navy"))),
            "{nation}: {t:?}"
        );
    }
}
