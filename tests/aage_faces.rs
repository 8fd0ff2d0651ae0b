//! SPEC 8: the headless faces on an A&A fast-play battle (`aage-qr-2020`): demo, run, status
//! --json, log, check (the table cells not printed in the text), report, sheets, and the clear
//! refusals (carry, a bad command, a chart read no script queued).
mod common;

use common::{run_script as run, umpire};
use serde_json::Value;

fn demo(dir: &std::path::Path) -> std::path::PathBuf {
    common::demo_file(dir, "aage-qr-2020", "aa.toml")
}

#[test]
fn the_aage_demo_plays_headless_run_status_log_check_report() {
    let dir = tempfile::tempdir().unwrap();
    let save = demo(dir.path());
    let o = run(
        &save,
        "until 1 firing\nchart d10\ndice 9\ngun suvorov at shirakumo dice 1 range short\nturn\nexpect clock 2 ongoing_damage\n",
    );
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        o.status.success(),
        "{out}{}",
        String::from_utf8_lossy(&o.stderr)
    );
    // 5.3: Suvorov (inferior) at Shirakumo (DD, 31 kts): +1 short, -1 inferior, -1 fast, -1 DD
    // = -2; 9 - 2 = 7 misses.
    assert!(out.contains("8+ to hit (-2: +1 Short range band, -1 Inferior crew, -1 target fast, -1 target is DD or TB)"), "{out}");
    let o = umpire()
        .args(["status", "--json"])
        .arg(&save)
        .output()
        .unwrap();
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["scenario"]["ruleset"], "aage-qr-2020");
    assert_eq!(v["clock"]["turn"], "2");
    assert_eq!(v["clock"]["phase"], "ongoing_damage");
    assert_eq!(v["weather"], "moderate");
    assert_eq!(v["charted"]["class G, Short Range"], "d10");
    let s = &v["ships"][3];
    assert_eq!(s["id"], "shirakumo");
    assert_eq!(s["type"], "DD");
    assert_eq!(s["armour"]["hull"], 1);
    assert_eq!(s["status"], "afloat");
    assert_eq!(v["squadrons"][0]["flagship"], "mikasa");
    let o = umpire().arg("log").arg(&save).output().unwrap();
    let log = String::from_utf8_lossy(&o.stdout);
    assert!(log.contains("initiative: Japan d10"), "{log}");
    assert!(
        log.contains("chart read: 5.2 Gun Classes, Ranges and Damage, class G, Short Range: d10"),
        "{log}"
    );
    let o = umpire().arg("check").arg(&save).output().unwrap();
    let check =
        String::from_utf8_lossy(&o.stdout).to_string() + &String::from_utf8_lossy(&o.stderr);
    assert!(
        check.contains("gun_damage.toml class G short: unknown"),
        "{check}"
    );
    let o = umpire().arg("report").arg(&save).output().unwrap();
    assert!(o.status.success());
    assert!(String::from_utf8_lossy(&o.stdout).contains("Rule system `aage-qr-2020`"));
    let sheets = dir.path().join("sheets.html");
    let o = umpire()
        .arg("sheets")
        .arg(&save)
        .arg("--out")
        .arg(&sheets)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let html = std::fs::read_to_string(&sheets).unwrap();
    assert_eq!(html.matches("<section class=\"sheet\">").count(), 8);
    assert!(html.contains("effect not defined by the rules: apply your house rule"));
}

#[test]
fn a_bad_aage_command_says_why_and_changes_nothing_and_carry_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let save = demo(dir.path());
    let before = std::fs::read_to_string(&save).unwrap();
    let o = run(&save, "gun mikasa at suvorov dice 2 range short\n");
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("2.2 Game Sequence"), "{err}");
    assert_eq!(std::fs::read_to_string(&save).unwrap(), before);
    // In a script, a chart read nobody queued stops the command: nothing is written.
    let o = run(
        &save,
        "until 1 firing\ngun mikasa at suvorov dice 2 range short\n",
    );
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("5.2 Gun Classes, Ranges and Damage"), "{err}");
    assert!(common::carry_refusal(&save).contains("carry no damage"));
}

