//! # grundy-plot: pictures of two-player games
//!
//! Rendering only: the caller computes the numbers (nim-values, outcomes, winners)
//! and this crate draws them with [plotters], as PNG or SVG bytes. Text is drawn
//! with a bundled font (DejaVu Sans, see `fonts/LICENSE-DejaVu.txt`) through the
//! `ab_glyph` backend, so no system font or fontconfig is needed.
//!
//! Three kinds of picture:
//! - [`Sequence`]: a nim-sequence (value against heap size), with a proved period
//!   marked: a vertical line at the preperiod and the period blocks shaded.
//! - [`Grid`] used as an outcome map: every position `(a, b)` of a two-number game
//!   coloured by its outcome, with optional guide lines `b = k·a`.
//! - [`Grid`] used as a table: the winner for each (start, turns) pair.
//!
//! ```
//! use grundy_plot::{render_sequence, Format, Sequence, Size};
//! let s = Sequence {
//!     title: "subtraction:1,2".into(),
//!     values: (0..30).map(|n| n % 3).collect(),
//!     period: None,
//! };
//! let svg = render_sequence(&s, Format::Svg, Size::default()).unwrap();
//! assert!(String::from_utf8(svg).unwrap().starts_with("<svg"));
//! ```
#![deny(missing_docs)]

use std::path::Path;
use std::str::FromStr;
use std::sync::Once;

use plotters::coord::Shift;
use plotters::prelude::*;

/// The bundled font: DejaVu Sans (Bitstream Vera license, see fonts/).
const FONT: &[u8] = include_bytes!("../fonts/DejaVuSans.ttf");
/// The family every text style here uses; the bundled font is registered under it.
const FAMILY: &str = "sans-serif";

static REGISTER: Once = Once::new();

fn register_font() {
    REGISTER.call_once(|| {
        // The font is compiled in and known to be valid; a failure would only make
        // text drawing fail later with a clear error.
        let _ = plotters::style::register_font(FAMILY, FontStyle::Normal, FONT);
    });
}

/// What went wrong while plotting.
#[derive(Debug, thiserror::Error)]
pub enum PlotError {
    /// The output file's extension is neither `.png` nor `.svg`.
    #[error("cannot tell the image format of '{0}': the file name must end in .png or .svg")]
    Format(String),
    /// A `--size` that is not `WxH` within the limits.
    #[error("bad size '{0}': {1}")]
    Size(String, String),
    /// Nothing to draw, or inconsistent data.
    #[error("{0}")]
    Data(String),
    /// The drawing backend failed.
    #[error("drawing failed: {0}")]
    Draw(String),
}

/// The image format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// A PNG bitmap (8-bit RGB).
    Png,
    /// An SVG document.
    Svg,
}

impl Format {
    /// The format named by a file's extension (`.png` or `.svg`, any case).
    pub fn from_path(path: &Path) -> Result<Format, PlotError> {
        let ext = path
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase);
        match ext.as_deref() {
            Some("png") => Ok(Format::Png),
            Some("svg") => Ok(Format::Svg),
            _ => Err(PlotError::Format(path.display().to_string())),
        }
    }
}

/// The picture's size in pixels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Size {
    /// Width.
    pub width: u32,
    /// Height.
    pub height: u32,
}

impl Size {
    /// The smallest side accepted: below this the labels do not fit.
    pub const MIN_SIDE: u32 = 200;
    /// The largest side accepted.
    pub const MAX_SIDE: u32 = 10_000;

    /// A checked size.
    pub fn new(width: u32, height: u32) -> Result<Size, PlotError> {
        let text = format!("{width}x{height}");
        for (name, side) in [("width", width), ("height", height)] {
            if !(Self::MIN_SIDE..=Self::MAX_SIDE).contains(&side) {
                return Err(PlotError::Size(
                    text,
                    format!(
                        "the {name} must be {} to {} pixels, not {side}",
                        Self::MIN_SIDE,
                        Self::MAX_SIDE
                    ),
                ));
            }
        }
        Ok(Size { width, height })
    }
}

