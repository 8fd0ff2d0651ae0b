//! The dashboard without a terminal: keys pressed into the real FG&DN `App` by name and frames drawn
//! on ratatui's `TestBackend`, read back as text. Shared by tests/dashboard.rs, tests/review.rs
//! and tests/watch.rs (`mod screen_common;`); not every test file uses every helper.
#![allow(dead_code)]

use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::Terminal;
use umpire::rulesets::fgdn::Fgdn;
use umpire::tui::board::BoardApp;
use umpire::tui::keymap::key_event;

/// FG&DN's dashboard.
pub type App = BoardApp<Fgdn>;

/// Press keys by name ("n", "enter", "ctrl-r", "left"); a key written `'...'` types that text.
pub fn press(app: &mut App, keys: &[&str]) {
    for k in keys {
        if let Some(text) = k.strip_prefix('\'').and_then(|t| t.strip_suffix('\'')) {
            for c in text.chars() {
                let name = if c == ' ' {
                    "space".to_string()
                } else {
                    c.to_string()
                };
                app.on_key(key_event(&name).unwrap());
            }
        } else {
            app.on_key(key_event(k).unwrap_or_else(|| panic!("no key {k}")));
        }
    }
}

/// One frame of `w` x `h`.
pub fn draw(app: &mut App, w: u16, h: u16) -> Terminal<TestBackend> {
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| app.draw(f)).unwrap();
    t
}

/// One frame of `w` x `h` as text, a line per row.
pub fn screen(app: &mut App, w: u16, h: u16) -> String {
    buffer_text(draw(app, w, h).backend().buffer())
}

pub fn buffer_text(b: &Buffer) -> String {
    let w = (b.area.width as usize).max(1);
    b.content()
        .chunks(w)
        .map(|row| row.iter().map(|c| c.symbol()).collect::<String>())
        .collect::<Vec<_>>()
        .join("\n")
}

/// The cell where `needle` starts on the screen (first match), as (x, y).
pub fn find(b: &Buffer, needle: &str) -> (u16, u16) {
    let text = buffer_text(b);
    for (y, line) in text.lines().enumerate() {
        if let Some(byte) = line.find(needle) {
            return (line[..byte].chars().count() as u16, y as u16);
        }
    }
    panic!("{needle:?} not on screen:\n{text}");
}

/// Help lines of the keys that would change the battle: a read-only face's help has none.
pub const CHANGING_HELP: &[&str] = &[
    "end the phase",
    "record a hit",
    "undo the last command",
    "switch dice",
    "In a form",
    "When asked for a die",
];

/// `screen` shows every line of `shown` and none of `hidden`.
pub fn assert_shows(screen: &str, shown: &[&str], hidden: &[&str]) {
    for line in shown {
        assert!(screen.contains(line), "{line:?} is not shown:\n{screen}");
    }
    for line in hidden {
        assert!(!screen.contains(line), "{line:?} is shown:\n{screen}");
    }
}

/// Every styled run of a frame, a line per screen row that has one: `y: x0-x1 fg bg modifiers`
/// (rows and runs drawn in the default style are left out). Snapshots carry no colour: this
/// text does, so a change of any colour or modifier the umpire sees shows in its snapshot.
pub fn styles(b: &Buffer) -> String {
    let w = b.area.width as usize;
    let mut out = Vec::new();
    for (y, row) in b.content().chunks(w.max(1)).enumerate() {
        let mut runs: Vec<String> = Vec::new();
        let mut x = 0;
        while x < row.len() {
            let c = &row[x];
            let key = (c.fg, c.bg, c.modifier);
            let start = x;
            while x < row.len() && (row[x].fg, row[x].bg, row[x].modifier) == key {
                x += 1;
            }
            if key != (Default::default(), Default::default(), Default::default()) {
                runs.push(format!(
                    "{start}-{} {:?} {:?} {:?}",
                    x - 1,
                    key.0,
                    key.1,
                    key.2
                ));
            }
        }
        if !runs.is_empty() {
            out.push(format!("{y:>2}: {}", runs.join(" ; ")));
        }
    }
    out.join("\n")
}
