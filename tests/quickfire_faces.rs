//! SPEC 8: the headless faces on a Quickfire 1.1 battle (`quickfire-1.1`): demo, run,
//! status --json, log, check (the Combat Chart cells not printed in the text), report, sheets,
//! an owner's filled-in table (`--tables DIR`), and the clear refusals (carry, a bad command,
//! a chart value the line does not have).
mod common;

use common::{run_script as run, umpire};
use serde_json::Value;

fn demo(dir: &std::path::Path) -> std::path::PathBuf {
    common::demo_file(dir, "quickfire-1.1", "qf.toml")
}

/// « 3.0 Example #1 on the demo: Mikasa's 4,1,3 at Borodino, two S hits at the end of First
/// Gunnery; the blast check is a chart read queued with `chart`.
#[test]
fn the_quickfire_demo_plays_headless_run_status_log_check_report_sheets() {
    let dir = tempfile::tempdir().unwrap();
    let save = demo(dir.path());
    let o = run(
        &save,
        "next\nchart n/e\ndice 4 1 3\nfire mikasa at borodino heavy long\nnext\nexpect clock 1 second_gunnery\n",
    );
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        o.status.success(),
        "{out}{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(
        out.contains("chart read: Blast Damage table, Long line, roll 8: n/e"),
        "{out}"
    );
    let o = umpire()
        .args(["status", "--json"])
        .arg(&save)
        .output()
        .unwrap();
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["scenario"]["ruleset"], "quickfire-1.1");
    assert_eq!(v["clock"]["turn"], "1");
    assert_eq!(v["clock"]["phase"], "second_gunnery");
    let b = &v["ships"][3];
    assert_eq!(b["id"], "borodino");
    assert_eq!(b["status"], "afloat");
    // 20 against 12 is 166 %: the column is asked... unless the demo's Borodino is armor 10.
    assert_eq!(b["armor"]["heavy"], 10);
    assert_eq!(b["speed"]["crossed"], 2);
    assert_eq!(b["speed"]["available"], "4.125");
    let o = umpire().arg("log").arg(&save).output().unwrap();
    let log = String::from_utf8_lossy(&o.stdout);
    assert!(
        log.contains("two S hits") || log.contains("2 S hits"),
        "{log}"
    );
    let o = umpire().arg("check").arg(&save).output().unwrap();
    let check =
        String::from_utf8_lossy(&o.stdout).to_string() + &String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{check}");
    assert!(
        check.contains("blast.toml short (16 of 16 rolls): unknown"),
        "{check}"
    );
    assert!(check.contains("sinking.toml size 7: derived"), "{check}");
    let o = umpire().arg("report").arg(&save).output().unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(String::from_utf8_lossy(&o.stdout).contains("quickfire-1.1"));
    let html = dir.path().join("sheets.html");
    let o = umpire()
        .arg("sheets")
        .arg(&save)
        .arg("--out")
        .arg(&html)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let sheets = std::fs::read_to_string(&html).unwrap();
    assert!(
        sheets.contains("Blast Hits") && sheets.contains("SPEED"),
        "sheets"
    );
}

#[test]
fn a_bad_quickfire_command_says_why_and_changes_nothing_and_carry_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let save = demo(dir.path());
    let before = std::fs::read_to_string(&save).unwrap();
    let o = run(&save, "torpedo shirakumo at borodino moving\n");
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("« 1.4 3"), "{err}");
    assert_eq!(std::fs::read_to_string(&save).unwrap(), before);
    // A chart value the line does not allow is refused, naming the chart and the line.
    // (The commands before the failing one stay, SPEC 2; the failing one is not saved.)
    let o = run(
        &save,
        "next\nchart 7\ndice 4 1 3\nfire mikasa at borodino heavy long\n",
    );
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("Blast Damage table, Long line"), "{err}");
    assert!(!std::fs::read_to_string(&save)
        .unwrap()
        .contains("fire mikasa"));
    // A chart read with nothing queued asks for it (and the script stops).
    let save = demo(&dir.path().join("again"));
    let o = run(
        &save,
        "next\ndice 4 1 3\nfire mikasa at borodino heavy long\n",
    );
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("give the value with `chart VALUE`"), "{err}");
    assert!(common::carry_refusal(&save).contains("carries no damage"));
}

#[test]
fn check_reads_a_quickfire_table_file_by_its_directory_and_tables_dir_replaces_it() {
    let dir = tempfile::tempdir().unwrap();
    let tdir = dir.path().join("quickfire-1.1");
    std::fs::create_dir(&tdir).unwrap();
    // An owner fills the Long line from their printed Combat Chart.
    let blast = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tables/quickfire-1.1/blast.toml"),
    )
    .unwrap()
    .replace(
        "name = \"long\"\ncells = []",
        "name = \"long\"\ncells = [{ roll = \"3-18\", result = \"n/e\", provenance = \"chart\" }]",
    );
    std::fs::write(tdir.join("blast.toml"), &blast).unwrap();
    let o = umpire()
        .arg("check")
        .arg(tdir.join("blast.toml"))
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&o.stdout).to_string() + &String::from_utf8_lossy(&o.stderr);
    assert!(out.contains("long 3-18: chart"), "{out}");
    assert!(!out.contains("long (16 of 16"), "{out}");
    let save = demo(dir.path());
    let o = common::run_script_with_tables(
        Some(&tdir),
        &save,
        "next\ndice 4 1 3\nfire mikasa at borodino heavy long\n",
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    // The owner's cell answers: no chart read asked, and the log names the cell.
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        out.contains("Blast Damage table, Long line, roll 8: n/e (table, from the owner's chart)"),
        "{out}"
    );
    assert!(!out.contains("chart read"), "{out}");
    // A bad owner file names the file and the cell.
    std::fs::write(
        tdir.join("blast.toml"),
        blast.replace("\"3-18\"", "\"2-18\""),
    )
    .unwrap();
    let o = umpire()
        .arg("check")
        .arg(tdir.join("blast.toml"))
        .output()
        .unwrap();
    assert!(!o.status.success());
    let out = String::from_utf8_lossy(&o.stdout).to_string() + &String::from_utf8_lossy(&o.stderr);
    assert!(out.contains("blast.toml") && out.contains("2-18"), "{out}");
}

/// SPEC 10: `status --json` gives a sunk ship `sunk_at` (the turn, as the clock's `turn`) and
/// `sunk_by` (the sinking roll that sank her, « 4.3), null while she floats; `expect` reads
/// them; the report's losses say when and why; undo clears them. The Dupuy de Lome (size 7,
/// the « 4.3 example's ship) at zero speed sinks on 2-6; 2D6 3+3.
#[test]
fn a_sunk_ships_status_and_report_say_when_and_why_4_3() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("qd.toml");
    std::fs::copy(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/scenarios/quickfire_damage.toml"),
        &save,
    )
    .unwrap();
    let why = "at zero speed, sinking roll 2D6 6: sinks on 6 or less (« 4.3)";
    let o = run(
        &save,
        &format!(
            "damage dupuy S S S S S S S S unrepairable\nexpect dupuy status at_risk\n\
             expect dupuy sunk_at null\nuntil 1 sinking\ndice 3 3\nnext\n\
             expect dupuy status sunk\nexpect dupuy sunk_at 1\nexpect dupuy sunk_by \"{why}\"\n"
        ),
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    common::sunk_in_turn_1_then_undone(&save, "dupuy", "Dupuy de Lome (Russia)", why, "at_risk");
}