impl Default for Size {
    fn default() -> Size {
        Size {
            width: 800,
            height: 600,
        }
    }
}

impl FromStr for Size {
    type Err = PlotError;
    /// `WxH`, e.g. `800x600`.
    fn from_str(s: &str) -> Result<Size, PlotError> {
        let bad = |why: &str| PlotError::Size(s.to_string(), why.to_string());
        let (w, h) = s
            .trim()
            .split_once(['x', 'X'])
            .ok_or_else(|| bad("expected WIDTHxHEIGHT, e.g. 800x600"))?;
        let w: u32 = w
            .trim()
            .parse()
            .map_err(|_| bad("the width is not a whole number"))?;
        let h: u32 = h
            .trim()
            .parse()
            .map_err(|_| bad("the height is not a whole number"))?;
        Size::new(w, h).map_err(|e| match e {
            PlotError::Size(_, why) => PlotError::Size(s.to_string(), why),
            other => other,
        })
    }
}

/// Where to mark a proved period on a picture: `G(n + period) = G(n) + saltus` for
/// `n >= preperiod`. Not a second period type: the three numbers a plot draws.
/// `grundy-plot` depends on no solver crate (it takes data, returns files), so the
/// caller copies them from the one period type, `grundy_octal::Period`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PeriodMark {
    /// Where the repetition starts.
    pub preperiod: u64,
    /// The length of the repeating block.
    pub period: u64,
    /// What each period adds (0 for a plain period).
    pub saltus: u64,
}

/// A nim-sequence: `values[n]` is the nim-value of a heap of `n`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sequence {
    /// The title.
    pub title: String,
    /// `G(0), G(1), ...`.
    pub values: Vec<u64>,
    /// The proved period, if any.
    pub period: Option<PeriodMark>,
}

/// An RGB colour.
pub type Rgb = (u8, u8, u8);

/// Losing positions (for the player to move).
pub const LOSE_COLOR: Rgb = (200, 40, 40);
/// Winning positions.
pub const WIN_COLOR: Rgb = (190, 215, 240);
/// Drawn positions.
pub const DRAW_COLOR: Rgb = (150, 150, 150);
/// The first player wins (tables).
pub const FIRST_COLOR: Rgb = (40, 110, 200);
/// The second player wins (tables).
pub const SECOND_COLOR: Rgb = (240, 160, 40);

/// One kind of cell in a [`Grid`], with its legend entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Category {
    /// The legend text.
    pub label: String,
    /// The fill colour.
    pub color: Rgb,
}

/// A line `y = slope * x` drawn over a grid, with its legend entry.
#[derive(Clone, Debug, PartialEq)]
pub struct Guide {
    /// The legend text, e.g. `b = a·φ`.
    pub label: String,
    /// The slope.
    pub slope: f64,
}

/// Cells on integer coordinates, each of one category (or blank).
///
/// Row `r` is `y = y0 + r`, column `c` is `x = x0 + c`; `cells[r][c]` is an index
/// into `categories`, or `None` for a blank cell (not a position of the game).
#[derive(Clone, Debug, PartialEq)]
pub struct Grid {
    /// The title.
    pub title: String,
    /// The x axis label.
    pub x_label: String,
    /// The y axis label.
    pub y_label: String,
    /// The x coordinate of column 0.
    pub x0: i64,
    /// The y coordinate of row 0.
    pub y0: i64,
    /// Rows of cells; every row has the same length.
    pub cells: Vec<Vec<Option<usize>>>,
    /// The categories, in legend order.
    pub categories: Vec<Category>,
    /// Lines through the origin drawn on top.
    pub guides: Vec<Guide>,
}

fn rgb((r, g, b): Rgb) -> RGBColor {
    RGBColor(r, g, b)
}

fn draw_err<E: std::error::Error + Send + Sync>(e: DrawingAreaErrorKind<E>) -> PlotError {
    PlotError::Draw(e.to_string())
}

