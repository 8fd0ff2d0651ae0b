//! SPEC 8: the headless faces on a late-19th-century naval battle (`late19-naval`): demo, run,
//! status --json, log, check (the table cells not printed in the text), report, and the clear
//! refusals (carry, a bad command).
mod common;

use common::{run_script as run, umpire};
use serde_json::Value;

fn demo(dir: &std::path::Path) -> std::path::PathBuf {
    common::demo_file(dir, "late19-naval", "l19.toml")
}

#[test]
fn the_late19_demo_plays_headless_run_status_log_check_report() {
    let dir = tempfile::tempdir().unwrap();
    let save = demo(dir.path());
    let o = run(
        &save,
        "dice 6 6 1 1 1\nguns dingyuan at akagi main\nturn\nexpect clock 2 guns\n",
    );
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        o.status.success(),
        "{out}{}",
        String::from_utf8_lossy(&o.stderr)
    );
    // Heavy guns on a gunboat, die 6: 2 FP (a reconstructed cell, and the log says so).
    assert!(
        out.contains("loses 2 FP, 4 left [cell reconstructed]"),
        "{out}"
    );
    let o = umpire()
        .args(["status", "--json"])
        .arg(&save)
        .output()
        .unwrap();
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["scenario"]["ruleset"], "late19-naval");
    assert_eq!(v["clock"]["turn"], "2");
    assert_eq!(v["clock"]["phase"], "guns");
    let akagi = &v["ships"][7];
    assert_eq!(akagi["id"], "akagi");
    assert_eq!(akagi["fp"], 4);
    assert_eq!(akagi["fp_max"], 6);
    assert_eq!(akagi["critical_point"], 3);
    assert_eq!(akagi["status"], "afloat");
    // The initiative of turn 1 was thrown at the end of its step (two seeded dice).
    let o = umpire().arg("log").arg(&save).output().unwrap();
    let log = String::from_utf8_lossy(&o.stdout);
    assert!(log.contains("initiative: Beiyang"), "{log}");
    let o = umpire().arg("check").arg(&save).output().unwrap();
    let check =
        String::from_utf8_lossy(&o.stdout).to_string() + &String::from_utf8_lossy(&o.stderr);
    assert!(
        check.contains("hits.toml torpedo on torpedo_boat: unknown"),
        "{check}"
    );
    assert!(check.contains("reconstructed"), "{check}");
    let o = umpire().arg("report").arg(&save).output().unwrap();
    assert!(o.status.success());
    assert!(String::from_utf8_lossy(&o.stdout).contains("Rule system `late19-naval`"));
}

#[test]
fn a_bad_late19_command_says_why_and_changes_nothing_and_carry_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let save = demo(dir.path());
    let before = std::fs::read_to_string(&save).unwrap();
    let o = run(&save, "torpedo akagi at dingyuan\n");
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("Turn Sequence 2"), "{err}");
    assert_eq!(std::fs::read_to_string(&save).unwrap(), before);
    assert!(common::carry_refusal(&save).contains("carry no damage"));
}

#[test]
fn check_reads_a_late19_table_file_by_its_directory_and_tables_dir_replaces_it() {
    let dir = tempfile::tempdir().unwrap();
    let tdir = dir.path().join("late19-naval");
    std::fs::create_dir(&tdir).unwrap();
    // An owner fills the unknown cell from a printed copy of the rules.
    let hits = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tables/late19-naval/hits.toml"),
    )
    .unwrap()
    .replace("provenance = \"unknown\"", "provenance = \"text\"")
    .replace(
        "cells = []",
        "cells = [{ faces = \"1-6\", result = \"lose_2\" }]",
    );
    std::fs::write(tdir.join("hits.toml"), &hits).unwrap();
    let o = umpire()
        .arg("check")
        .arg(tdir.join("hits.toml"))
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(!out.contains("unknown"), "{out}");
    let save = demo(dir.path());
    let o = common::run_script_with_tables(
        Some(&tdir),
        &save,
        "next\ndice 4 4 4 3\ntorpedo matsushima at fulong\n",
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    // The owner's cell answers: no chart read asked.
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        out.contains("hit on Fulong by torpedoes from Matsushima: die 3, loses 2 FP, 2 left"),
        "{out}"
    );
    assert!(!out.contains("chart read"), "{out}");
}

/// `check` finds a late19 file's kind through the registry of rulesets: a class file for
/// late19-naval is refused with its own reason (it has no classes), not read as FG&DN's.
#[test]
fn a_late19_class_file_is_checked_as_late19_not_as_fgdn() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("classes.toml");
    std::fs::write(
        &path,
        "ruleset = \"late19-naval\"\n\n[[class]]\nid = \"x\"\nname = \"X\"\n",
    )
    .unwrap();
    let o = umpire().arg("check").arg(&path).output().unwrap();
    let out = String::from_utf8_lossy(&o.stdout).into_owned() + &String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success());
    assert!(
        out.contains("late19-naval scenarios have no ship classes yet"),
        "{out}"
    );
    assert!(!out.contains("size"), "not FG&DN's class checks: {out}");
}

/// SPEC 10: `status --json` gives a sunk ship `sunk_at` (the turn, as the clock's `turn`) and
/// `sunk_by` (what brought her to 0 FP, rule c), null until she has sunk; `expect` reads them;
/// the report's losses say when and why; undo clears them.
#[test]
fn a_sunk_ships_status_and_report_say_when_and_why_rule_c() {
    let dir = tempfile::tempdir().unwrap();
    let save = demo(dir.path());
    let hit = "hit akagi by heavy from dingyuan\n";
    let o = run(
        &save,
        &format!(
            "dice 6 6 6\n{hit}{hit}{hit}expect akagi status sinking\nexpect akagi sunk_at null\n\
             next\nnext\nexpect akagi status sunk\nexpect akagi sunk_at 1\n\
             expect akagi sunk_by \"reduced to 0 FP by heavy guns from Dingyuan (rule c)\"\n"
        ),
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let why = "reduced to 0 FP by heavy guns from Dingyuan (rule c)";
    common::sunk_in_turn_1_then_undone(&save, "akagi", "Akagi (Japan)", why, "sinking");
}
