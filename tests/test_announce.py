"""The announcer: phrasing of every event, hidden information per listener, verbosity and toggles.

The announcer is a function of (event, view): whole games are told from the views the rules give
(``replay_record`` for a record, ``GameState.apply_for`` for a live game); a hand-crafted event is
told with a view from a real game, its facts set with ``view._replace``.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from rook_access.ai.random_player import RandomPlayer
from rook_access.commands.replay import followed, seat_part
from rook_access.core import RECORD_TYPES, SeatView, new_game, preset_names, resolve
from rook_access.core import cards as C
from rook_access.core.deck import DeckInfo
from rook_access.core.replay import RecordError
from rook_access.core.view import SeatLog
from rook_access.speech.announce import Announcer, AnnounceSettings
from rook_access.speech.cardtext import CardNamer, describe_hand, number, points
from rook_access.store.record import game_line

SEATS = ["north", "east", "south", "west"]
SOUTH = 2
PRESETS = preset_names()
Pairs = list[tuple[dict[str, Any], SeatView]]


def simulated(preset: str, seed: int, options: list[str] | None = None) -> list[dict[str, Any]]:
    """A whole game by random players, as its record: the game line, then the record's lines."""
    # RandomPlayer, not a uniform choice: uniform bidding drives every contract to the maximum,
    # both sides only lose, and the game never ends.
    player = RandomPlayer(seed)
    state, events = new_game(preset, options, seed)
    out: list[dict[str, Any]] = [game_line(state, {s: "random" for s in state.seats}), *events]
    while not state.is_over():
        out += state.apply(player.choose_from(state.legal_actions()))
    return [e for e in out if e["type"] in RECORD_TYPES]


def told(events: list[dict[str, Any]], me: int | None) -> Pairs:
    """A record as seat ``me`` learns it, each line with its view (``me`` None: whole lines)."""
    return [(event, view) for _index, event, view in followed(events, me)]


def record_told(events: list[dict[str, Any]], me: int | None) -> Pairs:
    """``told``, one pair for each record line (without the handing over of the trump call,
    which the replay says from the trump line)."""
    return [(event, view) for event, view in told(events, me) if event["type"] in RECORD_TYPES]


def played(preset: str, seed: int, me: int, options: list[str] | None = None) -> Pairs:
    """A whole game by random players as the console tells it to seat ``me``
    (``apply_for``): every event the seat learns, ``partner_trump`` included, with its view."""
    player = RandomPlayer(seed)
    state, opening = new_game(preset, options, seed)
    log = SeatLog(state, me)
    for event in [game_line(state, {s: "random" for s in state.seats}), *opening]:
        log.append(event)
    pairs = list(log.seen)
    while not state.is_over():
        pairs += state.apply_for(player.choose_from(state.legal_actions()), me).seen
    return pairs


def say(events: list[dict[str, Any]], me: int | None = SOUTH, verbosity: str = "normal",
        **toggles: bool) -> list[str]:
    announcer = Announcer(me, AnnounceSettings(verbosity, **toggles))
    return [line for event, view in told(events, me) for line in announcer.lines(event, view)]


def table_view(preset: str = "hasbro", seat: int = SOUTH, options: list[str] | None = None,
               **facts: Any) -> SeatView:
    """A real game's view of ``seat``, with no contract, trump, trick or call yet, and ``facts``
    set on top (``SeatView._replace``)."""
    state, _ = new_game(preset, options, 1)
    view = state.view(seat)
    n = len(view.seats)
    quiet = view._replace(face_up=(), trick=(), tricks=(), captured=(0,) * n, bidder=-1, bid=0,
                          trump=-1, called=-1, partner=-1, discards=(), points_in_nest=None)
    return quiet._replace(**facts)


def one(event: dict[str, Any], me: int | None = SOUTH, verbosity: str = "normal",
        view: SeatView | None = None, **toggles: bool) -> list[str]:
    """The lines for ``event`` as seat ``me`` learns it (``me`` None: whole), told with ``view``
    (default: a hasbro table's view of that seat, or of north for ``me`` None)."""
    view = view or table_view(seat=0 if me is None else me)
    heard = event if me is None else seat_part(event, view)
    return Announcer(me, AnnounceSettings(verbosity, **toggles)).lines(heard, view)


def mask(*codes: str) -> int:
    return C.to_mask(C.from_code(c) for c in codes)


def plays(*pairs: tuple[int, str]) -> tuple[tuple[int, int], ...]:
    return tuple((seat, C.from_code(code)) for seat, code in pairs)


DEAL = {"type": "deal", "hand": 3, "dealer": "west",
        "hands": {"north": ["14r", "5r"], "east": ["13g", "10y"], "south": ["12x", "5g", "rook"],
                  "west": ["7y", "6y"]},
        "nest": ["9r", "10x", "11g"], "aside": [], "face_up": []}
CONTRACT_NORTH = {"type": "contract", "seat": "north", "amount": 80, "forced": False, "moon": False}
CONTRACT_SOUTH = {"type": "contract", "seat": "south", "amount": 80, "forced": False, "moon": False}


# ----- card phrasing ------------------------------------------------------------------------
HASBRO_DECK = DeckInfo.build(resolve("hasbro"))


def test_hand_grouped_by_colour_highest_first_voids_named() -> None:
    cards = ["5r", "14r", "10r", "9g", "12g", "7y", "rook"]
    assert describe_hand(cards, None, HASBRO_DECK) == (
        "Red: 14, 10, 5. Green: 12, 9. Black: none. Yellow: 7. Always trump: Rook Bird.")


def test_hand_names_trump_colour_first_once_known() -> None:
    cards = ["5r", "14r", "9g", "7y"]
    assert describe_hand(cards, "yellow", HASBRO_DECK) == "Yellow, trump: 7. Red: 14, 5. Green: 9. Black: none."
    assert describe_hand(cards, 1, HASBRO_DECK).startswith("Green, trump: 9. Red: 14, 5.")


def test_hand_puts_the_rook_bird_in_trump_by_rank_and_apart_in_no_trump() -> None:
    cards = ["14y", "7y", "rook", "5r"]
    assert describe_hand(cards, "yellow", HASBRO_DECK).startswith("Yellow, trump: Rook Bird, 14, 7. Red: 5.")
    low = DeckInfo.build(resolve("hasbro", ["rook=low"]))
    assert describe_hand(cards, "yellow", low).startswith("Yellow, trump: 14, 7, Rook Bird.")
    assert describe_hand(cards, C.NO_TRUMP, HASBRO_DECK).endswith("Wild: Rook Bird.")


def test_hand_ones_high_and_red_one() -> None:
    ones_high = DeckInfo.build(resolve("hasbro", ["ones=high"]))
    ones_low = DeckInfo.build(resolve("hasbro", ["ones=low"]))
    assert describe_hand(["1r", "14r", "5r"], None, ones_high).startswith("Red: 1, 14, 5.")
    assert describe_hand(["1r", "14r", "5r"], None, ones_low).startswith("Red: 14, 5, 1.")
    red_one = resolve("red-one")
    assert describe_hand(["1r", "14r"], None, DeckInfo.build(red_one), CardNamer(red_one=True)) == (
        "Red: 14. Green: none. Black: none. Yellow: none. Always trump: Red 1.")
    assert describe_hand(["1r", "14r", "rook"], "red", DeckInfo.build(red_one), CardNamer(red_one=True)) == (
        "Red, trump: Red 1, Rook Bird, 14. Green: none. Black: none. Yellow: none.")


