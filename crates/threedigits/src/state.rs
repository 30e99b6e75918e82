//! A node of the 3-digit puzzle: a number and the digit changed to reach it.

use std::fmt;

/// A 3-digit number, `000` to `999` (leading zeros count as digits).
///
/// Serialized as its three-digit text (`"018"`), as it is printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Number(u16);

impl serde::Serialize for Number {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl Number {
    /// The number `value`, or `None` above 999.
    pub fn new(value: u16) -> Option<Number> {
        (value <= 999).then_some(Number(value))
    }

    /// The numeric value, 0 to 999.
    pub fn value(self) -> u16 {
        self.0
    }

    /// Digit `i` (0 = first/hundreds, 2 = last/units).
    pub fn digit(self, i: usize) -> u8 {
        debug_assert!(i < 3);
        let place = [100, 10, 1][i];
        ((self.0 / place) % 10) as u8
    }

    /// The digits, first to last.
    pub fn digits(self) -> [u8; 3] {
        [self.digit(0), self.digit(1), self.digit(2)]
    }

    /// This number with digit `i` changed by `delta` (±1), or `None` when that would take
    /// the digit past 9 or below 0.
    pub fn step(self, i: usize, delta: i8) -> Option<Number> {
        let d = self.digit(i) as i8 + delta;
        if !(0..=9).contains(&d) {
            return None;
        }
        let place = [100i16, 10, 1][i];
        Some(Number((self.0 as i16 + delta as i16 * place) as u16))
    }

    /// The Manhattan heuristic: the sum of the absolute digit differences.
    ///
    /// ```
    /// use searchlab_threedigits::Number;
    /// let (a, b) = (Number::new(123).unwrap(), Number::new(492).unwrap());
    /// assert_eq!(a.manhattan(b), 11);
    /// ```
    pub fn manhattan(self, other: Number) -> u64 {
        (0..3).map(|i| (self.digit(i) as i64 - other.digit(i) as i64).unsigned_abs()).sum()
    }
}

impl fmt::Display for Number {
    /// Always three digits: `018`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:03}", self.0)
    }
}

/// A search node's state: the number, and which digit the move into it changed (`None`
/// for the start node). Two nodes are "the same" exactly when their states are equal:
/// equal digits and the same changed digit give the same children, and different changed
/// digits always give different children (see the conformance README, §4.2).
///
/// Serialized as traces show it: `{"number": "320", "changed": 1}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
pub struct State {
    /// The number.
    pub number: Number,
    /// The digit (0, 1, 2) changed by the move into this node; `None` at the start.
    pub changed: Option<u8>,
}

impl State {
    /// A dense index of this state in `0..4000`.
    pub fn index(self) -> usize {
        self.number.value() as usize * 4 + self.changed.map_or(0, |c| c as usize + 1)
    }
}

/// A move: which digit, and whether it goes down or up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
pub struct Move {
    /// The digit changed (0 = first).
    pub digit: u8,
    /// +1 or −1.
    pub delta: i8,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_and_steps() {
        let n = Number::new(953).unwrap();
        assert_eq!(n.digits(), [9, 5, 3]);
        assert_eq!(n.step(0, -1), Number::new(853));
        assert_eq!(n.step(0, 1), None);
        assert_eq!(Number::new(0).unwrap().step(2, -1), None);
        assert_eq!(Number::new(123).unwrap().step(2, 1), Number::new(124));
        assert_eq!(Number::new(1000), None);
    }

    #[test]
    fn display_pads_to_three_digits() {
        assert_eq!(Number::new(18).unwrap().to_string(), "018");
        assert_eq!(Number::new(0).unwrap().to_string(), "000");
    }

    #[test]
    fn indexes_are_distinct_and_dense() {
        let mut seen = vec![false; 4000];
        for v in 0..1000 {
            for changed in [None, Some(0), Some(1), Some(2)] {
                let i = State { number: Number::new(v).unwrap(), changed }.index();
                assert!(!seen[i]);
                seen[i] = true;
            }
        }
    }
}
