"""Rule options: every option of rules.md, its domain, and parsing of ``k=v`` overrides.

A preset is a full set of option values (a TOML file); the player may override any single option.
Code branches on these options, never on a preset's name.
"""

from __future__ import annotations

import difflib
from dataclasses import asdict, dataclass, fields, replace
from typing import Any, Literal, get_args

from . import cards as C
from .errors import RuleError
from .text import said_text, shorten, show, whole_number, word_key

# The choices of each enum option, as types: the type checker knows them and SPEC reads them.
Ones = Literal["out", "low", "high"]
LowCards = Literal["out", "fours", "in"]
RookRank = Literal["none", "high", "low", "ten-and-half", "called"]
NestDeal = Literal["rounds", "end"]
NestTo = Literal["last-trick", "none"]
AllPass = Literal["redeal", "dealer-forced"]
DiscardCounters = Literal["allowed", "forced-only", "never"]
NestPointsTold = Literal["never", "forced", "always"]
FirstLead = Literal["left-of-dealer", "bidder", "left-of-bidder", "dummy"]
Moon = Literal["off", "on"]
MoonNeeds = Literal["bid", "points", "tricks"]
Sides = Literal["partners", "teams", "solo", "bidder-vs-rest", "called-partner", "dummy"]

SEAT_NAMES = ("north", "east", "south", "west", "dummy", "northeast", "southeast", "southwest",
              "northwest")

# option -> (kind, domain). kind: int, bool, enum, counters, seats.
SPEC: dict[str, tuple[str, Any]] = {
    "target": ("int", (1, 100000)),
    "ones": ("enum", get_args(Ones)),
    "low_cards": ("enum", get_args(LowCards)),
    "rook": ("enum", get_args(RookRank)),
    "rook_anytime": ("bool", None),
    "red_one": ("bool", None),
    "little_rook": ("int", (0, 1000)),
    "baby_rook": ("int", (0, 1000)),
    "counters": ("counters", None),
    "nest_size": ("int", (0, 20)),
    "nest_face_up": ("int", (0, 20)),
    "nest_deal": ("enum", get_args(NestDeal)),
    "nest_to": ("enum", get_args(NestTo)),
    "min_bid": ("int", (0, 1000)),
    "max_bid": ("int", (0, 1000)),
    "check": ("bool", None),
    "all_pass": ("enum", get_args(AllPass)),
    "misdeal_no_counters": ("bool", None),
    "misdeal_no_ten": ("bool", None),
    "discard_counters": ("enum", get_args(DiscardCounters)),
    "nest_points_told": ("enum", get_args(NestPointsTold)),
    "trump_before_discard": ("bool", None),
    "no_trump": ("bool", None),
    "partner_calls_trump": ("bool", None),
    "first_lead": ("enum", get_args(FirstLead)),
    "trump_broken": ("bool", None),
    "moon": ("enum", get_args(Moon)),
    "moon_bid": ("int", (0, 1000)),
    "moon_needs": ("enum", get_args(MoonNeeds)),
    "moon_made": ("score", (("game", "hole"), (0, 10000))),
    "moon_set": ("score", (("bid", "game"), (0, 10000))),
    "moon_alone": ("bool", None),
    "blind_bid_on_rook": ("bool", None),
    "last_trick_bonus": ("int", (0, 1000)),
    "most_tricks_bonus": ("int", (0, 1000)),
    "sweep_bonus": ("int", (0, 1000)),
    # House rules from the readers' comments (rules.md, House rules).
    "hands": ("int", (0, 1000)),
    "win_on_bid": ("bool", None),
    "must_trump": ("bool", None),
    "trick_points": ("int", (0, 100)),
    "rotate_partners": ("int", (0, 1000)),
    "calls": ("int", (1, 2)),
    "tied_partners_win": ("bool", None),
    # Table shape, beyond rules.md's list: these make every player count data, not code.
    "seats": ("seats", None),
    "sides": ("enum", get_args(Sides)),
    "aside": ("int", (0, 20)),
    "auction": ("bool", None),
    "dummy_face_up": ("int", (0, 20)),
}

