//! Ship classes (SPEC 9): `[[class]]` blocks in the scenario, in class files it names and in the
//! user's class library; `umpire check` on classes; what a save holds.
use std::path::Path;

mod cli_common;
mod common;
use cli_common::{err, ok, out, text};
use common::umpire;
use umpire::rulesets::fgdn::scenario::{parse_scenario, ShipSpec};
use umpire::rulesets::fgdn::tables::Tables;
use umpire::session::Battle;

const CLASSES: &str = include_str!("../docs/examples/classes-demo.toml");
const BATTLE: &str = include_str!("../docs/examples/classes-battle.toml");

fn without_lines(ships: &[ShipSpec]) -> Vec<ShipSpec> {
    ships
        .iter()
        .map(|s| ShipSpec {
            line: 0,
            ..s.clone()
        })
        .collect()
}

fn tables() -> Tables {
    Tables::builtin()
}

/// The demo written with classes is the demo: the same ships, figure for figure.
#[test]
fn the_demo_with_classes_reads_as_the_demo() {
    let b = Battle::open(Path::new("docs/examples/classes-battle.toml"), tables()).unwrap();
    let demo = parse_scenario("demo.toml", common::DEMO).unwrap();
    assert_eq!(without_lines(&b.scenario.ships), without_lines(&demo.ships));
    assert_eq!(b.scenario.clock, demo.clock);
    assert_eq!(b.scenario.rules, demo.rules);
    // The battle's text holds the nine classes it uses, and no longer names the file.
    assert!(!b.scenario_text.contains("classes = ["));
    assert_eq!(b.scenario_text.matches("[[class]]").count(), 9);
    // ... and reads to the same ships on its own, with no class file at hand.
    let alone = parse_scenario("saved.toml", &b.scenario_text).unwrap();
    assert_eq!(without_lines(&alone.ships), without_lines(&demo.ships));
}

