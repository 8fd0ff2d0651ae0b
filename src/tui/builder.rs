//! `umpire new [FILE]`: the battle builder (SPEC 9), for every ruleset. A dashboard screen,
//! keyboard only, that asks the ruleset of a new file, sets a scenario's head and options (the
//! ruleset's rows), adds ships from the class library (or from classes typed here) with a
//! count and names where the ruleset has classes, or ships typed in a form of its roster
//! columns where it has none, sets their sides, and saves a scenario that `umpire check` accepts
//! and `umpire play` opens. An existing scenario is edited the same way, in its own ruleset: the
//! builder edits its TOML in place (`toml_edit`), so every key, ship and comment it does not
//! touch is kept as written. It names no ruleset: what it needs of one is
//! [`crate::core::build::Builds`], reached through the registry.
use crate::core::build::{self, Field, Kind, Setting};
use crate::core::classes::{self, ClassSource};
use crate::core::roster::{self, slug, Cell, Column, Naming, Spec, To};
use crate::core::ruleset::{Ruleset, RULESETS};
use crate::session::{self, Error};
use crate::tui::edit::LineEdit;
use crate::tui::theme::Theme;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph};
use ratatui::Frame;
use std::path::{Path, PathBuf};
use toml_edit::{value, ArrayOfTables, DocumentMut, InlineTable, Item, Table};

type ClassCheck = fn(&str, &str) -> Result<Vec<String>, Vec<String>>;
/// A form's values read: (field index, column, TOML), or the first bad field and its message.
type Read = Result<Vec<(usize, Column, toml_edit::Value)>, (usize, String)>;
type Sources = fn(Option<&Path>, &str, &[PathBuf]) -> Result<Vec<ClassSource>, Error>;

/// A ruleset as the builder reaches it: its rows and forms (data) and its own checks.
#[derive(Clone)]
pub struct Kit {
    pub id: &'static str,
    pub title: &'static str,
    pub roster: Spec,
    pub settings: &'static [Setting],
    pub class_form: Vec<Field>,
    pub ship_form: Vec<Field>,
    ship_summary: &'static str,
    class_summary: &'static str,
    class_note: &'static str,
    check_classes: ClassCheck,
    parse: fn(&str, &str) -> Result<(), Vec<String>>,
    sources: Sources,
}

fn parse_ok<R: Ruleset>(file: &str, text: &str) -> Result<(), Vec<String>> {
    R::parse_setup(file, text).map(|_| ())
}

struct KitOf;

impl crate::rulesets::Visitor for KitOf {
    type Out = Kit;
    fn visit<R: crate::rulesets::Registered>(self) -> Kit {
        Kit {
            id: R::ID,
            title: R::TITLE,
            roster: R::ROSTER,
            settings: R::SETTINGS,
            class_form: R::class_form(),
            ship_form: R::ship_form(),
            ship_summary: R::SHIP_SUMMARY,
            class_summary: R::CLASS_SUMMARY,
            class_note: R::CLASS_NOTE,
            check_classes: R::check_classes,
            parse: parse_ok::<R>,
            sources: session::class_sources_in::<R>,
        }
    }
}

impl Kit {
    /// The kit of a known ruleset.
    pub fn of(id: &str) -> Result<Kit, Error> {
        crate::rulesets::visit(id, KitOf).ok_or_else(|| {
            Error::input(format!(
                "ruleset \"{id}\" is not one this console knows (known: {})",
                RULESETS.join(", ")
            ))
        })
    }
    fn has_classes(&self) -> bool {
        self.roster.has_classes()
    }
    fn column(&self, header: &str) -> Option<Column> {
        build::column(&self.roster, header)
    }
}

/// Which panel has the keys.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Focus {
    Settings,
    Ships,
    Classes,
}

/// A form over the panels.
#[derive(Debug, Clone, PartialEq)]
pub enum Dialog {
    /// Add ships of a class: count, names, side.
    Add {
        class: String,
        fields: Vec<LineEdit>,
        at: usize,
    },
    /// Edit a ship: id, name, side (or the squadron that gives it).
    Ship {
        index: usize,
        fields: Vec<LineEdit>,
        at: usize,
    },
    /// Type a class's figures (from the rulebook) into this battle.
    NewClass { fields: Vec<LineEdit>, at: usize },
    /// Type ships (a ruleset without classes): count, names, then the roster's columns.
    NewShips { fields: Vec<LineEdit>, at: usize },
}

impl Dialog {
    fn fields(&mut self) -> (&mut Vec<LineEdit>, &mut usize) {
        match self {
            Dialog::Add { fields, at, .. }
            | Dialog::Ship { fields, at, .. }
            | Dialog::NewClass { fields, at }
            | Dialog::NewShips { fields, at } => (fields, at),
        }
    }
}

/// A class the builder lists: its id, name and figures summed up.
#[derive(Debug, Clone, PartialEq)]
pub struct ClassRow {
    pub id: String,
    pub name: String,
    pub summary: String,
}

/// A class the builder offers.
#[derive(Debug, Clone, PartialEq)]
pub struct Offered {
    pub info: ClassRow,
    /// Where it is: a library file, or "this battle".
    pub place: String,
}

pub struct Builder {
    pub path: PathBuf,
    pub kit: Kit,
    doc: DocumentMut,
    pub library: Vec<Offered>,
    library_files: Vec<PathBuf>,
    /// The class library's folder, where `L` copies a class typed here (None: not offered).
    pub library_dir: Option<PathBuf>,
    pub focus: Focus,
    pub setting: usize,
    pub ship: usize,
    pub class: usize,
    /// A setting being typed.
    pub editing: Option<LineEdit>,
    pub dialog: Option<Dialog>,
    /// The last message, and whether it is an error.
    pub message: Option<(bool, String)>,
    pub modified: bool,
    pub quit: bool,
    quit_asked: bool,
    pub theme: Theme,
}

/// A value as shown: a string bare, anything else as written (without its comment).
fn shown(v: &toml_edit::Value) -> String {
    v.as_str().map(str::to_string).unwrap_or_else(|| {
        let mut v = v.clone();
        v.decor_mut().clear();
        v.to_string()
    })
}

/// A key of a table (`a.b`: the key `b` of the table `a`), as shown.
fn get(t: &dyn toml_edit::TableLike, key: &str) -> Option<String> {
    let item = match key.split_once('.') {
        Some((a, b)) => t.get(a)?.as_table_like()?.get(b)?,
        None => t.get(key)?,
    };
    item.as_value().map(shown)
}

/// A message of a check with the file name it was given taken off (and a TOML report's
/// quoted source lines).
fn plain(message: &str, file: &str) -> String {
    let mut m = message.strip_prefix(file).unwrap_or(message);
    if let Some(rest) = m.strip_prefix(':') {
        let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        m = rest[digits..].strip_prefix(':').unwrap_or(&rest[digits..]);
    }
    let m = m.trim_start();
    let last = m
        .lines()
        .rfind(|l| !l.trim().is_empty() && !l.contains('|'))
        .unwrap_or(m);
    if m.lines().count() > 1 {
        last.trim().to_string()
    } else {
        m.to_string()
    }
}

impl Builder {
    /// A builder on `path` in its ruleset (`ruleset` for a new file, else the file's own; a
    /// different one given is refused), with the user's class library.
    pub fn open(path: &Path, ruleset: Option<&str>) -> Result<Builder, Error> {
        let id = match (ruleset_of_file(path)?, ruleset) {
            (Some(own), Some(given)) if own != given => {
                return Err(Error::input(format!(
                    "{}: is a {own} scenario; the builder edits it as one (leave out --ruleset)",
                    path.display()
                )))
            }
            (Some(own), _) => own.to_string(),
            (None, Some(given)) => given.to_string(),
            (None, None) => RULESETS[0].to_string(),
        };
        let kit = Kit::of(&id)?;
        let files = if kit.has_classes() {
            session::class_library_files(kit.id)
        } else {
            Vec::new()
        };
        let mut b = Builder::open_in(path, kit, files)?;
        if b.kit.has_classes() {
            b.library_dir = session::class_library_dir(b.kit.id);
        }
        Ok(b)
    }

