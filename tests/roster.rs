//! Rosters (SPEC 9): `umpire import ROSTER.csv` and `umpire export SCENARIO.toml`.
use std::path::Path;

mod cli_common;
mod common;
use cli_common::{err, ok, out, text};
use common::umpire;
use umpire::rulesets::fgdn::scenario::{parse_scenario, Scenario, ShipSpec};

/// A scenario with its ships' header lines left out (a written file puts them elsewhere).
fn comparable(mut s: Scenario) -> Scenario {
    s.ships = s
        .ships
        .iter()
        .map(|s| ShipSpec {
            line: 0,
            ..s.clone()
        })
        .collect();
    s
}

fn read(path: &Path) -> Scenario {
    let text = std::fs::read_to_string(path).unwrap();
    comparable(parse_scenario("x.toml", &text).unwrap())
}

fn import(dir: &Path, roster: &Path, extra: &[&str]) -> std::process::Output {
    umpire()
        .arg("import")
        .arg(roster)
        .args(["--ruleset", "fgdn-1.1", "--out"])
        .arg(dir.join("out.toml"))
        .args(extra)
        .output()
        .unwrap()
}

const DEMO_SETTINGS: &[&str] = &[
    "--name",
    "North Sea, spring 1918 (demo)",
    "--date",
    "1918-04-24",
    "--seed",
    "1918",
    "--sea-state",
    "3",
];

/// Export then import gives the same scenario: the demo (every key a ship can have but cargo
/// and aircraft, which the next test has), figure for figure.
#[test]
fn the_demo_goes_round_a_roster_unchanged() {
    let d = tempfile::tempdir().unwrap();
    let csv = d.path().join("demo.csv");
    ok(umpire()
        .args(["export", "saves/demo.toml", "--out"])
        .arg(&csv)
        .output()
        .unwrap());
    ok(import(d.path(), &csv, DEMO_SETTINGS));
    let demo = comparable(parse_scenario("demo.toml", common::DEMO).unwrap());
    assert_eq!(read(&d.path().join("out.toml")), demo);
    // The demo written with classes exports to the same roster.
    let csv2 = d.path().join("classes.csv");
    ok(umpire()
        .args(["export", "docs/examples/classes-battle.toml", "--out"])
        .arg(&csv2)
        .output()
        .unwrap());
    assert_eq!(
        std::fs::read_to_string(&csv).unwrap(),
        std::fs::read_to_string(&csv2).unwrap()
    );
}

#[test]
fn cargo_aircraft_and_odd_names_go_round_too() {
    let d = tempfile::tempdir().unwrap();
    let scenario = r#"[scenario]
name = "Convoy"
ruleset = "fgdn-1.1"
start = "0600"

[[ship]]
id = "tanker"
name = "=SUM(A1), \"the\" tanker"
side = "Allied"
type = "merchant"
size = "C"
dp = 40
speed = 9
in_service = 1915
rebuilt = 1920
fuel = "diesel"
armed = false
tug = true
crew_factors = 4
cargo = [{ hold = "No. 1", contents = "petroleum", amount = 300, product = "crude" }, { hold = "No. 2", contents = "troops", amount = 200 }]
aircraft = { hangar = 1, forward = 0, aft = 2 }
"#;
    std::fs::write(d.path().join("c.toml"), scenario).unwrap();
    let csv = d.path().join("c.csv");
    ok(umpire()
        .arg("export")
        .arg(d.path().join("c.toml"))
        .arg("--out")
        .arg(&csv)
        .output()
        .unwrap());
    assert!(
        std::fs::read_to_string(&csv)
            .unwrap()
            .contains("\"'=SUM(A1), \"\"the\"\" tanker\""),
        "the formula guard"
    );
    ok(import(
        d.path(),
        &csv,
        &["--name", "Convoy", "--start", "0600"],
    ));
    let want = comparable(parse_scenario("c.toml", scenario).unwrap());
    assert_eq!(read(&d.path().join("out.toml")), want);
}

