//! D&B ship logs (SPEC 9): one [`Sheet`] per ship, the counter's printed values and the
//! markers the standard rules put on it, as boxes to cross off at the table:
//! - the counter, front and back (2.9-2.15), as the scenario gives them;
//! - structural integrity hits (2.11, 6.11): one box per hit on the front, each with the SI
//!   left; the hit that takes it below zero flips the counter (or sinks a ship printed on one
//!   side); on the back, SI exactly zero at the end of the Combat Phase is a hulk and below
//!   zero sinks her;
//! - the Critical Hit Table (d6) as the loaded table has it, with the waterline hits of 6.9
//!   from the loaded steps, fire markers (6.10) as a tally, and the markers that stay;
//! - torpedo attacks (7.3): the loaded chart's attacks a game, Torps Fired then Torps Out!.
use super::game::DnbGame;
use super::ship::{CritKind, DnbShip, Face, Status};
use super::tables::Tables;
use crate::core::sheet::{
    blank_boxes, ordinal, Fact, Item, Section, Sheet, Sheets, Table, Tick, Track,
};

/// Every ship's log, in scenario order.
pub fn sheets(g: &DnbGame, tables: &Tables, moment: &str) -> Sheets {
    Sheets {
        scenario: g.name.clone(),
        ruleset: super::ID.into(),
        moment: moment.to_string(),
        sheets: g.rules.ships.iter().map(|s| sheet(s, tables)).collect(),
    }
}

pub fn sheet(s: &DnbShip, tables: &Tables) -> Sheet {
    let spec = &s.spec;
    let mut ship = Section::new("Ship");
    let mut facts = vec![Fact::new("Side", spec.side.clone())];
    if let Some(n) = &spec.nation {
        facts.push(Fact::new("Nation", n.clone()));
    }
    facts.push(Fact::new(
        "Counter",
        if spec.back.is_some() {
            "printed on both sides (2.15)"
        } else {
            "printed on one side: no heavily damaged side (2.15)"
        },
    ));
    if s.st.status != Status::Afloat {
        facts.push(Fact::new("Status", s.st.status.as_str().to_uppercase()));
    }
    ship.push(Item::Facts(facts));
    ship.push(Item::Table(counter_table(s)));
    Sheet {
        title: spec.name.clone(),
        subtitle: format!("{} · {}", spec.id, spec.side),
        sections: [ship, si_tracks(s), criticals(s, tables)]
            .into_iter()
            .chain(torpedoes(s, tables))
            .collect(),
    }
}

fn counter_table(s: &DnbShip) -> Table {
    let spec = &s.spec;
    let mut head = vec!["".to_string(), "front".to_string()];
    if spec.back.is_some() {
        head.push("back (heavily damaged)".into());
    }
    let sides: Vec<_> = std::iter::once(&spec.front)
        .chain(spec.back.as_ref())
        .collect();
    let row = |label: &str, f: &dyn Fn(&super::ship::CounterSide) -> u32| {
        std::iter::once(label.to_string())
            .chain(sides.iter().map(|c| f(c).to_string()))
            .collect::<Vec<String>>()
    };
    Table {
        head,
        rows: vec![
            row("gun rating (2.9)", &|c| c.gun_rating),
            row("weight of fire (2.10)", &|c| c.weight_of_fire),
            row("structural integrity (2.11)", &|c| c.si),
            row("torpedo rating (2.12)", &|c| c.torpedo_rating),
            row("maximum range, hexes", &|c| c.max_range),
            row("flank speed, hexes (2.13)", &|c| c.speed),
            row("maneuver rating (2.14)", &|c| c.maneuver),
        ],
    }
}

