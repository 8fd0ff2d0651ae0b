//! SPEC 8, chart reads, on the shared engine before any ruleset needs them (issue 11): a value
//! the rule text does not print is queued with the ruleset's `chart VALUE ...` verb, or asked
//! of the umpire with the chart, the line and the values the line allows; it is logged with its
//! provenance, and `verify` re-decides the log from the recorded values. A toy ruleset stands
//! in for the rule systems that will use them (Quickfire's Combat Chart, A&A's gun damage).
mod screen_common;

use ratatui::backend::TestBackend;
use ratatui::Terminal;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;
use std::fmt;
use umpire::core::board::{Board, Cell, Column, FleetRow, FormSpec, Seen};
use umpire::core::dice::{
    next_chart_value, AskDice, ChartRead, ChartRequest, DiceError, DiceSource, Provenance,
    SeededDice,
};
use umpire::core::game::{GameError, Journal, Record};
use umpire::core::ruleset::{ExpectError, RuleError, Rules, Ruleset, Verb};
use umpire::session::{self, Session};
use umpire::tui::board::BoardApp;
use umpire::tui::keymap::{key_event, Keymap};
use umpire::tui::Save;

const CHART: &str = "Combat Chart";
const LINE: &str = "gun 3 against armour 2";
const ALLOWED: &[&str] = &["S", "G", "-"];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Toy;

#[derive(Debug, Clone, PartialEq, Default)]
struct ToyState {
    queue: VecDeque<String>,
    hits: Vec<String>,
}

#[derive(Debug, Clone, PartialEq)]
enum ToyCommand {
    Chart(Vec<String>),
    Fire,
    Undo,
    Redo,
}

impl fmt::Display for ToyCommand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ToyCommand::Chart(v) => write!(f, "chart {}", v.join(" ")),
            ToyCommand::Fire => f.write_str("fire"),
            ToyCommand::Undo => f.write_str("undo"),
            ToyCommand::Redo => f.write_str("redo"),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "e", rename_all = "snake_case")]
enum ToyEvent {
    ChartQueued { values: Vec<String> },
    ChartRead { read: ChartRead },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
struct ToyClock(u32);

impl fmt::Display for ToyClock {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "turn {}", self.0)
    }
}

impl Rules for Toy {
    const ID: &'static str = "toy";
    type Setup = ();
    type Tables = ();
    type State = ToyState;
    type Command = ToyCommand;
    type Event = ToyEvent;
    type Clock = ToyClock;