/// A submarine's depths and a ship's crew go round a roster too (they were lost before).
#[test]
fn a_submarine_and_a_crew_go_round() {
    let d = tempfile::tempdir().unwrap();
    let scenario = r#"[scenario]
name = "Patrol"
ruleset = "fgdn-1.1"
start = "0600"

[[ship]]
id = "u9"
name = "U 9"
side = "German"
type = "submarine"
size = "F"
dp = 6
speed = 14
in_service = 1910
nation = "Germany"
depth = "periscope"
max_depth = "intermediate_2"
crew = 29

[[ship]]
id = "aboukir"
name = "Aboukir"
side = "British"
size = "B"
dp = 60
speed = 21
in_service = 1902
crew = 760
"#;
    std::fs::write(d.path().join("p.toml"), scenario).unwrap();
    let csv = d.path().join("p.csv");
    ok(umpire()
        .arg("export")
        .arg(d.path().join("p.toml"))
        .arg("--out")
        .arg(&csv)
        .output()
        .unwrap());
    let text = std::fs::read_to_string(&csv).unwrap();
    assert!(text.contains(",periscope,intermediate_2,"), "{text}");
    ok(import(
        d.path(),
        &csv,
        &["--name", "Patrol", "--start", "0600"],
    ));
    let want = comparable(parse_scenario("p.toml", scenario).unwrap());
    assert_eq!(read(&d.path().join("out.toml")), want);
}

/// Flights and airships go round a roster with their figures (`type`, `flight`, `airship`);
/// compared ship by ship (a roster holds no `[options]`).
#[test]
fn flights_and_airships_go_round() {
    let d = tempfile::tempdir().unwrap();
    let csv = d.path().join("av.csv");
    ok(umpire()
        .args(["export", "saves/aviation.toml", "--out"])
        .arg(&csv)
        .output()
        .unwrap());
    let text = std::fs::read_to_string(&csv).unwrap();
    assert!(
        text.contains(",flight,") && text.contains(",airship,"),
        "{text}"
    );
    ok(import(d.path(), &csv, &["--name", "x", "--start", "0400"]));
    let want = comparable(
        parse_scenario(
            "aviation.toml",
            &std::fs::read_to_string("saves/aviation.toml").unwrap(),
        )
        .unwrap(),
    );
    assert_eq!(read(&d.path().join("out.toml")).ships, want.ships);
}

