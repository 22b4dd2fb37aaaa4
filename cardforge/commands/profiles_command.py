"""``cardforge profiles``: the print-shop profiles a build can use, one line each."""

from __future__ import annotations

from pathlib import Path

import click

from cardforge.workspace.print_profiles import Profile, available, load_profile


def describe(profile: Profile) -> str:
    """One line: id, output, trim + bleed (mm), pixels or dpi, colour, name."""
    parts = [profile.output]
    if profile.trim_mm:
        width, height = profile.trim_mm
        parts.append(f"{width:g} × {height:g} mm + {profile.bleed_mm or 0:g} mm bleed")
    else:
        parts.append("the game's card size")
    if profile.pixels:
        parts.append(f"{profile.pixels[0]} × {profile.pixels[1]} px at {profile.dpi} dpi")
    if profile.pdf_variant:
        parts.append(profile.pdf_variant.upper())
    parts.append(profile.colour.upper())
    return f"{profile.id:<22} {', '.join(parts)}  ({profile.name})"


def run(workspace: Path) -> None:
    """Print every profile available in ``workspace`` (its profiles/ first, then built-in).
    Raises ConfigError for a profile file with errors."""
    for path in available(workspace).values():
        click.echo(describe(load_profile(path)))
