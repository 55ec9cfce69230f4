//! The eye-shape database of keisei (issue 3; work in progress).

pub mod builtin;
pub mod combine;
pub mod db;
pub mod enumerate;
pub mod format;
pub mod lint;
pub mod region;
pub mod shape;
pub mod space;
pub mod store;
pub mod value;
pub mod verify;
