//! The gun hit-chance calculator as a dashboard form (FG&DN 1.1 p. 6-4, SPEC 3.9; issue 13).
//!
//! One key opens it with the selected ship firing and a target chosen (the first afloat ship of
//! another side), the target's size and the battle's sea state filled in, and every modifier of
//! the table offered with the range bands and gunnery standards it applies in. The form is an
//! ordinary [`Form`]: it only builds the text of a `chance ...` command, which is run exactly as
//! if typed at `:` (Enter records it in the log; "Roll the salvo's D100" adds `roll`, so the die
//! has its purpose and provenance like every other).
//!
//! What the form shows as it is filled in is [`result`]: the same command, without `roll`,
//! decided on the battle as it is (`Game::prepare` changes nothing), so the screen and the log
//! come from one function, `rulesets::fgdn::chance::hit_chance`.
use crate::core::dice::AskDice;
use crate::rulesets::fgdn::command::Command;
use crate::rulesets::fgdn::event::{Event, GunChance};
use crate::rulesets::fgdn::tables::HitModifier;
use crate::rulesets::fgdn::Game;
use crate::tui::form::{choice, number, Field, Form, FormKind, Value};

/// The keyword of the field that rolls the salvo's D100.
const ROLL: &str = "roll";
/// The keyword prefix of a table modifier's field (`mod ID`).
const MOD: &str = "mod ";

/// The form for the selected ship firing, or None when no ship is selected.
pub fn new(game: &Game, firer: usize) -> Option<Form> {
    let state = &game.state;
    let me = state.ships.get(firer)?;
    let targets: Vec<&str> = state
        .ships
        .iter()
        .enumerate()
        .filter(|(i, s)| *i != firer && s.is_afloat())
        .map(|(_, s)| s.id())
        .collect();
    // The first afloat ship of another side, else the first other ship.
    let first_enemy = targets
        .iter()
        .position(|id| state.ship(id).is_some_and(|s| s.spec.side != me.spec.side))
        .unwrap_or(0);
    let mut target = choice("Target", "target", &targets);
    if let Value::Choice { index, .. } = &mut target.value {
        *index = first_enemy;
    }
    let mut sea = number("Sea state (0-9)", "sea-state", false);
    if let Value::Number { text, .. } = &mut sea.value {
        *text = state.sea_state.to_string();
    }
    let mut fields = vec![
        target,
        choice("Gunnery standard", "gs", &["1", "2"]),
        choice("Range", "range", &["short", "medium", "long", "extreme"]),
        sea,
        number("Barrels firing", "barrels", false),
        number("Target speed (kt; 0 stationary)", "target-speed", false),
        choice(
            "Target steering evasively",
            "target-evasive",
            &["no", "yes"],
        ),
        choice(
            "Target aspect",
            "aspect",
            &["-", "broad", "quarter", "narrow"],
        ),
        number("Yards beyond range finder", "beyond-rangefinder", false),
    ];
    for m in &game.tables.gunfire_hit_chance.modifiers {
        fields.push(if m.per_ship_above_limit {
            number(&format!("{} (ships)", m.label), "overconcentration", false)
        } else {
            choice(&m.label, &format!("{MOD}{}", m.id), &["no", "yes"])
        });
    }
    fields.push(choice("Roll the salvo's D100", ROLL, &["no", "yes"]));
    Some(Form {
        kind: FormKind::Own,
        ship: me.id().to_string(),
        ship_name: me.spec.name.clone(),
        fields,
        focus: 0,
        error: None,
        spec: None,
        own: Some((format!("Hit chance: {} firing", me.spec.name), command)),
    })
}

/// The `chance` command the form stands for.
pub fn command(form: &Form) -> String {
    let mut words = vec!["chance".to_string()];
    for f in &form.fields {
        match &f.value {
            Value::Number { text, .. } if !text.is_empty() => {
                words.push(f.keyword.clone());
                words.push(text.clone());
            }
            Value::Number { .. } => {}
            Value::Choice { options, index } => {
                let v = options[*index].as_str();
                let k = f.keyword.as_str();
                if k == ROLL || k == "target-evasive" || k.starts_with(MOD) {
                    if v == "yes" {
                        words.push(k.to_string());
                    }
                } else if v != "-" {
                    words.push(k.to_string());
                    words.push(v.to_string());
                }
                if k == "target" {
                    words.push("firer".into());
                    words.push(form.ship.clone());
                }
            }
        }
    }
    words.join(" ")
}

