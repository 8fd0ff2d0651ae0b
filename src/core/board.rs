//! The screen model (SPEC 8: "umpires of each system recognise their own ship log on screen"):
//! what a ruleset shows on the dashboard, as plain data the terminal face draws without naming
//! the ruleset. A ruleset gives its fleet columns and rows, the detail panel of a ship, the due
//! list, its commands for completion and help, the forms behind its keys, and (with defaults)
//! how its log reads in the log panel and what a side sees of it; the face owns the layout, the
//! prompt, the log panel, undo and redo, dice and the save.
use crate::core::game::{Journal, Record};
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

/// A ship as the fleet lists her, without her cells: her id, name and side (what a table
/// measures its first columns on and scrolls through, without building every row).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Head {
    pub id: String,
    pub name: String,
    pub side: String,
}

impl Head {
    pub fn of(row: &FleetRow) -> Head {
        Head {
            id: row.id.clone(),
            name: row.name.clone(),
            side: row.side.clone(),
        }
    }
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

impl DueList {
    /// "Due" and plain lines, "nothing due" when there are none.
    pub fn of(now: Vec<String>) -> DueList {
        DueList {
            title: "Due".into(),
            now: now.into_iter().map(Line::from).collect(),
            empty: Line::toned("nothing due", Tone::Dim),
            later: Vec::new(),
        }
    }
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
    /// One of a list whose options each write their own words, or nothing (the command's
    /// default); the first is chosen when the form opens.
    Options(Vec<Opt>),
    /// A number that counts only while the field labelled `field` has its option `option`
    /// chosen: then it must be typed (the error asks for `what`, or another of that field's
    /// options) and is written; otherwise it is left out, whatever was typed.
    NumberIf {
        field: &'static str,
        option: &'static str,
        what: &'static str,
    },
}

/// One option of a choice: its name (shown as words: `skip_bomb` reads "skip bomb") and what
/// choosing it writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Opt {
    pub name: &'static str,
    pub writes: Writes,
}

/// What choosing an option writes in the command.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Writes {
    /// The field's keyword and then the option's name (the name alone without a keyword).
    Name,
    /// Nothing: the command's default.
    Nothing,
    /// This word alone, in place of keyword and name.
    Word(&'static str),
}

impl Opt {
    /// An option written as the field's keyword and its name.
    pub const fn named(name: &'static str) -> Opt {
        Opt {
            name,
            writes: Writes::Name,
        }
    }

    /// An option that writes nothing (the command's default).
    pub const fn nothing(name: &'static str) -> Opt {
        Opt {
            name,
            writes: Writes::Nothing,
        }
    }

