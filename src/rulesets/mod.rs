//! The rule systems, one folder each: `fgdn` (Fear God & Dread Nought 1.1), `dnb`
//! (Dreadnoughts & Battlewagons), `late19` (the late-19th-century naval rules), `quickfire`
//! (Quickfire 1.1) and `aage` (the A&A Game Engineering fast-play rules). Each binds
//! its state, commands, events, clock and tables to the shared engine in `core` through the
//! `Rules` and `Ruleset` traits (a numbered-turn one through `core::turns::TurnRules`); the ids
//! are `core::ruleset::RULESETS`.
//!
//! FG&DN has faces of its own. Every other ruleset is played on the faces written once (the
//! generic dashboard, `run`, `status`, `log`, `report`, `check`, `review`, `watch`), which reach
//! it through [`visit`]: adding a ruleset is its folder, its id in `RULESETS` and a line there.
pub mod aage;
pub mod dnb;
pub mod fgdn;
pub mod late19;
pub mod quickfire;

use crate::core::board::Board;

/// What the faces need of a ruleset played on the generic faces, beyond its screen model.
pub trait Registered: Board {
    /// Where its demo battle is in the repository (for messages), and its text (compiled in).
    const DEMO_PATH: &'static str;
    const DEMO: &'static str;
    /// Why `umpire carry` refuses its battles.
    const NO_CARRY: &'static str;
}

/// A face that works on any registered ruleset.
pub trait Visitor {
    type Out;
    fn visit<R: Registered>(self) -> Self::Out;
}

/// A face that works on any ruleset's roster (`umpire import`, `umpire export`).
pub trait RosterVisitor {
    type Out;
    fn visit<R: crate::core::roster::Roster>(self) -> Self::Out;
}

/// Run `v` on the roster of the ruleset `id` (every known ruleset; None for an unknown one).
pub fn visit_roster<V: RosterVisitor>(id: &str, v: V) -> Option<V::Out> {
    match id {
        id if id == <fgdn::Fgdn as crate::core::ruleset::Rules>::ID => {
            Some(v.visit::<fgdn::Fgdn>())
        }
        dnb::ID => Some(v.visit::<dnb::game::Dnb>()),
        late19::ID => Some(v.visit::<late19::game::Late19>()),
        quickfire::ID => Some(v.visit::<quickfire::game::Quickfire>()),
        aage::ID => Some(v.visit::<aage::game::Aage>()),
        _ => None,
    }
}

/// A face that works on any ruleset's battle builder rows (`umpire new`).
pub trait BuildVisitor {
    type Out;
    fn visit<R: crate::core::build::Builds>(self) -> Self::Out;
}

/// Run `v` on the builder rows of the ruleset `id` (every known ruleset; None for an unknown
/// one).
pub fn visit_build<V: BuildVisitor>(id: &str, v: V) -> Option<V::Out> {
    match id {
        id if id == <fgdn::Fgdn as crate::core::ruleset::Rules>::ID => {
            Some(v.visit::<fgdn::Fgdn>())
        }
        dnb::ID => Some(v.visit::<dnb::game::Dnb>()),
        late19::ID => Some(v.visit::<late19::game::Late19>()),
        quickfire::ID => Some(v.visit::<quickfire::game::Quickfire>()),
        aage::ID => Some(v.visit::<aage::game::Aage>()),
        _ => None,
    }
}

/// Run `v` on the ruleset `id` (None for FG&DN's id and for an unknown one).
pub fn visit<V: Visitor>(id: &str, v: V) -> Option<V::Out> {
    match id {
        dnb::ID => Some(v.visit::<dnb::game::Dnb>()),
        late19::ID => Some(v.visit::<late19::game::Late19>()),
        quickfire::ID => Some(v.visit::<quickfire::game::Quickfire>()),
        aage::ID => Some(v.visit::<aage::game::Aage>()),
        _ => None,
    }
}

/// The demo text of a ruleset on the generic faces.
pub fn demo(id: &str) -> Option<&'static str> {
    struct Demo;
    impl Visitor for Demo {
        type Out = &'static str;
        fn visit<R: Registered>(self) -> &'static str {
            R::DEMO
        }
    }
    visit(id, Demo)
}

/// Whether `id` is played on the generic faces (every known ruleset but FG&DN).
pub fn is_generic(id: &str) -> bool {
    struct Known;
    impl Visitor for Known {
        type Out = ();
        fn visit<R: Registered>(self) {}
    }
    visit(id, Known).is_some()
}
