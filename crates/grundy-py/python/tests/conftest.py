"""Shared helpers: the repository's root and the grundy command to compare with."""

import json
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[4]


def grundy_bin() -> str:
    """The CLI built from this checkout (GRUNDY_BIN, else target/debug, else release)."""
    if os.environ.get("GRUNDY_BIN"):
        return os.environ["GRUNDY_BIN"]
    for profile in ("debug", "release"):
        path = ROOT / "target" / profile / "grundy"
        if path.exists():
            return str(path)
    pytest.skip("the grundy command is not built (cargo build -p grundy-cli)")


def cli_json(*args: str):
    """`grundy ARGS --json`, parsed."""
    out = subprocess.run([grundy_bin(), *args, "--json"], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert out.returncode == 0, f"grundy {' '.join(args)}: {out.stderr}"
    return json.loads(out.stdout)


def example(name: str) -> str:
    return str(ROOT / "examples" / "games" / name)
