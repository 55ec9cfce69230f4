//! Several eye regions of one group combined into the group's eye count.
//!
//! Each region is a small game `{a | b}`: `b` eyes are safe, and `a − b` more
//! go to whoever plays there first. With several regions the players take
//! the swings in turn, biggest first: the owner moving first gets the 1st,
//! 3rd, 5th… largest swing and the opponent denies the 2nd, 4th…; the
//! opponent moving first denies the 1st, 3rd… and the owner takes the 2nd,
//! 4th…. So with base = Σ b and swings s₁ ≥ s₂ ≥ …:
//!
//! - `a = base + s₁ + s₃ + …` (owner first)
//! - `b = base + s₂ + s₄ + …` (opponent first)
//!
//! Two half eyes `[1,0] + [1,0]` make one eye `[1,1]`; an eye and a half eye
//! `[1,1] + [1,0]` make `[2,1]`. Counts are capped at two; a region worth
//! `[M,M]` makes the group `[M,M]`, and two regions each worth two eyes for
//! sure also do.

use crate::value::{EyeValue, Eyes};

/// The group's eye value from the values of its eye regions (see the module
/// documentation for the rule).
pub fn combine(values: &[EyeValue]) -> EyeValue {
    if values.iter().any(|v| v.b == Eyes::Many) {
        return EyeValue::MANY;
    }
    let base: u32 = values.iter().map(|v| u32::from(v.b.count())).sum();
    let mut swings: Vec<u32> = values
        .iter()
        .map(|v| u32::from(v.a.count() - v.b.count()))
        .collect();
    swings.sort_unstable_by(|x, y| y.cmp(x));
    let owner: u32 = swings.iter().step_by(2).sum();
    let opponent: u32 = swings.iter().skip(1).step_by(2).sum();
    let a = base + owner;
    let b = base + opponent;
    if b >= 4 {
        return EyeValue::MANY;
    }
    EyeValue::new(
        Eyes::from_count(a.min(2) as u8),
        Eyes::from_count(b.min(2) as u8),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(s: &str) -> EyeValue {
        crate::format::parse_value(s).unwrap()
    }

    #[test]
    fn rules() {
        assert_eq!(combine(&[]), v("[0,0]"));
        assert_eq!(combine(&[v("[1,0]"), v("[1,0]")]), v("[1,1]"));
        assert_eq!(combine(&[v("[1,1]"), v("[1,0]")]), v("[2,1]"));
        assert_eq!(combine(&[v("[1,1]"), v("[1,1]")]), v("[2,2]"));
        assert_eq!(combine(&[v("[2,1]"), v("[2,1]")]), v("[2,2]"));
        // Miai: whichever the opponent spoils, the owner completes the other.
        assert_eq!(combine(&[v("[2,1]"), v("[1,0]")]), v("[2,2]"));
        assert_eq!(combine(&[v("[1,0]"), v("[1,0]"), v("[1,0]")]), v("[2,1]"));
        assert_eq!(combine(&[v("[M,M]"), v("[0,0]")]), v("[M,M]"));
        assert_eq!(combine(&[v("[2,2]"), v("[2,2]")]), v("[M,M]"));
        assert_eq!(combine(&[v("[0,0]")]), v("[0,0]"));
    }
}
