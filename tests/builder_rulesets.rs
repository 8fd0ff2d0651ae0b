//! The battle builder, `umpire new` (SPEC 9), for every ruleset: the ruleset asked first; a
//! battle built from the keyboard (TestBackend frames, the real `Builder`) saves a scenario that
//! `umpire check` accepts and `umpire play` opens; a bad figure typed is refused in the form with
//! its roster column's message; an existing scenario keeps every line the builder did not touch.
use ratatui::backend::TestBackend;
use ratatui::Terminal;
use std::path::Path;
use std::process::Command;
use umpire::core::ruleset::RULESETS;
use umpire::tui::builder::{Builder, Focus, Picker};
use umpire::tui::keymap::key_event;

mod screen_common;
use screen_common::buffer_text;

const BIN: &str = env!("CARGO_BIN_EXE_umpire");

/// Keys pressed by name; `'text'` types the text.
fn press(b: &mut Builder, keys: &[&str]) {
    for k in keys {
        if let Some(text) = k.strip_prefix('\'').and_then(|t| t.strip_suffix('\'')) {
            for c in text.chars() {
                let name = if c == ' ' {
                    "space".into()
                } else {
                    c.to_string()
                };
                b.on_key(key_event(&name).unwrap());
            }
        } else {
            b.on_key(key_event(k).unwrap_or_else(|| panic!("no key {k}")));
        }
    }
}

/// A form filled field by field from where it opens (`Tab` between the values given).
fn fill(b: &mut Builder, values: &[&str]) {
    for (i, v) in values.iter().enumerate() {
        if !v.is_empty() {
            press(b, &["ctrl-u", &format!("'{v}'")]);
        }
        if i + 1 < values.len() {
            press(b, &["tab"]);
        }
    }
}

fn screen(b: &Builder) -> String {
    let mut t = Terminal::new(TestBackend::new(80, 24)).unwrap();
    t.draw(|f| umpire::tui::builder::draw(f, b)).unwrap();
    buffer_text(t.backend().buffer())
}

fn ok(b: &Builder) {
    assert!(
        b.message.as_ref().is_some_and(|(e, _)| !e),
        "{:?}\n{}",
        b.message,
        screen(b)
    );
}

/// A new file: the question, answered with the keys `j` `index` times and Enter.
fn new_battle(path: &Path, index: usize) -> Builder {
    let mut p = Picker::new(path);
    p.theme = umpire::tui::theme::Theme { color: false };
    let mut t = Terminal::new(TestBackend::new(80, 24)).unwrap();
    t.draw(|f| umpire::tui::builder::draw_picker(f, &p))
        .unwrap();
    let text = buffer_text(t.backend().buffer());
    for id in RULESETS {
        assert!(text.contains(id), "{id}\n{text}");
    }
    for _ in 0..index {
        p.on_key(key_event("j").unwrap());
    }
    p.on_key(key_event("enter").unwrap());
    let id = p.chosen.expect("a ruleset chosen");
    assert_eq!(id, RULESETS[index]);
    let mut b = Builder::open_for(path, id, Vec::new()).unwrap();
    b.theme = umpire::tui::theme::Theme { color: false };
    assert!(screen(&b).contains(id));
    b
}

fn umpire(dir: &Path, args: &[&str]) -> (bool, String) {
    let o = Command::new(BIN)
        .args(args)
        .env("UMPIRE_CONFIG_DIR", dir.join("cfg"))
        .current_dir(dir)
        .output()
        .unwrap();
    (
        o.status.success(),
        format!(
            "{}{}",
            String::from_utf8_lossy(&o.stdout),
            String::from_utf8_lossy(&o.stderr)
        ),
    )
}

