//! Everything specific to FG&DN 1.1.
pub mod aviation;
pub mod cargo;
pub mod carried;
pub mod damage;
pub mod damage_control;
pub mod effects;
pub mod fire_flood;
pub mod grounding;
pub mod kinds;
pub mod log;
pub mod nation;
pub mod repairs;
pub mod resolve;
pub mod speed;
pub mod status;
pub mod tables;
pub mod timers;
