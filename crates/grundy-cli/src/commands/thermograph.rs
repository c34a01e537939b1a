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
    /// The most steps of work (position lookups, sums, comparisons, reductions of
    /// canonical forms) the position's value may take.
    #[arg(long, value_name = "STEPS", default_value_t = grundy::partizan::VALUE_WORK)]
    pub max_work: u64,
}

/// Run it.
pub fn run(args: Args, budget: &Budget) -> Result<String> {
    let format = Format::from_path(&args.out)?;
    let size: Size = args.size.parse()?;
    let t = match (&args.game, &args.position, &args.value) {
        (None, None, Some(v)) => grundy_api::thermograph_of_value(v, budget)?,
        (Some(game), Some(position), None) => {
            let game = load::game(game, budget)?;
            crate::progress::searching(|| {
                grundy_api::thermograph(game.as_ref(), position, args.max_work, budget)
            })?
        }
        (Some(_), None, None) => bail!("missing POSITION: grundy thermograph GAME POSITION --out FILE"),
        (None, _, None) => bail!("give GAME POSITION or --value VALUE"),
        (_, _, Some(_)) => bail!("give either GAME POSITION or --value, not both"),
    };
    let plot = ThermographPlot {
        title: format!("{} = {}", t.title, t.value_unicode),
        left: t.left.clone(),
        right: t.right.clone(),
        mast: t.mast,
        temperature: t.temperature_f64,
    };
    let bytes = render_thermograph(&plot, format, size)?;
    crate::output::write_whole(&args.out, &bytes)?;
    if args.json {
        let mut v = t.json();
        v["out"] = serde_json::json!(args.out.display().to_string());
        v["bytes"] = serde_json::json!(bytes.len());
        return Ok(crate::render::json_line(&v));
    }
    Ok(format!(
        "wrote {}: thermograph of {} (mean {}, temperature {})\n",
        args.out.display(),
        t.value,
        t.mean,
        t.temperature
    ))
}