def test_one_card_namer_for_names_short_forms_and_lists() -> None:
    namer = CardNamer(red_one=True)
    assert namer.name("14r") == "14 red" and namer.name("1r") == "Red 1" and namer.name(C.ROOK) == "Rook Bird"
    assert namer.short("14r") == "14" and namer.short("1r") == "Red 1"
    assert namer.names(["5r", "7r", "12r"]) == "5 red, 7 red and 12 red"
    assert namer.names([]) == "none"
    cells = CardNamer("after", labeller=lambda card: "<cells>")
    assert cells.name("14r") == "14 red <cells>" and cells.short("14r") == "14 <cells>"
    assert cells.spoken("14r") == "14 red"
    assert CardNamer("only", labeller=lambda card: "<cells>").name("14r") == "<cells>"
    assert CardNamer("after").name("14r") == "14 red"  # no labeller: braille stays off


def test_numbers_are_spoken_words_not_signs() -> None:
    assert number(-95) == "minus 95"
    assert points(0) == "no points"
    assert points(1) == "1 point"
    assert points(25) == "25 points"


# ----- every event type ---------------------------------------------------------------------
def test_game_line_opens_with_rules_target_and_table() -> None:
    game = {"type": "game", "format": "rook-record/1", "preset": "hasbro",
            "options": resolve("hasbro").to_dict(), "seats": SEATS,
            "players": {"north": "normal", "east": "easy", "south": "human", "west": "hard"}, "seed": 1}
    # Said once a game, so brief says who the partner is too.
    assert one(game, verbosity="brief") == ["New game: hasbro rules, first to 300.",
                                            "You sit south, your partner is North, against East and West."]
    assert one(game)[1] == "You sit south, your partner is North, against East and West."
    assert one(game, me=None)[1] == "North and South against East and West."
    assert one(game, verbosity="full")[2] == "Players: North normal, East easy and West hard."


def test_the_points_out_of_play_are_said_at_the_hand_end() -> None:
    """Three-player: three cards lie aside, so the hand's scores added up to 90 of the deck's 100
    with no word why (the sweeps of sessions 33 and 34). Said at normal, not brief; never where
    every point is counted (hasbro)."""
    view = table_view("three-player", seat=0)
    end = {"type": "hand_end", "hand": 1, "bidder": "south", "bid": 50, "sides": [["south"], ["east", "west"]],
           "captured": {"east": 35, "south": 25, "west": 10}, "nest_to": "east", "nest_points": 20, "nest": [],
           "bonuses": {"east": 0, "south": 0, "west": 0}, "made": False,
           "score": {"east": 65, "south": -50, "west": 65}, "totals": {"east": 65, "south": -50, "west": 65}}
    told = one(end, me=0, view=view)
    assert told[:3] == ["You take the nest, 20 points.", "Out of play this hand: 10 points, in the 3 cards set aside.",
                        "Hand 1: South is set, 25 of 50."], told
    assert not any("Out of play" in line for line in one(end, me=0, view=view, verbosity="brief"))
    hasbro = {**end, "sides": [["north", "south"], ["east", "west"]], "bidder": "north", "bid": 70, "made": True,
              "captured": {"north": 60, "south": 20, "east": 10, "west": 0}, "nest_to": "north", "nest_points": 30}
    assert not any("Out of play" in line for line in one(hasbro))
    # A moon played alone: the partner's cards count for nobody (the re-check of session 35).
    alone = table_view("georgia", options=["moon_alone=true"], sitting=1, moon=True)  # north sits out
    moon = {**hasbro, "bid": 180, "made": False, "captured": {"north": 0, "south": 85, "east": 30, "west": 20},
            "nest_to": "south", "nest_points": 20}
    told = one(moon, view=alone)
    assert "Out of play this hand: 25 points, in North's cards, which sat out." in told, told


def test_game_line_says_the_options_changed_from_the_rules_named() -> None:
    """The settings remember a game's options, so a plain rook-access may play must_trump days
    later: the opening said only "hasbro rules", hiding what a family's house-rules card shows.
    Changes that do nothing beside the others are left to the rules text; none, none said."""
    changed = ["must_trump=true", "hands=3", "win_on_bid=true"]
    view = table_view(options=changed)
    game = {"type": "game", "preset": "hasbro", "options": view.options.to_dict()}
    rules = "hasbro rules, 3 hands, the highest total wins. Changed from hasbro: must_trump = yes."
    told = Announcer(SOUTH, AnnounceSettings("brief"), base=resolve("hasbro")).lines(game, view)
    assert told[0] == f"New game: {rules}"
    resume = {"type": "resume", "preset": "hasbro"}
    assert Announcer(SOUTH, AnnounceSettings(), base=resolve("hasbro")).lines(resume, view)[0] == f"Playing {rules}"
    assert Announcer(SOUTH, AnnounceSettings(), base=view.options).lines(game, view)[0] == (
        "New game: hasbro rules, 3 hands, the highest total wins.")
    # Semicolons between changes: a value may hold commas. The hands are said once, not twice.
    counted = table_view(options=["counters=5=5,10=10,14=10,rook=30", "must_trump=true"])
    assert Announcer(SOUTH, AnnounceSettings(), base=resolve("hasbro")).lines(game, counted)[0] == (
        "New game: hasbro rules, first to 300. Changed from hasbro: counters = 5 = 5, 10 = 10, 14 = 10, rook = 30; "
        "must_trump = yes.")


@pytest.mark.parametrize(("rotate", "said"), [("1", "every hand"), ("4", "every 4 hands")])
def test_game_line_says_how_often_partners_change(rotate: str, said: str) -> None:
    """Partners changing each hand are said so, not "every 1 hand" (the family-rules sweep of session 34)."""
    options = [f"rotate_partners={rotate}"]
    game = {"type": "game", "format": "rook-record/1", "preset": "hasbro",
            "options": resolve("hasbro", options).to_dict(), "seats": SEATS, "seed": 1}
    assert one(game, view=table_view(options=options))[1].endswith(f" Partners change {said}.")


@pytest.mark.parametrize(("preset", "said"), [
    ("call-partner", "The bidder calls a card; its holder is the bidder's secret partner. "
                     "The seats clockwise: Northeast, Southeast, South, Southwest and Northwest. You sit south."),
    ("three-player", "The bidder plays against all the others. The seats clockwise: East, South and West. "
                     "You sit south."),
    ("two-player", "South and North play, with a dummy between them. You sit south."),
])
def test_where_the_player_sits_is_said_where_sides_change_by_hand(preset: str, said: str) -> None:
    """Only fixed partners and five-player said the player's seat: in call-partner the player
    heard "Southwest bids 75" never knowing where Southwest sits (found by the console sweep)."""
    from rook_access.core import new_game
    from rook_access.store.record import game_line

    state, _ = new_game(preset, None, 3)
    me = state.seats.index("south")
    players = {s: "human" if s == "south" else "dummy" if s == "dummy" else "normal" for s in state.seats}
    assert one(game_line(state, players), me, "brief", state.view(me))[1] == said


