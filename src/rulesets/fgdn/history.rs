//! The battle's history, walked from the scenario. Two walks, both pure and both from the log's
//! recorded events (no die is rolled again):
//!
//! - [`changes`]: every entry in log order, replayed with `Game::new` + `commit` (so `undo` and
//!   `redo` do exactly what they did at the table), with what the entry changed on each ship:
//!   `umpire log` prints it as the entry's "changed:" line.
//! - [`walk_in_effect`]: the entries still in effect at the end of the log, event by event, each
//!   with the game time it happened at and the state after it: `umpire report` is built on it,
//!   so an undone command counts for nothing.
use crate::rulesets::fgdn::clock::Clock;
use crate::rulesets::fgdn::event::{Casualty, Event};
use crate::rulesets::fgdn::scenario::Scenario;
use crate::rulesets::fgdn::state::{GameState, ShipState};
use crate::rulesets::fgdn::tables::Tables;
use crate::rulesets::fgdn::{Entry, Game};
use serde::Serialize;
use std::collections::BTreeSet;

/// The figures of a ship a reviewer follows from entry to entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Figures {
    damage: u32,
    dp_left: u32,
    speed_max: u32,
    fire_pct: u32,
    flood_pct: u32,
    status: &'static str,
    criticals: usize,
    pending_hits: usize,
    tds_port: u32,
    tds_starboard: u32,
}

impl Figures {
    fn of(tables: &Tables, s: &ShipState) -> Figures {
        Figures {
            damage: s.damage,
            dp_left: s.dp_left(),
            speed_max: crate::rulesets::fgdn::speed::speed_max(tables, s).0,
            fire_pct: s.casualty_pct(Casualty::Fire),
            flood_pct: s.casualty_pct(Casualty::Flood),
            status: s.status.name(),
            criticals: s.criticals.len(),
            pending_hits: s.pending.len(),
            tds_port: s.tds_left[0],
            tds_starboard: s.tds_left[1],
        }
    }

    /// Field by field, in a fixed order, named as in the status (SPEC 5).
    fn fields(&self) -> [(&'static str, String); 10] {
        [
            ("damage", self.damage.to_string()),
            ("dp_left", self.dp_left.to_string()),
            ("speed_max", self.speed_max.to_string()),
            ("fire_pct", self.fire_pct.to_string()),
            ("flood_pct", self.flood_pct.to_string()),
            ("status", self.status.to_string()),
            ("criticals", self.criticals.to_string()),
            ("pending_hits", self.pending_hits.to_string()),
            ("tds.port", self.tds_port.to_string()),
            ("tds.starboard", self.tds_starboard.to_string()),
        ]
    }
}

/// One field of one ship that an entry changed, with the status field's name (SPEC 5).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FieldChange {
    pub field: &'static str,
    pub from: String,
    pub to: String,
}

/// What an entry changed on one ship.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ShipChanges {
    pub ship: String,
    pub fields: Vec<FieldChange>,
}

