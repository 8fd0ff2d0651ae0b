//! Everything specific to FG&DN 1.1.
pub mod airship;
pub mod aviation;
pub mod bench;
pub mod board;
pub mod builder;
pub mod cargo;
pub mod carried;
pub mod carry;
pub mod chance;
pub mod clock;
pub mod command;
pub mod damage;
pub mod damage_control;
pub mod effects;
pub mod engine;
pub mod event;
pub mod faces;
pub mod fire_flood;
pub mod flight;
pub mod fog;
pub mod grounding;
pub mod history;
pub mod kinds;
pub mod log;
pub mod log_text;
pub mod log_view;
pub mod nation;
pub mod repairs;
pub mod report;
pub mod report_text;
pub mod rescue;
pub mod resolve;
pub mod review;
pub mod roster;
pub mod scenario;
pub mod sheet;
pub mod slips;
pub mod speed;
pub mod state;
pub mod status;
pub mod status_text;
pub mod submarine;
pub mod tables;
pub mod timers;
pub mod transfer;

use crate::core::dice::{DiceSource, Provenance};
use crate::core::game::Record;
use crate::core::ruleset::{ExpectError, Rules, Ruleset, Verb};
use crate::rulesets::fgdn::clock::{Clock, Hhmm};
use crate::rulesets::fgdn::command::Command;
use crate::rulesets::fgdn::engine::{find_ship, RuleError};
use crate::rulesets::fgdn::event::Event;
use crate::rulesets::fgdn::scenario::Scenario;
use crate::rulesets::fgdn::state::GameState;

/// The `[scenario] ruleset` id of FG&DN 1.1 (also the ruleset of a scenario without one).
pub const ID: &str = "fgdn-1.1";

/// FG&DN's journal, log entry and history mark: the ruleset-generic types for FG&DN.
pub type Game = crate::core::game::Journal<Fgdn>;
pub type Entry = Record<Fgdn>;
pub type HistoryMark = crate::core::game::Mark<Fgdn>;

/// FG&DN 1.1 on the shared journal (the ruleset `fgdn-1.1`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fgdn;

impl Rules for Fgdn {
    const ID: &'static str = ID;
    type Setup = Scenario;
    type Tables = tables::Tables;
    type State = GameState;
    type Command = Command;
    type Event = Event;
    type Clock = Clock;

    fn initial(setup: &Scenario) -> GameState {
        GameState::new(setup)
    }

    fn apply(state: &mut GameState, event: &Event) {
        state.apply(event);
    }

    fn clock(state: &GameState) -> Clock {
        state.clock
    }

    fn queued_dice(state: &GameState) -> Vec<u32> {
        state.dice_queue.iter().copied().collect()
    }

    fn verb(command: &Command) -> Verb {
        match command {
            Command::Undo => Verb::Undo,
            Command::Redo => Verb::Redo,
            Command::Expect { .. } | Command::ExpectClock { .. } => Verb::Expect,
            _ => Verb::Rule,
        }
    }

    fn parse(text: &str) -> Result<Command, String> {
        text.parse::<Command>().map_err(|e| e.to_string())
    }

