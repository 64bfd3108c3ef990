"""The deal and the auction (rules.md: Dealer, Deal, Auction, check, misdeal, all_pass, moon)."""

import pytest

from rook_access.core import IllegalAction, new_game, resolve
from rook_access.core import cards as C
from rook_access.core.actions import Action
from rook_access.core.auction import next_bid, outcome
from rook_access.core.deal import pattern
from rook_access.core.deck import deck_mask
from tests.core_helpers import act, game, make_deal, seat


def test_nest_dealt_after_each_of_the_first_rounds() -> None:
    """Hasbro: after everyone has a card, one goes to the nest, until it has five."""
    o = resolve("hasbro")
    order = pattern(o, 41, dealer=3)
    nest_positions = [i for i, dest in enumerate(order) if dest == 4]
    assert nest_positions == [4, 9, 14, 19, 24]
    assert order[:4] == [0, 1, 2, 3]  # first card to the dealer's left (north when west deals)
    assert [order.count(s) for s in range(4)] == [9, 9, 9, 9]


def test_first_dealer_random_but_seeded() -> None:
    dealers = {new_game("hasbro", seed=s)[0].dealer for s in range(40)}
    assert dealers == {0, 1, 2, 3}
    assert new_game("hasbro", seed=5)[0].dealer == new_game("hasbro", seed=5)[0].dealer


def test_bidding_example_from_the_rule_book() -> None:
    """A 70, B 80, C pass, D 85, A 90, B 95, D pass, A pass: B takes it at 95."""
    state = game("hasbro", dealer="west")  # A = north (dealer's left), B east, C south, D west
    events = act(state, "bid 70", "bid 80", "pass", "bid 85", "bid 90", "bid 95", "pass")
    assert state.turn == seat(state, "north")  # south (C) is skipped: a pass is final
    events = act(state, "pass")
    contract = [e for e in events if e["type"] == "contract"][0]
    assert contract == {"type": "contract", "seat": "east", "amount": 95, "forced": False, "moon": False}


def test_bids_go_in_fives_above_the_high_bid() -> None:
    state = game("hasbro")
    assert [a.value for a in state.legal_actions() if a.kind == "bid"][:3] == [70, 75, 80]
    act(state, "bid 80")
    with pytest.raises(IllegalAction, match="at least 85"):
        state.apply(Action("bid", 80))
    assert state.why_illegal(Action("bid", 87)) == "Bids go in fives: bid 85 to 120 in fives, or pass."
    assert state.why_illegal(Action("bid", 125)) == "The highest bid is 120: bid 85 to 120, or pass."
    # Too low says too low, whether or not in fives (7 was "Bids go in fives").
    assert state.why_illegal(Action("bid", 7)).startswith("Your bid must be at least 85: ")


def test_max_bid_ends_the_auction_at_once() -> None:
    state = game("hasbro", dealer="west")
    events = act(state, "bid 120")
    assert events[-2]["type"] == "contract" or events[-1]["type"] == "take_nest"
    assert state.bidder == seat(state, "north") and state.phase == "discard"


def test_all_pass_redeals_with_the_next_dealer() -> None:
    state = game("hasbro", dealer="west")
    events = act(state, "pass", "pass", "pass", "pass")
    assert [e["type"] for e in events[-2:]] == ["redeal", "deal"]
    assert events[-1]["dealer"] == "north" and events[-1]["hand"] == 1


def test_all_pass_forces_the_dealer_in_georgia() -> None:
    state = game("georgia", dealer="west")
    events = act(state, "pass", "pass", "pass", "pass")
    contract = [e for e in events if e["type"] == "contract"][0]
    assert contract == {"type": "contract", "seat": "west", "amount": 100, "forced": True, "moon": False}


def test_shooting_the_moon_is_a_bid_of_180_but_never_forced() -> None:
    state = game("georgia", dealer="west")
    events = act(state, "bid 180")
    assert [e for e in events if e["type"] == "contract"][0]["moon"] is True
    state = game("georgia", dealer="west", options=["min_bid=180"])
    events = act(state, "pass", "pass", "pass", "pass")
    assert [e for e in events if e["type"] == "contract"][0] == {
        "type": "contract", "seat": "west", "amount": 180, "forced": True, "moon": False}


def test_outcome_says_how_the_auction_stands() -> None:
    """The one rule for the auction's end, which the game and the hard level's auction search
    both ask: the high bidder alone left or at the top bid takes it; everyone passed redeals or
    forces the dealer; otherwise it goes on."""
    hasbro, georgia = resolve("hasbro"), resolve("georgia")
    assert outcome(hasbro, 0b0110, 85, 1, 3) is None  # two seats still in
    assert outcome(hasbro, 0b0010, 85, 1, 3) == (1, 85, False)  # east alone with the high bid
    assert outcome(hasbro, 0b0110, 120, 1, 3) == (1, 120, False)  # the top bid ends it at once
    assert outcome(hasbro, 0, 0, -1, 3) == (-1, 0, False)  # everyone passed: dealt again
    assert outcome(georgia, 0, 0, -1, 3) == (3, 100, True)  # the dealer is stuck at 100
    assert outcome(hasbro, 0b0001, 0, -1, 3) is None  # one seat left, nobody has bid yet
    assert next_bid(hasbro, 0, -1) == 70 and next_bid(hasbro, 85, 1) == 90


