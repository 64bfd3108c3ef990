"""Every rule option in one plain sentence, for ``rook-access rules --options``.

The sentences are docs/rules.md's option list in family words, kept here so the installed game,
which carries no docs, can say them; a test holds this dict, ``SPEC`` and docs/rules.md to the
same names. Each line is the option's name, what it does, the values it takes and hasbro's
setting: one option a line, with no columns of spaces for a screen reader to read out.
"""

from __future__ import annotations

from typing import Any

from ..core import DEFAULT_PRESET, Options, load_preset
from ..core.options import SEAT_NAMES, SPEC

# One sentence each, ending with a full stop; numbers as digits, plurals as words ("fours", not
# "4s", which espeak-ng read "four z").
SENTENCES: dict[str, str] = {
    "target": "The game ends when a side reaches this score; sides tied at the top play another hand.",
    "ones": "The ones are out of the deck, the lowest cards, or above the fourteens.",
    "low_cards": "Which small cards are in the deck: no twos, threes or fours; only the fours; or all of them.",
    "rook": "Where the Rook Bird ranks in trump: no Rook Bird, the highest trump, the lowest, between the 10 "
            "and the 11, or called high or low by whoever names trump.",
    "rook_anytime": "The Rook Bird may be played at any time, even when you can follow the colour led.",
    "red_one": "The red 1 is a trump worth 30, above the Rook Bird; the deck then needs a nest that deals "
               "evenly, such as nest_size=6.",
    "little_rook": "The black 1 becomes the little Rook, a trump second only to the Rook Bird, worth these "
                   "points; 0 is off.",
    "baby_rook": "The red 2 becomes the baby Rook, a trump like the little Rook and just below it, worth these "
                 "points; 0 is off.",
    "counters": "How many points each card is worth, like 5=5,10=10,14=10,rook=20.",
    "nest_size": "How many cards go to the nest; 0 is no nest.",
    "nest_face_up": "How many nest cards lie face up for everyone during the bidding.",
    "nest_deal": "When the nest is dealt: a card after each of the first rounds, or from the last cards dealt.",
    "nest_to": "Who takes the points in the nest: the winner of the last trick, or nobody.",
    "min_bid": "The lowest bid; bids go up in fives.",
    "max_bid": "The highest bid; a bid of it ends the auction at once.",
    "check": "Before any bid, a player may check once instead of bidding.",
    "all_pass": "When everyone passes: the cards are dealt again, or the dealer must take the lowest bid.",
    "misdeal_no_counters": "Before the first bid, a player holding no counters may call a misdeal, and the "
                           "cards are dealt again.",
    "misdeal_no_ten": "Before the first bid, a player holding no card of 10 or higher may call a misdeal.",
    "discard_counters": "Which cards may go into the nest: any; counters only when you hold too few plain "
                        "cards; or counters never, unless you hold too few other cards.",
    "nest_points_told": "Whether the others learn that points went into the nest: never; when a counter had "
                        "to go in; or always.",
    "trump_before_discard": "The bidder names trump before laying cards aside into the nest.",
    "no_trump": "The bidder may name no trump.",
    "partner_calls_trump": "The bidder may let their partner name trump; before the discard it raises the "
                           "bid by 5.",
    "first_lead": "Who leads the first trick: the player left of the dealer, the bidder, the player left of "
                  "the bidder, or the dummy in the two-player game.",
    "trump_broken": "Trump may not be led until someone has played trump on a colour they could not follow.",
    "moon": "Shooting the moon: a bid of moon_bid or more is a moon, scored as moon_made and moon_set say.",
    "moon_bid": "The bid that shoots the moon, and every bid above it; 0 means max_bid.",
    "moon_needs": "What makes a moon: reaching the bid, taking every counter, or taking every trick.",
    "moon_made": "What a made moon scores: these points, the game at once, or hole, which brings a side "
                 "below zero back to 0 and wins the game for a side at 0 or more.",
    "moon_set": "What a failed moon costs: these points, the bid, or the game at once.",
    "moon_alone": "A moon is played alone: the bidder's partner lays their hand down and sits the hand out.",
    "blind_bid_on_rook": "A Rook Bird face up on the nest makes everyone bid without looking at their cards.",
    "last_trick_bonus": "Points for winning the last trick.",
    "most_tricks_bonus": "Points for the side that wins the most tricks.",
    "sweep_bonus": "Points for a side that takes every counter.",
    "hands": "Play this many hands and the highest total wins, whatever the target; 0 is off.",
    "win_on_bid": "A side can reach the target only on a hand it bid and made.",
    "must_trump": "A player who cannot follow the colour led must play trump if they can.",
    "trick_points": "Points for every trick won; they count towards the bid.",
    "rotate_partners": "Four players change partners every this many hands, and each keeps their own "
                       "score; 0 is off.",
    "calls": "With a called partner, how many cards the bidder calls.",
    "tied_partners_win": "Where partners change from hand to hand, partners of the last hand tied at the top "
                         "win together; false: they play another hand.",
    "seats": "The seats, clockwise; it comes with the presets for other numbers of players.",
    "sides": "Who plays with whom: partners, two teams, each alone, the bidder against the rest, a called "
             "partner, or two players and a dummy.",
    "aside": "How many cards are set aside, out of play.",
    "auction": "Whether there is bidding; false is the beginner game, where a card turned up names trump.",
    "dummy_face_up": "How many of the dummy's cards lie face up during the bidding.",
}


def _words(words: tuple[str, ...] | list[str]) -> str:
    """"out, low or high"."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def values_text(key: str) -> str:
    """The values an option takes, as they are typed after ``--option key=``."""
    kind, domain = SPEC[key]
    if kind == "int":
        low, high = domain
        return f"{low} or {high}" if high == low + 1 else f"a number from {low} to {high}"
    if kind == "score":
        words, (low, high) = domain
        return f"a number from {low} to {high}, {_words(list(words))}"
    if kind == "enum":
        return _words(domain)
    if kind == "bool":
        return "true or false"
    if kind == "counters":
        return "card=points, separated by commas"
    return f"seat names, clockwise, separated by commas, from these: {', '.join(SEAT_NAMES)}"  # seats


def typed_value(value: Any) -> str:
    """A value as it is typed after ``--option key=``: true, 5=5,10=10, north,east."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return ",".join(f"{k}={v}" for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return ",".join(str(v) for v in value)
    return str(value)


def option_line(key: str, default: Options, rules: str = DEFAULT_PRESET) -> str:
    """One option: its name, what it does, its values and the setting of the rules ``rules``
    (``default``: their options)."""
    setting = typed_value(default.to_dict()[key])
    return f"{key}: {SENTENCES[key]} Values: {values_text(key)}. {rules.capitalize()}: {setting}."


def option_lines(key: str | None = None, rules: str = DEFAULT_PRESET, options: Options | None = None) -> list[str]:
    """Every option a line, after one line of how to use them; or ``key``'s line alone. Each
    says the setting of the rules ``rules`` (``options``: theirs; the default preset's unless given)."""
    default = load_preset(DEFAULT_PRESET).options if options is None else options
    if key is not None:
        return [option_line(key, default, rules)]
    intro = (f"Every option, what it does, its values and the {rules} rules' setting. Change one "
             "with --option name=value, like rook-access play --option target=500; rook-access rules NAME "
             "says how a preset sets them.")
    return [intro, *(option_line(name, default, rules) for name in SPEC)]
