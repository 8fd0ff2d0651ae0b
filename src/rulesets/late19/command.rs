//! The late-19th commands (their syntax is [`SYNTAX`]); `parse(c.to_string()) == c`.
use super::ship::{Armament, GunType, TradeKind};
use std::fmt;
use std::str::FromStr;

/// Every command of the ruleset with its usage, for help, completion and errors.
pub const SYNTAX: &[(&str, &str)] = &[
    (
        "guns",
        "guns SHIP at TARGET main|secondary [n N] [range R] [los] [cover] [moved]",
    ),
    (
        "torpedo",
        "torpedo SHIP at TARGET [range R] | torpedo SHIP lost",
    ),
    (
        "hit",
        "hit SHIP by super_heavy|heavy|medium|light|very_light|torpedo [from SHIP]",
    ),
    ("mine", "mine SHIP"),
    ("trade", "trade SHIP move|main|secondary FP"),
    ("initiative", "initiative"),
    (
        "chart",
        "chart VALUE [VALUE ...]   queue chart reads (2, 1 or minor)",
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
    /// Firing Guns: a salvo of one armament at one target.
    Guns {
        ship: String,
        target: String,
        armament: Armament,
        /// Guns firing when fewer than all bear (rule e).
        n: Option<u32>,
        range: Option<u32>,
        /// Direct line-of-sight to the target hex (+2).
        los: bool,
        /// Target in cover or fortifications (-1).
        cover: bool,
        /// The firer has moved this turn (a combined game): no +1.
        moved: bool,
    },
    /// Firing Torpedoes: at the first ship in the torpedo's path, or lost (rule d).
    Torpedo {
        ship: String,
        target: Option<String>,
        range: Option<u32>,
    },
    /// A hit on a ship, resolved on the table (a die landing in front of or behind the target,
    /// land artillery, or any hit the umpire rules).
    Hit {
        ship: String,
        weapon: GunType,
        from: Option<String>,
    },
    /// Special Rules, Minefields: an automatic hit, a torpedo's.
    Mine { ship: String },
    /// Resolving hits on Ships rule b.
    Trade {
        ship: String,
        kind: TradeKind,
        fp: u32,
    },
    /// Turn Sequence 3: both sides throw a D6.
    Initiative,
    /// Chart values queued for the chart reads the text does not print.
    Chart(Vec<String>),
}

impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Command::Guns {
                ship,
                target,
                armament,
                n,
                range,
                los,
                cover,
                moved,
            } => {
                write!(f, "guns {ship} at {target} {armament}")?;
                if let Some(n) = n {
                    write!(f, " n {n}")?;
                }
                if let Some(r) = range {
                    write!(f, " range {r}")?;
                }
                for (on, word) in [(*los, "los"), (*cover, "cover"), (*moved, "moved")] {
                    if on {
                        write!(f, " {word}")?;
                    }
                }
                Ok(())
            }
            Command::Torpedo {
                ship, target: None, ..
            } => write!(f, "torpedo {ship} lost"),
            Command::Torpedo {
                ship,
                target: Some(t),
                range,
            } => {
                write!(f, "torpedo {ship} at {t}")?;
                if let Some(r) = range {
                    write!(f, " range {r}")?;
                }
                Ok(())
            }
            Command::Hit { ship, weapon, from } => {
                write!(f, "hit {ship} by {weapon}")?;
                if let Some(x) = from {
                    write!(f, " from {x}")?;
                }
                Ok(())
            }
            Command::Mine { ship } => write!(f, "mine {ship}"),
            Command::Trade { ship, kind, fp } => write!(f, "trade {ship} {kind} {fp}"),
            Command::Initiative => f.write_str("initiative"),
            Command::Chart(values) => write!(f, "chart {}", values.join(" ")),
        }
    }
}

fn number(word: &str, what: &str) -> Result<u32, String> {
    word.parse::<u32>()
        .ok()
        .filter(|n| *n <= 999)
        .ok_or_else(|| format!("\"{word}\" is not {what} (a whole number 0-999)"))
}

