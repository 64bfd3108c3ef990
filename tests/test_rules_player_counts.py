"""Every player count in the rule books (rules.md: Other player counts): beginner, two-player with
a dummy, three, five, six, call-partner."""

import pytest

from rook_access.core import RuleError, load_preset, new_game, resolve
from rook_access.core import cards as C
from rook_access.core.actions import Action
from rook_access.core.deal import pattern
from rook_access.core.deck import DeckInfo
from tests.core_helpers import act, game, make_deal, seat

# preset: (seats, deck, per seat, nest, aside, points in the deck, min bid, max bid, target)
SHAPES = {
    "beginner": (4, 41, 9, 5, 0, 24, None, None, 40),
    "two-player": (3, 44, 12, 5, 3, 100, 50, 100, 300),
    "three-player": (3, 44, 12, 5, 3, 100, 50, 100, 200),
    "five-player": (5, 56, 10, 6, 0, 100, 30, 100, 150),
    "six-player": (6, 56, 9, 2, 0, 100, 30, 100, 150),
    "call-partner": (5, 45, 8, 5, 0, 180, 70, 200, 500),
    "call-partner-4": (4, 45, 10, 5, 0, 180, 70, 200, 500),
    "call-partner-6": (6, 45, 7, 3, 0, 180, 70, 200, 500),
}


@pytest.mark.parametrize("name", sorted(SHAPES))
def test_shape(name: str) -> None:
    o = load_preset(name).options
    seats, size, each, nest, aside, total, low, high, target = SHAPES[name]
    deck = DeckInfo.build(o)
    assert len(o.seats) == seats and deck.mask.bit_count() == size
    assert (size - nest - aside) // seats == each and (o.nest_size, o.aside) == (nest, aside)
    assert deck.total == total and o.target == target
    if low is not None:
        assert (o.min_bid, o.max_bid) == (low, high)
    assert "south" in o.seats  # the human's seat


def test_two_player_seats_are_fixed() -> None:
    assert load_preset("two-player").options.seats == ("south", "dummy", "north")


def test_call_partner_hand_totals_200_with_the_last_trick() -> None:
    o = load_preset("call-partner").options
    assert DeckInfo.build(o).total + o.last_trick_bonus == 200


def test_call_partner_kitty_sizes_as_the_encyclopedia_gives_them() -> None:
    """The encyclopedia: "In 4 player Rook there are 5 cards in the kitty, 5 player has 7 cards in
    the kitty ... If the 2's, 3's and 4's are removed the number of cards in the kitty remains the
    same except for 5 player Rook, which will then have 5 cards in the kitty"."""
    four = load_preset("call-partner-4").options
    assert (len(four.seats), four.nest_size, four.sides) == (4, 5, "called-partner")
    assert four.low_cards == "out"
    with_low = resolve("call-partner-4", ["low_cards=in"])  # the 2s, 3s and 4s in: still 5
    assert (DeckInfo.build(with_low).mask.bit_count() - with_low.nest_size) // 4 == 13
    five = resolve("call-partner", ["low_cards=in", "nest_size=7"])
    assert (DeckInfo.build(five).mask.bit_count() - five.nest_size) // 5 == 10
    with pytest.raises(RuleError, match="cannot be dealt evenly"):
        resolve("call-partner", ["low_cards=in"])


def test_call_partner_for_four_is_two_against_two_once_the_partner_is_called() -> None:
    state = game("call-partner-4", dealer="west", fixed={"south": ["14r"]})
    act(state, "bid 70", "pass", "pass", "pass")
    north = seat(state, "north")
    for card in list(C.cards_in(state.hands[north]))[:5]:
        act(state, f"discard {C.code(card)}")
    act(state, "trump red", "call 14r")
    assert state.partner == seat(state, "south")
    assert sorted(map(sorted, state.hand_sides())) == [[0, 2], [1, 3]]


