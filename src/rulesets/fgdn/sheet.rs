//! FG&DN record sheets (SPEC 9): one [`Sheet`] per ship, from the scenario's figures, the
//! loaded tables and the ship's state (all boxes clear at the start of a fresh scenario; a
//! battle in progress shows what has been crossed off). Every figure comes from the scenario,
//! the tables or the rule sections cited; where the scenario gives nothing (no mounts, no
//! directors) the sheet says so instead of inventing boxes.
//!
//! - Damage and speed (8.1.1): the Damage and Speed Breakdown line as boxes, one row per
//!   speed level, each box the damage taken when it is crossed (one box per DP up to 100 DP,
//!   then 2, 5, 10 ... DP a box so that a ship has about a hundred), and the speed at each
//!   level (`damage::breakdown`, the same function the console's speed reads). Small craft
//!   (size E-G) are not worn down (8.1): their track is the damage of one turn, to twice DP.
//! - Critical hits (8.1.2, 8.3): the kinds of her column of the loaded Critical Hit Table,
//!   with their D20 rolls, each with boxes where the rules or the scenario set a limit (mounts,
//!   directors, searchlight platforms, communications systems, crew factors, flotation hits,
//!   holds, aircraft) and a tally space where they set none.
//! - Fire and flooding (8.2): the severity dice of her year and the severity levels for her
//!   size and year (`fire_flood::level_bounds`, the function the console's levels read), as
//!   boxes of 1 % up to Overwhelmed.
use crate::core::sheet::{
    blank_boxes, ordinal, Fact, Item, Section, Sheet, Sheets, Table, Tick, Track,
};
use crate::rulesets::fgdn::damage::breakdown;
use crate::rulesets::fgdn::effects::{flotation_capacity, personnel_text, RudderState};
use crate::rulesets::fgdn::fire_flood::{level_bounds, severity_dice, year_shift};
use crate::rulesets::fgdn::kinds::{Column, CriticalKind, Location};
use crate::rulesets::fgdn::scenario::{Battery, Mount};
use crate::rulesets::fgdn::speed::speed_max;
use crate::rulesets::fgdn::state::{GameState, ShipState, ShipStatus};
use crate::rulesets::fgdn::status::severity_of;
use crate::rulesets::fgdn::tables::{CritCell, DieTable, Range, Tables};

/// Every ship's sheet, in scenario order.
pub fn sheets(state: &GameState, tables: &Tables, moment: &str) -> Sheets {
    Sheets {
        scenario: state.name.clone(),
        ruleset: "fgdn-1.1".into(),
        moment: moment.to_string(),
        sheets: state.ships.iter().map(|s| sheet(s, tables)).collect(),
    }
}

/// One ship's sheet.
pub fn sheet(s: &ShipState, tables: &Tables) -> Sheet {
    let spec = &s.spec;
    let column = tables
        .critical_hit
        .columns
        .iter()
        .find(|c| c.column == spec.column);
    let kind = column.map_or(spec.column.name().to_string(), |c| c.title.clone());
    let mut sections = vec![ship_facts(s, &kind), damage_track(s, tables)];
    sections.push(criticals(
        s,
        column.map(|c| c.cells.as_slice()).unwrap_or(&[]),
        tables,
    ));
    if s.sub.is_some() {
        sections.push(submerged_columns(s, tables));
    }
    sections.push(fire_flood(s, tables));
    if let Some(w) = weapons(s) {
        sections.push(w);
    }
    Sheet {
        title: spec.name.clone(),
        subtitle: format!("{} · {} · {kind}", spec.id, spec.side),
        sections,
    }
}

fn ship_facts(s: &ShipState, kind: &str) -> Section {
    let spec = &s.spec;
    let mut facts = vec![
        Fact::new("Size", spec.size.to_string()),
        Fact::new("Critical Hit Table column", kind),
        Fact::new("DP", spec.dp.to_string()),
        Fact::new("Speed", format!("{} kt", spec.speed)),
        Fact::new(
            "In service",
            match spec.rebuilt {
                Some(r) => format!("{} (rebuilt {r})", spec.in_service),
                None => spec.in_service.to_string(),
            },
        ),
    ];
    if let Some(n) = &spec.nation {
        facts.push(Fact::new("Nation", n.clone()));
    }
    let a = spec.armor;
    facts.push(Fact::new(
        "Armour (8.1.6)",
        format!("belt {}, deck {}", a.belt, a.deck),
    ));
    if a.tds > 0 {
        facts.push(Fact::new(
            "Underwater protection (8.1.7.2)",
            format!(
                "{} DP a side (left: port {}, starboard {})",
                a.tds, s.tds_left[0], s.tds_left[1]
            ),
        ));
    }
    if let Some(f) = &spec.fuel {
        facts.push(Fact::new("Fuel", f.clone()));
    }
    if let Some(u) = &s.sub {
        // FG&DN 8.1.4: where she is decides her column; 8.3: how deep she may go.
        let max = u.max_depth.map_or("not given".to_string(), |d| d.words());
        facts.push(Fact::new(
            "Depth (8.1.4)",
            format!("{}; deepest {max}", u.depth().words()),
        ));
    }
    if s.status != ShipStatus::Afloat {
        facts.push(Fact::new("Status", s.status.name().to_uppercase()));
    }
    let mut sec = Section::new("Ship");
    sec.push(Item::Facts(facts));
    sec
}

