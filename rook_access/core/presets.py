"""Presets: named bundles of options, stored as TOML files in ``rook_access/presets``.

A preset may name a ``base`` preset and list only the options it changes. Reading package data
is the one file access in the core; it reads shipped, read-only data and nothing else.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from .errors import RuleError
from .options import Options, parse_overrides

DEFAULT_PRESET = "hasbro"


@dataclass(frozen=True)
class Preset:
    name: str
    description: str
    options: Options


def preset_names() -> list[str]:
    folder = resources.files("rook_access") / "presets"
    return sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".toml"))


def _raw(name: str) -> dict[str, Any]:
    if name not in preset_names():
        raise RuleError(f"unknown preset {name!r}: the presets are {', '.join(preset_names())}")
    text = (resources.files("rook_access") / "presets" / f"{name}.toml").read_text("utf-8")
    data = tomllib.loads(text)
    options: dict[str, Any] = {}
    if "base" in data:
        options.update(_raw(data["base"])["options"])
    options.update(data.get("options", {}))
    return {"description": data.get("description", ""), "options": options}


@cache
def load_preset(name: str) -> Preset:
    raw = _raw(name)
    return Preset(name, raw["description"], Options.from_dict(raw["options"]))


def resolve(name: str, overrides: list[str] | dict[str, Any] | None = None) -> Options:
    """The options of a preset with single options overridden (``["target=500"]`` or a dict)."""
    options = load_preset(name).options
    if not overrides:
        return options
    if isinstance(overrides, dict):
        return options.with_overrides(overrides)
    return options.with_overrides(parse_overrides(overrides))
