//! Eye values `[a,b]` (seed 000 §3.3.2, fig. 21) and their normalisation.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A number of eyes: 0, 1, 2, or `M` ("two or more, comfortably": two eyes
/// even if the opponent gets two moves in a row here).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Eyes {
    /// No eye.
    Zero,
    /// One eye.
    One,
    /// Two eyes.
    Two,
    /// Two or more, comfortably (`M` in the seed).
    Many,
}

impl Eyes {
    /// The count used in arithmetic: `M` counts as 2.
    pub const fn count(self) -> u8 {
        match self {
            Eyes::Zero => 0,
            Eyes::One => 1,
            Eyes::Two | Eyes::Many => 2,
        }
    }

    /// 0, 1 or 2 (anything above 2 is 2).
    pub const fn from_count(n: u8) -> Eyes {
        match n {
            0 => Eyes::Zero,
            1 => Eyes::One,
            _ => Eyes::Two,
        }
    }

    /// The symbol used in files: `0`, `1`, `2`, `M`.
    pub const fn symbol(self) -> char {
        match self {
            Eyes::Zero => '0',
            Eyes::One => '1',
            Eyes::Two => '2',
            Eyes::Many => 'M',
        }
    }

    /// Parses `0`, `1`, `2` or `M` (also `m`).
    pub fn from_symbol(c: char) -> Option<Eyes> {
        match c {
            '0' => Some(Eyes::Zero),
            '1' => Some(Eyes::One),
            '2' => Some(Eyes::Two),
            'M' | 'm' => Some(Eyes::Many),
            _ => None,
        }
    }
}

/// An eye value `[a,b]`: `a` eyes if the owner plays first here, `b` if the
/// opponent does (seed 000 §3.3.2 step 2). `a >= b` always.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct EyeValue {
    /// Eyes if the owner moves first.
    pub a: Eyes,
    /// Eyes if the opponent moves first.
    pub b: Eyes,
}

impl EyeValue {
    /// `[M,M]`: the value of every eye region of 10 or more points (seed 000 §3.3.2).
    pub const MANY: EyeValue = EyeValue {
        a: Eyes::Many,
        b: Eyes::Many,
    };
    /// `[0,0]`.
    pub const NONE: EyeValue = EyeValue {
        a: Eyes::Zero,
        b: Eyes::Zero,
    };

    /// A value from two counts.
    pub const fn new(a: Eyes, b: Eyes) -> EyeValue {
        EyeValue { a, b }
    }

    /// The normalised number of eyes of fig. 21, which the text does not give;
    /// BRIEF.md fixes it as `(a + b) / 4` capped at 1, with `M` counting 2:
    /// `[1,0]` → 0.25, `[1,1]` → 0.5, `[2,1]` → 0.75, `[2,2]` and `[M,M]` → 1.
    pub fn normalized(self) -> f64 {
        (f64::from(self.a.count() + self.b.count()) / 4.0).min(1.0)
    }
}

impl fmt::Display for EyeValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{},{}]", self.a.symbol(), self.b.symbol())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalisation_follows_the_brief() {
        let v = |a, b| EyeValue::new(a, b).normalized();
        assert!((v(Eyes::One, Eyes::Zero) - 0.25).abs() < 1e-12);
        assert!((v(Eyes::One, Eyes::One) - 0.5).abs() < 1e-12);
        assert!((v(Eyes::Two, Eyes::One) - 0.75).abs() < 1e-12);
        assert!((v(Eyes::Two, Eyes::Two) - 1.0).abs() < 1e-12);
        assert!((EyeValue::MANY.normalized() - 1.0).abs() < 1e-12);
        assert!(v(Eyes::Zero, Eyes::Zero).abs() < 1e-12);
    }
}