    /// A builder on `path` (a new file: of the first ruleset of `RULESETS`) with the class library's files given.
    pub fn open_with(path: &Path, library_files: Vec<PathBuf>) -> Result<Builder, Error> {
        let id = ruleset_of_file(path)?.unwrap_or(RULESETS[0]);
        Builder::open_in(path, Kit::of(id)?, library_files)
    }

    /// [`Builder::open_with`] for a new file of the ruleset `id` (an existing file opens in its
    /// own).
    pub fn open_for(path: &Path, id: &str, library_files: Vec<PathBuf>) -> Result<Builder, Error> {
        let id = ruleset_of_file(path)?.unwrap_or(id);
        Builder::open_in(path, Kit::of(id)?, library_files)
    }

    fn open_in(path: &Path, kit: Kit, library_files: Vec<PathBuf>) -> Result<Builder, Error> {
        let name = path.display().to_string();
        let text = if path.exists() {
            let text = std::fs::read_to_string(path)
                .map_err(|e| Error::input(format!("{name}: cannot read: {e}")))?;
            if session::is_save(&text) {
                return Err(Error::input(format!(
                    "{name}: is a save (a battle with its log); the builder edits scenarios: \
                     `umpire play {name}` continues it"
                )));
            }
            text
        } else {
            build::new_head(kit.id, &kit.roster)
        };
        let doc: DocumentMut = text
            .parse()
            .map_err(|e| Error::input(format!("{name}: not TOML: {e}")))?;
        let mut b = Builder {
            path: path.to_path_buf(),
            kit,
            doc,
            library: Vec::new(),
            library_files,
            library_dir: None,
            focus: Focus::Settings,
            setting: 0,
            ship: 0,
            class: 0,
            editing: None,
            dialog: None,
            message: None,
            modified: !path.exists(),
            quit: false,
            quit_asked: false,
            theme: Theme::from_env(),
        };
        b.load_library();
        Ok(b)
    }

    /// The classes of a class file's text: each checked by the ruleset, summed up.
    fn classes_in(&self, file: &str, text: &str) -> Result<Vec<ClassRow>, String> {
        let ids = (self.kit.check_classes)(file, text).map_err(|e| e[0].clone())?;
        let doc: DocumentMut = text.parse().map_err(|e| format!("{file}: {e}"))?;
        let tables: Vec<&Table> = doc
            .get("class")
            .and_then(Item::as_array_of_tables)
            .map(|a| a.iter().collect())
            .unwrap_or_default();
        Ok(ids
            .into_iter()
            .map(|id| {
                let t = tables
                    .iter()
                    .find(|t| t.get("id").and_then(|v| v.as_str()) == Some(id.as_str()));
                let name = t
                    .and_then(|t| get(*t, "name"))
                    .unwrap_or_else(|| id.clone());
                let summary = t
                    .map(|t| build::summary(self.kit.class_summary, |k| get(*t, k)))
                    .unwrap_or_default();
                ClassRow { id, name, summary }
            })
            .collect())
    }

    /// The classes offered: the library's (a bad file named in the message) and this battle's.
    fn load_library(&mut self) {
        if !self.kit.has_classes() {
            return;
        }
        let mut offered = Vec::new();
        let mut problems = Vec::new();
        for file in self.library_files.clone() {
            let name = file.display().to_string();
            match std::fs::read_to_string(&file) {
                Ok(text) => match self.classes_in(&name, &text) {
                    Ok(classes) => offered.extend(classes.into_iter().map(|info| {
                        Offered {
                            info,
                            place: file
                                .file_name()
                                .map(|n| n.to_string_lossy().into_owned())
                                .unwrap_or_default(),
                        }
                    })),
                    Err(e) => problems.push(e),
                },
                Err(e) => problems.push(format!("{name}: {e}")),
            }
        }
        let base = self
            .path
            .parent()
            .map(Path::to_path_buf)
            .unwrap_or_default();
        for named in classes::named_files(&self.text()) {
            let file = base.join(&named);
            match std::fs::read_to_string(&file) {
                Ok(text) => match self.classes_in(&named, &text) {
                    Ok(found) => {
                        for info in found {
                            offered.retain(|o: &Offered| o.info.id != info.id);
                            offered.push(Offered {
                                info,
                                place: named.clone(),
                            });
                        }
                    }
                    Err(e) => problems.push(e),
                },
                Err(e) => problems.push(format!("{}: {e}", file.display())),
            }
        }
        let own = self
            .classes_in("this battle", &self.own_classes_text())
            .unwrap_or_default();
        for info in own {
            offered.retain(|o| o.info.id != info.id);
            offered.push(Offered {
                info,
                place: "this battle".into(),
            });
        }
        self.library = offered;
        if let Some(p) = problems.first() {
            self.message = Some((true, format!("class library: {p}")));
        }
    }

    /// This battle's own `[[class]]` tables as a class file.
    fn own_classes_text(&self) -> String {
        let mut d = DocumentMut::new();
        if let Some(item) = self.doc.get("class") {
            d.insert("class", item.clone());
        }
        d.to_string()
    }

    pub fn text(&self) -> String {
        self.doc.to_string()
    }

    fn ships(&self) -> Option<&ArrayOfTables> {
        self.doc.get("ship").and_then(Item::as_array_of_tables)
    }

    /// The table of the group (A&A's squadron) with this id.
    fn group(&self, id: &str) -> Option<&Table> {
        let g = self.kit.roster.group?;
        self.doc
            .get(g.table)
            .and_then(Item::as_array_of_tables)?
            .iter()
            .find(|t| get(*t, "id").is_some_and(|i| i.eq_ignore_ascii_case(id)))
    }

    /// A ship's side: her own, or her group's.
    fn side_of(&self, t: &Table) -> String {
        let key = build::side_key(&self.kit.roster);
        let own = get(t, key).unwrap_or_default();
        if key == "side" {
            return own;
        }
        self.group(&own)
            .and_then(|g| get(g, "side"))
            .unwrap_or_default()
    }

    /// Each ship as (id, name, side, class or her own figures).
    pub fn ship_rows(&self) -> Vec<[String; 4]> {
        let s = |t: &Table, k: &str| get(t, k).unwrap_or_default();
        self.ships()
            .map(|a| {
                a.iter()
                    .map(|t| {
                        let class = s(t, "class");
                        let what = if class.is_empty() {
                            build::summary(self.kit.ship_summary, |k| get(t, k))
                        } else {
                            class
                        };
                        [s(t, "id"), s(t, "name"), self.side_of(t), what]
                    })
                    .collect()
            })
            .unwrap_or_default()
    }

    /// A setting's value as shown, and whether it is the default (not in the file).
    pub fn setting_value(&self, i: usize) -> (String, bool) {
        let row = self.kit.settings[i];
        let v = self
            .doc
            .get(row.table)
            .and_then(|t| t.get(row.key))
            .and_then(|v| v.as_value());
        match (v, row.kind) {
            (Some(v), Kind::YesNo) => (
                if v.as_bool() == Some(true) {
                    "on"
                } else {
                    "off"
                }
                .into(),
                false,
            ),
            (Some(v), _) => (shown(v), false),
            (None, _) => (row.default.into(), true),
        }
    }

    fn table_mut(&mut self, name: &str) -> &mut Table {
        if self.doc.get(name).and_then(Item::as_table).is_none() {
            self.doc.insert(name, Item::Table(Table::new()));
        }
        self.doc[name].as_table_mut().expect("a table")
    }

    fn set_setting(&mut self, i: usize, text: &str) {
        let Setting {
            table,
            key,
            label,
            kind,
            ..
        } = self.kit.settings[i];
        let text = text.trim();
        match kind {
            Kind::Fixed | Kind::YesNo | Kind::Choice(_) => {}
            Kind::Text { optional } => {
                if text.is_empty() {
                    if optional {
                        self.table_mut(table).remove(key);
                        self.changed(format!("{label}: none"));
                    } else {
                        self.message = Some((true, format!("{label} cannot be empty")));
                    }
                    return;
                }
                self.table_mut(table).insert(key, value(text));
                self.changed(format!("{label}: {text}"));
            }
            Kind::Whole => {
                if text.is_empty() {
                    self.table_mut(table).remove(key);
                    self.changed(format!("{label}: the default"));
                    return;
                }
                match text.parse::<i64>() {
                    Ok(n) if n >= 0 => {
                        self.table_mut(table).insert(key, value(n));
                        self.changed(format!("{label}: {n}"));
                    }
                    _ => {
                        self.message =
                            Some((true, format!("{label}: \"{text}\" is not a whole number")))
                    }
                }
            }
        }
    }