    /// An option that writes `word` alone.
    pub const fn word(name: &'static str, word: &'static str) -> Opt {
        Opt {
            name,
            writes: Writes::Word(word),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldSpec {
    pub label: &'static str,
    /// The word written before the value (empty: the value alone, in its place).
    pub keyword: &'static str,
    pub kind: FieldKind,
}

impl FieldSpec {
    /// The options of a choice, a flag or a list of options, in order, each with what it
    /// writes: a choice's `-` writes nothing, a flag is no (nothing) or yes (the keyword).
    /// Empty for a number or a ship.
    pub fn options(&self) -> Vec<Opt> {
        match &self.kind {
            FieldKind::Choice(names) => names
                .iter()
                .map(|&n| {
                    if n == "-" {
                        Opt::nothing(n)
                    } else {
                        Opt::named(n)
                    }
                })
                .collect(),
            FieldKind::Flag => vec![Opt::nothing("no"), Opt::word("yes", self.keyword)],
            FieldKind::Options(options) => options.clone(),
            FieldKind::Ship | FieldKind::Number { .. } | FieldKind::NumberIf { .. } => Vec::new(),
        }
    }

    /// Whether the field must always be filled in (a number asked for only with another
    /// field's option is not).
    pub fn required(&self) -> bool {
        matches!(self.kind, FieldKind::Number { required: true })
    }
}

/// What one field of a form holds: the text typed (a number, or the id of the ship chosen),
/// or the index of the option chosen (a choice, a flag, a list of options).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Filled<'a> {
    Text(&'a str),
    Chosen(usize),
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

impl FormSpec {
    /// The command the form stands for on `ship`, its fields holding `values` (one each, in
    /// order; a missing one is empty), or what is missing: every face builds it here.
    pub fn command(&self, ship: &str, values: &[Filled]) -> Result<String, String> {
        let mut words = vec![self.verb.to_string(), ship.to_string()];
        for (k, field) in self.fields.iter().enumerate() {
            let value = values.get(k).copied();
            let text = match value {
                Some(Filled::Text(t)) => t,
                _ => "",
            };
            let keyed = |words: &mut Vec<String>, v: &str| {
                if !field.keyword.is_empty() {
                    words.push(field.keyword.to_string());
                }
                words.push(v.to_string());
            };
            match &field.kind {
                FieldKind::Ship | FieldKind::Number { .. } => {
                    if text.is_empty() {
                        if field.required() {
                            return Err(format!("{}: enter a number", field.label));
                        }
                        continue;
                    }
                    keyed(&mut words, text);
                }
                FieldKind::NumberIf {
                    field: other,
                    option,
                    what,
                } => {
                    if !self.chosen(values, other, option) {
                        continue;
                    }
                    if text.is_empty() {
                        let others = self.other_options(other, option);
                        return Err(format!("{}: enter {what}, or choose {others}", field.label));
                    }
                    keyed(&mut words, text);
                }
                FieldKind::Choice(_) | FieldKind::Flag | FieldKind::Options(_) => {
                    let Some(Filled::Chosen(i)) = value else {
                        continue;
                    };
                    match field.options().get(i).map(|o| (o.name, o.writes)) {
                        Some((name, Writes::Name)) => keyed(&mut words, name),
                        Some((_, Writes::Word(w))) if !w.is_empty() => words.push(w.to_string()),
                        Some((_, Writes::Word(_) | Writes::Nothing)) | None => {}
                    }
                }
            }
        }
        Ok(words.join(" "))
    }

    /// Whether the field labelled `label` has its option `option` chosen in `values`.
    fn chosen(&self, values: &[Filled], label: &str, option: &str) -> bool {
        let Some(k) = self.fields.iter().position(|f| f.label == label) else {
            return false;
        };
        match values.get(k) {
            Some(Filled::Chosen(i)) => self.fields[k]
                .options()
                .get(*i)
                .is_some_and(|o| o.name == option),
            _ => false,
        }
    }

    /// The options of the field labelled `label` other than `option`, quoted, for an error:
    /// `"penetrates" or "nopen"`.
    fn other_options(&self, label: &str, option: &str) -> String {
        let names: Vec<String> = self
            .fields
            .iter()
            .find(|f| f.label == label)
            .map(FieldSpec::options)
            .unwrap_or_default()
            .iter()
            .filter(|o| o.name != option)
            .map(|o| format!("\"{}\"", o.name))
            .collect();
        match names.split_last() {
            Some((last, [])) => last.clone(),
            Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
            None => String::new(),
        }
    }
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

/// How the log panel words one entry ([`Board::log_lines`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EntryLog {
    /// As [`crate::core::game::Journal::words`] words it (each entry on the state it was
    /// decided on), the whole entry shown when the ship filter names a ship it names.
    Journal,
    /// These lines (already cut to the ship filter and the kind asked).
    Lines(Vec<String>),
    /// Nothing of it: it is about no ship asked, or of no kind asked.
    Hidden,
}

/// One line of what a side saw of a log entry; `ship` is the ship it concerns.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct SideLine {
    pub ship: Option<String>,
    pub text: String,
}

/// What a side saw of one log entry (`umpire watch --side`): the command when it may see it,
/// and the lines.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct SideEntry {
    pub command: Option<String>,
    pub lines: Vec<SideLine>,
}

/// What one side has seen of each log entry, by the ruleset's fog-of-war rule
/// ([`Board::commit_seen`]), kept in step with the journal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SideLog {
    pub side: String,
    /// One per journal entry: None when the side saw nothing of it.
    entries: Vec<Option<SideEntry>>,
}

impl SideLog {
    pub fn new(side: &str) -> SideLog {
        SideLog {
            side: side.to_string(),
            entries: Vec::new(),
        }
    }