    fn decide(
        state: &GameState,
        tables: &tables::Tables,
        command: &Command,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<Event>, RuleError> {
        crate::rulesets::fgdn::engine::decide(state, tables, command, dice)
    }

    fn check_expect(
        state: &GameState,
        tables: &tables::Tables,
        command: &Command,
    ) -> Result<(), ExpectError> {
        match command {
            Command::ExpectClock { time, phase } => {
                let c = state.clock;
                let actual = format!("{} {}", c.label(), c.phase);
                let expected = format!("{} {phase}", Hhmm(*time));
                if actual == expected {
                    Ok(())
                } else {
                    Err(ExpectError::Failed {
                        what: "clock".into(),
                        expected,
                        actual,
                    })
                }
            }
            Command::Expect { ship, field, value } => {
                let i = find_ship(state, ship)?;
                let actual = crate::rulesets::fgdn::status::ship_field(state, tables, i, field)
                    .map_err(|m| ExpectError::Rule(RuleError::Refused(m)))?;
                if crate::core::ruleset::field_matches(&actual, value) {
                    Ok(())
                } else {
                    Err(ExpectError::Failed {
                        what: format!("{ship} {field}"),
                        expected: value.clone(),
                        actual: crate::core::ruleset::field_text(&actual),
                    })
                }
            }
            _ => Ok(()),
        }
    }

    fn rolled(event: &Event) -> Option<(u32, Provenance)> {
        match event {
            Event::Rolled { roll, .. } => Some((roll.face, roll.provenance)),
            _ => None,
        }
    }

    fn quiet_phase(events: &[Event]) -> Option<Clock> {
        match events {
            [Event::PhaseEnded { clock }, Event::ClockMoved { to }, ..]
                if *to == clock.after_phase() =>
            {
                Some(*clock)
            }
            _ => None,
        }
    }

    fn quiet_events(clock: Clock) -> ([Event; 2], Clock) {
        let to = clock.after_phase();
        ([Event::PhaseEnded { clock }, Event::ClockMoved { to }], to)
    }
}

impl Ruleset for Fgdn {
    fn parse_in(state: &GameState, text: &str) -> Result<Command, String> {
        let ships: Vec<(&str, &str)> = state
            .ships
            .iter()
            .map(|s| (s.id(), s.spec.name.as_str()))
            .collect();
        crate::rulesets::fgdn::command::parse_naming(text, &ships).map_err(|e| e.to_string())
    }

    fn tables_with(overrides: &[(String, String)]) -> Result<tables::Tables, Vec<String>> {
        tables::Tables::load(overrides).map_err(|es| es.iter().map(|e| e.to_string()).collect())
    }

    fn parse_setup(file: &str, text: &str) -> Result<Scenario, Vec<String>> {
        crate::rulesets::fgdn::scenario::parse_scenario(file, text)
            .map_err(|errors| errors.iter().map(|e| e.to_string()).collect())
    }

    fn check_classes(file: &str, text: &str) -> Result<Vec<String>, Vec<String>> {
        crate::rulesets::fgdn::scenario::parse_class_file(file, text)
            .map(|classes| classes.into_iter().map(|c| c.id).collect())
            .map_err(|errors| errors.iter().map(|e| e.to_string()).collect())
    }

    fn entry_lines(before: &GameState, entry: &Record<Fgdn>) -> Vec<String> {
        entry
            .events_at()
            .filter_map(|(at, ev)| log::describe(before, at, ev))
            .collect()
    }

    fn status_json(state: &GameState, tables: &tables::Tables) -> serde_json::Value {
        serde_json::to_value(crate::rulesets::fgdn::status::status(state, tables))
            .unwrap_or_default()
    }

    /// FG&DN's tables are transcribed from the text whole: no cell is marked otherwise yet.
    fn table_notes(_tables: &tables::Tables) -> Vec<String> {
        Vec::new()
    }

    fn sheets(
        state: &GameState,
        tables: &tables::Tables,
        moment: &str,
    ) -> crate::core::sheet::Sheets {
        sheet::sheets(state, tables, moment)
    }
}

impl Record<Fgdn> {
    /// Each event with the clock when it happened: the entry's clock, moved on by the clock
    /// and scale events before it (an `until` walks many phases in one entry). The log words an
    /// old event with this clock, as the table saw it.
    pub fn events_at(&self) -> impl Iterator<Item = (Clock, &Event)> {
        self.events.iter().scan(self.clock, |clock, e| {
            let at = *clock;
            match e {
                Event::ClockMoved { to } => *clock = *to,
                Event::ScaleChanged { scale } => clock.scale = *scale,
                _ => {}
            }
            Some((at, e))
        })
    }
}