    fn changed(&mut self, what: String) {
        self.modified = true;
        self.quit_asked = false;
        self.message = Some((false, what));
    }

    fn used_ids(&self) -> Vec<String> {
        self.ship_rows().into_iter().map(|r| r[0].clone()).collect()
    }

    /// The names of `count` ships (names one per ship with `;`, or one numbered, or none: the
    /// class id numbered; [`roster::ship_names`], as `import` reads a row), or the field that
    /// is wrong (0 Count, 1 Names) and why.
    fn names(
        class: Option<&str>,
        count: &str,
        names: &str,
    ) -> Result<Vec<String>, (usize, String)> {
        let count = roster::ship_count(count).map_err(|e| (0, Builder::naming_message(e)))?;
        roster::ship_names(count, names, class).map_err(|e| (1, Builder::naming_message(e)))
    }

    fn naming_message(e: Naming) -> String {
        match e {
            Naming::Count(count) => format!("Count: \"{count}\" (expected 1-500)"),
            Naming::NoName => {
                "Names: give the ships' names (separated by ;, or one to number)".into()
            }
            Naming::Names { given, count } => {
                format!("Names: {given} names separated by ; but the count is {count}")
            }
        }
    }

    /// A new `[[ship]]` table per name, with ids made from the names, and `fill` writing the
    /// rest of each; they are pushed to `doc`.
    fn push_ships(&self, doc: &mut DocumentMut, names: &[String], fill: &dyn Fn(&mut Table)) {
        let mut used = self.used_ids();
        if doc.get("ship").and_then(Item::as_array_of_tables).is_none() {
            doc.insert("ship", Item::ArrayOfTables(ArrayOfTables::new()));
        }
        for name in names {
            let base = slug(name);
            let mut id = base.clone();
            let mut m = 2;
            while used.iter().any(|u| u.eq_ignore_ascii_case(&id)) {
                id = format!("{base}-{m}");
                m += 1;
            }
            used.push(id.clone());
            let mut t = Table::new();
            t.insert("id", value(id));
            t.insert("name", value(name.as_str()));
            fill(&mut t);
            doc["ship"].as_array_of_tables_mut().expect("ships").push(t);
        }
    }

    /// Add `count` ships of `class` (names one per ship with `;`, or one numbered, or none:
    /// the class id numbered).
    fn add_ships(
        &mut self,
        class: &str,
        count: &str,
        names: &str,
        side: &str,
    ) -> Result<usize, String> {
        let names = Builder::names(Some(class), count, names).map_err(|(_, m)| m)?;
        let side = side.trim();
        if side.is_empty() {
            return Err("Side: give the side these ships fight for".into());
        }
        let mut doc = self.doc.clone();
        self.push_ships(&mut doc, &names, &|t: &mut Table| {
            t.insert("side", value(side));
            t.insert("class", value(class));
        });
        self.doc = doc;
        self.ship = self.ship_rows().len().saturating_sub(1);
        Ok(names.len())
    }

    /// The form's fields' values as TOML, each read by its column: (field index, column, TOML),
    /// or the first bad one's index and message.
    fn read_fields(&self, form: &[Field], texts: &[String]) -> Read {
        let mut out = Vec::new();
        for (i, (f, text)) in form.iter().zip(texts).enumerate() {
            let text = text.trim();
            if text.is_empty() {
                continue;
            }
            let Some(c) = self.kit.column(f.header) else {
                continue;
            };
            let lit = build::read(c.cell, text).map_err(|m| (i, format!("{}: {m}", f.label)))?;
            let v = lit
                .parse::<toml_edit::Value>()
                .map_err(|e| (i, format!("{}: {e}", f.label)))?;
            out.push((i, c, v));
        }
        Ok(out)
    }

