//! `grundy completions bash|zsh|fish|elvish|powershell` and `grundy man`: shell
//! completions and the manual page, generated from the same clap definitions as the
//! command itself, so they never drift from it.

use anyhow::Result;

/// Print a shell completion script.
#[derive(clap::Args)]
pub struct Args {
    /// The shell.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

/// Run it: the script, for `source <(grundy completions bash)` or a completions dir.
pub fn run(args: Args, mut cmd: clap::Command) -> Result<String> {
    let mut out = Vec::new();
    clap_complete::generate(args.shell, &mut cmd, "grundy", &mut out);
    Ok(String::from_utf8(out)?)
}

/// Print a manual page.
#[derive(clap::Args)]
pub struct ManArgs {
    /// A subcommand: its own page, grundy-COMMAND(1) (`grundy man solve > grundy-solve.1`);
    /// without one, the page of grundy(1), which lists them.
    pub command: Option<String>,
}

/// The manual page in roff, for `grundy man > grundy.1` or `grundy man solve > grundy-solve.1`.
pub fn man(args: ManArgs, cmd: clap::Command) -> Result<String> {
    let page = match &args.command {
        None => cmd,
        Some(name) => {
            let names: Vec<String> = cmd.get_subcommands().map(|c| c.get_name().to_string()).collect();
            let sub = cmd.find_subcommand(name).ok_or_else(|| {
                anyhow::anyhow!(
                    "no command '{name}' has a manual page (the commands: {})",
                    names.join(", ")
                )
            })?;
            // clap names are 'static; one page per run, so the name may live as long.
            let page_name: &'static str = Box::leak(format!("grundy-{}", sub.get_name()).into_boxed_str());
            sub.clone().name(page_name)
        }
    };
    let mut out = Vec::new();
    clap_mangen::Man::new(page).render(&mut out)?;
    Ok(String::from_utf8(out)?)
}
