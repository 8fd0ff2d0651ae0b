//! The screen model (SPEC 8: "umpires of each system recognise their own ship log on screen"):
//! what a ruleset shows on the dashboard, as plain data the terminal face draws without naming
//! the ruleset. A ruleset gives its fleet columns and rows, the detail panel of a ship, the due
//! list, its commands for completion and help, and the forms behind its keys; the face owns
//! the layout, the prompt, the log panel, undo and redo, dice and the save.
use crate::core::ruleset::Ruleset;

/// How a cell is drawn; the face maps tones to colours (or to nothing under NO_COLOR).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tone {
    Plain,
    Dim,
    Ok,
    Warn,
    Danger,
}

/// One cell of the fleet table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cell {
    pub text: String,
    pub tone: Tone,
}

impl Cell {
    pub fn plain(text: impl Into<String>) -> Cell {
        Cell {
            text: text.into(),
            tone: Tone::Plain,
        }
    }
    pub fn toned(text: impl Into<String>, tone: Tone) -> Cell {
        Cell {
            text: text.into(),
            tone,
        }
    }
}

/// A column of the fleet table after the ship's name: its heading and the width it wants.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Column {
    pub title: &'static str,
    pub width: u16,
}

/// One ship's row: the face draws the id, name and side, then the ruleset's cells in column
/// order. A ship out of the battle (sunk) is drawn dim.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FleetRow {
    pub id: String,
    pub name: String,
    pub side: String,
    pub cells: Vec<Cell>,
    pub out: bool,
}

/// A field of a form: what the umpire fills in, and how it becomes words of the command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FieldKind {
    /// Another ship of the battle (a target), chosen from the fleet.
    Ship,
    /// A whole number; an empty optional one is left out.
    Number { required: bool },
    /// One of a list; `-` is "not given" and is left out.
    Choice(Vec<&'static str>),
    /// No or yes: yes writes the keyword alone.
    Flag,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldSpec {
    pub label: &'static str,
    /// The word written before the value (empty: the value alone, in its place).
    pub keyword: &'static str,
    pub kind: FieldKind,
}

/// A form behind a key: `verb SHIP` and then each field's words, for the selected ship. The
/// command is then run exactly as if typed at the prompt.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FormSpec {
    pub key: char,
    pub title: &'static str,
    pub verb: &'static str,
    pub fields: Vec<FieldSpec>,
}

/// What the player of one side sees (`umpire watch FILE --side NAME`), by the ruleset's
/// fog-of-war rule: the fleet, each ship's detail and the due list, cut to what that side may
/// know.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Seen {
    pub fleet: Vec<FleetRow>,
    pub detail: Vec<Vec<String>>,
    pub due: Vec<String>,
}

/// What a ruleset shows on the dashboard. Pure: from the state and the tables.
pub trait Board: Ruleset {
    /// The fleet table's columns after id, name and side.
    fn columns() -> Vec<Column>;
    /// One row per ship, in scenario order.
    fn fleet(state: &Self::State, tables: &Self::Tables) -> Vec<FleetRow>;
    /// The detail panel of ship `i` (scenario order): one line each.
    fn detail(state: &Self::State, tables: &Self::Tables, i: usize) -> Vec<String>;
    /// What the clock will fire next, soonest first, one line each.
    fn due(state: &Self::State, tables: &Self::Tables) -> Vec<String>;
    /// The battle's name, for the header.
    fn title(state: &Self::State) -> String;
    /// The clock as the header shows it.
    fn clock_text(state: &Self::State) -> String;
    /// Every command of the ruleset's language with its usage, for completion and help.
    fn commands() -> Vec<(&'static str, &'static str)>;
    /// The forms behind keys.
    fn forms() -> Vec<FormSpec>;
    /// The sides of the battle, in scenario order.
    fn sides(state: &Self::State) -> Vec<String>;
    /// What `side` sees by the ruleset's fog-of-war rule.
    fn seen_by(state: &Self::State, tables: &Self::Tables, side: &str) -> Seen;
}
