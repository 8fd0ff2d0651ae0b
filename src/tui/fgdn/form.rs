//! The small forms behind the hit, fire, flood and critical keys. Their fields and how each
//! becomes words are FG&DN's one description of them (`Board::forms_for`, in
//! `rulesets::fgdn::board`); a form here holds what is typed and chosen, and only builds the
//! text of a command of the script language (`FormSpec::command`); the command is then run
//! exactly as if typed at `:`.
use crate::core::board::{FieldKind, FieldSpec, Filled, FormSpec};

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
    /// The gun hit-chance calculator (`tui::chance_form`).
    Chance,
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
            FormKind::Chance => None,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Form {
    pub kind: FormKind,
    pub ship: String,
    pub ship_name: String,
    pub fields: Vec<Field>,
    pub focus: usize,
    pub error: Option<String>,
    /// The description the fields come from and the command is built by; None for the
    /// hit-chance form, which builds its own (`chance_form::command`).
    pub spec: Option<FormSpec>,
}

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
        }
    }

    pub fn title(&self) -> String {
        let what = match (self.kind, &self.spec) {
            (FormKind::Chance, _) => return format!("Hit chance: {} firing", self.ship_name),
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
        let spec = match (self.kind, &self.spec) {
            (FormKind::Chance, _) => return Ok(crate::tui::fgdn::chance_form::command(self)),
            (_, Some(spec)) => spec,
            (kind, None) => {
                let verb = kind.verb().unwrap_or_default();
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::fgdn::board::forms_of;

    /// The form of `kind` for a surface ship, as FG&DN describes it (`Fgdn::forms`).
    fn surface(kind: FormKind, ship: &str, name: &str) -> Form {
        Form::of(kind, &forms_of(false), ship, name, &[])
    }

    /// The form of `kind` for a submarine (FG&DN 8.1.4).
    fn submarine(kind: FormKind, ship: &str, name: &str) -> Form {
        Form::of(kind, &forms_of(true), ship, name, &[])
    }

    fn typed(form: &mut Form, s: &str) {
        for c in s.chars() {
            form.type_char(c);
        }
    }

    #[test]
    fn a_plain_hit_is_just_ship_and_damage() {
        let mut f = surface(FormKind::Hit, "tiger", "HMS Tiger");
        assert_eq!(f.command(), Err("Damage (DP): enter a number".into()));
        typed(&mut f, "30");
        assert_eq!(f.command().unwrap(), "hit tiger 30");
    }

    #[test]
    fn every_option_of_the_hit_form_reaches_the_command() {
        let mut f = surface(FormKind::Hit, "kaiser", "SMS Kaiser");
        typed(&mut f, "70");
        f.next();
        f.cycle(true); // nopen
        f.cycle(true); // pen value
        f.next();
        typed(&mut f, "12");
        f.next();
        typed(&mut f, "l"); // long
        f.next();
        typed(&mut f, "t"); // torpedo
        f.next();
        typed(&mut f, "533");
        f.next();
        f.cycle(false); // starboard
        f.next();
        typed(&mut f, "d"); // deep
        f.next();
        typed(&mut f, "s"); // stern
        f.next();
        typed(&mut f, "y"); // British APC
        assert_eq!(
            f.command().unwrap(),
            "hit kaiser 70 pen 12 range long weapon torpedo caliber 533 side starboard depth deep aspect stern british_apc"
        );
        f.next();
        typed(&mut f, "230"); // bomb weight (8.1.2)
        assert!(f.command().unwrap().ends_with(" british_apc lb 230"));
    }

    #[test]
    fn the_critical_form_offers_no_submarine_kinds() {
        let f = surface(FormKind::Critical, "tiger", "Tiger");
        let Value::Choice { options, .. } = &f.fields[0].value else {
            panic!("kind is a choice")
        };
        let has = |k: &str| options.iter().any(|o| o == k);
        assert!(has("flight_deck") && has("cargo"));
        for k in [
            "hull_penetration",
            "hull_deformation",
            "battery",
            "switchboard",
        ] {
            assert!(!has(k), "{k}");
        }
    }

    /// FG&DN 8.1.4, 8.3: a submarine's forms offer her attack severity and her own kinds.
    #[test]
    fn a_submarine_form_offers_attack_and_her_kinds() {
        let f = submarine(FormKind::Critical, "u9", "U 9");
        let Value::Choice { options, .. } = &f.fields[0].value else {
            panic!("kind is a choice")
        };
        assert!(
            options.iter().any(|o| o == "hull_penetration")
                && options.iter().any(|o| o == "switchboard")
        );
        let mut f = submarine(FormKind::Hit, "u9", "U 9");
        typed(&mut f, "10");
        let last = f.fields.len() - 1;
        f.focus = last;
        f.cycle(true);
        assert_eq!(f.command().unwrap(), "hit u9 10 attack lethal");
    }

    #[test]
    fn pen_value_is_required_only_when_chosen() {
        let mut f = surface(FormKind::Hit, "tiger", "Tiger");
        typed(&mut f, "30");
        f.focus = 2;
        typed(&mut f, "9");
        assert_eq!(
            f.command().unwrap(),
            "hit tiger 30",
            "ignored unless chosen"
        );
        f.focus = 1;
        f.cycle(true);
        assert_eq!(f.command().unwrap(), "hit tiger 30 nopen");
        f.cycle(true);
        f.focus = 2;
        f.backspace();
        assert!(f.command().unwrap_err().starts_with("Pen value"));
    }

    #[test]
    fn fire_flood_and_critical_forms() {
        let mut f = surface(FormKind::Fire, "tiger", "Tiger");
        typed(&mut f, "4");
        assert_eq!(f.command().unwrap(), "fire tiger 4");
        let mut f = surface(FormKind::Flood, "tiger", "Tiger");
        typed(&mut f, "12");
        assert_eq!(f.command().unwrap(), "flood tiger 12");
        let mut f = surface(FormKind::Critical, "tiger", "Tiger");
        typed(&mut f, "r");
        assert_eq!(f.command().unwrap(), "crit tiger rudder");
    }
}
