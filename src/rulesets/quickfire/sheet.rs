//! The Quickfire Ship Log printed (SPEC 9, « 1.3 Ship Log): one [`Sheet`] per ship with the
//! constant left side (size, gunnery and armor ratings, ROF ratings, torpedo rating, repair
//! points, the speed code) and the right side to mark at the table: the ROF points with the
//! "1st" box, the eight speed boxes with the turning limit of each (« 2.1), torpedo and repair
//! points, and the Blast Hits box (fires and the direction hit), as the battle has them.
use super::game::QfGame;
use super::rules::TURN_ANGLE;
use super::ship::{distance, QfShip, Rating};
use super::tables::Tables;
use super::view::blast_box;
use crate::core::sheet::{blank_boxes, Fact, Item, Section, Sheet, Sheets, Tick, Track};

/// Every ship's log, in scenario order.
pub fn sheets(g: &QfGame, _tables: &Tables, moment: &str) -> Sheets {
    Sheets {
        scenario: g.name.clone(),
        ruleset: super::ID.into(),
        moment: moment.to_string(),
        sheets: g.rules.ships.iter().map(sheet).collect(),
    }
}

pub fn sheet(s: &QfShip) -> Sheet {
    let spec = &s.spec;
    let mut ship = Section::new("Ship");
    ship.push(Item::Facts(vec![
        Fact::new("Side", spec.side.clone()),
        Fact::new("Size", spec.size.to_string()),
        Fact::new(
            "Gunnery",
            format!("{} - {}", spec.gunnery.heavy, spec.gunnery.light),
        ),
        Fact::new(
            "Armor",
            format!("{} - {}", spec.armor.heavy, spec.armor.light),
        ),
        Fact::new("Torpedo", spec.torpedo.to_string()),
        Fact::new("Repair", spec.repair.to_string()),
    ]));
    let mut rof = Section::new("ROF");
    for r in [Rating::Heavy, Rating::Light] {
        let max = spec.rof.of(r);
        rof.push(Item::Track(
            Track::new(
                format!("{} ROF", if r == Rating::Heavy { "Heavy" } else { "Light" }),
                blank_boxes(max, max - s.rof(r).min(max)),
            )
            .note("one point off per G hit (« 4.1 G); a repair puts it back"),
        ));
    }
    rof.push(Item::Track(
        Track::new("1st", vec![Tick::new("1st", s.first_fired)])
            .note("crossed after the first successful fire: -1 to the ROF die until then"),
    ));
    let crossed = s.boxes_crossed() as usize;
    let boxes: Vec<Tick> = spec
        .boxes()
        .iter()
        .enumerate()
        .rev()
        .map(|(k, b)| {
            Tick::new(
                format!("{} ({}°)", distance(*b), TURN_ANGLE[k]),
                8 - k <= crossed,
            )
        })
        .collect();
    let mut speed = Section::new(if spec.speed_p { "SPEED-P" } else { "SPEED" });
    speed.push(Item::Track(
        Track::new("Speed boxes, eighth to first (turn limit)", boxes).note(format!(
            "cross one per S hit; {} unrepairable (torpedo), {} past the eighth box",
            s.speed_hits_unrepairable,
            s.speed_hits_beyond()
        )),
    ));
    let mut points = Section::new("Torpedo and repair");
    points.push(Item::Track(
        Track::new(
            "Torpedo",
            blank_boxes(spec.torpedo, spec.torpedo - s.torpedo().min(spec.torpedo)),
        )
        .note("one off per T-hit and per torpedo hit scored; T-hits are never repaired"),
    ));
    points.push(Item::Track(
        Track::new(
            "Repair",
            blank_boxes(
                spec.repair,
                spec.repair - s.repair_points().min(spec.repair),
            ),
        )
        .note("one used per successful repair and per R hit"),
    ));
    let mut blast = Section::new("Blast Hits");
    blast.push(Item::Track({
        let n = s.fires.len() as u32 + u32::from(s.direction.is_some());
        let mut t = Track::new("F (fires) and D (direction)", blank_boxes(n, n));
        t.open = true;
        t.note(if n == 0 { String::new() } else { blast_box(s) })
    }));
    Sheet {
        title: spec.name.clone(),
        subtitle: format!("{} · {}", spec.id, spec.side),
        sections: vec![ship, rof, speed, points, blast],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::ruleset::{Rules, Ruleset};
    use crate::core::sheet::Item;
    use crate::rulesets::quickfire::game::Quickfire;

    /// « 2.1 Maximum Turn Angles and « 1.3 Ship Log: the eight speed boxes, eighth (top) to
    /// first, each with its turning limit (45°, 90° four times, 45° twice, 0°); S hits cross
    /// them from the top.
    #[test]
    fn the_speed_boxes_carry_the_turn_angles_2_1() {
        let setup = Quickfire::parse_setup("demo", crate::session::DEMO_QUICKFIRE).unwrap();
        let tables = Quickfire::tables_with(&[]).unwrap();
        let mut g = Quickfire::initial(&setup);
        g.rules.ships[0].speed_hits = 2;
        let sheets = sheets(&g, &tables, "now");
        assert_eq!(sheets.sheets.len(), g.rules.ships.len());
        let Item::Track(t) = &sheets.sheets[0].sections[2].items[0] else {
            panic!("the speed track")
        };
        let texts: Vec<&str> = t.boxes.iter().map(|b| b.text.as_str()).collect();
        assert_eq!(
            texts,
            [
                "6 (45°)",
                "5.25 (90°)",
                "4.5 (90°)",
                "3.75 (90°)",
                "3 (90°)",
                "2.25 (45°)",
                "1.5 (45°)",
                "0.75 (0°)"
            ]
        );
        let marked: Vec<bool> = t.boxes.iter().map(|b| b.marked).collect();
        assert_eq!(
            marked,
            [true, true, false, false, false, false, false, false]
        );
        assert_eq!(sheets.sheets[0].sections[2].heading, "SPEED-P");
    }
}