def test_deal_tells_only_my_hand() -> None:
    lines = one(DEAL)
    assert lines == ["Hand 3: West deals.",
                     "Your hand. Red: none. Green: 5. Black: 12. Yellow: none. Always trump: Rook Bird."]
    # The seat learns its own hand only; given the whole deal, a seated listener says no more.
    assert Announcer(SOUTH, AnnounceSettings()).lines(DEAL, table_view()) == lines


def test_deal_in_review_tells_every_hand_and_the_nest() -> None:
    lines = one(DEAL, me=None)
    assert "North's hand. Red: 14, 5. Green: none. Black: none. Yellow: none." in lines
    assert "West's hand. Red: none. Green: none. Black: none. Yellow: 7, 6." in lines
    assert lines[-1] == "Nest: 9 red, 10 black and 11 green."


def test_deal_face_up_nest_card_is_public() -> None:
    deal = dict(DEAL, face_up=["11g"])
    assert "Face up on the nest: 11 green." in one(deal)


def test_auction_lines() -> None:
    assert one({"type": "bid", "seat": "north", "amount": 80}) == ["North bids 80."]
    assert one({"type": "bid", "seat": "north", "amount": 80}, verbosity="full") == ["Your partner North bids 80."]
    assert one({"type": "bid", "seat": "north", "amount": 80}, verbosity="brief") == ["North bids 80."]
    assert one({"type": "bid", "seat": "south", "amount": 85}) == ["You bid 85."]
    assert one({"type": "pass", "seat": "east"}) == ["East passes."]
    assert one({"type": "pass", "seat": "south"}) == ["You pass."]
    assert one({"type": "check", "seat": "west"}) == ["West checks."]
    assert one({"type": "misdeal", "seat": "east", "reason": "no counters"}) == [
        "East calls a misdeal: no counters. The same dealer deals again."]
    assert one({"type": "redeal", "reason": "everyone passed"}) == [
        "Hand thrown in: everyone passed. The deal passes to you."]  # east dealt


def test_contract_plain_forced_and_moon() -> None:
    assert one(CONTRACT_NORTH, verbosity="brief") == ["North wins the bid at 80."]
    assert one(CONTRACT_SOUTH) == ["You win the bid at 80."]
    forced = dict(CONTRACT_NORTH, seat="west", amount=100, forced=True)
    assert one(forced) == ["Everyone passed: West, the dealer, must take the bid at 100."]
    moon = dict(CONTRACT_NORTH, seat="east", amount=180, moon=True)
    assert one(moon) == ["East shoots the moon at 180."]


def test_nest_cards_told_only_to_the_bidder() -> None:
    take = {"type": "take_nest", "seat": "south", "cards": ["9r", "10x", "11g"]}
    south_bids = table_view(bidder=SOUTH, bid=80)
    assert one(take, view=south_bids) == ["You take the nest: 9 red, 10 black and 11 green."]
    take_north = dict(take, seat="north")
    north_bids = table_view(bidder=0, bid=80)
    assert one(take_north, view=north_bids) == ["North takes the nest."]
    assert one(take_north, view=north_bids, verbosity="brief") == []
    assert one(take_north, me=None, view=table_view(seat=0, bidder=0, bid=80)) == [
        "North takes the nest: 9 red, 10 black and 11 green."]


def test_discard_cards_told_only_to_the_bidder() -> None:
    discard = {"type": "discard", "seat": "east", "cards": ["5r", "6g", "7g", "8y", "9y"],
               "points_in_nest": True}
    # nest_points_told=never (hasbro): "The high bidder is the only player who knows which cards
    # are in the nest."
    east_bids = table_view(bidder=1, bid=80)
    assert one(discard, view=east_bids) == ["East lays 5 cards in the nest."]
    assert one(dict(discard, points_in_nest=False), view=east_bids) == ["East lays 5 cards in the nest."]
    mine = dict(discard, seat="south")
    assert one(mine, view=table_view(bidder=SOUTH, bid=80, points_in_nest=True)) == [
        "You lay in the nest: 5 red, 6 green, 7 green, 8 yellow and 9 yellow."]
    assert one(discard, me=None, view=table_view(seat=0, bidder=1, bid=80, points_in_nest=True)) == [
        "East lays in the nest: 5 red, 6 green, 7 green, 8 yellow and 9 yellow. Points are in the nest."]


def test_trump_lines() -> None:
    assert one({"type": "trump", "seat": "north", "color": "red", "raise": 0},
               view=table_view(bidder=0, trump=C.RED)) == ["Trump: red, named by North."]
    assert one({"type": "trump", "seat": "east", "color": None, "raise": 0},
               view=table_view(bidder=1, trump=C.NO_TRUMP)) == ["No trump, named by East."]
    assert one({"type": "trump", "seat": None, "color": "green", "raise": 0},
               view=table_view(trump=C.GREEN)) == ["Trump: green, the turned-up card."]


def test_full_verbosity_tells_my_hand_again_once_trump_and_nest_are_settled() -> None:
    trump = {"type": "trump", "seat": "north", "color": "red", "raise": 0}
    discard = {"type": "discard", "seat": "north", "cards": ["5r", "6g", "7g", "8y", "9y"],
               "points_in_nest": False}
    hand = mask("14r", "5g")
    # Trump named before the discard: north still holds the nest's five cards.
    pending = table_view(bidder=0, trump=C.RED, hand=hand, hand_sizes=(14, 9, 9, 9))
    assert one(trump, view=pending, verbosity="full") == ["Trump: red, named by your partner North."]
    settled = pending._replace(hand_sizes=(9, 9, 9, 9))
    assert one(discard, view=settled, verbosity="full") == [
        "Your partner North lays 5 cards in the nest.",
        "Your hand. Red, trump: 14. Green: 5. Black: none. Yellow: none."]
    assert one(trump, view=settled, verbosity="full")[-1].startswith("Your hand. Red, trump: 14.")
    assert one(trump, view=settled) == ["Trump: red, named by North."]


def test_partner_trump_raises_the_bid() -> None:
    event = {"type": "partner_trump", "seat": "north", "partner": "south", "raise": 5}
    assert one(event, view=table_view(bidder=0, bid=85)) == [
        "North hands the trump call to you; the bid rises by 5 to 85."]
    assert one(event | {"raise": 0}, me=1, view=table_view(seat=1, bidder=0, bid=80)) == [
        "North hands the trump call to South."]


def test_plays_lead_and_follow() -> None:
    lead = {"type": "play", "seat": "north", "card": "14r"}
    follow = {"type": "play", "seat": "south", "card": "5g"}
    led = table_view(bidder=0, trump=C.BLACK, trick=plays((0, "14r")))
    assert one(lead, view=led) == ["North leads 14 red."]
    followed_by_me = led._replace(trick=plays((0, "14r"), (SOUTH, "5g")))
    assert one(follow, view=followed_by_me) == ["You play 5 green."]
    assert one(follow, view=followed_by_me, verbosity="full") == ["You play 5 green, out of red."]
    # The card that ends a trick: the view's trick is empty and the card is in the last trick.
    ended = led._replace(trick=(), tricks=((0, plays((0, "14r"), (1, "5r"), (SOUTH, "5g"), (3, "10x")), 3),))
    assert one(follow, view=ended, verbosity="full") == ["You play 5 green, out of red."]
    assert one({"type": "play", "seat": "west", "card": "10x"}, view=ended, verbosity="full") == [
        "West plays 10 black, trump, out of red."]


