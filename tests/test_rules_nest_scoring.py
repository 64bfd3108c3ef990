"""The nest exchange, trump, partner calls, scoring and game end (rules.md: Nest, Trump,
discard_counters, trump_before_discard, partner_calls_trump, Scoring, Bonuses, moon, Game end)."""

import pytest

from rook_access.core import cards as C
from rook_access.core import resolve
from rook_access.core.actions import Action
from rook_access.core.scoring import game_winners, score_hand, tied_at_top
from tests.core_helpers import act, game, seat

HASBRO = resolve("hasbro")


def north_wins_auction(preset: str, fixed=None, nest=None, options=None):
    state = game(preset, dealer="west", fixed=fixed or {}, nest=nest, options=options)
    act(state, f"bid {state.options.min_bid}")
    while state.phase == "auction":
        act(state, "pass")
    return state


def test_bidder_takes_the_nest_and_discards_any_five_in_hasbro() -> None:
    state = north_wins_auction("hasbro", nest=["5r", "10r", "14r", "rook", "6g"])
    north = seat(state, "north")
    assert state.hands[north].bit_count() == 14
    assert state.phase == "discard"
    events = act(state, "discard 5r", "discard 10r", "discard 14r", "discard rook", "discard 6g")
    assert events[-1]["type"] == "discard" or any(e["type"] == "discard" for e in events)
    discard = [e for e in events if e["type"] == "discard"][0]
    assert discard["cards"] == ["5r", "10r", "14r", "rook", "6g"] and discard["points_in_nest"] is True
    assert state.phase == "trump" and state.turn == north  # hasbro names trump after the discard


def test_nest_is_seen_only_by_the_bidder() -> None:
    state = north_wins_auction("hasbro", nest=["5r", "10r", "14r", "rook", "6g"])
    assert state.view("north").nest_taken and not state.view("east").nest_taken
    act(state, "discard 6g")
    assert state.view("north").discards == (C.from_code("6g"),)
    assert state.view("south").discards == ()


def test_forced_only_refuses_counters_while_plain_cards_suffice() -> None:
    state = north_wins_auction("kentucky-west", fixed={"north": ["2r", "3r", "4r", "6r", "7r", "8r"]})
    act(state, "trump green")
    assert state.phase == "discard"
    counters = state.hands[state.bidder] & state.deck.counters
    assert counters
    assert not any(C.BIT[a.value] & counters for a in state.legal_actions())
    reason = state.why_illegal(Action("discard", next(C.cards_in(counters))))
    assert reason is not None and "counters may be buried only when" in reason


def test_forced_only_allows_counters_when_too_few_plain_cards() -> None:
    rich = ["1r", "5r", "10r", "14r", "1y", "5y", "10y", "14y", "1x", "5x", "10x", "14x", "2g"]
    state = north_wins_auction("kentucky-west", fixed={"north": rich},
                               nest=["3g", "4g", "6g", "7g", "rook"])
    act(state, "trump green")  # the greens and the Rook are trump: no plain cards at all
    legal = {C.code(a.value) for a in state.legal_actions() if a.kind == "discard"}
    assert "1r" in legal
    events = act(state, "discard 1r", "discard 5r", "discard 10r", "discard 14r", "discard 2g")
    assert [e for e in events if e["type"] == "discard"][0]["points_in_nest"] is True


def test_trump_before_discard_in_kentucky_west() -> None:
    state = north_wins_auction("kentucky-west")
    assert state.phase == "trump"
    act(state, "trump red")
    assert state.phase == "discard"


def test_no_trump_only_where_allowed() -> None:
    state = north_wins_auction("hasbro")
    while state.phase == "discard":
        act(state, str(state.legal_actions()[0]))
    assert Action("trump", C.NO_TRUMP) not in state.legal_actions()
    assert "do not allow no trump" in (state.why_illegal(Action("trump", C.NO_TRUMP)) or "")
    state = north_wins_auction("georgia", options=["min_bid=70"])
    while state.phase == "discard":
        act(state, str([a for a in state.legal_actions() if a.kind == "discard"][0]))
    events = act(state, "trump none")
    assert [e for e in events if e["type"] == "trump"][0]["color"] is None


@pytest.mark.parametrize("phase", ["auction", "discard", "play"])
def test_no_trump_where_never_allowed_is_refused_for_the_rules_in_every_phase(phase: str) -> None:
    """Outside the trump call it was "Not now: it is time to discard 5 more cards.", as if no
    trump might work later (the sweeps of session 34): the rules first, then what is due now."""
    state = north_wins_auction("hasbro") if phase != "auction" else game("hasbro", dealer="west")
    if phase == "play":
        while state.phase == "discard":
            act(state, str(state.legal_actions()[0]))
        act(state, "trump red")
    due = {"auction": "bid or pass", "discard": "discard 5 more cards", "play": "play a card"}[phase]
    assert state.phase == phase
    assert state.why_illegal(Action("trump", C.NO_TRUMP)) == (
        f"These rules do not allow no trump: trump is always red, green, black or yellow. It is time to {due}.")


