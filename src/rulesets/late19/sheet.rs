//! Late-19th-century naval ship logs (SPEC 9): one [`Sheet`] per ship, with what the text's
//! ship record holds, as boxes to cross off at the table:
//! - her type and, from the Ship Flotation Values, her flotation points (FP), critical point and
//!   movement; her main and secondary guns (how many: the scenario's) and their gun type;
//! - flotation points: one box per FP; at the critical point she must break off, at 0 she sinks
//!   ("all hits are cumulative");
//! - torpedoes: the loaded rules' attacks a battle, for a ship that carries them;
//! - minor damage, which the text names but does not define, as a tally.
use super::game::L19Game;
use super::ship::L19Ship;
use super::tables::Tables;
use crate::core::sheet::{blank_boxes, Fact, Item, Section, Sheet, Sheets, Tick, Track};

/// Every ship's log, in scenario order.
pub fn sheets(g: &L19Game, tables: &Tables, moment: &str) -> Sheets {
    Sheets {
        scenario: g.name.clone(),
        ruleset: super::ID.into(),
        moment: moment.to_string(),
        sheets: g.rules.ships.iter().map(|s| sheet(s, tables)).collect(),
    }
}

pub fn sheet(s: &L19Ship, tables: &Tables) -> Sheet {
    let spec = &s.spec;
    let tv = tables.of(spec.kind);
    // A gun type the text does not print for her type says how it was read (SPEC 8).
    let gun = |g: Option<&(super::ship::GunType, super::tables::Provenance)>, n: u32| match g {
        Some((t, super::tables::Provenance::Text)) => format!("{n} × {}", t.words()),
        Some((t, p)) => format!("{n} × {} ({})", t.words(), p.as_str()),
        None => format!("{n}"),
    };
    let mut ship = Section::new("Ship");
    ship.push(Item::Facts(vec![
        Fact::new("Side", spec.side.clone()),
        Fact::new("Type", tv.name.clone()),
        Fact::new("Flotation points", tv.fp.to_string()),
        Fact::new("Critical point", tv.critical_point.to_string()),
        Fact::new("Movement", format!("{} hexes", tv.movement)),
        Fact::new("Main guns", gun(tv.main_gun.as_ref(), spec.main_guns)),
        Fact::new(
            "Secondary guns",
            gun(tv.secondary_gun.as_ref(), spec.secondary_guns),
        ),
    ]));
    let lost = s.fp_lost.min(tv.fp);
    let boxes: Vec<Tick> = (1..=tv.fp)
        .map(|k| {
            let left = tv.fp - k;
            let text = if left == 0 {
                "0 sinks".to_string()
            } else if left == tv.critical_point {
                format!("{left} break off")
            } else {
                left.to_string()
            };
            Tick::new(text, k <= lost)
        })
        .collect();
    let mut fp = Section::new("Flotation points");
    fp.push(Item::Track(
        Track::new("FP left after each hit", boxes).note(format!(
            "all hits are cumulative; at {} she must break off from battle, at 0 she sinks",
            tv.critical_point
        )),
    ));
    let mut sections = vec![ship, fp];
    if spec.torpedoes {
        let mut t = Section::new("Torpedoes");
        t.push(Item::Track(
            Track::new(
                "Attacks this battle",
                blank_boxes(tables.torpedoes.per_battle, s.torpedoes_fired),
            )
            .note(format!(
                "{} a turn, {} a battle",
                tables.torpedoes.per_turn, tables.torpedoes.per_battle
            )),
        ));
        sections.push(t);
    }
    let mut minor = Section::new("Minor damage");
    minor.push(Item::Track({
        let mut t = Track::new("Minor damage", blank_boxes(s.minor_damage, s.minor_damage));
        t.open = true;
        t.note("effect not defined by the rules: apply your house rule")
    }));
    sections.push(minor);
    Sheet {
        title: spec.name.clone(),
        subtitle: format!("{} · {}", spec.id, spec.side),
        sections,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::ruleset::{Rules, Ruleset};
    use crate::core::sheet::Item;
    use crate::rulesets::late19::game::Late19;

    /// Ship Flotation Values: an ironclad has 16 FP and breaks off at 8; each FP lost
    /// crosses a box ("all hits are cumulative").
    #[test]
    fn an_ironclad_has_16_fp_boxes_breaking_off_at_8_ship_flotation_values() {
        let setup =
            Late19::parse_setup("demo", crate::session::DEMO_LATE19).expect("the demo parses");
        let tables = Late19::tables_with(&[]).unwrap();
        let mut g = Late19::initial(&setup);
        let ic = g
            .rules
            .ships
            .iter()
            .position(|s| s.spec.kind == crate::rulesets::late19::ship::ShipType::Ironclad)
            .expect("an ironclad in the demo");
        g.rules.ships[ic].fp_lost = 3;
        let sheets = sheets(&g, &tables, "now");
        assert_eq!(sheets.sheets.len(), g.rules.ships.len());
        let Item::Track(t) = &sheets.sheets[ic].sections[1].items[0] else {
            panic!("the FP track")
        };
        assert_eq!(t.boxes.len(), 16);
        assert_eq!(t.boxes[7].text, "8 break off");
        assert_eq!(t.boxes[15].text, "0 sinks");
        assert_eq!(t.boxes.iter().filter(|b| b.marked).count(), 3);
        assert!(t.boxes[2].marked && !t.boxes[3].marked);
    }
}