/// The file checks (`umpire check`), and `status --json` reads its ships (by id) and sides.
fn checks_and_opens(dir: &Path, file: &str) -> Vec<(String, String)> {
    let (good, out) = umpire(dir, &["check", file]);
    assert!(good && out.contains(": ok"), "{out}");
    let (good, out) = umpire(dir, &["status", file, "--json"]);
    assert!(good, "{out}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    v["ships"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["id"].as_str().unwrap().to_string(),
                s["side"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect()
}

/// Every line of `before` but those with `changed` in them is in `after`, in order.
fn kept(before: &str, after: &str, changed: &[&str]) {
    let mut rest = after.lines();
    for line in before.lines() {
        if changed.iter().any(|c| line.contains(c)) {
            continue;
        }
        assert!(
            rest.any(|l| l == line),
            "line lost or moved: {line:?}\n{after}"
        );
    }
}

fn save(b: &mut Builder) {
    press(b, &["s"]);
    let (error, m) = b.message.clone().unwrap();
    assert!(!error && m.starts_with("saved"), "{m}");
    assert!(!b.modified);
}

// ---- late19-naval

#[test]
fn late19_a_new_battle_from_the_keyboard_checks_and_opens() {
    let d = tempfile::tempdir().unwrap();
    let path = d.path().join("yalu.toml");
    let mut b = new_battle(&path, 2);
    // The name; the torpedo reading stepped from its default to the other.
    press(&mut b, &["enter", "ctrl-u", "'Yalu'", "enter"]);
    press(&mut b, &["j", "j", "j", "j", "j", "j", "enter"]);
    ok(&b);
    assert_eq!(b.setting_value(6), ("per_die".to_string(), false));
    // Two ironclads (the type completed from its beginning), then a cruiser on the other side.
    press(&mut b, &["n"]);
    fill(
        &mut b,
        &["Dingyuan; Zhenyuan", "Beiyang", "iron", "4", "2", "yes"],
    );
    press(&mut b, &["enter"]);
    ok(&b);
    press(&mut b, &["n"]);
    fill(&mut b, &["Matsushima", "Japan", "protected_cruiser", "1"]);
    press(&mut b, &["enter"]);
    ok(&b);
    save(&mut b);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("type = \"ironclad\""), "{text}");
    assert!(text.contains("torpedo_hits = \"per_die\""), "{text}");
    let ships = checks_and_opens(d.path(), "yalu.toml");
    assert_eq!(
        ships,
        [
            ("dingyuan".into(), "Beiyang".into()),
            ("zhenyuan".into(), "Beiyang".into()),
            ("matsushima".into(), "Japan".into())
        ]
    );
    let opened = umpire::session::Session::<umpire::rulesets::late19::game::Late19>::open(
        &path,
        umpire::session::tables_for::<umpire::rulesets::late19::game::Late19>(None).unwrap(),
    )
    .unwrap();
    assert_eq!(opened.game.state.rules.ships.len(), 3);
}

#[test]
fn late19_a_bad_figure_is_refused_in_the_form() {
    let d = tempfile::tempdir().unwrap();
    let mut b = new_battle(&d.path().join("x.toml"), 2);
    press(&mut b, &["n"]);
    fill(&mut b, &["Gunboat", "Japan", "gunboat", "many"]);
    // Checked as typed ...
    let want = "main_guns: expected a whole number (like 39), found \"many\"";
    assert_eq!(b.message.clone(), Some((true, want.to_string())));
    // ... and refused: the form stays open, nothing added.
    press(&mut b, &["enter"]);
    assert_eq!(b.message.clone(), Some((true, want.to_string())));
    assert!(b.dialog.is_some());
    assert!(b.ship_rows().is_empty());
    let s = screen(&b);
    assert!(s.contains("New ships") && s.contains("main_guns"), "{s}");
    // A word not of the list, with the list.
    press(
        &mut b,
        &[
            "ctrl-u",
            "'2'",
            "backtab",
            "ctrl-u",
            "'dreadnought'",
            "enter",
        ],
    );
    let (error, m) = b.message.clone().unwrap();
    assert!(
        error && m.starts_with("type: expected one of battleship, ironclad"),
        "{m}"
    );
}

/// The count and names of new ships are read as `import` reads a row's (one rule,
/// `core::roster::ship_names`), each refusal in its field.
#[test]
fn late19_a_bad_count_or_names_is_refused_in_its_field() {
    use umpire::tui::builder::Dialog;
    let d = tempfile::tempdir().unwrap();
    let mut b = new_battle(&d.path().join("x.toml"), 2);
    press(&mut b, &["n"]);
    fill(&mut b, &["A; B; C", "Japan", "gunboat", "2"]);
    press(
        &mut b,
        &["backtab", "backtab", "backtab", "backtab", "'2'", "enter"],
    );
    let at = |b: &Builder| match &b.dialog {
        Some(Dialog::NewShips { at, .. }) => *at,
        other => panic!("{other:?}"),
    };
    assert_eq!(
        b.message.clone(),
        Some((
            true,
            "Names: 3 names separated by ; but the count is 2".into()
        ))
    );
    assert_eq!(at(&b), 1);
    press(&mut b, &["backtab", "ctrl-u", "'501'", "enter"]);
    assert_eq!(
        b.message.clone(),
        Some((true, "Count: \"501\" (expected 1-500)".into()))
    );
    assert_eq!(at(&b), 0);
    press(&mut b, &["ctrl-u", "tab", "ctrl-u", "enter"]);
    assert_eq!(
        b.message.clone(),
        Some((
            true,
            "Names: give the ships' names (separated by ;, or one to number)".into()
        ))
    );
    assert!(b.ship_rows().is_empty());
    press(&mut b, &["'Kaimon'", "backtab", "'2'", "enter"]);
    ok(&b);
    let names: Vec<String> = b.ship_rows().iter().map(|r| r[1].clone()).collect();
    assert_eq!(names, ["Kaimon 1", "Kaimon 2"]);
}

#[test]
fn late19_an_existing_scenario_keeps_what_is_not_touched() {
    let d = tempfile::tempdir().unwrap();
    let path = d.path().join("demo.toml");
    let before = include_str!("../saves/demo-late19.toml");
    std::fs::write(&path, before).unwrap();
    let mut b = Builder::open_with(&path, Vec::new()).unwrap();
    assert_eq!(b.kit.id, "late19-naval");
    assert!(!b.modified);
    press(&mut b, &["enter", "ctrl-u", "'The Yalu'", "enter"]);
    press(&mut b, &["n"]);
    fill(&mut b, &["Pingyuan", "Beiyang", "ironclad", "1"]);
    press(&mut b, &["enter"]);
    ok(&b);
    save(&mut b);
    let after = std::fs::read_to_string(&path).unwrap();
    kept(before, &after, &["name = \"Demo: a squadron action, 1894"]);
    assert!(after.contains("name = \"The Yalu\""));
    assert_eq!(checks_and_opens(d.path(), "demo.toml").len(), 9);
}

// ---- quickfire-1.1

#[test]
fn quickfire_a_new_battle_from_the_keyboard_checks_and_opens() {
    let d = tempfile::tempdir().unwrap();
    let path = d.path().join("tsushima.toml");
    let mut b = new_battle(&path, 3);
    // Only the names and side: the ruleset says which figure a ship needs, at its field.
    press(&mut b, &["n"]);
    fill(&mut b, &["Mikasa", "Japan"]);
    press(&mut b, &["enter"]);
    let (error, m) = b.message.clone().unwrap();
    assert!(
        error && m == "size: give a value (each ship needs one)",
        "{m}"
    );
    assert!(b.ship_rows().is_empty());
    press(&mut b, &["esc", "n"]);
    // Count, names, side, size, gunnery, armor, rof (heavy and light), torpedo, repair, speed.
    fill(
        &mut b,
        &[
            "Mikasa", "Japan", "9", "20", "10", "12", "14", "5", "6", "1", "3", "6", "", "yes",
        ],
    );
    press(&mut b, &["enter"]);
    ok(&b);
    press(&mut b, &["n"]);
    fill(
        &mut b,
        &[
            "Borodino", "Russia", "9", "16", "8", "10", "10", "4", "5", "1", "2", "5.5",
        ],
    );
    press(&mut b, &["enter"]);
    ok(&b);
    // A label of the scenario head typed; an option toggled off from its default on.
    press(
        &mut b,
        &[
            "j",
            "j",
            "j",
            "j",
            "j",
            "enter",
            "'medium, inches'",
            "enter",
        ],
    );
    press(&mut b, &["j", "j", "j", "j", "j", "enter"]);
    ok(&b);
    save(&mut b);
    let text = std::fs::read_to_string(&path).unwrap();
    for want in [
        "gunnery = { heavy = 20, light = 10 }",
        "speed = 5.5",
        "speed_p = true",
        "scale = \"medium, inches\"",
        "auto_repair = false",
    ] {
        assert!(text.contains(want), "{want}\n{text}");
    }
    let ships = checks_and_opens(d.path(), "tsushima.toml");
    assert_eq!(ships.len(), 2);
    let opened = umpire::session::Session::<umpire::rulesets::quickfire::game::Quickfire>::open(
        &path,
        umpire::session::tables_for::<umpire::rulesets::quickfire::game::Quickfire>(None).unwrap(),
    )
    .unwrap();
    assert_eq!(opened.game.state.rules.ships.len(), 2);
}

#[test]
fn quickfire_a_bad_figure_is_refused_in_the_form() {
    let d = tempfile::tempdir().unwrap();
    let mut b = new_battle(&d.path().join("x.toml"), 3);
    press(&mut b, &["n"]);
    fill(
        &mut b,
        &[
            "Mikasa", "Japan", "9", "20", "10", "12", "14", "5", "6", "1", "3", "fast",
        ],
    );
    press(&mut b, &["enter"]);
    assert_eq!(
        b.message.clone(),
        Some((
            true,
            "speed: expected a number (like 5.75), found \"fast\"".to_string()
        ))
    );
    assert!(b.dialog.is_some() && b.ship_rows().is_empty());
    assert!(screen(&b).contains("speed: a number (like 5.75)"));
}

#[test]
fn quickfire_an_existing_scenario_keeps_what_is_not_touched() {
    let d = tempfile::tempdir().unwrap();
    let path = d.path().join("demo.toml");
    let before = include_str!("../saves/demo-quickfire.toml");
    std::fs::write(&path, before).unwrap();
    let mut b = Builder::open_with(&path, Vec::new()).unwrap();
    assert_eq!(b.kit.id, "quickfire-1.1");
    // The first ship renamed; the seed given.
    press(
        &mut b,
        &["tab", "enter", "backtab", "ctrl-u", "'IJN Mikasa'", "enter"],
    );
    ok(&b);
    press(
        &mut b,
        &["tab", "j", "j", "j", "j", "j", "j", "enter", "'7'", "enter"],
    );
    ok(&b);
    save(&mut b);
    let after = std::fs::read_to_string(&path).unwrap();
    kept(before, &after, &["name = \"Mikasa\""]);
    assert!(after.contains("name = \"IJN Mikasa\"") && after.contains("seed = 7"));
    assert_eq!(checks_and_opens(d.path(), "demo.toml").len(), 6);
}

// ---- aage-qr-2020

#[test]
fn aage_a_new_battle_from_the_keyboard_checks_and_opens() {
    let d = tempfile::tempdir().unwrap();
    let path = d.path().join("tsushima.toml");
    let mut b = new_battle(&path, 4);
    // The first ship makes her squadron (side, name, crew); the next joins it by its id (the
    // form offers the last ship's squadron).
    press(&mut b, &["n"]);
    fill(
        &mut b,
        &[
            "Mikasa",
            "Japan",
            "1bs",
            "1st Battle Squadron",
            "sup",
            "",
            "B",
            "18",
            "yes",
            "",
            "G",
            "C",
            "20",
            "8",
            "8",
        ],
    );
    press(&mut b, &["enter"]);
    ok(&b);
    press(&mut b, &["n"]);
    fill(
        &mut b,
        &["Fuji", "", "", "", "", "", "B", "18", "", "", "G", "C"],
    );
    press(&mut b, &["enter"]);
    ok(&b);
    press(&mut b, &["n"]);
    fill(
        &mut b,
        &[
            "Suvorov", "Russia", "2pac", "", "inferior", "", "B", "18", "", "", "G",
        ],
    );
    press(&mut b, &["enter"]);
    ok(&b);
    // The weather stepped on from moderate.
    press(&mut b, &["j", "j", "j", "j", "j", "enter"]);
    ok(&b);
    let rows = b.ship_rows();
    assert_eq!(rows[1][2], "Japan");
    assert_eq!(rows[2][2], "Russia");
    let s = screen(&b);
    assert!(s.contains("squadrons:") && s.contains("2pac"), "{s}");
    save(&mut b);
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(text.matches("[[squadron]]").count(), 2, "{text}");
    assert!(text.contains("crew = \"superior\"") && text.contains("weather = \"fresh\""));
    let ships = checks_and_opens(d.path(), "tsushima.toml");
    assert_eq!(
        ships,
        [
            ("mikasa".into(), "Japan".into()),
            ("fuji".into(), "Japan".into()),
            ("suvorov".into(), "Russia".into())
        ]
    );
    let opened = umpire::session::Session::<umpire::rulesets::aage::game::Aage>::open(
        &path,
        umpire::session::tables_for::<umpire::rulesets::aage::game::Aage>(None).unwrap(),
    )
    .unwrap();
    assert_eq!(opened.game.state.rules.squadrons.len(), 2);
}

#[test]
fn aage_a_bad_figure_is_refused_in_the_form() {
    let d = tempfile::tempdir().unwrap();
    let mut b = new_battle(&d.path().join("x.toml"), 4);
    press(&mut b, &["n"]);
    fill(
        &mut b,
        &["Mikasa", "Japan", "1bs", "", "", "", "B", "eighteen"],
    );
    press(&mut b, &["enter"]);
    assert_eq!(
        b.message.clone(),
        Some((
            true,
            "speed: expected a whole number (like 39), found \"eighteen\"".to_string()
        ))
    );
    // A new squadron needs its side; a known one keeps its own.
    press(&mut b, &["ctrl-u", "'18'"]);
    for _ in 0..6 {
        press(&mut b, &["backtab"]);
    }
    press(&mut b, &["ctrl-u", "enter"]);
    let (error, m) = b.message.clone().unwrap();
    assert!(
        error && m == "side: give the side squadron \"1bs\" fights for",
        "{m}"
    );
    press(&mut b, &["'Japan'", "enter"]);
    ok(&b);
    press(&mut b, &["n"]);
    fill(&mut b, &["Fuji", "Russia", "1bs", "", "", "", "B", "18"]);
    press(&mut b, &["enter"]);
    let (error, m) = b.message.clone().unwrap();
    assert!(
        error && m.starts_with("squadron \"1bs\" has side Japan"),
        "{m}"
    );
    assert_eq!(b.ship_rows().len(), 1);
}

#[test]
fn aage_an_existing_scenario_keeps_what_is_not_touched() {
    let d = tempfile::tempdir().unwrap();
    let path = d.path().join("demo.toml");
    let before = include_str!("../saves/demo-aage.toml");
    std::fs::write(&path, before).unwrap();
    let mut b = Builder::open_with(&path, Vec::new()).unwrap();
    assert_eq!(b.kit.id, "aage-qr-2020");
    // A ship joins a squadron of the file; the armour reading stepped.
    press(&mut b, &["n"]);
    fill(
        &mut b,
        &["Yashima", "", "1bs", "", "", "", "B", "18", "", "", "G"],
    );
    press(&mut b, &["enter"]);
    ok(&b);
    press(&mut b, &["j", "j", "j", "j", "j", "j", "j", "j", "enter"]);
    ok(&b);
    save(&mut b);
    let after = std::fs::read_to_string(&path).unwrap();
    kept(before, &after, &["armour = \"subtract\""]);
    assert!(after.contains("armour = \"penetrate\""), "{after}");
    assert_eq!(checks_and_opens(d.path(), "demo.toml").len(), 9);
}

// ---- dnb-standard

/// A D&B class typed into the class form: id, name, nation, the front's seven values and the
/// back's.
fn dnb_class(b: &mut Builder, values: &[&str]) {
    press(b, &["n"]);
    fill(b, values);
    press(b, &["enter"]);
}

#[test]
fn dnb_a_new_battle_from_the_keyboard_checks_and_opens() {
    let d = tempfile::tempdir().unwrap();
    let path = d.path().join("denmark.toml");
    let mut b = new_battle(&path, 1);
    // Two classes typed (the 6.11 example's SI 6/5 on the first), a ship of each.
    dnb_class(
        &mut b,
        &[
            "kgv",
            "King George V",
            "United Kingdom",
            "5",
            "6",
            "6",
            "0",
            "16",
            "5",
            "1",
            "3",
            "5",
            "5",
            "0",
            "16",
            "4",
            "1",
        ],
    );
    ok(&b);
    dnb_class(
        &mut b,
        &[
            "bismarck", "Bismarck", "Germany", "5", "6", "7", "0", "18", "6", "1", "3", "5", "5",
            "0", "18", "4", "1",
        ],
    );
    ok(&b);
    assert_eq!(b.library.len(), 2);
    press(&mut b, &["tab", "tab"]);
    assert_eq!(b.focus, Focus::Classes);
    press(
        &mut b,
        &[
            "k",
            "enter",
            "'Prince of Wales'",
            "tab",
            "'British'",
            "enter",
        ],
    );
    ok(&b);
    press(
        &mut b,
        &[
            "j",
            "enter",
            "'Bismarck'",
            "tab",
            "ctrl-u",
            "'German'",
            "enter",
        ],
    );
    ok(&b);
    let s = screen(&b);
    assert!(s.contains("United Kingdom SI 6/5"), "{s}");
    save(&mut b);
    let ships = checks_and_opens(d.path(), "denmark.toml");
    assert_eq!(
        ships,
        [
            ("prince-of-wales".into(), "British".into()),
            ("bismarck".into(), "German".into())
        ]
    );
    let opened = umpire::session::Session::<umpire::rulesets::dnb::game::Dnb>::open(
        &path,
        umpire::session::tables_for::<umpire::rulesets::dnb::game::Dnb>(None).unwrap(),
    )
    .unwrap();
    assert_eq!(opened.game.state.rules.ships[0].spec.front.si, 6);
}

/// `L` copies a D&B class typed into the battle to the class library: a new library file
/// starts with `ruleset = "dnb-standard"`, so `umpire check` reads it as D&B classes (in the
/// library folder, named as D&B's table files' folder is).
#[test]
fn dnb_a_class_copied_to_the_library_checks_as_a_dnb_class_file() {
    let d = tempfile::tempdir().unwrap();
    let mut b = new_battle(&d.path().join("x.toml"), 1);
    dnb_class(
        &mut b,
        &[
            "kgv",
            "King George V",
            "",
            "5",
            "6",
            "6",
            "0",
            "16",
            "5",
            "1",
        ],
    );
    ok(&b);
    b.library_dir = Some(d.path().join("cfg/classes/dnb-standard"));
    press(&mut b, &["tab", "tab"]);
    assert_eq!(b.focus, Focus::Classes);
    press(&mut b, &["L"]);
    ok(&b);
    let file = "cfg/classes/dnb-standard/builder-classes.toml";
    let text = std::fs::read_to_string(d.path().join(file)).unwrap();
    assert!(
        text.starts_with("ruleset = \"dnb-standard\"\n\n[[class]]\n"),
        "{text}"
    );
    let (good, out) = umpire(d.path(), &["check", file]);
    assert!(good && out.contains(": ok"), "{out}");
}

#[test]
fn dnb_a_bad_figure_is_refused_in_the_form() {
    let d = tempfile::tempdir().unwrap();
    let mut b = new_battle(&d.path().join("x.toml"), 1);
    dnb_class(&mut b, &["kgv", "King George V", "", "five"]);
    assert_eq!(
        b.message.clone(),
        Some((
            true,
            "front.gun_rating: expected a whole number (like 39), found \"five\"".to_string()
        ))
    );
    assert!(b.dialog.is_some() && b.library.is_empty());
    // Good numbers but no front's SI: the ruleset's own check, in the form.
    press(&mut b, &["ctrl-u", "'5'", "enter"]);
    let (error, _) = b.message.clone().unwrap();
    assert!(error && b.dialog.is_some() && b.library.is_empty());
}

#[test]
fn dnb_an_existing_scenario_keeps_what_is_not_touched() {
    let d = tempfile::tempdir().unwrap();
    let path = d.path().join("demo.toml");
    let before = include_str!("../saves/demo-dnb.toml");
    std::fs::write(&path, before).unwrap();
    let mut b = Builder::open_with(&path, Vec::new()).unwrap();
    assert_eq!(b.kit.id, "dnb-standard");
    // Reaction fire toggled off; Hood's side edited; a class typed and a ship of it added.
    press(&mut b, &["j", "j", "j", "j", "j", "j", "j", "j", "enter"]);
    ok(&b);
    press(
        &mut b,
        &["tab", "j", "enter", "ctrl-u", "'Royal Navy'", "enter"],
    );
    ok(&b);
    dnb_class(
        &mut b,
        &[
            "v-class",
            "V class",
            "United Kingdom",
            "2",
            "2",
            "1",
            "3",
            "8",
            "7",
            "2",
        ],
    );
    ok(&b);
    press(
        &mut b,
        &[
            "tab",
            "enter",
            "'Vanoc'",
            "tab",
            "ctrl-u",
            "'British'",
            "enter",
        ],
    );
    ok(&b);
    save(&mut b);
    let after = std::fs::read_to_string(&path).unwrap();
    kept(
        before,
        &after,
        &["reaction_fire = true", "side = \"British\""],
    );
    assert!(after.contains("reaction_fire = false") && after.contains("side = \"Royal Navy\""));
    let ships = checks_and_opens(d.path(), "demo.toml");
    assert_eq!(ships[1], ("hood".into(), "Royal Navy".into()));
    assert_eq!(ships.last().unwrap().0, "vanoc");
}

/// `--ruleset` for an existing file of another ruleset is refused, naming both.
#[test]
fn an_existing_file_opens_in_its_own_ruleset() {
    let d = tempfile::tempdir().unwrap();
    let path = d.path().join("demo.toml");
    std::fs::write(&path, include_str!("../saves/demo-dnb.toml")).unwrap();
    let e = Builder::open(&path, Some("quickfire-1.1")).err().unwrap();
    assert!(
        e.message.contains("is a dnb-standard scenario"),
        "{}",
        e.message
    );
    assert_eq!(
        Builder::open_for(&path, "quickfire-1.1", Vec::new())
            .unwrap()
            .kit
            .id,
        "dnb-standard"
    );
    let e = Builder::open(&d.path().join("n.toml"), Some("quickfire-9"))
        .err()
        .unwrap();
    assert!(e.message.contains("known: fgdn-1.1"), "{}", e.message);
}

/// Without a terminal `umpire new` says how to make a battle without one; an unknown
/// `--ruleset` is refused first, with the known ones.
#[test]
fn the_command_line_refuses_clearly() {
    let d = tempfile::tempdir().unwrap();
    let (good, out) = umpire(d.path(), &["new", "x.toml", "--ruleset", "quickfire-9"]);
    assert!(!good && out.contains("known: fgdn-1.1"), "{out}");
    let (good, out) = umpire(d.path(), &["new", "x.toml", "--ruleset", "aage-qr-2020"]);
    assert!(
        !good && out.contains("needs a terminal") && out.contains("--ruleset aage-qr-2020"),
        "{out}"
    );
    assert!(!d.path().join("x.toml").exists());
}

/// A ship of a ruleset without classes is edited whole: her figures too, only those changed
/// written (a bad one refused with its column's message), a figure cleared removed.
#[test]
fn late19_a_ships_figures_are_edited_in_her_form() {
    let d = tempfile::tempdir().unwrap();
    let path = d.path().join("demo.toml");
    let before = include_str!("../saves/demo-late19.toml");
    std::fs::write(&path, before).unwrap();
    let mut b = Builder::open_with(&path, Vec::new()).unwrap();
    b.theme = umpire::tui::theme::Theme { color: false };
    // Dingyuan: Id, Name, Side, type, main_guns, secondary_guns, torpedoes.
    press(&mut b, &["tab", "enter"]);
    let s = screen(&b);
    assert!(s.contains("main_guns") && s.contains("ironclad"), "{s}");
    press(&mut b, &["tab", "tab", "ctrl-u", "'four'", "enter"]);
    assert_eq!(
        b.message.clone(),
        Some((
            true,
            "main_guns: expected a whole number (like 39), found \"four\"".to_string()
        ))
    );
    press(&mut b, &["ctrl-u", "'3'", "tab", "tab", "ctrl-u", "enter"]);
    ok(&b);
    save(&mut b);
    let after = std::fs::read_to_string(&path).unwrap();
    kept(before, &after, &["main_guns = 4", "torpedoes = true"]);
    let dingyuan = after.split("[[ship]]").nth(1).unwrap();
    assert!(
        dingyuan.contains("main_guns = 3")
            && dingyuan.contains("secondary_guns = 2    # ESTIMATE")
            && !dingyuan.contains("torpedoes"),
        "{dingyuan}"
    );
    assert_eq!(checks_and_opens(d.path(), "demo.toml").len(), 8);
}