# The table's shape (above): a record written to rules.md's list of options leaves it out.
TABLE_SHAPE = ("seats", "sides", "aside", "auction", "dummy_face_up")
COUNTER_KEYS = tuple(str(n) for n in range(1, 15)) + ("rook",)


class Counters(dict[str, int]):
    """The counters table of an ``Options``, which may not be changed: one ``Options`` serves every
    game of a run and every view of it, and a bot that set its view's counters to 0 changed
    every later game's options and record (found by the simulate sweep). A dict still, so it
    compares, copies and writes to JSON and TOML as one."""

    def _refuse(self, *args: Any, **kwargs: Any) -> None:
        raise TypeError("the options' counters may not be changed: make new Options (dataclasses.replace)")

    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = _refuse  # type: ignore[assignment]
    __ior__ = _refuse  # type: ignore[assignment]

    def __reduce__(self) -> tuple[Any, ...]:  # a copy or a pickle is built whole, not item by item
        return (Counters, (dict(self),))


@dataclass(frozen=True)
class Options:
    """Every option, resolved. Field docs are in rules.md's option table."""

    target: int
    ones: Ones
    low_cards: LowCards
    rook: RookRank
    rook_anytime: bool
    red_one: bool
    little_rook: int
    baby_rook: int
    counters: dict[str, int]
    nest_size: int
    nest_face_up: int
    nest_deal: NestDeal
    nest_to: NestTo
    min_bid: int
    max_bid: int
    check: bool
    all_pass: AllPass
    misdeal_no_counters: bool
    misdeal_no_ten: bool
    discard_counters: DiscardCounters
    nest_points_told: NestPointsTold
    trump_before_discard: bool
    no_trump: bool
    partner_calls_trump: bool
    first_lead: FirstLead
    trump_broken: bool
    moon: Moon
    moon_bid: int
    moon_needs: MoonNeeds
    moon_made: int | str
    moon_set: int | str
    moon_alone: bool
    blind_bid_on_rook: bool
    last_trick_bonus: int
    most_tricks_bonus: int
    sweep_bonus: int
    hands: int
    win_on_bid: bool
    must_trump: bool
    trick_points: int
    rotate_partners: int
    calls: int
    tied_partners_win: bool
    seats: tuple[str, ...]
    sides: Sides
    aside: int
    auction: bool
    dummy_face_up: int

    def __post_init__(self) -> None:
        if not isinstance(self.counters, Counters):
            object.__setattr__(self, "counters", Counters(self.counters))

    @property
    def moon_bid_amount(self) -> int:
        """The bid that shoots the moon (with ``moon=on``): ``moon_bid``, or 0 for ``max_bid``."""
        return self.moon_bid or self.max_bid

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["seats"] = list(self.seats)
        data["counters"] = dict(self.counters)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Options:
        if not isinstance(data, dict):
            raise RuleError("the options must be names with their values")
        names = {f.name for f in fields(cls)}
        data = with_added_defaults(data)
        missing = names - set(data)
        if missing:
            raise RuleError(f"options are missing {', '.join(sorted(missing))}")
        unknown = set(data) - names
        if unknown:
            raise RuleError(unknown_option_message(sorted(unknown)[0]))
        values = {k: check_value(k, data[k]) for k in names}
        options = cls(**values)
        validate(options)
        return options

    def with_overrides(self, overrides: dict[str, Any]) -> Options:
        data = self.to_dict()
        for key, value in overrides.items():
            if key not in SPEC:
                raise RuleError(unknown_option_message(key))
            data[key] = value
        for key, value in overrides.items():
            for follower, follows, replaced in FOLLOWERS.get(key, ()):
                if follower not in overrides and value in follows and (replaced is None or data[follower] in replaced):
                    data[follower] = follows[value]
        options = Options.from_dict(data)
        try:
            check_moon_reachable(options)
        except RuleError:
            try:
                check_moon_reachable(self)
            except RuleError:  # so before these changes (a family's file as saved): it plays as alone
                return options
            raise
        return options


