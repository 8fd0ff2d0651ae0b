//! SPEC 9 for every ruleset: `umpire import ROSTER.csv --ruleset ID` and `umpire export`, written
//! once (`core::roster`, `cli::roster`) with each ruleset's columns as data in its folder. Per
//! ruleset: its template imports to a battle `umpire check` accepts and the dashboard opens, its
//! demo goes round a roster unchanged, a bad cell of each kind and a rule's own check are
//! reported at their row and column with nothing written. FG&DN's own tests are `tests/roster.rs`.
mod board_common;
mod cli_common;
mod common;
mod screen_common;

use board_common::TestBoard;
use cli_common::{err, ok, out, text};
use common::umpire;
use std::path::{Path, PathBuf};
use umpire::core::board::Board;
use umpire::rulesets::aage::game::Aage;
use umpire::rulesets::dnb::game::Dnb;
use umpire::rulesets::late19::game::Late19;
use umpire::rulesets::quickfire::game::Quickfire;

fn import(roster: &Path, ruleset: &str, out: &Path, extra: &[&str]) -> std::process::Output {
    umpire()
        .arg("import")
        .arg(roster)
        .args(["--ruleset", ruleset, "--out"])
        .arg(out)
        .args(extra)
        .output()
        .unwrap()
}

fn export(file: &Path, out: &Path) -> String {
    ok(umpire()
        .arg("export")
        .arg(file)
        .arg("--out")
        .arg(out)
        .output()
        .unwrap());
    std::fs::read_to_string(out).unwrap()
}

fn template(ruleset: &str) -> PathBuf {
    PathBuf::from(format!("docs/examples/roster-{ruleset}.csv"))
}

/// The template imports; `umpire check` accepts the battle; the dashboard opens it and shows
/// `ship` (a name from the template).
fn template_opens<R: Board>(ship: &str, ships: usize) {
    let d = tempfile::tempdir().unwrap();
    let file = d.path().join("battle.toml");
    let o = ok(import(&template(R::ID), R::ID, &file, &[]));
    assert!(
        out(&o).starts_with(&format!("wrote {ships} ships to ")),
        "{}",
        text(&o)
    );
    let o = ok(umpire().arg("check").arg(&file).output().unwrap());
    assert!(out(&o).contains(": ok"), "{}", text(&o));
    let scenario = std::fs::read_to_string(&file).unwrap();
    assert!(
        scenario.contains("ESTIMATE"),
        "the notes are kept:\n{scenario}"
    );
    let tables = umpire::session::tables_for::<R>(None).unwrap();
    let mut board = TestBoard::<R>::open(&scenario, tables);
    let screen = board.screen(160, 48);
    assert!(screen.contains(ship), "{ship}:\n{screen}");
}

/// The demo exported, imported and exported again: the same roster, and the same ships in the
/// status of both battles.
fn demo_round_trip(demo: &str) {
    let d = tempfile::tempdir().unwrap();
    let ruleset = umpire::core::ruleset::sniff(&std::fs::read_to_string(demo).unwrap()).unwrap();
    let first = export(Path::new(demo), &d.path().join("a.csv"));
    let file = d.path().join("a.toml");
    ok(import(&d.path().join("a.csv"), ruleset, &file, &[]));
    assert_eq!(export(&file, &d.path().join("b.csv")), first);
    let status = |f: &Path| -> serde_json::Value {
        let o = ok(umpire().args(["status", "--json"]).arg(f).output().unwrap());
        serde_json::from_str::<serde_json::Value>(&out(&o)).unwrap()["ships"].clone()
    };
    assert_eq!(status(&file), status(Path::new(demo)));
    // The template goes round too.
    let t = export(
        &{
            let f = d.path().join("t.toml");
            ok(import(&template(ruleset), ruleset, &f, &[]));
            f
        },
        &d.path().join("t.csv"),
    );
    let f2 = d.path().join("t2.toml");
    ok(import(&d.path().join("t.csv"), ruleset, &f2, &[]));
    assert_eq!(export(&f2, &d.path().join("t2.csv")), t);
}