def _six_to_call(fixed: dict[str, list[str]]):
    """call-partner-6: north bids, lays aside 3 cards not in ``fixed`` and names red; the calls are next."""
    state = game("call-partner-6", dealer="northwest", fixed=fixed)
    act(state, "bid 70", *(["pass"] * 5))
    keep = {C.from_code(c) for c in fixed.get("north", [])}
    for card in list(C.cards_in(state.hands[seat(state, "north")] & ~C.to_mask(keep)))[:3]:
        act(state, f"discard {C.code(card)}")
    act(state, "trump red")
    return state


def test_call_partner_for_six_the_bid_winner_calls_two_cards_as_partners() -> None:
    """The encyclopedia: "When playing with 6 players, the bid winner is allowed to call 2 cards
    as partners"; 3 cards in the kitty."""
    state = _six_to_call({"south": ["14r"], "northeast": ["13r"]})
    assert state.phase == "call"
    events = act(state, "call 14r")
    assert state.phase == "call" and [e["type"] for e in events] == ["call"]
    assert state.why_illegal(Action.parse("call 14r")) == (
        "You called the 14 red already: call another card you do not hold.")
    act(state, "call 13r")
    assert state.phase == "play"
    assert (state.partner, state.partner2) == (seat(state, "south"), seat(state, "northeast"))
    bidder_side = next(side for side in state.hand_sides() if state.bidder in side)
    assert sorted(bidder_side) == sorted([state.bidder, seat(state, "south"), seat(state, "northeast")])
    # Each partner knows itself; the others learn it when the card is played.
    assert state.view(seat(state, "south")).partner == seat(state, "south")
    assert state.view(seat(state, "south")).partner2 == -1
    assert state.view(seat(state, "southwest")).partner == -1


def test_call_partner_for_six_one_holder_of_both_called_cards_is_one_partner() -> None:
    state = _six_to_call({"south": ["14r", "13r"]})
    act(state, "call 14r", "call 13r")
    bidder_side = next(side for side in state.hand_sides() if state.bidder in side)
    assert sorted(bidder_side) == sorted([state.bidder, seat(state, "south")])
    assert len(state.hand_sides()[1 - state.hand_sides().index(bidder_side)]) == 4


def test_call_partner_for_six_rules_and_calls_option() -> None:
    from rook_access.speech.rules_text import explain

    text = " ".join(explain("call-partner-6", resolve("call-partner-6")))
    assert "the bidder calls two cards they do not hold" in text and "7 cards each, 3 in the nest" in text
    with pytest.raises(RuleError, match="calls=2 needs a called partner"):
        resolve("hasbro", ["calls=2"])
    assert resolve("hasbro").calls == 1


def beginner_with_nest(nest: list[str]):
    deal = make_deal("beginner", "west", {}, nest=nest)
    return new_game("beginner", seed=1, deal=deal)


def test_beginner_turns_up_the_top_nest_card_for_trump() -> None:
    state, events = beginner_with_nest(["5r", "6r", "7r", "8r", "9y"])
    assert [e["type"] for e in events] == ["deal", "trump"]
    assert events[1] == {"type": "trump", "seat": None, "color": "yellow", "raise": 0}
    assert events[0]["face_up"] == ["9y"]
    assert state.phase == "play" and state.seats[state.turn] == "north"  # left of the dealer


def test_beginner_rook_on_top_goes_to_the_bottom() -> None:
    state, events = beginner_with_nest(["5r", "6r", "7r", "8g", "rook"])
    assert events[1]["color"] == "green"
    assert events[0]["nest"][0] == "rook" and events[0]["face_up"] == ["8g"]
    # Everyone saw it turned and put under: the view says so, and the player is told, and out
    # no longer counts it or the trump card as still to come (found by a helper).
    from rook_access.ai.sampling import Sampler
    from rook_access.console.describe import Describer
    from rook_access.console.naming import CardNamer
    from rook_access.speech.announce import Announcer, AnnounceSettings

    view = state.view(2)
    assert view.turned_under == (C.ROOK,)
    said = Announcer(2, AnnounceSettings()).lines(events[0], view)
    assert "Turned up first: Rook Bird, which goes to the bottom of the nest." in said
    out = " ".join(Describer(state.options, "south", CardNamer()).out_lines(view))
    assert "Rook Bird" not in out and "8" not in out.split("Green")[1].split(".")[0]
    assert beginner_with_nest(["5r", "6r", "7r", "8g", "9y"])[0].view(2).turned_under == ()
    sampler = Sampler(view)
    assert sampler.nest_known >> C.ROOK & 1  # the hard level knows where it lies


