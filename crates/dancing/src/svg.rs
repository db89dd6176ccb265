//! A small SVG writer: the shapes the pictures of puzzles and packings need
//! (rectangles, lines, polylines, circles, text, arrows), written straight into a
//! string, with nothing to render them. The pictures themselves are drawn where the
//! puzzles live (the sudoku crate's `picture` module).
//!
//! ```
//! use dancing::svg::{Stroke, Svg};
//!
//! let mut svg = Svg::new(40.0, 20.0);
//! svg.rect((0.0, 0.0), (40.0, 20.0), "#ffffff", None);
//! svg.line((0.0, 10.0), (40.0, 10.0), Stroke::solid("#000000", 1.0));
//! svg.text((20.0, 15.0), 10.0, "#000000", "a < b");
//! let text = svg.finish();
//! assert!(text.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
//! assert!(text.contains("a &lt; b"));
//! ```

use std::fmt::Write as _;

/// A point or a size, in the picture's units.
pub type Point = (f64, f64);

/// The font the pictures' text asks for, with fallbacks found on most systems.
pub const FONT: &str = "DejaVu Sans, Verdana, Arial, sans-serif";

/// How a line is drawn: its colour, its width, and dashes if any.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Stroke<'c> {
    /// The colour, as SVG writes it (`#rrggbb`, or a name).
    pub color: &'c str,
    /// The width, in the picture's units.
    pub width: f64,
    /// Dash and gap lengths, if the line is dashed.
    pub dash: Option<(f64, f64)>,
}

impl<'c> Stroke<'c> {
    /// A solid line.
    pub fn solid(color: &'c str, width: f64) -> Self {
        Self {
            color,
            width,
            dash: None,
        }
    }

    /// A dashed line: `dash` drawn, `gap` left.
    pub fn dashed(color: &'c str, width: f64, (dash, gap): (f64, f64)) -> Self {
        Self {
            color,
            width,
            dash: Some((dash, gap)),
        }
    }
}

/// An SVG picture being written: [`new`](Self::new), shapes, then
/// [`finish`](Self::finish).
#[derive(Debug, Clone)]
pub struct Svg {
    out: String,
}

