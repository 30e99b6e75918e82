//! Simulated annealing's temperature schedule, and its command-line form
//! (`--schedule t0=4,alpha=0.9995,steps=50000`).

use std::fmt;

/// The temperature schedule of simulated annealing: `t0 · alpha^step`, stopping after `steps`
/// steps or when the temperature falls below `floor`.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct Schedule {
    /// The starting temperature.
    pub t0: f64,
    /// The factor applied each step (0 < alpha < 1).
    pub alpha: f64,
    /// The most steps.
    pub steps: u64,
    /// The temperature below which the search stops.
    pub floor: f64,
}

impl Default for Schedule {
    /// `2 · 0.999^t`, at most 20,000 steps, down to 0.001 (measured on the 8-queens:
    /// `docs/local-search.md`).
    fn default() -> Self {
        Schedule { t0: 2.0, alpha: 0.999, steps: 20_000, floor: 0.001 }
    }
}

/// The most steps a schedule may take.
pub const MAX_STEPS: u64 = 10_000_000;

impl Schedule {
    /// The default schedule with the `name=value` pairs of `text` (comma-separated, any of
    /// `t0`, `alpha`, `steps`, `floor`) set; why not, in words.
    ///
    /// ```
    /// use searchlab_core::local::Schedule;
    /// let slow = Schedule::parse("alpha=0.9995, steps=50000").unwrap();
    /// assert_eq!((slow.t0, slow.alpha, slow.steps, slow.floor), (2.0, 0.9995, 50_000, 0.001));
    /// assert!(Schedule::parse("alpha=1").unwrap_err().contains("below 1"));
    /// ```
    pub fn parse(text: &str) -> Result<Schedule, String> {
        let mut schedule = Schedule::default();
        for pair in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let Some((name, value)) = pair.split_once('=') else {
                return Err(format!("`{pair}`: write NAME=VALUE (t0, alpha, steps, floor)"));
            };
            let (name, value) = (name.trim(), value.trim());
            let number = || match value.parse::<f64>() {
                Ok(v) if v.is_finite() => Ok(v),
                _ => Err(format!("{name}={value}: not a number")),
            };
            match name {
                "t0" => schedule.t0 = number()?,
                "alpha" => schedule.alpha = number()?,
                "floor" => schedule.floor = number()?,
                "steps" => {
                    schedule.steps = value.parse::<u64>().map_err(|_| format!("steps={value}: a whole number"))?
                }
                _ => return Err(format!("`{name}` is not in a schedule: set t0, alpha, steps or floor")),
            }
        }
        schedule.check()
    }

    /// The schedule, if it cools: t0 above the floor, both above 0, alpha in (0, 1), 1 to
    /// [`MAX_STEPS`] steps.
    fn check(self) -> Result<Schedule, String> {
        if !(self.alpha > 0.0 && self.alpha < 1.0) {
            return Err(format!("alpha={}: the factor is above 0 and below 1", self.alpha));
        }
        if !(self.floor > 0.0 && self.t0 > self.floor) {
            return Err(format!("t0={} and floor={}: both above 0, t0 above the floor", self.t0, self.floor));
        }
        if !(1..=MAX_STEPS).contains(&self.steps) {
            return Err(format!("steps={}: from 1 to {MAX_STEPS}", self.steps));
        }
        Ok(self)
    }
}

impl fmt::Display for Schedule {
    /// The form [`Schedule::parse`] reads: `t0=2,alpha=0.999,steps=20000,floor=0.001`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "t0={},alpha={},steps={},floor={}", self.t0, self.alpha, self.steps, self.floor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_schedule_reads_back_what_it_writes_and_refuses_one_that_does_not_cool() {
        assert_eq!(Schedule::parse("").unwrap(), Schedule::default());
        let schedule = Schedule::parse("t0=4,alpha=0.9995,steps=50000,floor=0.01").unwrap();
        assert_eq!(Schedule::parse(&schedule.to_string()).unwrap(), schedule);
        assert_eq!(schedule.to_string(), "t0=4,alpha=0.9995,steps=50000,floor=0.01");
        for (text, words) in [
            ("alpha=1.5", "below 1"),
            ("alpha=0", "above 0"),
            ("t0=0.0001", "t0 above the floor"),
            ("floor=-1", "both above 0"),
            ("steps=0", "from 1 to"),
            ("steps=2.5", "a whole number"),
            ("t0=hot", "not a number"),
            ("t0=inf", "not a number"),
            ("speed=3", "not in a schedule"),
            ("alpha", "NAME=VALUE"),
        ] {
            let err = Schedule::parse(text).unwrap_err();
            assert!(err.contains(words), "{text}: {err}");
        }
    }
}