/// DP a box: 1 up to 120 DP, then the first of 2, 5, 10, 20, 50, 100 ... giving at most
/// 120 boxes (about a hundred: a printed page holds them with the rest of the sheet).
pub fn dp_step(total: u32) -> u32 {
    let mut scale = 1;
    loop {
        for m in [1, 2, 5] {
            let step = m * scale;
            if total.div_ceil(step) <= 120 {
                return step;
            }
        }
        scale *= 10;
    }
}

/// Boxes for damage from `lo` to `hi` inclusive: `lo` itself (a break point reached) unless it
/// is 0, the multiples of `step` between, and `hi`; each crossed when `taken` reaches it.
fn band_boxes(lo: u32, hi: u32, step: u32, taken: u32) -> Vec<Tick> {
    let mut v: Vec<u32> = Vec::new();
    if lo > 0 {
        v.push(lo);
    }
    let mut m = (lo / step + 1) * step;
    while m < hi {
        v.push(m);
        m += step;
    }
    if hi > lo || lo == 0 {
        v.push(hi);
    }
    v.dedup();
    v.into_iter()
        .map(|d| Tick::new(d.to_string(), taken >= d))
        .collect()
}

/// FG&DN 8.1.1 Damage and Speed Breakdown (8.1 for small craft).
fn damage_track(s: &ShipState, tables: &Tables) -> Section {
    let spec = &s.spec;
    let mut sec = Section::new("Damage and speed (8.1, 8.1.1)");
    // A battle in progress: the speed the console computes now, with what caps it.
    if s.damage > 0 || !s.criticals.is_empty() || s.status != ShipStatus::Afloat {
        let (speed, _, orders) = speed_max(tables, s);
        let mut now = format!("{speed} kt, {} DP taken", s.damage);
        for o in orders {
            now.push_str("; ");
            now.push_str(&o);
        }
        sec.push(Item::Facts(vec![Fact::new("Now", now)]));
    }
    if s.is_small_craft() {
        let limit = spec.dp.saturating_mul(2);
        let step = dp_step(limit);
        let boxes = band_boxes(0, limit, step, s.turn_damage);
        sec.push(Item::Note(format!(
            "Small craft (size {}): DP is not worn down; {} DP or more in one turn sinks her \
             (twice her {} DP). Cross off the damage of the turn; clear it at the next turn. \
             Speed falls by flotation hits (8.3).",
            spec.size, limit, spec.dp
        )));
        sec.push(Item::Track(
            Track::new("Damage this turn", boxes).note(step_note(step)),
        ));
        return sec;
    }
    let b = breakdown(spec.dp, spec.speed);
    let step = dp_step(spec.dp);
    let taken = s.damage;
    for level in 0..5 {
        let lo = b.damage[level];
        let hi = b.damage[level + 1].saturating_sub(1).max(lo);
        let label = format!("{} kt", b.speed[level]);
        let note = if level == 0 {
            format!("full speed to {hi} DP taken")
        } else {
            format!("from {lo} DP taken, level {level}")
        };
        sec.push(Item::Track(
            Track::new(label, band_boxes(lo, hi, step, taken)).note(note),
        ));
    }
    sec.push(Item::Track(
        Track::new(
            "Sinks",
            vec![Tick::new(spec.dp.to_string(), taken >= spec.dp)],
        )
        .note(format!("{} DP taken: her DP is gone, 8.1", spec.dp)),
    ));
    let line: Vec<String> = b.damage.iter().map(|d| d.to_string()).collect();
    let speeds: Vec<String> = b.speed.iter().map(|v| v.to_string()).collect();
    sec.push(Item::Facts(vec![
        Fact::new("Breakdown (DP taken)", line.join(" / ")),
        Fact::new("Speed (kt)", speeds.join(" / ")),
        Fact::new("Each box", step_note(step)),
    ]));
    sec
}

fn step_note(step: u32) -> String {
    if step == 1 {
        "one box a DP".into()
    } else {
        format!("a box is crossed when the damage reaches its number ({step} DP a box)")
    }
}

/// The kinds a cell of the Critical Hit Table gives this ship: Snsr/Comms both; the Weapon
/// cell of an unarmed small craft Cargo (the table's dagger).
fn cell_kinds(c: &CritCell, armed: bool) -> Vec<CriticalKind> {
    match c.location {
        Location::SensorComms => vec![CriticalKind::Sensor, CriticalKind::Communications],
        Location::Kind(CriticalKind::Weapon) if c.cargo_if_unarmed && !armed => {
            vec![CriticalKind::Cargo]
        }
        Location::Kind(k) => vec![k],
    }
}

