"""The announcer: phrasing of every event, hidden information per listener, verbosity and toggles."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from rook_access.ai.random_player import RandomPlayer
from rook_access.core import cards as C
from rook_access.core import new_game, preset_names, resolve
from rook_access.core.deck import DeckInfo
from rook_access.speech.announce import Announcer, AnnounceSettings
from rook_access.speech.cardtext import CardNamer, describe_hand, number, points
from rook_access.store.record import game_line

SEATS = ["north", "east", "south", "west"]
SOUTH = 2
PRESETS = preset_names()


def simulated(preset: str, seed: int) -> list[dict[str, Any]]:
    """A whole game by random players, as events in record order, game line first."""
    # RandomPlayer, not a uniform choice: uniform bidding drives every contract to the maximum,
    # both sides only lose, and the game never ends.
    player = RandomPlayer(seed)
    state, events = new_game(preset, None, seed)
    out: list[dict[str, Any]] = [game_line(state, {s: "random" for s in state.seats}), *events]
    while not state.is_over():
        out += state.apply(player.choose_from(state.legal_actions()))
    return out


def say(events: list[dict[str, Any]], me: int | None = SOUTH, verbosity: str = "normal",
        **toggles: bool) -> list[str]:
    seats = events[0]["seats"] if events and events[0]["type"] == "game" else SEATS
    announcer = Announcer(seats, me, AnnounceSettings(verbosity, **toggles),
                          options=resolve("hasbro"))
    return [line for event in events for line in announcer.lines(event)]


def one(event: dict[str, Any], me: int | None = SOUTH, verbosity: str = "normal",
        before: list[dict[str, Any]] | None = None, rules: list[str] | None = None,
        **toggles: bool) -> list[str]:
    """The lines for ``event`` after the events ``before`` have been heard (hasbro, with the
    option overrides ``rules``)."""
    options = resolve("hasbro", rules)
    announcer = Announcer(SEATS, me, AnnounceSettings(verbosity, **toggles), options=options)
    for earlier in before or []:
        announcer.lines(earlier)
    return announcer.lines(event)


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
    assert one(game, verbosity="brief") == ["New game: hasbro rules, first to 300."]
    assert one(game)[1] == "You sit south, your partner is North, against East and West."
    assert one(game, me=None)[1] == "North and South against East and West."
    assert one(game, verbosity="full")[2] == "Players: North normal, East easy and West hard."


def test_deal_tells_only_my_hand() -> None:
    lines = one(DEAL)
    assert lines == ["Hand 3: West deals.",
                     "Your hand. Red: none. Green: 5. Black: 12. Yellow: none. Always trump: Rook Bird."]


def test_deal_in_review_tells_every_hand_and_the_nest() -> None:
    lines = one(DEAL, me=None)
    assert "North's hand. Red: 14, 5. Green: none. Black: none. Yellow: none." in lines
    assert "West's hand. Red: none. Green: none. Black: none. Yellow: 7, 6." in lines
    assert lines[-1] == "Nest: 9 red, 10 black and 11 green."


def test_deal_face_up_nest_card_is_public() -> None:
    deal = dict(DEAL, face_up=["11g"])
    assert "Face up on the nest: 11 green." in one(deal)


def test_auction_lines() -> None:
    assert one({"type": "bid", "seat": "north", "amount": 80}) == ["Your partner North bids 80."]
    assert one({"type": "bid", "seat": "north", "amount": 80}, verbosity="brief") == ["North bids 80."]
    assert one({"type": "bid", "seat": "south", "amount": 85}) == ["You bid 85."]
    assert one({"type": "pass", "seat": "east"}) == ["East passes."]
    assert one({"type": "pass", "seat": "south"}) == ["You pass."]
    assert one({"type": "check", "seat": "west"}) == ["West checks."]
    assert one({"type": "misdeal", "seat": "east", "reason": "no counters"}) == [
        "East calls a misdeal: no counters. The same dealer deals again."]
    assert one({"type": "redeal", "reason": "everyone passed"}) == [
        "Hand thrown in: everyone passed. The deal passes to the left."]


def test_contract_plain_forced_and_moon() -> None:
    assert one(CONTRACT_NORTH, verbosity="brief") == ["North wins the bid at 80."]
    assert one(CONTRACT_SOUTH) == ["You win the bid at 80."]
    forced = dict(CONTRACT_NORTH, seat="west", amount=100, forced=True)
    assert one(forced) == ["Everyone passed: West, the dealer, must take the bid at 100."]
    moon = dict(CONTRACT_NORTH, seat="east", amount=180, moon=True)
    assert one(moon) == ["East shoots the moon at 180."]


def test_nest_cards_told_only_to_the_bidder() -> None:
    take = {"type": "take_nest", "seat": "south", "cards": ["9r", "10x", "11g"]}
    assert one(take, before=[DEAL, CONTRACT_SOUTH]) == ["You take the nest: 9 red, 10 black and 11 green."]
    take_north = dict(take, seat="north")
    assert one(take_north, before=[DEAL, CONTRACT_NORTH]) == ["Your partner North takes the nest."]
    assert one(take_north, before=[DEAL, CONTRACT_NORTH], verbosity="brief") == []
    assert one(take_north, me=None) == ["North takes the nest: 9 red, 10 black and 11 green."]


def test_discard_cards_told_only_to_the_bidder() -> None:
    discard = {"type": "discard", "seat": "east", "cards": ["5r", "6g", "7g", "8y", "9y"],
               "points_in_nest": True}
    # nest_points_told=never (hasbro): "The high bidder is the only player who knows which cards
    # are in the nest."
    assert one(discard) == ["East lays 5 cards in the nest."]
    assert one(dict(discard, points_in_nest=False)) == ["East lays 5 cards in the nest."]
    mine = dict(discard, seat="south")
    assert one(mine) == ["You lay in the nest: 5 red, 6 green, 7 green, 8 yellow and 9 yellow."]
    assert one(discard, me=None) == [
        "East lays in the nest: 5 red, 6 green, 7 green, 8 yellow and 9 yellow. Points are in the nest."]


def test_trump_lines() -> None:
    assert one({"type": "trump", "seat": "north", "color": "red", "raise": 0}) == [
        "Trump: red, named by your partner North."]
    assert one({"type": "trump", "seat": "east", "color": None, "raise": 0}) == [
        "No trump, named by East."]
    assert one({"type": "trump", "seat": None, "color": "green", "raise": 0}) == [
        "Trump: green, the turned-up card."]


def test_partner_trump_raises_the_bid() -> None:
    event = {"type": "partner_trump", "seat": "north", "partner": "south", "raise": 5}
    assert one(event, before=[CONTRACT_NORTH]) == [
        "Your partner North hands the trump call to you; the bid rises by 5 to 85."]
    assert one(dict(event, raise_=0) | {"raise": 0}, before=[CONTRACT_NORTH], me=1) == [
        "North hands the trump call to South."]


def test_plays_lead_and_follow() -> None:
    lead = {"type": "play", "seat": "north", "card": "14r"}
    follow = {"type": "play", "seat": "south", "card": "5g"}
    assert one(lead) == ["North leads 14 red."]
    assert one(follow, before=[lead]) == ["You play 5 green."]


def test_trick_lines_at_each_verbosity() -> None:
    trick = {"type": "trick", "number": 4, "leader": "north", "winner": "west",
             "cards": [["north", "14r"], ["east", "5r"], ["south", "7r"], ["west", "rook"]],
             "points": 35}
    assert one(trick, verbosity="brief") == ["West wins the trick, 35 points."]
    assert one(trick) == ["West wins trick 4 with Rook Bird, 35 points."]
    full = one(trick, verbosity="full")
    assert full == ["West wins trick 4 with Rook Bird, 35 points.",
                    "Points this hand: north-south 0, east-west 35."]
    assert one(dict(trick, winner="south", points=0), verbosity="brief") == [
        "You win the trick, no points."]


HAND_END = {"type": "hand_end", "hand": 3, "bidder": "north", "bid": 95,
            "sides": [["north", "south"], ["east", "west"]],
            "captured": {"north": 60, "south": 35, "east": 10, "west": 0},
            "nest_to": "south", "nest_points": 15, "bonuses": {s: 0 for s in SEATS}, "made": True,
            "score": {"north": 110, "south": 110, "east": 10, "west": 10},
            "totals": {"north": 245, "south": 245, "east": 120, "west": 120}}


def test_hand_summary_made() -> None:
    assert one(HAND_END, verbosity="brief") == [
        "Hand 3: north-south made 95 with 110, now 245; east-west 10, now 120."]
    assert one(HAND_END) == [
        "You take the nest, 15 points.",
        "Hand 3: north-south made 95 with 110, now 245; east-west 10, now 120."]
    full = one(HAND_END, verbosity="full")
    assert full[-2:] == ["North-south: 95 in tricks, nest 15.", "East-west: 10 in tricks."]


def test_hand_summary_set_says_minus() -> None:
    event = dict(HAND_END, made=False, captured={"north": 40, "south": 20, "east": 40, "west": 0},
                 nest_to="east", score={"north": -95, "south": -95, "east": 55, "west": 55},
                 totals={"north": -20, "south": -20, "east": 300, "west": 300})
    assert one(event, verbosity="brief") == [
        "Hand 3: north-south set, 60 of 95: minus 95, now minus 20; east-west 55, now 300."]


def test_game_end() -> None:
    event = {"type": "game_end", "winners": ["north", "south"],
             "totals": {"north": 320, "south": 320, "east": 245, "west": 245}}
    assert one(event) == ["Game over: you and North win, 320 to 245."]
    assert one(event, me=1) == ["Game over: north-south win, 320 to 245."]


# ----- the called secret partner ------------------------------------------------------------
FIVE = ["north", "east", "south", "west", "northwest"]


def called_game(me: int | None) -> tuple[Announcer, list[list[str]]]:
    """A call-partner hand: west calls the 14 green, which east holds."""
    options = dict(resolve("hasbro").to_dict(), sides="called-partner", seats=FIVE)
    announcer = Announcer(FIVE, me, AnnounceSettings(), options=options)
    events = [
        {"type": "deal", "hand": 1, "dealer": "north",
         "hands": {"north": ["5r"], "east": ["14g", "6r"], "south": ["7r"], "west": ["8r"],
                   "northwest": ["9r"]}, "nest": ["10g"], "aside": [], "face_up": []},
        {"type": "contract", "seat": "west", "amount": 100, "forced": False, "moon": False},
        {"type": "trump", "seat": "west", "color": "red", "raise": 0},
        {"type": "call", "seat": "west", "card": "14g"},
        {"type": "play", "seat": "west", "card": "8r"},
        {"type": "play", "seat": "northwest", "card": "9r"},
        {"type": "play", "seat": "north", "card": "5r"},
        {"type": "play", "seat": "east", "card": "14g"},
    ]
    return announcer, [announcer.lines(e) for e in events]


def test_called_partner_stays_secret_until_the_card_falls() -> None:
    _, heard = called_game(me=2)  # south, a defender
    before = [line for lines in heard[:7] for line in lines]
    assert "West calls the 14 green as partner card." in before
    assert not any("East" in line for line in before)
    assert heard[7] == ["East plays 14 green.", "The called card: East is West's partner."]
    _, review = called_game(me=None)
    assert not any("East" in line for lines in review[3:7] for line in lines if "hand" not in line)


def test_called_partner_knows_itself_and_the_bidder_learns_at_the_play() -> None:
    _, heard = called_game(me=1)  # east holds the card
    assert heard[3] == ["West calls the 14 green as partner card.",
                        "You hold the 14 green."]
    assert heard[7][-1] == "You played the called card: you are West's partner."
    _, bidder = called_game(me=3)
    assert bidder[3] == ["You call the 14 green as partner card."]
    assert bidder[7][-1] == "The called card: East is your partner."


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
    events = simulated(preset, seed=11)
    for me, seat in enumerate(events[0]["seats"]):
        if seat == "dummy":
            continue
        real = Announcer(events[0]["seats"], me, AnnounceSettings(verbosity))
        other = Announcer(events[0]["seats"], me, AnnounceSettings(verbosity))
        for event, changed in zip(events, twin(events, seat, seed=me)):
            assert real.lines(event) == other.lines(changed), (preset, seat, event["type"])


@pytest.mark.parametrize("preset", ["hasbro", "georgia", "two-player", "call-partner", "beginner"])
def test_no_line_names_a_card_the_seat_cannot_see(preset: str) -> None:
    """Scan every line: a card's spoken name appears only once it is public, in the listener's
    hand, or in the nest and discard the listener took and laid."""
    events = simulated(preset, seed=5)
    names = {C.name(c): C.code(c) for c in range(C.CARD_COUNT)}
    pattern = re.compile(r"\b(1[0-4]|[1-9]) (red|green|black|yellow)\b")
    seats = events[0]["seats"]
    me = seats.index("south")
    announcer = Announcer(seats, me, AnnounceSettings("full"))
    known: set[str] = set()
    dummy: list[str] = []
    for event in events:
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
        for line in announcer.lines(event):
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
    assert any("wins the trick" in line for line in brief)
    assert not any("Your partner" in line for line in brief)
    assert any(line.startswith("Your partner North bids") or "partner North wins" in line
               for line in normal)
    assert any(line.startswith("Points this hand:") for line in full)
    assert not any(line.startswith("Points this hand:") for line in normal)


def test_toggles_silence_one_kind_each() -> None:
    events = simulated("hasbro", 6)
    bids_off = say(events, bids=False)
    assert not any(re.search(r" (bids|bid|passes|pass)( \d+)?\.$", line) for line in bids_off)
    assert any("wins the bid" in line for line in bids_off)
    plays_off = say(events, plays=False)
    assert not any(" plays " in line or " leads " in line for line in plays_off)
    trick_lines = [line for line in plays_off if line.startswith("Trick ")]
    assert len(trick_lines) == sum(e["type"] == "trick" for e in events)
    tricks_off = say(events, tricks=False)
    assert not any(" trick" in line for line in tricks_off if "thrown in" not in line)
    hands_off = say(events, hands=False)
    assert not any(re.match(r"Hand \d+: north-south", line) for line in hands_off)
    assert hands_off[-1].startswith("Game over:")


def test_brief_still_tells_what_a_player_needs() -> None:
    events = simulated("georgia", 9)
    lines = say(events, verbosity="brief")
    for needed in ("Your hand.", "wins the bid at", "Trump:", "wins the trick", "Game over:"):
        assert any(needed in line for line in lines), needed


def test_settings_reject_an_unknown_verbosity() -> None:
    with pytest.raises(ValueError, match="brief, normal or full"):
        AnnounceSettings("loud")


def test_blind_bidding_hides_my_hand_until_the_contract() -> None:
    options = dict(resolve("georgia").to_dict(), blind_bid_on_rook=True)
    announcer = Announcer(SEATS, SOUTH, AnnounceSettings(), options=options)
    deal = dict(DEAL, nest=["9r", "10x", "rook"], face_up=["rook"],
                hands=dict(DEAL["hands"], south=["12x", "5g", "11g"]))
    lines = announcer.lines(deal)
    assert "Face up on the nest: Rook Bird." in lines
    assert not any(line.startswith("Your hand.") for line in lines)
    assert any("bidding is blind" in line for line in lines)
    after = announcer.lines(CONTRACT_NORTH)
    assert after[-1] == "Your hand. Red: none. Green: 11, 5. Black: 12. Yellow: none."


def test_two_player_dummy_shows_then_turns_face_up_at_trump() -> None:
    seats = ["south", "dummy", "north"]
    options = resolve("two-player")
    announcer = Announcer(seats, 0, AnnounceSettings(), options=options)
    deal = {"type": "deal", "hand": 1, "dealer": "north",
            "hands": {"south": ["5r"], "dummy": ["9g", "8y", "14x"], "north": ["6r"]},
            "nest": ["7r"], "aside": ["4g"], "face_up": ["8y"]}
    lines = announcer.lines(deal)
    assert "The dummy shows: 8 yellow." in lines
    assert not any("9 green" in line or "14 black" in line for line in lines)
    announcer.lines({"type": "contract", "seat": "north", "amount": 60, "forced": False, "moon": False})
    trump = announcer.lines({"type": "trump", "seat": "north", "color": "green", "raise": 0})
    assert trump == ["Trump: green, named by North.",
                     "The dummy is face up. Green, trump: 9. Red: none. Black: 14. Yellow: 8."]
    assert announcer.lines({"type": "play", "seat": "dummy", "card": "9g"}) == [
        "The dummy leads 9 green."]


def test_hand_order_follows_the_record_options_even_when_they_do_not_all_resolve() -> None:
    """A record's options are untrusted: a partial or damaged set still sorts the hand by the deck
    options that do resolve (ones high here), never raising."""
    deal = dict(DEAL, hands={"south": ["1r", "14r", "5r"]})
    for options in ({"ones": "high"}, {"ones": "high", "target": "lots"}):
        announcer = Announcer(SEATS, SOUTH, AnnounceSettings(), options=options)
        assert announcer.lines(deal)[-1].startswith("Your hand. Red: 1, 14, 5.")
    broken = Announcer(SEATS, SOUTH, AnnounceSettings(), options={"ones": "sideways"})
    assert broken.lines(deal)[-1].startswith("Your hand. Red: 14, 5, 1.")  # the default deck: ones low


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
        rules = [f"nest_points_told={told}"]
        assert one(discard, rules=rules) == [with_points], told
        assert one(none_in, rules=rules) == [without], told
