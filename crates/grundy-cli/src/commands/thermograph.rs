//! `grundy thermograph GAME POSITION --out FILE`, or `grundy thermograph --value
//! VALUE --out FILE`: draw a thermograph as PNG or SVG.

use grundy::Budget;
use std::path::PathBuf;

use anyhow::{bail, Result};
use grundy::partizan::{Dyadic, Universe};
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

fn f(d: Dyadic) -> f64 {
    d.numerator() as f64 / 2f64.powi(d.exponent() as i32)
}

/// Run it.
pub fn run(args: Args, budget: &Budget) -> Result<String> {
    let format = Format::from_path(&args.out)?;
    let size: Size = args.size.parse()?;
    let mut u = Universe::new();
    u.set_memory_limit(budget.max_memory);
    // A value typed as text (`{a}±{b}±{c}`) is built with sums: bounded like calc's.
    u.set_work_limit(Some(super::calc::CALC_WORK));
    let (g, title) = match (&args.game, &args.position, &args.value) {
        (None, None, Some(v)) => (u.parse(v)?, v.clone()),
        (Some(game), Some(position), None) => {
            let game = load::game(game, budget)?;
            let p = game.parse_position(position)?;
            // A position's value has the value command's budget (2·10^7 steps, a
            // few seconds): 5·10^7 steps of Domineering took over 10 s.
            u.set_work_limit(Some(grundy::partizan::VALUE_WORK));
            let g = super::value::value_of(game.as_ref(), &p, &mut u)?;
            (g, format!("{} {}", game.name(), p))
        }
        (Some(_), None, None) => bail!("missing POSITION: grundy thermograph GAME POSITION --out FILE"),
        (None, _, None) => bail!("give GAME POSITION or --value VALUE"),
        (_, _, Some(_)) => bail!("give either GAME POSITION or --value, not both"),
    };
    let t = u.thermograph(g);
    // A form too deep for the stack (or past the budget) stops the thermograph's
    // recursion: what it returned then is meaningless.
    if u.work_exhausted() {
        return Err(grundy::partizan::out_of_work(&u).into());
    }
    let wall = |w: &grundy::partizan::Wall| -> Vec<(f64, f64)> {
        w.corners.iter().map(|&(temp, v)| (f(temp), f(v))).collect()
    };
    let plot = ThermographPlot {
        title: format!("{title} = {}", u.display(g, true)),
        left: wall(&t.left),
        right: wall(&t.right),
        mast: f(t.mast),
        temperature: f(t.temperature),
    };
    let bytes = render_thermograph(&plot, format, size)?;
    crate::output::write_whole(&args.out, &bytes)?;
    if args.json {
        let v = serde_json::json!({
            "value": u.display(g, false),
            "out": args.out.display().to_string(),
            "bytes": bytes.len(),
            "mean": t.mast.to_string(),
            "temperature": t.temperature.to_string(),
        });
        return Ok(format!("{v}\n"));
    }
    Ok(format!(
        "wrote {}: thermograph of {} (mean {}, temperature {})\n",
        args.out.display(),
        u.display(g, false),
        t.mast,
        t.temperature
    ))
}