/// The D20 rolls of a kind in her column, with the table's marks: `1-3*`, `6-9*`; neighbouring
/// cells that read the same are joined.
fn rolls_of(
    cells: &[CritCell],
    kind: CriticalKind,
    armed: bool,
    split: &DieTable,
) -> Option<String> {
    let mut parts: Vec<(Range, String)> = Vec::new();
    for c in cells {
        if !cell_kinds(c, armed).contains(&kind) {
            continue;
        }
        let mut marks = String::new();
        if c.location == Location::SensorComms {
            // The loaded Sensor/Communications split (D6).
            let outcome = if kind == CriticalKind::Sensor {
                "sensor"
            } else {
                "communications"
            };
            if let Some(r) = split.rows.iter().find(|r| r.outcome == outcome) {
                marks.push_str(&format!(", then D6 {}", range_text(r.range)));
            }
        }
        if c.count > 1 {
            marks.push_str(&format!(" {}x", c.count));
        }
        if c.half_severity {
            marks.push_str(" 1/2");
        }
        if c.armored {
            marks.push('*');
        }
        match parts.last_mut() {
            Some((r, m)) if *m == marks && r.hi + 1 == c.range.lo => r.hi = c.range.hi,
            _ => parts.push((c.range, marks)),
        }
    }
    let texts: Vec<String> = parts
        .into_iter()
        .map(|(r, m)| format!("{}{m}", range_text(r)))
        .collect();
    (!texts.is_empty()).then(|| texts.join(", "))
}

fn range_text(r: Range) -> String {
    if r.lo == r.hi {
        r.lo.to_string()
    } else {
        format!("{}-{}", r.lo, r.hi)
    }
}

/// The kinds of her column in the table's order (first roll first), each once.
fn kinds_of(cells: &[CritCell], armed: bool) -> Vec<CriticalKind> {
    let mut kinds = Vec::new();
    for c in cells {
        for k in cell_kinds(c, armed) {
            if !kinds.contains(&k) {
                kinds.push(k);
            }
        }
    }
    kinds
}

fn words(k: CriticalKind) -> String {
    if k == CriticalKind::AmmoFuel {
        return "Ammo/fuel".into();
    }
    let w = k.name().replace('_', " ");
    let mut c = w.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => w,
    }
}

fn taken(s: &ShipState, k: CriticalKind) -> u32 {
    s.criticals.iter().filter(|c| c.kind == k).count() as u32
}

/// One box per mount of the batteries, crossed when the mount is out.
fn mount_boxes(s: &ShipState, keep: impl Fn(&Mount) -> bool) -> Vec<Tick> {
    s.spec
        .mounts
        .iter()
        .enumerate()
        .filter(|(_, m)| keep(m))
        .map(|(i, m)| {
            Tick::new(
                m.name.clone(),
                s.equipment.mounts_out.get(i).copied().unwrap_or(false),
            )
        })
        .collect()
}

/// FG&DN 8.1.4: a submerged submarine rolls on the Submarine column named by the underwater
/// attack (Lethal, Major or Minor Damage); her tracks above are those of her surfaced column,
/// and this table gives the D20 rolls of each kind in the three.
fn submerged_columns(s: &ShipState, tables: &Tables) -> Section {
    let mut sec = Section::new("Submerged: the Submarine columns (8.1.4)");
    sec.push(Item::Note(
        "Submerged, the severity of the underwater attack picks the column. Cross off on the \
         tracks above; keep a tally of the kinds that have none. Minor Damage: Sensor, Rudder, \
         Weapon and Engineering criticals clear in D6 tactical turns (the table's note)."
            .into(),
    ));
    let columns: Vec<&[CritCell]> = [Column::SubLethal, Column::SubMajor, Column::SubMinor]
        .iter()
        .map(|k| {
            tables
                .critical_hit
                .columns
                .iter()
                .find(|c| c.column == *k)
                .map_or(&[][..], |c| c.cells.as_slice())
        })
        .collect();
    let mut kinds: Vec<CriticalKind> = Vec::new();
    for cells in &columns {
        for k in kinds_of(cells, s.spec.armed) {
            if !kinds.contains(&k) {
                kinds.push(k);
            }
        }
    }
    let rows = kinds
        .into_iter()
        .map(|k| {
            let mut row = vec![words(k)];
            row.extend(columns.iter().map(|cells| {
                rolls_of(cells, k, s.spec.armed, &tables.sensor_comms).unwrap_or_else(|| "-".into())
            }));
            row
        })
        .collect();
    sec.push(Item::Table(Table {
        head: vec![
            "critical".into(),
            "Lethal Damage D20".into(),
            "Major Damage D20".into(),
            "Minor Damage D20".into(),
        ],
        rows,
    }));
    sec
}