/// Draw a nim-sequence.
pub fn render_sequence(s: &Sequence, format: Format, size: Size) -> Result<Vec<u8>, PlotError> {
    if s.values.is_empty() {
        return Err(PlotError::Data("no values to plot".into()));
    }
    render(
        format,
        size,
        |root| draw_sequence(root, s),
        |root| draw_sequence(root, s),
    )
}

/// A thermograph to draw: both walls as (temperature, value) corners from the
/// bottom up to where they meet, and the mast above.
#[derive(Clone, Debug)]
pub struct ThermographPlot {
    /// The caption.
    pub title: String,
    /// Left's wall, (temperature, value), increasing temperature.
    pub left: Vec<(f64, f64)>,
    /// Right's wall.
    pub right: Vec<(f64, f64)>,
    /// The mast's value (the mean).
    pub mast: f64,
    /// Where the walls meet.
    pub temperature: f64,
}

/// Draw a thermograph the way the field does: temperature upwards, values
/// increasing to the LEFT, so Left's wall is on the left.
pub fn render_thermograph(t: &ThermographPlot, format: Format, size: Size) -> Result<Vec<u8>, PlotError> {
    if t.left.is_empty() || t.right.is_empty() {
        return Err(PlotError::Data("a thermograph needs both walls".into()));
    }
    let all = || t.left.iter().chain(&t.right);
    if all().any(|&(a, b)| !a.is_finite() || !b.is_finite()) {
        return Err(PlotError::Data(
            "a wall has a coordinate that is not finite".into(),
        ));
    }
    render(
        format,
        size,
        |root| draw_thermograph(root, t),
        |root| draw_thermograph(root, t),
    )
}

fn draw_thermograph<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    t: &ThermographPlot,
) -> Result<(), PlotError>
where
    DB::ErrorType: 'static,
{
    root.fill(&WHITE).map_err(draw_err)?;
    let walls = t.left.iter().chain(&t.right);
    let (mut lo_v, mut hi_v, mut lo_t) = (t.mast, t.mast, t.temperature.min(-1.0));
    for &(temp, v) in walls {
        lo_v = lo_v.min(v);
        hi_v = hi_v.max(v);
        lo_t = lo_t.min(temp);
    }
    let top = t.temperature.max(0.0) + 1.0 + (t.temperature.max(0.0) * 0.3);
    let pad = ((hi_v - lo_v) * 0.15).max(0.75);
    // x is minus the value: larger values are drawn further left.
    let mut chart = ChartBuilder::on(root)
        .caption(&t.title, font(22))
        .margin(16)
        .x_label_area_size(44)
        .y_label_area_size(52)
        .build_cartesian_2d(-(hi_v + pad)..-(lo_v - pad), lo_t..top)
        .map_err(draw_err)?;
    let value_label = |x: &f64| format_number(-*x);
    chart
        .configure_mesh()
        .x_desc("value (larger to the left)")
        .y_desc("temperature t")
        .x_label_formatter(&value_label)
        .y_label_formatter(&|y: &f64| format_number(*y))
        .label_style(font(14))
        .axis_desc_style(font(16))
        .light_line_style(WHITE.mix(0.0))
        .draw()
        .map_err(draw_err)?;
    let blue = RGBColor(30, 60, 200);
    let red = RGBColor(200, 30, 30);
    let black = RGBColor(0, 0, 0);
    let wall = |w: &[(f64, f64)]| -> Vec<(f64, f64)> { w.iter().map(|&(temp, v)| (-v, temp)).collect() };
    chart
        .draw_series(std::iter::once(PathElement::new(
            wall(&t.left),
            blue.stroke_width(3),
        )))
        .map_err(draw_err)?
        .label("Left's wall")
        .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 16, y)], blue.stroke_width(3)));
    chart
        .draw_series(std::iter::once(PathElement::new(
            wall(&t.right),
            red.stroke_width(3),
        )))
        .map_err(draw_err)?
        .label("Right's wall")
        .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 16, y)], red.stroke_width(3)));
    chart
        .draw_series(std::iter::once(PathElement::new(
            vec![(-t.mast, t.temperature), (-t.mast, top)],
            black.stroke_width(3),
        )))
        .map_err(draw_err)?
        .label(format!(
            "mast: mean {}, temperature {}",
            format_number(t.mast),
            format_number(t.temperature)
        ))
        .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 16, y)], black.stroke_width(3)));
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperRight)
        .label_font(font(14))
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK.mix(0.4))
        .draw()
        .map_err(draw_err)?;
    Ok(())
}

