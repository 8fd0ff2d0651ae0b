//! The Quickfire commands (their syntax is [`SYNTAX`]); `parse(c.to_string()) == c`.
use super::ship::{Arc, Code, Range, Rating, RepairItem};
use std::fmt;
use std::str::FromStr;

/// Every command of the ruleset with its usage, for help, completion and errors.
pub const SYNTAX: &[(&str, &str)] = &[
    (
        "fire",
        "fire SHIP at TARGET heavy|light long|short|pb [fore|aft] [moved]",
    ),
    (
        "torpedo",
        "torpedo SHIP at TARGET moving|static [converging] [port|starboard]",
    ),
    (
        "damage",
        "damage SHIP CODE [CODE ...] [heavy|light] [unrepairable]   codes B D E F G R S T",
    ),
    (
        "repair",
        "repair SHIP [heavy|light|speed|direction ...] | repair SHIP hold",
    ),
    (
        "chart",
        "chart VALUE [VALUE ...]   queue chart reads (a number, n/e, fix, out or codes like S+F)",
    ),
];

fn usage(verb: &str) -> String {
    let u = SYNTAX
        .iter()
        .find(|(v, _)| *v == verb)
        .map_or("", |(_, u)| *u);
    format!("usage: {u}")
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// « 3.0 Gunnery: one salvo of one gunnery rating at one target.
    Fire {
        ship: String,
        target: String,
        rating: Rating,
        range: Range,
        arc: Arc,
        /// The target moved more than two cables this turn (no heavy fire at size 2 or less).
        moved: bool,
    },
    /// « 3.2 Torpedoes: one attack at one target.
    Torpedo {
        ship: String,
        target: String,
        moving: bool,
        converging: bool,
        /// Port or starboard, when the ship attacks a second target in the other arc.
        side: Option<String>,
    },
    /// Damage codes read off the table by hand (« 4.1), applied as the rules apply them.
    Damage {
        ship: String,
        codes: Vec<Code>,
        /// G hits from heavy or light fire (default: blast, the higher rating first).
        from: Option<Rating>,
        /// S hits that cannot be repaired (torpedoes, mines).
        unrepairable: bool,
    },
    /// « 4.2 Damage Repair: attempts now (the named items, or every one), or none this turn.
    Repair {
        ship: String,
        items: Vec<RepairItem>,
        hold: bool,
    },
    /// Chart values queued for the chart reads the text does not print.
    Chart(Vec<String>),
}

impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Command::Fire {
                ship,
                target,
                rating,
                range,
                arc,
                moved,
            } => {
                write!(f, "fire {ship} at {target} {rating} {range}")?;
                if *arc != Arc::Broadside {
                    write!(f, " {}", arc.as_str())?;
                }
                if *moved {
                    f.write_str(" moved")?;
                }
                Ok(())
            }
            Command::Torpedo {
                ship,
                target,
                moving,
                converging,
                side,
            } => {
                let m = if *moving { "moving" } else { "static" };
                write!(f, "torpedo {ship} at {target} {m}")?;
                if *converging {
                    f.write_str(" converging")?;
                }
                if let Some(s) = side {
                    write!(f, " {s}")?;
                }
                Ok(())
            }
            Command::Damage {
                ship,
                codes,
                from,
                unrepairable,
            } => {
                let c: Vec<&str> = codes.iter().map(|c| c.letter()).collect();
                write!(f, "damage {ship} {}", c.join(" "))?;
                if let Some(r) = from {
                    write!(f, " {r}")?;
                }
                if *unrepairable {
                    f.write_str(" unrepairable")?;
                }
                Ok(())
            }
            Command::Repair {
                ship, hold: true, ..
            } => write!(f, "repair {ship} hold"),
            Command::Repair { ship, items, .. } => {
                write!(f, "repair {ship}")?;
                for i in items {
                    write!(f, " {}", i.as_str())?;
                }
                Ok(())
            }
            Command::Chart(values) => write!(f, "chart {}", values.join(" ")),
        }
    }
}

fn ship_word(w: Option<&&str>, verb: &str) -> Result<String, String> {
    w.map(|s| s.to_ascii_lowercase()).ok_or_else(|| usage(verb))
}

/// `SHIP at TARGET` at words 1-3.
fn ship_at(w: &[&str], verb: &str) -> Result<(String, String), String> {
    let ship = ship_word(w.get(1), verb)?;
    if !w.get(2).is_some_and(|x| x.eq_ignore_ascii_case("at")) || w.len() < 4 {
        return Err(usage(verb));
    }
    Ok((ship, w[3].to_ascii_lowercase()))
}

/// A chart value any Quickfire chart line could take: a number 0-12, `n/e`, `fix`, `out`, or
/// codes joined by `+`.
pub fn chart_value_ok(v: &str) -> bool {
    v.parse::<u32>().is_ok_and(|n| n <= 12) || super::ship::Outcome::parse(v).is_ok()
}

