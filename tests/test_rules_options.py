"""``rook-access rules --options``: every option explained by the program itself, since an
installed game carries no docs/rules.md (the shell-commands sweep of session 38)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rook_access.cli import main
from rook_access.core import load_preset
from rook_access.core.options import SPEC
from rook_access.speech.option_text import SENTENCES, typed_value

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ROOK_ACCESS_HOME", str(tmp_path))  # no family's own rules
    monkeypatch.setenv("COLUMNS", "1000")  # one option a line, not broken to a narrow terminal


def said(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[str], str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out.splitlines(), err


def test_every_option_has_a_sentence_and_rules_md_names_every_option() -> None:
    """The sentences, the options the game knows and docs/rules.md cannot drift apart."""
    assert set(SENTENCES) == set(SPEC)
    assert all(text.endswith(".") and text[:1].isupper() for text in SENTENCES.values())
    guide = (ROOT / "docs" / "rules.md").read_text("utf-8")
    assert [key for key in SPEC if f"`{key}`" not in guide] == []


def test_rules_options_says_every_option_a_line_with_its_values_and_hasbros_setting(
        capsys: pytest.CaptureFixture[str]) -> None:
    status, lines, err = said(capsys, "rules", "--options")
    assert status == 0 and err == ""
    assert "--option name=value" in lines[0]
    hasbro = load_preset("hasbro").options.to_dict()
    assert [line.split(":")[0] for line in lines[1:]] == list(SPEC)
    for key, line in zip(SPEC, lines[1:]):
        assert SENTENCES[key] in line and " Values: " in line, line
        assert line.endswith(f" Hasbro: {typed_value(hasbro[key])}."), line
    text = "\n".join(lines)
    assert text.isascii() and not re.search(r"\S  +\S|\||\t", text)  # no columns of spaces, no table


@pytest.mark.parametrize("words", [["must_trump"], ["must", "trump"], ["Must-Trump"]])
def test_rules_options_name_says_that_option_alone(words: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    status, lines, _ = said(capsys, "rules", "--options", *words)
    assert status == 0
    assert lines == ["must_trump: A player who cannot follow the colour led must play trump if they can. "
                     "Values: true or false. Hasbro: false."]


@pytest.mark.parametrize("args", [["kentucky-west", "--options", "rook"], ["Kentucky", "West", "--options", "rook"],
                                  ["--options", "rook", "kentucky-west"], ["kentucky-west", "--options", "Rook"]])
def test_rules_named_beside_options_say_their_setting(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """"rules hasbro --options rook" was "unknown option 'rook hasbro'", and kentucky-west's the
    same (the re-check of session 38): the option's line says the named rules' setting."""
    status, lines, err = said(capsys, "rules", *args)
    assert status == 0, err
    assert lines == [f"rook: {SENTENCES['rook']} Values: none, high, low, ten-and-half or called. Kentucky-west: low."]
    status, lines, err = said(capsys, "rules", "hasbro", "--options", "rook")
    assert status == 0 and lines[0].endswith(" Hasbro: high."), err


def test_rules_named_before_an_option_of_two_words_say_its_setting(capsys: pytest.CaptureFixture[str]) -> None:
    """"rules kentucky-west --options must trump" was argparse's "unrecognized arguments: trump"
    (left out by session 38): --options took one word, and the rules' name had taken its place."""
    status, lines, err = said(capsys, "rules", "kentucky-west", "--options", "must", "trump")
    assert status == 0, err
    assert lines == [f"must_trump: {SENTENCES['must_trump']} Values: true or false. Kentucky-west: false."]


def test_rules_named_before_a_bare_options_say_every_setting_of_theirs(capsys: pytest.CaptureFixture[str]) -> None:
    status, lines, err = said(capsys, "rules", "kentucky-west", "--options")
    assert status == 0, err
    assert "the kentucky-west rules' setting" in lines[0]
    west = load_preset("kentucky-west").options.to_dict()
    assert [line.split(":")[0] for line in lines[1:]] == list(SPEC)
    for key, line in zip(SPEC, lines[1:]):
        assert line.endswith(f" Kentucky-west: {typed_value(west[key])}."), line
    status, _, err = said(capsys, "rules", "xyzzy", "--options", "rook")
    assert status == 2 and err.startswith("rook-access: unknown preset 'xyzzy': no preset has that name"), err


@pytest.mark.parametrize(("args", "refusal"), [
    (["play", "--option", "nosuch=1"], "unknown option 'nosuch': rook-access rules --options lists every option"),
    (["rules", "--options", "nest"], "did you mean nest_size or nest_face_up or nest_deal? rook-access rules "
                                     "--options lists every option"),
    (["rules", "--options", "kentucky", "west"], "kentucky-west is a set of rules, not an option: rook-access "
                                                 "rules kentucky-west explains it"),
    (["rules", "--options", "target=500"], "to change an option, give --option (without the s) and a preset: "
                                           "rook-access rules hasbro --option target=500"),
    (["rules", "--options", "--save", "ours"], "--options only explains the options: type rook-access rules "
                                               "--options, or rook-access rules --options NAME for one"),
])
def test_a_name_that_is_no_option_is_one_line_saying_what_works(
        args: list[str], refusal: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, lines, err = said(capsys, *args)
    assert status == 2 and lines == []
    assert err.count("\n") == 1 and refusal in err, err


@pytest.mark.parametrize("short", ["--opt", "--o"])
def test_a_start_of_option_is_still_option_beside_options(short: str, capsys: pytest.CaptureFixture[str]) -> None:
    """"--opt" began both --option and --options once rules had both: argparse refused it as
    ambiguous, where it had changed the preset."""
    status, lines, err = said(capsys, "rules", "hasbro", short, "target=500")
    assert status == 0, err
    assert lines[-1] == "Changed from the preset: target = 500."
