"""The six deviations an independent check found (issue 11), each tested by the clause of
rules.md it checks: nest_points_told, discard_counters=forced-only, check, misdeal_no_counters
(any player, and not in a blind auction), and moon with the partner's trump call."""

from __future__ import annotations

from pathlib import Path

import pytest

from rook_access.ai.sampling import Sampler
from rook_access.core import IllegalAction
from rook_access.core import actions as A
from rook_access.core import cards as C
from rook_access.core.actions import Action
from rook_access.core.state import GameState
from tests.console_helpers import Table
from tests.core_helpers import act, game, seat


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ROOK_ACCESS_HOME", str(tmp_path))


def cards(*codes: str) -> list[int]:
    return [C.from_code(c) for c in codes]


# ----- nest_points_told ------------------------------------------------------------------------
def _discard_told(state: GameState, discard: list[str]) -> list[dict]:
    """The bidder lays ``discard``; returns, for each seat, what it was told of the discard."""
    for card in discard[:-1]:
        state.apply(Action("discard", C.from_code(card)))
    last = Action("discard", C.from_code(discard[-1]))
    heard = [[e for e, _view in state.clone().apply_for(last, s).seen if e["type"] == "discard"][0]
             for s in range(state.n)]
    state.apply(last)
    return heard


def _first_bidder_takes_it(state: GameState) -> None:
    act(state, f"bid {state.options.min_bid}")
    while state.phase == "auction":
        act(state, "pass")


def test_nest_points_told_never_on_hasbro_only_the_bidder_knows() -> None:
    """Hasbro: "The high bidder is the only player who knows which cards are in the nest."""
    state = game("hasbro", dealer="west", fixed={"north": ["5r"]}, nest=["6g", "7g", "8g", "9g", "11g"])
    _first_bidder_takes_it(state)
    heard = _discard_told(state, ["5r", "6g", "7g", "8g", "9g"])
    north = seat(state, "north")
    assert state.view(north).points_in_nest is True
    for other in range(state.n):
        if other != north:
            assert state.view(other).points_in_nest is None
            assert "points_in_nest" not in heard[other]
            assert Sampler(state.view(other)).points_rule is None  # the hard bot's sampler


def test_nest_points_told_forced_on_kentucky_west_tells_when_points_went_in() -> None:
    state = _kentucky_west_bidder()
    east = seat(state, "east")
    heard = _discard_told(state, ["2g", "3g", "4g", "6g", "5g"])  # one counter had to go in
    assert state.view(east).points_in_nest is True and heard[east]["points_in_nest"] is True
    state = _kentucky_west_bidder()
    heard = _discard_told(state, ["2g", "3g", "4g", "6g", "7r"])
    assert state.view(east).points_in_nest is False  # silence: no counter went in
    assert "points_in_nest" not in heard[east]


def test_nest_points_told_always_on_call_partner_says_either_way() -> None:
    state = game("call-partner", dealer="northwest", fixed={"northeast": ["6g", "7g", "8g", "9g", "11g"]})
    _first_bidder_takes_it(state)
    if state.phase == "trump":
        act(state, "trump yellow")
    heard = _discard_told(state, ["6g", "7g", "8g", "9g", "11g"])
    for other in range(state.n):
        if other != state.bidder:
            assert state.view(other).points_in_nest is False
            assert heard[other]["points_in_nest"] is False


# ----- discard_counters = forced-only -----------------------------------------------------------
KW_NORTH = ["2g", "3g", "4g", "6g", "5g", "10g", "14g", "1g", "5x", "2r", "3r", "4r", "6r"]
KW_NEST = ["7r", "8r", "9r", "11r", "12r"]


def _kentucky_west_bidder() -> GameState:
    """North holds four plain cards (2g 3g 4g 6g), five counters and nine red trump."""
    state = game("kentucky-west", dealer="west", fixed={"north": KW_NORTH}, nest=KW_NEST)
    act(state, "bid 70", "pass", "pass", "pass", "trump red")
    assert state.phase == "discard" and state.bidder == seat(state, "north")
    return state


def _lay(state: GameState, *codes: str) -> None:
    trial = state.clone()
    for code in codes:
        trial.apply(Action("discard", C.from_code(code)))


def test_discard_counters_forced_only_counters_fill_at_most_the_shortfall() -> None:
    """rules.md: a counter may go only when every plain card goes too, and the counters then
    fill at most the shortfall (here 5 - 4 = 1). The engine once accepted 5g 10g 14g 1g 5x."""
    state = _kentucky_west_bidder()
    with pytest.raises(IllegalAction, match="at most 1 counter may go, and only with all the plain cards: lay the "):
        _lay(state, "5g", "10g", "14g", "1g", "5x")
    _lay(state, "2g", "3g", "4g", "6g", "5g")  # every plain card and one counter
    _lay(state, "5g", "2g", "3g", "4g", "6g")  # in any order
    _lay(state, "2g", "3g", "4g", "6g", "7r")  # trump without a count goes freely
    _lay(state, "7r", "8r", "9r", "11r", "12r")
    with pytest.raises(IllegalAction, match="must stay"):
        _lay(state, "5g", "7r")  # the plain cards need the places left
    with pytest.raises(IllegalAction, match="is a counter"):
        _lay(state, "7r", "5g")  # then four plain cards would not fit beside it


