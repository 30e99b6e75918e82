//! The report's plots (and the class page's, through [`png_of`]) as PNG images: drawn by
//! plotters' bitmap backend into an RGB buffer, text rasterised by `ab_glyph` with DejaVu Sans
//! embedded in the binary (no system font, fontconfig or other library, so the same pixels on
//! any machine), then encoded by the `png` crate.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::plot::{Plot, SIZE};
use super::{ReportError, Row, ScalingReport};

/// The plot as a PNG file's bytes (8-bit RGB, [`SIZE`] pixels).
pub(crate) fn png(plot: Plot, report: &ScalingReport, rows: &[Row]) -> Result<Vec<u8>, ReportError> {
    png_of(SIZE, |root| plot.draw(root, report, rows))
        .map_err(|message| ReportError::Plot { name: plot.file(true), message })
}

/// The PNG file's bytes (8-bit RGB, `size` pixels) of what `draw` draws (any plot of the
/// crate: the report's and the class page's); the message of a failure.
pub(crate) fn png_of(
    size: (u32, u32),
    draw: impl FnOnce(&DrawingArea<BitMapBackend<'_>, Shift>) -> Result<(), String>,
) -> Result<Vec<u8>, String> {
    let (width, height) = size;
    let mut pixels = vec![0u8; width as usize * height as usize * 3];
    {
        let root = BitMapBackend::with_buffer(&mut pixels, size).into_drawing_area();
        draw(&root)?;
    }
    let mut file = Vec::new();
    let mut encoder = png::Encoder::new(&mut file, width, height);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().map_err(|e| e.to_string())?;
    writer.write_image_data(&pixels).map_err(|e| e.to_string())?;
    writer.finish().map_err(|e| e.to_string())?;
    Ok(file)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::super::plot::tests::sample;
    use super::*;

    /// The pixels of a PNG file, row by row, as RGB triples, with its width and height.
    pub(crate) fn decode(file: &[u8]) -> (u32, u32, Vec<[u8; 3]>) {
        let mut reader = png::Decoder::new(file).read_info().unwrap();
        let mut buf = vec![0; reader.output_buffer_size()];
        let info = reader.next_frame(&mut buf).unwrap();
        assert_eq!((info.color_type, info.bit_depth), (png::ColorType::Rgb, png::BitDepth::Eight));
        let pixels = buf[..info.buffer_size()].chunks(3).map(|c| [c[0], c[1], c[2]]).collect();
        (info.width, info.height, pixels)
    }

    #[test]
    fn plots_are_png_images_of_the_plot_size_with_text_and_lines() {
        let (report, rows) = sample();
        for plot in Plot::ALL {
            let file = png(plot, &report, &rows).unwrap();
            assert!(file.starts_with(b"\x89PNG\r\n\x1a\n"), "{plot:?}: the PNG signature");
            let (width, height, pixels) = decode(&file);
            assert_eq!((width, height), (900, 560));
            let white = pixels.iter().filter(|p| **p == [255, 255, 255]).count();
            assert!(white > pixels.len() / 2 && white < pixels.len(), "{plot:?}: a white page with a drawing");
            // The caption (text only) is drawn: dark pixels in the top 40 rows.
            let top = &pixels[..40 * width as usize];
            assert!(top.iter().filter(|p| p.iter().all(|&c| c < 128)).count() > 200, "{plot:?}: caption");
            // Both series in their colours (Okabe–Ito blue and vermillion), at least in the legend.
            for colour in [[0, 114, 178], [213, 94, 0]] {
                assert!(pixels.iter().filter(|p| **p == colour).count() > 30, "{plot:?}: {colour:?}");
            }
        }
    }
}