impl FromStr for Command {
    type Err = String;
    fn from_str(line: &str) -> Result<Command, String> {
        let w: Vec<&str> = line.split_whitespace().collect();
        let verb = w
            .first()
            .map(|v| v.to_ascii_lowercase())
            .unwrap_or_default();
        match verb.as_str() {
            "fire" => {
                let (ship, target) = ship_at(&w, "fire")?;
                let rating = match w.get(4).map(|x| x.to_ascii_lowercase()).as_deref() {
                    Some("heavy") => Rating::Heavy,
                    Some("light") => Rating::Light,
                    _ => return Err(format!("fire: heavy or light? {}", usage("fire"))),
                };
                let range = match w.get(5).map(|x| x.to_ascii_lowercase()).as_deref() {
                    Some("long") => Range::Long,
                    Some("short") => Range::Short,
                    Some("pb") | Some("point_blank") => Range::Pb,
                    _ => {
                        return Err(format!(
                            "fire: the range, long, short or pb (point blank)? {}",
                            usage("fire")
                        ))
                    }
                };
                let (mut arc, mut moved) = (None, false);
                for x in &w[6..] {
                    match x.to_ascii_lowercase().as_str() {
                        "fore" if arc.is_none() => arc = Some(Arc::Fore),
                        "aft" if arc.is_none() => arc = Some(Arc::Aft),
                        "broadside" if arc.is_none() => arc = Some(Arc::Broadside),
                        "moved" if !moved => moved = true,
                        _ => return Err(format!("\"{x}\": {}", usage("fire"))),
                    }
                }
                Ok(Command::Fire {
                    ship,
                    target,
                    rating,
                    range,
                    arc: arc.unwrap_or(Arc::Broadside),
                    moved,
                })
            }
            "torpedo" => {
                let (ship, target) = ship_at(&w, "torpedo")?;
                let moving = match w.get(4).map(|x| x.to_ascii_lowercase()).as_deref() {
                    Some("moving") => true,
                    Some("static") => false,
                    _ => {
                        return Err(format!(
                            "torpedo: is the target moving or static (« 3.2)? {}",
                            usage("torpedo")
                        ))
                    }
                };
                let (mut converging, mut side) = (false, None);
                for x in &w[5..] {
                    match x.to_ascii_lowercase().as_str() {
                        "converging" if !converging => converging = true,
                        s @ ("port" | "starboard") if side.is_none() => side = Some(s.to_string()),
                        _ => return Err(format!("\"{x}\": {}", usage("torpedo"))),
                    }
                }
                Ok(Command::Torpedo {
                    ship,
                    target,
                    moving,
                    converging,
                    side,
                })
            }
            "damage" => {
                let ship = ship_word(w.get(1), "damage")?;
                let (mut codes, mut from, mut unrepairable) = (Vec::new(), None, false);
                for x in &w[2..] {
                    match x.to_ascii_lowercase().as_str() {
                        "heavy" if from.is_none() => from = Some(Rating::Heavy),
                        "light" if from.is_none() => from = Some(Rating::Light),
                        "unrepairable" if !unrepairable => unrepairable = true,
                        _ => {
                            for c in x.split('+') {
                                codes.push(
                                    c.parse::<Code>()
                                        .map_err(|e| format!("{e}; {}", usage("damage")))?,
                                );
                            }
                        }
                    }
                }
                if codes.is_empty() || codes.len() > 20 {
                    return Err(format!("damage: 1 to 20 codes; {}", usage("damage")));
                }
                Ok(Command::Damage {
                    ship,
                    codes,
                    from,
                    unrepairable,
                })
            }
            "repair" => {
                let ship = ship_word(w.get(1), "repair")?;
                if w.len() == 3 && w[2].eq_ignore_ascii_case("hold") {
                    return Ok(Command::Repair {
                        ship,
                        items: Vec::new(),
                        hold: true,
                    });
                }
                let items = w[2..]
                    .iter()
                    .map(|x| x.parse::<RepairItem>())
                    .collect::<Result<Vec<_>, _>>()
                    .map_err(|e| format!("{e}; {}", usage("repair")))?;
                if items.len() > 40 {
                    return Err(format!("repair: at most 40 items; {}", usage("repair")));
                }
                Ok(Command::Repair {
                    ship,
                    items,
                    hold: false,
                })
            }
            "chart" if w.len() >= 2 => {
                if let Some(bad) = w[1..].iter().find(|v| !chart_value_ok(v)) {
                    return Err(format!(
                        "\"{bad}\" is not a value of any Quickfire chart (a number 0-12, n/e, fix, out, or codes B D E F G R S T joined by +)"
                    ));
                }
                Ok(Command::Chart(
                    w[1..].iter().map(|v| v.to_string()).collect(),
                ))
            }
            "chart" => Err(usage("chart")),
            "" => Err("empty command".into()),
            other => {
                let verbs: Vec<&str> = SYNTAX.iter().map(|(v, _)| *v).collect();
                Err(format!(
                    "\"{other}\" is not a command of Quickfire ({}; and next, turn, until, dice, note, undo, redo, expect)",
                    verbs.join(", ")
                ))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_command_round_trips() {
        for text in [
            "fire mikasa at borodino heavy long",
            "fire mikasa at borodino light pb fore moved",
            "torpedo tb at borodino moving",
            "torpedo tb at borodino static converging port",
            "damage borodino S G F",
            "damage borodino G heavy unrepairable",
            "repair borodino",
            "repair borodino speed heavy direction",
            "repair borodino hold",
            "chart 7 S+F n/e fix",
        ] {
            let c: Command = text.parse().unwrap();
            assert_eq!(c.to_string(), text);
            assert_eq!(c.to_string().parse::<Command>().unwrap(), c);
        }
        for bad in [
            "fire a b heavy long",
            "fire a at b medium long",
            "fire a at b heavy",
            "fire a at b heavy long fore aft",
            "torpedo a at b",
            "damage a",
            "damage a X",
            "repair a speed hull",
            "chart 13",
            "chart Q",
            "guns a at b",
        ] {
            assert!(bad.parse::<Command>().is_err(), "{bad}");
        }
    }
}