    /// Type ships (a ruleset without classes): the count and names, then each column's value;
    /// a ship's group (A&A's squadron) is made from the group columns, or joined when it
    /// exists. The ships are checked by the ruleset before they are added.
    fn new_ships(&mut self, texts: &[String]) -> Result<usize, (usize, String)> {
        let names = Builder::names(None, &texts[0], &texts[1])?;
        let form = self.kit.ship_form.clone();
        let values = self
            .read_fields(&form, &texts[2..])
            .map_err(|(i, m)| (i + 2, m))?;
        let at_header = |h: &str| form.iter().position(|f| f.header == h).map(|i| i + 2);
        let mut own: Vec<(&'static str, toml_edit::Value)> = Vec::new();
        let mut group: Vec<(usize, &'static str, toml_edit::Value)> = Vec::new();
        for (i, c, v) in values {
            match c.to {
                To::Ship(k) => own.push((k, v)),
                To::Group(k) => group.push((i + 2, k, v)),
                To::Nowhere => {}
            }
        }
        let mut doc = self.doc.clone();
        if let Some(g) = self.kit.roster.group {
            let Some((_, by)) = own.iter().find(|(k, _)| *k == g.by) else {
                return Err((
                    at_header(g.by).unwrap_or(2),
                    format!(
                        "{}: give the id of the ships' {} (ships with the same one make one)",
                        g.by, g.table
                    ),
                ));
            };
            let gid = shown(by);
            match self.group(&gid) {
                Some(existing) => {
                    for (i, k, v) in &group {
                        if let Some(had) = get(existing, k) {
                            if had != shown(v) {
                                return Err((
                                    *i,
                                    format!(
                                        "{} \"{gid}\" has {k} {had}: leave it empty or give the same",
                                        g.table
                                    ),
                                ));
                            }
                        }
                    }
                }
                None => {
                    if !group.iter().any(|(_, k, _)| *k == "side") {
                        return Err((
                            at_header("side").unwrap_or(2),
                            format!("side: give the side {} \"{gid}\" fights for", g.table),
                        ));
                    }
                    let mut t = Table::new();
                    t.insert("id", value(gid.as_str()));
                    for (_, k, v) in &group {
                        t.insert(k, Item::Value(v.clone()));
                    }
                    if doc
                        .get(g.table)
                        .and_then(Item::as_array_of_tables)
                        .is_none()
                    {
                        doc.insert(g.table, Item::ArrayOfTables(ArrayOfTables::new()));
                    }
                    doc[g.table]
                        .as_array_of_tables_mut()
                        .expect("groups")
                        .push(t);
                }
            }
        } else if !own.iter().any(|(k, _)| *k == "side") {
            return Err((
                at_header("side").unwrap_or(2),
                "Side: give the side these ships fight for".into(),
            ));
        }
        let first = self.ship_rows().len();
        self.push_ships(&mut doc, &names, &|t: &mut Table| {
            for (k, v) in &own {
                set_key(t, k, v.clone());
            }
        });
        // The ruleset checks the new ships (their missing figures, ranges, words) as `play` will.
        let mut ids: Vec<String> = doc
            .get("ship")
            .and_then(Item::as_array_of_tables)
            .map(|a| a.iter().skip(first).filter_map(|t| get(t, "id")).collect())
            .unwrap_or_default();
        if let Some(g) = self.kit.roster.group {
            ids.extend(
                own.iter()
                    .filter(|(k, _)| *k == g.by)
                    .map(|(_, v)| shown(v)),
            );
        }
        let name = self.path.display().to_string();
        if let Err(errors) = (self.kit.parse)(&name, &doc.to_string()) {
            let about = |e: &str| {
                e.contains("TOML parse error")
                    || ids.iter().any(|id| e.contains(&format!("\"{id}\"")))
            };
            if let Some(e) = errors.iter().find(|e| about(e)) {
                let m = plain(e, &name);
                let m = match m.split_once("missing field `") {
                    Some((_, rest)) => {
                        let key = rest.split('`').next().unwrap_or("");
                        format!("{key}: give a value (each ship needs one)")
                    }
                    None => m,
                };
                let at = form
                    .iter()
                    .position(|f| {
                        self.kit.column(f.header).is_some_and(|c| match c.to {
                            To::Ship(k) | To::Group(k) => {
                                let root = k.split('.').next().unwrap_or(k);
                                m.starts_with(&format!("{root}:"))
                                    || m.contains(&format!(": {k}:"))
                                    || m.contains(&format!(": {root}:"))
                            }
                            To::Nowhere => false,
                        })
                    })
                    .map(|i| i + 2)
                    .unwrap_or(2);
                return Err((at, m));
            }
        }
        self.doc = doc;
        self.ship = self.ship_rows().len().saturating_sub(1);
        Ok(names.len())
    }

    fn new_class(&mut self, fields: &[LineEdit]) -> Result<String, (usize, String)> {
        let form = self.kit.class_form.clone();
        let texts: Vec<String> = fields.iter().map(|f| f.text.clone()).collect();
        let values = self.read_fields(&form, &texts)?;
        let mut t = Table::new();
        for (_, c, v) in values {
            if let To::Ship(k) = c.to {
                set_key(&mut t, k, v);
            }
        }
        let mut one = DocumentMut::new();
        let mut a = ArrayOfTables::new();
        a.push(t.clone());
        one.insert("class", Item::ArrayOfTables(a));
        let text = one.to_string();
        let file = "the new class";
        let ids = (self.kit.check_classes)(file, &text).map_err(|e| (0, plain(&e[0], file)))?;
        let id = ids.first().cloned().ok_or((0, "no class".to_string()))?;
        if self
            .library
            .iter()
            .any(|o| o.info.id == id && o.place == "this battle")
        {
            return Err((
                0,
                format!("Class id: \"{id}\" is already a class of this battle"),
            ));
        }
        if self
            .doc
            .get("class")
            .and_then(Item::as_array_of_tables)
            .is_none()
        {
            self.doc
                .insert("class", Item::ArrayOfTables(ArrayOfTables::new()));
        }
        self.doc["class"]
            .as_array_of_tables_mut()
            .expect("classes")
            .push(t);
        self.load_library();
        self.class = self
            .library
            .iter()
            .position(|o| o.info.id == id)
            .unwrap_or(0);
        Ok(id)
    }

    /// Check the scenario as `umpire play` reads it and write it: every problem in the
    /// message, nothing written until there are none.
    pub fn save(&mut self) -> bool {
        let text = self.text();
        let name = self.path.display().to_string();
        let checked = (self.kit.sources)(Some(&self.path), &text, &self.library_files)
            .map_err(|e| e.message)
            .and_then(|sources| classes::resolve(&text, &sources).map_err(|e| e.join("; ")))
            .and_then(|resolved| {
                (self.kit.parse)(&name, &resolved.text)
                    .map(|()| self.ship_rows().len())
                    .map_err(|e| {
                        let first = classes::remap(&e[0], &name, &resolved);
                        if e.len() > 1 {
                            format!("{first} (and {} more)", e.len() - 1)
                        } else {
                            first
                        }
                    })
            });
        match checked {
            Err(m) => {
                self.message = Some((true, format!("not saved: {m}")));
                false
            }
            Ok(ships) => match crate::store::write_atomic(&self.path, &text) {
                Ok(()) => {
                    self.modified = false;
                    self.message = Some((
                        false,
                        format!("saved {name}: {ships} ships. Play it: umpire play {name}"),
                    ));
                    true
                }
                Err(e) => {
                    self.message = Some((true, format!("not saved: {e}")));
                    false
                }
            },
        }
    }

    /// The forms' fields as (label, column) for the dialog.
    fn dialog_fields(&self, d: &Dialog) -> Vec<(String, Option<Column>)> {
        let plain = |l: &str| (l.to_string(), None);
        match d {
            Dialog::Add { .. } => vec![plain("Count"), plain("Names"), plain("Side")],
            Dialog::Ship { .. } => {
                let key = build::side_key(&self.kit.roster);
                let side = if key == "side" {
                    "Side".to_string()
                } else {
                    capital(key)
                };
                [plain("Id"), plain("Name"), (side, None)]
                    .into_iter()
                    .chain(
                        self.figure_fields()
                            .iter()
                            .map(|f| (f.label.to_string(), self.kit.column(f.header))),
                    )
                    .collect()
            }
            Dialog::NewClass { .. } => self
                .kit
                .class_form
                .iter()
                .map(|f| (f.label.to_string(), self.kit.column(f.header)))
                .collect(),
            Dialog::NewShips { .. } => [plain("Count"), plain("Names")]
                .into_iter()
                .chain(
                    self.kit
                        .ship_form
                        .iter()
                        .map(|f| (f.label.to_string(), self.kit.column(f.header))),
                )
                .collect(),
        }
    }

    /// A form's field checked as typed: its column's message while it does not read.
    fn check_field(&mut self, d: &Dialog, at: usize, text: &str) {
        let fields = self.dialog_fields(d);
        let Some((label, Some(c))) = fields.get(at) else {
            return;
        };
        let text = text.trim();
        let bad = if text.is_empty() {
            None
        } else {
            build::read(c.cell, text).err()
        };
        match bad {
            Some(m) => self.message = Some((true, format!("{label}: {m}"))),
            None if self.message.as_ref().is_some_and(|(e, _)| *e) => self.message = None,
            None => {}
        }
    }

    pub fn on_key(&mut self, key: KeyEvent) {
        if key.modifiers.contains(KeyModifiers::CONTROL) {
            match key.code {
                KeyCode::Char('u') => {
                    if let Some(e) = self.editing.as_mut() {
                        *e = LineEdit::default();
                    }
                    if let Some(d) = self.dialog.as_mut() {
                        let (fields, at) = d.fields();
                        fields[*at] = LineEdit::default();
                    }
                }
                KeyCode::Char('s') => {
                    self.save();
                }
                KeyCode::Char('c') => self.quit = true,
                _ => {}
            }
            return;
        }
        if self.dialog.is_some() {
            self.dialog_key(key);
            return;
        }
        if let Some(mut edit) = self.editing.take() {
            match key.code {
                KeyCode::Enter => self.set_setting(self.setting, &edit.text.clone()),
                KeyCode::Esc => self.message = None,
                _ => {
                    edit.on_key(key);
                    self.editing = Some(edit);
                }
            }
            return;
        }
        let q = matches!(key.code, KeyCode::Char('q'));
        let classes = self.kit.has_classes();
        match key.code {
            KeyCode::Char('q') | KeyCode::Esc => {
                if !self.modified || self.quit_asked {
                    self.quit = true;
                } else {
                    self.quit_asked = true;
                    self.message = Some((
                        true,
                        "not saved: s saves; q again quits without saving".into(),
                    ));
                }
            }
            KeyCode::Tab | KeyCode::Right => {
                self.focus = match self.focus {
                    Focus::Settings => Focus::Ships,
                    Focus::Ships if classes => Focus::Classes,
                    Focus::Ships | Focus::Classes => Focus::Settings,
                }
            }
            KeyCode::BackTab | KeyCode::Left => {
                self.focus = match self.focus {
                    Focus::Settings if classes => Focus::Classes,
                    Focus::Settings | Focus::Classes => Focus::Ships,
                    Focus::Ships => Focus::Settings,
                }
            }
            KeyCode::Up | KeyCode::Char('k') => self.step(-1),
            KeyCode::Down | KeyCode::Char('j') => self.step(1),
            KeyCode::Char('s') => {
                self.save();
            }
            KeyCode::Char('n') if classes => {
                self.dialog = Some(Dialog::NewClass {
                    fields: vec![LineEdit::default(); self.kit.class_form.len()],
                    at: 0,
                });
            }
            KeyCode::Char('n') => self.open_new_ships(),
            KeyCode::Char('a') if classes => self.open_add(),
            KeyCode::Char('a') => self.open_new_ships(),
            KeyCode::Char('L') if self.focus == Focus::Classes => {
                self.message = Some(match self.copy_to_library() {
                    Ok(m) => (false, m),
                    Err(m) => (true, m),
                });
            }
            KeyCode::Char('d') | KeyCode::Delete if self.focus == Focus::Ships => {
                let rows = self.ship_rows();
                if let Some(r) = rows.get(self.ship) {
                    let id = r[0].clone();
                    if let Some(a) = self
                        .doc
                        .get_mut("ship")
                        .and_then(Item::as_array_of_tables_mut)
                    {
                        a.remove(self.ship);
                    }
                    self.ship = self.ship.min(rows.len().saturating_sub(2));
                    self.changed(format!("removed {id}"));
                }
            }
            KeyCode::Enter | KeyCode::Char(' ') => match self.focus {
                Focus::Settings => self.enter_setting(),
                Focus::Ships => {
                    let index = self.ship;
                    let side_key = build::side_key(&self.kit.roster);
                    if let Some(t) = self.ships().and_then(|a| a.get(index)) {
                        let field = |k: &str| LineEdit::new(&get(t, k).unwrap_or_default());
                        let mut fields = vec![field("id"), field("name"), field(side_key)];
                        fields.extend(
                            figure_texts(&self.kit, &self.figure_fields(), t)
                                .iter()
                                .map(|v| LineEdit::new(v)),
                        );
                        self.dialog = Some(Dialog::Ship {
                            index,
                            fields,
                            at: 2,
                        });
                    }
                }
                Focus::Classes => self.open_add(),
            },
            _ => {}
        }
        if !q {
            self.quit_asked = false;
        }
    }

    fn enter_setting(&mut self) {
        let row = self.kit.settings[self.setting];
        match row.kind {
            Kind::Fixed => {
                self.message = Some((
                    false,
                    format!(
                        "{}: {} (chosen when the battle was made: its ships' figures are this ruleset's)",
                        row.label, self.kit.id
                    ),
                ))
            }
            Kind::YesNo => {
                let on = self.setting_value(self.setting).0 == "on";
                self.table_mut(row.table).insert(row.key, value(!on));
                self.changed(format!("{}: {}", row.label, if on { "off" } else { "on" }));
            }
            Kind::Choice(words) => {
                let now = self.setting_value(self.setting).0;
                let next = words
                    .iter()
                    .position(|w| *w == now)
                    .map(|i| words[(i + 1) % words.len()])
                    .unwrap_or(words[0]);
                self.table_mut(row.table).insert(row.key, value(next));
                self.changed(format!("{}: {next}", row.label));
            }
            _ => {
                let (v, default) = self.setting_value(self.setting);
                self.editing = Some(LineEdit::new(if default { "" } else { &v }));
            }
        }
    }

    fn open_new_ships(&mut self) {
        let mut fields = vec![LineEdit::default(); 2 + self.kit.ship_form.len()];
        // The side (or squadron) of the last ship, for the next ones.
        let key = build::side_key(&self.kit.roster);
        if let (Some(i), Some(t)) = (
            self.kit.ship_form.iter().position(|f| f.header == key),
            self.ships().and_then(|a| a.iter().last()),
        ) {
            fields[i + 2] = LineEdit::new(&get(t, key).unwrap_or_default());
        }
        self.dialog = Some(Dialog::NewShips { fields, at: 1 });
    }

    /// Copy the selected class, typed into this battle, to the class library
    /// (`builder-classes.toml` there, begun with `ruleset = "ID"`), so that later battles offer
    /// it.
    fn copy_to_library(&mut self) -> Result<String, String> {
        let dir = self
            .library_dir
            .clone()
            .ok_or("no class library folder on this system (set UMPIRE_CONFIG_DIR)")?;
        let o = self
            .library
            .get(self.class)
            .ok_or("no class selected")?
            .clone();
        if o.place != "this battle" {
            return Err(format!(
                "class {} is already in {}: L copies a class typed into this battle",
                o.info.id, o.place
            ));
        }
        let table = self
            .doc
            .get("class")
            .and_then(Item::as_array_of_tables)
            .and_then(|a| {
                a.iter()
                    .find(|t| t.get("id").and_then(|v| v.as_str()) == Some(o.info.id.as_str()))
            })
            .cloned()
            .ok_or("the class is not in this battle")?;
        let mut one = DocumentMut::new();
        let mut a = ArrayOfTables::new();
        a.push(table);
        one.insert("class", Item::ArrayOfTables(a));
        let file = dir.join("builder-classes.toml");
        let old = std::fs::read_to_string(&file).unwrap_or_default();
        let name = file.display().to_string();
        if let Ok(ids) = classes::class_ids(&name, &old) {
            if ids.iter().any(|(i, _)| *i == o.info.id) {
                return Err(format!("class {} is already in {name}", o.info.id));
            }
        }
        let mut text = old;
        if text.is_empty() {
            // A new file starts with whose classes it holds, as a class file of any ruleset
            // may (docs/scenario-format.md): `umpire check` reads a file without it as the
            // default ruleset's.
            text.push_str(&format!("ruleset = \"{}\"\n\n", self.kit.id));
        } else {
            if !text.ends_with('\n') {
                text.push('\n');
            }
            text.push('\n');
        }
        text.push_str(&one.to_string());
        (self.kit.check_classes)(&name, &text).map_err(|e| e[0].clone())?;
        std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        crate::store::write_atomic(&file, &text).map_err(|e| e.to_string())?;
        if !self.library_files.contains(&file) {
            self.library_files.push(file);
        }
        Ok(format!("class {} copied to {name}", o.info.id))
    }

    fn open_add(&mut self) {
        let Some(o) = self.library.get(self.class) else {
            self.message = Some((
                true,
                "no classes yet: n types a class from your rulebook (or put class files in your library: umpire classes)".into(),
            ));
            return;
        };
        let side = self
            .ship_rows()
            .last()
            .map(|r| r[2].clone())
            .unwrap_or_default();
        self.dialog = Some(Dialog::Add {
            class: o.info.id.clone(),
            fields: vec![
                LineEdit::default(),
                LineEdit::default(),
                LineEdit::new(&side),
            ],
            at: 1,
        });
    }

    fn step(&mut self, d: isize) {
        let ships = self.ship_rows().len();
        let (at, len) = match self.focus {
            Focus::Settings => (&mut self.setting, self.kit.settings.len()),
            Focus::Ships => (&mut self.ship, ships),
            Focus::Classes => (&mut self.class, self.library.len()),
        };
        if len > 0 {
            *at = (*at as isize + d).clamp(0, len as isize - 1) as usize;
        }
    }

    fn dialog_key(&mut self, key: KeyEvent) {
        let Some(mut dialog) = self.dialog.take() else {
            return;
        };
        let (fields, at) = dialog.fields();
        match key.code {
            KeyCode::Esc => {
                self.message = None;
                return;
            }
            KeyCode::Tab | KeyCode::Down => *at = (*at + 1) % fields.len(),
            KeyCode::BackTab | KeyCode::Up => *at = (*at + fields.len() - 1) % fields.len(),
            KeyCode::Enter => {
                let texts: Vec<String> = fields.iter().map(|f| f.text.clone()).collect();
                let fields = fields.clone();
                let done: Result<String, (Option<usize>, String)> = match &dialog {
                    Dialog::Add { class, .. } => self
                        .add_ships(class, &texts[0], &texts[1], &texts[2])
                        .map(|n| {
                            format!(
                                "added {n} ship{} of class {class}",
                                if n == 1 { "" } else { "s" }
                            )
                        })
                        .map_err(|m| (None, m)),
                    Dialog::Ship { index, .. } => self.edit_ship(*index, &texts),
                    Dialog::NewClass { .. } => self
                        .new_class(&fields)
                        .map(|id| {
                            format!("class {id} added to this battle: Enter on it adds ships")
                        })
                        .map_err(|(i, m)| (Some(i), m)),
                    Dialog::NewShips { .. } => self
                        .new_ships(&texts)
                        .map(|n| format!("added {n} ship{}", if n == 1 { "" } else { "s" }))
                        .map_err(|(i, m)| (Some(i), m)),
                };
                match done {
                    Ok(m) => {
                        self.changed(m);
                        return;
                    }
                    Err((i, m)) => {
                        if let Some(i) = i {
                            *dialog.fields().1 = i;
                        }
                        self.message = Some((true, m))
                    }
                }
            }
            _ => {
                fields[*at].on_key(key);
                let (i, text) = (*at, fields[*at].text.clone());
                self.check_field(&dialog, i, &text);
            }
        }
        self.dialog = Some(dialog);
    }

    /// The figures a ship's form edits besides her id, name and side: a ruleset without
    /// classes edits each of her own keys of the new-ships form (a ruleset with classes keeps
    /// a ship's figures in her class, or in its file).
    fn figure_fields(&self) -> Vec<Field> {
        if self.kit.has_classes() {
            return Vec::new();
        }
        let side = build::side_key(&self.kit.roster);
        self.kit
            .ship_form
            .iter()
            .filter(|f| {
                self.kit
                    .column(f.header)
                    .is_some_and(|c| matches!(c.to, To::Ship(k) if k != side && k != "side"))
            })
            .copied()
            .collect()
    }

    fn edit_ship(
        &mut self,
        index: usize,
        texts: &[String],
    ) -> Result<String, (Option<usize>, String)> {
        let figures = self.figure_fields();
        let was = self
            .ships()
            .and_then(|a| a.get(index))
            .map(|t| figure_texts(&self.kit, &figures, t))
            .unwrap_or_default();
        // Only the figures changed are read and written.
        let changed: Vec<String> = texts[3..]
            .iter()
            .zip(&was)
            .map(|(now, was)| {
                if now.trim() == was {
                    String::new()
                } else {
                    now.clone()
                }
            })
            .collect();
        let values = self
            .read_fields(&figures, &changed)
            .map_err(|(i, m)| (Some(i + 3), m))?;
        let cleared: Vec<&'static str> = figures
            .iter()
            .zip(texts[3..].iter().zip(&was))
            .filter(|(_, (now, was))| now.trim().is_empty() && !was.is_empty())
            .filter_map(|(f, _)| match self.kit.column(f.header)?.to {
                To::Ship(k) => Some(k),
                _ => None,
            })
            .collect();
        let text = self.edit_identity(index, texts).map_err(|m| (None, m))?;
        if let Some(t) = self
            .doc
            .get_mut("ship")
            .and_then(Item::as_array_of_tables_mut)
            .and_then(|a| a.get_mut(index))
        {
            for (_, c, v) in values {
                if let To::Ship(k) = c.to {
                    set_key(t, k, v);
                }
            }
            for k in cleared {
                remove_key(t, k);
            }
        }
        Ok(text)
    }

    fn edit_identity(&mut self, index: usize, texts: &[String]) -> Result<String, String> {
        let [id, name, side] = [0, 1, 2].map(|i| texts[i].trim().to_string());
        let side_key = build::side_key(&self.kit.roster);
        let side_label = if side_key == "side" {
            "Side".to_string()
        } else {
            capital(side_key)
        };
        for (label, v) in [("Id", &id), ("Name", &name), (side_label.as_str(), &side)] {
            if v.is_empty() {
                return Err(format!("{label} cannot be empty"));
            }
        }
        if self
            .used_ids()
            .iter()
            .enumerate()
            .any(|(i, u)| i != index && u.eq_ignore_ascii_case(&id))
        {
            return Err(format!("Id: \"{id}\" is another ship's"));
        }
        let t = self
            .doc
            .get_mut("ship")
            .and_then(Item::as_array_of_tables_mut)
            .and_then(|a| a.get_mut(index))
            .ok_or("no such ship")?;
        // Only what changed is written: a value kept keeps its comment.
        for (k, v) in [("id", &id), ("name", &name), (side_key, &side)] {
            if get(t, k).as_deref() != Some(v.as_str()) {
                t.insert(k, value(v.as_str()));
            }
        }
        Ok(format!("{id}: {name}, {side}"))
    }
}

/// A ship's figures as her form shows them (a list as `a;b`, yes or no).
fn figure_texts(kit: &Kit, fields: &[Field], t: &Table) -> Vec<String> {
    fields
        .iter()
        .map(|f| {
            let Some(To::Ship(key)) = kit.column(f.header).map(|c| c.to) else {
                return String::new();
            };
            let item = match key.split_once('.') {
                Some((a, b)) => t
                    .get(a)
                    .and_then(|i| i.as_table_like())
                    .and_then(|x| x.get(b)),
                None => t.get(key),
            };
            match item.and_then(Item::as_value) {
                Some(toml_edit::Value::Boolean(b)) => if *b.value() { "yes" } else { "no" }.into(),
                Some(toml_edit::Value::Array(a)) => {
                    a.iter().map(shown).collect::<Vec<_>>().join(";")
                }
                Some(v) => shown(v),
                None => String::new(),
            }
        })
        .collect()
}

/// Remove the key `key` (`a.b` from the inline table `a`, and `a` when it is left empty).
fn remove_key(t: &mut Table, key: &str) {
    match key.split_once('.') {
        Some((outer, inner)) => {
            let empty = match t.get_mut(outer).and_then(|i| i.as_table_like_mut()) {
                Some(x) => {
                    x.remove(inner);
                    x.is_empty()
                }
                None => false,
            };
            if empty {
                t.remove(outer);
            }
        }
        None => {
            t.remove(key);
        }
    }
}

/// Set the key `key` of a ship or class table (`a.b`: the key `b` of its inline table `a`).
fn set_key(t: &mut Table, key: &str, v: toml_edit::Value) {
    match key.split_once('.') {
        Some((outer, inner)) => {
            if !t.get(outer).is_some_and(|i| i.is_table_like()) {
                t.insert(outer, value(InlineTable::new()));
            }
            if let Some(x) = t.get_mut(outer).and_then(Item::as_table_like_mut) {
                x.insert(inner, Item::Value(v));
            }
        }
        None => {
            t.insert(key, Item::Value(v));
        }
    }
}

fn capital(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// The ruleset of an existing file (None: there is no file).
fn ruleset_of_file(path: &Path) -> Result<Option<&'static str>, Error> {
    if !path.exists() {
        return Ok(None);
    }
    session::ruleset_of(path).map(Some)
}

fn clip(s: &str, w: usize) -> String {
    let n = s.chars().count();
    if n <= w {
        format!("{s:<w$}")
    } else {
        let mut c: String = s.chars().take(w.saturating_sub(1)).collect();
        c.push('~');
        c
    }
}

/// The rows of a list that fit `h` lines with `at` in view.
fn window(len: usize, at: usize, h: usize) -> std::ops::Range<usize> {
    if len <= h || h == 0 {
        return 0..len;
    }
    let start = at.saturating_sub(h - 1).min(len - h);
    start..start + h
}

pub fn draw(f: &mut Frame, b: &Builder) {
    let t = b.theme;
    let area = f.area();
    let [head, body, msg, foot] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(8),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(area);
    let title = format!(
        " umpire new: {}  {}{}",
        b.path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default(),
        b.kit.id,
        if b.modified { "  (not saved)" } else { "" }
    );
    f.render_widget(
        Paragraph::new(clip(&title, head.width as usize)).style(t.header()),
        head,
    );
    let [left, right] =
        Layout::horizontal([Constraint::Percentage(55), Constraint::Percentage(45)]).areas(body);
    let [set_area, ship_area] =
        Layout::vertical([Constraint::Length(9), Constraint::Min(4)]).areas(left);
    let block = |name: String, focused: bool| {
        Block::default().borders(Borders::ALL).title(Span::styled(
            name,
            if focused { t.title() } else { t.dim() },
        ))
    };
    // Settings.
    let inner_w = set_area.width.saturating_sub(2) as usize;
    let h = set_area.height.saturating_sub(2) as usize;
    let mut lines = Vec::new();
    for i in window(b.kit.settings.len(), b.setting, h) {
        let label = b.kit.settings[i].label;
        let selected = b.focus == Focus::Settings && i == b.setting;
        let (v, default) = b.setting_value(i);
        let shown = match (&b.editing, selected) {
            (Some(e), true) => format!("{}_", e.text),
            _ if default => format!("{v} (default)"),
            _ => v,
        };
        let text = clip(&format!("{label:<17}{shown}"), inner_w);
        lines.push(Line::styled(
            text,
            if selected {
                t.selected()
            } else {
                ratatui::style::Style::new()
            },
        ));
    }
    f.render_widget(
        Paragraph::new(lines).block(block(" Battle ".into(), b.focus == Focus::Settings)),
        set_area,
    );
    // Ships.
    let rows = b.ship_rows();
    let inner_w = ship_area.width.saturating_sub(2) as usize;
    let h = ship_area.height.saturating_sub(3) as usize;
    let classes = b.kit.has_classes();
    let mut lines = vec![Line::styled(
        clip(
            if classes {
                "id         name           side     class"
            } else {
                "id         name           side     figures"
            },
            inner_w,
        ),
        t.dim(),
    )];
    if rows.is_empty() {
        lines.push(Line::raw(clip(
            if classes {
                "none yet: Enter on a class adds ships"
            } else {
                "none yet: n types ships"
            },
            inner_w,
        )));
    }
    for i in window(rows.len(), b.ship, h) {
        let r = &rows[i];
        let text = clip(
            &format!(
                "{} {} {} {}",
                clip(&r[0], 10),
                clip(&r[1], 14),
                clip(&r[2], 8),
                r[3]
            ),
            inner_w,
        );
        let selected = b.focus == Focus::Ships && i == b.ship;
        lines.push(Line::styled(
            text,
            if selected {
                t.selected()
            } else {
                ratatui::style::Style::new()
            },
        ));
    }
    f.render_widget(
        Paragraph::new(lines).block(block(
            format!(" Ships ({}) ", rows.len()),
            b.focus == Focus::Ships,
        )),
        ship_area,
    );
    if !classes {
        draw_typed(f, b, right);
    } else {
        draw_classes(f, b, right);
    }
    // Message and keys.
    if let Some((error, m)) = &b.message {
        f.render_widget(
            Paragraph::new(clip(m, msg.width as usize)).style(if *error {
                t.error()
            } else {
                t.ok()
            }),
            msg,
        );
    }
    let keys = if b.dialog.is_some() {
        "Tab/Up/Down field  ctrl-u clear  Enter done  Esc cancel"
    } else if b.editing.is_some() {
        "type the value  ctrl-u clear  Enter done  Esc cancel"
    } else {
        match (b.focus, classes) {
            (Focus::Settings, true) => {
                "Tab panel  j/k move  Enter edit/toggle  n new class  s save  q quit"
            }
            (Focus::Ships, true) => {
                "Tab panel  j/k move  Enter edit ship  d remove  s save  q quit"
            }
            (Focus::Classes, _) => {
                "Tab panel  j/k  Enter add ships  n new class  L to library  s save  q quit"
            }
            (Focus::Settings, false) => {
                "Tab panel  j/k move  Enter edit/toggle  n new ships  s save  q quit"
            }
            (Focus::Ships, false) => {
                "Tab panel  j/k  Enter edit ship  d remove  n new ships  s save  q quit"
            }
        }
    };
    f.render_widget(
        Paragraph::new(clip(keys, foot.width as usize)).style(t.dim()),
        foot,
    );
    if let Some(d) = &b.dialog {
        draw_dialog(f, b, d, body);
    }
}

/// The right panel of a ruleset without classes: how ships are typed, and the groups made.
fn draw_typed(f: &mut Frame, b: &Builder, right: Rect) {
    let t = b.theme;
    let inner_w = right.width.saturating_sub(2) as usize;
    let mut lines: Vec<Line> = [
        "n types ships: a count, their",
        "names, a side and the figures",
        "your rulebook gives them (each",
        "checked as typed; ships of",
        "one kind at a time)",
    ]
    .iter()
    .map(|l| Line::styled(clip(l, inner_w), t.dim()))
    .collect();
    if let Some(g) = b.kit.roster.group {
        lines.push(Line::raw(""));
        lines.push(Line::styled(
            clip(&format!("{}s:", g.table), inner_w),
            t.dim(),
        ));
        let groups = b.doc.get(g.table).and_then(Item::as_array_of_tables);
        for gt in groups.into_iter().flat_map(|a| a.iter()) {
            let s = |k: &str| get(gt, k).unwrap_or_default();
            lines.push(Line::raw(clip(
                &format!(
                    "{} {} {}",
                    clip(&s("id"), 8),
                    clip(&s("side"), 9),
                    s("name")
                ),
                inner_w,
            )));
        }
    }
    f.render_widget(
        Paragraph::new(lines).block(
            Block::default()
                .borders(Borders::ALL)
                .title(Span::styled(" Add ships ", t.dim())),
        ),
        right,
    );
}

fn draw_classes(f: &mut Frame, b: &Builder, right: Rect) {
    let t = b.theme;
    let block = |name: String, focused: bool| {
        Block::default().borders(Borders::ALL).title(Span::styled(
            name,
            if focused { t.title() } else { t.dim() },
        ))
    };
    // Classes.
    let inner_w = right.width.saturating_sub(2) as usize;
    let h = right.height.saturating_sub(2) as usize;
    let mut lines = Vec::new();
    if b.library.is_empty() {
        lines.push(Line::raw(clip("none yet: n types a class", inner_w)));
        lines.push(Line::raw(clip("from your rulebook, or put", inner_w)));
        lines.push(Line::raw(clip("class files in the library", inner_w)));
        lines.push(Line::raw(clip("(umpire classes says where)", inner_w)));
    }
    let per = 2;
    for i in window(b.library.len(), b.class, h / per) {
        let o = &b.library[i];
        let selected = b.focus == Focus::Classes && i == b.class;
        let style = if selected {
            t.selected()
        } else {
            ratatui::style::Style::new()
        };
        lines.push(Line::styled(
            clip(&format!("{}  {}", o.info.id, o.info.name), inner_w),
            style,
        ));
        lines.push(Line::styled(
            clip(&format!("  {}  {}", o.info.summary, o.place), inner_w),
            if selected { style } else { t.dim() },
        ));
    }
    f.render_widget(
        Paragraph::new(lines).block(block(" Classes ".into(), b.focus == Focus::Classes)),
        right,
    );
}

fn draw_dialog(f: &mut Frame, b: &Builder, d: &Dialog, body: Rect) {
    let t = b.theme;
    let labels = b.dialog_fields(d);
    let (title, fields, at) = match d {
        Dialog::Add { class, fields, at } => (format!(" Add ships of class {class} "), fields, *at),
        Dialog::Ship { fields, at, .. } => (" Ship ".into(), fields, *at),
        Dialog::NewClass { fields, at } => (
            " New class (figures from your rulebook) ".into(),
            fields,
            *at,
        ),
        Dialog::NewShips { fields, at } => (
            " New ships (figures from your rulebook) ".into(),
            fields,
            *at,
        ),
    };
    let hint = labels
        .get(at)
        .and_then(|(l, c)| c.map(|c| (l, c.cell)))
        .filter(|(_, cell)| *cell != Cell::Text)
        .map(|(l, cell)| format!("{l}: {}", build::hint(cell)));
    let note = match d {
        Dialog::Add { .. } => {
            "Count empty: one ship per name. Names: A; B, or one to number".into()
        }
        Dialog::Ship { .. } => String::new(),
        Dialog::NewClass { .. } => hint.unwrap_or_else(|| b.kit.class_note.to_string()),
        Dialog::NewShips { .. } if at < 2 => {
            "Count empty: one ship per name. Names: A; B, or one to number".into()
        }
        Dialog::NewShips { .. } => hint.unwrap_or_default(),
    };
    let h = (labels.len() as u16 + 3).min(body.height);
    let w = body.width.min(72);
    let area = Rect {
        x: body.x + (body.width - w) / 2,
        y: body.y + (body.height - h) / 2,
        width: w,
        height: h,
    };
    let inner = w.saturating_sub(2) as usize;
    let lw = labels
        .iter()
        .map(|(l, _)| l.chars().count() + 1)
        .max()
        .unwrap_or(0)
        .max(12);
    let rows = h.saturating_sub(3) as usize;
    let mut lines: Vec<Line> = window(labels.len(), at, rows)
        .map(|i| {
            let (l, _) = &labels[i];
            let cursor = if i == at { "_" } else { "" };
            let text = clip(&format!("{l:<lw$}{}{cursor}", fields[i].text), inner);
            Line::styled(
                text,
                if i == at {
                    t.selected()
                } else {
                    ratatui::style::Style::new()
                },
            )
        })
        .collect();
    lines.push(Line::styled(clip(&note, inner), t.dim()));
    f.render_widget(Clear, area);
    f.render_widget(
        Paragraph::new(lines).block(
            Block::default()
                .borders(Borders::ALL)
                .title(Span::styled(title, t.title())),
        ),
        area,
    );
}

/// The question a new file asks first: which rules (FG&DN first, as `RULESETS` lists them).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Picker {
    pub path: PathBuf,
    pub at: usize,
    pub chosen: Option<&'static str>,
    pub quit: bool,
    pub theme: Theme,
}

impl Picker {
    pub fn new(path: &Path) -> Picker {
        Picker {
            path: path.to_path_buf(),
            at: 0,
            chosen: None,
            quit: false,
            theme: Theme::from_env(),
        }
    }