def without_effect(o: Options, key: str) -> str | None:
    """Why option ``key`` can change nothing under the others as they are (said beside it where
    the rules are told, so a family's choice that does nothing is not taken for a rule), or None."""
    no_auction = not o.auction
    if key in ("target", "win_on_bid") and o.hands:
        return "a fixed number of hands decides the game"
    if key in ("check", "misdeal_no_counters", "misdeal_no_ten", "all_pass", "moon", "min_bid", "max_bid",
               "no_trump", "nest_face_up", "blind_bid_on_rook") and no_auction:
        return "there is no auction"
    if key in ("discard_counters", "nest_points_told", "trump_before_discard") and (no_auction or not o.nest_size):
        return "there is no nest exchange"
    if key == "nest_to" and not o.nest_size:  # without an auction the nest is still captured
        return "there is no nest"
    if key == "partner_calls_trump" and no_auction:
        return "there is no auction"
    if key == "blind_bid_on_rook" and (not o.nest_face_up or o.rook == "none"):
        return "no Rook Bird is ever face up on the nest"
    if key.startswith("moon_") and o.moon == "off":
        return "there is no moon"
    if key == "rook_anytime" and o.rook == "none":
        return "there is no Rook Bird"
    if key == "dummy_face_up" and o.sides != "dummy":
        return "there is no dummy"
    if key == "tied_partners_win" and not sides_change(o):
        return _why_no_tied_partners(o)
    return None


def _why_no_tied_partners(o: Options) -> str:
    """Why no partners can tie at the top: two-player's sides change with every bid, but the dummy
    keeps no score, so it is never that the sides stay as they are."""
    if o.sides == "dummy":
        return "the dummy scores nothing, so no two players are ever partners"
    return "the sides do not change from hand to hand"


def changed_keys(o: Options, base: Options, idle: bool = True) -> list[str]:
    """The options of ``o`` that differ from ``base``, in the options' order; without ``idle``,
    only those that do something beside the others (``without_effect``). The rules text, the
    game's opening and a family's description each say them in their own words."""
    before = base.to_dict()
    return [key for key, value in o.to_dict().items()
            if before[key] != value and (idle or without_effect(o, key) is None)]


def sides_change(o: Options) -> bool:
    """Whether each player keeps their own score while the sides change from hand to hand (a
    called partner, the others against a lone bidder, rotating partners): only there can two
    seats tie at the top as partners of the last hand (``tied_partners_win``)."""
    return bool(o.rotate_partners) or o.sides in ("called-partner", "bidder-vs-rest")


def check_moon_reachable(o: Options) -> None:
    """Refuse a moon bid no hand can make (``moon_needs=bid`` beyond every point and bonus a hand
    holds), for rules being chosen. Not for rules read back from a save, a record or a deal
    (``from_dict``): a game begun before this check came keeps its rules and plays on."""
    if o.moon != "on" or o.moon_needs != "bid" or not o.auction:
        return
    from .deck import DeckInfo  # deck depends on options; imported here to avoid a cycle

    deck = DeckInfo.build(o)
    tricks = _tricks_a_hand(o, deck.mask.bit_count())
    most = deck.total + o.last_trick_bonus + o.most_tricks_bonus + o.sweep_bonus + o.trick_points * tricks
    if o.moon_bid_amount > most:
        raise RuleError(f"a moon bid of {o.moon_bid_amount} needs {o.moon_bid_amount} points, more than a hand "
                        f"holds (at most {most}), so no moon could be made: lower "
                        f"{'moon_bid' if o.moon_bid else 'max_bid'} to {most // 5 * 5} or less")


# An override of the first option also sets another, unless that one is given too (rules.md):
# a low, ten-and-half or called Rook must follow suit (the encyclopedia: "the player with the
# Rook card may not play it anytime"), and where counters may be buried only when forced,
# everyone is told when they were.
FOLLOWERS: dict[str, tuple[tuple[str, dict[Any, Any], frozenset[Any] | None], ...]] = {
    "rook": (("rook_anytime", {"low": False, "ten-and-half": False, "called": False}, None),),
    # forced is the default with forced-only (rules.md), and means nothing once counters go
    # freely: kentucky-west with discard_counters=allowed alone was refused (found by the rules
    # sweep). A preset's always is its own and stays.
    "discard_counters": (("nest_points_told", {"forced-only": "forced"}, frozenset({"never"})),
                         ("nest_points_told", {"allowed": "never"}, frozenset({"forced"}))),
}


