"""Command-line conventions: --version, help that reads well aloud, no colour, and the log file
where platformdirs puts logs, made only when there is something to log."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from rook_access import __version__
from rook_access.cli import COMMANDS

SUBCOMMANDS = [name.rsplit(".", 1)[1] for name in COMMANDS]
ESCAPE = re.compile(r"\x1b")


def run(*args: str, env: dict[str, str] | None = None, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "rook_access", *args], capture_output=True, text=True,
                          timeout=120, env=env, input=stdin)


def colour_env() -> dict[str, str]:
    """Everything that asks Python 3.14's argparse for colour."""
    env = dict(os.environ, FORCE_COLOR="1", PYTHON_COLORS="1", TERM="xterm-256color")
    env.pop("NO_COLOR", None)
    return env


def test_version() -> None:
    out = run("--version")
    assert out.returncode == 0
    assert out.stdout.strip() == f"rook-access {__version__}"


def test_top_help_says_how_to_start_and_lists_the_environment() -> None:
    out = run("--help", env=colour_env())
    assert out.returncode == 0
    text = out.stdout
    assert not ESCAPE.search(text)
    assert "Type rook-access alone to start a game" in text
    for variable in ("ACCESSIBLE", "TERM=dumb", "NO_COLOR", "ROOK_ACCESS_HOME"):
        assert variable in text
    tiny = run("--help", env=dict(colour_env(), COLUMNS="20")).stdout  # each name beside its words there too
    for name in SUBCOMMANDS:
        assert re.search(rf"^\s+{name}\s+\w", text, re.M), f"{name} has no line in the top help"
        assert re.search(rf"^\s+{name}\s+\w", tiny, re.M), tiny


@pytest.mark.parametrize("name", SUBCOMMANDS)
def test_every_subcommand_help_has_a_short_usage_and_a_description(name: str) -> None:
    out = run(name, "--help", env=colour_env())
    assert out.returncode == 0
    lines = out.stdout.splitlines()
    assert lines[0].startswith(f"usage: rook-access {name} [options]")
    assert len(lines[0]) <= 60, "the usage line is short enough to hear; options are listed below"
    assert lines[1] == "" and lines[2][:1].isupper()
    description = lines[2]
    assert description.endswith(".") or lines[3] != "", description
    assert not ESCAPE.search(out.stdout)
    assert "{" not in out.stdout, "choices are said in words, not as {a,b,c}"
    # Wrapped at 80 columns without a break at a hyphen ("(see: rook-" / "access rules)"), and
    # no metavar that reads aloud as "black underscore letter" (found by a helper).
    narrow = run(name, "--help", env=dict(colour_env(), COLUMNS="80")).stdout
    assert not re.search(r"\w-$", narrow, re.M), narrow
    assert not re.search(r"\b[A-Z]+_[A-Z]+\b", narrow), narrow
    # At 20 columns a description was indented as deep as the names ("simulate" / "computer" read
    # as two commands): never laid out narrower than 30 (the terminal sweep; 40 until the
    # narrow-help sweep of session 31, and a 30-column terminal broke its rows again).
    tiny = run(name, "--help", env=dict(colour_env(), COLUMNS="20")).stdout
    assert tiny == run(name, "--help", env=dict(colour_env(), COLUMNS="32")).stdout


def isolated_env(tmp_path: Path) -> dict[str, str]:
    """A home of its own: platformdirs' XDG folders inside tmp_path, no ROOK_ACCESS_HOME."""
    env = dict(os.environ, HOME=str(tmp_path / "home"), XDG_CONFIG_HOME=str(tmp_path / "config"),
               XDG_DATA_HOME=str(tmp_path / "data"), XDG_STATE_HOME=str(tmp_path / "state"),
               XDG_CACHE_HOME=str(tmp_path / "cache"))
    env.pop("ROOK_ACCESS_HOME", None)
    return env


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="XDG folders are the Linux layout")
def test_a_quiet_game_leaves_no_log_and_a_problem_goes_to_the_platform_log_folder(tmp_path: Path) -> None:
    env = isolated_env(tmp_path)
    out = run("play", "--speech", "off", "--seed", "1", env=env, stdin="quit\n")
    assert out.returncode == 0, out.stderr
    assert not (tmp_path / "state").exists(), "nothing went wrong, so no log and no log folder"
    assert (tmp_path / "data" / "rook-access" / "saves").is_dir()

    # Settings that cannot be written (their folder is a file) are logged, and play goes on.
    shutil.rmtree(tmp_path / "config")
    (tmp_path / "config").write_text("not a folder", encoding="utf-8")
    out = run("play", "--speech", "off", "--seed", "1", "--rules", "georgia", env=env, stdin="quit\n")
    assert out.returncode == 0, out.stderr
    log = tmp_path / "state" / "rook-access" / "log" / "rook-access.log"
    assert log.is_file()
    assert "cannot save settings" in log.read_text(encoding="utf-8")
    assert "Traceback" not in out.stdout + out.stderr