fn dir_with(files: &[(&str, &str)]) -> tempfile::TempDir {
    let d = tempfile::tempdir().unwrap();
    for (name, text) in files {
        let p = d.path().join(name);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
    d
}

/// A save started from a scenario with class files embeds them: it replays after the class file
/// is gone or changed.
#[test]
fn a_save_holds_its_classes_and_replays_without_the_class_file() {
    let d = dir_with(&[("b.toml", BATTLE), ("classes-demo.toml", CLASSES)]);
    let script = d.path().join("s.umpire");
    std::fs::write(&script, "next\nhit tiger 30\n").unwrap();
    let save = d.path().join("save.toml");
    ok(umpire()
        .arg("run")
        .arg(d.path().join("b.toml"))
        .arg("--script")
        .arg(&script)
        .arg("--save")
        .arg(&save)
        .output()
        .unwrap());
    let before = out(&ok(umpire()
        .args(["status", "--json"])
        .arg(&save)
        .output()
        .unwrap()));
    std::fs::write(
        d.path().join("classes-demo.toml"),
        CLASSES.replace("dp = 501", "dp = 999"),
    )
    .unwrap();
    let after = out(&ok(umpire()
        .args(["status", "--json"])
        .arg(&save)
        .output()
        .unwrap()));
    assert_eq!(before, after, "a class file edited later changes no battle");
    std::fs::remove_file(d.path().join("classes-demo.toml")).unwrap();
    let o = ok(umpire().arg("check").arg(&save).output().unwrap());
    assert!(out(&o).ends_with(": ok\n"), "{}", text(&o));
    // Running a script in place on the scenario would leave a save without its classes.
    std::fs::write(d.path().join("classes-demo.toml"), CLASSES).unwrap();
    let o = umpire()
        .arg("run")
        .arg(d.path().join("b.toml"))
        .arg("--script")
        .arg(&script)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(
        err(&o).contains("a battle's save must hold them"),
        "{}",
        text(&o)
    );
}

const SHIP_OF_CLASS: &str = "[scenario]\nname = \"T\"\nruleset = \"fgdn-1.1\"\nstart = \"1200\"\n\n[[ship]]\nid = \"a\"\nname = \"A\"\nside = \"Blue\"\nclass = \"w-class\"\n";

/// The library (UMPIRE_CONFIG_DIR/classes/fgdn-1.1/*.toml) gives a class no file names; a bad
/// class there is reported with its file, line and key.
#[test]
fn the_class_library_is_read_and_checked() {
    let d = dir_with(&[
        ("s.toml", SHIP_OF_CLASS),
        ("cfg/classes/fgdn-1.1/demo.toml", CLASSES),
    ]);
    let o = ok(umpire()
        .env("UMPIRE_CONFIG_DIR", d.path().join("cfg"))
        .args(["status", "--json"])
        .arg(d.path().join("s.toml"))
        .output()
        .unwrap());
    assert!(
        out(&o).contains("\"dp\":39") || out(&o).contains("\"dp\": 39"),
        "{}",
        text(&o)
    );
    // Without the library the class is unknown.
    let o = umpire()
        .arg("check")
        .arg(d.path().join("s.toml"))
        .output()
        .unwrap();
    assert!(
        err(&o).contains("key \"class\": no class \"w-class\""),
        "{}",
        text(&o)
    );
    // A bad figure in a library class: its file, line and key.
    let lib = d.path().join("cfg/classes/fgdn-1.1/demo.toml");
    let bad = CLASSES.replacen("speed = 34", "speed = 340", 1);
    std::fs::write(&lib, &bad).unwrap();
    let line = bad
        .lines()
        .position(|l| l.starts_with("speed = 340"))
        .unwrap()
        + 1;
    let o = umpire()
        .env("UMPIRE_CONFIG_DIR", d.path().join("cfg"))
        .arg("check")
        .arg(d.path().join("s.toml"))
        .output()
        .unwrap();
    let want = format!(
        "{}:{line}: class \"w-class\": key \"speed\": 340 knots is not a ship's speed (0-80)",
        lib.display()
    );
    assert!(err(&o).contains(&want), "want {want}\n{}", text(&o));
    // `umpire check` on the class file itself says the same.
    let o = umpire().arg("check").arg(&lib).output().unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(err(&o).contains(&want), "{}", text(&o));
}

/// A named class file comes before the library; a class file the scenario names must exist.
#[test]
fn named_class_files_come_before_the_library() {
    let named = CLASSES.replace("dp = 39 ", "dp = 40 ");
    let scenario = SHIP_OF_CLASS.replace(
        "start = \"1200\"\n",
        "start = \"1200\"\nclasses = [\"mine/w.toml\"]\n",
    );
    let d = dir_with(&[
        ("s.toml", &scenario),
        ("mine/w.toml", &named),
        ("cfg/classes/fgdn-1.1/demo.toml", CLASSES),
    ]);
    let b = {
        std::env::set_var("UMPIRE_CONFIG_DIR", d.path().join("cfg"));
        let b = Battle::open(&d.path().join("s.toml"), tables()).unwrap();
        std::env::remove_var("UMPIRE_CONFIG_DIR");
        b
    };
    assert_eq!(b.scenario.ships[0].dp, 40);
    std::fs::remove_file(d.path().join("mine/w.toml")).unwrap();
    let o = umpire()
        .arg("check")
        .arg(d.path().join("s.toml"))
        .output()
        .unwrap();
    assert!(
        err(&o).contains("w.toml: cannot read the class file"),
        "{}",
        text(&o)
    );
}

#[test]
fn the_example_class_file_checks() {
    let o = ok(umpire()
        .args([
            "check",
            "docs/examples/classes-demo.toml",
            "docs/examples/classes-battle.toml",
        ])
        .output()
        .unwrap());
    assert_eq!(
        out(&o),
        "docs/examples/classes-demo.toml: ok\ndocs/examples/classes-battle.toml: ok\n"
    );
}

const DNB_CLASSES: &str = r#"# Counter values are ESTIMATE placeholders, as in saves/demo-dnb.toml: copy your counters'.
ruleset = "dnb-standard"

[[class]]
id = "kgv"
name = "King George V"
nation = "United Kingdom"
front = { gun_rating = 5, weight_of_fire = 6, si = 6, torpedo_rating = 0, max_range = 16, speed = 5, maneuver = 1 }
back = { gun_rating = 3, weight_of_fire = 5, si = 5, torpedo_rating = 0, max_range = 16, speed = 4, maneuver = 1 }
"#;

const DNB_SCENARIO: &str = r#"[scenario]
name = "T"
ruleset = "dnb-standard"
start = "1"
classes = ["dnb-classes.toml"]

[[ship]]
id = "pow"
name = "Prince of Wales"
side = "British"
class = "kgv"

[[ship]]
id = "kgv"
name = "King George V"
side = "British"
class = "kgv"
back = { gun_rating = 2, weight_of_fire = 5, si = 4, torpedo_rating = 0, max_range = 16, speed = 4, maneuver = 1 }

[[ship]]
id = "bis"
name = "Bismarck"
side = "German"
front = { gun_rating = 5, weight_of_fire = 6, si = 6, torpedo_rating = 0, max_range = 16, speed = 5, maneuver = 1 }
"#;

/// D&B ships take their counters from a class the same way (SPEC 9: each ruleset its own
/// fields); a bad counter value in a class is reported naming the class file, class and key.
#[test]
fn dnb_ships_take_their_counters_from_classes() {
    use umpire::rulesets::dnb::{game::Dnb, Tables as DnbTables};
    let d = dir_with(&[("s.toml", DNB_SCENARIO), ("dnb-classes.toml", DNB_CLASSES)]);
    let b = umpire::session::Session::<Dnb>::open(
        &d.path().join("s.toml"),
        DnbTables::builtin().unwrap(),
    )
    .unwrap();
    let ships = &b.scenario.state.ships;
    assert_eq!(ships[0].spec.front.si, 6);
    assert_eq!(ships[0].spec.nation.as_deref(), Some("United Kingdom"));
    assert_eq!(
        ships[1].spec.back.as_ref().unwrap().si,
        4,
        "the ship's own back"
    );
    assert_eq!(ships[2].spec.back, None);
    assert!(b.scenario_text.contains("# class \"kgv\" from"));
    let o = ok(umpire()
        .arg("check")
        .arg(d.path().join("s.toml"))
        .arg(d.path().join("dnb-classes.toml"))
        .output()
        .unwrap());
    assert!(out(&o).contains("dnb-classes.toml: ok"), "{}", text(&o));
    std::fs::write(
        d.path().join("dnb-classes.toml"),
        DNB_CLASSES.replacen("si = 6", "si = 600", 1),
    )
    .unwrap();
    for f in ["s.toml", "dnb-classes.toml"] {
        let o = umpire()
            .arg("check")
            .arg(d.path().join(f))
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(2), "{}", text(&o));
        assert!(
            err(&o).contains("class \"kgv\": front.si: 600 is not a counter value (0-99)"),
            "{}",
            text(&o)
        );
    }
}

