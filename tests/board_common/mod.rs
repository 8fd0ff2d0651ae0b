//! The dashboard written once for every ruleset (`tui::board`), as the dashboard tests of each
//! ruleset drive it: its demo saved to a fresh file and opened under the writer's lock, keys
//! into the real `BoardApp`, frames drawn on ratatui's TestBackend, and the save read back
//! from disk (every command must be there before the screen shows it).
#![allow(dead_code)] // each test file uses a different part

use crate::screen_common::buffer_text;
use ratatui::backend::TestBackend;
use ratatui::Terminal;
use umpire::core::board::Board;
use umpire::session::{self, Session};
use umpire::tui::board::BoardApp;
use umpire::tui::keymap::{key_event, Keymap};
use umpire::tui::theme::Theme;
use umpire::tui::Save;

pub struct TestBoard<R: Board> {
    pub app: BoardApp<R>,
    pub path: std::path::PathBuf,
    pub tables: R::Tables,
    _dir: tempfile::TempDir,
}

impl<R: Board> TestBoard<R> {
    /// The ruleset's demo, saved to a fresh file and opened under the writer's lock, drawn
    /// without colour.
    pub fn open(demo: &str, tables: R::Tables) -> TestBoard<R> {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(format!("{}.toml", R::ID));
        let battle = Session::<R>::from_text("demo", demo, tables.clone()).unwrap();
        session::new_save(&path, &battle).unwrap();
        let (battle, writer) = Session::<R>::open_writable(&path, tables.clone()).unwrap();
        let mut app = BoardApp::new(
            battle,
            Save::Writer(writer),
            Some(path.clone()),
            Keymap::default(),
        );
        app.theme = Theme { color: false };
        TestBoard {
            app,
            path,
            tables,
            _dir: dir,
        }
    }

    /// Press keys by name; `'text'` types each of its characters.
    pub fn press(&mut self, keys: &[&str]) {
        for k in keys {
            if let Some(text) = k.strip_prefix('\'').and_then(|t| t.strip_suffix('\'')) {
                for c in text.chars() {
                    let name = if c == ' ' {
                        "space".to_string()
                    } else {
                        c.to_string()
                    };
                    self.app.on_key(key_event(&name).unwrap());
                }
            } else {
                self.app
                    .on_key(key_event(k).unwrap_or_else(|| panic!("no key {k}")));
            }
        }
    }

    /// One frame of `w` x `h` cells, as text.
    /// The styled runs of one frame in colour (`screen_common::styles`).
    pub fn styles(&mut self, w: u16, h: u16) -> String {
        let theme = self.app.theme;
        self.app.theme = Theme { color: true };
        let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
        t.draw(|f| self.app.draw(f)).unwrap();
        self.app.theme = theme;
        crate::screen_common::styles(t.backend().buffer())
    }

    pub fn screen(&mut self, w: u16, h: u16) -> String {
        let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
        t.draw(|f| self.app.draw(f)).unwrap();
        buffer_text(t.backend().buffer())
    }

    /// The battle as the save on disk holds it.
    pub fn on_disk(&self) -> Session<R> {
        Session::<R>::open(&self.path, self.tables.clone()).unwrap()
    }
}

/// What a ship sunk in a test is, and was before (`sunk_in_turn_1_then_undone`).
pub struct Sunk<'a> {
    /// Her place in the fleet and her id.
    pub ship: (usize, &'a str),
    /// The phase she sank in, as her detail words it, and why.
    pub phase: &'a str,
    pub why: &'a str,
    /// The fleet row's cell that says so, and what it reads sunk (`SUNK t1`).
    pub cell: usize,
    pub row: &'a str,
    /// Her status and that cell before she sank.
    pub before: (&'a str, &'a str),
}

/// SPEC 10, a sunk ship's row and detail say when and why: after keys sank her in turn 1, the
/// battle on screen is the save's; her status JSON gives `sunk_at` "1", `sunk_by` and the
/// `sunk_turn` kept beside them (null for both on the first ship, afloat); her row reads sunk
/// and she is out; her detail says turn, phase and why. Then `undo` leaves her as she was
/// before, with no when or why, on screen and on disk.
pub fn sunk_in_turn_1_then_undone<R: Board>(b: &mut TestBoard<R>, sunk: &Sunk)
where
    R::State: PartialEq + std::fmt::Debug,
{
    let (i, id) = sunk.ship;
    let g = &b.app.battle.game.state;
    assert_eq!(b.on_disk().game.state, *g);
    let v = R::status_json(g, &b.tables);
    let s = &v["ships"][i];
    assert_eq!(s["id"], id);
    assert_eq!((&s["status"], &s["sunk_at"]), (&"sunk".into(), &"1".into()));
    assert_eq!(s["sunk_by"], sunk.why);
    assert_eq!(s["sunk_turn"], 1, "the key kept beside sunk_at");
    assert!(v["ships"][0]["sunk_at"].is_null() && v["ships"][0]["sunk_by"].is_null());
    let row = &R::fleet(g, &b.tables)[i];
    assert_eq!(row.cells[sunk.cell].text, sunk.row);
    assert!(row.out);
    let detail = R::detail(g, &b.tables, i);
    let said = format!("sunk in turn 1, {}: {}", sunk.phase, sunk.why);
    assert!(detail.contains(&said), "{detail:?}");
    crate::screen_common::assert_shows(&b.screen(160, 48), &[sunk.row], &[]);
    b.press(&[":", "'undo'", "enter"]);
    let g = &b.app.battle.game.state;
    assert_eq!(b.on_disk().game.state, *g);
    let v = R::status_json(g, &b.tables);
    let s = &v["ships"][i];
    assert_eq!(s["status"], sunk.before.0);
    assert!(s["sunk_at"].is_null() && s["sunk_by"].is_null(), "{s}");
    assert_eq!(
        R::fleet(g, &b.tables)[i].cells[sunk.cell].text,
        sunk.before.1
    );
    assert!(!R::detail(g, &b.tables, i)
        .iter()
        .any(|l| l.starts_with("sunk")));
}