    pub fn on_key(&mut self, key: KeyEvent) {
        let n = RULESETS.len();
        match key.code {
            KeyCode::Up | KeyCode::Char('k') | KeyCode::BackTab => self.at = (self.at + n - 1) % n,
            KeyCode::Down | KeyCode::Char('j') | KeyCode::Tab => self.at = (self.at + 1) % n,
            KeyCode::Char(c @ '1'..='9') => {
                let i = c as usize - '1' as usize;
                if i < n {
                    self.at = i;
                    self.chosen = Some(RULESETS[i]);
                }
            }
            KeyCode::Enter | KeyCode::Char(' ') => self.chosen = Some(RULESETS[self.at]),
            KeyCode::Char('q') | KeyCode::Esc => self.quit = true,
            KeyCode::Char('c') if key.modifiers.contains(KeyModifiers::CONTROL) => self.quit = true,
            _ => {}
        }
    }
}

pub fn draw_picker(f: &mut Frame, p: &Picker) {
    let t = p.theme;
    let area = f.area();
    let [head, body, foot] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(4),
        Constraint::Length(1),
    ])
    .areas(area);
    let title = format!(
        " umpire new: {}  which rules?",
        p.path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default()
    );
    f.render_widget(
        Paragraph::new(clip(&title, head.width as usize)).style(t.header()),
        head,
    );
    let inner = body.width.saturating_sub(2) as usize;
    let mut lines = vec![Line::styled(
        clip(
            "The battle's ruleset (its ships' figures are the ruleset's):",
            inner,
        ),
        t.dim(),
    )];
    for (i, id) in RULESETS.iter().enumerate() {
        let title = Kit::of(id).map(|k| k.title).unwrap_or_default();
        let text = clip(&format!("{} {:<15} {title}", i + 1, id), inner);
        lines.push(Line::styled(
            text,
            if i == p.at {
                t.selected()
            } else {
                ratatui::style::Style::new()
            },
        ));
    }
    f.render_widget(
        Paragraph::new(lines).block(
            Block::default()
                .borders(Borders::ALL)
                .title(Span::styled(" Which rules? ", t.title())),
        ),
        body,
    );
    f.render_widget(
        Paragraph::new(clip(
            "j/k move  Enter (or 1-5) choose  q quit   (--ruleset ID skips this)",
            foot.width as usize,
        ))
        .style(t.dim()),
        foot,
    );
}