# ----- check ---------------------------------------------------------------------------------------
def test_check_closed_for_a_player_whose_partner_checked_and_both_opponents_passed() -> None:
    """The encyclopedia: "if ... one has checked to the partner and the opponents both passed,
    checking is no longer an option". After pass, check, pass, West must bid or pass."""
    state = game("kentucky-discard", dealer="west")
    act(state, "pass", "check", "pass")
    assert state.turn == seat(state, "west")
    assert A.CHECK_ACTION not in state.legal_actions()
    assert state.why_illegal(A.CHECK_ACTION) == (
        "Your partner checked to you and both opponents have passed: bid or pass.")
    # Before the opponents have both passed, the check is still open.
    state = game("kentucky-discard", dealer="west")
    act(state, "check", "check")
    assert A.CHECK_ACTION in state.legal_actions()


# ----- misdeal_no_counters --------------------------------------------------------------------------
NO_COUNTERS = ["6r", "7r", "8r", "9r", "11r", "12r", "13r", "6g", "7g", "8g"]


def test_misdeal_no_counters_any_player_before_the_first_bid_on_turn_or_not() -> None:
    """rules.md: before the first bid any player holding no counters may call a misdeal, on turn
    or not. Georgia, West holds no counters, North (first to bid) is on turn."""
    state = game("georgia", dealer="west", fixed={"west": NO_COUNTERS})
    west = seat(state, "west")
    assert state.turn == seat(state, "north") and state.may_misdeal(west)
    assert state.view(west).may_misdeal and not state.view(west).legal
    events = state.apply(Action("misdeal", west))
    assert events[0] == {"type": "misdeal", "seat": "west", "reason": "no counters"}
    assert events[1]["type"] == "deal" and events[1]["dealer"] == "west"
    # Once North has opened, West can no longer call it.
    state = game("georgia", dealer="west", fixed={"west": NO_COUNTERS})
    act(state, "bid 100")
    assert not state.may_misdeal(west)
    assert state.why_illegal(Action("misdeal", west)) == "A misdeal may be called only before the first bid."


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_a_computer_calls_a_misdeal_only_on_its_turn_before_any_bid(level: str) -> None:
    """rules.md's decision, which bidding.throws_in's docstring contradicted ("on its turn or off
    it": the QA sweep of session 39): a computer calls a misdeal on its own turn while no one has
    bid, so one whose first turn comes after a bid never calls one."""
    from rook_access.ai.players import make_player

    weak = ["6r", "7r", "8r", "6g", "7g", "8g", "6x", "7x", "6y", "7y"]  # no counters, nothing to bid on
    state = game("georgia", dealer="west", fixed={"north": weak})
    north = seat(state, "north")
    assert state.turn == north
    assert make_player(level, "north", state.options, 1).choose(state.view(north)) == Action("misdeal", north)
    state = game("georgia", dealer="west", fixed={"east": weak})
    east = seat(state, "east")
    act(state, "bid 100")
    assert state.turn == east and not state.may_misdeal(east)
    assert make_player(level, "east", state.options, 1).choose(state.view(east)).kind != A.MISDEAL


def test_misdeal_no_counters_offered_in_the_console_before_a_computer_bids() -> None:
    from tests.core_helpers import make_deal

    deal = make_deal("georgia", "south", {"south": NO_COUNTERS})  # west bids first, south last
    table = Table("georgia", seed=2, deal=deal, level="normal")
    assert table.state.turn == seat(table.state, "west") and table.state.high_bidder < 0
    assert "You hold no counters, so you may call a misdeal before anyone bids" in table.text()
    table.run("misdeal")
    assert "You call a misdeal: no counters. The same dealer deals again." in table.text()