/// FG&DN 8.1.2 and 8.3: a track per kind of her column.
fn criticals(s: &ShipState, cells: &[CritCell], tables: &Tables) -> Section {
    let mut sec = Section::new("Critical hits (8.1.2, 8.3)");
    sec.push(Item::Note(
        "D20 on her column of the Critical Hit Table; * needs armour penetration that turn. \
         Cross off what is lost; keep a tally where the rules set no limit."
            .into(),
    ));
    let mut kinds = kinds_of(cells, s.spec.armed);
    // Fire control is struck through the main battery and casemate rolls (8.3: D10 1-2).
    let guns =
        kinds.contains(&CriticalKind::MainBattery) || kinds.contains(&CriticalKind::Casemate);
    if guns && !kinds.contains(&CriticalKind::FireControl) {
        kinds.push(CriticalKind::FireControl);
    }
    for kind in kinds {
        let label = match rolls_of(cells, kind, s.spec.armed, &tables.sensor_comms) {
            Some(rolls) => format!("{} (D20 {rolls})", words(kind)),
            None => format!("{} (main/casemate D10 1-2)", words(kind)),
        };
        sec.push(Item::Track(kind_track(s, kind, label, tables)));
        if kind == CriticalKind::Personnel {
            // What each loss does, in the words the console's log uses (8.3 Personnel).
            let rows = (1..=5)
                .map(|n| {
                    let loss = if n == 5 {
                        "5th and later".to_string()
                    } else {
                        ordinal(n)
                    };
                    vec![loss, personnel_text(n).to_string()]
                })
                .collect();
            sec.push(Item::Table(Table {
                head: vec!["crew factor lost".into(), "effect (8.3)".into()],
                rows,
            }));
        }
    }
    sec
}

fn kind_track(s: &ShipState, kind: CriticalKind, label: String, tables: &Tables) -> Track {
    let spec = &s.spec;
    let n = taken(s, kind);
    let eq = &s.equipment;
    let no_mounts = "no mounts in the scenario: tally";
    match kind {
        CriticalKind::MainBattery | CriticalKind::Casemate => {
            let battery = if kind == CriticalKind::MainBattery {
                Battery::Main
            } else {
                Battery::Casemate
            };
            let boxes = mount_boxes(s, |m| m.battery == battery);
            if boxes.is_empty() {
                return Track::new(label, blank_boxes(n, n)).open().note(no_mounts);
            }
            Track::new(label, boxes).note("a mount out a box; D10 1-2 strikes fire control instead")
        }
        CriticalKind::OtherWeapon | CriticalKind::Weapon => {
            let other = kind == CriticalKind::OtherWeapon;
            let mut boxes = Vec::new();
            for (i, m) in spec.mounts.iter().enumerate() {
                if other && matches!(m.battery, Battery::Main | Battery::Casemate) {
                    continue;
                }
                if matches!(m.battery, Battery::Aa | Battery::Light) {
                    let lost = eq.thirds_lost.get(i).copied().unwrap_or(0);
                    for third in 1..=3 {
                        boxes.push(Tick::new(format!("{} {third}/3", m.name), lost >= third));
                    }
                } else {
                    boxes.push(Tick::new(
                        m.name.clone(),
                        eq.mounts_out.get(i).copied().unwrap_or(false),
                    ));
                }
            }
            if boxes.is_empty() {
                return Track::new(label, blank_boxes(n, n)).open().note(no_mounts);
            }
            Track::new(label, boxes).note("AA and light batteries lose a third a hit")
        }
        CriticalKind::TorpedoMount => {
            let boxes = mount_boxes(s, |m| m.battery == Battery::Torpedo);
            if boxes.is_empty() {
                return Track::new(label, blank_boxes(n, n)).open().note(no_mounts);
            }
            Track::new(label, boxes)
        }
        CriticalKind::FireControl => {
            let mut boxes = Vec::new();
            for (b, count) in &spec.directors {
                let lost = eq.directors_lost.get(b).copied().unwrap_or(0);
                for k in 1..=*count {
                    boxes.push(Tick::new(format!("{} {k}", b.name()), lost >= k));
                }
            }
            if boxes.is_empty() {
                return Track::new(label, blank_boxes(n, n))
                    .open()
                    .note("no directors in the scenario: tally");
            }
            Track::new(label, boxes).note("directors by battery; none left: local control")
        }
        CriticalKind::Sensor => {
            let lost = |what: &str| eq.sensors_out.iter().filter(|x| *x == what).count() as u32;
            let mut boxes = Vec::new();
            if let Some(l) = spec.searchlights {
                let (f, a) = (lost("forward_searchlight"), lost("after_searchlight"));
                for k in 1..=l.forward {
                    boxes.push(Tick::new(format!("fwd light {k}"), f >= k));
                }
                for k in 1..=l.aft {
                    boxes.push(Tick::new(format!("aft light {k}"), a >= k));
                }
            }
            if boxes.is_empty() {
                return Track::new(label, blank_boxes(n, n))
                    .open()
                    .note("no searchlights in the scenario: tally");
            }
            // The loaded Sensors table's rolls for the platforms (its sonar row: none fitted).
            let roll = |outcome: &str| {
                tables
                    .sensors
                    .rows
                    .iter()
                    .find(|r| r.outcome == outcome)
                    .map(|r| range_text(r.range))
                    .unwrap_or_default()
            };
            Track::new(label, boxes).note(format!(
                "searchlight platforms: {} {} forward, {} aft",
                tables.sensors.die.to_uppercase(),
                roll("forward_searchlight"),
                roll("after_searchlight")
            ))
        }
        CriticalKind::Communications => comms_track(s, label, &tables.communications),
        CriticalKind::Personnel => {
            let boxes = (1..=spec.crew_factors)
                .map(|k| Tick::new(ordinal(k), eq.crew_lost >= k))
                .collect();
            Track::new(label, boxes).note(format!("{} crew factors", spec.crew_factors))
        }
        CriticalKind::Flotation if s.is_small_craft() => {
            let cap = flotation_capacity(spec.size);
            let boxes = (1..=cap)
                .map(|k| Tick::new(ordinal(k), eq.flotation_hits >= k))
                .collect();
            Track::new(label, boxes).note(format!(
                "size {}: {cap} hits, each one speed level; none left: she sinks",
                spec.size
            ))
        }
        CriticalKind::Cargo if !spec.cargo.is_empty() => {
            let boxes = spec
                .cargo
                .iter()
                .enumerate()
                .map(|(i, h)| {
                    Tick::new(
                        format!(
                            "{}: {} {} {}",
                            h.hold,
                            h.amount,
                            h.contents.unit(),
                            h.contents.name().replace('_', " ")
                        ),
                        eq.cargo_lost.contains_key(&i),
                    )
                })
                .collect();
            Track::new(label, boxes).note("holds; write what is lost")
        }
        CriticalKind::Aircraft => match spec.aircraft {
            Some(a) if a.total() > 0 => {
                let lost: u32 = eq.aircraft_lost.values().sum();
                Track::new(label, blank_boxes(a.total(), lost)).note(format!(
                    "aircraft aboard: hangar {}, deck forward {}, deck aft {}",
                    a.hangar, a.forward, a.aft
                ))
            }
            _ => Track::new(label, blank_boxes(n, n))
                .open()
                .note("no aircraft in the scenario: tally"),
        },
        CriticalKind::Engineering => Track::new(label, blank_boxes(n, n))
            .open()
            .note("each one speed level lower and a fire; D10 0: boiler explosion"),
        CriticalKind::Rudder => {
            let state = match eq.rudder {
                Some(RudderState::Jammed) => "jammed",
                Some(RudderState::Disabled) => "disabled",
                Some(RudderState::Stuck) => "jammed for the battle",
                Some(RudderState::Freed) => "freed",
                None => "",
            };
            let mut t = Track::new(label, blank_boxes(n, n)).open();
            t.note = if state.is_empty() {
                "D6 1-3 jammed, 4-6 disabled".into()
            } else {
                format!("D6 1-3 jammed, 4-6 disabled; now: {state}")
            };
            t
        }
        CriticalKind::FlightDeck => {
            use crate::rulesets::fgdn::effects::DeckPlace;
            let boxes = [
                (DeckPlace::Forward, "forward"),
                (DeckPlace::Amidships, "amidships"),
                (DeckPlace::Aft, "aft"),
            ]
            .into_iter()
            .map(|(p, text)| Tick::new(text, eq.flight_deck.contains(&p)))
            .collect();
            Track::new(label, boxes)
                .note("D6 1-2 forward: launching restricted; 5-6 aft: no landing")
        }
        CriticalKind::AmmoFuel => {
            let mut t = Track::new(label, blank_boxes(n, n))
                .open()
                .note("D10 1-3 aviation magazine, 4-10 fuel stowage");
            if s.aviation_purged {
                t.note.push_str("; flooded or purged");
            }
            t
        }
        _ => Track::new(label, blank_boxes(n, n)).open(),
    }
}

