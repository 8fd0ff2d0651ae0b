//! The battle builder, `umpire new` (SPEC 9): key-driven flows on the real `Builder`, frames on
//! ratatui's `TestBackend`, and what it saves read back as `check` and `play` read it.
use ratatui::backend::TestBackend;
use ratatui::Terminal;
use std::path::{Path, PathBuf};
use umpire::rulesets::fgdn::scenario::{parse_scenario, Scenario};
use umpire::rulesets::fgdn::Fgdn;
use umpire::tui::builder::Builder;
use umpire::tui::keymap::key_event;

mod screen_common;
use screen_common::buffer_text;

/// Keys pressed by name; `'text'` types the text. Returns how many keystrokes that was.
fn press(b: &mut Builder, keys: &[&str]) -> usize {
    let mut n = 0;
    for k in keys {
        if let Some(text) = k.strip_prefix('\'').and_then(|t| t.strip_suffix('\'')) {
            for c in text.chars() {
                let name = if c == ' ' {
                    "space".into()
                } else {
                    c.to_string()
                };
                b.on_key(key_event(&name).unwrap());
                n += 1;
            }
        } else {
            b.on_key(key_event(k).unwrap_or_else(|| panic!("no key {k}")));
            n += 1;
        }
    }
    n
}

fn screen(b: &Builder, w: u16, h: u16) -> String {
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| umpire::tui::builder::draw(f, b)).unwrap();
    buffer_text(t.backend().buffer())
}

/// The scenario as `play` reads it (its classes from its class files and `library`).
fn opened(path: &Path, library: &[PathBuf]) -> Scenario {
    let text = std::fs::read_to_string(path).unwrap();
    let sources = umpire::session::class_sources_in::<Fgdn>(Some(path), &text, library).unwrap();
    let resolved = umpire::core::classes::resolve(&text, &sources).unwrap();
    parse_scenario("built.toml", &resolved.text).unwrap()
}

fn library(dir: &Path) -> Vec<PathBuf> {
    let lib = dir.join("lib");
    std::fs::create_dir_all(&lib).unwrap();
    let f = lib.join("demo.toml");
    std::fs::copy("docs/examples/classes-demo.toml", &f).unwrap();
    vec![f]
}

fn builder(path: &Path, library: Vec<PathBuf>) -> Builder {
    let mut b = Builder::open_with(path, library).unwrap();
    b.theme = umpire::tui::theme::Theme { color: false };
    b
}

/// The settings of the demo: name, date, seed (start 1200 and sea state 3 are the defaults).
fn demo_settings(b: &mut Builder) -> usize {
    press(
        b,
        &[
            "enter",
            "ctrl-u",
            "'North Sea 1918'",
            "enter", // name
            "j",
            "j",
            "j",
            "enter",
            "'1918-04-24'",
            "enter", // date
            "j",
            "j",
            "enter",
            "'1918'",
            "enter", // seed
        ],
    )
}

/// The demo's ten ships from the nine classes, in the library's order.
fn demo_ships(b: &mut Builder) -> usize {
    press(
        b,
        &[
            "tab",
            "tab", // to the classes
            "enter",
            "'HMS Tiger'",
            "tab",
            "'British'",
            "enter", // tiger
            "j",
            "enter",
            "'HMS Valiant'",
            "enter", // queen-elizabeth
            "j",
            "enter",
            "'HMS Wakeful; HMS Whitley'",
            "enter", // w-class
            "j",
            "enter",
            "'HMS Furious'",
            "enter", // furious
            "j",
            "enter",
            "'SMS Moltke'",
            "tab",
            "ctrl-u",
            "'German'",
            "enter",
            "j",
            "enter",
            "'SMS Kaiser'",
            "enter", // kaiser
            "j",
            "enter",
            "'SMS Hannover'",
            "enter", // deutschland
            "j",
            "enter",
            "'SMS S53'",
            "enter", // s53
            "j",
            "enter",
            "'SM UB 64'",
            "enter", // ub-iii
        ],
    )
}