def test_the_misdeal_offer_waits_while_the_player_looks_asks_or_types_something_else() -> None:
    """The computers wait for the answer to the offer (misdeal, or Enter): looking at the hand,
    asking for a hint or a move out of turn keeps it open, as a sighted player looks at the cards
    before deciding; the refusal says what would work."""
    from tests.core_helpers import make_deal

    weak = ["6r", "7r", "9r", "6g", "7g", "9g", "6x", "7x", "6y", "7y"]  # no counters, nothing to bid on
    table = Table("georgia", seed=2, deal=make_deal("georgia", "south", {"south": weak}), level="normal")
    session = table.session
    assert table.text().count("you may call a misdeal") == 1
    assert not table.run("hand").refused
    assert table.run("turn").lines == ["West to bid. You may call a misdeal first: type misdeal, or press Enter "
                                       "to let West go on."]
    # A move says first whose turn it is: "70" or "pass" got the offer alone (the first-hour sweep of session 32).
    for move in ("pass", "70", "bid 70"):
        assert table.run(move).lines == ["Not your turn: West bids first. You may call a misdeal now: type misdeal, "
                                         "or press Enter to let West go on."], move
    # legal is what the player may do now: the misdeal first (it said only "West to bid.").
    legal = table.run("legal").lines
    assert legal[-1] == ("You may call a misdeal first: type misdeal, or press Enter to let "
                                            "West go on.")
    # status too: it ended "West to bid." while West waited for the answer (the re-check of session 34).
    status = table.run("status").lines
    assert status[-2] == "West to bid." and status[-1] == legal[-1], status
    hint = table.run("hint").lines
    assert hint == ["Hint: Call a misdeal: you hold no counters, so the cards are dealt again."]
    assert session.actions == [] and table.state.high_bidder < 0  # nobody has bid meanwhile
    table.run("misdeal")
    assert "You call a misdeal: no counters. The same dealer deals again." in table.text()


def test_enter_answers_the_misdeal_offer_and_the_bidding_goes_on() -> None:
    from tests.core_helpers import make_deal

    table = Table("georgia", seed=2, deal=make_deal("georgia", "south", {"south": NO_COUNTERS}), level="normal")
    table.run("")
    assert table.session.actions and table.session.actions[0].startswith(("bid", "pass"))
    assert table.text().count("you may call a misdeal") == 1  # offered once a deal


def test_the_misdeal_hint_keeps_a_hand_worth_bidding_on() -> None:
    """A counter-less hand with seven reds is worth bidding on: the hint says to go on."""
    from rook_access.ai.hint import misdeal_offer_hint

    state = game("georgia", dealer="south", fixed={"south": NO_COUNTERS})
    view = state.view(seat(state, "south"))
    assert view.may_misdeal and not view.legal
    said = misdeal_offer_hint(view, 1)
    assert said.startswith("Keep these cards: played out over 40 likely deals, with the nest your side takes "), said
    # Its opening words typed as said are the answer "go on", as Enter is (they were "Press
    # Enter", refused as "Not a command or a card: press"; found by a helper).
    from rook_access.console.parse import parse
    from tests.core_helpers import make_deal
    assert parse(said.split(":")[0]).name == "blank"
    table = Table("georgia", seed=2, deal=make_deal("georgia", "south", {"south": NO_COUNTERS}), level="normal")
    assert table.session.misdeal_waiting
    assert not table.run("keep these cards").refused and not table.session.misdeal_waiting


def test_misdeal_no_counters_not_offered_while_hands_are_hidden_by_a_blind_auction() -> None:
    """rules.md: not offered while hands are hidden by a blind auction (blind_bid_on_rook)."""
    nest = ["5y", "6y", "7y", "8y", "rook"]  # the Rook Bird turned up: the auction is blind
    state = game("georgia", dealer="east", fixed={"south": NO_COUNTERS}, nest=nest,
                 options=["blind_bid_on_rook=true"])
    south = seat(state, "south")
    assert state.blind and state.turn == south
    assert not any(a.kind == A.MISDEAL for a in state.legal_actions())
    assert not state.may_misdeal(south)
    assert state.why_illegal(Action("misdeal", south)).startswith("No misdeal in a blind auction")
    from tests.core_helpers import make_deal

    table = Table("georgia", seed=2, options=["blind_bid_on_rook=true"],
                  deal=make_deal("georgia", "east", {"south": NO_COUNTERS}, nest, ["blind_bid_on_rook=true"]))
    assert "misdeal" not in table.run("").lines[0]


# ----- moon -------------------------------------------------------------------------------------------
def test_moon_partner_call_raise_never_applies_to_a_moon() -> None:
    """Georgia: bid 180, partner, trump red; all 180 taken scores +500 and made (it was scored
    -185 and not made when the raise applied)."""
    state = game("georgia", dealer="west")
    events = act(state, "bid 180")
    assert state.moon
    events = act(state, "partner", "trump red")
    trump = [e for e in events if e["type"] == "trump"][0]
    assert trump["raise"] == 0 and trump["seat"] == "south"
    assert state.view("north").bid == 180
    north, south = seat(state, "north"), seat(state, "south")
    nest_mask = state.hands[north] & ~state.deck.counters
    for card in list(C.cards_in(nest_mask))[:5]:
        act(state, f"discard {C.code(card)}")
    state.captured = [0] * state.n
    state.captured[north] = 100
    state.captured[south] = 80
    result = state.hand_result()  # leader (last trick's winner) is north, the nest holds nothing
    assert result.made is True and result.score[north] == 500
