//! The weight of weighted A* (f = g + w·h) as an exact fraction, so that its priorities stay
//! whole numbers: parsed from a decimal and shown as one.

/// The weight w of weighted A* (f = g + w·h), an exact ratio `num / den` ≥ 1, so that
/// priorities stay whole numbers: the engine orders by `den·g + num·h`, the same order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Weight {
    /// The numerator.
    pub num: u64,
    /// The denominator (> 0).
    pub den: u64,
}

impl Weight {
    /// w = 1: A*.
    pub const ONE: Weight = Weight { num: 1, den: 1 };

    /// A weight from a decimal (`2`, `1.5`, `1.25`), at least 1, at most 1000, with at most
    /// three decimals.
    ///
    /// ```
    /// use searchlab_core::Weight;
    /// assert_eq!(Weight::parse("1.5"), Ok(Weight { num: 3, den: 2 }));
    /// assert_eq!(Weight::parse("2"), Ok(Weight { num: 2, den: 1 }));
    /// assert!(Weight::parse("0.5").is_err() && Weight::parse("x").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<Weight, String> {
        let bad = || format!("`{text}` is not a weight: a number from 1 to 1000 with at most three decimals (1.5)");
        let text = text.trim();
        let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
        if whole.is_empty()
            || fraction.len() > 3
            || !(whole.chars().chain(fraction.chars()).all(|c| c.is_ascii_digit()))
        {
            return Err(bad());
        }
        let den = 10u64.pow(fraction.len() as u32);
        let num = whole.parse::<u64>().map_err(|_| bad())?.checked_mul(den).ok_or_else(bad)?
            + if fraction.is_empty() { 0 } else { fraction.parse::<u64>().map_err(|_| bad())? };
        if num < den || num > 1000 * den {
            return Err(bad());
        }
        let divisor = gcd(num, den);
        Ok(Weight { num: num / divisor, den: den / divisor })
    }
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

impl Default for Weight {
    fn default() -> Self {
        Weight::ONE
    }
}

impl std::fmt::Display for Weight {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.den == 1 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}", self.num as f64 / self.den as f64)
        }
    }
}
