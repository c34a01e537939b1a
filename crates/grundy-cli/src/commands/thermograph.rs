//! `grundy thermograph GAME POSITION --out FILE`, or `grundy thermograph --value
//! VALUE --out FILE`: draw a thermograph as PNG or SVG.

use grundy::Budget;
use std::path::PathBuf;

use anyhow::{bail, Result};
use grundy_plot::{render_thermograph, Format, Size, ThermographPlot};

use crate::load;

/// Draw a thermograph.
#[derive(clap::Args)]
pub struct Args {
    /// Print what was written as one JSON object (file, value, mean, temperature).
    #[arg(long)]
    pub json: bool,
    /// The game (a partizan game), or leave it out and give --value.
    pub game: Option<String>,
    /// The position.
    #[arg(allow_hyphen_values = true)]
    pub position: Option<String>,
    /// A value in the field's notation instead of a game, e.g. "{2|-1}".
    #[arg(long, allow_hyphen_values = true)]
    pub value: Option<String>,
    /// The image file to write: `.png` or `.svg`.
    #[arg(long)]
    pub out: PathBuf,
    /// The image size in pixels, WIDTHxHEIGHT.
    #[arg(long, default_value = "800x600", value_name = "WxH")]
    pub size: String,
}

/// Run it.
pub fn run(args: Args, budget: &Budget) -> Result<String> {
    let format = Format::from_path(&args.out)?;
    let size: Size = args.size.parse()?;
    let t = match (&args.game, &args.position, &args.value) {
        (None, None, Some(v)) => grundy_api::thermograph_of_value(v, budget)?,
        (Some(game), Some(position), None) => {
            let game = load::game(game, budget)?;
            crate::progress::searching(|| grundy_api::thermograph(game.as_ref(), position, budget))?
        }
        (Some(_), None, None) => bail!("missing POSITION: grundy thermograph GAME POSITION --out FILE"),
        (None, _, None) => bail!("give GAME POSITION or --value VALUE"),
        (_, _, Some(_)) => bail!("give either GAME POSITION or --value, not both"),
    };
    let plot = ThermographPlot {
        title: title(&t.title, &t.value_unicode, &t.mean, &t.temperature),
        left: t.left.clone(),
        right: t.right.clone(),
        mast: t.mast,
        temperature: t.temperature_f64,
    };
    let bytes = render_thermograph(&plot, format, size)?;
    crate::output::write_whole(&args.out, &bytes)?;
    if args.json {
        return Ok(crate::render::json_line(&t.json_written(&args.out, bytes.len())));
    }
    Ok(format!(
        "wrote {}: thermograph of {} (mean {}, temperature {})\n",
        args.out.display(),
        t.value,
        t.mean,
        t.temperature
    ))
}

/// The caption: the game and its value, or, for a value too long to read in a
/// caption (the 4x10 Domineering board's fills 153 kB), its mean and temperature.
fn title(what: &str, value: &str, mean: &str, temperature: &str) -> String {
    const LONGEST_VALUE: usize = 60;
    if value.chars().count() <= LONGEST_VALUE {
        format!("{what} = {value}")
    } else {
        format!("{what}: mean {mean}, temperature {temperature}")
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn long_values_leave_the_caption_to_mean_and_temperature() {
        assert_eq!(super::title("g", "±1", "0", "1"), "g = ±1");
        let long = "{".repeat(61);
        assert_eq!(
            super::title("g", &long, "-5/8", "9/8"),
            "g: mean -5/8, temperature 9/8"
        );
    }
}