def test_partner_calls_trump_before_the_discard_raises_by_5() -> None:
    state = north_wins_auction("georgia", options=["min_bid=70"])
    assert Action("partner") in state.legal_actions()
    act(state, "partner")
    assert state.phase == "trump" and state.seats[state.turn] == "south"
    # Handed twice: why, not "Only the bidder hands the trump call" (the re-check of session 31).
    # Said to the partner who names trump as theirs, not by their own seat's name (the re-check of
    # session 32: "South names trump" to South); to the bidder, who names it.
    assert state.why_illegal(Action("partner")) == "The trump call is yours already, handed over by North."
    assert state.why_illegal(Action("partner"), state.seats.index("north")) == \
        "The trump call is handed to the partner already: South names trump."
    events = act(state, "trump yellow")
    assert [e for e in events if e["type"] == "trump"][0] == {
        "type": "trump", "seat": "south", "color": "yellow", "raise": 5}
    assert state.phase == "discard" and state.seats[state.turn] == "north"
    assert state.view("east").bid == 75


def test_partner_calls_trump_after_the_discard_costs_nothing() -> None:
    state = north_wins_auction("georgia", options=["min_bid=70"])
    for _ in range(5):
        act(state, str([a for a in state.legal_actions() if a.kind == "discard"][0]))
    assert state.phase == "trump"
    act(state, "partner")
    events = act(state, "trump red")
    assert [e for e in events if e["type"] == "trump"][0]["raise"] == 0
    assert state.view("east").bid == 70


def test_no_partner_call_midway_through_the_discard() -> None:
    state = north_wins_auction("georgia", options=["min_bid=70"])
    act(state, str([a for a in state.legal_actions() if a.kind == "discard"][0]))
    assert Action("partner") not in state.legal_actions()
    # The refusal says why and what would work.
    assert state.why_illegal(Action("partner")) == (
        "Not in the middle of the discard: hand the call over before the first card (the contract rises "
        "by 5) or after the last.")
    hasbro = north_wins_auction("hasbro")
    assert "the call cannot be handed to the partner" in (hasbro.why_illegal(Action("partner")) or "")


def _sides():
    return [[0, 2], [1, 3]]


def score(preset: str, captured, tricks, nest_to=0, nest_points=0, last=0, bidder=0, bid=95, moon=False,
          options=None):
    o = resolve(preset, options)
    from rook_access.core.deck import DeckInfo

    total = DeckInfo.build(o).total
    return score_hand(o, _sides(), captured, tricks, nest_to, nest_points, last, total, bidder, bid, moon, 0b1111)


def test_scoring_example_from_the_rule_book() -> None:
    """Bid 95, captured 75: the bidders lose 95; the opponents score their 45."""
    result = score("hasbro", [40, 25, 35, 20], [3, 2, 2, 2], nest_to=1, nest_points=0)
    assert result.made is False
    assert result.score == [-95, 45, -95, 45]


def test_bid_made_scores_all_captured() -> None:
    result = score("hasbro", [60, 10, 40, 10], [5, 1, 2, 1])
    assert result.made and result.score == [100, 20, 100, 20]


def test_nest_points_go_to_the_last_trick_winner() -> None:
    result = score("hasbro", [40, 20, 30, 10], [3, 2, 2, 2], nest_to=1, nest_points=20, bid=70)
    assert result.score == [70, 50, 70, 50]


def test_most_tricks_bonus_and_a_tie_gives_nobody() -> None:
    r = score("regular-partnership", [40, 10, 30, 20], [5, 3, 4, 2], nest_to=-1, bid=70)
    assert r.bonuses == [20, 0, 20, 0] and r.score == [90, 30, 90, 30]
    tie = score("regular-partnership", [40, 10, 30, 20], [4, 3, 3, 4], nest_to=-1, bid=70)
    assert tie.bonuses == [0, 0, 0, 0] and tie.score == [70, 30, 70, 30]


def test_sweep_bonus_for_every_counter_nest_included() -> None:
    r = score("kentucky-west", [100, 0, 60, 0], [7, 0, 6, 0], nest_to=0, nest_points=20, bid=150)
    assert r.bonuses == [20, 0, 20, 0] and r.score == [200, 0, 200, 0]


def test_set_side_loses_only_the_bid_whatever_its_bonuses() -> None:
    r = score("regular-partnership", [30, 25, 20, 25], [4, 3, 4, 3], nest_to=-1, bid=100)
    assert r.bonuses[0] == 20 and r.score == [-100, 50, -100, 50]


def test_last_trick_bonus() -> None:
    r = score("hasbro", [40, 20, 30, 30], [3, 2, 2, 2], last=1, bid=70, options=["last_trick_bonus=20"])
    assert r.bonuses == [0, 20, 0, 20] and r.score == [70, 70, 70, 70]


def test_moon_made_scores_500_failed_loses_180() -> None:
    made = score("georgia", [120, 0, 60, 0], [6, 0, 4, 0], bid=180, moon=True)
    assert made.score == [500, 0, 500, 0]
    failed = score("georgia", [120, 5, 55, 0], [6, 1, 3, 0], bid=180, moon=True)
    assert failed.score == [-180, 5, -180, 5]


