//! Record sheets (SPEC 9): one sheet per ship for the players at the table, as a pure model
//! that names no ruleset. Each ruleset builds its sheets from its scenario, state and tables
//! (`sheet.rs` in each ruleset's folder); `cli::sheets` renders any of them as
//! Markdown or printable HTML without knowing which ruleset made them.
//!
//! A sheet is a title, a line of facts and sections; a section holds items in order: facts
//! (label and value), tracks (a row of boxes to cross off, each with its own short text, some
//! already crossed when the sheet shows a battle in progress), tables and notes. Only figures
//! the scenario and the rule tables give go on a sheet: nothing is invented to fill a box.
use serde::Serialize;

/// Every ship's sheet of one battle.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Sheets {
    /// The scenario's name.
    pub scenario: String,
    /// The ruleset's id (`fgdn-1.1`).
    pub ruleset: String,
    /// The moment the boxes show: "at the start" or "after entry 12, 1215 resolution".
    pub moment: String,
    pub sheets: Vec<Sheet>,
}

/// One ship's sheet.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Sheet {
    /// The ship's name.
    pub title: String,
    /// One line under the title: id, side, type.
    pub subtitle: String,
    pub sections: Vec<Section>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Section {
    pub heading: String,
    pub items: Vec<Item>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "item", rename_all = "snake_case")]
pub enum Item {
    /// Label and value pairs, shown on one or a few lines.
    Facts(Vec<Fact>),
    /// A row of boxes.
    Track(Track),
    Table(Table),
    /// A sentence of the sheet's own (a reading, a reminder of a rule number).
    Note(String),
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Fact {
    pub label: String,
    pub value: String,
}

/// A row of boxes to cross off, with a label before it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Track {
    pub label: String,
    pub boxes: Vec<Tick>,
    /// The rule has no limit here: a space to keep a tally follows the boxes.
    pub open: bool,
    /// What a box means, after the boxes (may be empty).
    pub note: String,
}

/// One box: its text (a number, a mount's name; may be empty) and whether it is crossed off.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Tick {
    pub text: String,
    pub marked: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Table {
    pub head: Vec<String>,
    pub rows: Vec<Vec<String>>,
}

impl Fact {
    pub fn new(label: impl Into<String>, value: impl Into<String>) -> Fact {
        Fact {
            label: label.into(),
            value: value.into(),
        }
    }
}

impl Tick {
    pub fn new(text: impl Into<String>, marked: bool) -> Tick {
        Tick {
            text: text.into(),
            marked,
        }
    }
}

impl Track {
    /// A track of the given boxes, closed (no tally space), without a note.
    pub fn new(label: impl Into<String>, boxes: Vec<Tick>) -> Track {
        Track {
            label: label.into(),
            boxes,
            open: false,
            note: String::new(),
        }
    }

    /// With a note after the boxes.
    pub fn note(mut self, note: impl Into<String>) -> Track {
        self.note = note.into();
        self
    }

    /// With a tally space after the boxes (the rule sets no limit).
    pub fn open(mut self) -> Track {
        self.open = true;
        self
    }
}

impl Section {
    pub fn new(heading: impl Into<String>) -> Section {
        Section {
            heading: heading.into(),
            items: Vec::new(),
        }
    }

    pub fn push(&mut self, item: Item) -> &mut Section {
        self.items.push(item);
        self
    }
}

impl Sheet {
    /// The number of boxes on the sheet (the browser test and the layout's checks use it).
    pub fn boxes(&self) -> usize {
        self.sections
            .iter()
            .flat_map(|s| &s.items)
            .map(|i| match i {
                Item::Track(t) => t.boxes.len(),
                _ => 0,
            })
            .sum()
    }
}

/// `n` boxes without text, the first `marked` crossed off.
pub fn blank_boxes(n: u32, marked: u32) -> Vec<Tick> {
    (0..n).map(|i| Tick::new("", i < marked)).collect()
}

/// `1st`, `2nd`, `3rd`, `4th` ... for a box's text.
pub fn ordinal(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, 11) | (2, 12) | (3, 13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ordinals_read_as_words() {
        let got: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 22, 101]
            .into_iter()
            .map(ordinal)
            .collect();
        assert_eq!(
            got,
            ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st"]
        );
    }

    #[test]
    fn blank_boxes_mark_the_first_ones() {
        let b = blank_boxes(3, 2);
        assert_eq!(b.iter().filter(|t| t.marked).count(), 2);
        assert!(!b[2].marked);
    }
}
