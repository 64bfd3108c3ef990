"""``rook-access simulate`` with chosen players: --ns/--ew, per seat, --bot, --duplicate, and
the JSON summary other tools read (documented in docs/bots.md)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from rook_access.cli import main
from rook_access.core import resolve
from rook_access.simulation import percentile, rotated, simulate, wilson

ROOT = Path(__file__).resolve().parent.parent


def run_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict:
    assert main(["simulate", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_wilson_interval_matches_known_values() -> None:
    low, high = wilson(5, 10)
    assert (round(low, 4), round(high, 4)) == (0.2366, 0.7634)
    low, high = wilson(0, 10)
    assert (round(low, 4), round(high, 4)) == (0.0, 0.2775)
    low, high = wilson(80, 100)
    assert (round(low, 4), round(high, 4)) == (0.7112, 0.8666)


def test_percentile_is_nearest_rank() -> None:
    values = [float(v) for v in range(1, 101)]
    assert percentile(values, 50) == 50.0
    assert percentile(values, 95) == 95.0
    assert percentile([3.0], 95) == 3.0


def test_duplicate_moves_each_player_one_seat_clockwise() -> None:
    seats = ("north", "east", "south", "west")
    players = {"north": "hard", "south": "hard", "east": "easy", "west": "easy"}
    assert rotated(seats, [0, 1, 2, 3], players, "random") == {
        "north": "easy", "east": "hard", "south": "easy", "west": "hard"}
    # Two players and a dummy: only the two players swap.
    assert rotated(("south", "dummy", "north"), [0, 2], {"south": "normal"}, "easy") == {
        "south": "easy", "north": "normal"}


def test_the_text_summary_says_why_wins_add_up_to_more_than_the_games(capsys: pytest.CaptureFixture[str]) -> None:
    """Seats who won together each count a win: the summary's wins added up to more than the
    games with no word why (the re-check of session 34)."""
    assert main(["simulate", "--rules", "call-partner-6", "--games", "20", "--seed", "5"]) == 0
    out = capsys.readouterr().out
    wins = sum(int(m) for m in re.findall(r"^\w+: (\d+) games? won", out, re.MULTILINE))
    assert wins == 23
    assert ("3 games were won by two seats together, partners of the last hand tied at the top (north and "
            "northeast: 2; southeast and southwest: 1): so the wins add up to more than the games.") in out
    # Groups of three are told apart by ear: semicolons between them (the re-check of session 35).
    assert main(["simulate", "--rules", "call-partner-6", "--games", "20", "--seed", "3",
                 "--option", "target=100"]) == 0
    shared = next(line for line in capsys.readouterr().out.splitlines() if "together" in line)
    groups = re.search(r"\((.*)\)", shared)
    assert groups and all(re.fullmatch(r"\w+(, \w+)* and \w+: \d+", g) for g in groups[1].split("; ")), shared
    assert any(g.count(",") == 1 for g in groups[1].split("; ")), shared
    assert main(["simulate", "--games", "2", "--seed", "5"]) == 0
    assert "together" not in capsys.readouterr().out


def test_the_text_summary_says_milliseconds_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    """"ms" was read "em ess" (the shell-commands sweep of session 38); --json keeps decision_ms."""
    assert main(["simulate", "--games", "1", "--seed", "5"]) == 0
    timing = next(line for line in capsys.readouterr().out.splitlines() if "decisions take" in line)
    assert re.fullmatch(r"Level random: decisions take [\d.]+ milliseconds at the median, [\d.]+ milliseconds at "
                        r"the 95th percentile, [\d.]+ milliseconds at most\.", timing), timing


def test_json_summary_has_every_documented_key(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "--ns", "normal", "--ew", "easy", "--games", "6", "--seed", "3")
    assert set(data) >= {"games", "hands", "wins", "points_per_hand", "actions_per_second",
                         "win_rate", "contracts", "decision_ms"}
    assert data["games"] == 6
    assert set(data["wins"]) == {"north-south", "east-west"}
    assert sum(data["wins"].values()) == 6
    for side, rate in data["win_rate"].items():
        assert rate["rate"] == round(data["wins"][side] / 6, 4)
        low, high = rate["ci95"]
        assert 0 <= low <= rate["rate"] <= high <= 1
    contracts = data["contracts"]
    assert sum(c["made"] + c["set"] for c in contracts.values()) == data["hands"]
    assert set(data["decision_ms"]) == {"normal", "easy"}
    for times in data["decision_ms"].values():
        assert 0 <= times["p50"] <= times["p95"] <= times["max"]
    assert "level_win_rate" not in data


def test_duplicate_plays_each_deal_twice_and_reports_levels(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "--ns", "normal", "--ew", "easy", "--games", "5", "--duplicate")
    assert data["games"] == 10
    levels = data["level_win_rate"]
    assert set(levels) == {"normal", "easy"}
    # Each level sat in all ten games and exactly one side won each game.
    wins = sum(round(levels[level]["rate"] * 10) for level in levels)
    assert wins == 10
    # Per level: the same hands, opposite sides of each hand's score; every contract counted once.
    contracts = data["level_contracts"]
    assert sum(c["made"] + c["set"] for c in contracts.values()) == data["hands"]
    sides = data["contracts"]
    assert sum(c["made"] for c in contracts.values()) == sum(c["made"] for c in sides.values())
    per_level = data["level_points_per_hand"]
    per_side = data["points_per_hand"]
    assert abs(sum(per_level.values()) - sum(per_side.values())) < 0.01


def test_seat_flags_override_side_flags_and_bot_overrides_both() -> None:
    from rook_access.cli import build_parser
    from rook_access.commands.simulate import seat_players

    args = build_parser().parse_args(
        ["simulate", "--ns", "hard", "--ew", "easy", "--north", "easy", "--bot", "north=normal",
         "--bot", "west=pkg.mod:make"])
    assert seat_players(args) == {"north": "normal", "south": "hard", "east": "easy", "west": "pkg.mod:make"}


def test_level_names_are_read_in_any_case() -> None:
    """"--ns Hard", "--ew EASY", "--bot North=Hard" were "unknown player 'Hard'" (the re-check of
    session 34); a module:factory is kept as written."""
    from rook_access.ai.players import LEVELS, load_factory
    from rook_access.cli import build_parser
    from rook_access.commands.simulate import seat_players

    assert load_factory("Hard") is LEVELS["hard"] and load_factory("EASY") is LEVELS["easy"]
    args = build_parser().parse_args(["simulate", "--ns", "Hard", "--ew", "EASY", "--bot", "North=Normal",
                                      "--bot", "west=Pkg.Mod:Make"])
    assert seat_players(args) == {"north": "normal", "south": "hard", "east": "easy", "west": "Pkg.Mod:Make"}


def test_unnamed_seats_get_the_default_player() -> None:
    summary = simulate("hasbro", resolve("hasbro"), 2, 1, {"north": "easy", "south": "normal"}, default="easy")
    assert set(summary.decision_times) == {"easy", "normal"}


def test_a_bad_bot_spec_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--bot", "east", "--games", "1"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "SEAT=SPEC" in err
    # The seats of these rules that choose, not every name nor the dummy (the first-run sweep).
    assert main(["simulate", "--rules", "two-player", "--bot", "up=easy", "--games", "1"]) == 2
    assert capsys.readouterr().err == ("rook-access: --bot 'up=easy': write it as SEAT=SPEC, like "
                                       "south=mypkg.bots:make, with a seat among south, north\n")
    assert main(["simulate", "--bot", "east=no_such_module:make", "--games", "1"]) == 2
    assert "cannot import" in capsys.readouterr().err
    assert main(["simulate", "--rules", "hasbro", "--northeast", "easy", "--games", "1"]) == 2
    assert "not a seat" in capsys.readouterr().err


def test_rules_these_players_never_finish_stop_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    """A lowest bid of 100 the core accepts, but random bidders are set nearly every hand and
    every total falls for ever: the run stops past MAX_GAME_ACTIONS moves (it never ended)."""
    assert main(["simulate", "--rules", "hasbro", "--option", "min_bid=100", "--games", "1", "--seed", "1"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "moves without a winner" in err and "lower min_bid" in err


def test_the_documented_example_bot_plays_a_full_game_through_the_command() -> None:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT / "examples" / "bots"), str(ROOT)]))
    result = subprocess.run(
        [sys.executable, "-m", "rook_access", "simulate", "--bot", "east=lowest_card:make",
         "--ns", "normal", "--games", "1", "--seed", "4", "--json"],
        capture_output=True, text=True, env=env, timeout=300, cwd=ROOT,
    )
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["games"] == 1
    assert "lowest_card:make" in data["decision_ms"]
    assert sum(data["wins"].values()) == 1


@pytest.mark.parametrize(("bot", "said"), [
    ("illegal", "chose bid 5, which is not among its legal actions: Your bid must be at least"),
    ("wrong_type", "whose value is no whole number"),
    ("floaty", "whose value is no whole number"),  # equal to a legal bid all the same (the re-check)
    ("tuple_", "which is no Action"),
    ("multiline", "failed: RuntimeError: line one line two Traceback (most recent call last):"),
    ("exits", "failed: called sys.exit"),
    # Found by the simulate sweep: a card or trump call that is no card (play 999 raised
    # IndexError, said as the bot's own failure; -1 was said as the Rook Bird, trump 99 as "trump
    # none rook ?"), a bot that changed the counters of the options every game shares, and a
    # BaseException of its own, which printed a traceback.
    ("no_card", "chose play 999, which is not among its legal actions: That is not a card of this game."),
    ("minus_one", "chose play -1, which is not among its legal actions: That is not a card of this game."),
    ("no_trump_call", "chose trump 99, which is not among its legal actions: That is not a trump call of this game."),
    ("mutates", "failed: TypeError: the options' counters may not be changed"),
    ("pass_with_a_value", "chose pass 3, which is not among its legal actions: 'pass' takes no number or card."),
    ("huge_bid", "chose bid a number too long to show, which is not among its legal actions"),
    ("base_exception", "failed: Stop: its own"),
])
def test_a_bot_that_breaks_the_protocol_is_one_line_naming_the_game_and_seat(
        bot: str, said: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Found by a helper writing bots from docs/bots.md: an illegal choice was said as to a person
    ("Your bid must be at least 70") with no seat, a wrong value type was "unexpected error",
    sys.exit ended the run silently with success, a message's new lines made several lines."""
    assert main(["simulate", "--ns", "normal", "--bot", f"east=tests.misbehaving_bots:{bot}", "--games", "1",
                 "--seed", "3"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("rook-access: in game 1 (--seed 3 --games 1 plays it again), "
                                                    "hand "), err
    assert "player at east" in err and said in err, err


def test_a_failure_under_duplicate_names_the_game_as_counted_and_a_command_that_fails_again(
        capsys: pytest.CaptureFixture[str]) -> None:
    """The second playing of deal 1 was said as "game 1 (--seed 3 --games 1 plays it again)": it was
    the run's game 2, and that command (no --duplicate) ran clean (the simulate sweep of session 39)."""
    bot = ["--bot", "east=tests.misbehaving_bots:fails_at_south", "--seed", "3"]
    assert main(["simulate", *bot, "--games", "3", "--duplicate"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("rook-access: in game 2 (deal 1, second playing, the players moved one seat clockwise; "
                          "--seed 3 --games 1 --duplicate plays it again), hand 1: the bad player at south "), err
    assert main(["simulate", *bot, "--games", "1", "--duplicate"]) == 2
    assert capsys.readouterr().err == err
    assert main(["simulate", *bot, "--games", "1"]) == 0


def test_a_bot_cannot_call_a_misdeal_for_another_seat(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The core took any seat's misdeal from the seat on turn: east's bot ended the hand as north's
    misdeal, with north's hidden hand (found by a helper). North holds no counters here, so the
    core itself would allow north the call."""
    from tests.core_helpers import make_deal

    deal = make_deal("georgia", "north", {"north": ["6r", "7r", "8r", "9r", "6g", "7g", "8g", "9g", "6x", "7x"]})
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(deal), "utf-8")
    assert main(["simulate", "--rules", "georgia", "--ns", "normal", "--bot", "east=tests.misbehaving_bots:misdeal",
                 "--games", "1", "--seed", "3", "--deal", str(path)]) == 2
    err = capsys.readouterr().err
    assert "a misdeal for another seat's hand: its value is the seat calling it" in err, err


def test_a_bot_that_prints_leaves_the_json_whole(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "--ns", "normal", "--bot", "east=tests.misbehaving_bots:prints", "--games", "1",
                    "--seed", "3")
    assert data["games"] == 1


def test_a_bot_with_a_choose_from_of_its_own_is_given_its_view(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "--ns", "normal", "--bot", "east=tests.misbehaving_bots:helper", "--games", "1",
                    "--seed", "3")
    assert data["games"] == 1


def test_a_bot_module_that_fails_to_load_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "boom_at_import.py").write_text("1 / 0\n", "utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    for spec, said in (("boom_at_import:make", "ZeroDivisionError"), (":make", "Empty module name")):
        assert main(["simulate", "--bot", f"east={spec}", "--games", "1"]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "cannot import" in err and said in err, err


def test_a_factory_that_calls_sys_exit_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    """It ended the run in silence with status 0, a success to any script (the simulate sweep)."""
    assert main(["simulate", "--bot", "east=tests.misbehaving_bots:exits_when_made", "--games", "1"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "could not be made" in err and "called sys.exit" in err, err


def test_seat_names_in_bot_and_side_flags(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--bot", "EAST=normal", "--games", "1", "--seed", "1", "--json"]) == 0
    capsys.readouterr()
    assert main(["simulate", "--rules", "two-player", "--bot", "dummy=normal", "--games", "1"]) == 2
    assert "the dummy never chooses" in capsys.readouterr().err
    assert main(["simulate", "--rules", "call-partner", "--ew", "normal", "--games", "1"]) == 2
    assert "--ew sets east and west, but east and west are not seats in these rules" in capsys.readouterr().err


@pytest.mark.parametrize(("rules", "flags", "said"), [
    ("six-teams", ["--ns", "normal"],
     "--ns sets north and south, who are not partners in these rules (the sides are north, southeast and "
     "southwest; northeast, south and northwest): name the seats one by one, like --north normal "
     "--southeast normal --southwest normal"),
    ("three-player", ["--ew", "easy"],
     "--ew sets east and west, who are not partners in these rules (no two seats are partners for the whole "
     "game): name the seats one by one, like --east easy --west easy"),
    ("six-player", ["--ns", "easy"], "--ns sets north and south, who are not partners in these rules"),
    ("two-player", ["--ns", "easy"], "--ns sets north and south, who are not partners in these rules"),
    ("three-player", ["--ns", "easy"],
     "--ns sets north and south, but north is not a seat in these rules (the seats are east, south and west): "
     "name the seats one by one, like --south easy"),
])
def test_a_side_flag_on_seats_that_are_not_partners_is_refused(
        rules: str, flags: list[str], said: str, capsys: pytest.CaptureFixture[str]) -> None:
    """--ns put normal on both six-teams teams (north and south play against each other), in
    silence; three-player's --ns x said "north is not a seat" with no word of the --ns typed (the
    simulate sweep of session 39)."""
    assert main(["simulate", "--rules", rules, *flags, "--games", "1", "--seed", "4"]) == 2
    out = capsys.readouterr()
    assert out.out == "" and out.err.count("\n") == 1 and said in out.err, out.err


@pytest.mark.parametrize("rules", ["six-teams", "three-player", "hasbro"])
def test_an_unknown_level_for_a_side_is_refused_as_one(rules: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Six-teams' --ns x advised "like --north x --southeast x --southwest x", which was refused in
    turn as "unknown player 'x'"; three-player's said "like --south x" (the re-check of session 39):
    the level is checked before the side, in every rules, as --north x is."""
    assert main(["simulate", "--rules", rules, "--ns", "x", "--games", "1", "--seed", "4"]) == 2
    out = capsys.readouterr()
    assert out.out == "" and out.err.count("\n") == 1, out.err
    assert "unknown player 'x': use random, easy, normal, hard or module:factory" in out.err and "--" not in out.err


@pytest.mark.parametrize("flag", ["--ns", "--north"])
def test_an_empty_level_is_refused_as_the_slip_it_is(flag: str, capsys: pytest.CaptureFixture[str]) -> None:
    """--ns '' and --north '' played random in silence, where --record '' is refused (found by the
    simulate sweep of session 39)."""
    assert main(["simulate", flag, "", "--games", "1"]) == 2
    out = capsys.readouterr()
    assert out.out == "" and out.err == (f"rook-access: {flag} is empty: give a level, like {flag} normal (random, "
                                         "easy, normal, hard or module:factory)\n"), out.err


def test_side_flags_still_set_both_partners(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "--rules", "six-teams", "--north", "easy", "--southeast", "easy", "--southwest", "easy",
                    "--games", "1", "--seed", "4")
    assert set(data["level_points_per_hand"]) == {"easy", "random"}
    data = run_json(capsys, "--rules", "georgia", "--ns", "easy", "--games", "1", "--seed", "4")
    assert set(data["level_points_per_hand"]) == {"easy", "random"}