/// FG&DN 8.3 Communications: a box per row of the loaded table whose system she has (the
/// wireless sets only where the scenario fits them), with the row's D10 roll.
fn comms_track(s: &ShipState, label: String, table: &DieTable) -> Track {
    let w = s.spec.wireless.unwrap_or_default();
    let boxes = table
        .rows
        .iter()
        .filter(|r| match r.outcome.as_str() {
            "main_wireless" => w.main,
            "auxiliary_wireless" => w.auxiliary,
            _ => true,
        })
        .map(|r| {
            let short = match r.outcome.as_str() {
                "port_signal_lights" => "port lights".to_string(),
                "starboard_signal_lights" => "stbd lights".to_string(),
                "port_signal_halyards" => "port halyards".to_string(),
                "starboard_signal_halyards" => "stbd halyards".to_string(),
                "main_wireless" => "main W/T".to_string(),
                "auxiliary_wireless" => "aux W/T".to_string(),
                other => other.replace('_', " "),
            };
            Tick::new(
                format!("{} {short}", range_text(r.range)),
                s.equipment.comms_out.contains(&r.outcome),
            )
        })
        .collect();
    Track::new(label, boxes).note(format!("a {} picks the system", table.die.to_uppercase()))
}

/// FG&DN 8.2: the severity dice of her year and the levels for her size and year.
fn fire_flood(s: &ShipState, tables: &Tables) -> Section {
    let spec = &s.spec;
    let year = spec.service_year();
    let dice = severity_dice(&tables.severity_dice, year);
    let roll = match (dice.dice, dice.plus) {
        (1, 0) => "D6 %".to_string(),
        (1, p) => format!("D6{p:+} %"),
        (n, 0) => format!("{n}D6 %"),
        (n, p) => format!("{n}D6{p:+} %"),
    };
    let b = level_bounds(&tables.severity_levels, spec.size, year);
    let shift = year_shift(&tables.severity_levels, year);
    let mut sec = Section::new("Fire and flooding (8.2)");
    let (fire, flood, total, level) = severity_of(tables, s);
    let mut facts = vec![
        Fact::new("Severity roll", format!("{roll} (year {year})")),
        Fact::new(
            "Levels",
            format!(
                "size {}, year shift {shift:+}: minor {}-{}, major {}-{}, severe {}-{}, \
                 overwhelmed {}+ %",
                spec.size,
                b[0],
                b[1] - 1,
                b[1],
                b[2] - 1,
                b[2],
                b[3] - 1,
                b[3]
            ),
        ),
    ];
    if total > 0 {
        facts.push(Fact::new(
            "Now",
            format!("fire {fire} %, flooding {flood} %: {level}"),
        ));
    }
    sec.push(Item::Facts(facts));
    let names = ["Minor", "Major", "Severe"];
    let notes = ["", "15 kt or less, 8.2", "15 kt or less, 8.2"];
    for i in 0..3 {
        let boxes = (b[i]..b[i + 1])
            .map(|p| Tick::new(p.to_string(), total >= p))
            .collect();
        sec.push(Item::Track(
            Track::new(format!("{} %", names[i]), boxes).note(notes[i]),
        ));
    }
    sec.push(Item::Track(
        Track::new(
            "Overwhelmed %",
            vec![Tick::new(format!("{}+", b[3]), total >= b[3])],
        )
        .note("conflagration checks, 8.2"),
    ));
    sec.push(Item::Note(
        "Cross off the total of fire and flooding; a box per %.".into(),
    ));
    let rows: Vec<Vec<String>> = s
        .fires
        .iter()
        .chain(&s.floods)
        .filter(|f| f.next_due.is_some())
        .map(|f| {
            vec![
                f.casualty.name().to_string(),
                format!("{} %", f.pct),
                crate::rulesets::fgdn::clock::label(f.inflicted),
            ]
        })
        .collect();
    if !rows.is_empty() {
        sec.push(Item::Table(Table {
            head: vec![
                "burning / flooding".into(),
                "severity".into(),
                "since".into(),
            ],
            rows,
        }));
    }
    sec
}