def _nest_points_told_default(data: dict[str, Any]) -> str:
    """rules.md: ``forced`` is the default where ``discard_counters=forced-only``, else ``never``."""
    return "forced" if data.get("discard_counters") == "forced-only" else "never"


# The moon georgia plays: rook-record/1 (rules.md) knows this one as moon="georgia", "a bid of
# 180" (georgia's max_bid: moon_bid 0).
GEORGIA_MOON: dict[str, Any] = {"moon_bid": 0, "moon_needs": "bid", "moon_made": 500, "moon_set": "bid",
                                "moon_alone": False}
GEORGIA_MOON_BID = 180


def record_options(options: Options) -> dict[str, Any]:
    """The options as a record's ``game`` line writes them. rook-record/1 is a public interface
    whose options are rules.md's, where ``moon`` is ``off`` or ``georgia``: georgia's moon is
    written so, and only a moon set otherwise (a family's) as ``on``, with its settings beside it:
    one shot by a bid other than 180 too, where max_bid was changed ("georgia" told a reader of
    rules.md that a made 175 scored its count, where it scored 500: the moon sweep)."""
    data = options.to_dict()
    if data["moon"] == "on" and all(data[key] == value for key, value in GEORGIA_MOON.items()) \
            and options.moon_bid_amount == GEORGIA_MOON_BID:
        data["moon"] = "georgia"
    return data


# Options added after saves and records began: a save or record written before an option existed
# reads it as the value rules.md gives by default, so old files keep their meaning.
ADDED_DEFAULTS: dict[str, Any] = {
    "nest_points_told": _nest_points_told_default,
    "hands": 0,
    "win_on_bid": False,
    "must_trump": False,
    "trick_points": 0,
    "misdeal_no_ten": False,
    "little_rook": 0,
    "baby_rook": 0,
    "rotate_partners": 0,
    "calls": 1,
    "nest_deal": "rounds",
    # Before it was an option (fd69ded, session 34) partners of the last hand tied at the top
    # played another hand: a game saved or recorded then plays on past such a tie, as it did.
    "tied_partners_win": False,
    # The moon's settings as georgia played it before they were options (moon="georgia").
    **GEORGIA_MOON,
}

# A file that lacks an option may have been written while its rule stood without one: partners
# tied at the top won together from fd69ded until the option came (60acad3, both 29 November
# 2026). Such a file is read with its ADDED_DEFAULTS value first, and with this one only when the
# core refuses it so and accepts it so (store.verify): the file's own moves decide.
ADDED_ALTERNATIVES: dict[str, Any] = {"tied_partners_win": True}


def with_added_defaults(data: dict[str, Any]) -> dict[str, Any]:
    if not isinstance(data, dict) or all(k in data for k in ADDED_DEFAULTS):
        return data
    filled = dict(data)
    for key, default in ADDED_DEFAULTS.items():
        if key not in filled:
            filled[key] = default(data) if callable(default) else default
    return filled


def unknown_option_message(key: str) -> str:
    """The refusal of an option name: the names closest to it (a list of all 47 ran to 700
    characters, too long to hear), and where each option is explained."""
    word = str(key).lower()
    close = [name for name in SPEC if word and word in name] + difflib.get_close_matches(word, list(SPEC), cutoff=0.5)
    close = list(dict.fromkeys(close))[:3]
    hint = f"did you mean {' or '.join(close)}? " if close else ""
    # The command, not docs/rules.md: an installed game has no docs (the shell-commands sweep of session 38).
    return f"unknown option {shorten(str(key))!r}: {hint}rook-access rules --options lists every option"