def test_check_only_before_any_bid_and_once() -> None:
    state = game("kentucky-discard", dealer="west")
    assert Action("check") in state.legal_actions()
    act(state, "check", "check", "check", "check")  # everyone checks the first round
    assert state.phase == "auction" and Action("check") not in state.legal_actions()
    assert "already checked" in (state.why_illegal(Action("check")) or "")
    act(state, "bid 70")
    assert Action("check") not in state.legal_actions()
    assert "only before anyone has bid" in (state.why_illegal(Action("check")) or "")


def test_check_not_in_hasbro() -> None:
    state = game("hasbro")
    assert state.why_illegal(Action("check")) == "These rules have no check: bid or pass."


def test_checker_left_alone_must_bid_or_pass() -> None:
    """One has checked and the others passed: checking is no longer an option."""
    state = game("kentucky-discard", dealer="west")
    act(state, "check", "pass", "pass", "pass")
    assert state.turn == seat(state, "north")
    assert {a.kind for a in state.legal_actions()} == {"bid", "pass"}


NO_COUNTERS = ["6r", "7r", "8r", "9r", "11r", "12r", "13r", "6g", "7g", "8g"]


def test_misdeal_with_no_counters_before_the_first_bid() -> None:
    state = game("georgia", dealer="west", fixed={"north": NO_COUNTERS})
    assert Action("misdeal", seat(state, "north")) in state.legal_actions()
    events = act(state, "misdeal")
    assert events[0] == {"type": "misdeal", "seat": "north", "reason": "no counters"}
    assert events[1]["type"] == "deal" and events[1]["dealer"] == "west" and events[1]["hand"] == 1


def test_no_misdeal_after_a_bid_or_with_counters() -> None:
    state = game("georgia", dealer="south", fixed={"north": NO_COUNTERS, "west": ["rook"]})
    west, north = seat(state, "west"), seat(state, "north")
    assert state.turn == west  # west holds the Rook Bird, a counter
    assert state.why_illegal(Action("misdeal", west)) == "You hold counters, so you may not call a misdeal."
    act(state, "bid 100")  # west bids, north is next
    assert state.turn == north
    assert state.why_illegal(Action("misdeal", north)) == "A misdeal may be called only before the first bid."


def test_face_up_nest_card_in_georgia() -> None:
    deal = make_deal("georgia", "west", {}, nest=["5r", "6r", "7r", "8r", "14y"])
    state, events = new_game("georgia", seed=1, deal=deal)
    assert events[0]["face_up"] == ["14y"]
    assert state.view("north").face_up == (C.from_code("14y"),)


def test_blind_bid_when_the_rook_is_face_up() -> None:
    deal = make_deal("georgia", "west", {}, nest=["5r", "6r", "7r", "8r", "rook"])
    state, _ = new_game("georgia", ["blind_bid_on_rook=true"], seed=1, deal=deal)
    assert state.view("north").hand == 0
    act(state, "bid 100", "pass", "pass", "pass")
    assert state.view("north").hand != 0


def test_a_rook_bird_among_the_dummys_face_up_cards_does_not_make_the_bidding_blind() -> None:
    # Only the nest's face-up card counts (rules.md): the dummy's face-up half follows it in
    # face_up, and a Rook Bird there hid the player's hand (found by the misdeal sweep).
    options = ["rook=high", "nest_size=6", "nest_face_up=1", "blind_bid_on_rook=true"]
    dummy = ["rook", "8g", "9g", "10g", "14g", "9x"]
    deal = make_deal("two-player", "south", {"dummy": dummy}, options=options)
    state, _ = new_game("two-player", options, seed=1, deal=dict(deal, face_up=dummy))
    assert C.ROOK in state.face_up and not state.blind
    assert state.view("south").hand != 0
    on_nest = make_deal("two-player", "south", {}, nest=["5r", "6r", "7r", "8r", "9r", "rook"], options=options)
    state, _ = new_game("two-player", options, seed=1, deal=on_nest)
    assert state.blind and state.view("south").hand == 0


def test_deal_file_errors_are_one_clear_sentence() -> None:
    good = make_deal("hasbro", "west", {})
    from rook_access.core.errors import RuleError

    bad_count = dict(good, hands=dict(good["hands"], north=good["hands"]["north"][:-1]))
    with pytest.raises(RuleError, match="north has 8 cards; each hand needs 9"):
        new_game("hasbro", deal=bad_count)
    dup = dict(good, nest=[good["hands"]["north"][0]] + good["nest"][1:])
    with pytest.raises(RuleError, match="appears twice"):
        new_game("hasbro", deal=dup)
    unknown = dict(good, nest=["15r"] + good["nest"][1:])
    with pytest.raises(RuleError, match='unknown card code "15r"'):
        new_game("hasbro", deal=unknown)
    not_in_deck = dict(good, nest=["2r"] + good["nest"][1:])
    with pytest.raises(RuleError, match="not in this preset's deck"):
        new_game("hasbro", deal=not_in_deck)
    with pytest.raises(RuleError, match='dealer "nobody" is not a seat'):
        new_game("hasbro", deal=dict(good, dealer="nobody"))
    assert deck_mask(resolve("hasbro")).bit_count() == 41