/// The mounts as table rows, neighbours with the same figures on one row (`P1, P2, P3`).
fn mount_rows(s: &ShipState) -> Vec<Vec<String>> {
    let n = |v: Option<u32>| v.map(|x| x.to_string()).unwrap_or_default();
    let figures = |m: &Mount| {
        vec![
            m.battery.name().to_string(),
            m.caliber.map(|c| format!("{c}")).unwrap_or_default(),
            m.side.clone().unwrap_or_default(),
            n(m.he_short),
            match (m.loads, m.warhead) {
                (None, None) => String::new(),
                (l, w) => format!(
                    "{} x {} DP{}",
                    n(l),
                    n(w),
                    if m.submerged { ", submerged" } else { "" }
                ),
            },
        ]
    };
    let mut groups: Vec<(Vec<String>, Vec<String>, Vec<String>)> = Vec::new();
    for (i, m) in s.spec.mounts.iter().enumerate() {
        let f = figures(m);
        let out = s.equipment.mounts_out.get(i).copied().unwrap_or(false);
        match groups.last_mut() {
            Some((g, names, outs)) if *g == f => {
                names.push(m.name.clone());
                if out {
                    outs.push(m.name.clone());
                }
            }
            _ => groups.push((
                f,
                vec![m.name.clone()],
                if out {
                    vec![m.name.clone()]
                } else {
                    Vec::new()
                },
            )),
        }
    }
    groups
        .into_iter()
        .map(|(f, names, outs)| {
            let mut row = vec![f[0].clone(), names.join(", ")];
            row.extend(f[1..].iter().cloned());
            row.push(outs.join(", "));
            row
        })
        .collect()
}