def check_value(key: str, value: Any) -> Any:
    """Check (and normalise) a value already typed, e.g. from TOML or JSON."""
    kind, domain = SPEC[key]
    if key == "moon" and value == "georgia":
        value = "on"  # files written before the moon's settings were options; the settings default to georgia's
    if kind == "score":
        words, (low, high) = domain
        if value in words or (isinstance(value, int) and not isinstance(value, bool) and low <= value <= high):
            return value
        raise RuleError(f"option {key}={said_text(value)} is not allowed: use a number of points {low} to {high}, "
                        f"or {' or '.join(words)}")
    if kind == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            raise RuleError(f"option {key} must be a whole number, not {show(value)}")
        low, high = domain
        if not low <= value <= high:
            raise RuleError(f"option {key}={show(value)} is out of range: use {low} to {high}")
        return value
    if kind == "bool":
        if not isinstance(value, bool):
            raise RuleError(f"option {key} must be true or false, not {show(value)}")
        return value
    if kind == "enum":
        if value not in domain:
            raise RuleError(f"option {key}={said_text(value)} is not allowed: use one of {', '.join(domain)}")
        return value
    if kind == "counters":
        if not isinstance(value, dict):
            raise RuleError("option counters must be a table like 5=5,10=10,14=10,rook=20")
        table: dict[str, int] = {}
        for k, v in value.items():
            k = str(k)
            if k not in COUNTER_KEYS:
                raise RuleError(
                    f"counters: {shorten(k)!r} is not a card number: use 1 to 14 or rook, like 5=5,rook=20"
                )
            if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= 1000:
                raise RuleError(f"counters: the value of {k} must be a whole number 0 to 1000")
            table[k] = v
        return table
    if kind == "seats":
        if not isinstance(value, list | tuple) or not all(isinstance(s, str) for s in value):
            raise RuleError("option seats must be a list of seat names, like north,east,south,west")
        seats = tuple(value)
        if not 2 <= len(seats) <= 6 or len(set(seats)) != len(seats):
            raise RuleError("option seats must list 2 to 6 different seat names, clockwise")
        for seat in seats:
            if seat not in SEAT_NAMES:
                raise RuleError(f"seat {shorten(str(seat))!r} is unknown: use {', '.join(SEAT_NAMES)}")
        return seats
    raise AssertionError(kind)


_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


def parse_overrides(texts: list[str]) -> dict[str, Any]:
    """Every ``--option k=v`` of one command, for every command that reads them (play, rules,
    simulate, table). One option given twice with different values is refused: the last was
    played unsaid, and a saved family's description listed both (the family-rules sweep of
    session 34). Given twice alike, it is the same choice."""
    parsed: dict[str, Any] = {}
    typed: dict[str, str] = {}
    for text in texts:
        key, value = parse_override(text)
        raw = text.split("=", 1)[1].strip()
        if key in parsed and parsed[key] != value:
            raise RuleError(f"{key} is given twice, {shorten(typed[key])} and {shorten(raw)}: give it once")
        parsed[key], typed[key] = value, raw
    return parsed


def option_name(typed: str) -> str:
    """An option's name as typed, read as values and preset names are, case-blind with spaces or
    dashes for underscores: "Must_Trump" was refused while "True" was taken (left out by session
    34), and "must trump" is how a voice reads it."""
    return word_key(typed).strip("-").replace("-", "_")  # read as an option's word is, with its underscores


def parse_override(text: str) -> tuple[str, Any]:
    """Parse one ``--option k=v`` as typed on the command line."""
    if "=" not in text:
        raise RuleError(f"option {shorten(text)!r} needs a value: write it as name=value, like target=500")
    key, raw = (part.strip() for part in text.split("=", 1))
    key = option_name(key)
    if key not in SPEC:
        raise RuleError(unknown_option_message(key))
    kind, domain = SPEC[key]
    value: Any
    if kind == "int":
        value = whole_number(raw, signed=True)
        if value is None:
            low, high = domain
            raise RuleError(f"option {key} must be a whole number {low} to {high}, not {shorten(raw)!r}")
    elif kind == "bool":
        if raw.lower() in _TRUE:
            value = True
        elif raw.lower() in _FALSE:
            value = False
        else:
            raise RuleError(f"option {key} must be true or false, not {shorten(raw)!r}")
    elif kind == "counters":
        value = {}
        for item in filter(None, (p.strip() for p in raw.split(","))):
            if "=" not in item:
                raise RuleError("counters: write each card as number=points, like 5=5,rook=20")
            k, v = item.split("=", 1)
            points = whole_number(v, signed=True)
            if points is None:
                raise RuleError(f"counters: {shorten(v.strip())!r} is not a whole number")
            value[k.strip().lower()] = points
    elif kind == "seats":
        value = [s.strip().lower() for s in raw.split(",") if s.strip()]
    elif kind == "score":  # a number of points, or a word (game, hole) the check names
        number = whole_number(raw, signed=True)
        value = word_key(raw) if number is None else number
    else:  # an enum's word, case-blind with spaces for dashes: rook=Low and rook=ten and half were
        value = word_key(raw)  # refused where Target=250 was read (the settings sweep of session 38)
    return key, check_value(key, value)