def test_trick_lines_at_each_verbosity() -> None:
    trick = {"type": "trick", "number": 4, "leader": "north", "winner": "west",
             "cards": [["north", "14r"], ["east", "5r"], ["south", "7r"], ["west", "rook"]],
             "points": 35}
    # The winner first; the trick's number at normal, the winning card at full (issue 12).
    assert one(trick, verbosity="brief") == ["West wins, 35 points."]
    assert one(trick) == ["West wins trick 4, 35 points."]
    full = one(trick, verbosity="full", view=table_view(captured=(0, 0, 0, 35)))
    assert full == ["West wins trick 4 with Rook Bird, 35 points.",
                    "Points this hand: you and North 0, East and West 35."]
    assert one(dict(trick, winner="south", points=0), verbosity="brief") == [
        "You win, no points."]
    north_wins = dict(trick, winner="north")
    assert one(north_wins) == ["North wins trick 4, 35 points."]
    assert one(north_wins, verbosity="full")[0] == "North wins trick 4 with 14 red, 35 points."


HAND_END = {"type": "hand_end", "hand": 3, "bidder": "north", "bid": 95,
            "sides": [["north", "south"], ["east", "west"]],
            "captured": {"north": 60, "south": 35, "east": 10, "west": 0},
            "nest_to": "south", "nest_points": 15, "bonuses": {s: 0 for s in SEATS}, "made": True,
            "score": {"north": 110, "south": 110, "east": 10, "west": 10},
            "totals": {"north": 245, "south": 245, "east": 120, "west": 120}}


def test_hand_summary_made() -> None:
    # One short line for the outcome, one a side, named as the table says it (issue 12).
    # Brief says no nest line: the nest counted in is said with the count (found by a helper:
    # the tricks heard added up to 95, and 110 went unexplained).
    assert one(HAND_END, verbosity="brief") == [
        "Hand 3: you and North made 95 with 110, nest 15 included.", "You and North: 110, now 245.",
        "East and West: 10, now 120."]
    assert one(HAND_END) == [
        "You take the nest, 15 points.",
        "Hand 3: you and North made 95 with 110.", "You and North: 110, now 245.", "East and West: 10, now 120."]
    full = one(HAND_END, verbosity="full")
    # The breakdown where it adds to the score line, not "East and West: 10 in tricks." after
    # "East and West: 10, now 120." (found by the sound sweep); a side set hears what it took.
    assert full[-2:] == ["East and West: 10, now 120.", "You and North: 95 in tricks, nest 15."]
    set_hand = {**HAND_END, "made": False, "score": {"north": -95, "south": -95, "east": 10, "west": 10}}
    assert one(set_hand, verbosity="full")[-1] == "You and North: 95 in tricks, nest 15."
    plain = {**HAND_END, "nest_to": "east", "captured": {"north": 60, "south": 35, "east": 10, "west": 0},
             "score": {"north": 95, "south": 95, "east": 25, "west": 25}}
    assert not any(line.endswith("in tricks.") for line in one(plain, verbosity="full")[:-1])
    assert one(HAND_END, me=1)[1:] == ["Hand 3: North and South made 95 with 110.",
                                       "North and South: 110, now 245.", "You and West: 10, now 120."]


def test_a_bonus_is_said_where_it_is_counted() -> None:
    # The count includes a bonus (most tricks, last trick, a sweep) the tricks heard do not show:
    # said with it, or in the full breakdown.
    event = dict(HAND_END, bonuses={"north": 20, "south": 20, "east": 0, "west": 0},
                 score={"north": 130, "south": 130, "east": 10, "west": 10})
    assert one(event, verbosity="brief")[0] == "Hand 3: you and North made 95 with 130, bonus 20 and nest 15 included."
    assert one(event, verbosity="full")[1:3] == ["Hand 3: you and North made 95 with 130.",
                                                 "You and North: 130, now 245."]
    assert "You and North: 95 in tricks, nest 15, bonus 20." in one(event, verbosity="full")
    assert one(dict(event, made=False, bid=140))[1] == "Hand 3: you and North are set, 130 of 140, bonus 20 included."


def test_a_moon_missed_by_a_trick_or_a_counter_is_not_said_against_its_bid() -> None:
    """moon_needs=tricks: "East and West are set on the moon, 120 of 105" said the side reached
    its bid (the options fuzz); it lost a trick."""
    for needs, short in (("tricks", "not every trick"), ("points", "not every counter")):
        view = table_view("hasbro", options=["moon=on", f"moon_needs={needs}", "moon_bid=100"], bidder=0, bid=105,
                          moon=True)
        event = dict(HAND_END, bid=105, made=False, score={"north": -105, "south": -105, "east": 10, "west": 10})
        said = one(event, verbosity="brief", view=view)[0]
        assert said == f"Hand 3: you and North are set on the moon, 110, nest 15 included, {short}.", said
    view = table_view("hasbro", options=["moon=on", "moon_bid=100"], bidder=0, bid=105, moon=True)
    assert one(dict(HAND_END, bid=105, made=False), verbosity="brief", view=view)[0] == (
        "Hand 3: you and North are set on the moon, 110 of 105, nest 15 included.")


def test_hand_summary_set_says_minus() -> None:
    event = dict(HAND_END, made=False, captured={"north": 40, "south": 20, "east": 40, "west": 0},
                 nest_to="east", score={"north": -95, "south": -95, "east": 55, "west": 55},
                 totals={"north": -20, "south": -20, "east": 300, "west": 300})
    # The defenders' nest is said where it is counted, as the bidders' is: brief has no nest line,
    # and 40 in tricks heard did not add up to 55 (found by the scoring sweep).
    assert one(event, verbosity="brief") == [
        "Hand 3: you and North are set, 60 of 95.", "You and North: minus 95, now minus 20.",
        "East and West: 55, nest 15 included, now 300."]
    bonus = dict(event, bonuses={"east": 20, "west": 20}, score={**event["score"], "east": 75, "west": 75})
    assert one(bonus)[-2:] == ["You and North: minus 95, now minus 20.",
                               "East and West: 75, bonus 20 included, now 300."]


def test_game_end() -> None:
    event = {"type": "game_end", "winners": ["north", "south"],
             "totals": {"north": 320, "south": 320, "east": 245, "west": 245}}
    assert one(event) == ["Game over: you and North win, 320 to 245."]
    assert one(event, me=1) == ["Game over: North and South win, 320 to 245."]


def test_three_seat_teams_are_kept_apart_where_their_names_have_commas() -> None:
    # Six-teams: "North, Southeast and Southwest 20, you, Northeast and Northwest 0" could not be
    # heard as two teams, and the game's end said "you and Northeast and Northwest" (the sweep).
    view = table_view("six-teams", seat=3, captured=(20, 0, 0, 0, 0, 0))
    trick = {"type": "trick", "number": 1, "leader": "north", "winner": "north", "points": 20,
             "cards": [[s, c] for s, c in zip(view.seats, ["14r", "5r", "6r", "7r", "8r", "9r"], strict=True)]}
    assert one(trick, me=3, verbosity="full", view=view)[-1] == (
        "Points this hand: North, Southeast and Southwest 20; you, Northeast and Northwest 0.")
    totals = (dict.fromkeys(("north", "southeast", "southwest"), 215)
              | dict.fromkeys(("northeast", "south", "northwest"), 300))
    end = {"type": "game_end", "winners": ["northeast", "south", "northwest"], "totals": totals}
    assert one(end, me=3, view=view) == ["Game over: you, Northeast and Northwest win, 300 to 215."]