impl Svg {
    /// A picture `width` × `height` units, shown at that many pixels.
    pub fn new(width: f64, height: f64) -> Self {
        let mut out = String::new();
        let (w, h) = (Num(width), Num(height));
        let _ = writeln!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" \
             viewBox=\"0 0 {w} {h}\" font-family=\"{FONT}\">"
        );
        Self { out }
    }

    /// A rectangle from `at` of `size`, filled (`"none"` for no fill), outlined by
    /// `stroke` if any.
    pub fn rect(&mut self, at: Point, size: Point, fill: &str, stroke: Option<Stroke<'_>>) {
        let _ = write!(
            self.out,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"",
            Num(at.0),
            Num(at.1),
            Num(size.0),
            Num(size.1),
            Escaped(fill)
        );
        self.stroke(stroke);
        self.out.push_str("/>\n");
    }

    /// A line from `from` to `to`.
    pub fn line(&mut self, from: Point, to: Point, stroke: Stroke<'_>) {
        let _ = write!(
            self.out,
            "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"",
            Num(from.0),
            Num(from.1),
            Num(to.0),
            Num(to.1)
        );
        self.stroke(Some(stroke));
        self.out.push_str(" stroke-linecap=\"round\"/>\n");
    }

    /// A polygon through `points`, filled, outlined by `stroke` if any.
    pub fn polygon(&mut self, points: &[Point], fill: &str, stroke: Option<Stroke<'_>>) {
        self.out.push_str("<polygon points=\"");
        self.points(points);
        let _ = write!(self.out, "\" fill=\"{}\"", Escaped(fill));
        self.stroke(stroke);
        self.out.push_str("/>\n");
    }

    /// A polyline through `points`, not filled.
    pub fn polyline(&mut self, points: &[Point], stroke: Stroke<'_>) {
        self.out.push_str("<polyline points=\"");
        self.points(points);
        self.out.push_str("\" fill=\"none\"");
        self.stroke(Some(stroke));
        self.out
            .push_str(" stroke-linejoin=\"round\" stroke-linecap=\"round\"/>\n");
    }

    /// A circle of `radius` around `center`, filled, outlined by `stroke` if any.
    pub fn circle(&mut self, center: Point, radius: f64, fill: &str, stroke: Option<Stroke<'_>>) {
        let _ = write!(
            self.out,
            "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{}\"",
            Num(center.0),
            Num(center.1),
            Num(radius),
            Escaped(fill)
        );
        self.stroke(stroke);
        self.out.push_str("/>\n");
    }

    /// `text` centred on `x`, its baseline at `y`, `size` units high.
    pub fn text(&mut self, (x, y): Point, size: f64, fill: &str, text: &str) {
        self.text_styled((x, y), size, (fill, false, "middle"), text);
    }

    /// `text` at `(x, y)` (its baseline), `size` units high, with its colour, whether
    /// it is bold, and its anchor (`start`, `middle` or `end`).
    pub fn text_styled(
        &mut self,
        (x, y): Point,
        size: f64,
        (fill, bold, anchor): (&str, bool, &str),
        text: &str,
    ) {
        let weight = if bold { " font-weight=\"bold\"" } else { "" };
        let _ = writeln!(
            self.out,
            "<text x=\"{}\" y=\"{}\" font-size=\"{}\" fill=\"{}\" text-anchor=\"{}\"{weight}>{}</text>",
            Num(x),
            Num(y),
            Num(size),
            Escaped(fill),
            Escaped(anchor),
            Escaped(text)
        );
    }

    /// An arrow from `from` to `to`: a line and a head of `head` units at `to`.
    pub fn arrow(&mut self, from: Point, to: Point, stroke: Stroke<'_>, head: f64) {
        self.line(from, to, stroke);
        let (dx, dy) = (to.0 - from.0, to.1 - from.1);
        let length = dx.hypot(dy);
        if length == 0.0 {
            return;
        }
        let (ux, uy) = (dx / length, dy / length);
        let back = (to.0 - ux * head, to.1 - uy * head);
        let wing = head * 0.45;
        let points = [
            to,
            (back.0 - uy * wing, back.1 + ux * wing),
            (back.0 + uy * wing, back.1 - ux * wing),
        ];
        self.polygon(&points, stroke.color, None);
    }

    /// A comment, which viewers ignore (`--` is written `- -`).
    pub fn comment(&mut self, text: &str) {
        let _ = writeln!(self.out, "<!-- {} -->", text.replace("--", "- -"));
    }

    /// The picture's text.
    pub fn finish(mut self) -> String {
        self.out.push_str("</svg>\n");
        self.out
    }

    fn points(&mut self, points: &[Point]) {
        for (k, &(x, y)) in points.iter().enumerate() {
            let sep = if k == 0 { "" } else { " " };
            let _ = write!(self.out, "{sep}{},{}", Num(x), Num(y));
        }
    }

    fn stroke(&mut self, stroke: Option<Stroke<'_>>) {
        let Some(stroke) = stroke else {
            return;
        };
        let _ = write!(
            self.out,
            " stroke=\"{}\" stroke-width=\"{}\"",
            Escaped(stroke.color),
            Num(stroke.width)
        );
        if let Some((dash, gap)) = stroke.dash {
            let _ = write!(self.out, " stroke-dasharray=\"{} {}\"", Num(dash), Num(gap));
        }
    }
}

/// The columns of a sheet of `count` pictures that has no other rule: about as many as
/// rows, at most four.
///
/// ```
/// assert_eq!([1, 2, 4, 5, 9, 100].map(dancing::svg::columns), [1, 2, 2, 3, 3, 4]);
/// ```
pub fn columns(count: usize) -> usize {
    (count as f64).sqrt().ceil().clamp(1.0, 4.0) as usize
}

/// What a command writes for its pictures: one picture as it is, several as a sheet
/// of [`columns`] columns (none, an empty sheet).
///
/// ```
/// use dancing::svg::{Svg, gather};
///
/// let one = Svg::new(10.0, 20.0).finish();
/// assert_eq!(gather(&[one.clone()]), one);
/// assert_eq!(gather(&[one.clone(), one.clone()]).matches("<svg").count(), 3);
/// ```
pub fn gather(pictures: &[String]) -> String {
    match pictures {
        [one] => one.clone(),
        _ => sheet(pictures, columns(pictures.len())),
    }
}

