//! Tactical reading (to be written).
