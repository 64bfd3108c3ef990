"""The examples in the developer docs run as written (the core API example in
docs/development.md never ended: always the first legal action bid every hand to the maximum and
was set; found by a helper checking the docs)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def python_block(doc: str, heading: str) -> str:
    text = (ROOT / "docs" / doc).read_text("utf-8")
    after = text[text.index(heading):]
    match = re.search(r"```python\n(.*?)```", after, re.S)
    assert match, f"no python example under {heading} in {doc}"
    return match.group(1)


def test_the_core_api_example_plays_a_game_to_its_end() -> None:
    code = python_block("development.md", "## The core API") + "\nassert state.is_over()\nprint('over')\n"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 0 and done.stdout.strip() == "over", done.stderr


def test_every_play_command_with_options_in_the_docs_is_taken() -> None:
    """"--option red_one=true max_bid=195" after hasbro was refused (the deck no longer dealt
    evenly): each `rook-access play ... --option ...` the docs print gets its rules as typed
    (the docs sweep)."""
    import shlex

    from rook_access.cli import _flags, build_parser, spread_settings
    from rook_access.core import DEFAULT_PRESET
    from rook_access.store.family_rules import resolve_rules

    parser = build_parser()
    examples = {match for doc in [*(ROOT / "docs").glob("*.md"), ROOT / "README.md"]
                for match in re.findall(r"(?:`|^ {4})(rook-access play [^`\n]*--option[^`\n]*)", doc.read_text("utf-8"),
                                        re.M)}
    assert len(examples) >= 10, examples
    for example in sorted(examples):
        args = parser.parse_args(spread_settings(shlex.split(example)[1:], _flags(parser)))
        resolve_rules(args.rules or DEFAULT_PRESET, args.option)  # a refusal is a RuleError saying why