/// `csv` refused with each of `want` (the roster's name before each) and nothing written.
fn refused(ruleset: &str, csv: &str, want: &[&str]) {
    let d = tempfile::tempdir().unwrap();
    let roster = d.path().join("r.csv");
    std::fs::write(&roster, csv).unwrap();
    let file = d.path().join("out.toml");
    let o = import(&roster, ruleset, &file, &[]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    let e = err(&o);
    for w in want {
        let w = format!("{}: {w}", roster.display());
        assert!(e.contains(&w), "want {w}\n{e}");
    }
    assert!(e.contains("nothing written"), "{e}");
    assert!(!file.exists());
}

// ---- dnb-standard

#[test]
fn dnb_template_imports_checks_and_opens() {
    template_opens::<Dnb>("Prince of Wales", 6);
}

#[test]
fn dnb_demo_goes_round_a_roster_unchanged() {
    demo_round_trip("saves/demo-dnb.toml");
}

#[test]
fn dnb_bad_cells_name_row_and_column() {
    refused(
        "dnb-standard",
        "name,side,front.si,count\nA,Blue,six,\nB,Blue,6,0\n",
        &[
            "row 2, column C (front.si): expected a whole number (like 39), found \"six\"",
            "row 3, column D (count): expected how many ships of this row, 1-500, found \"0\"",
        ],
    );
}

/// 2.5c/2.9: a gun rating needs the printed range; the check is D&B's, the cell the roster's.
#[test]
fn dnb_rule_checks_are_reported_at_their_cell() {
    refused(
        "dnb-standard",
        "name,side,front.gun_rating,front.weight_of_fire,front.si,front.max_range,front.speed,front.maneuver\n\
         Alpha,Blue,5,6,6,16,5,1\n\
         Bravo,Red,2,2,1,0,7,2\n",
        &["row 3, column F (front.max_range): ship \"bravo\": front.max_range: 0 with gun_rating 2: give the printed range in hexes"],
    );
}

/// D&B has classes (SPEC 9): a row per class with a count, the counter from `--classes`; the
/// export writes the counter out.
#[test]
fn dnb_rows_per_class_with_a_count() {
    let d = tempfile::tempdir().unwrap();
    let classes = d.path().join("classes.toml");
    // Electra's counter of the demo (every value ESTIMATE there).
    std::fs::write(
        &classes,
        "ruleset = \"dnb-standard\"\n\n[[class]]\nid = \"e-class\"\nname = \"E class destroyer\"\nfront = { gun_rating = 2, weight_of_fire = 2, si = 1, torpedo_rating = 3, max_range = 8, speed = 7, maneuver = 2 }\n",
    )
    .unwrap();
    let roster = d.path().join("r.csv");
    std::fs::write(&roster, "name,side,class,count\n,British,e-class,3\n").unwrap();
    let file = d.path().join("out.toml");
    let o = ok(import(
        &roster,
        "dnb-standard",
        &file,
        &["--classes", classes.to_str().unwrap()],
    ));
    assert!(out(&o).starts_with("wrote 3 ships"), "{}", text(&o));
    let scenario = std::fs::read_to_string(&file).unwrap();
    assert!(
        scenario.contains("classes = [\"classes.toml\"]")
            && scenario.contains("id = \"e-class-3\"\nname = \"e-class 3\""),
        "{scenario}"
    );
    let csv = export(&file, &d.path().join("x.csv"));
    assert!(
        csv.contains("e-class-2,e-class 2,British,,,,2,2,1,3,8,7,2,"),
        "{csv}"
    );
    // A class found nowhere is reported at its cell.
    std::fs::write(&roster, "name,side,class\nA,British,f-class\n").unwrap();
    let o = import(&roster, "dnb-standard", &d.path().join("no.toml"), &[]);
    assert!(
        err(&o).contains(&format!(
            "{}: row 2, column C (class): ship \"a\": class: no class \"f-class\"",
            roster.display()
        )),
        "{}",
        text(&o)
    );
}

// ---- late19-naval

#[test]
fn late19_template_imports_checks_and_opens() {
    template_opens::<Late19>("Dingyuan", 8);
}

#[test]
fn late19_demo_goes_round_a_roster_unchanged() {
    demo_round_trip("saves/demo-late19.toml");
}

#[test]
fn late19_bad_cells_name_row_and_column() {
    refused(
        "late19-naval",
        "name,side,type,main_guns,torpedoes\nA,Blue,dreadnought,4,yes\nB,Red,gunboat,two,perhaps\n",
        &[
            "row 2, column C (type): expected one of battleship, ironclad, armoured_cruiser, protected_cruiser, torpedo_boat, gunboat, found \"dreadnought\"",
            "row 3, column D (main_guns): expected a whole number (like 39), found \"two\"",
            "row 3, column E (torpedoes): expected yes or no, found \"perhaps\"",
        ],
    );
}

#[test]
fn late19_rule_checks_are_reported_at_their_cell() {
    // An id made from the name is the name's cell's.
    refused(
        "late19-naval",
        "name,side,type,main_guns\nAlpha,Blue,ironclad,200\nAt,Red,gunboat,1\n",
        &[
            "row 2, column D (main_guns): ship \"alpha\": main_guns: 200 is more than 99",
            "row 3, column A (name): ship \"at\": id: \"at\" is a word of the commands",
        ],
    );
}

/// A ruleset without classes says so for the class column and `--classes`, and has no sea
/// state.
#[test]
fn a_ruleset_without_classes_refuses_a_class_column_and_sea_state() {
    refused(
        "late19-naval",
        "name,side,class\nA,Blue,x\n",
        &["row 1, column C (class): late19-naval scenarios have no ship classes: give each row its figures (columns: id, name, side, count, type, main_guns, secondary_guns, torpedoes, note)"],
    );
    let d = tempfile::tempdir().unwrap();
    let o = import(
        &template("quickfire-1.1"),
        "quickfire-1.1",
        &d.path().join("o.toml"),
        &[
            "--sea-state",
            "3",
            "--classes",
            "docs/examples/classes-demo.toml",
        ],
    );
    assert_eq!(
        err(&o),
        "umpire: --sea-state: quickfire-1.1 scenarios have no sea state\n--classes: quickfire-1.1 scenarios have no ship classes: give each row its figures\n",
        "{}",
        text(&o)
    );
    assert!(!d.path().join("o.toml").exists());
}

// ---- quickfire-1.1

#[test]
fn quickfire_template_imports_checks_and_opens() {
    template_opens::<Quickfire>("Mikasa", 6);
}

#[test]
fn quickfire_demo_goes_round_a_roster_unchanged() {
    demo_round_trip("saves/demo-quickfire.toml");
}

#[test]
fn quickfire_bad_cells_name_row_and_column() {
    refused(
        "quickfire-1.1",
        "name,side,speed,speed_boxes,torpedo_craft\nA,Blue,6 inches,,no\nB,Red,,1;2;x,sometimes\n",
        &[
            "row 2, column C (speed): expected a number (like 5.75), found \"6 inches\"",
            "row 3, column D (speed_boxes): expected numbers separated by ; (like 0.75;1.5;2.25), found \"1;2;x\"",
            "row 3, column E (torpedo_craft): expected yes or no, found \"sometimes\"",
        ],
    );
}

/// « 3.0: the black ROF die is a D6; « 2.1: a ship's speed or its eight boxes.
#[test]
fn quickfire_rule_checks_are_reported_at_their_cell() {
    refused(
        "quickfire-1.1",
        "id,name,side,size,gunnery.heavy,gunnery.light,armor.heavy,armor.light,rof.heavy,rof.light,speed,speed_boxes\n\
         a,A,Blue,9,20,10,12,14,7,6,6,\n\
         b,B,Red,9,20,10,12,14,5,6,,1;2;3\n",
        &[
            "row 2, column I (rof.heavy): ship \"a\": rof.heavy: 7 is more than 6 (the black ROF die is a D6)",
            "row 3, column L (speed_boxes): ship \"b\": speed_boxes: 3 values; the log has eight boxes",
        ],
    );
}

// ---- aage-qr-2020

#[test]
fn aage_template_imports_checks_and_opens() {
    template_opens::<Aage>("Mikasa", 8);
}

#[test]
fn aage_demo_goes_round_a_roster_unchanged() {
    demo_round_trip("saves/demo-aage.toml");
}

/// A squadron is the rows with its id; what they say of it must agree.
#[test]
fn aage_bad_cells_name_row_and_column() {
    refused(
        "aage-qr-2020",
        "name,side,squadron,squadron_crew,type,speed,flagship\n\
         A,Japan,1bs,elite,B,18,yes\n\
         B,Russia,1bs,,B,fast,maybe\n\
         C,Japan,,,B,18,no\n",
        &[
            "row 2, column D (squadron_crew): expected one of superior, standard, inferior, found \"elite\"",
            "row 3, column B (side): squadron \"1bs\" has side \"Japan\" (row 2): one value for all its rows",
            "row 3, column F (speed): expected a whole number (like 39), found \"fast\"",
            "row 3, column G (flagship): expected yes or no, found \"maybe\"",
            "row 4, column C (squadron): expected the id of the ship's squadron (rows with the same id make one)",
        ],
    );
    // A squadron no row gives a side.
    refused(
        "aage-qr-2020",
        "name,side,squadron,type,speed\nA,,1bs,B,18\n",
        &["row 2, column B (side): missing field `side`"],
    );
    let d = tempfile::tempdir().unwrap();
    let roster = d.path().join("r.csv");
    std::fs::write(&roster, "name,side,type\nA,Japan,B\n").unwrap();
    let o = import(&roster, "aage-qr-2020", &d.path().join("o.toml"), &[]);
    assert!(
        err(&o).contains(
            "row 1: no \"squadron\" column (every aage-qr-2020 roster has name, side, squadron)"
        ),
        "{}",
        text(&o)
    );
}

/// 5.5's ship types and 5.2's gun classes are the rules' checks, reported at their cells, as is
/// a squadron's (its id is the squadron cell's).
#[test]
fn aage_rule_checks_are_reported_at_their_cell() {
    refused(
        "aage-qr-2020",
        "name,side,squadron,type,speed,main\n\
         A,Japan,1bs,XX,18,G\n\
         B,Russia,range,B,120,Z\n",
        &[
            "row 2, column D (type): ship \"a\": type: \"XX\" is not a ship type of 5.5 (B, CB, ACL, TSL, AC, C, TS, CL, DD, GB, TB)",
            "row 3, column C (squadron): squadron \"range\": id: \"range\" is a word of the commands",
            "row 3, column E (speed): ship \"b\": speed: 120 knots is more than 99",
            "row 3, column F (main): ship \"b\": main: \"Z\" is not a gun class of 5.2 (A to I)",
        ],
    );
}

// ---- every ruleset

#[test]
fn an_unknown_ruleset_is_refused_and_nothing_written() {
    let d = tempfile::tempdir().unwrap();
    let file = d.path().join("o.toml");
    let o = import(&template("dnb-standard"), "dnb", &file, &[]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert_eq!(
        err(&o),
        "umpire: --ruleset: \"dnb\" is not a ruleset this console knows (known: fgdn-1.1, dnb-standard, late19-naval, quickfire-1.1, aage-qr-2020)\n"
    );
    assert!(!file.exists());
}

/// `--start` is the ruleset's: a turn number for a numbered-turn ruleset (default 1), checked
/// by its parser.
#[test]
fn the_start_is_a_turn_number_for_a_numbered_turn_ruleset() {
    let d = tempfile::tempdir().unwrap();
    let file = d.path().join("o.toml");
    ok(import(
        &template("late19-naval"),
        "late19-naval",
        &file,
        &["--start", "3", "--seed", "7", "--name", "Yalu"],
    ));
    let written = std::fs::read_to_string(&file).unwrap();
    assert!(
        written.contains("name = \"Yalu\"\nruleset = \"late19-naval\"\nstart = \"3\"\nseed = 7\n"),
        "{written}"
    );
    let o = import(
        &template("late19-naval"),
        "late19-naval",
        &d.path().join("p.toml"),
        &["--start", "1200x"],
    );
    assert!(
        err(&o).contains("[scenario] start: \"1200x\" is not a turn number"),
        "{}",
        text(&o)
    );
}

/// A key the ship lacks is reported at its column, or names the columns to fill.
#[test]
fn a_missing_figure_names_its_column() {
    refused(
        "late19-naval",
        "name,side,type\nA,Blue,\n",
        &["row 2, column C (type): missing field `type`"],
    );
    refused(
        "dnb-standard",
        "name,side\nA,Blue\n",
        &["row 2: missing field `front`: fill the columns front.gun_rating, front.weight_of_fire, front.si, front.torpedo_rating, front.max_range, front.speed, front.maneuver"],
    );
}

/// Every known ruleset has a roster, and its `class` column is there exactly when its
/// scenarios have classes (`Ruleset::check_classes`).
#[test]
fn every_ruleset_has_a_roster_with_classes_where_its_scenarios_have_them() {
    struct Classes;
    impl umpire::rulesets::Visitor for Classes {
        type Out = (bool, bool);
        fn visit<R: umpire::rulesets::Registered>(self) -> (bool, bool) {
            (
                R::ROSTER.has_classes(),
                R::check_classes("c.toml", "").is_ok(),
            )
        }
    }
    for id in umpire::core::ruleset::RULESETS {
        let (roster, scenario) = umpire::rulesets::visit(id, Classes).unwrap();
        assert_eq!(roster, scenario, "{id}");
    }
}

/// `--out` is refused when it exists (without `--force`) and when it is a save, for every
/// ruleset; `export` reads a save of one as it reads its scenario.
#[test]
fn out_rules_and_a_save_for_a_numbered_turn_ruleset() {
    let d = tempfile::tempdir().unwrap();
    let save = d.path().join("save.toml");
    let script = d.path().join("s.umpire");
    std::fs::write(&script, "next\n").unwrap();
    ok(umpire()
        .args(["run", "saves/demo-quickfire.toml", "--script"])
        .arg(&script)
        .arg("--save")
        .arg(&save)
        .output()
        .unwrap());
    assert_eq!(
        export(&save, &d.path().join("save.csv")),
        export(
            Path::new("saves/demo-quickfire.toml"),
            &d.path().join("demo.csv")
        )
    );
    let t = template("quickfire-1.1");
    let o = import(&t, "quickfire-1.1", &save, &["--force"]);
    assert!(err(&o).contains("is a save"), "{}", text(&o));
    let file = d.path().join("o.toml");
    std::fs::write(&file, "old").unwrap();
    let o = import(&t, "quickfire-1.1", &file, &[]);
    assert!(err(&o).contains("already exists"), "{}", text(&o));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "old");
    ok(import(&t, "quickfire-1.1", &file, &["--force"]));
}