    /// The side's log of a whole battle (a fresh replay of `entries`).
    pub fn build<R: Board>(
        setup: &R::Setup,
        tables: &R::Tables,
        entries: &[Record<R>],
        side: &str,
    ) -> SideLog {
        let mut game = Journal::<R>::new(setup, tables.clone());
        let mut log = SideLog::new(side);
        for e in entries {
            log.commit(&mut game, e.clone());
        }
        log
    }

    /// What the side saw of entry `i`.
    pub fn get(&self, i: usize) -> Option<&SideEntry> {
        self.entries.get(i).and_then(|e| e.as_ref())
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Take `entry` into `game` (as [`Journal::commit`]) and record what the side saw of it.
    pub fn commit<R: Board>(&mut self, game: &mut Journal<R>, entry: Record<R>) {
        let seen = R::commit_seen(game, entry, &self.side);
        self.entries.push(seen);
    }
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
    /// What [`Board::ask_first`] asks about and its keys, as the help says it.
    const ASKS_FIRST: &'static str =
        "a walk of more than one turn (until): y/Enter do it, n/Esc back";

    /// SPEC 10, slips are caught: the question the dashboard asks before `command` (typed as
    /// `text`), and what the command would do, a line each; None: it runs at once (a refusal
    /// is said when it runs). Scripts are never asked. By default `until` walking the clock
    /// more than one turn asks, saying where it ends and what it would log, decided on the
    /// battle as it is with the console's seeded dice (`prepare` changes nothing); `until` is
    /// the one engine verb that walks more than a turn (`next` ends a phase, `turn` a turn), so
    /// no other command is decided twice. A ruleset may ask of more.
    fn ask_first(
        game: &crate::core::game::Journal<Self>,
        command: &Self::Command,
        text: &str,
    ) -> Option<(String, Vec<String>)> {
        let verb = text.split_whitespace().next()?;
        if !verb.eq_ignore_ascii_case("until") {
            return None;
        }
        let from = Self::turn_of(&Self::clock(&game.state))?;
        let entry = game
            .prepare(command, &mut crate::core::dice::SeededDice)
            .ok()
            .flatten()?;
        let mut after = game.state.clone();
        for e in &entry.events {
            Self::apply(&mut after, e);
        }
        let turns = Self::turn_of(&Self::clock(&after))?.checked_sub(from)?;
        if turns <= 1 {
            return None;
        }
        let title = format!("Walk {turns} turns, to {}?", Self::clock_text(&after));
        Some((title, Self::entry_lines(&game.state, &entry)))
    }
    /// The widest [`Board::clock_text`] of the turn shown (its longest phase): the header pads
    /// the clock to it, so nothing after it shifts as the phase changes (SPEC 10). By default
    /// the clock's own width.
    fn clock_width(state: &Self::State) -> usize {
        Self::clock_text(state).chars().count()
    }
    /// The clock as the header's segments, each drawn after a rule, the first bold. By
    /// default one: [`Board::clock_text`] padded to [`Board::clock_width`].
    fn header_clock(state: &Self::State) -> Vec<String> {
        vec![format!(
            " {:<w$} ",
            Self::clock_text(state),
            w = Self::clock_width(state)
        )]
    }
    /// Every command of the ruleset's language with its usage, for completion and help.
    fn commands() -> Vec<(&'static str, &'static str)>;
    /// The forms behind keys.
    fn forms() -> Vec<FormSpec>;
    /// Its forms of the verbs `hit`, `fire`, `flood` and `crit` open from the keymap's actions
    /// of those names (which a user may bind to other keys), not from [`FormSpec::key`].
    const FORMS_ON_KEYMAP: bool = false;
    /// The sides of the battle, in scenario order.
    fn sides(state: &Self::State) -> Vec<String>;
    /// What `side` sees by the ruleset's fog-of-war rule.
    fn seen_by(state: &Self::State, tables: &Self::Tables, side: &str) -> Seen;

    /// The forms behind keys for ship `i` (scenario order); by default [`Board::forms`]. A
    /// ruleset whose forms differ by ship gives the same keys, titles and verbs with the fields
    /// that ship takes.
    fn forms_for(_state: &Self::State, _tables: &Self::Tables, _i: usize) -> Vec<FormSpec> {
        Self::forms()
    }

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

    /// Every ship's [`Head`] of [`Board::fleet`], in order; a ruleset that can give them
    /// without building every row says so.
    fn ship_heads(state: &Self::State, tables: &Self::Tables) -> Vec<Head> {
        Self::fleet(state, tables).iter().map(Head::of).collect()
    }

    /// Every ship's [`Head`] of [`Board::fleet_seen`], in order (a face measures and scrolls
    /// the fleet with them): the umpire's [`Board::ship_heads`], or the side's by its fog rule.
    fn fleet_heads(state: &Self::State, tables: &Self::Tables, side: Option<&str>) -> Vec<Head> {
        match side {
            None => Self::ship_heads(state, tables),
            Some(_) => Self::fleet_seen(state, tables, side)
                .iter()
                .map(Head::of)
                .collect(),
        }
    }

    /// Ship `i`'s row of [`Board::fleet`], alone; a ruleset that can build one row without
    /// the others says so (a face builds only the rows it draws).
    fn ship_row(state: &Self::State, tables: &Self::Tables, i: usize) -> Option<FleetRow> {
        Self::fleet(state, tables).into_iter().nth(i)
    }

    /// Ship `i`'s row of [`Board::fleet_seen`], alone: the umpire's [`Board::ship_row`], or
    /// the side's row by its fog rule.
    fn fleet_row(
        state: &Self::State,
        tables: &Self::Tables,
        i: usize,
        side: Option<&str>,
    ) -> Option<FleetRow> {
        match side {
            None => Self::ship_row(state, tables, i),
            Some(side) => Self::seen_by(state, tables, side).fleet.into_iter().nth(i),
        }
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
        DueList::of(match side {
            Some(side) => Self::seen_by(state, tables, side).due,
            None => Self::due(state, tables),
        })
    }

    /// [`Board::due_list`] as a panel at most `rows` high shows it: `now` cut to its first
    /// `rows` lines (each line takes a row at least, so nothing drawn is lost). By default the
    /// whole list, cut; a ruleset whose list is dear to word (a line per ship of a fleet) words
    /// only those lines.
    fn due_panel(
        state: &Self::State,
        tables: &Self::Tables,
        side: Option<&str>,
        rows: usize,
    ) -> DueList {
        let mut due = Self::due_list(state, tables, side);
        due.now.truncate(rows);
        due
    }

    /// The heading of an entry in the log panel: its clock and `command` (the command as
    /// typed, or as a side's watcher may see it).
    fn log_heading(entry: &Record<Self>, command: &str) -> String {
        format!("{} {command}", entry.clock)
    }

    /// The kinds of log line the review filters by (`K`), in the order it cycles through
    /// them; by default none.
    fn log_kinds() -> &'static [&'static str] {
        &[]
    }