/// From a filled class library: the demo's ten-ship battle, saved, checked and played.
#[test]
fn the_demo_battle_from_a_filled_library() {
    let d = tempfile::tempdir().unwrap();
    let path = d.path().join("north-sea.toml");
    let lib = library(d.path());
    let mut b = builder(&path, lib.clone());
    insta::assert_snapshot!("builder_new_80x24", screen(&b, 80, 24));
    let mut keys = demo_settings(&mut b);
    keys += demo_ships(&mut b);
    insta::assert_snapshot!("builder_demo_80x24", screen(&b, 80, 24));
    keys += press(&mut b, &["s"]);
    assert!(
        b.message
            .as_ref()
            .is_some_and(|(e, m)| !e && m.starts_with("saved")),
        "{:?}",
        b.message
    );
    let text = std::fs::read_to_string(&path).unwrap();
    let s = opened(&path, &lib);
    assert_eq!(s.ships.len(), 10);
    let sides: Vec<&str> = s.ships.iter().map(|s| s.side.as_str()).collect();
    assert_eq!(
        sides,
        ["British"; 5]
            .iter()
            .chain(&["German"; 5])
            .copied()
            .collect::<Vec<_>>()
    );
    // The same ships as the demo but for their ids (and Whitley's year and UB 64's depth, which
    // the demo gives them).
    let demo = parse_scenario("demo.toml", include_str!("../saves/demo.toml")).unwrap();
    for (mine, theirs) in s.ships.iter().zip(&demo.ships) {
        assert_eq!(mine.name, theirs.name);
        assert_eq!(
            (mine.dp, mine.speed, mine.armor),
            (theirs.dp, theirs.speed, theirs.armor)
        );
        assert_eq!(mine.mounts, theirs.mounts);
    }
    assert!(
        text.contains("date = \"1918-04-24\"") && text.contains("seed = 1918"),
        "{text}"
    );
    // The figure README quotes.
    assert_eq!(keys, KEYS_FILLED, "keystrokes from a filled library");
    assert!(!b.modified);
    press(&mut b, &["q"]);
    assert!(b.quit);
}

const KEYS_FILLED: usize = 187;
const KEYS_EMPTY: usize = 684;

/// The demo's figures as typed into the new-class form (the nine classes of
/// docs/examples/classes-demo.toml without their mounts and equipment).
const CLASSES: &[[&str; 11]] = &[
    [
        "tiger",
        "Tiger",
        "major",
        "A",
        "501",
        "28",
        "1914",
        "Great Britain",
        "18",
        "6",
        "",
    ],
    [
        "queen-elizabeth",
        "Queen Elizabeth",
        "major",
        "A",
        "620",
        "24",
        "1916",
        "Great Britain",
        "26",
        "7",
        "",
    ],
    [
        "w-class",
        "W class",
        "minor",
        "C",
        "39",
        "34",
        "1917",
        "Great Britain",
        "",
        "",
        "",
    ],
    [
        "furious",
        "Furious",
        "aviation",
        "B",
        "300",
        "31",
        "1917",
        "Great Britain",
        "8",
        "3",
        "",
    ],
    [
        "moltke", "Moltke", "major", "A", "480", "27", "1911", "Germany", "21", "5", "",
    ],
    [
        "kaiser", "Kaiser", "major", "A", "600", "22", "1912", "Germany", "26", "7", "105",
    ],
    [
        "deutschland",
        "Deutschland",
        "major",
        "B",
        "298",
        "18",
        "1907",
        "Germany",
        "14",
        "4",
        "",
    ],
    [
        "s53", "S53", "minor", "D", "25", "33", "1916", "Germany", "", "", "",
    ],
    [
        "ub-iii",
        "UB III",
        "submarine",
        "D",
        "14",
        "13",
        "1917",
        "Germany",
        "",
        "",
        "",
    ],
];

/// From an empty class library: each class typed in once (its figures from the rulebook),
/// then the same ten ships.
#[test]
fn the_demo_battle_from_an_empty_library() {
    let d = tempfile::tempdir().unwrap();
    let path = d.path().join("north-sea.toml");
    let mut b = builder(&path, Vec::new());
    let mut keys = demo_settings(&mut b);
    for c in CLASSES {
        keys += press(&mut b, &["n"]);
        for (i, v) in c.iter().enumerate() {
            let typed = format!("'{v}'");
            keys += press(&mut b, &[typed.as_str()]);
            if i + 1 < c.len() {
                keys += press(&mut b, &["tab"]);
            }
        }
        keys += press(&mut b, &["enter"]);
        assert!(
            b.message.as_ref().is_some_and(|(e, _)| !e),
            "{:?}\n{}",
            b.message,
            screen(&b, 80, 24)
        );
    }
    // The classes panel lists them in the order typed; the ships are added with the same keys
    // as from the library, from its first class.
    assert_eq!(b.library.len(), CLASSES.len());
    keys += press(&mut b, &["tab", "tab"]);
    keys += press(&mut b, &["k"; 8]);
    keys += press(&mut b, &["tab"]);
    assert_eq!(
        (b.class, b.focus),
        (0, umpire::tui::builder::Focus::Settings)
    );
    keys += demo_ships(&mut b);
    keys += press(&mut b, &["s"]);
    assert!(
        b.message.as_ref().is_some_and(|(e, _)| !e),
        "{:?}",
        b.message
    );
    let s = opened(&path, &[]);
    assert_eq!(s.ships.len(), 10);
    assert_eq!(s.ships[5].armor.belt, 21);
    // L copies a class typed here to the library, for the next battle.
    b.library_dir = Some(d.path().join("lib"));
    assert_eq!(b.focus, umpire::tui::builder::Focus::Classes);
    press(&mut b, &["k", "k", "k", "k", "k", "k", "k", "k", "L"]);
    let (error, m) = b.message.clone().unwrap();
    assert!(!error && m.starts_with("class tiger copied to"), "{m}");
    let lib = d.path().join("lib/builder-classes.toml");
    let next = builder(&d.path().join("next.toml"), vec![lib.clone()]);
    assert_eq!(next.library[0].info.id, "tiger");
    assert_eq!(next.library[0].place, "builder-classes.toml");
    press(&mut b, &["L"]);
    assert!(b.message.clone().unwrap().1.contains("already in"));
    assert_eq!(keys, KEYS_EMPTY, "keystrokes from an empty library");
}