def test_a_replay_tells_the_rook_bird_turned_under_as_the_game_did() -> None:
    """The record's deal line lists the nest after the turn-up, so a replay dealt the first hand
    with the Rook Bird already at the bottom and never said it (found by the re-check): the line
    now also says what went under, and the replay turns it up again."""
    from rook_access.ai.random_player import RandomPlayer
    from rook_access.core import RECORD_TYPES
    from rook_access.core.replay import replay_record
    from rook_access.store.record import game_line

    state, events = beginner_with_nest(["5r", "6r", "7r", "8g", "rook"])
    assert events[0]["turned_under"] == ["rook"] and events[0]["nest"][0] == "rook"
    record = [game_line(state, {s: "random" for s in state.seats}), *events]
    player = RandomPlayer(3)
    while not state.is_over():
        record += state.apply(player.choose_from(state.legal_actions()))
    record = [e for e in record if e["type"] in RECORD_TYPES]
    deal = next((index, view) for index, event, view in replay_record(record, 2) if event["type"] == "deal")
    assert deal[1].turned_under == (C.ROOK,)
    old = [dict(e, turned_under=None) if e["type"] == "deal" else e for e in record]  # an older record
    assert len(list(replay_record([{k: v for k, v in e.items() if v is not None} for e in old]))) == len(record)


def test_beginner_everyone_for_themselves_and_no_contract() -> None:
    state, _ = beginner_with_nest(["5r", "6r", "7r", "8r", "9y"])
    assert state.hand_sides() == [[0], [1], [2], [3]]
    assert state.view("south").face_up == (C.from_code("9y"),)


def test_two_player_and_three_player_deal_the_nest_last() -> None:
    o = resolve("two-player")
    order = pattern(o, 44, dealer=0)
    assert order[:36].count(3) == 0 and order[36:41] == [3] * 5 and order[41:] == [4] * 3


def test_two_player_dummy_never_deals_or_bids() -> None:
    state = game("two-player", dealer="south")
    assert state.seats[state.turn] == "dummy" or state.seats[state.turn] == "north"
    assert state.seats[state.turn] == "north"  # the dummy is skipped
    act(state, "bid 50")
    assert state.seats[state.turn] == "south"
    events = act(state, "pass")
    assert [e for e in events if e["type"] == "contract"][0]["seat"] == "north"
    assert state.next_dealer() == seat(state, "north")


def test_two_player_dummy_half_face_up_then_all_after_trump() -> None:
    state = game("two-player", dealer="south")
    dummy = seat(state, "dummy")
    view = state.view("south")
    assert view.dummy_hand.bit_count() == 6 and view.dummy_hand & ~state.hands[dummy] == 0
    act(state, "bid 50", "pass")  # north wins
    while state.phase == "discard":
        act(state, str(state.legal_actions()[0]))
    act(state, "trump red")
    assert state.view("south").dummy_hand == state.hands[dummy]
    assert state.view("north").dummy_hand == state.hands[dummy]


def test_two_player_non_bidder_plays_the_dummy_which_leads() -> None:
    state = game("two-player", dealer="south")
    act(state, "bid 50", "pass")  # north wins the bid
    while state.phase == "discard":
        act(state, str(state.legal_actions()[0]))
    act(state, "trump red")
    assert state.seats[state.turn] == "dummy" and state.seats[state.actor] == "south"
    assert state.view("south").legal and not state.view("north").legal