fn ship_word(w: Option<&&str>, verb: &str) -> Result<String, String> {
    w.map(|s| s.to_ascii_lowercase()).ok_or_else(|| usage(verb))
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
            "guns" => {
                let ship = ship_word(w.get(1), "guns")?;
                if !w.get(2).is_some_and(|x| x.eq_ignore_ascii_case("at")) || w.len() < 5 {
                    return Err(usage("guns"));
                }
                let target = w[3].to_ascii_lowercase();
                let armament = match w[4].to_ascii_lowercase().as_str() {
                    "main" => Armament::Main,
                    "secondary" => Armament::Secondary,
                    other => {
                        return Err(format!(
                            "\"{other}\" is not an armament (main or secondary); {}",
                            usage("guns")
                        ))
                    }
                };
                let (mut n, mut range) = (None, None);
                let (mut los, mut cover, mut moved) = (false, false, false);
                let mut i = 5;
                while i < w.len() {
                    let word = w[i].to_ascii_lowercase();
                    let mut value = |what: &str| -> Result<u32, String> {
                        i += 1;
                        let v = w.get(i).ok_or_else(|| format!("{word}: {what} missing"))?;
                        number(v, what)
                    };
                    match word.as_str() {
                        "n" if n.is_none() => n = Some(value("a number of guns")?),
                        "range" if range.is_none() => range = Some(value("a range in hexes")?),
                        "los" if !los => los = true,
                        "cover" if !cover => cover = true,
                        "moved" if !moved => moved = true,
                        _ => return Err(format!("\"{}\": {}", w[i], usage("guns"))),
                    }
                    i += 1;
                }
                Ok(Command::Guns {
                    ship,
                    target,
                    armament,
                    n,
                    range,
                    los,
                    cover,
                    moved,
                })
            }
            "torpedo" => {
                let ship = ship_word(w.get(1), "torpedo")?;
                match w.get(2).map(|x| x.to_ascii_lowercase()).as_deref() {
                    Some("lost") if w.len() == 3 => Ok(Command::Torpedo {
                        ship,
                        target: None,
                        range: None,
                    }),
                    Some("at") if w.len() == 4 => Ok(Command::Torpedo {
                        ship,
                        target: Some(w[3].to_ascii_lowercase()),
                        range: None,
                    }),
                    Some("at") if w.len() == 6 && w[4].eq_ignore_ascii_case("range") => {
                        Ok(Command::Torpedo {
                            ship,
                            target: Some(w[3].to_ascii_lowercase()),
                            range: Some(number(w[5], "a range in hexes")?),
                        })
                    }
                    _ => Err(usage("torpedo")),
                }
            }
            "hit" => {
                let ship = ship_word(w.get(1), "hit")?;
                if !w.get(2).is_some_and(|x| x.eq_ignore_ascii_case("by")) {
                    return Err(usage("hit"));
                }
                let weapon: GunType = w.get(3).ok_or_else(|| usage("hit"))?.parse()?;
                let from = match w.len() {
                    4 => None,
                    6 if w[4].eq_ignore_ascii_case("from") => Some(w[5].to_ascii_lowercase()),
                    _ => return Err(usage("hit")),
                };
                Ok(Command::Hit { ship, weapon, from })
            }
            "mine" if w.len() == 2 => Ok(Command::Mine {
                ship: w[1].to_ascii_lowercase(),
            }),
            "mine" => Err(usage("mine")),
            "trade" if w.len() == 4 => {
                let kind = match w[2].to_ascii_lowercase().as_str() {
                    "move" | "movement" => TradeKind::Move,
                    "main" => TradeKind::Main,
                    "secondary" => TradeKind::Secondary,
                    other => {
                        return Err(format!(
                            "\"{other}\" is not a trade-off (move, main or secondary)"
                        ))
                    }
                };
                let fp = number(w[3], "a number of flotation points")?;
                if fp == 0 {
                    return Err("trade: give 1 or more flotation points".into());
                }
                Ok(Command::Trade {
                    ship: w[1].to_ascii_lowercase(),
                    kind,
                    fp,
                })
            }
            "trade" => Err(usage("trade")),
            "initiative" if w.len() == 1 => Ok(Command::Initiative),
            "initiative" => Err(usage("initiative")),
            "chart" if w.len() >= 2 => Ok(Command::Chart(
                w[1..].iter().map(|v| v.to_ascii_lowercase()).collect(),
            )),
            "chart" => Err(usage("chart")),
            "" => Err("empty command".into()),
            other => {
                let verbs: Vec<&str> = SYNTAX.iter().map(|(v, _)| *v).collect();
                Err(format!(
                    "\"{other}\" is not a command of the late-19th naval rules ({}; and next, turn, until, dice, note, undo, redo, expect)",
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
            "guns hms_a at ship_b main",
            "guns hms_a at ship_b secondary n 2 range 8 los cover moved",
            "torpedo tb1 at ship_b",
            "torpedo tb1 at ship_b range 3",
            "torpedo tb1 lost",
            "hit ship_b by very_light from tb1",
            "hit ship_b by torpedo",
            "mine ship_b",
            "trade ship_b main 1",
            "trade ship_b move 2",
            "initiative",
            "chart 2 minor",
        ] {
            let c: Command = text.parse().unwrap();
            assert_eq!(c.to_string(), text);
            assert_eq!(c.to_string().parse::<Command>().unwrap(), c);
        }
        for bad in [
            "guns a b main",
            "guns a at b both",
            "guns a at b main n",
            "guns a at b main los los",
            "torpedo a at",
            "hit a by cannon",
            "trade a move 0",
            "trade a hull 1",
            "fire a",
        ] {
            assert!(bad.parse::<Command>().is_err(), "{bad}");
        }
    }
}