impl ShipChanges {
    /// `damage 0 -> 130, speed_max 26 -> 13`.
    pub fn summary(&self) -> String {
        self.fields
            .iter()
            .map(|f| format!("{} {} -> {}", f.field, f.from, f.to))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// The ships an entry's events name (helpers included), in scenario order.
fn touched(state: &GameState, entry: &Entry) -> BTreeSet<usize> {
    let mut set = BTreeSet::new();
    for e in &entry.events {
        if let Some(i) = e.ship().and_then(|id| state.ship_index(id)) {
            set.insert(i);
        }
        if let Event::AssistStarted { helper, .. } | Event::AssistReleased { helper, .. } = e {
            if let Some(i) = state.ship_index(helper) {
                set.insert(i);
            }
        }
    }
    set
}

fn diff(tables: &Tables, before: &ShipState, after: &ShipState) -> Option<ShipChanges> {
    let (b, a) = (Figures::of(tables, before), Figures::of(tables, after));
    if a == b {
        return None;
    }
    let fields = b
        .fields()
        .into_iter()
        .zip(a.fields())
        .filter(|(x, y)| x.1 != y.1)
        .map(|((field, from), (_, to))| FieldChange { field, from, to })
        .collect();
    Some(ShipChanges {
        ship: after.id().to_string(),
        fields,
    })
}

/// For every entry of the log, in order, what it changed on each ship (scenario order; ships
/// it did not change are left out). `undo` and `redo` entries list what they took back or
/// brought back; an entry that was undone later still lists what it did when it was entered.
pub fn changes(scenario: &Scenario, tables: &Tables, entries: &[Entry]) -> Vec<Vec<ShipChanges>> {
    let mut game = Game::new(scenario, tables.clone());
    let mut out = Vec::with_capacity(entries.len());
    for entry in entries {
        let history = entry.cmd == "undo" || entry.cmd == "redo";
        let ships: Vec<usize> = if history {
            // Undo and redo touch what the command they move touched: compare every ship.
            (0..game.state.ships.len()).collect()
        } else {
            touched(&game.state, entry).into_iter().collect()
        };
        // The ships as they stood (shared with the state until the commit writes them).
        let before: Vec<_> = ships.iter().map(|&i| game.state.ships[i].clone()).collect();
        game.commit(entry.clone());
        out.push(
            ships
                .iter()
                .zip(&before)
                .filter_map(|(&i, b)| diff(tables, b, &game.state.ships[i]))
                .collect(),
        );
    }
    out
}

/// One event of an entry in effect, at the game time it happened.
#[derive(Debug, Clone, Copy)]
pub struct Moment<'a> {
    /// Index of the entry in the log.
    pub index: usize,
    pub entry: &'a Entry,
    /// The clock when the event happened: an event at the end of a phase carries that phase
    /// (the phase ended, then its hits and everything due in it were resolved).
    pub at: Clock,
    pub event: &'a Event,
}

/// Walk the entries in effect at the end of `game`'s log, event by event, from the scenario's
/// initial state: `visit` gets each event with its game time and the state after it. Undone
/// entries are skipped, so what they did counts for nothing.
pub fn walk_in_effect(
    scenario: &Scenario,
    game: &Game,
    mut visit: impl FnMut(&Moment<'_>, &GameState),
) {
    let mut state = GameState::new(scenario);
    let entries = game.entries();
    for &index in game.in_effect_indices() {
        let Some(entry) = entries.get(index) else {
            continue;
        };
        for event in &entry.events {
            let at = state.clock;
            state.apply(event);
            visit(
                &Moment {
                    index,
                    entry,
                    at,
                    event,
                },
                &state,
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::dice::SeededDice;
    use crate::rulesets::fgdn::command::Command;
    use crate::rulesets::fgdn::scenario::parse_scenario;
    use crate::rulesets::fgdn::scenario::tests::GOOD;

    fn game(commands: &[&str]) -> (Scenario, Game) {
        let scenario = parse_scenario("history.toml", GOOD).expect("scenario");
        let mut game = Game::new(&scenario, Tables::builtin());
        for c in commands {
            let cmd: Command = c.parse().expect("command");
            game.execute(&cmd, &mut SeededDice).expect("executes");
        }
        (scenario, game)
    }

    #[test]
    fn changes_name_each_field_with_its_before_and_after() {
        // FG&DN 8.1.1: Tiger, 501 DP, 28 kt; 130 DP takes her past the 25 % break point (125)
        // to 21 kt. Count D6 1 on the .30 line: no critical.
        let (scenario, game) =
            game(&["until 1200 planned_fire", "hit tiger 130", "dice 1", "next"]);
        let all = changes(&scenario, &game.tables, game.entries());
        assert_eq!(all.len(), 4);
        assert!(all[0].is_empty(), "moving the clock changes no ship");
        assert_eq!(all[1][0].summary(), "pending_hits 0 -> 1");
        assert!(all[2].is_empty(), "queuing dice changes no ship");
        assert_eq!(
            all[3][0].summary(),
            "damage 0 -> 130, dp_left 501 -> 371, speed_max 28 -> 21, pending_hits 1 -> 0"
        );
    }

    #[test]
    fn undo_lists_what_it_took_back_and_the_walk_skips_undone_entries() {
        let (scenario, game) = game(&[
            "until 1200 planned_fire",
            "hit tiger 130",
            "dice 1",
            "next",
            "undo",
        ]);
        let all = changes(&scenario, &game.tables, game.entries());
        assert_eq!(
            all[4][0].summary(),
            "damage 130 -> 0, dp_left 371 -> 501, speed_max 21 -> 28, pending_hits 0 -> 1"
        );
        let mut damage = 0;
        let mut commands = Vec::new();
        walk_in_effect(&scenario, &game, |m, state| {
            if let Event::Damage { amount, .. } = m.event {
                damage += amount;
            }
            if commands.last() != Some(&m.entry.cmd) {
                commands.push(m.entry.cmd.clone());
            }
            assert!(state.ship("tiger").is_some());
        });
        assert_eq!(damage, 0, "the undone `next` resolved nothing");
        assert_eq!(
            commands,
            ["until 1200 planned_fire", "hit tiger 130", "dice 1"],
            "the `next` and the `undo` are left out"
        );
    }

    /// `Game::in_effect` binary-searches the entries in effect: they must stay in log order
    /// through any mix of commands, undo and redo.
    #[test]
    fn entries_in_effect_stay_in_log_order() {
        let (_, game) = game(&[
            "note a", "note b", "undo", "note c", "undo", "undo", "redo", "redo", "note d", "undo",
            "undo", "redo", "note e", "note f", "undo", "redo",
        ]);
        let done = game.in_effect_indices();
        assert!(done.windows(2).all(|w| w[0] < w[1]), "{done:?}");
        for i in 0..game.entries().len() {
            assert_eq!(game.in_effect(i), done.contains(&i), "entry {i}");
        }
        let kept: Vec<&str> = done
            .iter()
            .map(|&i| game.entries()[i].cmd.as_str())
            .collect();
        assert_eq!(
            kept,
            [r#"note "a""#, r#"note "c""#, r#"note "e""#, r#"note "f""#]
        );
    }

    #[test]
    fn events_carry_the_game_time_of_the_phase_that_ended() {
        let (scenario, game) = game(&["until 1203 planned_fire", "hit tiger 10", "dice 1", "next"]);
        let mut damage_at = None;
        let mut ended = Vec::new();
        walk_in_effect(&scenario, &game, |m, _| match m.event {
            Event::Damage { .. } => damage_at = Some(m.at),
            Event::PhaseEnded { clock } => {
                assert_eq!(*clock, m.at, "a phase ends at its own time");
                ended.push(m.at.to_string());
            }
            _ => {}
        });
        assert_eq!(
            ended.len(),
            9,
            "1200 (six phases), 1203 plotting to planned_fire"
        );
        assert_eq!(
            damage_at.map(|c| c.to_string()).as_deref(),
            Some("1203 planned fire")
        );
    }
}