def test_two_player_scoring_bidder_against_player_and_dummy() -> None:
    state = game("two-player", dealer="south")
    act(state, "bid 50", "pass")
    events = []
    while not any(e["type"] == "hand_end" for e in events):
        events = act(state, str(state.legal_actions()[0]))
    end = [e for e in events if e["type"] == "hand_end"][0]
    assert end["sides"] == [["north"], ["south", "dummy"]]
    assert end["score"]["dummy"] == 0
    defenders = end["captured"]["south"] + end["captured"]["dummy"] + (
        end["nest_points"] if end["nest_to"] in ("south", "dummy") else 0)
    assert end["score"]["south"] == defenders


def test_three_player_bidder_against_the_other_two() -> None:
    state = game("three-player", dealer="west")
    act(state, "bid 50", "pass", "pass")
    assert state.seats[state.bidder] == "east"
    assert state.hand_sides() == [[0], [1, 2]]


def test_five_player_bidder_alone() -> None:
    state = game("five-player", dealer="northwest")
    act(state, "bid 30", "pass", "pass", "pass", "pass")
    assert state.hand_sides() == [[0], [1], [2], [3], [4]]


def call_partner_game(called: str):
    state = game("call-partner", dealer="northwest", fixed={"southwest": ["14y"], "northeast": ["5g"]},
                 nest=["6r", "7r", "8r", "9r", "11r"])
    act(state, "bid 70", "pass", "pass", "pass", "pass")
    assert state.seats[state.bidder] == "northeast"
    for card in ("6r", "7r", "8r", "9r", "11r"):
        act(state, f"discard {card}")
    act(state, "trump green")
    assert state.phase == "call"
    events = act(state, f"call {called}")
    return state, events


def test_call_partner_secret_until_the_card_is_played() -> None:
    state, events = call_partner_game("14y")
    assert events[0] == {"type": "call", "seat": "northeast", "card": "14y"}
    southwest = seat(state, "southwest")
    assert state.partner == southwest
    for name in state.seats:
        expected = southwest if name == "southwest" else -1
        assert state.view(name).partner == expected  # only the partner knows
    assert not any("partner" in e for e in events)
    while not C.BIT[C.from_code("14y")] & state.played:
        act(state, str(state.legal_actions()[0]))
    assert all(state.view(name).partner == southwest for name in state.seats)


def test_call_partner_card_in_the_nest_plays_alone() -> None:
    state, _ = call_partner_game("6r")
    assert state.partner == -1
    assert state.hand_sides()[0] == [state.bidder]


def test_call_partner_may_not_call_own_card() -> None:
    state = game("call-partner", dealer="northwest", fixed={"northeast": ["5g"]})
    act(state, "bid 70", "pass", "pass", "pass", "pass")
    while state.phase == "discard":
        act(state, str(state.legal_actions()[-1]))
    act(state, "trump green")
    from rook_access.core.actions import Action

    assert "in your hand" in (state.why_illegal(Action("call", C.from_code("5g"))) or "")


def test_a_deal_files_face_up_cards_must_be_the_dummys() -> None:
    state, _ = new_game("two-player", None, 3)
    deal = {"dealer": "south", "hands": {s: C.codes(state.hands[i]) for i, s in enumerate(state.seats)},
            "nest": [C.code(c) for c in state.nest_dealt], "aside": C.codes(state.aside)}
    dummy, south = state.hands[state.seats.index("dummy")], state.hands[state.seats.index("south")]
    shown = C.codes(dummy)[:6]
    again, _ = new_game("two-player", None, 3, {**deal, "face_up": shown})
    assert again.view(0).dummy_hand == C.to_mask(C.from_code(c) for c in shown)
    stray = C.codes(south)[0]
    with pytest.raises(RuleError, match=f"face_up names {stray}, which is not in the dummy's hand"):
        new_game("two-player", None, 3, {**deal, "face_up": [*shown[:5], stray]})
    # A card named twice was merged in silence (found by the record sweep).
    with pytest.raises(RuleError, match=f"face_up names {shown[0]} twice: name each card once"):
        new_game("two-player", None, 3, {**deal, "face_up": [*shown, shown[0]]})