def test_seats_scored_alone_who_win_together_are_all_named() -> None:
    """A called partner and its bidder tied at the top win together (``scoring._top``): the
    line named the first of them alone, "Northeast wins with 565" (the call-partner sweep of
    session 34)."""
    view = table_view("call-partner", seat=2)
    totals = {"northeast": 565, "southeast": 435, "south": 35, "southwest": 35, "northwest": 565}
    end = {"type": "game_end", "winners": ["northeast", "northwest"], "totals": totals}
    assert one(end, me=2, view=view) == ["Game over: Northeast and Northwest win with 565; Southeast 435, "
                                         "you 35, Southwest 35."]
    assert one(end, me=0, view=view)[0].startswith("Game over: you and Northwest win with 565; ")


# ----- the called secret partner ------------------------------------------------------------
CALLED = [
    {"type": "deal", "hand": 1, "dealer": "northeast",
     "hands": {"northeast": ["5r"], "southeast": ["14g", "6r"], "south": ["7r"], "southwest": ["8r"],
               "northwest": ["9r"]}, "nest": ["10g"], "aside": [], "face_up": []},
    {"type": "contract", "seat": "southwest", "amount": 100, "forced": False, "moon": False},
    {"type": "trump", "seat": "southwest", "color": "red", "raise": 0},
    {"type": "call", "seat": "southwest", "card": "14g"},
    {"type": "play", "seat": "southwest", "card": "8r"},
    {"type": "play", "seat": "northwest", "card": "9r"},
    {"type": "play", "seat": "northeast", "card": "5r"},
    {"type": "play", "seat": "southeast", "card": "14g"},
]
HOLDER, BIDDER = 1, 3  # southeast holds the 14 green, southwest calls it


def called_views(me: int | None) -> list[SeatView]:
    """The views of a call-partner hand (a real table's view, its facts set event by event):
    southwest calls the 14 green, which southeast holds and plays on the first trick."""
    seat = 0 if me is None else me
    hands = {s: mask(*cards) for s, cards in CALLED[0]["hands"].items()}
    view = table_view("call-partner", seat, dealer=0, hand=hands[table_view("call-partner", seat).seats[seat]])
    views = [view]
    view = view._replace(bidder=BIDDER, bid=100)
    views.append(view)
    view = view._replace(trump=C.RED, points_in_nest=False)
    views.append(view)
    view = view._replace(called=C.from_code("14g"), partner=HOLDER if seat == HOLDER else -1)
    views.append(view)
    trick: list[tuple[int, str]] = []
    for event in CALLED[4:]:
        trick.append((view.seats.index(event["seat"]), event["card"]))
        revealed = event["card"] == "14g"
        view = view._replace(trick=plays(*trick), played=view.played | mask(event["card"]),
                             partner=HOLDER if revealed or seat == HOLDER else -1)
        views.append(view)
    return views


def called_game(me: int | None, verbosity: str = "normal") -> list[list[str]]:
    return [one(event, me, verbosity, view=view) for event, view in zip(CALLED, called_views(me))]


def test_called_partner_stays_secret_until_the_card_falls() -> None:
    heard = called_game(me=2)  # south, a defender
    before = [line for lines in heard[:7] for line in lines]
    assert "Southwest calls the 14 green as partner card." in before
    assert not any("Southeast" in line for line in before)
    assert heard[7] == ["Southeast plays 14 green.", "The called card: Southeast is Southwest's partner."]
    review = called_game(me=None)
    assert not any("Southeast" in line for lines in review[3:7] for line in lines if "hand" not in line)


def test_called_partner_knows_itself_and_the_bidder_learns_at_the_play() -> None:
    heard = called_game(me=HOLDER)
    assert heard[3] == ["Southwest calls the 14 green as partner card.",
                        "You hold the 14 green."]
    assert heard[7][-1] == "You played the called card: you are Southwest's partner."
    bidder = called_game(me=BIDDER)
    assert bidder[3] == ["You call the 14 green as partner card."]
    assert bidder[7][-1] == "The called card: Southeast is your partner."
    # The card that reveals the partner is told as the table saw it before it fell.
    full = called_game(me=BIDDER, verbosity="full")
    assert full[7][0].startswith("Southeast plays 14 green")


# ----- whole games: hidden information, verbosity, toggles -----------------------------------
def refill(cards: list[str], fixed: set[str], pool: list[str]) -> list[str]:
    """The cards with every one not in ``fixed`` replaced by the next from ``pool``."""
    return [c if c in fixed else pool.pop() for c in cards]


def twin(events: list[dict[str, Any]], me: str, seed: int) -> list[dict[str, Any]]:
    """The same game as the listener could know it, with every hidden card changed: other
    hands, the nest, the aside and others' discards reshuffled. Public facts stay."""
    rng = random.Random(seed)
    out: list[dict[str, Any]] = []
    nest: list[str] = []
    for event in events:
        event = dict(event)
        if event["type"] == "deal":
            fixed = set(event["hands"][me]) | set(event["face_up"])
            fixed |= set(event["hands"].get("dummy", []))  # turned face up once trump is named
            hidden = [c for s, cards in event["hands"].items() if s != me for c in cards]
            hidden += list(event["nest"]) + list(event["aside"])
            pool = [c for c in hidden if c not in fixed]
            rng.shuffle(pool)
            event["hands"] = {s: (list(cards) if s == me else refill(cards, fixed, pool))
                              for s, cards in event["hands"].items()}
            event["nest"] = refill(event["nest"], fixed, pool)
            event["aside"] = refill(event["aside"], fixed, pool)
            nest = event["nest"]
        elif event["type"] == "take_nest" and event["seat"] != me:
            event["cards"] = list(nest)
        elif event["type"] == "discard" and event["seat"] != me:
            event["cards"] = rng.sample(C.CODES, len(event["cards"]))
        out.append(event)
    return out


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("verbosity", ["brief", "full"])
def test_hidden_cards_change_nothing_a_seat_hears(preset: str, verbosity: str) -> None:
    """A seat hears the same whatever the cards hidden from it are: told the event as it may
    learn it, and even given the whole event (the announcer reads no hidden part)."""
    events = simulated(preset, seed=11)
    for me, seat in enumerate(events[0]["seats"]):
        if seat == "dummy":
            continue
        announcer = Announcer(me, AnnounceSettings(verbosity))
        for whole, changed, (heard, view) in zip(events, twin(events, seat, seed=me), record_told(events, me)):
            lines = announcer.lines(heard, view)
            assert announcer.lines(seat_part(changed, view), view) == lines, (preset, seat, whole["type"])
            if whole["type"] != "discard":  # whether points went in: seen_by's to say
                assert announcer.lines(changed, view) == lines, (preset, seat, whole["type"])
                assert announcer.lines(whole, view) == lines, (preset, seat, whole["type"])