/// Every bad cell with its row and column; nothing written.
#[test]
fn bad_cells_are_each_reported_and_nothing_is_written() {
    let d = tempfile::tempdir().unwrap();
    let csv = d.path().join("r.csv");
    std::fs::write(
        &csv,
        "name,side,size,dp,speed,in_service,armed\n\
         Alpha,Blue,C,3x,30,1915,yes\n\
         Bravo,Blue,C,40,30,1915,maybe\n\
         ,Red,C,40,30,1915,no\n",
    )
    .unwrap();
    let o = import(d.path(), &csv, &[]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    let e = err(&o);
    let name = csv.display();
    for want in [
        format!("{name}: row 2, column D (dp): expected a whole number (like 39), found \"3x\""),
        format!("{name}: row 3, column G (armed): expected yes or no, found \"maybe\""),
        format!("{name}: row 4, column A (name): expected the ship's name"),
        "nothing written: 3 problems in the roster".to_string(),
    ] {
        assert!(e.contains(&want), "want {want}\n{e}");
    }
    assert!(!d.path().join("out.toml").exists());
    // The rules' own checks are reported at the cell too.
    std::fs::write(
        &csv,
        "name,side,size,dp,speed,in_service,class\n\
         Alpha,Blue,Q,0,30,1915,\n\
         Bravo,Blue,,,,,nosuch\n",
    )
    .unwrap();
    let o = import(d.path(), &csv, &[]);
    let e = err(&o);
    for want in [
        format!("{name}: row 2, column C (size): ship \"alpha\": key \"size\": unknown size class \"Q\""),
        format!("{name}: row 2, column D (dp): ship \"alpha\": key \"dp\": 0 must be 1-100000"),
        format!("{name}: row 3, column G (class): ship \"bravo\": key \"class\": no class \"nosuch\""),
    ] {
        assert!(e.contains(&want), "want {want}\n{}", text(&o));
    }
    assert!(!d.path().join("out.toml").exists());
}

/// A row per class with a count, the classes from a class file or the library.
#[test]
fn a_row_per_class_with_a_count() {
    let d = tempfile::tempdir().unwrap();
    let o = ok(import(
        d.path(),
        Path::new("docs/examples/roster-template.csv"),
        &["--classes", "docs/examples/classes-demo.toml"],
    ));
    assert!(out(&o).starts_with("wrote 5 ships"), "{}", text(&o));
    let o = ok(umpire()
        .args(["status", "--json"])
        .arg(d.path().join("out.toml"))
        .output()
        .unwrap());
    let status = out(&o);
    for id in ["hms-whitley", "german-torpedo-boat-2"] {
        assert!(status.contains(id), "{id}: {status}");
    }
    // From the library instead.
    let lib = d.path().join("cfg/classes/fgdn-1.1");
    std::fs::create_dir_all(&lib).unwrap();
    std::fs::copy("docs/examples/classes-demo.toml", lib.join("demo.toml")).unwrap();
    let o = ok(umpire()
        .env("UMPIRE_CONFIG_DIR", d.path().join("cfg"))
        .args([
            "import",
            "docs/examples/roster-demo.csv",
            "--ruleset",
            "fgdn-1.1",
            "--out",
        ])
        .arg(d.path().join("lib.toml"))
        .args(DEMO_SETTINGS)
        .output()
        .unwrap());
    assert!(out(&o).starts_with("wrote 10 ships"), "{}", text(&o));
}

#[test]
fn an_existing_file_needs_force_and_a_save_is_never_replaced() {
    let d = tempfile::tempdir().unwrap();
    let csv = d.path().join("r.csv");
    std::fs::write(
        &csv,
        "name,side,size,dp,speed,in_service\nA,Blue,C,40,30,1915\n",
    )
    .unwrap();
    std::fs::write(d.path().join("out.toml"), "old").unwrap();
    let o = import(d.path(), &csv, &[]);
    assert!(err(&o).contains("already exists"), "{}", text(&o));
    assert_eq!(
        std::fs::read_to_string(d.path().join("out.toml")).unwrap(),
        "old"
    );
    ok(import(d.path(), &csv, &["--force"]));
    ok(umpire()
        .args(["demo"])
        .arg(d.path().join("save.toml"))
        .output()
        .unwrap());
    let script = d.path().join("s.umpire");
    std::fs::write(&script, "next\n").unwrap();
    ok(umpire()
        .arg("run")
        .arg(d.path().join("save.toml"))
        .arg("--script")
        .arg(&script)
        .output()
        .unwrap());
    let o = umpire()
        .arg("import")
        .arg(&csv)
        .args(["--ruleset", "fgdn-1.1", "--force", "--out"])
        .arg(d.path().join("save.toml"))
        .output()
        .unwrap();
    assert!(err(&o).contains("is a save"), "{}", text(&o));
    // export never replaces a battle either.
    let o = umpire()
        .args(["export", "saves/demo.toml", "--force", "--out"])
        .arg(d.path().join("save.toml"))
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
}

/// `import` warns of what `check` warns of in a scenario the rules accept (one hook,
/// `Registered::setup_warnings`: FG&DN's side of one ship that looks like a typo).
#[test]
fn import_warns_as_check_does() {
    let d = tempfile::tempdir().unwrap();
    let csv = d.path().join("r.csv");
    std::fs::write(
        &csv,
        "name,side,class\nHMS Wakeful,British,w-class\nHMS Whitley,British,w-class\nHMS Walrus,Brittish,w-class\nSMS S53,German,s53\n",
    )
    .unwrap();
    let o = ok(import(
        d.path(),
        &csv,
        &["--classes", "docs/examples/classes-demo.toml"],
    ));
    let warning = "side \"Brittish\" has only this ship: did you mean \"British\"?";
    assert!(err(&o).contains(warning), "{}", text(&o));
    let o = ok(umpire()
        .arg("check")
        .arg(d.path().join("out.toml"))
        .output()
        .unwrap());
    assert!(err(&o).contains(warning), "{}", text(&o));
}