    /// How the log panel words entry `i` of `game`: only what concerns `ship`, when given,
    /// and only lines of `kind` (one of [`Board::log_kinds`]), when given. By default as the
    /// journal words it ([`EntryLog::Journal`]).
    fn log_lines(
        _game: &Journal<Self>,
        _i: usize,
        _ship: Option<&str>,
        _kind: Option<&str>,
    ) -> EntryLog {
        EntryLog::Journal
    }

    /// The words the prompt completes after `command` (its name) besides the ships' ids; by
    /// default the keywords of its usage ([`Board::commands`]).
    fn option_words(command: &str) -> Vec<String> {
        Self::commands()
            .iter()
            .find(|(w, _)| *w == command)
            .map(|(_, usage)| crate::core::text::usage_keywords(usage))
            .unwrap_or_default()
    }

    /// Take `entry` into `game` and say what `side` saw of it (the fog-of-war rule of the
    /// log, `umpire watch --side`); None: nothing. By default every command as announced at
    /// the table, without what the dice made of it.
    fn commit_seen(
        game: &mut Journal<Self>,
        entry: Record<Self>,
        _side: &str,
    ) -> Option<SideEntry> {
        let command = entry.cmd.clone();
        game.commit(entry);
        Some(SideEntry {
            command: Some(command),
            lines: Vec::new(),
        })
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

    fn spec(fields: Vec<FieldSpec>) -> FormSpec {
        FormSpec {
            key: 'x',
            title: "Test",
            verb: "act",
            fields,
        }
    }

    fn field(label: &'static str, keyword: &'static str, kind: FieldKind) -> FieldSpec {
        FieldSpec {
            label,
            keyword,
            kind,
        }
    }

    #[test]
    fn each_kind_of_field_writes_its_words() {
        let form = spec(vec![
            field("Count", "", FieldKind::Number { required: true }),
            field("Target", "at", FieldKind::Ship),
            field("Band", "band", FieldKind::Choice(vec!["-", "near", "far"])),
            field("Loud", "loud", FieldKind::Flag),
            field(
                "How",
                "how",
                FieldKind::Options(vec![
                    Opt::nothing("usual"),
                    Opt::named("fast"),
                    Opt::word("quiet", "hush"),
                ]),
            ),
        ]);
        let mut v = [
            Filled::Text(""),
            Filled::Text(""),
            Filled::Chosen(0),
            Filled::Chosen(0),
            Filled::Chosen(0),
        ];
        assert_eq!(form.command("a", &v), Err("Count: enter a number".into()));
        v[0] = Filled::Text("3");
        assert_eq!(form.command("a", &v).unwrap(), "act a 3");
        v[1] = Filled::Text("b");
        v[2] = Filled::Chosen(2);
        v[3] = Filled::Chosen(1);
        v[4] = Filled::Chosen(1);
        assert_eq!(
            form.command("a", &v).unwrap(),
            "act a 3 at b band far loud how fast"
        );
        v[4] = Filled::Chosen(2);
        assert!(form.command("a", &v).unwrap().ends_with(" loud hush"));
        // Out of range or missing: nothing written, nothing panics.
        assert_eq!(form.command("a", &v[..1]).unwrap(), "act a 3");
        assert_eq!(
            form.command("a", &[Filled::Text("3"), Filled::Chosen(9)])
                .unwrap(),
            "act a 3"
        );
    }

    #[test]
    fn a_number_asked_for_by_an_option_counts_only_while_it_is_chosen() {
        let form = spec(vec![
            field(
                "Mode",
                "",
                FieldKind::Options(vec![
                    Opt::nothing("auto"),
                    Opt::word("off", "off"),
                    Opt::nothing("set"),
                    Opt::nothing("keep"),
                ]),
            ),
            field(
                "Value",
                "value",
                FieldKind::NumberIf {
                    field: "Mode",
                    option: "set",
                    what: "the value",
                },
            ),
        ]);
        assert!(!form.fields[1].required());
        let v = |mode, value| form.command("a", &[Filled::Chosen(mode), Filled::Text(value)]);
        assert_eq!(v(0, "5").unwrap(), "act a");
        assert_eq!(v(1, "5").unwrap(), "act a off");
        assert_eq!(v(2, "5").unwrap(), "act a value 5");
        assert_eq!(
            v(2, ""),
            Err("Value: enter the value, or choose \"auto\", \"off\" or \"keep\"".into())
        );
    }

    #[test]
    fn sides_come_once_in_scenario_order_whatever_their_case() {
        assert_eq!(
            sides_in_order(["Japan", "Russia", "japan", "Japan", "Russia"]),
            ["Japan", "Russia"]
        );
        assert!(sides_in_order([]).is_empty());
    }
}