@pytest.mark.parametrize("preset", ["hasbro", "georgia", "two-player", "call-partner", "beginner"])
def test_no_line_names_a_card_the_seat_cannot_see(preset: str) -> None:
    """Scan every line: a card's spoken name appears only once it is public, in the listener's
    hand, or in the nest and discard the listener took and laid."""
    events = simulated(preset, seed=5)
    names = {C.name(c): C.code(c) for c in range(C.CARD_COUNT)}
    pattern = re.compile(r"\b(1[0-4]|[1-9]) (red|green|black|yellow)\b")
    seats = events[0]["seats"]
    me = seats.index("south")
    announcer = Announcer(me, AnnounceSettings("full"))
    known: set[str] = set()
    dummy: list[str] = []
    for event, (heard, view) in zip(events, record_told(events, me)):
        kind = event["type"]
        if kind == "deal":
            known = set(event["hands"]["south"]) | set(event["face_up"])
            dummy = event["hands"].get("dummy", [])
        elif kind == "trump":
            known |= set(dummy)
        elif kind in ("take_nest", "discard") and event["seat"] == "south":
            known |= set(event["cards"])
        elif kind in ("play", "call"):
            known.add(event["card"])
        elif kind == "hand_end":  # the nest is turned over when counted
            known |= set(event["nest"])
        for line in announcer.lines(heard, view):
            for match in pattern.finditer(line):
                assert names[match.group(0)] in known, (line, kind)


@pytest.mark.parametrize("verbosity", ["brief", "normal", "full"])
def test_lines_are_plain_ascii_without_codes_or_signs(verbosity: str) -> None:
    for preset in ("hasbro", "georgia", "red-one"):
        for line in say(simulated(preset, 3), me=None, verbosity=verbosity):
            assert line.isascii() and line.isprintable(), line
            assert not re.search(r"\b\d+[rgxy]\b|\brook\b|-\d", line), line
            assert line[0].isupper() and line[-1] == ".", line


@pytest.mark.parametrize("verbosity", ["brief", "normal", "full"])
def test_every_card_played_is_heard_at_every_verbosity(verbosity: str) -> None:
    events = simulated("hasbro", 8)
    lines = say(events, verbosity=verbosity)
    plays = [e for e in events if e["type"] == "play"]
    play_lines = [line for line in lines if re.match(r"^(\w+|Your partner \w+) (lead|play)s? ", line)]
    assert len(play_lines) == len(plays)
    for event, line in zip(plays, play_lines):
        assert C.name(C.from_code(event["card"])) in line


def test_verbosity_levels_add_detail() -> None:
    events = simulated("hasbro", 4)
    brief, normal, full = (say(events, verbosity=v) for v in ("brief", "normal", "full"))
    assert len(brief) < len(normal) < len(full)
    assert any(re.match(r"^\w+ wins?, ", line) for line in brief)
    assert not any("Your partner" in line for line in brief + normal)
    assert any(line.startswith("Your partner North bids") or "partner North wins" in line
               for line in full)
    assert any(line.startswith("Points this hand:") for line in full)
    assert not any(line.startswith("Points this hand:") for line in normal)


def test_points_this_hand_add_up_the_tricks_told() -> None:
    """At full verbosity the running count (read from the view) is the sum of the trick points
    told so far this hand, per partnership."""
    events = simulated("hasbro", 4)
    lines = say(events, verbosity="full")
    taken = {"you and North": 0, "East and West": 0}
    side = {"You": "you and North", "Your partner North": "you and North", "East": "East and West",
            "West": "East and West", "North": "you and North"}
    checked = 0
    for line in lines:
        won = re.match(r"^(You|Your partner North|North|East|West) wins? trick (\d+) .*?(no|\d+) points?\.$", line)
        if won:
            if won.group(2) == "1":
                taken = dict.fromkeys(taken, 0)
            taken[side[won.group(1)]] += 0 if won.group(3) == "no" else int(won.group(3))
        elif line.startswith("Points this hand:"):
            assert line == (f"Points this hand: you and North {taken['you and North']}, "
                            f"East and West {taken['East and West']}.")
            checked += 1
    assert checked == sum(e["type"] == "trick" for e in events)


@pytest.mark.parametrize("preset, sides", [
    ("two-player", {"you and the dummy", "North", "you", "the dummy and North"}),
    ("three-player", {"you", "East and West", "you and East", "West", "you and West", "East"}),
])
def test_points_this_hand_count_the_dummy_and_a_lone_bidders_opponents_as_one_side(preset: str,
                                                                                    sides: set[str]) -> None:
    """"Points this hand: you 0, the dummy 0, North 5": the dummy's points are its player's, and
    a lone bidder's opponents one side, as score says (the two-at-home sweep of session 32)."""
    me = simulated(preset, 4)[0]["seats"].index("south")
    said = [line for line in say(simulated(preset, 4), me=me, verbosity="full") if line.startswith("Points this hand:")]
    assert said
    for line in said:
        parts = {side for side, _points in re.findall(r"(.+?) (\d+)(?:, |$)", line[len("Points this hand: "):-1])}
        assert parts <= sides and len(parts) == 2, line


def test_toggles_silence_one_kind_each() -> None:
    events = simulated("hasbro", 6)
    bids_off = say(events, bids=False)
    # The listener's own bids and cards are still said: the answer to what they typed.
    assert not any(re.search(r" (bids|bid|passes|pass)( \d+)?\.$", line) for line in bids_off
                   if not line.startswith("You "))
    assert any(re.fullmatch(r"You (bid \d+|pass)\.", line) for line in bids_off)
    assert any("wins the bid" in line for line in bids_off)
    plays_off = say(events, plays=False)
    assert not any(" plays " in line or " leads " in line for line in plays_off)
    assert any(line.startswith(("You play ", "You lead ")) for line in plays_off)
    trick_lines = [line for line in plays_off if line.startswith("Trick ")]
    assert len(trick_lines) == sum(e["type"] == "trick" for e in events)
    tricks_off = say(events, tricks=False)
    assert not any(" trick" in line for line in tricks_off if "thrown in" not in line)
    hands_off = say(events, hands=False)
    assert not any(re.match(r"(Hand \d+: .* (made|set)|You and North: )", line) for line in hands_off)
    assert hands_off[-1].startswith("Game over:")


def test_brief_still_tells_what_a_player_needs() -> None:
    events = simulated("georgia", 9)
    lines = say(events, verbosity="brief")
    for needed in ("Your hand.", "wins the bid at", "Trump:", " wins, ", "Game over:"):
        assert any(needed in line for line in lines), needed


def test_settings_reject_an_unknown_verbosity() -> None:
    with pytest.raises(ValueError, match="brief, normal or full"):
        AnnounceSettings("loud")


BLIND = ["blind_bid_on_rook=true", "nest_face_up=1"]


def test_blind_bidding_hides_my_hand_until_the_contract() -> None:
    blind = table_view("georgia", options=BLIND, face_up=(C.ROOK,), hand=0)
    deal = dict(DEAL, nest=["9r", "10x", "rook"], face_up=["rook"],
                hands=dict(DEAL["hands"], south=["12x", "5g", "11g"]))
    lines = one(deal, view=blind)
    assert "Face up on the nest: Rook Bird." in lines
    assert not any(line.startswith("Your hand.") for line in lines)
    assert any("bidding is blind" in line for line in lines)
    assert Announcer(SOUTH, AnnounceSettings()).lines(deal, blind) == lines  # whole deal: no more
    after = one(CONTRACT_NORTH, view=blind._replace(bidder=0, bid=80, hand=mask("12x", "5g", "11g")))
    assert after[-1] == "Your hand. Red: none. Green: 11, 5. Black: 12. Yellow: none."


