//! Text made safe for a terminal, a spreadsheet or a page: written once in
//! [`crate::core::text`] (pure, so a ruleset's own report and log wording use it too).
pub use crate::core::text::*;