/// The default file for `umpire new` without one: `battle.toml`, or the first
/// `battle-N.toml` that does not exist, in the current folder.
pub fn default_file() -> PathBuf {
    let mut p = PathBuf::from("battle.toml");
    let mut n = 2;
    while p.exists() {
        p = PathBuf::from(format!("battle-{n}.toml"));
        n += 1;
    }
    p
}

/// Keys to `key` and frames of `draw` until `done` (or a signal).
fn event_loop(
    terminal: &mut ratatui::DefaultTerminal,
    stop: &std::sync::atomic::AtomicBool,
    mut draw: impl FnMut(&mut Frame),
    mut key: impl FnMut(KeyEvent),
    done: impl Fn() -> bool,
) -> std::io::Result<()> {
    use ratatui::crossterm::event::{self, Event};
    use std::sync::atomic::Ordering;
    use std::time::Duration;
    let mut dirty = true;
    while !done() && !stop.load(Ordering::Relaxed) {
        if dirty {
            terminal.draw(&mut draw)?;
            dirty = false;
        }
        if event::poll(Duration::from_millis(200))? {
            match event::read()? {
                Event::Key(k) if k.kind != event::KeyEventKind::Release => {
                    key(k);
                    dirty = true;
                }
                Event::Resize(_, _) => {
                    terminal.autoresize()?;
                    dirty = true;
                }
                _ => {}
            }
        }
    }
    Ok(())
}