def read_table(table: dict[str, Any]) -> dict[str, Any]:
    """A file's table of options read as ``--option`` reads them: names in any case, with spaces
    or dashes (``option_name``), and words in any case (``parse_override``); numbers, true and
    false, lists and tables as written. A family's file refused rook = "Low", must_trump = "Yes"
    and Must-Trump = true, which --option takes (the re-check of session 38); a value valid as
    written keeps its meaning. A name no option has is left as written, for the refusal to say."""
    read: dict[str, Any] = {}
    written: dict[str, str] = {}
    for typed, value in table.items():
        key = option_name(typed) if option_name(typed) in SPEC else typed
        if key in read:
            raise RuleError(f"option {key} is written twice, as {written[key]} and {typed}: keep one")
        read[key] = _read_word(key, value) if isinstance(value, str) and key in SPEC else _read_names(key, value)
        written[key] = typed
    return read


def _read_names(key: str, value: Any) -> Any:
    """A file's list of seats or table of counters with their names read as ``--option`` reads
    them, in any case: seats = ["North", ...] and counters = {"Rook" = 20} were refused where
    --option took them (the re-check of session 39). Anything else as written, for the check."""
    if key == "seats" and isinstance(value, list):
        return [seat.strip().lower() if isinstance(seat, str) else seat for seat in value]
    if key != "counters" or not isinstance(value, dict):
        return value
    read: dict[str, Any] = {}
    written: dict[str, str] = {}
    for typed, points in value.items():
        card = str(typed).strip().lower()
        if card in read:
            raise RuleError(f"counters: {card} is written twice, as {shorten(written[card])} and "
                            f"{shorten(str(typed))}: keep one")
        read[card], written[card] = points, str(typed)
    return read


def _read_word(key: str, value: str) -> Any:
    """A file's text value of option ``key`` as ``--option`` reads it; one refused is refused
    as the file writes it ('not "abc"')."""
    try:
        return parse_override(f"{key}={value}")[1]
    except RuleError:
        return check_value(key, value)


def _valid(o: Options, **changes: Any) -> bool:
    """Whether ``o`` with ``changes`` passes ``validate``: advice names only what would work."""
    try:
        for key, value in changes.items():
            check_value(key, value)  # its own range too (nest_size=21 was advised, then refused)
        validate(replace(o, **changes))
    except RuleError:
        return False
    return True