/// 6.11: the front's hits, then the back's.
fn si_tracks(s: &DnbShip) -> Section {
    let spec = &s.spec;
    let mut sec = Section::new("Structural integrity hits (2.11, 6.11)");
    let on_back = s.st.face == Face::Back;
    let gone = s.st.status != Status::Afloat;
    // Front: SI left after each hit, down to 0, then the hit that flips (or sinks) her.
    let front_hits = if on_back || gone && spec.back.is_none() {
        spec.front.si + 1
    } else {
        s.st.hits
    };
    let mut boxes: Vec<Tick> = (1..=spec.front.si)
        .map(|k| Tick::new((spec.front.si - k).to_string(), front_hits >= k))
        .collect();
    let last = if spec.back.is_some() { "flip" } else { "sunk" };
    boxes.push(Tick::new(last, front_hits > spec.front.si));
    sec.push(Item::Track(Track::new("Front", boxes).note(format!(
        "SI {}: each box the SI left after a hit; below 0 {}",
        spec.front.si,
        if spec.back.is_some() {
            "turn the counter over, hits beyond it not carried"
        } else {
            "she sinks"
        }
    ))));
    if let Some(back) = &spec.back {
        let back_hits = if on_back { s.st.hits } else { 0 };
        let mut boxes: Vec<Tick> = (1..back.si)
            .map(|k| Tick::new((back.si - k).to_string(), back_hits >= k))
            .collect();
        boxes.push(Tick::new("0 hulk", back_hits >= back.si));
        boxes.push(Tick::new("sunk", back_hits > back.si));
        sec.push(Item::Track(Track::new("Back", boxes).note(format!(
            "SI {}: exactly 0 at the end of the Combat Phase is a hulk, 6.11a; below 0 she \
             sinks, 6.11b",
            back.si
        ))));
    }
    sec.push(Item::Note(
        "Critical hits do not count against SI (6.11); a redundant critical is an SI hit (6.8)."
            .into(),
    ));
    sec
}

/// The Critical Hit Table (d6) as loaded, with the 6.9 waterline steps.
fn criticals(s: &DnbShip, tables: &Tables) -> Section {
    let mut sec = Section::new("Critical hits (Critical Hit Table, d6)");
    for cell in &tables.critical.cells {
        let Some(kind) = cell.result.as_deref().and_then(CritKind::from_name) else {
            continue;
        };
        let faces = if cell.lo == cell.hi {
            cell.lo.to_string()
        } else {
            format!("{}-{}", cell.lo, cell.hi)
        };
        let label = format!("{faces} {}", kind.title());
        sec.push(Item::Track(crit_track(s, kind, label, tables)));
    }
    sec
}

fn crit_track(s: &DnbShip, kind: CritKind, label: String, tables: &Tables) -> Track {
    let st = &s.st;
    match kind {
        CritKind::WaterlineHit => {
            let boxes = tables
                .waterline
                .iter()
                .filter(|w| w.hi == Some(w.lo))
                .map(|w| {
                    let what = match (w.result.as_str(), w.speed) {
                        ("slowed", Some(sp)) => format!("slowed to {sp}"),
                        (r, _) => r.replace('_', " "),
                    };
                    Tick::new(
                        format!("{}: {what}", ordinal(w.lo)),
                        st.waterline_hits >= w.lo,
                    )
                })
                .collect();
            Track::new(label, boxes).note("later waterline hits are SI hits, 6.9b")
        }
        CritKind::Fire => {
            let removed = tables
                .fire_marker
                .cells
                .iter()
                .find(|c| c.result.as_deref() == Some("removed"))
                .map(|c| {
                    format!(
                        "; each Administrative Phase a roll of {}-{} removes one",
                        c.lo, c.hi
                    )
                })
                .unwrap_or_default();
            Track::new(label, blank_boxes(st.fires, st.fires))
                .open()
                .note(format!(
                    "fire markers accumulate, 6.10; no attacks while one is on her{removed}"
                ))
        }
        CritKind::DeadInWater => {
            Track::new(label, vec![Tick::new("DIW", st.diw.is_some())]).note(match st.diw {
                Some(d) if d.permanent => "dead in the water for the game",
                Some(_) => "dead in the water: repair roll",
                None => "",
            })
        }
        CritKind::Catastrophic => {
            Track::new(label, vec![Tick::new("hulk", st.status == Status::Hulk)])
        }
        CritKind::SteeringJammed => Track::new(label, Vec::new())
            .open()
            .note("jammed for half a d6 of turns"),
        CritKind::EquipmentDamaged => Track::new(label, Vec::new())
            .open()
            .note("for the rest of the turn"),
    }
}

