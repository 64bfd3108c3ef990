"""Partnership sense in the auction: once both opponents have passed, no level outbids its own
partner (the side holds the contract; a higher bid only risks a set)."""

from __future__ import annotations

import pytest

from rook_access.ai.auction_search import PASS_NOW
from rook_access.ai.bidding import partner_has_contract
from rook_access.ai.hard import HardBot
from rook_access.ai.players import make_player
from rook_access.core import GameState, preset_names, resolve
from tests.core_helpers import act, game

LEVELS = ("easy", "normal", "hard")
# North's hand: worth a bid at every level on every partnership preset (checked below).
STRONG = ["rook", "14g", "13g", "12g", "11g", "10g", "14r", "14x", "14y", "13r"]


def partnership_presets() -> list[str]:
    """Presets where partners are known during the auction: fixed partners with an auction."""
    return [name for name in preset_names()
            if resolve(name).sides == "partners" and resolve(name).auction]


def _north_to_speak(preset: str, opener: str) -> GameState:
    """North deals, so east opens the auction. ``opener`` ("south", north's partner, or "west",
    an opponent) bids the minimum and the other two pass: north speaks last."""
    o = resolve(preset)
    hand = [c for c in STRONG if c != "rook" or o.rook != "none"][: _hand_size(preset)]
    state = game(preset, dealer="north", fixed={"north": hand})
    if opener == "south":
        act(state, "pass", f"bid {o.min_bid}", "pass")  # east passes, south bids, west passes
    else:
        act(state, "pass", "pass", f"bid {o.min_bid}")  # east and south pass, west bids
    assert state.seats[state.actor] == "north"
    return state


def _hand_size(preset: str) -> int:
    state = game(preset, dealer="north")
    return state.hands[0].bit_count()


def test_the_scripted_auctions_cover_the_partnership_presets() -> None:
    assert {"hasbro", "kentucky-west", "georgia"} <= set(partnership_presets())


@pytest.mark.parametrize("preset", partnership_presets())
@pytest.mark.parametrize("level", LEVELS)
def test_no_level_outbids_its_partner_once_both_opponents_passed(preset: str, level: str) -> None:
    state = _north_to_speak(preset, "south")
    view = state.view("north")
    action = make_player(level, "north", view.options, 3).choose(view)
    o = view.options
    moon_shot = o.moon != "off" and action.kind == "bid" and action.value == o.max_bid
    assert action.kind == "pass" or moon_shot, (preset, level, action)


@pytest.mark.parametrize("preset", partnership_presets())
@pytest.mark.parametrize("level", LEVELS)
def test_the_same_hand_outbids_an_opponent(preset: str, level: str) -> None:
    """The hand above is strong enough to bid: only the partnership keeps it quiet. The hard
    level may still pass, but only where its auction search expects the opponent's contract to
    be set (a good player lets an opponent hold a contract it cannot make)."""
    state = _north_to_speak(preset, "west")
    view = state.view("north")
    action = make_player(level, "north", view.options, 3).choose(view)
    if level == "hard" and action.kind == "pass":
        found = HardBot(3).bid_decision(view).search
        assert found is not None and found.best == PASS_NOW, (preset, action)
        assert found.outcomes[PASS_NOW].set * 2 > found.deals, (preset, found.outcomes[PASS_NOW])
        return
    assert action.kind == "bid", (preset, level, action)


def test_a_called_partner_is_unknown_during_the_auction() -> None:
    """call-partner: nobody knows a partner while bidding, so every bid is an opponent's."""
    state = game("call-partner", dealer="northwest")
    act(state, "bid 70", "pass", "pass", "pass")
    view = state.view(state.actor)
    assert not partner_has_contract(view)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_the_partner_handed_the_trump_call_before_the_discard_names_trump(level: str) -> None:
    """Georgia lets the bidder hand the trump call to its partner before laying the nest back.
    The hard partner played its samples out with the nest still in the bidder's hand, and the
    core failed ("Error: a computer player failed (negative shift count)"), at every resume of
    that save (the re-check of session 36)."""
    state = game("georgia", dealer="north")
    act(state, "pass", f"bid {resolve('georgia').min_bid}", "pass", "pass")  # south wins the bid
    act(state, "partner")
    assert state.seats[state.actor] == "north" and state.phase == "trump"
    view = state.view(state.actor)
    chosen = make_player(level, "north", state.options, 3).choose(view)
    assert chosen in view.legal and chosen.kind == "trump"