def validate(o: Options) -> None:
    """Checks between options: each one may be valid alone and still clash with another."""
    from .deck import DeckInfo  # deck depends on options; imported here to avoid a cycle

    if o.min_bid % 5 or o.max_bid % 5:
        raise RuleError(f"bids go in fives: min_bid={o.min_bid} and max_bid={o.max_bid} must be multiples of 5")
    if o.auction and o.min_bid > o.max_bid:
        raise RuleError(f"min_bid={o.min_bid} is above max_bid={o.max_bid}")
    if o.nest_face_up > o.nest_size:
        raise RuleError(f"nest_face_up={o.nest_face_up} is more than the nest of {o.nest_size}")
    if o.sides == "partners" and (len(o.seats) % 2 or len(o.seats) < 4):
        raise RuleError(f"partners need an even number of seats, at least 4 (two sides), not {len(o.seats)}")
    if o.sides == "teams" and (len(o.seats) % 2 or len(o.seats) < 4):
        raise RuleError(f"two teams seated alternately need an even number of seats, 4 or 6, not {len(o.seats)}")
    if o.rotate_partners and (o.sides != "partners" or len(o.seats) != 4):
        raise RuleError("rotate_partners needs four players in partnerships (sides=partners): each then "
                        "partners each of the others in turn")
    if o.calls > 1 and o.sides != "called-partner":
        raise RuleError(f"calls={o.calls} needs a called partner (sides=called-partner): the bidder calls "
                        "partner cards")
    if o.sides == "dummy" and (len(o.seats) != 3 or "dummy" not in o.seats):
        raise RuleError("a dummy game needs three seats, two players and one named dummy, like "
                        "seats=south,dummy,north")
    if o.sides == "called-partner" and len(o.seats) < 4:
        raise RuleError(f"a called partner needs at least 4 seats, so that someone is left to play against, "
                        f"not {len(o.seats)}")
    if o.nest_points_told == "forced" and o.discard_counters == "allowed":
        raise RuleError("nest_points_told=forced tells everyone when a counter had to go into the nest, and with "
                        "discard_counters=allowed none ever has to: give nest_points_told=never or always, or "
                        "discard_counters=forced-only or never")
    if o.first_lead in ("bidder", "left-of-bidder") and not o.auction:
        raise RuleError(f"first_lead={o.first_lead} needs an auction: without one there is no bidder")
    if o.first_lead == "dummy" and o.sides != "dummy":
        raise RuleError("first_lead=dummy needs sides=dummy")
    if o.partner_calls_trump and o.sides != "partners":
        raise RuleError(_one_partner_refusal(o, "partner_calls_trump", "the bidder lets its partner name trump"))
    if o.rook == "called" and not o.auction:
        raise RuleError("rook=called needs an auction: the player who names trump calls the Rook Bird high or low")
    if o.win_on_bid and not o.auction:
        raise RuleError("win_on_bid needs an auction: without one nobody bids and makes a hand")
    if o.moon == "on":
        _validate_moon(o)
    elif o.moon_alone:
        raise RuleError("moon_alone needs moon=on: a moon is what the bidder plays alone")
    deck = DeckInfo.build(o)
    special = deck.special.bit_count()  # the Rook Bird and other colourless trumps in the deck
    if not o.auction and o.nest_size <= special:
        names = [f"the {n if n == 'Rook Bird' else n[0].lower() + n[1:]}"
                 for n in (C.name(card, deck.special) for card in C.cards_in(deck.special))]
        passed = f", passing over {' and '.join(names)}" if names else ""
        raise RuleError(f"a game without an auction turns up a nest card for trump{passed}: nest_size must be at "
                        f"least {special + 1}, so a card with a colour is always there")
    cards = deck.mask.bit_count()
    dealt = cards - o.nest_size - o.aside
    players = len(o.seats)
    if dealt <= 0 or dealt % players:
        fits = [n for n in range(cards - o.aside) if (cards - n - o.aside) % players == 0 and _valid(o, nest_size=n)]
        near = sorted(sorted(fits, key=lambda n: abs(n - o.nest_size))[:2])
        raise RuleError(
            f"the deck has {cards} cards; less a nest of {o.nest_size} and {o.aside} aside, "
            f"{dealt} cannot be dealt evenly to {players} seats"
            + (f": nest_size={' or nest_size='.join(map(str, near))} would deal evenly" if near else "")
        )
    if o.sides == "dummy" and o.dummy_face_up > dealt // players:
        raise RuleError(f"dummy_face_up={o.dummy_face_up} is more than the dummy's {dealt // players} cards")
    check_game_can_end(o)


def _tricks_a_hand(o: Options, cards: int) -> int:
    """Tricks in a hand of a deck of ``cards``: each seat's cards, the nest and any aside apart."""
    return (cards - o.nest_size - o.aside) // len(o.seats)


