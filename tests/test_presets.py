"""Presets and options: every preset's deck and totals (rules.md, The presets), every option
overridable on its own, and one clear error for each kind of bad option."""

import re

import pytest

from rook_access.core import load_preset, preset_names, resolve
from rook_access.core.deck import DeckInfo
from rook_access.core.errors import RuleError
from rook_access.core.options import FOLLOWERS, SPEC, parse_override

# preset: (deck size, cards per seat, nest, counter points in the deck, min bid, max bid, target)
EXPECTED = {
    "hasbro": (41, 9, 5, 120, 70, 120, 300),
    "kentucky-discard": (45, 10, 5, 180, 70, 180, 300),
    "kentucky-west": (57, 13, 5, 180, 70, 200, 500),
    "georgia": (45, 10, 5, 180, 100, 180, 500),
    "one-high": (57, 13, 5, 180, 70, 200, 300),
    "red-one": (42, 9, 6, 150, 70, 150, 300),
    "regular-partnership": (56, 14, 0, 100, 70, 120, 300),
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_preset_shape(name: str) -> None:
    o = load_preset(name).options
    deck = DeckInfo.build(o)
    size, each, nest, total, low, high, target = EXPECTED[name]
    assert deck.mask.bit_count() == size
    assert (size - o.nest_size - o.aside) // len(o.seats) == each
    assert (o.nest_size, deck.total, o.min_bid, o.max_bid, o.target) == (nest, total, low, high, target)


def test_the_seven_presets_exist() -> None:
    assert set(EXPECTED) <= set(preset_names())


def test_preset_details() -> None:
    assert load_preset("hasbro").options.rook_anytime
    assert load_preset("kentucky-west").options.rook == "low"
    assert load_preset("kentucky-west").options.sweep_bonus == 20
    g = load_preset("georgia").options
    assert (g.nest_face_up, g.all_pass, g.no_trump, g.partner_calls_trump, g.moon, g.first_lead) == (
        1, "dealer-forced", True, True, "on", "bidder")
    assert not g.blind_bid_on_rook
    assert load_preset("one-high").options.most_tricks_bonus == 20
    assert load_preset("red-one").options.red_one
    assert load_preset("kentucky-discard").options.check


# A valid non-default value for every option, applied to hasbro alone.
OVERRIDES = {
    "target": "500", "ones": "high", "low_cards": "in", "rook": "low", "rook_anytime": "false",
    "red_one": "true", "counters": "5=5,10=10,14=10,rook=30", "nest_size": "5", "nest_face_up": "2", "nest_deal": "end",
    "nest_to": "none", "min_bid": "60", "max_bid": "115", "check": "yes", "all_pass": "dealer-forced",
    "misdeal_no_ten": "true", "little_rook": "20", "baby_rook": "20",
    "moon_bid": "100", "moon_needs": "tricks", "moon_made": "game", "moon_set": "400", "rotate_partners": "4",
    "misdeal_no_counters": "on", "discard_counters": "forced-only", "nest_points_told": "always",
    "trump_before_discard": "true",
    "no_trump": "true", "partner_calls_trump": "true", "first_lead": "bidder", "trump_broken": "true",
    "moon": "on", "blind_bid_on_rook": "true", "last_trick_bonus": "20", "most_tricks_bonus": "20",
    "sweep_bonus": "20", "seats": "north,east,south,west", "sides": "solo", "aside": "0",
    "auction": "true", "dummy_face_up": "0", "hands": "10", "win_on_bid": "true", "must_trump": "true",
    "trick_points": "2", "moon_alone": "true", "calls": "2", "tied_partners_win": "false",
}


def test_every_option_has_an_override_case() -> None:
    assert set(OVERRIDES) == set(SPEC)


# Not alone on hasbro: moon_alone needs moon=on, calls=2 a called partner (test_house_rules,
# test_rules_player_counts try them where they apply).
@pytest.mark.parametrize("key", sorted(set(OVERRIDES) - {"red_one", "little_rook", "baby_rook", "moon_alone", "calls"}))
def test_each_option_overridable_alone(key: str) -> None:
    options = resolve("hasbro", [f"{key}={OVERRIDES[key]}"])
    base = load_preset("hasbro").options.to_dict()
    changed = {k for k, v in options.to_dict().items() if v != base[k]}
    assert changed <= {key} | {follower for follower, *_ in FOLLOWERS.get(key, ())}
    assert options.to_dict()[key] == parse_override(f"{key}={OVERRIDES[key]}")[1] or key == "seats"


def test_red_one_alone_cannot_be_dealt_and_says_so() -> None:
    """Hasbro plus the red 1 is 42 cards: with a 5-card nest 37 cannot go round 4 seats."""
    with pytest.raises(RuleError, match="42 cards.*37 cannot be dealt evenly to 4 seats: nest_size=2 or "
                       "nest_size=6 would deal evenly"):  # what would work, not only what does not
        resolve("hasbro", ["red_one=true"])
    assert resolve("hasbro", ["red_one=true", "nest_size=6"]).red_one


@pytest.mark.parametrize("text,message", [
    ("colour=red", "unknown option 'colour'"),
    ("nest=6", "unknown option 'nest': did you mean nest_size or nest_face_up or nest_deal\\? "
               "rook-access rules --options lists every option"),
    ("target", "needs a value"),
    ("target=lots", "must be a whole number 1 to 100000, not 'lots'"),
    ("target=" + "9" * 5000, "must be a whole number 1 to 100000, not '999"),
    ("rook=middle", "rook=middle is not allowed: use one of none, high, low, ten-and-half"),
    ("check=maybe", "must be true or false"),
    ("min_bid=72", "bids go in fives"),
    ("nest_size=4", "cannot be dealt evenly"),
    ("counters=5=five", "is not a whole number"),
    ("counters=15=5", "is not a card number"),
    ("min_bid=125", "above max_bid"),
    ("target=0", "out of range"),
])
def test_bad_options(text: str, message: str) -> None:
    with pytest.raises(RuleError, match=message.replace("(", r"\(")):
        resolve("hasbro", [text])


@pytest.mark.parametrize("preset,seats,message", [
    ("hasbro", "north,south", "partners need an even number of seats, at least 4 (two sides), not 2"),
    ("call-partner", "north,east,south", "a called partner needs at least 4 seats"),
    ("two-player", "north,east,south", "a dummy game needs three seats, two players and one named dummy"),
])
def test_seats_that_leave_nobody_to_play_against_are_refused(preset: str, seats: str, message: str) -> None:
    with pytest.raises(RuleError, match=message.replace("(", r"\(").replace(")", r"\)")):
        resolve(preset, [f"seats={seats}"])
    assert resolve("five-player", ["seats=north,south"]).seats == ("north", "south")  # two, each for themselves


@pytest.mark.parametrize("preset,options,message", [
    # Beginner turns up the nest's top card for trump, passing over colourless trumps: a nest
    # of nothing else looped for ever.
    ("beginner", ["nest_size=1"], "passing over the Rook Bird: nest_size must be at least 2"),
    ("beginner", ["red_one=true", "nest_size=2"], "over the red 1 and the Rook Bird: nest_size must be at least 3"),
    ("beginner", ["rook=none", "red_one=true", "nest_size=1"], "passing over the red 1: nest_size must be at least 2"),
    ("two-player", ["dummy_face_up=13"], "dummy_face_up=13 is more than the dummy's 12 cards"),  # crashed
    ("hasbro", ["moon=on", "moon_made=²"], "moon_made=² is not allowed"),  # an unexpected error
    ("hasbro", ["moon=on", "moon_made=" + "9" * 5000], "is not allowed"),
    # A sweep or most tricks is no bonus every hand is sure of (this game never reached a contract).
    ("five-player", ["counters=5=1,10=2,14=2,rook=4", "sweep_bonus=20"], "more than the 20 points a hand is sure"),
    # forced tells when a counter had to go in: with counters allowed it told a voluntary one
    # (counters allowed alone puts nest_points_told back to never: test_nest_points_told_...).
    ("kentucky-west", ["discard_counters=allowed", "nest_points_told=forced"],
     "with discard_counters=allowed none ever has to"),
    ("hasbro", ["nest_points_told=forced"],
     "give nest_points_told=never or always, or discard_counters=forced-only or never"),
])
def test_options_that_could_never_play_a_hand_are_refused(preset: str, options: list[str], message: str) -> None:
    with pytest.raises(RuleError, match=message.replace("(", r"\(")):
        resolve(preset, options)


def test_each_tricks_points_are_sure_to_be_in_play() -> None:
    """120 counted points and 5 for each of 9 tricks: 165 a hand, so a bid of 150 can be made."""
    assert resolve("hasbro", ["trick_points=5", "min_bid=150", "max_bid=160"]).min_bid == 150


def test_unknown_preset() -> None:
    with pytest.raises(RuleError, match="unknown preset 'rummy'"):
        resolve("rummy")


def test_rook_low_or_ten_and_half_must_follow_suit_unless_rook_anytime_is_given() -> None:
    """rules.md, rook: setting rook low or ten-and-half also sets rook_anytime=false."""
    assert resolve("hasbro", ["rook=low"]).rook_anytime is False
    assert resolve("hasbro", ["rook=ten-and-half"]).rook_anytime is False
    assert resolve("hasbro", ["rook=low", "rook_anytime=true"]).rook_anytime is True
    assert resolve("hasbro", ["rook_anytime=true", "rook=low"]).rook_anytime is True
    assert resolve("georgia", ["rook=high"]).rook_anytime is False  # high leaves it as it was


def test_nest_points_told_defaults_to_forced_where_discard_counters_is_forced_only() -> None:
    assert resolve("hasbro").nest_points_told == "never"
    assert resolve("kentucky-west").nest_points_told == "forced"
    assert resolve("call-partner").nest_points_told == "always"
    assert resolve("hasbro", ["discard_counters=forced-only"]).nest_points_told == "forced"
    assert resolve("hasbro", ["discard_counters=forced-only", "nest_points_told=never"]).nest_points_told == "never"
    # And back: forced means nothing once counters go freely; the single override rules.md allows
    # was refused (found by the rules sweep). A preset's own always stays.
    assert resolve("kentucky-west", ["discard_counters=allowed"]).nest_points_told == "never"
    assert resolve("call-partner", ["discard_counters=allowed"]).nest_points_told == "always"
    assert resolve("call-partner", ["discard_counters=forced-only"]).nest_points_told == "always"
    with pytest.raises(RuleError, match="nest_points_told=forced tells everyone"):
        resolve("kentucky-west", ["discard_counters=allowed", "nest_points_told=forced"])


@pytest.mark.parametrize("options", [["red_one=true"], ["rook=none"], ["nest_face_up=3", "nest_size=4"],
                                     ["little_rook=20"], ["nest_size=6", "low_cards=in"], ["nest_size=20"],
                                     ["nest_size=19"]])
def test_a_deck_that_does_not_deal_evenly_names_nest_sizes_that_work(options: list[str]) -> None:
    """The refusal said only what failed (found by the options sweep); every size it names works."""
    with pytest.raises(RuleError, match="would deal evenly") as refused:
        resolve("hasbro", options)
    sizes = re.findall(r"nest_size=(\d+)", str(refused.value).split(":")[-1])
    assert sizes
    for size in sizes:
        others = [option for option in options if not option.startswith("nest_size=")]  # each option given once
        assert resolve("hasbro", [*others, f"nest_size={size}"]).nest_size == int(size)


@pytest.mark.parametrize(("key", "value"), [
    ("moon_set", "x" * 3000 + "\x1b[2J\nYou win the game."),
    ("ones", "hi\x1b[31m\nYou win."),
])
def test_an_option_value_from_a_file_is_said_with_its_escapes_and_shortened(key: str, value: str) -> None:
    """A rules file's, a settings file's, a save's or a record's option value was printed as it
    stood in the refusal: a newline forged a line, an escape sequence acted on the terminal, 20,000
    characters were read out whole (found by a re-check)."""
    from rook_access.core.errors import RuleError
    from rook_access.core.options import check_value

    with pytest.raises(RuleError) as refused:
        check_value(key, value)
    said = str(refused.value)
    assert said.isprintable() and len(said) < 200 and f"option {key}=" in said, said
