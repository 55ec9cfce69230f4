//! The eye-shape database of keisei (issue 3; work in progress).

pub mod enumerate;
pub mod shape;
pub mod space;
pub mod value;
