//! The screen model (SPEC 8: "umpires of each system recognise their own ship log on screen"):
//! what a ruleset shows on the dashboard, as plain data the terminal face draws without naming
//! the ruleset. A ruleset gives its fleet columns and rows, the detail panel of a ship, the due
//! list, its commands for completion and help, and the forms behind its keys; the face owns
//! the layout, the prompt, the log panel, undo and redo, dice and the save.
use crate::core::ruleset::Ruleset;

/// How a cell is drawn; the face maps tones to colours (or to nothing under NO_COLOR). Meaning
/// never rests on the tone alone: the text says it too.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tone {
    Plain,
    Dim,
    Ok,
    Warn,
    Danger,
    /// A heading inside a panel, in the panel titles' style.
    Heading,
    /// A share left of a whole (a ship's points left of her points): green from two thirds,
    /// yellow from one third, red below; `bold` for the number that matters most.
    Gauge {
        left: u32,
        of: u32,
        bold: bool,
    },
    /// A grade of trouble on a five-step scale, 0 (none, plain) to 4 (the worst); 2 and worse
    /// bold, 4 reversed. The ruleset says what its steps are (and spells them out).
    Grade(u8),
    /// Gone from the battle (sunk): dim and struck through.
    Gone,
    /// The one marked among several on a line (a current level on a scale): reversed, bold.
    Marked,
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

/// A column of the fleet table after the ship's name: its heading, the width it wants and
/// which side of that width its heading keeps to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Column {
    pub title: &'static str,
    pub width: u16,
    pub align: Align,
}

impl Column {
    /// A column whose heading keeps to the left.
    pub const fn new(title: &'static str, width: u16) -> Column {
        Column {
            title,
            width,
            align: Align::Left,
        }
    }

    /// A column whose heading keeps to the right (numbers).
    pub const fn right(title: &'static str, width: u16) -> Column {
        Column {
            title,
            width,
            align: Align::Right,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Align {
    Left,
    Right,
}

/// How a ruleset wants its fleet drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FleetLayout {
    /// A table: id, name and side, then one cell per column; the selected row reversed.
    Table,
    /// Grouped under a heading per side (in scenario order), a marker before the selected
    /// ship, her name in what the row leaves of the width (between `name_min` and `name_max`
    /// characters, `after_name` kept for the cells), then the cells one after another as the
    /// ruleset padded them to its columns; the column headings on a line of their own.
    BySide {
        name_min: u16,
        name_max: u16,
        after_name: u16,
    },
}

/// One ship's row: the face draws the id, name and side, then the ruleset's cells in column
/// order. A ship out of the battle (sunk) is drawn dim: the whole row of a table; in a fleet
/// grouped by side, her name (the ruleset tones the cells it wants dim).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct FleetRow {
    pub id: String,
    pub name: String,
    pub side: String,
    pub cells: Vec<Cell>,
    pub out: bool,
}

/// A line of the detail panel or the due list: its pieces, each with its tone. A `cut` line
/// is never wrapped: it is cut to the panel's width (less `cut` columns) with "…".
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Line {
    pub cells: Vec<Cell>,
    pub cut: Option<u16>,
}

impl Line {
    pub fn of(cells: Vec<Cell>) -> Line {
        Line { cells, cut: None }
    }

    pub fn toned(text: impl Into<String>, tone: Tone) -> Line {
        Line::of(vec![Cell::toned(text, tone)])
    }

    /// The text without tones.
    pub fn text(&self) -> String {
        self.cells.iter().map(|c| c.text.as_str()).collect()
    }
}

impl From<String> for Line {
    fn from(text: String) -> Line {
        Line::toned(text, Tone::Plain)
    }
}

/// The detail panel of one ship: its title and lines, most important first (a small panel
/// shows the top; the full-screen view all of them).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Detail {
    pub title: String,
    pub lines: Vec<Line>,
}

/// The due list: its title, what the clock fires next (`now`; `empty` when nothing), and what
/// follows (`later`, shown in the panel only when `now` leaves it room, each line cut to fit).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DueList {
    pub title: String,
    pub now: Vec<Line>,
    pub empty: Line,
    pub later: Vec<Line>,
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
pub trait Board: Ruleset + crate::core::review::Places {
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

    /// How the fleet is drawn.
    fn fleet_layout() -> FleetLayout {
        FleetLayout::Table
    }

    /// The fleet as the umpire (`side` None) or a side's player sees it.
    fn fleet_seen(state: &Self::State, tables: &Self::Tables, side: Option<&str>) -> Vec<FleetRow> {
        match side {
            Some(side) => Self::seen_by(state, tables, side).fleet,
            None => Self::fleet(state, tables),
        }
    }

    /// Ship `i`'s row of [`Board::fleet_seen`], alone (a face builds only the rows it draws).
    fn fleet_row(
        state: &Self::State,
        tables: &Self::Tables,
        i: usize,
        side: Option<&str>,
    ) -> Option<FleetRow> {
        Self::fleet_seen(state, tables, side).into_iter().nth(i)
    }

    /// The detail panel of ship `i` as the umpire (`side` None) or a side's player sees it;
    /// by default "Ship" and the plain lines of [`Board::detail`].
    fn detail_panel(
        state: &Self::State,
        tables: &Self::Tables,
        i: usize,
        side: Option<&str>,
    ) -> Detail {
        let lines = match side {
            Some(side) => Self::seen_by(state, tables, side)
                .detail
                .into_iter()
                .nth(i)
                .unwrap_or_default(),
            None => Self::detail(state, tables, i),
        };
        Detail {
            title: "Ship".into(),
            lines: lines.into_iter().map(Line::from).collect(),
        }
    }

    /// The due list as the umpire (`side` None) or a side's player sees it; by default "Due"
    /// and the plain lines of [`Board::due`].
    fn due_list(state: &Self::State, tables: &Self::Tables, side: Option<&str>) -> DueList {
        let now = match side {
            Some(side) => Self::seen_by(state, tables, side).due,
            None => Self::due(state, tables),
        };
        DueList {
            title: "Due".into(),
            now: now.into_iter().map(Line::from).collect(),
            empty: Line::toned("nothing due", Tone::Dim),
            later: Vec::new(),
        }
    }
}

/// The sides named by `sides` (one per ship or squadron, in scenario order), each once, as
/// first spelled; "British" and "british" are one side.
pub fn sides_in_order<'a>(sides: impl IntoIterator<Item = &'a str>) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for side in sides {
        if !out.iter().any(|x| x.eq_ignore_ascii_case(side)) {
            out.push(side.to_string());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sides_come_once_in_scenario_order_whatever_their_case() {
        assert_eq!(
            sides_in_order(["Japan", "Russia", "japan", "Japan", "Russia"]),
            ["Japan", "Russia"]
        );
        assert!(sides_in_order([]).is_empty());
    }
}