#[test]
fn check_reads_an_aage_table_file_by_its_directory_and_tables_dir_replaces_it() {
    let dir = tempfile::tempdir().unwrap();
    let tdir = dir.path().join("aage-qr-2020");
    std::fs::create_dir(&tdir).unwrap();
    // An owner fills one cell from a printed card (the value here is a test's, not the card's).
    let filled = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tables/aage-qr-2020/gun_damage.toml"),
    )
    .unwrap()
    .replace(
        "class = \"G\"\nband = \"short\"\nprovenance = \"unknown\"\ndamage = \"\"",
        "class = \"G\"\nband = \"short\"\nprovenance = \"text\"\ndamage = \"d20\"",
    );
    std::fs::write(tdir.join("gun_damage.toml"), &filled).unwrap();
    let o = umpire()
        .arg("check")
        .arg(tdir.join("gun_damage.toml"))
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&o.stdout).to_string() + &String::from_utf8_lossy(&o.stderr);
    assert!(!out.contains("class G short"), "{out}");
    assert!(out.contains("class G med1: unknown"), "{out}");
    let bad = filled.replace("damage = \"d20\"", "damage = \"d7\"");
    std::fs::write(dir.path().join("gun_damage.toml"), &bad).unwrap();
    std::fs::write(tdir.join("gun_damage.toml"), &bad).unwrap();
    let o = umpire()
        .arg("check")
        .arg(tdir.join("gun_damage.toml"))
        .output()
        .unwrap();
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stdout).to_string() + &String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("class G short: damage: \"d7\" is not a damage cell of 5.2"),
        "{err}"
    );
    std::fs::write(tdir.join("gun_damage.toml"), &filled).unwrap();
    let save = demo(dir.path());
    let o = common::run_script_with_tables(
        Some(&tdir),
        &save,
        "until 1 firing\ndice 10 7 20 1\ngun mikasa at suvorov dice 1 range short\n",
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    // The owner's cell answers: no chart read asked, and the log names the cell's source.
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        out.contains("damage d20 per hit (5.2, table, text)"),
        "{out}"
    );
    assert!(
        out.contains("damage d20 20: 11 points to the main"),
        "{out}"
    );
    assert!(!out.contains("chart read"), "{out}");
}

/// `umpire check` of one table file lists that file's cells not printed in the text, and only
/// those: the 36 garbled 5.2 cells for `gun_damage.toml`, none for `ships.toml`.
#[test]
fn check_of_a_table_file_lists_only_its_own_cells() {
    let check = |file: &str| {
        let o = umpire().arg("check").arg(file).output().unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        String::from_utf8_lossy(&o.stdout).into_owned() + &String::from_utf8_lossy(&o.stderr)
    };
    let guns = check("tables/aage-qr-2020/gun_damage.toml");
    let notes: Vec<&str> = guns.lines().filter(|l| l.starts_with("note: ")).collect();
    assert_eq!(notes.len(), 36, "{guns}");
    assert!(
        notes.iter().all(|l| l.contains("gun_damage.toml")),
        "{guns}"
    );
    let ships = check("tables/aage-qr-2020/ships.toml");
    assert!(!ships.contains("note: "), "{ships}");
}

/// SPEC 10: `status --json` gives a sunk ship `sunk_at` (the turn, as the clock's `turn`) and
/// `sunk_by` (the 5.17 sinking test that sank her), null while she floats; `expect` reads them;
/// the report's losses say when and why; undo clears them.
#[test]
fn a_sunk_ships_status_and_report_say_when_and_why_5_17() {
    let dir = tempfile::tempdir().unwrap();
    let save = demo(dir.path());
    let why = "sinking test d6 1 (-1: +1 weather Calm to Moderate, -2 testing due to a critical \
               hit result), 0: she sinks (5.17)";
    let o = run(
        &save,
        &format!(
            "expect buiny sunk_at null\nuntil 1 movement\ndice 1\nsinking buiny critical\n\
             expect buiny status sunk\nexpect buiny sunk_at 1\nexpect buiny sunk_by \"{why}\"\n"
        ),
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    common::sunk_in_turn_1_then_undone(&save, "buiny", "Buiny (Russia)", why, "afloat");
}