/// A tick or legend number: exact for the halves, quarters and eighths of
/// thermographs, short otherwise.
fn format_number(x: f64) -> String {
    if (x - x.round()).abs() < 1e-9 {
        return format!("{}", x.round() as i64);
    }
    for d in [2.0, 4.0, 8.0, 16.0] {
        let n = x * d;
        if (n - n.round()).abs() < 1e-9 {
            return format!("{}/{}", n.round() as i64, d as i64);
        }
    }
    format!("{x:.3}")
}

/// Draw a grid (an outcome map or a winner table).
pub fn render_grid(g: &Grid, format: Format, size: Size) -> Result<Vec<u8>, PlotError> {
    let width = g.cells.first().map_or(0, Vec::len);
    if width == 0 || g.cells.iter().any(|r| r.len() != width) {
        return Err(PlotError::Data(
            "the grid is empty or its rows differ in length".into(),
        ));
    }
    if let Some(bad) = g
        .cells
        .iter()
        .flatten()
        .flatten()
        .find(|&&c| c >= g.categories.len())
    {
        return Err(PlotError::Data(format!("no category {bad}")));
    }
    render(format, size, |root| draw_grid(root, g), |root| draw_grid(root, g))
}

type Png<'a> = DrawingArea<BitMapBackend<'a>, Shift>;
type Svg<'a> = DrawingArea<SVGBackend<'a>, Shift>;