def test_blind_bidding_in_a_whole_game() -> None:
    """Seed 24 turns the Rook Bird up on the nest: the deal tells no hand, the contract does."""
    events = simulated("hasbro", 24, BLIND)
    lines = say(events)
    first = lines.index("The Rook Bird is face up: the bidding is blind, hands stay hidden until the auction ends.")
    contract = next(i for i, line in enumerate(lines) if " the bid at " in line)
    assert first < contract
    assert not any(line.startswith("Your hand.") for line in lines[:contract])
    assert lines[contract + 1].startswith("Your hand. ")


def test_two_player_dummy_shows_then_turns_face_up_at_trump() -> None:
    deal = {"type": "deal", "hand": 1, "dealer": "north",
            "hands": {"south": ["5r"], "dummy": ["9g", "8y", "14x"], "north": ["6r"]},
            "nest": ["7r"], "aside": ["4g"], "face_up": ["8y"]}
    dealt = table_view("two-player", 0, face_up=(C.from_code("8y"),), hand=mask("5r"),
                       dummy_hand=mask("8y"))
    lines = one(deal, me=0, view=dealt)
    assert "The dummy shows: 8 yellow." in lines
    assert not any("9 green" in line or "14 black" in line for line in lines)
    named = dealt._replace(bidder=2, bid=60, trump=C.GREEN, dummy_hand=mask("9g", "8y", "14x"))
    trump = one({"type": "trump", "seat": "north", "color": "green", "raise": 0}, me=0, view=named)
    assert trump == ["Trump: green, named by North.",
                     "The dummy is face up. Green, trump: 9. Red: none. Black: 14. Yellow: 8."]
    led = named._replace(trick=plays((1, "9g")), dummy_hand=mask("8y", "14x"))
    assert one({"type": "play", "seat": "dummy", "card": "9g"}, me=0, view=led) == ["The dummy leads 9 green."]


def test_hand_order_follows_the_game_options_and_bad_record_options_never_reach_it() -> None:
    """The hand is sorted by the options in the view, which the rules built (ones high or low
    here). A record's options are untrusted: a set that does not resolve is refused by the
    replay through the rules, before any line is told, so no hand is sorted by a guess."""
    deal = dict(DEAL, hands={"south": ["1r", "14r", "5r"]})
    assert one(deal, view=table_view(options=["ones=high"]))[-1].startswith("Your hand. Red: 1, 14, 5.")
    assert one(deal, view=table_view(options=["ones=low"]))[-1].startswith("Your hand. Red: 14, 5, 1.")
    events = simulated("hasbro", 1)
    for damage in ({"ones": "sideways"}, {"target": "lots"}):
        game = dict(events[0], options=dict(events[0]["options"], **damage))
        with pytest.raises(RecordError) as refused:
            told([game, *events[1:]], SOUTH)
        assert refused.value.index == 0


def test_nest_points_told_never_forced_always() -> None:
    """rules.md, nest_points_told: never (hasbro) says nothing; forced says only that points went
    in; always says whether they did."""
    discard = {"type": "discard", "seat": "east", "cards": ["5r", "6g", "7g", "8y", "9y"],
               "points_in_nest": True}
    none_in = dict(discard, points_in_nest=False)
    for told, with_points, without in (
        ("never", "East lays 5 cards in the nest.", "East lays 5 cards in the nest."),
        ("forced", "East lays 5 cards in the nest; points are in the nest.", "East lays 5 cards in the nest."),
        ("always", "East lays 5 cards in the nest; points are in the nest.",
         "East lays 5 cards in the nest; no points are in the nest."),
    ):
        discarding = ["discard_counters=forced-only"] if told == "forced" else []  # where a counter may have to go in
        view = table_view(options=[*discarding, f"nest_points_told={told}"], bidder=1, bid=80)
        assert one(discard, view=view) == [with_points], told
        assert one(none_in, view=view) == [without], told


# ----- no state of its own -------------------------------------------------------------------
@pytest.mark.parametrize("preset", PRESETS)
def test_the_announcer_keeps_no_state(preset: str) -> None:
    """The same (event, view) pairs give the same lines fed to one announcer in order and to a
    fresh announcer one at a time, for every seat of a whole game told live (``apply_for``,
    ``partner_trump`` included) and for a review of its record (no listener)."""
    settings = AnnounceSettings("full")
    events = simulated(preset, 2)
    seats = events[0]["seats"]
    told_to: dict[int | None, Pairs] = {None: told(events, None)}
    told_to |= {me: played(preset, 2, me) for me, seat in enumerate(seats) if seat != "dummy"}
    for me, pairs in told_to.items():
        announcer = Announcer(me, settings)
        config = dict(vars(announcer))
        in_order = [announcer.lines(event, view) for event, view in pairs]
        one_at_a_time = [Announcer(me, settings).lines(event, view) for event, view in pairs]
        assert in_order == one_at_a_time, (preset, me)
        assert sum(map(len, in_order)) > len(pairs) // 2, (preset, me)  # whole games were told
        assert {k: v for k, v in vars(announcer).items() if k != "_deck"} == \
               {k: v for k, v in config.items() if k != "_deck"}, (preset, me)


@pytest.mark.parametrize(("preset", "seed"), [("hasbro", 2), ("call-partner", 2), ("two-player", 2),
                                             ("kentucky-west", 2), ("georgia", 1)])
def test_a_replay_tells_a_seat_what_the_live_game_told_it(preset: str, seed: int) -> None:
    """The record replayed through the rules gives each seat the same lines as the console did,
    the bidder handing the trump call to its partner included (georgia, seed 1: three times,
    once before the discard with the bid raised by 5): the replay left it out (found by a
    helper's table sweep)."""
    events = simulated(preset, seed)
    heard = RECORD_TYPES | {"partner_trump"}
    for me, seat in enumerate(events[0]["seats"]):
        if seat == "dummy":
            continue
        announcer = Announcer(me, AnnounceSettings("full"))
        live = [announcer.lines(e, v) for e, v in played(preset, seed, me) if e["type"] in heard]
        replayed = [announcer.lines(e, v) for e, v in told(events, me)]
        assert live == replayed, (preset, seat)
        assert preset != "georgia" or sum("the trump call to" in line for lines in live for line in lines) == 3


def test_a_game_that_goes_on_past_its_target_says_it_is_a_tie() -> None:
    """A tie at the top plays another hand (rules.md, Game end); two totals past the target
    and then the next deal, unexplained, left the player wondering (found by a helper in
    call-partner, where both partners score alike). Said exactly when it happens. Partners of
    the hand tied at the top win together (session 34), so the ties left are across sides,
    rarer: seed 39 has one."""
    said = 0
    for seed in range(1, 41):
        events = simulated("call-partner", seed, ["target=150"])
        announcer = Announcer(SOUTH, AnnounceSettings("normal"))
        pairs = told(events, SOUTH)
        for (event, view), after in zip(pairs, [e for e, _v in pairs[1:]] + [{"type": "end"}]):
            if event["type"] != "hand_end":
                continue
            lines = announcer.lines(event, view)
            tie = [line for line in lines if line.startswith("Tied at the top with ")]
            past = max(event["totals"].values()) >= 150
            assert bool(tie) == (past and after["type"] != "game_end"), (seed, lines, after["type"])
            said += bool(tie)
    assert said, "no tie in these games: the test would not see the fault"


