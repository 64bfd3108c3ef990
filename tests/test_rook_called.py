"""rook=called: the trump caller calls the Rook Bird high or low with trump (the encyclopedia's
call-your-partner game: "Rook can be called high or low by the bid winner ... The Rook card is
always trump and must be played likewise. When called low, it is the lowest possible trump
(below the 2 card); when called high, it is the highest possible trump ... the player with the
Rook card may not play it anytime")."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from rook_access.ai.players import make_player
from rook_access.core import GameState, RuleError, new_game, resolve
from rook_access.core import actions as A
from rook_access.core import cards as C
from rook_access.core.determinize import Holding, state_from_view
from rook_access.core.errors import IllegalAction
from rook_access.core.state import RECORD_TYPES
from rook_access.speech.rules_text import explain
from rook_access.store.record import game_line
from rook_access.store.verify import check_record as core_check_record
from tests.console_helpers import Table
from tests.core_helpers import act, game, make_deal, seat
from tests.referee import RefereeError
from tests.referee import check_record as referee_check

CALLED = ["rook=called"]


def _to_trump(fixed: dict[str, list[str]], options: list[str] | None = None, preset: str = "hasbro") -> GameState:
    """North bids, takes the nest and lays aside cards not in ``fixed``; trump is next."""
    options = CALLED + (options or []) + ["first_lead=bidder"]
    state = game(preset, dealer="west", fixed=fixed, options=options)
    act(state, f"bid {state.options.min_bid}", *(["pass"] * (state.n - 1)))
    keep = {C.from_code(c) for c in fixed.get("north", [])}
    for card in list(C.cards_in(state.hands[seat(state, "north")] & ~C.to_mask(keep))):
        if len(state.discards) < state.options.nest_size:
            act(state, f"discard {C.code(card)}")
    return state


def _winner(state: GameState, *plays: str) -> str:
    events = act(state, *(f"play {card}" for card in plays))
    return next(e for e in events if e["type"] == "trick")["winner"]


# ----- the rule -----------------------------------------------------------------------------
def test_called_high_the_rook_is_the_highest_possible_trump() -> None:
    state = _to_trump({"north": ["14g"], "east": ["rook"], "south": ["13g"], "west": ["12g"]},
                      ["ones=high"])
    act(state, "trump green rook high")
    assert _winner(state, "14g", "rook", "13g", "12g") == "east"


def test_called_high_the_rook_beats_a_high_1_of_trump() -> None:
    state = _to_trump({"north": ["1g"], "east": ["rook"], "south": ["13g"], "west": ["12g"]},
                      ["ones=high", "nest_size=5"], preset="kentucky-discard")
    act(state, "trump green rook high")
    assert _winner(state, "1g", "rook", "13g", "12g") == "east"


def test_called_low_the_rook_is_the_lowest_possible_trump_below_the_2() -> None:
    state = _to_trump({"north": ["2g"], "east": ["rook"], "south": ["3g"], "west": ["4g"]},
                      preset="one-high")
    act(state, "trump green rook low")
    assert state.rook_call == "low" and state.view(0).rook_call == "low"
    assert _winner(state, "2g", "rook", "3g", "4g") == "west"


def test_called_low_the_rook_is_still_trump_and_wins_a_colour_led_when_no_one_else_trumps() -> None:
    state = _to_trump({"north": ["14r"], "east": ["rook"], "south": ["13r"], "west": ["12r"]})
    east = seat(state, "east")
    state.hands[east] &= C.BIT[C.ROOK] | ~C.COLOR_MASK[C.RED]  # east holds no red
    act(state, "trump green rook low")
    assert _winner(state, "14r", "rook", "13r", "12r") == "east"


def test_the_rook_card_is_always_trump_and_must_be_played_likewise() -> None:
    """Not at any time: it follows trump, and may not be played while its holder can follow."""
    assert resolve("hasbro", CALLED).rook_anytime is False
    state = _to_trump({"north": ["14r", "14g"], "east": ["rook", "5r"]})
    act(state, "trump green rook high", "play 14r")
    legal = {C.code(a.value) for a in state.legal_actions()}
    assert "5r" in legal and "rook" not in legal
    state = _to_trump({"north": ["14r", "14g"], "east": ["rook", "5r"]})
    east = seat(state, "east")
    state.hands[east] &= ~C.COLOR_MASK[C.GREEN]  # the Rook Bird is east's only trump
    act(state, "trump green rook low", "play 14g")
    assert {C.code(a.value) for a in state.legal_actions()} == {"rook"}


def test_the_bid_winner_calls_high_or_low_with_every_colour() -> None:
    state = _to_trump({})
    assert state.phase == "trump"
    calls = {str(a) for a in state.legal_actions()}
    assert calls == {f"trump {c} rook {r}" for c in C.COLORS for r in ("high", "low")}


def test_a_trump_call_without_the_rook_call_is_refused_saying_what_to_add() -> None:
    state = _to_trump({})
    before = state.to_dict()
    with pytest.raises(IllegalAction, match="high or low.*trump red, rook high.*trump red, rook low"):
        state.apply(A.trump_action(C.RED))
    assert state.to_dict() == before


def test_no_trump_has_no_rook_call_the_rook_is_wild() -> None:
    state = _to_trump({}, ["no_trump=true"])
    assert A.trump_action(C.NO_TRUMP) in state.legal_actions()
    assert state.why_illegal(A.Action(A.TRUMP, A.trump_value(C.NO_TRUMP, "low")))
    act(state, "trump none")
    assert state.rook_call == "" and state.suits is not None and state.suits.trump_suit == C.NO_TRUMP


def test_rules_that_rank_the_rook_take_no_call() -> None:
    state = game("hasbro", dealer="west")
    act(state, "bid 70", "pass", "pass", "pass")
    for card in list(C.cards_in(state.hands[seat(state, "north")]))[:5]:
        act(state, f"discard {C.code(card)}")
    with pytest.raises(IllegalAction, match="fix the Rook Bird's rank.*trump red"):
        state.apply(A.trump_action(C.RED, "low"))


def test_the_partner_who_names_trump_calls_the_rook() -> None:
    state = game("georgia", dealer="west", options=CALLED)
    act(state, "bid 100", "pass", "pass", "pass", "partner")
    assert state.trump_caller == seat(state, "south")
    events = act(state, "trump red rook low")
    assert next(e for e in events if e["type"] == "trump") == {
        "type": "trump", "seat": "south", "color": "red", "raise": 5, "rook": "low"}


def test_rook_called_needs_an_auction() -> None:
    with pytest.raises(RuleError, match="rook=called needs an auction"):
        resolve("beginner", CALLED)


def test_the_call_lasts_one_hand() -> None:
    state = _to_trump({})
    act(state, "trump red rook low")
    low = state.deck
    assert low.rank[C.ROOK] < min(low.rank[c] for c in C.cards_in(low.mask) if c != C.ROOK)
    player = make_player("random", "north", state.options, 1)
    hand = state.hand_number
    while state.hand_number == hand and not state.is_over():
        state.apply(player.choose(state.view(state.actor)))
    assert state.rook_call == "" and state.deck is state.game_deck


# ----- record, saves, views ------------------------------------------------------------------
def test_the_record_trump_line_carries_the_call_and_a_changed_call_is_refused() -> None:
    state = _to_trump({"north": ["14g"], "east": ["rook"], "south": ["13g"], "west": ["12g"]})
    lines = [game_line(state, {s: "normal" for s in state.seats})]
    state2, opening = new_game("hasbro", state.options, 7, make_deal("hasbro", "west", {
        "north": ["14g"], "east": ["rook"], "south": ["13g"], "west": ["12g"]}, None, CALLED + ["first_lead=bidder"]))
    lines = [game_line(state2, {s: "normal" for s in state2.seats}), *opening]
    player = make_player("normal", "north", state2.options, 3)
    while state2.hand_number == 1:
        lines += [e for e in state2.apply(player.choose(state2.view(state2.actor))) if e["type"] in RECORD_TYPES]
    trump = next(line for line in lines if line["type"] == "trump")
    assert trump["rook"] in ("high", "low")
    numbers = list(range(1, len(lines) + 1))
    assert core_check_record(json.loads(json.dumps(lines)), numbers, "record")
    assert referee_check(lines, finished=False) == 0
    flipped = json.loads(json.dumps(lines))
    index = next(i for i, line in enumerate(flipped) if line["type"] == "trump")
    flipped[index]["rook"] = "low" if trump["rook"] == "high" else "high"
    with pytest.raises(RuleError):  # the tricks no longer fall as the record says, or the call is not this bot's
        core_check_record(flipped, numbers, "record")
    del flipped[index]["rook"]
    with pytest.raises(RuleError, match="high or low"):
        core_check_record(flipped, numbers, "record")
    with pytest.raises(RefereeError, match="without calling the Rook Bird"):
        referee_check(flipped, finished=False)


def test_a_saved_game_with_the_call_round_trips_and_a_save_from_before_the_call_existed_loads() -> None:
    state = _to_trump({})
    act(state, "trump yellow rook low")
    data = json.loads(json.dumps(state.to_dict()))
    assert data["rook_call"] == "low"
    restored = GameState.from_dict(data)
    assert restored == state and restored.deck.rank[C.ROOK] == state.deck.rank[C.ROOK]
    assert restored.suits == state.suits
    old = {k: v for k, v in state.to_dict().items() if k != "rook_call"}
    old["options"] = {**old["options"], "rook": "high"}  # no save from before held rook=called
    assert GameState.from_dict(json.loads(json.dumps(old))).rook_call == ""


def test_sampled_states_for_the_bots_keep_the_call() -> None:
    state = _to_trump({})
    act(state, "trump red rook low")
    view = state.view(seat(state, "east"))
    twin = state_from_view(view, Holding(tuple(state.hands), 0, state.aside))
    assert twin.rook_call == "low" and twin.suits == state.suits


# ----- rules text ---------------------------------------------------------------------------
def test_rules_explain_the_call() -> None:
    text = " ".join(explain("call-partner-high-low", resolve("call-partner-high-low")))
    assert ("The player who names trump calls the Rook Bird high or low with it, for that hand: called high, "
            "it is the highest trump; called low, the lowest trump, below every trump number.") in text
    assert "may not be played while you can follow" in text
    assert "The Rook Bird is the highest trump" not in text


# ----- the computer players ------------------------------------------------------------------
def _play_game(preset: str, options: list[str], seed: int, level: str) -> tuple[list[dict[str, Any]], Counter[str]]:
    """A game of ``level`` bots; the record and, per trump call, how it was called and whether
    the caller held the Rook Bird."""
    o = resolve(preset, options)
    state, events = new_game(preset, o, seed)
    players = {i: make_player(level, s, o, seed + i) for i, s in enumerate(state.seats)}
    lines = [game_line(state, {s: level for s in state.seats})] + events
    calls: Counter[str] = Counter()
    while not state.is_over():
        actor = state.actor
        action = players[actor].choose(state.view(actor))
        if action.kind == A.TRUMP:
            colour, rook = A.trump_parts(action.value)
            holds = bool(state.hands[actor] >> C.ROOK & 1)
            calls[f"{rook or 'none'}/{'holds' if holds else 'lacks'}"] += 1
        lines += [e for e in state.apply(action) if e["type"] in RECORD_TYPES]
    return lines, calls


@pytest.mark.parametrize(("preset", "options"), [("call-partner-high-low", []), ("hasbro", CALLED)])
def test_normal_bots_call_the_rook_high_when_they_hold_it_low_when_not_referee_checked(
        preset: str, options: list[str]) -> None:
    lines: list[dict[str, Any]] = []
    calls: Counter[str] = Counter()
    for seed in range(6):
        game_lines, game_calls = _play_game(preset, options, seed, "normal")
        lines += game_lines
        calls += game_calls
    assert referee_check(lines) == 6
    assert calls["high/holds"] and calls["low/lacks"]
    assert not calls["high/lacks"] and not calls["low/holds"] and not calls["none/holds"]


def test_hard_bot_names_trump_with_a_rook_call() -> None:
    state = _to_trump({"north": ["rook", "14g", "13g", "12g", "11g"]})
    north = seat(state, "north")
    action = make_player("hard", "north", state.options, 2).choose(state.view(north))
    assert action in state.legal_actions()
    assert A.trump_parts(action.value)[1] == "high"  # holding it: high is never worse for its holder


# ----- the console ---------------------------------------------------------------------------
@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("ROOK_ACCESS_HOME", str(tmp_path))
    return tmp_path


def _console(fixed: dict[str, list[str]]) -> Table:
    deal = make_deal("hasbro", "east", fixed, None, CALLED)
    return Table("hasbro", seed=3, options=CALLED, deal=deal, level="normal")


def test_console_the_player_names_trump_with_the_rook_high_or_low(home: Path) -> None:
    table = _console({"south": ["14r", "13r", "12r", "11r", "10r", "rook"]})
    table.run("bid 120")  # the maximum: the auction ends at once
    south = table.state.seats.index("south")
    cards = [C.code(c) for c in C.cards_in(table.state.hands[south]) if C.color_of(c) != C.RED and c != C.ROOK]
    table.run("discard " + " ".join(cards[:5]))
    assert table.run("trump").lines == [
        "Name trump: red, green, black, or yellow, with the Rook Bird high or low, like trump red, rook high."]
    refused = table.run("trump red")
    assert refused.refused and refused.lines == [
        "Say whether the Rook Bird is high or low as you name trump: trump red, rook high (the highest "
        "trump), or trump red, rook low (the lowest trump)."]
    assert table.state.trump < 0
    table.run("trump red, rook high")
    assert "Trump: red, the Rook Bird high, the highest trump, named by you." in table.text()
    assert table.run("trump").lines == ["Trump: red, the Rook Bird high, the highest trump."]


@pytest.mark.parametrize("typed", ["trump red hgh", "trump red, rook hgh", "trump r hgh", "red hgh", "r hgh",
                                   "red, rook hgh", "red rook hgh", "red. hgh"])
def test_console_a_misspelt_call_with_its_colour_blames_the_call_not_the_colour(home: Path, typed: str) -> None:
    """"trump red hgh" was "Not a colour: red hgh.": red is a colour, hgh is not high or low
    (the re-check of session 33). Without the word trump the colour names trump too: "red hgh"
    was "Not a card: red hgh." (the sweeps of session 34)."""
    table = _console({"south": ["14r", "13r", "12r", "11r", "10r", "rook"]})
    table.run("bid 120")
    south = table.state.seats.index("south")
    cards = [C.code(c) for c in C.cards_in(table.state.hands[south]) if C.color_of(c) != C.RED and c != C.ROOK]
    table.run("discard " + " ".join(cards[:5]))
    refused = table.run(typed)
    assert refused.refused and refused.lines == [
        "Not high or low: hgh. Say whether the Rook Bird is high or low as you name trump: trump red, rook high "
        "(the highest trump), or trump red, rook low (the lowest trump)."]
    assert table.state.trump < 0


@pytest.mark.parametrize("typed", ["trump green rook low", "green, low", "trump green and the bird is low"])
def test_console_reads_the_call_as_people_say_it(home: Path, typed: str) -> None:
    table = _console({"south": ["14g", "13g", "12g", "11g", "10g"]})
    table.run("bid 120")
    south = table.state.seats.index("south")
    cards = [C.code(c) for c in C.cards_in(table.state.hands[south]) if C.color_of(c) != C.GREEN and c != C.ROOK]
    table.run("discard " + " ".join(cards[:5]))
    table.run(typed)
    assert table.state.trump == C.GREEN and table.state.rook_call == "low"


def test_console_everyone_hears_how_a_computer_called_the_rook(home: Path) -> None:
    table = _console({"south": ["5r", "6r", "7r", "8r", "9r"]})
    rng = random.Random(1)
    while table.state.trump < 0 and not table.state.is_over():
        table.run(table.move_text(rng))
    said = [line for line in table.text().splitlines() if line.startswith("Trump: ")]
    call = table.state.rook_call
    assert call and said and f"the Rook Bird {call}, the {'highest' if call == 'high' else 'lowest'} trump" in said[0]