    fn initial(_: &()) -> ToyState {
        ToyState::default()
    }
    fn apply(state: &mut ToyState, event: &ToyEvent) {
        match event {
            ToyEvent::ChartQueued { values } => state.queue.extend(values.iter().cloned()),
            ToyEvent::ChartRead { read } => {
                if read.provenance == Provenance::Queued {
                    state.queue.pop_front();
                }
                state.hits.push(read.value.clone());
            }
        }
    }
    fn clock(_: &ToyState) -> ToyClock {
        ToyClock(1)
    }
    fn verb(command: &ToyCommand) -> Verb {
        match command {
            ToyCommand::Undo => Verb::Undo,
            ToyCommand::Redo => Verb::Redo,
            _ => Verb::Rule,
        }
    }
    fn parse(text: &str) -> Result<ToyCommand, String> {
        let words: Vec<&str> = text.split_whitespace().collect();
        match words.as_slice() {
            ["chart", values @ ..] if !values.is_empty() => Ok(ToyCommand::Chart(
                values.iter().map(|v| v.to_string()).collect(),
            )),
            ["fire"] => Ok(ToyCommand::Fire),
            ["undo"] => Ok(ToyCommand::Undo),
            ["redo"] => Ok(ToyCommand::Redo),
            _ => Err(format!("\"{text}\": chart VALUE ..., fire, undo or redo")),
        }
    }
    fn decide(
        state: &ToyState,
        _: &(),
        command: &ToyCommand,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<ToyEvent>, RuleError> {
        match command {
            ToyCommand::Chart(values) => Ok(vec![ToyEvent::ChartQueued {
                values: values.clone(),
            }]),
            ToyCommand::Fire => {
                let request = ChartRequest {
                    chart: CHART,
                    line: LINE,
                    allowed: ALLOWED,
                    purpose: "the salvo's result",
                };
                let (value, provenance) =
                    next_chart_value(state.queue.front().map(String::as_str), &request, dice)?;
                Ok(vec![ToyEvent::ChartRead {
                    read: ChartRead {
                        chart: CHART.into(),
                        line: LINE.into(),
                        value,
                        purpose: "the salvo's result".into(),
                        provenance,
                    },
                }])
            }
            ToyCommand::Undo | ToyCommand::Redo => Ok(Vec::new()),
        }
    }
    fn check_expect(_: &ToyState, _: &(), _: &ToyCommand) -> Result<(), ExpectError> {
        Ok(())
    }
    fn rolled(_: &ToyEvent) -> Option<(u32, Provenance)> {
        None
    }
    fn charted(event: &ToyEvent) -> Option<(String, Provenance)> {
        match event {
            ToyEvent::ChartRead { read } => Some((read.value.clone(), read.provenance)),
            ToyEvent::ChartQueued { .. } => None,
        }
    }
    fn quiet_phase(_: &[ToyEvent]) -> Option<ToyClock> {
        None
    }
    fn quiet_events(clock: ToyClock) -> ([ToyEvent; 2], ToyClock) {
        let e = ToyEvent::ChartQueued { values: Vec::new() };
        ([e.clone(), e], clock)
    }
}

impl Ruleset for Toy {
    fn tables_with(_: &[(String, String)]) -> Result<(), Vec<String>> {
        Ok(())
    }
    fn parse_setup(_: &str, _: &str) -> Result<(), Vec<String>> {
        Ok(())
    }
    fn entry_lines(_: &ToyState, entry: &Record<Toy>) -> Vec<String> {
        entry
            .events
            .iter()
            .map(|e| match e {
                ToyEvent::ChartQueued { values } => {
                    format!("chart values queued: {}", values.join(" "))
                }
                ToyEvent::ChartRead { read } => format!("chart read: {read}"),
            })
            .collect()
    }
    fn status_json(state: &ToyState, _: &()) -> serde_json::Value {
        serde_json::json!({ "hits": state.hits })
    }
    fn table_notes(_: &()) -> Vec<String> {
        Vec::new()
    }
    fn sheets(_: &ToyState, _: &(), moment: &str) -> umpire::core::sheet::Sheets {
        umpire::core::sheet::Sheets {
            scenario: "toy".into(),
            ruleset: "toy".into(),
            moment: moment.into(),
            sheets: Vec::new(),
        }
    }
}

/// Its review names places as its clock reads (`turn 1`), as a numbered ruleset's does.
impl umpire::core::review::Places for Toy {
    type Place = umpire::core::review::ClockText;
    fn at_place(clock: &ToyClock, place: &Self::Place) -> bool {
        place.names(clock)
    }
    fn no_place(place: &Self::Place, _: &[ToyClock]) -> String {
        place.never()
    }
}

impl Board for Toy {
    fn columns() -> Vec<Column> {
        vec![Column::new("Hits", 10)]
    }
    fn fleet(state: &ToyState, _: &()) -> Vec<FleetRow> {
        vec![FleetRow {
            id: "target".into(),
            name: "Target".into(),
            side: "Red".into(),
            cells: vec![Cell::plain(state.hits.join(" "))],
            out: false,
        }]
    }
    fn detail(_: &ToyState, _: &(), _: usize) -> Vec<String> {
        Vec::new()
    }
    fn due(_: &ToyState, _: &()) -> Vec<String> {
        Vec::new()
    }
    fn title(_: &ToyState) -> String {
        "Chart reads".into()
    }
    fn clock_text(_: &ToyState) -> String {
        "Turn 1".into()
    }
    fn commands() -> Vec<(&'static str, &'static str)> {
        vec![("chart", "chart VALUE ..."), ("fire", "fire")]
    }
    fn forms() -> Vec<FormSpec> {
        Vec::new()
    }
    fn sides(_: &ToyState) -> Vec<String> {
        vec!["Red".into()]
    }
    fn seen_by(state: &ToyState, t: &(), _: &str) -> Seen {
        Seen {
            fleet: Toy::fleet(state, t),
            detail: vec![Vec::new()],
            due: Vec::new(),
        }
    }
}

fn run(game: &mut Journal<Toy>, text: &str, dice: &mut dyn DiceSource) -> Result<(), GameError> {
    let command = Toy::parse(text).unwrap();
    game.execute(&command, dice).map(|_| ())
}

fn reads(game: &Journal<Toy>) -> Vec<(String, Provenance)> {
    game.entries()
        .iter()
        .flat_map(|e| e.events.iter().filter_map(Toy::charted))
        .collect()
}

#[test]
fn a_queued_chart_value_is_used_first_and_logged_as_queued() {
    let mut game = Journal::<Toy>::new(&(), ());
    run(&mut game, "chart g", &mut SeededDice).unwrap();
    run(&mut game, "fire", &mut SeededDice).unwrap();
    // Spelled as the chart spells it, whatever the case typed.
    assert_eq!(reads(&game), vec![("G".to_string(), Provenance::Queued)]);
    assert!(game.state.queue.is_empty());
    assert!(Journal::<Toy>::verify(&(), (), game.entries()).is_empty());
}

#[test]
fn a_value_the_line_does_not_allow_is_refused_and_changes_nothing() {
    let mut game = Journal::<Toy>::new(&(), ());
    run(&mut game, "chart X", &mut SeededDice).unwrap();
    let before = game.state.clone();
    let e = run(&mut game, "fire", &mut SeededDice).unwrap_err();
    let text = e.to_string();
    assert!(
        text.contains("\"X\" is not a value of Combat Chart, gun 3 against armour 2")
            && text.contains("S, G, -"),
        "{text}"
    );
    assert_eq!(game.state, before);
    assert_eq!(game.entries().len(), 1);
}

#[test]
fn with_nothing_queued_the_value_is_asked_with_chart_line_and_allowed_values_then_typed() {
    let mut game = Journal::<Toy>::new(&(), ());
    // Nothing rolls a chart value: even the seeded dice ask for it.
    match run(&mut game, "fire", &mut SeededDice) {
        Err(GameError::Rule(RuleError::Dice(DiceError::ChartNeeded {
            chart,
            line,
            allowed,
            ..
        }))) => {
            assert_eq!((chart.as_str(), line.as_str()), (CHART, LINE));
            assert_eq!(allowed, "S, G, -");
        }
        other => panic!("{other:?}"),
    }
    assert!(game.entries().is_empty());
    let mut asked = AskDice::new(Vec::new());
    asked.charts.answers = vec!["s".into()];
    run(&mut game, "fire", &mut asked).unwrap();
    assert_eq!(reads(&game), vec![("S".to_string(), Provenance::Typed)]);
    // Replayed from the log: verify re-decides the entry from the recorded value.
    assert!(Journal::<Toy>::verify(&(), (), game.entries()).is_empty());
    // A typed value is the umpire's word, like a typed die; but a log whose chart line was
    // changed by hand no longer verifies: the rules read another line.
    let mut edited = game.entries().to_vec();
    if let ToyEvent::ChartRead { read } = &mut edited[0].events[0] {
        read.line = "gun 9 against armour 9".into();
    }
    assert!(!Journal::<Toy>::verify(&(), (), &edited).is_empty());
}

#[test]
fn the_dashboard_asks_for_a_chart_value_showing_the_line_and_logs_it_as_typed() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("toy.toml");
    let source = Session::<Toy>::from_text("toy.toml", "[scenario]\nname = \"toy\"\n", ()).unwrap();
    session::new_save(&path, &source).unwrap();
    let (battle, writer) = Session::<Toy>::open_writable(&path, ()).unwrap();
    let mut app = BoardApp::new(
        battle,
        Save::Writer(writer),
        Some(path.clone()),
        Keymap::default(),
    );
    app.submit("fire").unwrap();
    let mut t = Terminal::new(TestBackend::new(100, 24)).unwrap();
    t.draw(|f| app.draw(f)).unwrap();
    let shown = screen_common::buffer_text(t.backend().buffer());
    assert!(
        shown.contains("Combat Chart, gun 3 against armour 2") && shown.contains("one of: S, G, -"),
        "{shown}"
    );
    // Enter alone does not roll a chart value: it says so and keeps asking.
    app.on_key(key_event("enter").unwrap());
    t.draw(|f| app.draw(f)).unwrap();
    assert!(screen_common::buffer_text(t.backend().buffer()).contains("cannot be rolled"));
    for k in ["g", "enter"] {
        app.on_key(key_event(k).unwrap());
    }
    // In the save on disk, typed.
    let disk = Session::<Toy>::open(&path, ()).unwrap();
    assert_eq!(
        reads(&disk.game),
        vec![("G".to_string(), Provenance::Typed)]
    );
    assert_eq!(disk.game.state.hits, vec!["G".to_string()]);
}