def test_game_end_target_highest_and_ties() -> None:
    groups = [[0, 2], [1, 3]]
    assert game_winners([290, 250, 290, 250], groups, HASBRO, 1) == []
    assert game_winners([310, 250, 310, 250], groups, HASBRO, 1) == [0, 2]
    assert game_winners([310, 330, 310, 330], groups, HASBRO, 1) == [1, 3]
    assert game_winners([320, 320, 320, 320], groups, HASBRO, 1) == []  # a tie at the top plays on
    assert game_winners([-50, 300, -50, 300], groups, HASBRO, 1) == [1, 3]


def test_seats_scored_alone_tied_at_the_top_win_together_when_they_were_one_side_of_the_hand() -> None:
    """Partners always score alike, so a bidder and its called partner cross the target tied:
    they were told "Tied at the top" and played on, and another seat could win the next hand
    (found by the call-partner sweep of session 34). One side of the last hand wins together; a
    tie across sides, or among seats each for themselves, still plays on (rules.md, Game end)."""
    from rook_access.core.seats import game_groups, hand_sides

    cp = resolve("call-partner")
    groups = game_groups(cp)
    assert groups == [[0], [1], [2], [3], [4]]
    bidder_and_partner = hand_sides(cp, 5, 0, 3)
    totals = [565, 435, 35, 565, 35]
    assert game_winners(totals, groups, cp, 4, [0, 3], bidder=0, hand_sides=bidder_and_partner) == [0, 3]
    assert game_winners(totals, groups, cp, 4, [0, 3]) == []  # without the hand's sides: a tie
    across = hand_sides(cp, 5, 0, 1)  # 0 and 3 on opposite sides this hand: a real tie
    assert game_winners(totals, groups, cp, 4, None, bidder=0, hand_sides=across) == []
    three = resolve("three-player")  # the two against a lone bidder are partners for the hand
    defenders = hand_sides(three, 3, 0, -1)
    assert game_winners([150, 210, 210], game_groups(three), three, 6, None, hand_sides=defenders) == [1, 2]
    solo = resolve("five-player")  # each for themselves: a tie plays on
    assert game_winners([160, 160, 90, 80, 70], game_groups(solo), solo, 5, None,
                        hand_sides=hand_sides(solo, 5, 2, -1)) == []
    # tied_partners_win=false, as games saved or recorded before the option were played: a tie.
    apart = resolve("call-partner", ["tied_partners_win=false"])
    assert game_winners(totals, groups, apart, 4, [0, 3], bidder=0, hand_sides=bidder_and_partner) == []
    assert tied_at_top(totals, groups, apart, 4, [0, 3], hand_sides=bidder_and_partner) == 565


def test_the_rule_on_counters_is_told_with_the_counts_the_rules_use() -> None:
    """With discard_counters=never the rule said counters may not go, while the hand held too
    few other cards and the rules let them go; "1 plain cards"; a count that took in the cards
    laid without saying so (found by the re-check)."""
    from rook_access.core.deck import DeckInfo
    from rook_access.core.nest import counters_rule

    o = resolve("hasbro", ["discard_counters=never"])
    deck = DeckInfo.build(o)
    four_others = C.to_mask(C.from_code(c) for c in ["6r", "7r", "8r", "9r", "5r", "10r", "14r", "5g", "10g"])
    assert counters_rule(o, deck, four_others, C.RED) == (
        "With 4 cards that are not counters, those laid aside included, for a nest of 5, at most 1 counter may go, "
        "and only with all the cards that are not counters.")
    forced = resolve("hasbro", ["discard_counters=forced-only"])
    one_plain = C.to_mask(C.from_code(c) for c in ["6g", "5r", "10r", "14r", "5y", "10y", "14y", "5x", "10x"])
    assert counters_rule(forced, DeckInfo.build(forced), one_plain, C.RED).startswith(
        "With 1 plain card, those laid aside included, for a nest of 5, at most 4 counters may go")
    never = resolve("hasbro", ["discard_counters=never"])  # "1 card that is not counters" (the re-check)
    assert counters_rule(never, DeckInfo.build(never), one_plain, C.RED).startswith(
        "With 1 card that is not a counter, those laid aside included, for a nest of 5, at most 4 counters may go")


def test_with_never_a_counter_refused_is_told_the_rule_legal_tells() -> None:
    """Two counters were taken, and the third refused with "counters may not be buried while you
    hold other cards", against what legal said and had just been done (found by the re-check)."""
    north = ["5r", "10r", "14r", "5g", "10g", "14g", "5y", "10y", "6r"]
    nest = ["7r", "8r", "10x", "14x", "5x"]
    state = north_wins_auction("hasbro", fixed={"north": north}, nest=nest, options=["discard_counters=never"])
    held = state.hands[state.bidder]
    others = held & ~state.deck.counters
    assert others.bit_count() == 3  # 6r, 7r, 8r: two counters must go
    act(state, "discard 5r", "discard 10r")
    reason = state.why_illegal(Action("discard", C.from_code("14r")))
    assert reason is not None and "at most 2 counters may go" in reason and "may not be buried while" not in reason
