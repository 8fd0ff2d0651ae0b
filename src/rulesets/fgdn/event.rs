//! What happened, in the past tense. Events are stored in the save's log with the command that
//! caused them; replaying them rebuilds the state without any dice or tables.
use crate::core::dice::Roll;
use crate::rulesets::fgdn::clock::{Clock, Minute, Phase, Scale};
use crate::rulesets::fgdn::command::{Aspect, CrewBattery, Depth, RangeBand, Side, Weapon};
use crate::rulesets::fgdn::kinds::{Column, CriticalKind, SeverityLevel};
use serde::{Deserialize, Serialize};

/// Fire or flooding.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Casualty {
    Fire,
    Flood,
}

impl Casualty {
    pub fn name(self) -> &'static str {
        match self {
            Casualty::Fire => "fire",
            Casualty::Flood => "flooding",
        }
    }
}

/// Which armor a hit struck (FG&DN 8.1.6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Struck {
    Belt,
    Deck,
}

/// A hit entered during a phase and resolved at its end (SPEC 3.2).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PendingHit {
    /// The weapon's full damage as entered.
    pub dp: u32,
    /// Damage after armor halving (non-penetrating shells and bombs do half, round down).
    pub damage: u32,
    pub penetrated: bool,
    pub struck: Option<Struck>,
    pub weapon: Weapon,
    pub caliber: Option<f64>,
    pub range: Option<RangeBand>,
    pub side: Option<Side>,
    pub depth: Option<Depth>,
    pub aspect: Option<Aspect>,
    /// The severity of an underwater attack on a submerged submarine (FG&DN 8.1.4).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attack: Option<crate::rulesets::fgdn::submarine::Attack>,
    /// Whether a `pen N` hit on the belt got through the casemate armor (two thirds of the
    /// belt, FG&DN 8.3 Casemate), when that differs from `penetrated`; absent: the same.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub casemate: Option<bool>,
    /// A bomb's weight as entered (FG&DN 8.1.2 flight-deck critical); absent: not given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bomb: Option<crate::rulesets::fgdn::command::BombWeight>,
    /// How the damage was worked out, for the log.
    pub explain: String,
}

/// Whether a critical's lasting effect is applied by this version of the console.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EffectStatus {
    Applied,
    /// Recorded, but its lasting effect (FG&DN 8.3) is not applied yet: the umpire applies it.
    NotImplemented,
}

/// A critical hit as recorded on the ship (SPEC 3.3).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Critical {
    pub kind: CriticalKind,
    pub turn: Minute,
    pub phase: Phase,
    /// What caused it: "damage ratio 0.26, D6 5", "automatic: contact torpedo", "umpire".
    pub cause: String,
    /// The D20 location roll and column, when one was rolled.
    pub roll: Option<u32>,
    pub column: Option<Column>,
    /// Its effect in words.
    pub detail: String,
    pub effect: EffectStatus,
    /// Speed breakdown levels lost (engineering criticals).
    #[serde(default)]
    pub speed_levels: u32,
}

/// A fire or flooding critical with its severity (FG&DN 8.2).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FireFlood {
    pub casualty: Casualty,
    pub pct: u32,
    /// Turn inflicted (start minute) and phase.
    pub inflicted: Minute,
    pub phase: Phase,
    /// Turn of the first damage (Resolution Phase), or the inflicting turn if immediate.
    pub first_damage: Minute,
    /// Turn at which it next does damage; None once removed.
    pub next_due: Option<Minute>,
    /// The phase of that turn in which it does damage (Resolution, or the phase being resolved
    /// for immediate damage).
    pub due_phase: Phase,
    pub immediate: bool,
    pub cause: String,
    /// Damage points it has done so far.
    pub damage_done: u32,
    /// Added to the reduction D10 while it burns (avgas +2, ammunition cargo +1, ...; 8.3).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub reduction_mod: i32,
    /// An aircraft fire: it cannot restart after the battle (FG&DN 8.4 Fire).
    #[serde(default, skip_serializing_if = "is_false")]
    pub aircraft: bool,
}

fn is_zero(v: &i32) -> bool {
    *v == 0
}

fn is_false(v: &bool) -> bool {
    !*v
}

/// How a critical count past the Damage Ratio Table's last printed line (1.00) was read (FG&DN
/// 8.1.2 note: one more critical for each full .2 the ratio exceeds 1.00).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct BeyondTable {
    /// The count the 1.00 line gives for the D6.
    pub on_line: u32,
    /// Criticals added by the note.
    pub added: u32,
    /// The note's step, in hundredths of ratio (20: each full .2).
    pub step: u32,
}