/// A D&B class file in its library folder (`<config>/umpire/classes/dnb-standard/`, named as
/// D&B's table files' folder is) is checked as a class file, not as a D&B table file; an A&A
/// table file of `[[class]]` rows (its gun classes) is still a table file.
#[test]
fn a_class_file_in_a_folder_named_by_a_ruleset_checks_as_a_class_file() {
    let d = dir_with(&[("cfg/umpire/classes/dnb-standard/kgv.toml", DNB_CLASSES)]);
    let lib = d.path().join("cfg/umpire/classes/dnb-standard/kgv.toml");
    let o = ok(umpire().arg("check").arg(&lib).output().unwrap());
    assert_eq!(out(&o), format!("{}: ok\n", lib.display()), "{}", text(&o));
    std::fs::write(&lib, DNB_CLASSES.replacen("si = 6", "si = 600", 1)).unwrap();
    let o = umpire().arg("check").arg(&lib).output().unwrap();
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(
        err(&o).contains("class \"kgv\": front.si: 600 is not a counter value (0-99)"),
        "{}",
        text(&o)
    );
    let guns = ok(umpire()
        .args(["check", "tables/aage-qr-2020/gun_damage.toml"])
        .output()
        .unwrap());
    assert!(
        err(&guns).contains("gun_damage.toml class G short: unknown"),
        "{}",
        text(&guns)
    );
}
