//! Helpers shared by the chapter 8 rules tests: a scenario from ship tables, commands with
//! queued dice, refused commands that must change nothing.
#![allow(dead_code)]
use umpire::core::dice::SeededDice;
use umpire::rulesets::fgdn::command::Command;
use umpire::rulesets::fgdn::event::Event;
use umpire::rulesets::fgdn::scenario::parse_scenario;
use umpire::rulesets::fgdn::state::{ShipState, ShipStatus};
use umpire::rulesets::fgdn::status::ShipView;
use umpire::rulesets::fgdn::tables::Tables;
use umpire::rulesets::fgdn::Game;

pub fn game(start: &str, options: &str, ships: &str) -> Game {
    let text = format!(
        "[scenario]\nname = \"test\"\nruleset = \"fgdn-1.1\"\nstart = \"{start}\"\nseed = 7\n\n[options]\n{options}\n\n{ships}"
    );
    let s = parse_scenario("test.toml", &text).unwrap_or_else(|e| panic!("scenario: {e:?}"));
    Game::new(&s, Tables::builtin())
}

pub fn cmd(g: &mut Game, text: &str) {
    let c: Command = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
    g.execute(&c, &mut SeededDice)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
}

pub fn cmds(g: &mut Game, lines: &str) {
    for l in lines.lines().map(str::trim) {
        let l = l.split('#').next().unwrap_or("").trim();
        if !l.is_empty() {
            cmd(g, l);
        }
    }
}

/// A command the rules refuse: the error text; the state and the log are unchanged.
pub fn refused(g: &mut Game, text: &str) -> String {
    let c: Command = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
    let before = g.state.clone();
    let n = g.entries().len();
    let e = g.execute(&c, &mut SeededDice).expect_err(text).to_string();
    assert_eq!(g.state, before, "a refused command changes nothing: {text}");
    assert_eq!(g.entries().len(), n);
    e
}

pub fn ship<'a>(g: &'a Game, id: &str) -> &'a ShipState {
    g.state.ship(id).unwrap()
}

/// The detail of the ship's last critical ("" when it has none).
pub fn last_critical(g: &Game, id: &str) -> String {
    ship(g, id)
        .criticals
        .last()
        .map(|c| c.detail.clone())
        .unwrap_or_default()
}

/// The ship is sunk: why (its `lost` text).
pub fn sunk_cause(g: &Game, id: &str) -> String {
    let s = ship(g, id);
    assert_eq!(s.status, ShipStatus::Sunk, "{id} is sunk");
    s.lost
        .clone()
        .unwrap_or_else(|| panic!("{id} sunk without a cause"))
}

/// A small craft beside the big ship of a test (figures are ESTIMATES): for `concat!` into a
/// scenario's ships.
#[macro_export]
macro_rules! cmb4 {
    () => {
        r#"
[[ship]]
id = "mtb"
name = "CMB 4"
side = "British"
size = "G"
dp = 3
speed = 40
in_service = 1916
"#
    };
}

pub fn sview(g: &Game, id: &str) -> ShipView {
    let i = g.state.ship_index(id).unwrap();
    umpire::rulesets::fgdn::status::ship_view(&g.state, &g.tables, &g.state.ships[i])
}

pub fn last_events(g: &Game) -> &[Event] {
    &g.entries().last().unwrap().events
}

/// Every log line of the last command (umpire::rulesets::fgdn::log::describe), joined.
pub fn last_log(g: &Game) -> String {
    g.entries()
        .last()
        .unwrap()
        .events_at()
        .filter_map(|(at, e)| umpire::rulesets::fgdn::log::describe(&g.state, at, e))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Burning % of each fire (or flood), in order, removed ones as 0.
pub fn pcts(s: &ShipState, fires: bool) -> Vec<u32> {
    let list = if fires { &s.fires } else { &s.floods };
    list.iter()
        .map(|f| if f.next_due.is_some() { f.pct } else { 0 })
        .collect()
}
