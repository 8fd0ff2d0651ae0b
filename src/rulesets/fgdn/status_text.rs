//! FG&DN's `umpire status` as text (SPEC 5): its own table of DP, speed, fire, flooding,
//! severity and criticals per ship, with timers, orders, repairs and damage control under each;
//! `--json` is [`status`] as it serialises. The face prints it (`Registered::status_text`).
use crate::core::text::printable as p;
use crate::rulesets::fgdn::scenario::Scenario;
use crate::rulesets::fgdn::state::GameState;
use crate::rulesets::fgdn::status::{grounding_cargo_air_lines, status, Status};
use crate::rulesets::fgdn::tables::Tables;

/// `umpire status --json`: the status as it serialises (its fields in their order).
pub fn json(state: &GameState, tables: &Tables) -> Result<String, String> {
    serde_json::to_string_pretty(&status(state, tables)).map_err(|e| e.to_string())
}

/// `umpire status` as text: the clock, then each side's ships in a table, with what is due,
/// orders, repairs and damage control under each ship. Every field is escaped for a terminal.
pub fn text(scenario: &Scenario, state: &GameState, tables: &Tables) -> String {
    let st: Status = status(state, tables);
    let c = &st.clock;
    let mut s = match &c.post_battle {
        Some(pb) => format!(
            "{} - after the battle (ended {} day {}): {} h mark, {} day {}{}, sea state {}\n",
            p(&scenario.name),
            pb.ended,
            pb.ended_day,
            pb.hours,
            c.turn,
            c.day,
            match pb.next_hours {
                _ if pb.finished => ", rolls done".to_string(),
                Some(h) => format!(", next mark {h} h at {}", c.next_mark),
                None => ", the last mark".to_string(),
            },
            c.sea_state
        ),
        None => format!(
            "{} - {} {} ({} scale, day {}), next intermediate mark {}\n",
            p(&scenario.name),
            c.turn,
            c.phase,
            c.scale,
            c.day,
            c.next_mark
        ),
    };
    let mut sides: Vec<&str> = Vec::new();
    for ship in &st.ships {
        if !sides.contains(&ship.side.as_str()) {
            sides.push(&ship.side);
        }
    }
    // Columns as wide as the longest id and name (names up to 24 characters), so the table
    // stays in line whatever the scenario calls its ships.
    let idw = st
        .ships
        .iter()
        .map(|x| p(&x.id).chars().count())
        .max()
        .unwrap_or(0)
        .max(2);
    let namew = st
        .ships
        .iter()
        .map(|x| p(&x.name).chars().count())
        .max()
        .unwrap_or(0)
        .clamp(4, 24);
    for side in sides {
        s.push_str(&format!("\n{}\n", p(side)));
        s.push_str(&format!(
            "  {:<idw$} {:<namew$} {:>9} {:>7} {:>5} {:>5} {:<11} {:>5}  {}\n",
            "id", "name", "DP left", "speed", "fire", "flood", "severity", "crits", "status"
        ));
        for sh in st.ships.iter().filter(|x| x.side == side) {
            let status = match &sh.sinks_at {
                Some(t) => format!("sinking, gone {t}"),
                None => sh.status.to_string(),
            };
            // A flight or an airship has no DP to wear down: her aircraft in play or her gas
            // left, as the dashboard's fleet table shows.
            let strength = match (sh.strength(), &sh.flight) {
                (Some(_), Some(f)) => {
                    format!("{:>4}/{:<4}", f.in_play, format!("{} ac", f.aircraft))
                }
                (Some(st), None) => format!("{:>9}", st.text),
                (None, _) => format!("{:>4}/{:<4}", sh.dp_left, sh.dp),
            };
            s.push_str(&format!(
                "  {:<idw$} {:<namew$} {strength} {:>3}/{:<3} {:>4}% {:>4}% {:<11} {:>5}  {}\n",
                p(&sh.id),
                truncate(&p(&sh.name), namew),
                sh.speed_max,
                sh.speed,
                sh.fire_pct,
                sh.flood_pct,
                sh.severity.name(),
                sh.criticals.len(),
                status
            ));
            for t in &sh.timers {
                s.push_str(&format!(
                    "      due {} {}: {}\n",
                    t.due,
                    t.phase,
                    p(&t.what)
                ));
            }
            for o in &sh.orders {
                s.push_str(&format!("      order: {}\n", p(&o.to_string())));
            }
            if let Some(c) = &sh.carried {
                s.push_str(&format!("      {}\n", p(&c.note)));
            }
            if let Some(lost) = &sh.lost {
                s.push_str(&format!("      lost: {}\n", p(&lost.to_string())));
            }
            for l in grounding_cargo_air_lines(sh) {
                s.push_str(&format!("      {}\n", p(&l)));
            }
            for r in &sh.repairs {
                let st = match (r.state, r.repaired_at) {
                    ("repaired", Some(h)) => format!("repaired at {h} h"),
                    ("not_repairable_at_sea", _) => "cannot be repaired at sea".into(),
                    _ => "to repair".into(),
                };
                s.push_str(&format!("      repair: {}: {st}\n", p(&r.what)));
            }
            if sh.flooding_patch {
                s.push_str("      flooding patch in place (may pop at each mark)\n");
            }
            let mut dc = Vec::new();
            if sh.dc_pct != sh.severity_pct || sh.dc_crews.is_some() {
                dc.push(format!(
                    "effective {} % ({})",
                    sh.dc_pct,
                    sh.dc_level.name()
                ));
            }
            if let Some(b) = &sh.dc_crews {
                dc.push(format!("{b} crews -{} %", sh.dc_crew_bonus));
            }
            for h in &sh.assisted_by {
                match &h.problem {
                    None => dc.push(format!("{} assisting -{} %", h.id, h.bonus)),
                    Some(p) => dc.push(format!("{} alongside, lends nothing: {p}", h.id)),
                }
            }
            if let Some(t) = &sh.assisting {
                dc.push(format!("assisting {}", p(&t.to_string())));
            }
            if sh.magazines_flooded {
                dc.push("magazines flooded".into());
            }
            if !dc.is_empty() {
                s.push_str(&format!("      damage control: {}\n", p(&dc.join("; "))));
            }
        }
    }
    s
}

fn truncate(s: &str, n: usize) -> String {
    s.chars().take(n).collect()
}
