//! What FG&DN's dashboard adds to the one written once (`tui::board`): the gun hit-chance
//! calculator (`chance_form`), a form it draws itself (`chance_box`), registered as its
//! [`OwnForm`] in `tui::dashboard::own_forms`. Everything else on its dashboard is its screen
//! model (`rulesets::fgdn::board`) drawn by `tui::board`.
pub mod chance_box;
pub mod chance_form;
#[cfg(test)]
mod form_tests;

use crate::rulesets::fgdn::Fgdn;
use crate::tui::board::OwnForm;
use crate::tui::form::FormKind;
use crate::tui::keymap::Action;

/// FG&DN's forms of its own: the hit-chance calculator behind `%` (p. 6-4, SPEC 3.9).
pub fn own_forms() -> Vec<OwnForm<Fgdn>> {
    vec![OwnForm {
        action: Action::HitChance,
        kind: FormKind::Own,
        open: chance_form::new,
        draw: chance_box::draw,
    }]
}
