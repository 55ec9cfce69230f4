//! Source diagnostics (to be written).
