//! The textbook's experiments on the 8-puzzle, each a report of its own: the complete table
//! of boards by distance ([`distances`]) and the heuristics table of search cost and
//! effective branching factor by solution length ([`branching`]); and the same table for the
//! 15-puzzle from the optimal solver's runs on Korf's 100 ([`Korf`]).

mod branching;
mod branching_page;
mod distances;
mod korf;

pub use branching::{branching, Branching, BranchingOptions, BranchingRow, Column, BOOK_COLUMNS, COLUMNS};
pub use distances::{distances, Distances};
pub use korf::{Korf, KorfRecord};

use plotters::coord::types::{RangedCoordf64, RangedCoordu64};
use plotters::coord::Shift;
use plotters::prelude::*;

use crate::plot::fail;

/// The chart both heuristics tables draw b* on: b* from 1 to `top` against the optimal
/// solution length from `lo` to `hi`, on a white page captioned `caption`.
fn b_star_chart<'a, DB: DrawingBackend>(
    root: &'a DrawingArea<DB, Shift>,
    caption: &str,
    (lo, hi): (u64, u64),
    top: f64,
) -> Result<ChartContext<'a, DB, Cartesian2d<RangedCoordu64, RangedCoordf64>>, String> {
    crate::font::register_font()?;
    root.fill(&WHITE).map_err(fail)?;
    let mut chart = ChartBuilder::on(root)
        .caption(caption, ("sans-serif", 26))
        .margin(16)
        .x_label_area_size(48)
        .y_label_area_size(80)
        .build_cartesian_2d(lo.saturating_sub(1)..hi + 1, 1.0..top)
        .map_err(fail)?;
    chart
        .configure_mesh()
        .x_desc("optimal solution length d (moves)")
        .y_desc("b*")
        .label_style(("sans-serif", 17))
        .draw()
        .map_err(fail)?;
    Ok(chart)
}