/// Several pictures (SVG documents as [`Svg::finish`] writes them) laid out as one, in
/// rows of `columns`, in order, a gap between them: each is set inside the sheet as it
/// is, moved to its place.
///
/// ```
/// use dancing::svg::{Svg, sheet};
///
/// let one = Svg::new(10.0, 20.0).finish();
/// let sheet = sheet(&[one.clone(), one.clone(), one], 2);
/// assert!(sheet.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"32\" height=\"52\""));
/// ```
pub fn sheet(pictures: &[String], columns: usize) -> String {
    const GAP: f64 = 12.0;
    let columns = columns.max(1);
    let sizes: Vec<Point> = pictures.iter().map(|p| size_of(p)).collect();
    let mut rows: Vec<Point> = Vec::new(); // each row's width and height
    for row in sizes.chunks(columns) {
        let width = row.iter().map(|s| s.0 + GAP).sum::<f64>() - GAP;
        let height = row.iter().map(|s| s.1).fold(0.0, f64::max);
        rows.push((width, height));
    }
    let width = rows.iter().map(|r| r.0).fold(0.0, f64::max);
    let height = rows.iter().map(|r| r.1 + GAP).sum::<f64>() - GAP;
    let mut svg = Svg::new(width.max(1.0), height.max(1.0));
    let mut y = 0.0;
    for (k, (row, &(_, h))) in pictures.chunks(columns).zip(&rows).enumerate() {
        let mut x = 0.0;
        for (picture, size) in row.iter().zip(&sizes[k * columns..]) {
            // The picture's own root, placed: `<svg x=… y=… …`.
            let placed = format!("<svg x=\"{}\" y=\"{}\" ", Num(x), Num(y));
            svg.out.push_str(&picture.replacen("<svg ", &placed, 1));
            x += size.0 + GAP;
        }
        y += h + GAP;
    }
    svg.finish()
}

/// The width and height a picture's root says, as [`Svg::new`] writes them.
fn size_of(picture: &str) -> Point {
    let attribute = |name: &str| -> f64 {
        let key = format!(" {name}=\"");
        picture
            .find(&key)
            .and_then(|at| {
                let rest = &picture[at + key.len()..];
                rest[..rest.find('"')?].parse().ok()
            })
            .unwrap_or(0.0)
    };
    (attribute("width"), attribute("height"))
}

/// A number as the picture writes it: at most two decimals, no trailing zeros.
struct Num(f64);

impl std::fmt::Display for Num {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let rounded = (self.0 * 100.0).round() / 100.0;
        let text = format!("{rounded:.2}");
        let text = text.trim_end_matches('0').trim_end_matches('.');
        f.write_str(if text == "-0" { "0" } else { text })
    }
}

/// Text with XML's special characters escaped.
struct Escaped<'t>(&'t str);

impl std::fmt::Display for Escaped<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for c in self.0.chars() {
            match c {
                '&' => f.write_str("&amp;")?,
                '<' => f.write_str("&lt;")?,
                '>' => f.write_str("&gt;")?,
                '"' => f.write_str("&quot;")?,
                '\'' => f.write_str("&apos;")?,
                c => f.write_char(c)?,
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short_and_text_is_escaped() {
        assert_eq!(Num(3.0).to_string(), "3");
        assert_eq!(Num(2.5).to_string(), "2.5");
        assert_eq!(Num(1.0 / 3.0).to_string(), "0.33");
        assert_eq!(Num(-0.001).to_string(), "0");
        assert_eq!(
            Escaped("<a & 'b'>").to_string(),
            "&lt;a &amp; &apos;b&apos;&gt;"
        );
        let mut svg = Svg::new(10.0, 10.0);
        svg.comment("a -- b");
        svg.arrow(
            (0.0, 0.0),
            (10.0, 0.0),
            Stroke::dashed("red", 1.0, (2.0, 1.0)),
            3.0,
        );
        let text = svg.finish();
        assert!(text.contains("<!-- a - - b -->"));
        assert!(text.contains("stroke-dasharray=\"2 1\""));
        assert!(text.contains("<polygon points=\"10,0 7,1.35 7,-1.35\" fill=\"red\"/>"));
        assert!(text.ends_with("</svg>\n"));
    }
}
