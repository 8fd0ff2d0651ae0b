//! `umpire new [FILE]`: the battle builder (SPEC 9). A dashboard screen, keyboard only, that
//! sets a scenario's start, date, sea state, seed and options, adds ships from the class
//! library (or from classes typed here) with a count and names, sets their sides, and saves a
//! scenario that `umpire check` accepts and `umpire play` opens. An existing scenario is edited
//! the same way: the builder edits its TOML in place (`toml_edit`), so every key, ship and
//! comment it does not touch is kept as written.
use crate::core::classes;
use crate::rulesets::fgdn::roster::slug;
use crate::rulesets::fgdn::scenario::{parse_class_file, parse_scenario, ClassInfo};
use crate::rulesets::fgdn::Fgdn;
use crate::session::{self, Error};
use crate::tui::edit::LineEdit;
use crate::tui::theme::Theme;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph};
use ratatui::Frame;
use std::path::{Path, PathBuf};
use toml_edit::{value, ArrayOfTables, DocumentMut, Item, Table};

/// What a setting's value is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Text { optional: bool },
    Whole,
    YesNo,
    Fixed,
}

/// The settings rows: (table, key, label, kind).
const SETTINGS: &[(&str, &str, &str, Kind)] = &[
    ("scenario", "name", "Name", Kind::Text { optional: false }),
    ("scenario", "ruleset", "Ruleset", Kind::Fixed),
    (
        "scenario",
        "start",
        "Start HHMM",
        Kind::Text { optional: false },
    ),
    ("scenario", "date", "Date", Kind::Text { optional: true }),
    ("scenario", "sea_state", "Sea state", Kind::Whole),
    ("scenario", "seed", "Dice seed", Kind::Whole),
    (
        "options",
        "fire_flood_delay_turns",
        "Fire/flood delay",
        Kind::Whole,
    ),
    (
        "options",
        "intermediate_interval",
        "Marks every min",
        Kind::Whole,
    ),
    (
        "options",
        "national_damage_control",
        "National DC",
        Kind::YesNo,
    ),
    (
        "options",
        "magazine_modifiers",
        "Magazine mods",
        Kind::YesNo,
    ),
    ("options", "casemate_picric", "Casemate picric", Kind::YesNo),
    (
        "options",
        "equipment_serviceability",
        "Serviceability",
        Kind::YesNo,
    ),
    (
        "options",
        "faulty_british_apc",
        "Faulty Brit. APC",
        Kind::YesNo,
    ),
    ("options", "faulty_shells_all", "Faulty shells", Kind::YesNo),
];

/// The fields of the new-class form: (key, label, whole number).
const CLASS_FIELDS: &[(&str, &str, bool)] = &[
    ("id", "Class id", false),
    ("name", "Class name", false),
    ("type", "Type", false),
    ("size", "Size A-G", false),
    ("dp", "DP", true),
    ("speed", "Speed kn", true),
    ("in_service", "In service", true),
    ("nation", "Nation", false),
    ("belt", "Belt cm", true),
    ("deck", "Deck cm", true),
    ("tds", "TDS DP", true),
];

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
    /// Edit a ship: id, name, side.
    Ship {
        index: usize,
        fields: Vec<LineEdit>,
        at: usize,
    },
    /// Type a class's figures (from the rulebook) into this battle.
    NewClass { fields: Vec<LineEdit>, at: usize },
}

/// A class the builder offers.
#[derive(Debug, Clone, PartialEq)]
pub struct Offered {
    pub info: ClassInfo,
    /// Where it is: a library file, or "this battle".
    pub place: String,
}

pub struct Builder {
    pub path: PathBuf,
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

const NEW: &str = "[scenario]\nname = \"New battle\"\nruleset = \"fgdn-1.1\"\nstart = \"1200\"\n";

impl Builder {
    /// A builder on `path`: the scenario there if it exists (never a save), else a new one.
    pub fn open(path: &Path) -> Result<Builder, Error> {
        let mut b = Builder::open_with(path, session::class_library_files("fgdn-1.1"))?;
        b.library_dir = session::class_library_dir("fgdn-1.1");
        Ok(b)
    }

