//! The small forms behind a dashboard's keys, for every ruleset. Their fields and how each
//! becomes words are the ruleset's one description of them (`Board::forms_for`); a form here
//! holds what is typed and chosen, and only builds the text of a command of the script language
//! (`FormSpec::command`); the command is then run exactly as if typed at `:`. A form of the
//! ruleset's own, which it draws itself (FG&DN's hit-chance calculator, `board::OwnForm`),
//! builds its command and names itself.
use crate::core::board::{FieldKind, FieldSpec, Filled, FormSpec};
use ratatui::crossterm::event::KeyCode;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    /// Digits typed; empty means "not given".
    Number { text: String, required: bool },
    /// One of a fixed list; index 0 may be "-" (not given).
    Choice { options: Vec<String>, index: usize },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Field {
    pub label: String,
    /// The command keyword this field writes (empty for the positional DP/PCT/KIND).
    pub keyword: String,
    pub value: Value,
}

impl Field {
    /// The field as `spec` describes it, empty; a ship is chosen among `ships`.
    fn of(spec: &FieldSpec, ships: &[String]) -> Field {
        let value = match &spec.kind {
            FieldKind::Number { .. } | FieldKind::NumberIf { .. } => Value::Number {
                text: String::new(),
                required: spec.required(),
            },
            FieldKind::Ship => Value::Choice {
                options: ships.to_vec(),
                index: 0,
            },
            FieldKind::Choice(_) | FieldKind::Flag | FieldKind::Options(_) => Value::Choice {
                options: spec.options().iter().map(|o| o.name.to_string()).collect(),
                index: 0,
            },
        };
        Field {
            label: spec.label.to_string(),
            keyword: spec.keyword.to_string(),
            value,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FormKind {
    Hit,
    Fire,
    Flood,
    Critical,
    /// A form the ruleset draws itself (`board::OwnForm`): it builds its command and names
    /// itself (`Form::own`).
    Own,
    /// A ruleset's form behind the key its spec names (`FormSpec::key`).
    Spec,
}

impl FormKind {
    /// The verb of the ruleset's form of this kind (`FormSpec::verb`); None for the hit-chance
    /// calculator, which is the face's own.
    pub fn verb(self) -> Option<&'static str> {
        match self {
            FormKind::Hit => Some("hit"),
            FormKind::Fire => Some("fire"),
            FormKind::Flood => Some("flood"),
            FormKind::Critical => Some("crit"),
            FormKind::Own | FormKind::Spec => None,
        }
    }
}

#[derive(Debug, Clone)]
pub struct Form {
    pub kind: FormKind,
    pub ship: String,
    pub ship_name: String,
    pub fields: Vec<Field>,
    pub focus: usize,
    pub error: Option<String>,
    /// The description the fields come from and the command is built by; None for a form
    /// that builds its own (`own`).
    pub spec: Option<FormSpec>,
    /// A form the ruleset draws itself: its title, and how it builds its command.
    pub own: Option<(String, Build)>,
}

/// How a form the ruleset draws itself builds its command.
pub type Build = fn(&Form) -> String;

pub fn number(label: &str, keyword: &str, required: bool) -> Field {
    Field {
        label: label.to_string(),
        keyword: keyword.to_string(),
        value: Value::Number {
            text: String::new(),
            required,
        },
    }
}

pub fn choice(label: &str, keyword: &str, options: &[&str]) -> Field {
    Field {
        label: label.to_string(),
        keyword: keyword.to_string(),
        value: Value::Choice {
            options: options.iter().map(|o| o.to_string()).collect(),
            index: 0,
        },
    }
}

impl Form {
    /// The form of `kind` among `forms` (`Board::forms_for` the ship), empty; a ship field
    /// chooses among `ships`. Without such a form it has no fields and its command says so.
    pub fn of(
        kind: FormKind,
        forms: &[FormSpec],
        ship: &str,
        ship_name: &str,
        ships: &[String],
    ) -> Form {
        let spec = kind
            .verb()
            .and_then(|verb| forms.iter().find(|f| f.verb == verb))
            .cloned();
        let fields = spec
            .iter()
            .flat_map(|s| &s.fields)
            .map(|f| Field::of(f, ships))
            .collect();
        Form {
            kind,
            ship: ship.to_string(),
            ship_name: ship_name.to_string(),
            fields,
            focus: 0,
            error: None,
            spec,
            own: None,
        }
    }

    /// A ruleset's form `spec` for ship `ship` (named `ship_name`), empty; a ship field chooses
    /// among `ships`.
    pub fn of_spec(spec: FormSpec, ship: &str, ship_name: &str, ships: &[String]) -> Form {
        Form {
            kind: FormKind::Spec,
            ship: ship.to_string(),
            ship_name: ship_name.to_string(),
            fields: spec.fields.iter().map(|f| Field::of(f, ships)).collect(),
            focus: 0,
            error: None,
            spec: Some(spec),
            own: None,
        }
    }

    /// The key its spec names, if it is a ruleset's form.
    pub fn key(&self) -> Option<char> {
        self.spec.as_ref().map(|s| s.key)
    }

    pub fn title(&self) -> String {
        if let Some((title, _)) = &self.own {
            return title.clone();
        }
        let what = match (self.kind, &self.spec) {
            (_, Some(spec)) => spec.title,
            (kind, None) => kind.verb().unwrap_or_default(),
        };
        format!("{what} on {}", self.ship_name)
    }

    pub fn next(&mut self) {
        self.focus = (self.focus + 1) % self.fields.len().max(1);
    }

    pub fn prev(&mut self) {
        let n = self.fields.len().max(1);
        self.focus = (self.focus + n - 1) % n;
    }

    /// Left/right on a choice steps through its options.
    pub fn cycle(&mut self, forward: bool) {
        let Some(f) = self.fields.get_mut(self.focus) else {
            return;
        };
        if let Value::Choice { options, index } = &mut f.value {
            let n = options.len();
            if n == 0 {
                return;
            }
            *index = if forward {
                (*index + 1) % n
            } else {
                (*index + n - 1) % n
            };
        }
    }

    /// A typed character: digits into a number field; on a choice, the first option starting
    /// with that letter (after the current one), so "t" picks torpedo.
    pub fn type_char(&mut self, c: char) {
        let Some(f) = self.fields.get_mut(self.focus) else {
            return;
        };
        match &mut f.value {
            Value::Number { text, .. } => {
                if c.is_ascii_digit() || (c == '.' && !text.contains('.')) {
                    text.push(c);
                }
            }
            Value::Choice { options, index } => {
                let n = options.len();
                if let Some(k) = (1..=n)
                    .map(|d| (*index + d) % n)
                    .find(|&k| options[k].starts_with(c.to_ascii_lowercase()))
                {
                    *index = k;
                }
            }
        }
    }

    /// An editing key: Tab/↓ and Shift-Tab/↑ move between fields, ←→ (and space) step
    /// through a choice, Backspace and characters edit ([`Form::type_char`]). Other keys do
    /// nothing.
    pub fn edit_key(&mut self, code: KeyCode) {
        match code {
            KeyCode::Tab | KeyCode::Down => self.next(),
            KeyCode::BackTab | KeyCode::Up => self.prev(),
            KeyCode::Left => self.cycle(false),
            KeyCode::Right | KeyCode::Char(' ') => self.cycle(true),
            KeyCode::Backspace => self.backspace(),
            KeyCode::Char(c) => self.type_char(c),
            _ => {}
        }
    }

    pub fn backspace(&mut self) {
        let Some(f) = self.fields.get_mut(self.focus) else {
            return;
        };
        if let Value::Number { text, .. } = &mut f.value {
            text.pop();
        }
    }

    /// The command so far, an empty required number read as 1 and an empty number asked for
    /// by another field's option (a chosen pen value) as 0: what [`Form::command`] would give
    /// once the numbers are typed (for checking as the umpire types).
    pub fn probe(&self) -> String {
        let mut filled = self.clone();
        if let Some(spec) = &self.spec {
            for (f, s) in filled.fields.iter_mut().zip(&spec.fields) {
                if let Value::Number { text, .. } = &mut f.value {
                    match &s.kind {
                        _ if !text.is_empty() => {}
                        FieldKind::Number { required: true } => text.push('1'),
                        FieldKind::NumberIf { .. } => text.push('0'),
                        _ => {}
                    }
                }
            }
        }
        filled.command().unwrap_or_default()
    }

    /// The command text the form stands for, or what is missing.
    pub fn command(&self) -> Result<String, String> {
        let spec = match (&self.own, &self.spec) {
            (Some((_, build)), _) => return Ok(build(self)),
            (None, Some(spec)) => spec,
            (None, None) => {
                let verb = self.kind.verb().unwrap_or_default();
                return Err(format!("no {verb} form for {}", self.ship_name));
            }
        };
        spec.command(&self.ship, &self.filled(spec))
    }

    /// What each field holds, as `spec` reads it: the text typed, the ship chosen, or the
    /// index of the option chosen.
    fn filled(&self, spec: &FormSpec) -> Vec<Filled<'_>> {
        self.fields
            .iter()
            .zip(&spec.fields)
            .map(|(f, s)| match (&f.value, &s.kind) {
                (Value::Number { text, .. }, _) => Filled::Text(text),
                (Value::Choice { options, index }, FieldKind::Ship) => {
                    Filled::Text(options.get(*index).map_or("", String::as_str))
                }
                (Value::Choice { index, .. }, _) => Filled::Chosen(*index),
            })
            .collect()
    }

    /// The form as the screen's box shows it (`tui::view`): options in words, numbers as
    /// typed.
    pub fn view(&self) -> crate::tui::view::FormBox {
        use crate::tui::view::{FormBox, FormField, FormValue};
        FormBox {
            title: self.title(),
            fields: self
                .fields
                .iter()
                .map(|f| FormField {
                    label: f.label.clone(),
                    value: match &f.value {
                        Value::Number { text, required } => FormValue::Number {
                            text: text.clone(),
                            required: *required,
                        },
                        // Words, not ids (`main battery`); the command keeps the id.
                        Value::Choice { options, index } => FormValue::Choice(
                            crate::core::words::words(options.get(*index).map_or("", |o| o)),
                        ),
                    },
                })
                .collect(),
            focus: self.focus,
            command: self.command().ok(),
            error: self.error.clone(),
        }
    }
}