/// Editing an existing scenario keeps what the builder does not touch.
#[test]
fn an_existing_scenario_is_edited_in_place() {
    let d = tempfile::tempdir().unwrap();
    let path = d.path().join("b.toml");
    std::fs::copy("docs/examples/classes-battle.toml", &path).unwrap();
    std::fs::copy(
        "docs/examples/classes-demo.toml",
        d.path().join("classes-demo.toml"),
    )
    .unwrap();
    let mut b = builder(&path, Vec::new());
    assert!(!b.modified);
    insta::assert_snapshot!("builder_edit_80x24", screen(&b, 80, 24));
    // Sea state 5; the torpedo boat (last but one) renamed and moved to another side; the first
    // removed.
    press(
        &mut b,
        &["j", "j", "j", "j", "enter", "ctrl-u", "'5'", "enter"],
    );
    press(&mut b, &["tab", "end"]);
    for _ in 0..10 {
        press(&mut b, &["j"]);
    }
    press(&mut b, &["k"]);
    press(
        &mut b,
        &[
            "enter",
            "backtab",
            "ctrl-u",
            "'SMS S54'",
            "tab",
            "ctrl-u",
            "'British'",
            "enter",
        ],
    );
    for _ in 0..8 {
        press(&mut b, &["k"]);
    }
    press(&mut b, &["d", "s"]);
    assert!(
        b.message.as_ref().is_some_and(|(e, _)| !e),
        "{:?}",
        b.message
    );
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("sea_state = 5"), "{text}");
    assert!(text.contains("# The demo battle (saves/demo.toml) written with ship classes"));
    assert!(text.contains("in_service = 1918              # overrides the class"));
    let s = opened(&path, &[]);
    assert_eq!(s.ships.len(), 9);
    assert_eq!(s.ships[0].id, "valiant");
    assert_eq!(s.ships[7].name, "SMS S54");
    assert_eq!(s.ships[7].side, "British");
    assert_eq!(s.ships[8].name, "SM UB 64");
    assert_eq!(s.sea_state, Some(5));
}

/// A problem is shown and nothing is written; a save is never opened for editing.
#[test]
fn bad_input_is_refused_and_nothing_is_written() {
    let d = tempfile::tempdir().unwrap();
    let path = d.path().join("n.toml");
    let mut b = builder(&path, library(d.path()));
    press(&mut b, &["s"]);
    let (error, m) = b.message.clone().unwrap();
    assert!(error && m.contains("no ships"), "{m}");
    assert!(!path.exists());
    // A start that is not a time: the save says so, with the key.
    press(&mut b, &["j", "j", "enter", "ctrl-u", "'9999'", "enter"]);
    press(
        &mut b,
        &["tab", "tab", "enter", "'A'", "tab", "'Blue'", "enter", "s"],
    );
    let (error, m) = b.message.clone().unwrap();
    assert!(error && m.contains("key \"start\""), "{m}");
    assert!(!path.exists());
    // A new class with a bad figure stays open, saying which.
    press(
        &mut b,
        &[
            "n", "'k'", "tab", "'K'", "tab", "tab", "'Q'", "tab", "'1'", "tab", "'1'", "tab",
            "'1900'", "enter",
        ],
    );
    let (error, m) = b.message.clone().unwrap();
    assert!(error && m.contains("unknown size class \"Q\""), "{m}");
    assert!(b.dialog.is_some());
    // Unsaved changes: q asks first.
    press(&mut b, &["esc", "q"]);
    assert!(!b.quit);
    press(&mut b, &["q"]);
    assert!(b.quit);
    let save = d.path().join("save.toml");
    std::fs::write(
        &save,
        format!(
            "{}{}\n",
            include_str!("../saves/demo.toml"),
            umpire::store::LOG_MARKER
        ),
    )
    .unwrap();
    let e = Builder::open_with(&save, Vec::new()).err().unwrap();
    assert!(e.message.contains("is a save"), "{}", e.message);
}

#[test]
fn no_color_and_80x24_show_everything() {
    let d = tempfile::tempdir().unwrap();
    let mut b = builder(&d.path().join("x.toml"), library(d.path()));
    press(&mut b, &["tab", "tab", "enter"]);
    let s = screen(&b, 80, 24);
    for want in [
        "Add ships of class tiger",
        "Count",
        "Names",
        "Side",
        "Enter done",
    ] {
        assert!(s.contains(want), "{want}\n{s}");
    }
}