/// `umpire new [FILE] [--ruleset ID]` on the real terminal: a new file without `--ruleset`
/// asks the ruleset first.
pub fn run(file: Option<&Path>, ruleset: Option<&str>) -> Result<Option<String>, Error> {
    use std::io::IsTerminal;
    use std::sync::atomic::AtomicBool;
    use std::sync::Arc;
    if let Some(id) = ruleset {
        Kit::of(id)?;
    }
    if !std::io::stdout().is_terminal() || !std::io::stdin().is_terminal() {
        return Err(Error::input(format!(
            "the builder needs a terminal. Without one, write a roster and import it: umpire import ROSTER.csv --ruleset {} --out SCENARIO.toml (docs/roster.md)",
            ruleset.unwrap_or("ID")
        )));
    }
    let path = file.map(Path::to_path_buf).unwrap_or_else(default_file);
    // Everything that can fail is loaded before the terminal is taken.
    let opened = if path.exists() || ruleset.is_some() {
        Some(Builder::open(&path, ruleset)?)
    } else {
        None
    };
    let stop = Arc::new(AtomicBool::new(false));
    for sig in [
        signal_hook::consts::SIGTERM,
        signal_hook::consts::SIGHUP,
        signal_hook::consts::SIGINT,
        signal_hook::consts::SIGQUIT,
    ] {
        signal_hook::flag::register(sig, Arc::clone(&stop))
            .map_err(|e| Error::input(format!("cannot watch signals: {e}")))?;
    }
    let mut terminal =
        ratatui::try_init().map_err(|e| Error::input(format!("cannot open the terminal: {e}")))?;
    let mut b = match opened {
        Some(b) => Some(b),
        None => {
            let picker = std::cell::RefCell::new(Picker::new(&path));
            let asked = event_loop(
                &mut terminal,
                &stop,
                |f| draw_picker(f, &picker.borrow()),
                |k| picker.borrow_mut().on_key(k),
                || {
                    let p = picker.borrow();
                    p.quit || p.chosen.is_some()
                },
            );
            if let Err(e) = asked {
                ratatui::restore();
                return Err(Error::input(format!("terminal: {e}")));
            }
            let chosen = picker.borrow().chosen;
            match chosen.map(|id| Builder::open(&path, Some(id))) {
                Some(Ok(b)) => Some(b),
                Some(Err(e)) => {
                    ratatui::restore();
                    return Err(e);
                }
                None => None,
            }
        }
    };
    let Some(b) = b.as_mut() else {
        ratatui::restore();
        return Ok(Some(format!("{} was not made", path.display())));
    };
    let cell = std::cell::RefCell::new(b);
    let result = event_loop(
        &mut terminal,
        &stop,
        |f| draw(f, &cell.borrow()),
        |k| cell.borrow_mut().on_key(k),
        || cell.borrow().quit,
    );
    ratatui::restore();
    result.map_err(|e| Error::input(format!("terminal: {e}")))?;
    let b = cell.into_inner();
    Ok(Some(if b.modified {
        format!("{} was not saved", path.display())
    } else {
        format!(
            "{} is saved: umpire play {}",
            path.display(),
            path.display()
        )
    }))
}
