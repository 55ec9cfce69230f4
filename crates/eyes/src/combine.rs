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
    combine_iter(values.iter().copied())
}

/// [`combine`] over any sequence of values, in one pass and without a list:
/// a swing is 0, 1 or 2 eyes, so the swings sorted biggest first are
/// `twos` 2s and then `ones` 1s, and each side's share is counted.
pub fn combine_iter(values: impl IntoIterator<Item = EyeValue>) -> EyeValue {
    let (mut base, mut twos, mut ones) = (0u32, 0u32, 0u32);
    let mut many = false;
    for v in values {
        many |= v.b == Eyes::Many;
        base += u32::from(v.b.count());
        match v.a.count() - v.b.count() {
            0 => {}
            1 => ones += 1,
            _ => twos += 1,
        }
    }
    if many {
        return EyeValue::MANY;
    }
    // The 2s take places 1, 2, … of the order; the first 1 comes after
    // them, in the owner's place when there is an even number of 2s.
    let (first, second) = (ones.div_ceil(2), ones / 2);
    let (owner_ones, opponent_ones) = if twos % 2 == 0 {
        (first, second)
    } else {
        (second, first)
    };
    let a = base + 2 * twos.div_ceil(2) + owner_ones;
    let b = base + 2 * (twos / 2) + opponent_ones;
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

    /// The rule as the module documentation states it: swings sorted,
    /// biggest first, taken in turn.
    fn by_sorting(values: &[EyeValue]) -> EyeValue {
        if values.iter().any(|v| v.b == Eyes::Many) {
            return EyeValue::MANY;
        }
        let base: u32 = values.iter().map(|v| u32::from(v.b.count())).sum();
        let mut swings: Vec<u32> = values
            .iter()
            .map(|v| u32::from(v.a.count() - v.b.count()))
            .collect();
        swings.sort_unstable_by(|x, y| y.cmp(x));
        let a = base + swings.iter().step_by(2).sum::<u32>();
        let b = base + swings.iter().skip(1).step_by(2).sum::<u32>();
        if b >= 4 {
            return EyeValue::MANY;
        }
        EyeValue::new(
            Eyes::from_count(a.min(2) as u8),
            Eyes::from_count(b.min(2) as u8),
        )
    }

    /// Checks every multiset of up to six values (order does not matter to
    /// either rule) that extends `list`, as non-decreasing index sequences.
    fn walk(values: &[EyeValue], from: usize, list: &mut Vec<EyeValue>, checked: &mut usize) {
        assert_eq!(combine(list), by_sorting(list), "{list:?}");
        *checked += 1;
        if list.len() == 6 {
            return;
        }
        for i in from..values.len() {
            list.push(values[i]);
            walk(values, i, list, checked);
            list.pop();
        }
    }

    /// Every list of up to six values (from the ten with `a >= b`) gives
    /// what sorting the swings gives.
    #[test]
    fn counting_the_swings_is_sorting_them() {
        let all = [Eyes::Zero, Eyes::One, Eyes::Two, Eyes::Many];
        let values: Vec<EyeValue> = all
            .iter()
            .flat_map(|&a| all.iter().map(move |&b| (a, b)))
            .filter(|(a, b)| a.count() >= b.count() && (*b != Eyes::Many || *a == Eyes::Many))
            .map(|(a, b)| EyeValue::new(a, b))
            .collect();
        let mut list = Vec::new();
        let mut checked = 0;
        walk(&values, 0, &mut list, &mut checked);
        assert!(checked > 1000, "{checked}");
    }
}
