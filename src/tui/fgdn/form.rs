//! The small forms behind the hit, fire, flood and critical keys. A form only builds the text
//! of a command of the script language; the command is then run exactly as if typed at `:`.
use crate::rulesets::fgdn::command::Weapon;
use crate::rulesets::fgdn::kinds::CriticalKind;

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

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FormKind {
    Hit,
    Fire,
    Flood,
    Critical,
    /// The gun hit-chance calculator (`tui::chance_form`).
    Chance,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Form {
    pub kind: FormKind,
    pub ship: String,
    pub ship_name: String,
    pub fields: Vec<Field>,
    pub focus: usize,
    pub error: Option<String>,
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
    pub fn new(kind: FormKind, ship: &str, ship_name: &str) -> Form {
        let fields = match kind {
            FormKind::Hit => vec![
                number("Damage (DP)", "", true),
                choice("Armour", "", &["penetrates", "nopen", "pen value"]),
                number("Pen value", "pen", false),
                choice(
                    "Range",
                    "range",
                    &["-", "short", "medium", "long", "extreme"],
                ),
                choice("Weapon", "weapon", Weapon::NAMES),
                number("Calibre (mm)", "caliber", false),
                choice("Side", "side", &["-", "port", "starboard"]),
                choice("Depth", "depth", &["-", "shallow", "deep"]),
                choice("Aspect", "aspect", &["-", "broad", "bow", "stern"]),
                // FG&DN 8.1.6.1 faulty shells (optional rule): a British APC shell.
                choice("British APC", "british_apc", &["no", "yes"]),
                // FG&DN 8.1.2: a bomb of 100 lb or more on a carrier hits its flight deck.
                number("Bomb weight (lb)", "lb", false),
            ],
            FormKind::Fire | FormKind::Flood => vec![number("Severity (%)", "", true)],
            FormKind::Critical => {
                // Submarine-only kinds are refused for surface ships (8.1.4): not offered.
                let kinds: Vec<&'static str> = CriticalKind::ALL
                    .iter()
                    .filter(|k| !k.submarine_only())
                    .map(|k| k.name())
                    .collect();
                vec![choice("Kind", "", &kinds)]
            }
            // Built with the battle in view: `tui::chance_form::new`.
            FormKind::Chance => Vec::new(),
        };
        Form {
            kind,
            ship: ship.to_string(),
            ship_name: ship_name.to_string(),
            fields,
            focus: 0,
            error: None,
        }
    }

    /// The form for a submarine (FG&DN 8.1.4): a hit takes the underwater attack's severity,
    /// and a critical may be of her own kinds.
    pub fn for_submarine(mut self) -> Form {
        match self.kind {
            FormKind::Hit => self.fields.push(choice(
                "Attack (submerged)",
                "attack",
                &["-", "lethal", "major", "minor"],
            )),
            FormKind::Critical => {
                self.fields[0].value = Value::Choice {
                    options: CriticalKind::ALL
                        .iter()
                        .map(|k| k.name().to_string())
                        .collect(),
                    index: 0,
                }
            }
            FormKind::Fire | FormKind::Flood | FormKind::Chance => {}
        }
        self
    }

    pub fn title(&self) -> String {
        let what = match self.kind {
            FormKind::Hit => "Hit",
            FormKind::Fire => "Fire",
            FormKind::Flood => "Flooding",
            FormKind::Critical => "Critical hit",
            FormKind::Chance => return format!("Hit chance: {} firing", self.ship_name),
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

    fn field(&self, label: &str) -> Option<&Value> {
        self.fields
            .iter()
            .find(|f| f.label == label)
            .map(|f| &f.value)
    }

    /// The command so far, an empty required number read as 1 and an empty chosen pen value
    /// as 0: what [`Form::command`] would give once the numbers are typed (for checking as
    /// the umpire types).
    pub fn probe(&self) -> String {
        let mut filled = self.clone();
        for f in &mut filled.fields {
            if let Value::Number { text, required } = &mut f.value {
                if text.is_empty() && (*required || f.keyword == "pen") {
                    text.push(if *required { '1' } else { '0' });
                }
            }
        }
        filled.command().unwrap_or_default()
    }

    /// The command text the form stands for, or what is missing.
    pub fn command(&self) -> Result<String, String> {
        let verb = match self.kind {
            FormKind::Hit => "hit",
            FormKind::Fire => "fire",
            FormKind::Flood => "flood",
            FormKind::Critical => "crit",
            FormKind::Chance => return Ok(crate::tui::fgdn::chance_form::command(self)),
        };
        let mut words = vec![verb.to_string(), self.ship.clone()];
        let pen_value = matches!(self.field("Armour"), Some(Value::Choice { index: 2, .. }));
        for f in &self.fields {
            match &f.value {
                Value::Number { text, required } => {
                    if text.is_empty() {
                        if *required {
                            return Err(format!("{}: enter a number", f.label));
                        }
                        if f.keyword == "pen" && pen_value {
                            return Err("Pen value: enter the penetration value, or choose \"penetrates\" or \"nopen\"".into());
                        }
                        continue;
                    }
                    if f.keyword == "pen" && !pen_value {
                        continue;
                    }
                    if !f.keyword.is_empty() {
                        words.push(f.keyword.to_string());
                    }
                    words.push(text.clone());
                }
                Value::Choice { options, index } => {
                    let v = options[*index].as_str();
                    match (f.label.as_str(), v) {
                        ("Armour", "nopen") => words.push("nopen".into()),
                        ("British APC", "yes") => words.push("british_apc".into()),
                        ("British APC", _) => {}
                        ("Armour", _) | (_, "-") => {}
                        ("Weapon", "shell") => {}
                        _ if f.keyword.is_empty() => words.push(v.to_string()),
                        _ => {
                            words.push(f.keyword.clone());
                            words.push(v.to_string());
                        }
                    }
                }
            }
        }
        Ok(words.join(" "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn typed(form: &mut Form, s: &str) {
        for c in s.chars() {
            form.type_char(c);
        }
    }

    #[test]
    fn a_plain_hit_is_just_ship_and_damage() {
        let mut f = Form::new(FormKind::Hit, "tiger", "HMS Tiger");
        assert_eq!(f.command(), Err("Damage (DP): enter a number".into()));
        typed(&mut f, "30");
        assert_eq!(f.command().unwrap(), "hit tiger 30");
    }

    #[test]
    fn every_option_of_the_hit_form_reaches_the_command() {
        let mut f = Form::new(FormKind::Hit, "kaiser", "SMS Kaiser");
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
        let f = Form::new(FormKind::Critical, "tiger", "Tiger");
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
        let f = Form::new(FormKind::Critical, "u9", "U 9").for_submarine();
        let Value::Choice { options, .. } = &f.fields[0].value else {
            panic!("kind is a choice")
        };
        assert!(
            options.iter().any(|o| o == "hull_penetration")
                && options.iter().any(|o| o == "switchboard")
        );
        let mut f = Form::new(FormKind::Hit, "u9", "U 9").for_submarine();
        typed(&mut f, "10");
        let last = f.fields.len() - 1;
        f.focus = last;
        f.cycle(true);
        assert_eq!(f.command().unwrap(), "hit u9 10 attack lethal");
    }

    #[test]
    fn pen_value_is_required_only_when_chosen() {
        let mut f = Form::new(FormKind::Hit, "tiger", "Tiger");
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
        let mut f = Form::new(FormKind::Fire, "tiger", "Tiger");
        typed(&mut f, "4");
        assert_eq!(f.command().unwrap(), "fire tiger 4");
        let mut f = Form::new(FormKind::Flood, "tiger", "Tiger");
        typed(&mut f, "12");
        assert_eq!(f.command().unwrap(), "flood tiger 12");
        let mut f = Form::new(FormKind::Critical, "tiger", "Tiger");
        typed(&mut f, "r");
        assert_eq!(f.command().unwrap(), "crit tiger rudder");
    }
}