def test_a_moon_is_named_at_the_end_of_its_hand() -> None:
    """"Hand 47: East and West made 180 with 180." and then 500 points, unexplained: the moon is
    named where the hand is scored (found by a helper checking the rules against the books)."""
    events = simulated("georgia", 4)
    announcer = Announcer(SOUTH, AnnounceSettings("normal"))
    moon = False
    heads = []
    for event, view in told(events, SOUTH):
        if event["type"] == "contract":
            moon = event["moon"]
        if event["type"] == "hand_end" and moon:
            heads.append(announcer.lines(event, view))
    assert heads, "no moon in this game: the test would not see the fault"
    for lines in heads:
        head = next(line for line in lines if line.startswith("Hand "))
        assert re.search(r"made the moon with \d+|set on the moon, \d+ of 180", head), lines


def test_six_teams_names_the_players_own_team_as_itself_when_it_defends() -> None:
    """Six in two teams of three: the player's own team was "the defenders" in a hand the
    other team bid and "you, Northeast and Northwest" in the next (found by a helper's table
    sweep); a team of others that defends is still "the defenders"."""
    events = simulated("six-teams", 3)
    seats = events[0]["seats"]
    me = seats.index("south")
    announcer = Announcer(me, AnnounceSettings("normal"))
    mine = others = 0
    for event, view in told(events, me):
        if event["type"] != "hand_end":
            continue
        lines = announcer.lines(event, view)
        own = next(side for side in event["sides"] if "south" in side)
        if event["bidder"] in own:
            others += any(line.lower().startswith("the defenders: ") for line in lines)
        else:
            mine += 1
            assert not any(line.lower().startswith("the defenders: ") for line in lines), lines
            assert any(line.startswith("You, ") for line in lines), lines
    assert mine and others, (mine, others)


def test_a_side_past_the_target_without_the_bid_is_told_why_play_goes_on() -> None:
    """With win_on_bid only a side that bid and made goes out: "East and West: 110, now 110."
    then the next deal, with no word why (found by the house-rules sweep)."""
    from rook_access.core.scoring import waiting_on_bid

    found = 0
    for seed in range(1, 40):
        events = simulated("hasbro", seed, ["win_on_bid=true", "target=50"])
        for (event, _view), line in ((p, line) for p in told(events, SOUTH)
                                    for line in Announcer(SOUTH, AnnounceSettings()).lines(*p)):
            if event["type"] != "hand_end" or "goes out: play goes on." not in line:
                continue
            found += 1
            bidder = event["bidder"]
            past = [side for side in event["sides"] if bidder not in side or not event["made"]]
            assert any(event["totals"][side[0]] >= 50 for side in past), (event, line)
        if found >= 3:
            break
    assert found >= 3
    hasbro = resolve("hasbro", ["win_on_bid=true", "target=50"])
    groups = [[0, 2], [1, 3]]
    assert waiting_on_bid([60, 10, 60, 10], groups, hasbro, 1, [1, 3]) == [[0, 2]]
    assert waiting_on_bid([60, 70, 60, 70], groups, hasbro, 1, [1, 3]) == []  # East and West go out
    assert waiting_on_bid([60, 10, 60, 10], groups, resolve("hasbro", ["target=50"]), 1, [1, 3]) == []
    # Each for themselves: two who made the bid tied, another past the target without it (the
    # re-check heard "Tied at the top with 430" beside 550, and that seat told nothing).
    five = resolve("five-player", ["win_on_bid=true", "target=60"])
    solo = [[s] for s in range(5)]
    assert waiting_on_bid([430, 10, 430, 10, 550], solo, five, 1, [0, 2]) == [[4]]
    events = simulated("five-player", 3, ["win_on_bid=true", "target=40"])
    announcer = Announcer(SOUTH, AnnounceSettings())
    for event, view in told(events, SOUTH):
        said = [line for line in announcer.lines(event, view) if line.endswith("goes out: play goes on.")]
        assert len(said) <= 1, said  # one line for every side waiting, not one each


def test_a_game_won_on_the_bid_by_the_lower_side_says_why() -> None:
    """"Game over: you and North win, 110 to 205." with win_on_bid, and no word why the lower
    side won (found by the re-check)."""
    lower = higher = 0
    for seed in range(1, 80):
        events = simulated("hasbro", seed, ["win_on_bid=true", "target=50"])
        for event, view in told(events, SOUTH):
            if event["type"] != "game_end":
                continue
            totals = event["totals"]
            won = max(totals[s] for s in event["winners"])
            said = Announcer(SOUTH, AnnounceSettings()).lines(event, view)
            why = [line for line in said if line.endswith("reached the target by making the bid, which wins under "
                                                          "these rules.")]
            if any(totals[s] >= won for s in totals if s not in event["winners"]):
                lower += 1
                assert why, said
            else:
                higher += 1
                assert not why, said
        if lower >= 2 and higher >= 2:
            break
    assert lower >= 2 and higher >= 2


def test_at_full_verbosity_the_dummys_tricks_count_with_its_side() -> None:
    """Two-player: "North: 15, now 15." then "North: 0 in tricks.", the dummy's tricks and nest
    left out of the breakdown (found by the third re-check)."""
    found = 0
    for seed in range(1, 20):
        events = simulated("two-player", seed)
        for event, view in told(events, 0):
            if event["type"] != "hand_end":
                continue
            lines = Announcer(0, AnnounceSettings("full")).lines(event, view)
            for side in event["sides"]:
                if "dummy" not in side:
                    continue
                took = sum(event["captured"][s] for s in side)
                player = next(s for s in side if s != "dummy")
                name = "You" if player == view.seats[0] else player.capitalize()
                said = [line for line in lines if line.startswith(f"{name}: ") and " in tricks" in line]
                for line in said:
                    found += 1
                    assert line.split(": ", 1)[1].startswith(f"{took} in tricks"), (line, event)
        if found >= 3:
            break
    assert found >= 3


def test_the_nest_is_turned_over_when_it_is_counted() -> None:
    """Found by the parity sweep: only the nest's points were said at the hand's end, though a
    sighted player sees its cards turned over; review and last said no more."""
    events = simulated("hasbro", 5)
    said = say(events, verbosity="normal")
    ends = [e for e in events if e["type"] == "hand_end" and e["nest_to"]]
    assert ends
    for end in ends:
        names = ", ".join(C.name(C.from_code(code)) for code in end["nest"][:-1])
        assert any(line.endswith(f": {names} and {C.name(C.from_code(end['nest'][-1]))}.") and " the nest, " in line
                   for line in said), end["nest"]


def test_a_hand_thrown_in_says_who_deals_next() -> None:
    """"The deal passes to the left" was said in two-player, where the seat on the left is the
    dummy, which never deals (the two-at-home sweep of session 32)."""
    south = 0
    view = table_view("two-player", seat=south, dealer=south)
    assert view.seats == ("south", "dummy", "north")
    event = {"type": "redeal", "reason": "everyone passed"}
    assert Announcer(south, AnnounceSettings()).lines(event, view) == [
        "Hand thrown in: everyone passed. The deal passes to North."]
    view = table_view("hasbro", dealer=1)  # east deals: south, on its left, deals next
    assert Announcer(SOUTH, AnnounceSettings()).lines(event, view) == [
        "Hand thrown in: everyone passed. The deal passes to you."]
