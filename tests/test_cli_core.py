"""The `rules` and `simulate` commands, game records checked by the independent referee, and bad
input: one line, exit status 2, never a traceback."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from rook_access.core import cards as C
from rook_access.core import preset_names
from tests.referee import check_record

# Games per preset the referee checks: 1,300 in all. 200 a preset took a third of the suite's
# CPU time, and the suite is to fit in about three minutes on two cores.
REFEREE_GAMES = 100
FOUR_PLAYER = ["hasbro", "kentucky-discard", "kentucky-west", "georgia", "one-high", "red-one",
               "regular-partnership"]


def run(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "rook_access", *args], capture_output=True, text=True,
                          timeout=600, cwd=cwd)


def test_rules_lists_every_preset_one_line_each(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ROOK_ACCESS_HOME", str(tmp_path))  # no family's own rules
    out = run("rules")
    assert out.returncode == 0
    lines = out.stdout.splitlines()
    assert lines[0] == "Built-in rules:"
    assert [line.split(":")[0] for line in lines[1:]] == preset_names()


@pytest.mark.parametrize("name", FOUR_PLAYER)
def test_rules_explains_a_preset_in_sentences(name: str) -> None:
    out = run("rules", name)
    assert out.returncode == 0
    text = out.stdout
    for word in ("Deck:", "Bids:", "trump", "Counters:", "Game:"):
        assert word in text
    assert all(line.endswith(".") for line in text.splitlines())
    assert text.isascii()


def test_rules_mentions_overridden_options() -> None:
    out = run("rules", "kentucky-west", "--option", "target=300", "--option", "rook=high")
    assert "Changed from the preset: target = 300; rook = high." in out.stdout
    assert "The Rook Bird is the highest trump" in out.stdout
    assert "Game: 300 points" in out.stdout


def test_simulate_json_summary() -> None:
    out = run("simulate", "--rules", "hasbro", "--games", "20", "--seed", "3", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert {"games", "hands", "wins", "points_per_hand", "actions_per_second"} <= set(data)
    assert data["games"] == 20 and sum(data["wins"].values()) == 20
    assert set(data["wins"]) == {"north-south", "east-west"} == set(data["points_per_hand"])
    assert data["actions_per_second"] > 0


def test_simulate_text_summary_and_same_seed_same_result() -> None:
    first = run("simulate", "--rules", "red-one", "--games", "10", "--seed", "5", "--json")
    second = run("simulate", "--rules", "red-one", "--games", "10", "--seed", "5", "--json")
    a, b = json.loads(first.stdout), json.loads(second.stdout)

    def untimed(d: dict) -> dict:
        return {k: v for k, v in d.items() if "per_second" not in k and not k.endswith("_ms")}

    assert untimed(a) == untimed(b) and a["hands"] > 0
    text = run("simulate", "--rules", "red-one", "--games", "3", "--seed", "5").stdout
    assert "Games: 3." in text and "actions per second" in text


@pytest.mark.parametrize("preset", preset_names())
def test_simulated_records_pass_the_referee(preset: str, tmp_path: Path) -> None:
    record = tmp_path / "r.jsonl"
    out = run("simulate", "--rules", preset, "--games", str(REFEREE_GAMES), "--seed", "1", "--record", str(record))
    assert out.returncode == 0, out.stderr
    lines = [json.loads(line) for line in record.read_text().splitlines()]
    assert check_record(lines) == REFEREE_GAMES
    game = lines[0]
    assert game["format"] == "rook-record/1" and game["preset"] == preset
    assert game["seats"] == list(game["options"]["seats"]) and "south" in game["seats"]


def test_record_options_are_every_option_resolved(tmp_path: Path) -> None:
    from rook_access.core.options import SPEC

    record = tmp_path / "r.jsonl"
    run("simulate", "--games", "1", "--record", str(record), "--option", "target=100")
    game = json.loads(record.read_text().splitlines()[0])
    assert set(game["options"]) == set(SPEC) and game["options"]["target"] == 100


@pytest.mark.parametrize("args,message", [
    (["simulate", "--rules", "rummy"], "unknown preset 'rummy'"),
    (["simulate", "--option", "colour=red"], "unknown option 'colour'"),
    (["simulate", "--option", "rook=middle"], "rook=middle is not allowed"),
    (["simulate", "--option", "target=-5"], "out of range"),
    (["simulate", "--games", "0"], "--games must be 1 to 1,000,000, not 0"),
    (["simulate", "--games", "many"], "not a whole number in digits: 'many'"),
    (["rules", "rummy"], "unknown preset 'rummy'"),
    (["nonsense"], "unknown command 'nonsense': the commands are rules, simulate,"),
])
def test_bad_input_is_one_line_and_exit_2(args: list[str], message: str) -> None:
    out = run(*args)
    assert out.returncode == 2
    assert out.stdout == ""
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0], out.stderr
    assert "Traceback" not in out.stderr


def test_record_to_an_unwritable_place_is_one_line(tmp_path: Path) -> None:
    out = run("simulate", "--games", "1", "--record", str(tmp_path / "no" / "such" / "dir" / "r.jsonl"))
    assert out.returncode == 2 and len(out.stderr.strip().splitlines()) == 1
    assert "cannot write the record" in out.stderr


def test_python_dash_m_and_help() -> None:
    out = run("--help")
    assert out.returncode == 0 and "simulate" in out.stdout and "rules" in out.stdout


def _deal_file(tmp_path: Path, data: object) -> str:
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def test_simulate_from_a_deal_file(tmp_path: Path) -> None:
    from tests.core_helpers import make_deal

    deal = make_deal("hasbro", "west", {"south": ["rook", "14r", "13r", "12r", "11r", "10r", "5r", "14g", "14x"]})
    record = tmp_path / "r.jsonl"
    out = run("simulate", "--games", "5", "--deal", _deal_file(tmp_path, deal), "--record", str(record))
    assert out.returncode == 0, out.stderr
    lines = [json.loads(line) for line in record.read_text().splitlines()]
    firsts = [lines[i + 1] for i, line in enumerate(lines) if line["type"] == "game"]
    assert len(firsts) == 5
    for first in firsts:
        assert first["type"] == "deal" and first["dealer"] == "west"
        assert first["hands"] == {seat: sorted(cards, key=C.from_code) for seat, cards in deal["hands"].items()}
        assert first["nest"] == deal["nest"]
    assert check_record(lines) == 5


@pytest.mark.parametrize("change,message", [
    (lambda d: d["hands"].update(north=d["hands"]["north"][:-1]), "north has 8 cards; each hand needs 9"),
    (lambda d: d["nest"].__setitem__(0, d["hands"]["east"][0]), "appears twice"),
    (lambda d: d["nest"].__setitem__(0, "15q"), 'unknown card code "15q"'),
    (lambda d: d.pop("hands"), "'hands' is missing: it needs dealer, hands and nest (aside may be left out"),
    # Keys a deal file does not have were ignored (the simulate sweep of session 39); aside may be left out.
    (lambda d: d.__setitem__("extra", 1), 'unknown key "extra": a deal holds dealer, hands, nest, aside and face_up'),
    (lambda d: d.__setitem__("Dealer", d.pop("dealer")), 'unknown key "Dealer": did you mean dealer?'),
    (lambda d: (d.pop("aside"), d.pop("dealer")), "'dealer' is missing: it needs dealer, hands and nest (aside may"),
    # Said as the file writes them, not as Python does (None, True: found by the record sweep).
    (lambda d: d.__setitem__("dealer", None), "dealer null is not a seat"),
    (lambda d: d["nest"].__setitem__(0, True), "unknown card code true"),
])
def test_malformed_deal_files_are_one_line(tmp_path: Path, change, message: str) -> None:
    from tests.core_helpers import make_deal

    deal = make_deal("hasbro", "west", {})
    change(deal)
    out = run("simulate", "--games", "1", "--deal", _deal_file(tmp_path, deal))
    assert out.returncode == 2 and "Traceback" not in out.stderr
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0], out.stderr


def test_a_deal_file_key_given_twice_or_misspelt_is_refused(tmp_path: Path) -> None:
    """"dealer" given twice dealt from the last, "faceup" for face_up showed other dummy cards than
    written, both with status 0 (the simulate sweep of session 39)."""
    from tests.core_helpers import make_deal

    deal = make_deal("hasbro", "west", {})
    text = json.dumps(deal)[:-1] + ', "dealer": "north"}'
    path = tmp_path / "twice.json"
    path.write_text(text, "utf-8")
    out = run("simulate", "--games", "1", "--deal", str(path))
    said = f"rook-access: the deal file {str(path)!r} gives \"dealer\" twice: give each key once\n"
    assert out.returncode == 2 and out.stderr == said, out.stderr
    two = make_deal("two-player", "south", {})
    two["faceup"] = two["hands"]["dummy"][:6]
    out = run("simulate", "--rules", "two-player", "--games", "1", "--deal", _deal_file(tmp_path, two))
    assert out.returncode == 2 and out.stderr.endswith(': unknown key "faceup": did you mean face_up?\n'), out.stderr


def test_a_records_deal_line_copied_to_a_file_plays_as_its_deal(tmp_path: Path) -> None:
    """A record's deal line copied to a file was refused for its "type" ('unknown key "type"')
    once a deal file's keys were checked; copying a recorded deal is the natural way to make a
    deal file (the re-check of session 39). Its other fields are ignored, as a record's reader
    ignores them; the deal played is the one recorded."""
    record = tmp_path / "r.jsonl"
    assert run("simulate", "--games", "1", "--seed", "5", "--record", str(record)).returncode == 0
    line = json.loads(record.read_text("utf-8").splitlines()[1])
    assert line["type"] == "deal"
    again = tmp_path / "again.jsonl"
    out = run("simulate", "--games", "1", "--seed", "9", "--deal", _deal_file(tmp_path, {**line, "note": "x"}),
              "--record", str(again))
    assert out.returncode == 0, out.stderr
    dealt = json.loads(again.read_text("utf-8").splitlines()[1])
    assert all(dealt[key] == line[key] for key in ("dealer", "hands", "nest"))
    # A deal key misspelt in a copied line is still that key misspelt, not a writer's field: "faceup"
    # was dropped unsaid, and another line's type was an "unknown key" (the re-check of session 39).
    misspelt = {key: value for key, value in line.items() if key != "dealer"} | {"dealr": line["dealer"]}
    out = run("simulate", "--games", "1", "--deal", _deal_file(tmp_path, misspelt))
    assert out.returncode == 2 and out.stderr.endswith(': unknown key "dealr": did you mean dealer?\n'), out.stderr
    out = run("simulate", "--games", "1", "--deal", _deal_file(tmp_path, {**line, "type": "hand_end"}))
    assert out.returncode == 2 and out.stderr.endswith(
        ': its type is "hand_end", but a deal file is a deal: copy the record\'s line whose type is "deal", or leave '
        'type out\n'), out.stderr


def test_deal_file_not_json_or_missing(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("[1,", encoding="utf-8")
    out = run("simulate", "--deal", str(bad))
    assert out.returncode == 2 and "is not valid JSON" in out.stderr and len(out.stderr.strip().splitlines()) == 1
    out = run("simulate", "--deal", str(tmp_path / "none.json"))
    assert out.returncode == 2 and "there is no deal file" in out.stderr


def test_a_record_that_is_a_loop_of_links_is_said_not_a_crash(tmp_path: Path) -> None:
    """'--record r.jsonl' where r.jsonl links to itself: play and table stopped with "unexpected
    error (RuntimeError: Symlink loop ...)" from Path.resolve (found by a re-check), where
    simulate said it cannot write the record."""
    import os

    loop = tmp_path / "r.jsonl"
    loop.symlink_to(loop)
    env = dict(os.environ, ROOK_ACCESS_HOME=str(tmp_path / "home"))
    said = {}
    for command in ("play", "table", "simulate"):
        args = [command, "--record", str(loop)] + (["--speech", "off"] if command != "simulate" else [])
        done = subprocess.run([sys.executable, "-m", "rook_access", *args], input="quit\n", env=env,
                              capture_output=True, text=True, timeout=120)
        assert "unexpected error" not in done.stderr and "Traceback" not in done.stderr, done.stderr
        said[command] = done.stderr + done.stdout
    assert "cannot write the record" in said["play"] and "cannot write the record" in said["simulate"]
    # Refused before the game starts, as play refuses it (it started and said so, the re-check).
    assert said["table"] == f"rook-access: --record {loop}: Too many levels of symbolic links\n"


def test_options_of_fixed_words_are_read_case_blind() -> None:
    """"--verbosity Brief", "--speech OFF", "--level Hard" stopped with argparse's "invalid
    choice: 'Brief'" where the settings file and the game's commands read words case-blind (the
    settings sweep of session 34): every option of fixed words, of every command, reads them so."""
    import argparse

    from rook_access.cli import _commands, build_parser

    checked = 0
    for name, command in _commands(build_parser()).items():
        for action in command._actions:
            if action.choices is None or isinstance(action, argparse._SubParsersAction):
                continue
            for choice in action.choices:  # as argparse reads a word: its type, then the choices
                assert action.type is not None and action.type(str(choice).upper()) == choice, (name, choice)
                checked += 1
    assert checked > 20, checked
    args = _commands(build_parser())["play"].parse_args(["--verbosity", "Brief", "--speech", "OFF", "--level", "Hard"])
    assert (args.verbosity, args.speech, args.level) == ("brief", "off", "hard")