/// The mounts, directors, searchlights and wireless the scenario gives.
fn weapons(s: &ShipState) -> Option<Section> {
    let spec = &s.spec;
    let mut sec = Section::new("Weapons and equipment");
    if !spec.mounts.is_empty() {
        sec.push(Item::Table(Table {
            head: [
                "battery",
                "mounts",
                "mm",
                "side",
                "HE short",
                "torpedoes",
                "out",
            ]
            .map(String::from)
            .to_vec(),
            rows: mount_rows(s),
        }));
    }
    let mut facts = Vec::new();
    if !spec.directors.is_empty() {
        let d: Vec<String> = spec
            .directors
            .iter()
            .map(|(b, n)| format!("{} {n}", b.name()))
            .collect();
        facts.push(Fact::new("Directors", d.join(", ")));
    }
    if let Some(l) = spec.searchlights {
        facts.push(Fact::new(
            "Searchlights",
            format!("forward {}, aft {}", l.forward, l.aft),
        ));
    }
    if let Some(w) = spec.wireless {
        let mut v = Vec::new();
        if w.main {
            v.push("main");
        }
        if w.auxiliary {
            v.push("auxiliary");
        }
        facts.push(Fact::new(
            "Wireless",
            if v.is_empty() {
                "none".into()
            } else {
                v.join(", ")
            },
        ));
    }
    facts.push(Fact::new("Crew factors", spec.crew_factors.to_string()));
    sec.push(Item::Facts(facts));
    (!sec.items.is_empty()).then_some(sec)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::fgdn::scenario::parse_scenario;

    fn demo() -> GameState {
        let text = include_str!("../../../saves/demo.toml");
        GameState::new(&parse_scenario("demo.toml", text).unwrap())
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

    /// FG&DN 8.1.1 example: Tiger, 501 DP and 28 kt breaks at 125, 251, 376, 451 and runs
    /// at 28, 21, 14, 7 and 0 kt; her sheet's rows start at those points.
    #[test]
    fn tiger_damage_track_follows_the_breakdown_8_1_1() {
        let st = demo();
        let sh = sheet(&st.ships[0], &Tables::builtin());
        let rows: Vec<(String, String, String)> = [28, 21, 14, 7, 0]
            .iter()
            .map(|kt| {
                let t = track(&sh, &format!("{kt} kt"));
                (
                    t.label.clone(),
                    t.boxes[0].text.clone(),
                    t.boxes.last().unwrap().text.clone(),
                )
            })
            .collect();
        let firsts: Vec<&str> = rows.iter().map(|r| r.1.as_str()).collect();
        let lasts: Vec<&str> = rows.iter().map(|r| r.2.as_str()).collect();
        assert_eq!(firsts, ["5", "125", "251", "376", "451"]);
        assert_eq!(lasts, ["124", "250", "375", "450", "500"]);
        assert_eq!(track(&sh, "Sinks").boxes[0].text, "501");
        assert_eq!(dp_step(501), 5);
        assert_eq!(dp_step(39), 1);
        assert_eq!(dp_step(120), 1);
        assert_eq!(dp_step(121), 2);
        assert_eq!(dp_step(620), 10);
    }

    /// FG&DN 8.1.2 example: a W-class destroyer of 39 DP has a box a DP; 8 taken crosses 8.
    #[test]
    fn w_class_has_a_box_a_dp_and_damage_crosses_them() {
        let mut st = demo();
        let w = &mut st.ships[2];
        w.damage = 8;
        let sh = sheet(w, &Tables::builtin());
        let first = track(&sh, "34 kt");
        let marked: Vec<&str> = first
            .boxes
            .iter()
            .filter(|b| b.marked)
            .map(|b| b.text.as_str())
            .collect();
        assert_eq!(marked, ["1", "2", "3", "4", "5", "6", "7", "8"]);
        // 25 % of 39 is 9.75, rounded half up: speed drops at 10.
        assert_eq!(first.boxes.last().unwrap().text, "9");
        assert_eq!(track(&sh, "26 kt").boxes[0].text, "10");
    }

    /// FG&DN 8.2: severity levels of a size A ship of 1914 (year shift -1): minor 1-9, major
    /// 10-14, severe 15-16, overwhelmed 17+; Hannover (size B, 1907: -2) 1-8, 9-13, 14-15, 16+.
    #[test]
    fn severity_bands_for_size_and_year_8_2() {
        let st = demo();
        let t = Tables::builtin();
        let tiger = sheet(&st.ships[0], &t);
        let texts = |sh: &Sheet, l: &str| -> Vec<String> {
            track(sh, l).boxes.iter().map(|b| b.text.clone()).collect()
        };
        assert_eq!(texts(&tiger, "Major %"), ["10", "11", "12", "13", "14"]);
        assert_eq!(texts(&tiger, "Overwhelmed %"), ["17+"]);
        let hannover = sheet(&st.ships[7], &t);
        assert_eq!(texts(&hannover, "Minor %").len(), 8);
        assert_eq!(texts(&hannover, "Overwhelmed %"), ["16+"]);
    }

    /// FG&DN 8.3: the kinds of her column, with the scenario's limits: Tiger's four turrets,
    /// her directors, six crew factors, and the D20 rolls of the major column.
    #[test]
    fn critical_kinds_of_her_column_with_their_limits_8_3() {
        let st = demo();
        let sh = sheet(&st.ships[0], &Tables::builtin());
        let main = track(&sh, "Main battery");
        assert_eq!(main.label, "Main battery (D20 1-3*)");
        assert_eq!(main.boxes.len(), 4);
        assert_eq!(track(&sh, "Casemate").boxes.len(), 12);
        assert_eq!(track(&sh, "Other weapon").label, "Other weapon (D20 6-9*)");
        let fc = track(&sh, "Fire control");
        assert_eq!(fc.label, "Fire control (main/casemate D10 1-2)");
        assert_eq!(fc.boxes.len(), 3, "main 2, casemate 1");
        assert!(track(&sh, "Engineering").open);
        let comms = track(&sh, "Communications");
        assert_eq!(comms.label, "Communications (D20 18, then D6 4-6)");
        assert_eq!(track(&sh, "Sensor").label, "Sensor (D20 18, then D6 1-3)");
        assert_eq!(comms.boxes.len(), 6);
        // Wakeful has no auxiliary wireless: five systems.
        let wakeful = sheet(&st.ships[2], &Tables::builtin());
        assert_eq!(track(&wakeful, "Communications").boxes.len(), 5);
        assert!(sh.boxes() > 100);
    }

    /// FG&DN 8.1.4: a submarine's sheet gives her depth and the D20 rolls of each kind in the
    /// three Submarine columns (Lethal, Major, Minor Damage), besides her surfaced tracks; a
    /// surface ship's sheet has neither.
    #[test]
    fn a_submarine_sheet_has_her_depth_and_the_submarine_columns_8_1_4() {
        let st = demo();
        let tables = Tables::builtin();
        let ub = st.ships.iter().find(|s| s.id() == "ub64").unwrap();
        let sh = sheet(ub, &tables);
        let facts: Vec<(String, String)> = sh
            .sections
            .iter()
            .flat_map(|s| &s.items)
            .filter_map(|i| match i {
                Item::Facts(f) => Some(f.iter().map(|f| (f.label.clone(), f.value.clone()))),
                _ => None,
            })
            .flatten()
            .collect();
        assert!(facts.contains(&(
            "Depth (8.1.4)".into(),
            "periscope depth; deepest Intermediate Zone II".into()
        )));
        let sec = sh
            .sections
            .iter()
            .find(|s| s.heading.starts_with("Submerged"))
            .expect("the Submarine columns");
        let table = sec
            .items
            .iter()
            .find_map(|i| match i {
                Item::Table(t) => Some(t),
                _ => None,
            })
            .unwrap();
        assert_eq!(table.head.len(), 4);
        let row = |kind: &str| {
            table
                .rows
                .iter()
                .find(|r| r[0] == kind)
                .unwrap_or_else(|| panic!("no row {kind}"))
                .clone()
        };
        // Each cell is the loaded table's: the engineering rolls of the Major and Minor
        // columns, and the switchboard only in Minor Damage.
        let cells = |c: Column, k: CriticalKind| {
            let col = tables
                .critical_hit
                .columns
                .iter()
                .find(|x| x.column == c)
                .unwrap();
            rolls_of(&col.cells, k, true, &tables.sensor_comms).unwrap_or_else(|| "-".into())
        };
        assert_eq!(
            row("Engineering")[1..],
            [
                cells(Column::SubLethal, CriticalKind::Engineering),
                cells(Column::SubMajor, CriticalKind::Engineering),
                cells(Column::SubMinor, CriticalKind::Engineering),
            ]
        );
        assert_eq!(row("Switchboard")[1..3], ["-", "-"]);
        assert_ne!(row("Switchboard")[3], "-");
        let tiger = sheet(&st.ships[0], &tables);
        assert!(!tiger
            .sections
            .iter()
            .any(|s| s.heading.starts_with("Submerged")));
    }

    /// FG&DN 8.1 and 8.3: a small craft (CMB 4, size E, 10 DP) is not worn down: her track is
    /// one turn's damage to twice her DP; six flotation hits (size E); each crew factor's loss.
    #[test]
    fn small_craft_track_flotation_and_personnel_8_1_8_3() {
        let text = include_str!("../../../tests/scenarios/sinking.toml");
        let mut st = GameState::new(&parse_scenario("sinking.toml", text).unwrap());
        let cmb = st.ships.iter_mut().find(|s| s.spec.id == "cmb").unwrap();
        cmb.turn_damage = 4;
        cmb.equipment.flotation_hits = 1;
        let sh = sheet(cmb, &Tables::builtin());
        let turn = track(&sh, "Damage this turn");
        assert_eq!(turn.boxes.len(), 20);
        assert_eq!(turn.boxes.last().unwrap().text, "20");
        assert_eq!(turn.boxes.iter().filter(|b| b.marked).count(), 4);
        assert!(sh
            .sections
            .iter()
            .flat_map(|s| &s.items)
            .all(|i| { !matches!(i, Item::Track(t) if t.label.ends_with(" kt")) }));
        let flotation = track(&sh, "Flotation");
        assert_eq!(flotation.boxes.len(), 6);
        assert!(flotation.boxes[0].marked && !flotation.boxes[1].marked);
        assert_eq!(track(&sh, "Personnel").label, "Personnel (D20 6-7, 20)");
        let personnel_table = sh
            .sections
            .iter()
            .flat_map(|s| &s.items)
            .find_map(|i| match i {
                Item::Table(t) if t.head[0] == "crew factor lost" => Some(t),
                _ => None,
            })
            .expect("the losses table");
        assert_eq!(personnel_table.rows[0][1], personnel_text(1));
    }
}