@pytest.mark.parametrize("preset", ["hasbro", "georgia"])
def test_a_deal_files_face_up_cards_in_a_game_without_a_dummy_are_refused(preset: str) -> None:
    """Taken unsaid, where a puzzle's author may think they pick the nest's face-up card (the
    tamper sweep of session 28); a record's deal line, listing the nest's face-up card, still deals."""
    state, _ = new_game(preset, None, 3)
    deal = {"dealer": "south", "hands": {s: C.codes(state.hands[i]) for i, s in enumerate(state.seats)},
            "nest": [C.code(c) for c in state.nest_dealt]}
    assert new_game(preset, None, 3, {**deal, "face_up": []})[0].hands == state.hands
    if preset == "georgia":  # its face-up card, as its record's deal line lists it
        assert new_game(preset, None, 3, {**deal, "face_up": [C.code(state.nest_dealt[-1])]})[0].hands == state.hands
    with pytest.raises(RuleError, match="face_up must be a list of card codes"):
        new_game(preset, None, 3, {**deal, "face_up": ["zz", 123]})
    with pytest.raises(RuleError, match='unknown card code "zz"'):
        new_game(preset, None, 3, {**deal, "face_up": ["zz"]})
    held = C.codes(state.hands[0])[0]
    shown = "10x" if preset == "georgia" else "no card"
    for named in ([held], [C.code(state.nest_dealt[0])]):  # a nest card not on top too (the re-check)
        with pytest.raises(RuleError, match=f"face_up names {named[0]}, but this deal shows {shown} face up: "):
            new_game(preset, None, 3, {**deal, "face_up": named})


def test_a_record_deal_line_with_a_dummy_and_a_face_up_nest_card_deals_again() -> None:
    """Its face_up lists the nest's top card first, then the dummy's: refused as "not in the
    dummy's hand" (the second re-check of session 28)."""
    state, events = new_game("two-player", ["nest_face_up=1"], 3)
    line = events[0]
    assert line["face_up"][0] == C.code(state.nest_dealt[-1])
    again, _ = new_game("two-player", ["nest_face_up=1"], 3, {k: line[k] for k in ("dealer", "hands", "nest", "aside",
                                                                                  "face_up")})
    assert again.face_up == state.face_up


def test_beginner_two_cards_turned_under_are_said_in_the_plural() -> None:
    """"Baby Rook and Little Rook, which goes to the bottom" (found by the re-check)."""
    from rook_access.speech.announce import Announcer, AnnounceSettings

    options = ["little_rook=20", "baby_rook=35", "nest_size=7"]
    deal = make_deal("beginner", "west", {}, nest=["5r", "6r", "7r", "8g", "7y", "1x", "2r"], options=options)
    state, events = new_game("beginner", options, seed=1, deal=deal)
    view = state.view(2)
    assert set(view.turned_under) == {C.from_code("1x"), C.from_code("2r")}
    said = Announcer(2, AnnounceSettings()).lines(events[0], view)
    assert any(line.endswith(", which go to the bottom of the nest.") for line in said), said


def test_two_players_draw_the_first_deal_fairly() -> None:
    """rules.md: the first dealer is drawn at random. The dummy's draw went to the next seat, so
    north dealt first in two games of three (found by the rules sweep)."""
    dealers = [new_game("two-player", None, seed)[0].dealer for seed in range(400)]
    seats = new_game("two-player", None, 0)[0].seats
    south = sum(seats[d] == "south" for d in dealers)
    assert "dummy" not in {seats[d] for d in dealers} and 160 < south < 240, south
