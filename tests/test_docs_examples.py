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