fn render(
    format: Format,
    size: Size,
    png: impl FnOnce(&Png<'_>) -> Result<(), PlotError>,
    svg: impl FnOnce(&Svg<'_>) -> Result<(), PlotError>,
) -> Result<Vec<u8>, PlotError> {
    register_font();
    let dims = (size.width, size.height);
    match format {
        Format::Png => {
            let mut buf = vec![0u8; size.width as usize * size.height as usize * 3];
            {
                let root = BitMapBackend::with_buffer(&mut buf, dims).into_drawing_area();
                png(&root)?;
                root.present().map_err(draw_err)?;
            }
            let mut out = Vec::new();
            let mut encoder = png::Encoder::new(&mut out, size.width, size.height);
            encoder.set_color(png::ColorType::Rgb);
            encoder.set_depth(png::BitDepth::Eight);
            encoder
                .write_header()
                .and_then(|mut w| w.write_image_data(&buf))
                .map_err(|e| PlotError::Draw(e.to_string()))?;
            Ok(out)
        }
        Format::Svg => {
            let mut text = String::new();
            {
                let root = SVGBackend::with_string(&mut text, dims).into_drawing_area();
                svg(&root)?;
                root.present().map_err(draw_err)?;
            }
            Ok(text.into_bytes())
        }
    }
}

/// Tick labels on integer axes: whole numbers only (half steps stay unlabelled).
fn integer_label(v: &f64) -> String {
    if (v - v.round()).abs() < 1e-9 {
        format!("{}", v.round() as i64)
    } else {
        String::new()
    }
}

fn font(size: u32) -> TextStyle<'static> {
    (FAMILY, size).into_font().into()
}

fn draw_sequence<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, s: &Sequence) -> Result<(), PlotError>
where
    DB::ErrorType: 'static,
{
    root.fill(&WHITE).map_err(draw_err)?;
    let n = s.values.len() as f64;
    let top = s.values.iter().copied().max().unwrap_or(0) as f64;
    let y_max = (top * 1.25).max(top + 1.5);
    let mut chart = ChartBuilder::on(root)
        .caption(&s.title, font(22))
        .margin(16)
        .x_label_area_size(44)
        .y_label_area_size(52)
        .build_cartesian_2d(-0.5f64..n - 0.5, -0.2f64..y_max)
        .map_err(draw_err)?;
    chart
        .configure_mesh()
        .disable_mesh()
        .x_desc("heap size n")
        .y_desc("nim-value G(n)")
        .x_label_formatter(&integer_label)
        .y_label_formatter(&integer_label)
        .label_style(font(14))
        .axis_desc_style(font(16))
        .draw()
        .map_err(draw_err)?;

    if let Some(p) = s.period.filter(|p| p.period > 0) {
        let start = p.preperiod as f64;
        // The period blocks from the preperiod on, alternately shaded.
        let blocks: Vec<(f64, f64)> = (0..)
            .map(|k| start + (k * p.period) as f64)
            .take_while(|&x| x < n)
            .map(|x| (x, (x + p.period as f64).min(n)))
            .collect();
        let shade = RGBColor(255, 200, 80);
        let label = if p.saltus == 0 {
            format!("period {}", p.period)
        } else {
            format!("period {}, saltus {}", p.period, p.saltus)
        };
        chart
            .draw_series(blocks.iter().enumerate().map(|(k, &(a, b))| {
                let alpha = if k % 2 == 0 { 0.35 } else { 0.15 };
                Rectangle::new([(a - 0.5, 0.0), (b - 0.5, y_max)], shade.mix(alpha).filled())
            }))
            .map_err(draw_err)?
            .label(label)
            .legend(move |(x, y)| Rectangle::new([(x, y - 6), (x + 16, y + 6)], shade.mix(0.35).filled()));
        let red = RGBColor(200, 30, 30);
        chart
            .draw_series(std::iter::once(PathElement::new(
                vec![(start - 0.5, 0.0), (start - 0.5, y_max)],
                red.stroke_width(2),
            )))
            .map_err(draw_err)?
            .label(format!("preperiod: periodic from n = {}", p.preperiod))
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 16, y)], red.stroke_width(2)));
        // Label a full block away from the legend (upper left): the last one.
        let full = blocks
            .iter()
            .rev()
            .find(|(a, b)| b - a >= p.period as f64)
            .or(blocks.first());
        if let Some(&(a, b)) = full {
            chart
                .draw_series(std::iter::once(Text::new(
                    format!("p = {}", p.period),
                    ((a + b) / 2.0 - 0.5, y_max * 0.97),
                    font(14),
                )))
                .map_err(draw_err)?;
        }
    }

    let blue = RGBColor(30, 60, 170);
    let points: Vec<(f64, f64)> = s
        .values
        .iter()
        .enumerate()
        .map(|(i, &v)| (i as f64, v as f64))
        .collect();
    chart
        .draw_series(LineSeries::new(points.iter().copied(), blue.mix(0.6)))
        .map_err(draw_err)?
        .label("nim-value G(n)")
        .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 16, y)], blue));
    // Markers only while they stay distinguishable (and the SVG stays small).
    if points.len() <= 400 {
        chart
            .draw_series(points.iter().map(|&p| Circle::new(p, 3, blue.filled())))
            .map_err(draw_err)?;
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .label_font(font(14))
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .draw()
        .map_err(draw_err)?;
    Ok(())
}

