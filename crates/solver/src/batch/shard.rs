//! `--shard K/N`: one of N interleaved slices of a suite, so a job array or GNU parallel can split
//! it over machines.

use std::fmt;
use std::str::FromStr;

use crate::error::BatchError;

/// Slice `index` of `count` (0-based): the instances at positions `index`, `index + count`,
/// `index + 2·count`, … of the selected list. Every instance is in exactly one of the `count`
/// shards `0/count` … `(count-1)/count`.
///
/// ```
/// use searchlab_solver::batch::Shard;
/// let shard: Shard = "1/3".parse()?;
/// assert_eq!(shard.select(&[10, 11, 12, 13, 14, 15, 16]), vec![&11, &14]);
/// assert!("3/3".parse::<Shard>().is_err()); // 0-based: the last shard of 3 is 2/3
/// # Ok::<(), searchlab_solver::BatchError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    index: usize,
    count: usize,
}

impl Shard {
    /// Shard `index` of `count`; `count` ≥ 1 and `index` < `count`.
    pub fn new(index: usize, count: usize) -> Result<Shard, BatchError> {
        if count == 0 || index >= count {
            return Err(BatchError::Shard(format!("{index}/{count}")));
        }
        Ok(Shard { index, count })
    }

    /// The 0-based slice number K.
    pub fn index(self) -> usize {
        self.index
    }

    /// The number of slices N.
    pub fn count(self) -> usize {
        self.count
    }

    /// Whether the item at 0-based `position` belongs to this shard.
    pub fn contains(self, position: usize) -> bool {
        position % self.count == self.index
    }

    /// The items of this shard, in their order.
    pub fn select<T>(self, items: &[T]) -> Vec<&T> {
        items.iter().skip(self.index).step_by(self.count).collect()
    }
}

impl FromStr for Shard {
    type Err = BatchError;

    /// Parses `K/N` (0-based K, e.g. `0/4` … `3/4`).
    fn from_str(text: &str) -> Result<Shard, BatchError> {
        let bad = || BatchError::Shard(text.to_string());
        let (k, n) = text.split_once('/').ok_or_else(bad)?;
        let (k, n) = (k.trim().parse().map_err(|_| bad())?, n.trim().parse().map_err(|_| bad())?);
        Shard::new(k, n).map_err(|_| bad())
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn parses_and_refuses() {
        assert_eq!("0/1".parse::<Shard>().unwrap(), Shard::new(0, 1).unwrap());
        assert_eq!(" 2 / 5 ".parse::<Shard>().unwrap().to_string(), "2/5");
        for bad in ["", "1", "1/0", "0/0", "5/5", "-1/3", "a/3", "1/3/4", "1/-3", "1/"] {
            let err = bad.parse::<Shard>().unwrap_err();
            assert!(matches!(&err, BatchError::Shard(t) if t == bad), "{bad:?}");
            assert!(!err.to_string().contains('\n'));
        }
    }

    proptest! {
        /// The N shards partition the list and keep its order.
        #[test]
        fn shards_partition_the_list(len in 0usize..60, count in 1usize..9) {
            let items: Vec<usize> = (0..len).collect();
            let mut seen = Vec::new();
            for index in 0..count {
                let shard = Shard::new(index, count).unwrap();
                let part = shard.select(&items);
                prop_assert!(part.windows(2).all(|w| w[0] < w[1]));
                prop_assert!(part.iter().all(|&&p| shard.contains(p)));
                seen.extend(part.into_iter().copied());
            }
            seen.sort_unstable();
            prop_assert_eq!(seen, items);
        }
    }
}