def check_game_can_end(o: Options) -> None:
    """Refuse options under which no game could end: a game ends only when a side reaches the
    target, so some points must surely be in play each hand, and (with an auction) the lowest bid
    must be one those points can make; else every contract is set and every total falls for ever.
    "Surely": the cards set aside (``aside``) could be the counters worth most."""
    from .deck import DeckInfo  # deck depends on options; imported here to avoid a cycle

    if o.hands:
        return  # a fixed number of hands: the game ends after them, whatever the points
    deck = DeckInfo.build(o)
    values = sorted((deck.points[c] for c in range(len(deck.points)) if deck.mask >> c & 1), reverse=True)
    sure = sum(values[o.aside:])
    # Sure every hand: the last trick's bonus and each trick's points. A sweep is rare and most
    # tricks may be tied, so those bonuses are not.
    tricks = _tricks_a_hand(o, len(values))
    bonuses = o.last_trick_bonus + o.trick_points * tricks
    aside = (f" (with {o.aside} cards set aside, which may be the counters)"
             if o.aside and sum(values[: o.aside]) else "")
    if sure + bonuses <= 0:
        fix = "set fewer cards aside" if aside else ("give counters points, like counters=5=5,10=10,14=10,rook=20, "
                                                     "or set a bonus")
        raise RuleError(f"no points are sure to be in play in a hand{aside}, so no one could reach the target "
                        f"of {o.target} and the game would never end: {fix}")
    if o.auction and o.min_bid > sure + bonuses:
        raise RuleError(f"min_bid={o.min_bid} is more than the {sure + bonuses} points a hand is sure to hold"
                        f"{aside}, so a contract might never be made and the game never end: lower min_bid"
                        f"{' or set fewer cards aside' if aside else ''}")


def _validate_moon(o: Options) -> None:
    """The moon needs an auction, a moon bid the auction allows, and for a game won or lost at
    once, two sides to win it."""
    from .seats import game_groups  # seats depends on options

    if not o.auction:
        raise RuleError("moon needs an auction: the moon is a bid")
    if o.moon_alone and o.sides != "partners":
        raise RuleError(_one_partner_refusal(o, "moon_alone", "the bidder's partner sits the moon out"))
    if o.moon_bid and (o.moon_bid % 5 or not o.min_bid <= o.moon_bid <= o.max_bid):
        raise RuleError(f"moon_bid={o.moon_bid} must be a bid in fives from min_bid={o.min_bid} to "
                        f"max_bid={o.max_bid}, or 0 for max_bid")
    groups = len(game_groups(o))
    if {"game", "hole"} & {o.moon_made, o.moon_set} and groups != 2:
        raise RuleError(_moon_sides_refusal(o, groups))


_COUNT_WORDS = {2: "two", 3: "three"}


def _one_partner_refusal(o: Options, key: str, why: str) -> str:
    """An option about the bidder's one partner, refused for sides other than partners: what it
    needs, why, and what these sides have instead. "needs fixed partners (sides=partners)" was
    said to six-teams, whose teams of three are fixed too (the presets sweep of session 37)."""
    size = len(o.seats) // 2
    if o.sides == "teams" and size > 2:
        cause = (f"in teams of {_COUNT_WORDS.get(size, str(size))} (sides=teams) the bidder has "
                 f"{_COUNT_WORDS.get(size - 1, str(size - 1))} partners, not one")
    elif o.sides == "teams":
        cause = "sides=teams makes the same two sides without naming each player's partner"
    else:
        cause = f"with sides={o.sides} the bidder has no partner fixed before the hand"
    return f"{key} needs one partner for each player (sides=partners): {why}; {cause}"


def _moon_sides_refusal(o: Options, groups: int) -> str:
    """A moon that wins or loses the game at once refused for the sides as they are: the cause
    and what would work. "need two sides that win or lose together" named neither, so a family
    with rotating partners was left to find both (the family-rules sweep of session 34)."""
    given = [f"{key}={getattr(o, key)}" for key in ("moon_made", "moon_set") if getattr(o, key) in ("game", "hole")]
    alone = "each player keeps their own score"
    if o.rotate_partners:
        cause = f"with rotate_partners={o.rotate_partners} {alone}"
    elif o.sides in ("partners", "teams"):
        cause = f"with {len(o.seats)} players in partnerships there are {groups} sides, not two"
    else:
        cause = f"with sides={o.sides} {alone}"
    fixes = [fix for key, fix in (("moon_made", "moon_made a number of points, like moon_made=300"),
                                  ("moon_set", "moon_set a number of points or bid, like moon_set=bid"))
             if getattr(o, key) in ("game", "hole")]
    rotate = ", or leave rotate_partners out" if o.rotate_partners else ""
    return (f"{' and '.join(given)} {'needs' if len(given) == 1 else 'need'} two sides that win or lose the game "
            f"together: {cause}; give {' and '.join(fixes)}{rotate}")