impl BeyondTable {
    /// The words the log line and the detail panel give (SPEC 10, a result beyond the printed
    /// table cites its rule).
    pub fn text(&self) -> String {
        let step = format!("{}.{:02}", self.step / 100, self.step % 100);
        let step = step.trim_end_matches('0').trim_start_matches('0');
        format!(
            "past the table's last line, 1.00: {} on that line + {} (one per full {step} over 1.00, 8.1.2 note)",
            self.on_line, self.added
        )
    }
}

/// A [`BeyondTable`] recorded with a critical count, if any. It is an annotation worked out from
/// the ratio, the D6 and the table, recorded only since it is shown; saves written before it lack
/// it, so it takes no part in comparing events: `umpire check` re-decides an older save alike.
#[derive(Debug, Clone, Copy, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Beyond(pub Option<BeyondTable>);

impl Beyond {
    pub fn is_none(&self) -> bool {
        self.0.is_none()
    }
}

impl PartialEq for Beyond {
    fn eq(&self, _: &Beyond) -> bool {
        true
    }
}

/// A fire or flood whose % a damage-control roll changed (index into the ship's list).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PctChange {
    pub index: usize,
    pub from: u32,
    pub to: u32,
}

crate::core::tagged::tagged_enum! {
#[serde(tag = "e", rename_all = "snake_case")]
#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum Event ("Event") {
    DiceQueued {
        faces: Vec<u32>,
    },
    Rolled {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ship: Option<String>,
        roll: Roll,
    },
    HitEntered {
        ship: String,
        hit: PendingHit,
    },
    /// A phase ended (and everything due in it happened after this event).
    PhaseEnded {
        clock: Clock,
    },
    ClockMoved {
        to: Clock,
    },
    ScaleChanged {
        scale: Scale,
    },
    /// The pending hits of a ship were resolved into `total` damage points.
    HitsResolved {
        ship: String,
        total: u32,
        count: u32,
    },
    /// Underwater protection absorbed part of a torpedo (FG&DN 8.1.7.2).
    TdsAbsorbed {
        ship: String,
        side: Side,
        amount: u32,
    },
    /// Damage points taken. Size A-D: DP reduced (never below 0); size E-G: counted for the turn.
    Damage {
        ship: String,
        amount: u32,
        cause: String,
    },
    /// No critical roll (under 1 % of DP, or the ship is at 0 DP).
    NoCriticalRoll {
        ship: String,
        reason: String,
    },
    CriticalCount {
        ship: String,
        /// Damage ratio in hundredths.
        ratio: u32,
        count: u32,
        explain: String,
        /// A count past the table's 1.00 line: how it was extended (8.1.2 note).
        #[serde(default, skip_serializing_if = "Beyond::is_none")]
        beyond: Beyond,
    },
    Critical {
        ship: String,
        critical: Critical,
    },
    CriticalIgnored {
        ship: String,
        kind: CriticalKind,
        roll: Option<u32>,
        reason: String,
    },
    CasualtyStarted {
        ship: String,
        casualty: FireFlood,
    },
    /// A fire or flood did its damage; `index` is its place in the ship's fires or floods.
    CasualtyDamage {
        ship: String,
        casualty: Casualty,
        index: usize,
        amount: u32,
        next_due: Option<Minute>,
        due_phase: Phase,
    },
    /// Ratio of 3.0 or more: the ship is reduced to 10 % DP left (FG&DN 8.1.2, 8.1.10).
    MassiveDamage {
        ship: String,
        dp_left: u32,
    },
    KeelBroken {
        ship: String,
    },
    SinkingStarted {
        ship: String,
        minutes: u32,
        /// The ship disappears in the Movement Phase of the first turn starting at or after this.
        due: Minute,
        cause: String,
    },
    Sunk {
        ship: String,
    },
    Adjusted {
        ship: String,
        field: String,
        old: i64,
        new: i64,
        reason: String,
    },
    Note {
        text: String,
    },
    /// A damage-control roll on the Fire and Flooding Reduction Table (FG&DN 8.2).
    DamageControl {
        ship: String,
        casualty: Casualty,
        /// The D10 as rolled, and after modifiers (a natural 10 stays 10).
        roll: u32,
        modified: u32,
        /// The column read: the effective severity level (None reads as Minor).
        column: SeverityLevel,
        effective_pct: i64,
        /// Signed number of D6 from the table (-2 = "-2D6%", 0 = "NC").
        dice: i32,
        /// Signed % added (+) or removed (-).
        amount: i32,
        changes: Vec<PctChange>,
        explain: String,
    },
    /// Crews of a battery sent to damage control, once per battle (FG&DN 8.2).
    CrewsSent {
        ship: String,
        battery: CrewBattery,
        bonus: u32,
    },
    /// `helper` assists `ship`'s damage control (FG&DN 8.2).
    AssistStarted {
        helper: String,
        ship: String,
    },
    AssistReleased {
        helper: String,
        ship: String,
    },
    /// Magazines flooded in a Plotting Phase: main and secondary ammunition and aircraft
    /// ordnance lost; no conflagration explosion (FG&DN 8.2).
    MagazinesFlooded {
        ship: String,
    },
    /// `flood-hold`: an ammunition hold flooded; all of its cargo (`lost`, in the hold's unit) is
    /// lost and its fire (index into the ship's fires), with the explosion risk, is out (FG&DN
    /// 8.3 Cargo Damage Table).
    HoldFlooded {
        ship: String,
        hold: usize,
        lost: u32,
        fire: Option<usize>,
    },
    /// `purge`: the aviation ammo/fuel stowage flooded or gas-purged; the aviation fuel fires
    /// (indices into the ship's fires) are out, and the ship cannot fuel or arm aircraft for the
    /// rest of the game (FG&DN 8.3 Ammo/Fuel).
    StowagePurged {
        ship: String,
        fires: Vec<usize>,
    },
    /// Whether a ship with a Major fire obeys the order (wind on the bow, 15 kt) (FG&DN 8.2).
    FireOrders {
        ship: String,
        ignored: bool,
    },
    /// Conflagration check at a mark (fires Overwhelmed): `marks` consecutive marks, chance
    /// 25 % each; no roll when the magazines are flooded (FG&DN 8.2).
    ConflagrationCheck {
        ship: String,
        marks: u32,
        chance: u32,
        roll: Option<u32>,
        exploded: bool,
    },
    /// Fires no longer Overwhelmed at a mark: the consecutive count starts again.
    ConflagrationEnded {
        ship: String,
    },
    /// Capsize check at a mark (flooding Overwhelmed, 25 %) (FG&DN 8.2).
    CapsizeCheck {
        ship: String,
        roll: u32,
        chance: u32,
        capsized: bool,
    },
    /// The ship is gone at once (magazine explosion, capsizing) (SPEC 3.2).
    SunkAtOnce {
        ship: String,
        cause: String,
    },
    /// A lasting effect of a critical hit on equipment, or its timer firing (FG&DN 8.3).
    Effect {
        ship: String,
        effect: crate::rulesets::fgdn::effects::Effect,
    },
    /// `end-battle`: the post-battle timeline starts; `at` is when the battle ended (SPEC 3.6).
    BattleEnded {
        at: Minute,
        sea_state: u32,
    },
    /// Fires and flooding still burning at the end of the battle are brought under control.
    CasualtiesSecured {
        ship: String,
        fires: u32,
        floods: u32,
    },
    /// Half of the flooding damage pumped out (FG&DN 8.4): `restored` DP back; a patch is in
    /// place and may pop at each mark.
    FloodingPumped {
        ship: String,
        restored: u32,
        flood_damage: u32,
    },
    /// The systems a ship may repair after the battle (FG&DN 8.4, 8.5).
    RepairsListed {
        ship: String,
        items: Vec<crate::rulesets::fgdn::repairs::RepairItem>,
    },
    /// A repair roll (D100 <= chance repairs; a failed 48-hour roll: not repairable at sea).
    RepairRoll {
        ship: String,
        index: usize,
        hours: u32,
        roll: u32,
        chance: u32,
        repaired: bool,
    },
    /// A flooding patch check at a post-battle mark (FG&DN 8.4); no roll when the chance is 0.
    PatchCheck {
        ship: String,
        hours: u32,
        chance: u32,
        roll: Option<u32>,
        popped: bool,
        explain: String,
    },
    /// A fire restart check (`index` into the ship's fires) (FG&DN 8.4).
    FireRestart {
        ship: String,
        index: usize,
        hours: u32,
        chance: u32,
        roll: u32,
        restarted: bool,
    },
    /// The 48-hour rolls are done: the post-battle timeline is over.
    PostBattleFinished,
    /// `sea-state N`.
    SeaStateSet {
        sea_state: u32,
    },
    /// Equipment serviceability was rolled before the game (FG&DN 8.5).
    ServiceabilityChecked,
    /// `beach SHIP [aground]`: the ship is beached or aground (FG&DN 8.1.5).
    Grounded {
        ship: String,
        how: crate::rulesets::fgdn::grounding::Grounding,
    },
    /// `refloat SHIP` (FG&DN 8.1.5).
    Refloated {
        ship: String,
    },
    /// A beached or grounded ship that would have started to sink stays where it is (8.1.5).
    StaysGrounded {
        ship: String,
        cause: String,
    },
    /// A submarine's depth or state changed (FG&DN 8.1.4, 8.2, 8.3).
    Submarine {
        ship: String,
        change: crate::rulesets::fgdn::submarine::SubChange,
    },
    /// Search and rescue (FG&DN 8.6, optional): survivors in the water, picked up.
    Rescue(Box<crate::rulesets::fgdn::rescue::RescueEvent>),
    /// `transfer`: crew moved between two small craft, or not (FG&DN 8.1.9).
    CrewTransfer(Box<crate::rulesets::fgdn::transfer::Transfer>),
    /// An airship's critical hit, a change of her state, her gondola fire (FG&DN 8.8).
    Airship(Box<crate::rulesets::fgdn::airship::AirshipEvent>),
    /// An aircraft of a flight hit, or repaired (FG&DN 8.1, 8.5, 8.7).
    Flight(Box<crate::rulesets::fgdn::flight::FlightEvent>),
    /// An item failed its serviceability roll: out for the battle (FG&DN 8.5).
    Breakdown {
        ship: String,
        target: crate::rulesets::fgdn::repairs::RepairTarget,
        what: String,
        roll: u32,
        chance: u32,
    },
    /// `chance`: a salvo's chance to hit worked out on the Gunfire Hit Chance Modifiers Table
    /// (FG&DN p. 6-4) and, when asked, its D100 (hits if <= chance). Changes nothing.
    GunChance(Box<GunChance>),
}
}