/// The chance as the form stands, without rolling: the calculator's answer, or why the table
/// refuses it (a modifier that does not apply in this band or standard, ...).
pub fn result(game: &Game, form: &Form) -> Result<GunChance, String> {
    let text = command(form);
    let command: Command = text.parse().map_err(|e| format!("{e}"))?;
    let Command::Chance(mut c) = command else {
        return Err(format!("not a chance command: {text}"));
    };
    c.roll = false;
    let entry = game
        .prepare(&Command::Chance(c), &mut AskDice::new(Vec::new()))
        .map_err(|e| e.to_string())?;
    entry
        .into_iter()
        .flat_map(|e| e.events)
        .find_map(|e| match e {
            Event::GunChance(g) => Some(*g),
            _ => None,
        })
        .ok_or_else(|| "the calculator gave no answer".to_string())
}

/// The table's modifier behind a field, if it is one.
pub fn modifier<'t>(game: &'t Game, field: &Field) -> Option<&'t HitModifier> {
    let t = &game.tables.gunfire_hit_chance;
    match field.keyword.strip_prefix(MOD) {
        Some(id) => t.modifier(id),
        None if field.keyword == "overconcentration" => {
            t.modifiers.iter().find(|m| m.per_ship_above_limit)
        }
        None => None,
    }
}

/// Where a table modifier applies: "long and extreme range; GS2 only", or "all ranges, GS1 and
/// GS2" (SPEC 3.9: each modifier with the range bands and gunnery standards it applies to).
pub fn applies_text(m: &HitModifier) -> String {
    let ranges = if m.ranges.is_empty() {
        "all ranges".to_string()
    } else {
        let names: Vec<&str> = m.ranges.iter().map(|r| r.name()).collect();
        format!("{} range", names.join(", "))
    };
    let gs = if m.gunnery_standards.is_empty() {
        "GS1 and GS2".to_string()
    } else {
        let g: Vec<String> = m
            .gunnery_standards
            .iter()
            .map(|g| format!("GS{g}"))
            .collect();
        format!("{} only", g.join(", "))
    };
    let value = if m.per_ship_above_limit {
        format!("{:+} per ship", m.value)
    } else {
        format!("{:+}", m.value)
    };
    format!("{value}; {ranges}; {gs}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::fgdn::tables::Tables;
    use crate::session::{Battle, DEMO, DEMO_NAME};

    fn demo() -> Battle {
        Battle::from_text(DEMO_NAME, DEMO, Tables::builtin()).expect("demo")
    }

    fn set(form: &mut Form, keyword: &str, value: &str) {
        let f = form
            .fields
            .iter_mut()
            .find(|f| f.keyword == keyword)
            .unwrap_or_else(|| panic!("{keyword}"));
        match &mut f.value {
            Value::Number { text, .. } => *text = value.to_string(),
            Value::Choice { options, index } => {
                *index = options.iter().position(|o| o == value).expect(value)
            }
        }
    }

    /// SPEC 3.9: the firing ship is the selected one, the target the first enemy, the sea state
    /// the battle's; every modifier of the table is offered once.
    #[test]
    fn the_form_starts_from_the_battle() {
        let b = demo();
        let form = new(&b.game, 0).unwrap();
        assert_eq!(form.title(), "Hit chance: HMS Tiger firing");
        assert_eq!(
            command(&form),
            "chance target moltke firer tiger gs 1 range short sea-state 3"
        );
        let table = &b.game.tables.gunfire_hit_chance;
        for m in &table.modifiers {
            assert!(
                form.fields.iter().any(|f| modifier(&b.game, f) == Some(m)),
                "{}",
                m.id
            );
        }
    }

    /// The answer is the calculator's: base, each modifier, the final chance; a modifier that
    /// does not apply in the band or standard is refused with the reason; "roll" adds the die.
    #[test]
    fn the_result_is_the_calculators_and_roll_adds_the_die() {
        let b = demo();
        let mut form = new(&b.game, 0).unwrap();
        set(&mut form, "range", "long");
        set(&mut form, "mod not_fired_on", "yes");
        let g = result(&b.game, &form).unwrap();
        assert_eq!(g.result.base, 10);
        assert!(g.result.modifiers.iter().any(|l| l.id == "not_fired_on"));
        set(&mut form, "mod local_control", "yes");
        let e = result(&b.game, &form).unwrap_err();
        assert!(e.contains("applies to GS2 guns only"), "{e}");
        set(&mut form, "gs", "2");
        assert!(result(&b.game, &form).is_ok());
        set(&mut form, ROLL, "yes");
        assert!(command(&form).ends_with(" roll"), "{}", command(&form));
        set(&mut form, "sea-state", "9");
        assert!(result(&b.game, &form).unwrap().result.no_fire);
    }

    #[test]
    fn where_a_modifier_applies_is_said() {
        let b = demo();
        let t = &b.game.tables.gunfire_hit_chance;
        assert_eq!(
            applies_text(t.modifier("local_control").unwrap()),
            format!(
                "{:+}; all ranges; GS2 only",
                t.modifier("local_control").unwrap().value
            )
        );
        let first = t.modifier("first_salvo").unwrap();
        assert!(applies_text(first).contains("long, extreme range; GS1 and GS2"));
    }
}
