//! A&A ship records (SPEC 9): one [`Sheet`] per ship, with what the quick reference's cards
//! need at the table:
//! - type, squadron, crew, speed and gun classes (the scenario's) with armour by location (5.5)
//!   and the hit location bands (5.4);
//! - damage by location: boxes up to the scenario's capacity, or an open tally (the text gives
//!   no capacity);
//! - fires and floods (d4 a turn each, 5.7, 5.12), rudder, engine room and bridge hits (effect
//!   not defined), catastrophic results (a sinking test each ongoing damage phase, 5.17) and
//!   the sinking die.
use super::game::AaGame;
use super::ship::{Location, Ship, UNDEFINED};
use super::tables::Tables;
use crate::core::sheet::{blank_boxes, Fact, Item, Section, Sheet, Sheets, Table, Tick, Track};

/// Every ship's record, in scenario order.
pub fn sheets(g: &AaGame, tables: &Tables, moment: &str) -> Sheets {
    Sheets {
        scenario: g.name.clone(),
        ruleset: super::ID.into(),
        moment: moment.to_string(),
        sheets: g.rules.ships.iter().map(|s| sheet(s, tables)).collect(),
    }
}

fn bands(row: &super::tables::TypeRow, l: Location) -> String {
    let faces: Vec<usize> = (1..=10).filter(|f| row.location[f - 1] == l).collect();
    match (faces.first(), faces.last()) {
        (Some(a), Some(b)) if a == b => a.to_string(),
        (Some(a), Some(b)) => format!("{a}-{b}"),
        _ => "-".into(),
    }
}

pub fn sheet(s: &Ship, tables: &Tables) -> Sheet {
    let row = tables.of(s.kind);
    let class = |c: Option<super::ship::GunClass>| {
        c.map_or("-".to_string(), |c| {
            format!(
                "class {c} ({})",
                tables.calibres.get(&c).cloned().unwrap_or_default()
            )
        })
    };
    let mut ship = Section::new("Ship");
    ship.push(Item::Facts(vec![
        Fact::new("Side", s.side.clone()),
        Fact::new("Type", format!("{} ({})", row.name, s.kind.code())),
        Fact::new("Squadron", s.squadron.clone()),
        Fact::new("Crew", s.crew.key()),
        Fact::new("Speed", format!("{} kts", s.max_speed)),
        Fact::new("Main guns", class(s.main)),
        Fact::new("Secondary guns", class(s.secondary)),
        Fact::new("Sinking die", format!("{} (1-3 sinks)", row.sinking_die)),
    ]));
    ship.push(Item::Table(Table {
        head: vec!["".into(), "Hull".into(), "Main".into(), "2ndary".into()],
        rows: vec![
            vec![
                "Hit location (d10)".into(),
                bands(row, Location::Hull),
                bands(row, Location::Main),
                bands(row, Location::Secondary),
            ],
            vec![
                "Armour".into(),
                row.armour.hull.to_string(),
                row.armour.main.to_string(),
                row.armour.secondary.to_string(),
            ],
        ],
    }));
    let mut damage = Section::new("Damage");
    for l in Location::ALL {
        let taken = s.damage.get(*l);
        let label = match l {
            Location::Hull => "Hull",
            Location::Main => "Main",
            Location::Secondary => "Secondary",
        };
        let track = match s.capacity.map(|c| c.get(*l)).filter(|c| *c > 0) {
            Some(cap) => Track::new(
                label,
                (1..=cap)
                    .map(|k| Tick::new(k.to_string(), k <= taken))
                    .collect(),
            )
            .note(format!(
                "capacity {cap} (the scenario's): at capacity, {UNDEFINED}"
            )),
            None => Track::new(label, blank_boxes(taken, taken))
                .open()
                .note("the rules give no capacity: keep a tally"),
        };
        damage.push(Item::Track(track));
    }
    let mut marks = Section::new("Fires, floods and criticals");
    marks.push(Item::Track(
        Track::new("Fires", blank_boxes(s.fires, s.fires))
            .open()
            .note("d4 a turn each in the ongoing damage phase; put out in repairs"),
    ));
    marks.push(Item::Track(
        Track::new("Floods", blank_boxes(s.floods, s.floods))
            .open()
            .note("d4 a turn each in the ongoing damage phase; stopped in repairs"),
    ));
    for (label, n) in [
        ("Rudder disabled", u32::from(s.rudder_disabled)),
        ("Engine room hits", s.engine_room_hits),
        ("Bridge hits", s.bridge_hits),
    ] {
        marks.push(Item::Track(
            Track::new(label, blank_boxes(n, n)).open().note(UNDEFINED),
        ));
    }
    marks.push(Item::Track(
        Track::new(
            "Catastrophic explosion / flooding",
            vec![
                Tick::new("explosion", s.catastrophic_explosion),
                Tick::new("flooding", s.catastrophic_flooding),
            ],
        )
        .note("a sinking test each ongoing damage phase (5.17, -2)"),
    ));
    Sheet {
        title: s.name.clone(),
        subtitle: format!("{} · {}", s.id, s.side),
        sections: vec![ship, damage, marks],
    }
}
