//! The pattern language (to be written).
