//! FG&DN's forms as the shared form (`tui::form`) holds them.
use crate::rulesets::fgdn::board::forms_of;
use crate::tui::form::*;

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