    /// [`Builder::open`] with the class library's files given.
    pub fn open_with(path: &Path, library_files: Vec<PathBuf>) -> Result<Builder, Error> {
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
            if crate::core::ruleset::sniff(&text) != Ok("fgdn-1.1") {
                return Err(Error::input(format!(
                    "{name}: the builder makes and edits fgdn-1.1 scenarios; edit this one as TOML (docs/rules-notes-dnb-standard.md)"
                )));
            }
            text
        } else {
            NEW.to_string()
        };
        let doc: DocumentMut = text
            .parse()
            .map_err(|e| Error::input(format!("{name}: not TOML: {e}")))?;
        let mut b = Builder {
            path: path.to_path_buf(),
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

    /// The classes offered: the library's (a bad file named in the message) and this battle's.
    fn load_library(&mut self) {
        let mut offered = Vec::new();
        let mut problems = Vec::new();
        for file in self.library_files.clone() {
            let name = file.display().to_string();
            match std::fs::read_to_string(&file) {
                Ok(text) => match parse_class_file(&name, &text) {
                    Ok(classes) => offered.extend(classes.into_iter().map(|info| {
                        Offered {
                            info,
                            place: file
                                .file_name()
                                .map(|n| n.to_string_lossy().into_owned())
                                .unwrap_or_default(),
                        }
                    })),
                    Err(e) => problems.push(e[0].to_string()),
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
                Ok(text) => match parse_class_file(&named, &text) {
                    Ok(found) => {
                        for info in found {
                            offered.retain(|o: &Offered| o.info.id != info.id);
                            offered.push(Offered {
                                info,
                                place: named.clone(),
                            });
                        }
                    }
                    Err(e) => problems.push(e[0].to_string()),
                },
                Err(e) => problems.push(format!("{}: {e}", file.display())),
            }
        }
        let own = parse_class_file("this battle", &self.own_classes_text()).unwrap_or_default();
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

    /// Each ship as (id, name, side, class or its own figures).
    pub fn ship_rows(&self) -> Vec<[String; 4]> {
        let s = |t: &Table, k: &str| {
            t.get(k)
                .and_then(|v| v.as_value())
                .map(|v| {
                    v.as_str().map(str::to_string).unwrap_or_else(|| {
                        let mut v = v.clone();
                        v.decor_mut().clear();
                        v.to_string()
                    })
                })
                .unwrap_or_default()
        };
        self.ships()
            .map(|a| {
                a.iter()
                    .map(|t| {
                        let class = s(t, "class");
                        let what = if class.is_empty() {
                            format!("own: {} {}dp", s(t, "size"), s(t, "dp"))
                        } else {
                            class
                        };
                        [s(t, "id"), s(t, "name"), s(t, "side"), what]
                    })
                    .collect()
            })
            .unwrap_or_default()
    }

    /// A setting's value as shown, and whether it is the default (not in the file).
    pub fn setting_value(&self, i: usize) -> (String, bool) {
        let (table, key, _, kind) = SETTINGS[i];
        let v = self
            .doc
            .get(table)
            .and_then(|t| t.get(key))
            .and_then(|v| v.as_value());
        match (v, kind) {
            (Some(v), Kind::YesNo) => (
                if v.as_bool() == Some(true) {
                    "on"
                } else {
                    "off"
                }
                .into(),
                false,
            ),
            (Some(v), _) => (
                v.as_str().map(str::to_string).unwrap_or_else(|| {
                    let mut v = v.clone();
                    v.decor_mut().clear();
                    v.to_string()
                }),
                false,
            ),
            (None, _) => (
                match key {
                    "sea_state" => "3",
                    "seed" => "1",
                    "fire_flood_delay_turns" => "3",
                    "intermediate_interval" => "30",
                    "date" => "none",
                    _ => "off",
                }
                .into(),
                true,
            ),
        }
    }

    fn table_mut(&mut self, name: &str) -> &mut Table {
        if self.doc.get(name).and_then(Item::as_table).is_none() {
            self.doc.insert(name, Item::Table(Table::new()));
        }
        self.doc[name].as_table_mut().expect("a table")
    }

    fn set_setting(&mut self, i: usize, text: &str) {
        let (table, key, label, kind) = SETTINGS[i];
        let text = text.trim();
        match kind {
            Kind::Fixed => {}
            Kind::YesNo => {}
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

    /// Add `count` ships of `class` (names one per ship with `;`, or one numbered, or none:
    /// the class id numbered).
    fn add_ships(
        &mut self,
        class: &str,
        count: &str,
        names: &str,
        side: &str,
    ) -> Result<usize, String> {
        let count = if count.trim().is_empty() {
            None
        } else {
            Some(
                count
                    .trim()
                    .parse::<usize>()
                    .ok()
                    .filter(|n| (1..=500).contains(n))
                    .ok_or_else(|| format!("Count: \"{}\" (expected 1-500)", count.trim()))?,
            )
        };
        let side = side.trim();
        if side.is_empty() {
            return Err("Side: give the side these ships fight for".into());
        }
        let given: Vec<String> = names
            .split(';')
            .map(|s| s.trim().to_string())
            .filter(|s| !s.is_empty())
            .collect();
        let n = count.unwrap_or(given.len().max(1));
        let names: Vec<String> = match given.len() {
            0 => (1..=n).map(|k| format!("{class} {k}")).collect(),
            1 if n > 1 => (1..=n).map(|k| format!("{} {k}", given[0])).collect(),
            k if k == n => given,
            k => {
                return Err(format!(
                    "Names: {k} names separated by ; but the count is {n}"
                ))
            }
        };
        let mut used = self.used_ids();
        if self
            .doc
            .get("ship")
            .and_then(Item::as_array_of_tables)
            .is_none()
        {
            self.doc
                .insert("ship", Item::ArrayOfTables(ArrayOfTables::new()));
        }
        for name in &names {
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
            t.insert("side", value(side));
            t.insert("class", value(class));
            self.doc["ship"]
                .as_array_of_tables_mut()
                .expect("ships")
                .push(t);
        }
        self.ship = self.ship_rows().len().saturating_sub(1);
        Ok(names.len())
    }

    fn new_class(&mut self, fields: &[LineEdit]) -> Result<String, String> {
        let mut text = String::from("[[class]]\n");
        let mut armor = Vec::new();
        for ((key, label, whole), f) in CLASS_FIELDS.iter().zip(fields) {
            let v = f.text.trim();
            if v.is_empty() {
                continue;
            }
            let shown = if *whole {
                v.parse::<u32>()
                    .map_err(|_| format!("{label}: \"{v}\" is not a whole number"))?
                    .to_string()
            } else {
                toml_edit::Value::from(v).to_string().trim().to_string()
            };
            if ["belt", "deck", "tds"].contains(key) {
                armor.push(format!("{key} = {shown}"));
            } else {
                text.push_str(&format!("{key} = {shown}\n"));
            }
        }
        if !armor.is_empty() {
            text.push_str(&format!("armor = {{ {} }}\n", armor.join(", ")));
        }
        let infos = parse_class_file("the new class", &text).map_err(|e| e[0].message.clone())?;
        let id = infos[0].id.clone();
        if self
            .library
            .iter()
            .any(|o| o.info.id == id && o.place == "this battle")
        {
            return Err(format!(
                "Class id: \"{id}\" is already a class of this battle"
            ));
        }
        let parsed: DocumentMut = text.parse().map_err(|e| format!("{e}"))?;
        let table = parsed["class"]
            .as_array_of_tables()
            .and_then(|a| a.get(0))
            .cloned()
            .ok_or("no class")?;
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
            .push(table);
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
        let checked =
            session::class_sources_in::<Fgdn>(Some(&self.path), &text, &self.library_files)
                .map_err(|e| e.message)
                .and_then(|sources| classes::resolve(&text, &sources).map_err(|e| e.join("; ")))
                .and_then(|resolved| {
                    parse_scenario(&name, &resolved.text)
                        .map(|s| s.ships.len())
                        .map_err(|e| {
                            let first = classes::remap(&e[0].to_string(), &name, &resolved);
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

    pub fn on_key(&mut self, key: KeyEvent) {
        if key.modifiers.contains(KeyModifiers::CONTROL) {
            match key.code {
                KeyCode::Char('u') => {
                    if let Some(e) = self.editing.as_mut() {
                        *e = LineEdit::default();
                    }
                    if let Some(
                        Dialog::Add { fields, at, .. }
                        | Dialog::Ship { fields, at, .. }
                        | Dialog::NewClass { fields, at },
                    ) = self.dialog.as_mut()
                    {
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
                    Focus::Ships => Focus::Classes,
                    Focus::Classes => Focus::Settings,
                }
            }
            KeyCode::BackTab | KeyCode::Left => {
                self.focus = match self.focus {
                    Focus::Settings => Focus::Classes,
                    Focus::Ships => Focus::Settings,
                    Focus::Classes => Focus::Ships,
                }
            }
            KeyCode::Up | KeyCode::Char('k') => self.step(-1),
            KeyCode::Down | KeyCode::Char('j') => self.step(1),
            KeyCode::Char('s') => {
                self.save();
            }
            KeyCode::Char('n') => {
                self.dialog = Some(Dialog::NewClass {
                    fields: vec![LineEdit::default(); CLASS_FIELDS.len()],
                    at: 0,
                });
            }
            KeyCode::Char('a') => self.open_add(),
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
                Focus::Settings => {
                    let (_, key, label, kind) = SETTINGS[self.setting];
                    match kind {
                        Kind::Fixed => {
                            self.message = Some((
                                false,
                                "Ruleset: the builder makes fgdn-1.1 battles (dnb-standard scenarios are written as TOML)".into(),
                            ))
                        }
                        Kind::YesNo => {
                            let on = self.setting_value(self.setting).0 == "on";
                            self.table_mut("options").insert(key, value(!on));
                            self.changed(format!("{label}: {}", if on { "off" } else { "on" }));
                        }
                        _ => {
                            let (v, default) = self.setting_value(self.setting);
                            self.editing = Some(LineEdit::new(if default { "" } else { &v }));
                        }
                    }
                }
                Focus::Ships => {
                    if let Some(r) = self.ship_rows().get(self.ship) {
                        self.dialog = Some(Dialog::Ship {
                            index: self.ship,
                            fields: vec![
                                LineEdit::new(&r[0]),
                                LineEdit::new(&r[1]),
                                LineEdit::new(&r[2]),
                            ],
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

    /// Copy the selected class, typed into this battle, to the class library
    /// (`builder-classes.toml` there), so that later battles offer it.
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
        if !text.is_empty() && !text.ends_with('\n') {
            text.push('\n');
        }
        if !text.is_empty() {
            text.push('\n');
        }
        text.push_str(&one.to_string());
        parse_class_file(&name, &text).map_err(|e| e[0].to_string())?;
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
            Focus::Settings => (&mut self.setting, SETTINGS.len()),
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
        let (fields, at) = match &mut dialog {
            Dialog::Add { fields, at, .. }
            | Dialog::Ship { fields, at, .. }
            | Dialog::NewClass { fields, at } => (fields, at),
        };
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
                let done = match &dialog {
                    Dialog::Add { class, .. } => self
                        .add_ships(class, &texts[0], &texts[1], &texts[2])
                        .map(|n| {
                            format!(
                                "added {n} ship{} of class {class}",
                                if n == 1 { "" } else { "s" }
                            )
                        }),
                    Dialog::Ship { index, .. } => self.edit_ship(*index, &texts),
                    Dialog::NewClass { .. } => self.new_class(&fields).map(|id| {
                        format!("class {id} added to this battle: Enter on it adds ships")
                    }),
                };
                match done {
                    Ok(m) => {
                        self.changed(m);
                        return;
                    }
                    Err(m) => self.message = Some((true, m)),
                }
            }
            _ => fields[*at].on_key(key),
        }
        self.dialog = Some(dialog);
    }

    fn edit_ship(&mut self, index: usize, texts: &[String]) -> Result<String, String> {
        let [id, name, side] = [0, 1, 2].map(|i| texts[i].trim().to_string());
        for (label, v) in [("Id", &id), ("Name", &name), ("Side", &side)] {
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
        t.insert("id", value(id.as_str()));
        t.insert("name", value(name.as_str()));
        t.insert("side", value(side.as_str()));
        Ok(format!("{id}: {name}, {side}"))
    }
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
        " umpire new: {}  fgdn-1.1{}",
        b.path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default(),
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
    for i in window(SETTINGS.len(), b.setting, h) {
        let (_, _, label, _) = SETTINGS[i];
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
    let mut lines = vec![Line::styled(
        clip("id         name           side     class", inner_w),
        t.dim(),
    )];
    if rows.is_empty() {
        lines.push(Line::raw(clip(
            "none yet: Enter on a class adds ships",
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
            clip(
                &format!(
                    "  {} {}dp {}kn  {}",
                    o.info.size, o.info.dp, o.info.speed, o.place
                ),
                inner_w,
            ),
            if selected { style } else { t.dim() },
        ));
    }
    f.render_widget(
        Paragraph::new(lines).block(block(" Classes ".into(), b.focus == Focus::Classes)),
        right,
    );
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
        match b.focus {
            Focus::Settings => {
                "Tab panel  j/k move  Enter edit/toggle  n new class  s save  q quit"
            }
            Focus::Ships => "Tab panel  j/k move  Enter edit ship  d remove  s save  q quit",
            Focus::Classes => {
                "Tab panel  j/k  Enter add ships  n new class  L to library  s save  q quit"
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

fn draw_dialog(f: &mut Frame, b: &Builder, d: &Dialog, body: Rect) {
    let t = b.theme;
    let (title, labels, fields, at, note): (String, Vec<&str>, &Vec<LineEdit>, usize, &str) =
        match d {
            Dialog::Add { class, fields, at } => (
                format!(" Add ships of class {class} "),
                vec!["Count", "Names", "Side"],
                fields,
                *at,
                "Count empty: one ship per name. Names: A; B, or one to number",
            ),
            Dialog::Ship { fields, at, .. } => {
                (" Ship ".into(), vec!["Id", "Name", "Side"], fields, *at, "")
            }
            Dialog::NewClass { fields, at } => (
                " New class (figures from your rulebook) ".into(),
                CLASS_FIELDS.iter().map(|(_, l, _)| *l).collect(),
                fields,
                *at,
                "Type: major minor aviation merchant small small_cargo",
            ),
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
    let mut lines: Vec<Line> = labels
        .iter()
        .zip(fields.iter())
        .enumerate()
        .map(|(i, (l, e))| {
            let cursor = if i == at { "_" } else { "" };
            let text = clip(&format!("{l:<12}{}{cursor}", e.text), inner);
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
    lines.push(Line::styled(clip(note, inner), t.dim()));
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

/// `umpire new [FILE]` on the real terminal.
pub fn run(file: Option<&Path>) -> Result<Option<String>, Error> {
    use ratatui::crossterm::event::{self, Event};
    use std::io::IsTerminal;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;
    use std::time::Duration;
    if !std::io::stdout().is_terminal() || !std::io::stdin().is_terminal() {
        return Err(Error::input(
            "the builder needs a terminal. Without one, write a roster and import it: umpire import ROSTER.csv --ruleset fgdn-1.1 --out SCENARIO.toml (docs/roster.md)",
        ));
    }
    let path = file.map(Path::to_path_buf).unwrap_or_else(default_file);
    let mut b = Builder::open(&path)?;
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
    let result = (|| -> std::io::Result<()> {
        let mut dirty = true;
        while !b.quit && !stop.load(Ordering::Relaxed) {
            if dirty {
                terminal.draw(|f| draw(f, &b))?;
                dirty = false;
            }
            if event::poll(Duration::from_millis(200))? {
                match event::read()? {
                    Event::Key(k) if k.kind != event::KeyEventKind::Release => {
                        b.on_key(k);
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
    })();
    ratatui::restore();
    result.map_err(|e| Error::input(format!("terminal: {e}")))?;
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
