//! SVG pictures rendered by a real renderer (resvg, with the system's fonts), so that
//! tests can look at their pixels.

use std::sync::OnceLock;

use resvg::{tiny_skia, usvg};

/// A rendered picture: `width` × `height` pixels, red, green, blue, alpha each.
#[derive(Debug, Clone)]
pub struct Raster {
    /// Its width in pixels.
    pub width: u32,
    /// Its height in pixels.
    pub height: u32,
    pixels: Vec<u8>,
}

/// The system's fonts, loaded once.
fn options() -> &'static usvg::Options<'static> {
    static OPTIONS: OnceLock<usvg::Options<'static>> = OnceLock::new();
    OPTIONS.get_or_init(|| {
        let mut options = usvg::Options::default();
        options.fontdb_mut().load_system_fonts();
        options
    })
}

/// Renders `svg` at one pixel a unit, on white.
///
/// # Panics
/// If `svg` is not a well-formed SVG document, or has no size.
pub fn render(svg: &str) -> Raster {
    let tree = usvg::Tree::from_str(svg, options()).expect("a well-formed SVG document");
    let size = tree.size().to_int_size();
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height()).expect("a size");
    pixmap.fill(tiny_skia::Color::WHITE);
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    Raster {
        width: size.width(),
        height: size.height(),
        pixels: pixmap.data().to_vec(),
    }
}

/// Whether the system has a font the pictures' text can use: without one, text draws
/// nothing (`.ci/run` installs DejaVu where it is missing).
pub fn has_fonts() -> bool {
    !options().fontdb.is_empty()
}

impl Raster {
    /// The colour of pixel `(x, y)`, as red, green, blue.
    pub fn at(&self, x: u32, y: u32) -> [u8; 3] {
        let k = 4 * (y * self.width + x) as usize;
        [self.pixels[k], self.pixels[k + 1], self.pixels[k + 2]]
    }

    /// How many pixels of the rectangle from `(x, y)` of `w` × `h` satisfy `test`.
    pub fn count(
        &self,
        (x, y): (u32, u32),
        (w, h): (u32, u32),
        test: impl Fn([u8; 3]) -> bool,
    ) -> usize {
        let mut count = 0;
        for j in y..(y + h).min(self.height) {
            for i in x..(x + w).min(self.width) {
                count += usize::from(test(self.at(i, j)));
            }
        }
        count
    }
}

/// Whether a colour is dark: every channel below 80.
pub fn dark([r, g, b]: [u8; 3]) -> bool {
    r < 80 && g < 80 && b < 80
}

/// Whether a colour is near `hex` (`#rrggbb`): each channel within 12.
pub fn near(hex: &str) -> impl Fn([u8; 3]) -> bool {
    let want = rgb(hex);
    move |got: [u8; 3]| (0..3).all(|k| got[k].abs_diff(want[k]) <= 12)
}

/// Whether a colour leans towards `hex` (`#rrggbb`) away from white, as the thin or
/// smoothed edges of a line of that colour do: where two of the colour's channels are
/// more than 30 apart, the same two are at least 10 apart the same way.
pub fn tinted(hex: &str) -> impl Fn([u8; 3]) -> bool {
    let want = rgb(hex);
    move |got: [u8; 3]| {
        (0..3).all(|a| {
            (0..3).all(|b| {
                let (wa, wb) = (u16::from(want[a]), u16::from(want[b]));
                let (ga, gb) = (u16::from(got[a]), u16::from(got[b]));
                wa <= wb + 30 || ga >= gb + 10
            })
        })
    }
}

/// The channels of `#rrggbb`.
fn rgb(hex: &str) -> [u8; 3] {
    let channel = |k: usize| u8::from_str_radix(&hex[1 + 2 * k..3 + 2 * k], 16).expect("#rrggbb");
    [channel(0), channel(1), channel(2)]
}
