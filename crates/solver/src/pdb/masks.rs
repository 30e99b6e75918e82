//! The builder's per-placement bit masks of blank cells, as atomics of the right width
//! (u16/u32 masks; a u32/u64 word holding the seen and next-layer masks side by side).

use std::sync::atomic::{AtomicU16, AtomicU32, AtomicU64, Ordering};

/// Bit masks of blank cells, as atomics of the right width for the board (u16 up to 4×4).
pub(super) trait Mask: Sync + Send {
    fn new_zeroed(len: usize) -> Vec<Self>
    where
        Self: Sized;
    fn get(&self) -> u32;
    fn set(&self, v: u32);
}

macro_rules! mask_impl {
    ($atomic:ty, $int:ty) => {
        impl Mask for $atomic {
            fn new_zeroed(len: usize) -> Vec<Self> {
                (0..len).map(|_| <$atomic>::new(0)).collect()
            }
            #[inline(always)]
            fn get(&self) -> u32 {
                self.load(Ordering::Relaxed) as u32
            }
            #[inline(always)]
            fn set(&self, v: u32) {
                self.store(v as $int, Ordering::Relaxed)
            }
        }
    };
}
mask_impl!(AtomicU16, u16);
mask_impl!(AtomicU32, u32);

/// One atomic word per placement holding two masks: blank cells seen in earlier layers (low half)
/// and those added to the next layer (high half), so a successor costs one cache miss, not two.
pub(super) trait Word: Sync + Send {
    fn new_zeroed(len: usize) -> Vec<Self>
    where
        Self: Sized;
    /// (seen, seen | next).
    fn known(&self) -> (u32, u32);
    fn set_seen(&self, v: u32);
    fn add_next(&self, v: u32);
    /// Moves the next-layer half into the seen half; returns (next mask, whether seen was empty).
    fn merge(&self) -> (u32, bool);
}

macro_rules! word_impl {
    ($atomic:ty, $int:ty, $shift:expr) => {
        impl Word for $atomic {
            fn new_zeroed(len: usize) -> Vec<Self> {
                (0..len).map(|_| <$atomic>::new(0)).collect()
            }
            #[inline(always)]
            fn known(&self) -> (u32, u32) {
                let w = self.load(Ordering::Relaxed);
                let low = ((1 as $int) << $shift) - 1;
                ((w & low) as u32, ((w | (w >> $shift)) & low) as u32)
            }
            #[inline(always)]
            fn set_seen(&self, v: u32) {
                self.store(v as $int, Ordering::Relaxed)
            }
            #[inline(always)]
            fn add_next(&self, v: u32) {
                self.fetch_or((v as $int) << $shift, Ordering::Relaxed);
            }
            #[inline(always)]
            fn merge(&self) -> (u32, bool) {
                let w = self.load(Ordering::Relaxed);
                let next = w >> $shift;
                if next == 0 {
                    return (0, false);
                }
                let low = ((1 as $int) << $shift) - 1;
                self.store((w | next) & low, Ordering::Relaxed);
                (next as u32, w & low == 0)
            }
        }
    };
}
word_impl!(AtomicU32, u32, 16);
word_impl!(AtomicU64, u64, 32);
