//! The one font of every plot: DejaVu Sans, embedded in the binary and registered as
//! plotters' `sans-serif`, so that text is measured (SVG) and drawn (PNG) the same on any
//! machine.

use std::sync::OnceLock;

use plotters::style::{register_font as add_font, FontStyle};

/// DejaVu Sans (Bitstream Vera license with DejaVu's public-domain changes: `fonts/`), the font
/// every plot's text is measured and, in a PNG, drawn with.
const FONT: &[u8] = include_bytes!("../fonts/DejaVuSans.ttf");

/// Makes the embedded font plotters' `sans-serif` (once per process).
pub(crate) fn register_font() -> Result<(), String> {
    static REGISTERED: OnceLock<Result<(), String>> = OnceLock::new();
    REGISTERED
        .get_or_init(|| {
            add_font("sans-serif", FontStyle::Normal, FONT)
                .map_err(|_| "the embedded font DejaVu Sans cannot be read".to_string())
        })
        .clone()
}