@pytest.mark.parametrize(("typed", "meant"), [
    (["help"], ["--help"]),
    (["help", "play"], ["play", "--help"]),
    (["HELP", "Saves"], ["saves", "--help"]),
    (["help", "help"], ["--help"]),
    (["version"], ["--version"]),
    (["Version"], ["--version"]),
    (["Play", "--help"], ["play", "--help"]),
    (["RULES", "--help"], ["rules", "--help"]),
])
def test_help_version_and_a_command_in_capitals_are_taken(typed: list[str], meant: list[str]) -> None:
    """"rook-access help" (as typed in a game), "version" (asked for with a report) and "Play"
    were refused as "invalid choice" (the newcomer sweep of session 37)."""
    said, expected = run(*typed), run(*meant)
    assert said.returncode == 0 and said.stderr == "", said.stderr
    assert said.stdout == expected.stdout and said.stdout.startswith(("usage: rook-access", "rook-access "))


def test_help_of_two_commands_says_it_takes_one() -> None:
    """"help play saves" gave play's help alone, saves passed over unsaid (the shell-commands
    sweep of session 38)."""
    said = run("help", "play", "saves")
    assert said.returncode == 2 and said.stdout == "" and said.stderr == (
        "rook-access: help takes one command, not play and saves: type rook-access help play, then rook-access "
        "help saves\n"), said.stderr


@pytest.mark.parametrize(("typed", "line"), [
    (["plya"], "rook-access: unknown command 'plya': did you mean play? The commands are rules, simulate, replay, "
               "labels, play, saves and table (try: rook-access --help)\n"),
    (["help", "sav"], "rook-access: unknown command 'sav': did you mean saves? The commands are "),
    (["nonsense"], "rook-access: unknown command 'nonsense': the commands are rules, "),
    (["resume"], "rook-access: unknown command 'resume': did you mean rook-access play --resume? The commands "),
])
def test_an_unknown_command_is_answered_in_words_with_the_nearest(typed: list[str], line: str) -> None:
    """argparse's "argument COMMAND: invalid choice: 'plya' (choose from 'rules', ...)" offered no
    command near the one typed, as preset names are offered (the newcomer sweep of session 37)."""
    said = run(*typed)
    assert said.returncode == 2 and said.stdout == ""
    assert said.stderr.startswith(line) and said.stderr.count("\n") == 1, said.stderr


def test_simulate_help_says_what_a_seat_not_named_plays() -> None:
    """play --help says "(default normal)"; simulate --help gave no default for --ns and --ew,
    which is random (docs/simulate.md; the newcomer sweep of session 37)."""
    text = " ".join(run("simulate", "--help", env=dict(os.environ, COLUMNS="200")).stdout.split())
    assert "--ns LEVEL player for north and south (default random): random, easy, normal, hard" in text, text
    assert "--ew LEVEL player for east and west (default random)" in text
    assert "--west LEVEL player for west (default: as --ew, else random)" in text
    assert "--northeast LEVEL player for northeast (default random)" in text


def test_labels_help_says_all_writes_the_built_in_presets() -> None:
    """--all writes a sheet for each built-in preset only, as shipped; "every preset" left a
    family looking for its own rules' sheet (the labels sweep of session 39)."""
    text = " ".join(run("labels", "--help", env=dict(os.environ, COLUMNS="200")).stdout.split())
    assert ("--all write a sheet for every built-in preset into --output-dir, named after the preset "
            "(your own rules: --rules NAME)") in text, text


def test_no_help_line_or_refusal_sends_a_player_to_a_docs_file() -> None:
    """An installed game (the wheel, the standalone build) carries no docs/*.md: help lines and
    refusals pointed to docs/table.md, docs/deal-files.md, docs/user-guide.md and docs/bots.md,
    files the player does not have (the shell-commands sweep of session 38). Every string the
    program can say, docstrings aside, names none; each says what the program itself offers."""
    import ast

    from rook_access.ai.players import make_player
    from rook_access.core import RuleError, load_preset

    named = []
    for path in sorted((Path(__file__).resolve().parent.parent / "rook_access").rglob("*.py")):
        tree = ast.parse(path.read_text("utf-8"))
        docstrings = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Expr)}
        named += [f"{path.name}:{node.lineno}" for node in ast.walk(tree)
                  if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
                  and re.search(r"[\w-]+\.md\b", node.value)]
    assert named == []
    wide = dict(os.environ, COLUMNS="200")
    simulate, top = (" ".join(run(*args, env=wide).stdout.split()) for args in (["simulate", "--help"], ["--help"]))
    assert "in card codes like 14r or rook (a wrong one is refused, saying what it needs)" in simulate
    assert "the program keeps track (type help at the table for its commands)" in top
    assert "ROOK_ACCESS_HOME: one folder of your choice for settings, saved games and the log, in place of" in top
    with pytest.raises(RuleError, match="no choose\\(view\\) method, which returns one of view.legal$"):
        make_player("builtins:slice", "north", load_preset("hasbro").options, 1)  # a slice: made, but no bot