fn draw_grid<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, g: &Grid) -> Result<(), PlotError>
where
    DB::ErrorType: 'static,
{
    root.fill(&WHITE).map_err(draw_err)?;
    let cols = g.cells[0].len() as f64;
    let rows = g.cells.len() as f64;
    let (x0, y0) = (g.x0 as f64, g.y0 as f64);
    let (x_lo, x_hi) = (x0 - 0.5, x0 + cols - 0.5);
    let (y_lo, y_hi) = (y0 - 0.5, y0 + rows - 0.5);
    let mut chart = ChartBuilder::on(root)
        .caption(&g.title, font(22))
        .margin(16)
        .x_label_area_size(44)
        .y_label_area_size(52)
        .build_cartesian_2d(x_lo..x_hi, y_lo..y_hi)
        .map_err(draw_err)?;
    chart
        .configure_mesh()
        .disable_mesh()
        .x_desc(g.x_label.as_str())
        .y_desc(g.y_label.as_str())
        .x_label_formatter(&integer_label)
        .y_label_formatter(&integer_label)
        .label_style(font(14))
        .axis_desc_style(font(16))
        .draw()
        .map_err(draw_err)?;

    // Runs of equal cells in a row become one rectangle: a wedge is a rectangle a row.
    for (k, cat) in g.categories.iter().enumerate() {
        let mut runs = Vec::new();
        for (r, row) in g.cells.iter().enumerate() {
            let mut c = 0;
            while c < row.len() {
                if row[c] == Some(k) {
                    let begin = c;
                    while c < row.len() && row[c] == Some(k) {
                        c += 1;
                    }
                    runs.push((r, begin, c));
                } else {
                    c += 1;
                }
            }
        }
        if runs.is_empty() {
            continue;
        }
        let color = rgb(cat.color);
        chart
            .draw_series(runs.iter().map(|&(r, a, b)| {
                let y = y0 + r as f64;
                Rectangle::new(
                    [(x0 + a as f64 - 0.5, y - 0.5), (x0 + b as f64 - 0.5, y + 0.5)],
                    color.filled(),
                )
            }))
            .map_err(draw_err)?
            .label(cat.label.as_str())
            .legend(move |(x, y)| Rectangle::new([(x, y - 6), (x + 16, y + 6)], color.filled()));
    }

    let guide_colors = [RGBColor(0, 0, 0), RGBColor(90, 90, 90), RGBColor(0, 120, 0)];
    for (i, guide) in g.guides.iter().enumerate() {
        let color = guide_colors[i % guide_colors.len()];
        let slope = guide.slope;
        // Clip y = slope * x to the plot area.
        let x_start = x_lo.max(0.0);
        let x_end = if slope > 0.0 { x_hi.min(y_hi / slope) } else { x_hi };
        if x_end <= x_start {
            continue;
        }
        chart
            .draw_series(std::iter::once(PathElement::new(
                vec![(x_start, slope * x_start), (x_end, slope * x_end)],
                color.stroke_width(2),
            )))
            .map_err(draw_err)?
            .label(guide.label.as_str())
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 16, y)], color.stroke_width(2)));
    }

    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .label_font(font(14))
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .draw()
        .map_err(draw_err)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_parse_and_are_checked() {
        assert_eq!(
            "640x480".parse::<Size>().unwrap(),
            Size {
                width: 640,
                height: 480
            }
        );
        for bad in ["0x600", "800x0", "800", "axb", "100000x600", "800x-1", "10x10"] {
            assert!(bad.parse::<Size>().is_err(), "{bad}");
        }
    }

    #[test]
    fn formats_follow_the_extension() {
        assert_eq!(Format::from_path(Path::new("a.PNG")).unwrap(), Format::Png);
        assert_eq!(Format::from_path(Path::new("x/a.svg")).unwrap(), Format::Svg);
        assert!(Format::from_path(Path::new("a.jpg")).is_err());
        assert!(Format::from_path(Path::new("a")).is_err());
    }

    #[test]
    fn a_grid_with_a_bad_category_is_refused() {
        let g = Grid {
            title: "t".into(),
            x_label: "x".into(),
            y_label: "y".into(),
            x0: 0,
            y0: 0,
            cells: vec![vec![Some(3)]],
            categories: vec![],
            guides: vec![],
        };
        assert!(render_grid(&g, Format::Svg, Size::default()).is_err());
    }
}
