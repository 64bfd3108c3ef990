"""The examples in the developer docs run as written (the core API example in
docs/development.md never ended: always the first legal action bid every hand to the maximum and
was set; found by a helper checking the docs), and the player's docs name every command, short
form and command-line option the program takes."""

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


def _times_aside(lines: list[str]) -> list[str]:
    """A simulate summary with its times taken out: the levels' decision times, and the speed's
    rate and seconds (its count of actions is the same on any machine)."""
    timed = r"[\d.]+(?= milliseconds| actions per second| seconds)"
    return [re.sub(timed, "N", line) for line in lines]


def test_the_simulate_summary_in_its_doc_is_what_its_command_prints() -> None:
    """docs/simulate.md quoted the first lines of a 200-game run with the speed line of a
    1,000-game one, and left out the level's decision times (session 39): the example is one
    real run, the same on any machine but for its times."""
    import shlex

    text = (ROOT / "docs" / "simulate.md").read_text("utf-8")
    block = re.search(r"^ {4}Games: .*\n(?: {4}.+\n)*", text, re.M)
    assert block, "no example summary in docs/simulate.md"
    commands = re.findall(r"`(rook-access simulate [^`]+)`", text[:block.start()])
    assert commands, "the example summary does not say the command that printed it"
    done = subprocess.run([sys.executable, "-m", "rook_access", *shlex.split(commands[-1])[1:]],
                          capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    quoted = [line[4:] for line in block.group(0).splitlines()]
    assert _times_aside(quoted) == _times_aside(done.stdout.splitlines())


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


def _named(word: str, text: str) -> bool:
    """``word`` written in ``text`` as something to type: in backticks, alone or starting them."""
    return re.search(f"`{re.escape(word)}[` ]", text) is not None


def test_every_command_and_short_form_the_help_offers_is_in_the_guide() -> None:
    """`what`, `next` and `exit` (help: "Short: lg or what") were in no guide, nor the table's
    `ld`, `pn` and `np` in table.md (the docs sweep of session 36). A command of a game on screen
    is in the user guide; one only for a real table, in table.md."""
    from rook_access.console.registry import SPECS

    guide = (ROOT / "docs" / "user-guide.md").read_text("utf-8")
    table = (ROOT / "docs" / "table.md").read_text("utf-8")
    missing = [f"{spec.name}: {word}" for spec in SPECS for word in (spec.spoken, *spec.shorts)
               if not _named(word, guide if "play" in spec.modes else table)]
    assert missing == []


def test_every_command_line_option_and_action_is_in_the_docs() -> None:
    """--no-numeric-indicator and `rook-access saves list` were in no doc (the docs sweep of
    session 36): each --option of each command is in the docs or the README, each positional
    choice as the command typed with it."""
    from rook_access.cli import _commands, build_parser

    docs = "\n".join(doc.read_text("utf-8") for doc in [*(ROOT / "docs").glob("*.md"), ROOT / "README.md"])
    missing = []
    for name, command in _commands(build_parser()).items():
        for action in command._actions:
            missing += [flag for flag in action.option_strings if flag.startswith("--") and flag != "--help"
                        and not re.search(f"{re.escape(flag)}(?![\\w-])", docs)]
            if not action.option_strings and isinstance(action.choices, (list, tuple)):
                missing += [f"rook-access {name} {choice}" for choice in action.choices
                            if f"rook-access {name} {choice}" not in docs]
    assert missing == []


def test_the_record_docs_say_the_dummy_scores_nothing_of_its_own() -> None:
    """docs/game-record.md said partners carry equal numbers in ``score`` and ``totals``, where the
    two-player dummy's stay 0 while its partner's change (the replay sweep of session 38)."""
    import random

    from rook_access.core import new_game

    state, events = new_game("two-player", ["hands=3"], seed=5)
    rng = random.Random(5)
    while not state.is_over():
        events += state.apply(rng.choice(state.legal_actions()))
    ends = [e for e in events if e["type"] == "hand_end"]
    assert ends and all(e["score"]["dummy"] == e["totals"]["dummy"] == 0 for e in ends)
    assert any(e["score"]["north"] for e in ends if ["dummy", "north"] in e["sides"])  # its partner scores
    notes = " ".join((ROOT / "docs" / "game-record.md").read_text("utf-8").split())
    assert "The one exception is the dummy (two-player)" in notes and "scores nothing of its own" in notes
