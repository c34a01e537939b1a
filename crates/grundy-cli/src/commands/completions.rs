//! `grundy completions bash|zsh|fish|elvish|powershell` and `grundy man`: shell
//! completions and the manual page, generated from the same clap definitions as the
//! command itself, so they never drift from it.

use anyhow::Result;
use clap::CommandFactory;

/// Print a shell completion script.
#[derive(clap::Args)]
pub struct Args {
    /// The shell.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

/// Run it: the script, for `source <(grundy completions bash)` or a completions dir.
pub fn run<C: CommandFactory>(args: Args) -> Result<String> {
    let mut cmd = C::command();
    let mut out = Vec::new();
    clap_complete::generate(args.shell, &mut cmd, "grundy", &mut out);
    Ok(String::from_utf8(out)?)
}

/// The manual page in roff, for `grundy man > grundy.1`.
pub fn man<C: CommandFactory>() -> Result<String> {
    let mut out = Vec::new();
    clap_mangen::Man::new(C::command()).render(&mut out)?;
    Ok(String::from_utf8(out)?)
}