/// The record of a `chance` (kept behind a box: every other event stays small, and the log
/// holds tens of thousands of them). It is stored exactly as a variant with these fields.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GunChance {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub firer: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<String>,
    pub input: crate::rulesets::fgdn::chance::ChanceInput,
    pub result: crate::rulesets::fgdn::chance::ChanceResult,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub roll: Option<u32>,
}

impl Event {
    /// Whether the event concerns ship `id`: its ship, or the other boat of a crew transfer
    /// (8.1.9) or of a rescue (8.6: the rescuer and the lost ship).
    pub fn concerns(&self, id: &str) -> bool {
        self.ship() == Some(id)
            || match self {
                Event::CrewTransfer(t) => t.to == id,
                Event::Rescue(r) => r.ships().1 == Some(id),
                _ => false,
            }
    }

    /// The ship the event concerns, if any.
    pub fn ship(&self) -> Option<&str> {
        match self {
            Event::HitEntered { ship, .. }
            | Event::HitsResolved { ship, .. }
            | Event::TdsAbsorbed { ship, .. }
            | Event::Damage { ship, .. }
            | Event::NoCriticalRoll { ship, .. }
            | Event::CriticalCount { ship, .. }
            | Event::Critical { ship, .. }
            | Event::CriticalIgnored { ship, .. }
            | Event::CasualtyStarted { ship, .. }
            | Event::CasualtyDamage { ship, .. }
            | Event::MassiveDamage { ship, .. }
            | Event::KeelBroken { ship }
            | Event::SinkingStarted { ship, .. }
            | Event::Sunk { ship }
            | Event::Adjusted { ship, .. }
            | Event::DamageControl { ship, .. }
            | Event::CrewsSent { ship, .. }
            | Event::AssistStarted { ship, .. }
            | Event::AssistReleased { ship, .. }
            | Event::MagazinesFlooded { ship }
            | Event::HoldFlooded { ship, .. }
            | Event::StowagePurged { ship, .. }
            | Event::FireOrders { ship, .. }
            | Event::ConflagrationCheck { ship, .. }
            | Event::ConflagrationEnded { ship }
            | Event::CapsizeCheck { ship, .. }
            | Event::SunkAtOnce { ship, .. }
            | Event::Effect { ship, .. }
            | Event::CasualtiesSecured { ship, .. }
            | Event::FloodingPumped { ship, .. }
            | Event::RepairsListed { ship, .. }
            | Event::RepairRoll { ship, .. }
            | Event::PatchCheck { ship, .. }
            | Event::FireRestart { ship, .. }
            | Event::Breakdown { ship, .. }
            | Event::Grounded { ship, .. }
            | Event::Refloated { ship }
            | Event::StaysGrounded { ship, .. }
            | Event::Submarine { ship, .. } => Some(ship),
            Event::Rolled { ship, .. } => ship.as_deref(),
            Event::GunChance(g) => g.firer.as_deref(),
            Event::CrewTransfer(t) => Some(&t.from),
            Event::Rescue(r) => Some(r.ships().0),
            Event::Airship(a) => Some(&a.ship),
            Event::Flight(f) => Some(&f.ship),
            _ => None,
        }
    }
}

#[cfg(test)]
mod size_tests {
    /// SPEC 7 (resident memory under 50 MB at 20,000 commands): the log holds hundreds of
    /// thousands of events, so a large variant must be boxed (as `GunChance` is); an unboxed
    /// one grew every event from 104 to 184 bytes and the fleet benchmark past its budget.
    #[test]
    fn every_event_stays_small() {
        assert!(
            std::mem::size_of::<super::Event>() <= 112,
            "{} bytes",
            std::mem::size_of::<super::Event>()
        );
    }
}