/// 7.3: two torpedo attacks a game (the loaded chart's figure).
fn torpedoes(s: &DnbShip, tables: &Tables) -> Option<Section> {
    let spec = &s.spec;
    let carries =
        spec.front.torpedo_rating > 0 || spec.back.as_ref().is_some_and(|b| b.torpedo_rating > 0);
    if !carries {
        return None;
    }
    let n = tables.torpedo.attacks_per_game;
    let boxes = (1..=n)
        .map(|k| {
            let text = if k == n {
                "Torps Out!".to_string()
            } else {
                format!("Torps Fired ({})", ordinal(k))
            };
            Tick::new(
                text,
                s.st.torpedo_attacks >= k || (k == n && s.st.torps_out),
            )
        })
        .collect();
    let mut sec = Section::new("Torpedo attacks (7.3)");
    sec.push(Item::Track(Track::new("Attacks", boxes).note(format!(
        "{n} a game; guns or torpedoes in a Combat Phase"
    ))));
    Some(sec)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::ruleset::Rules;
    use crate::rulesets::dnb::game::{Dnb, DnbSetup};

    fn demo() -> DnbGame {
        let text = include_str!("../../../saves/demo-dnb.toml");
        Dnb::initial(&DnbSetup::parse("demo-dnb.toml", text).unwrap())
    }

    fn track<'a>(sheet: &'a Sheet, label: &str) -> &'a Track {
        sheet
            .sections
            .iter()
            .flat_map(|s| &s.items)
            .find_map(|i| match i {
                Item::Track(t) if t.label.starts_with(label) => Some(t),
                _ => None,
            })
            .unwrap_or_else(|| panic!("no track {label}"))
    }

    fn texts(t: &Track) -> Vec<String> {
        t.boxes.iter().map(|b| b.text.clone()).collect()
    }

    /// 6.11 example: Prince of Wales, SI 6 on the front, 5 on the back: below zero she is
    /// turned over; on the back exactly zero is a hulk and below zero she sinks.
    #[test]
    fn prince_of_wales_si_track_6_11() {
        let g = demo();
        let t = Tables::builtin().unwrap();
        let sh = sheet(&g.rules.ships[0], &t);
        assert_eq!(
            texts(track(&sh, "Front")),
            ["5", "4", "3", "2", "1", "0", "flip"]
        );
        assert_eq!(
            texts(track(&sh, "Back")),
            ["4", "3", "2", "1", "0 hulk", "sunk"]
        );
        // A destroyer printed on one side sinks when her SI goes below zero.
        let electra = sheet(&g.rules.ships[2], &t);
        assert_eq!(texts(track(&electra, "Front")), ["0", "sunk"]);
    }

    /// 6.9 and 7.3 from the loaded tables: two waterline steps, two torpedo attacks.
    #[test]
    fn waterline_and_torpedo_boxes_6_9_7_3() {
        let mut g = demo();
        let t = Tables::builtin().unwrap();
        g.rules.ships[2].st.torpedo_attacks = 1;
        g.rules.ships[2].st.waterline_hits = 1;
        let sh = sheet(&g.rules.ships[2], &t);
        let w = track(&sh, "3 Waterline Hit");
        assert_eq!(texts(w), ["1st: slowed to 2", "2nd: dead in water"]);
        assert_eq!(w.boxes.iter().filter(|b| b.marked).count(), 1);
        let a = track(&sh, "Attacks");
        assert_eq!(texts(a), ["Torps Fired (1st)", "Torps Out!"]);
        assert!(a.boxes[0].marked && !a.boxes[1].marked);
        // Hood carries no torpedoes: no torpedo section.
        let hood = sheet(&g.rules.ships[1], &t);
        assert!(hood
            .sections
            .iter()
            .all(|s| !s.heading.starts_with("Torpedo")));
    }
}
