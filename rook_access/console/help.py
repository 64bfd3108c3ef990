"""Help texts: one line per command, naming its short form and an example.

``help`` lists only the commands the rules in force allow (no check where the preset has none),
so a player never hears about something that would only be refused.
"""

from __future__ import annotations

from ..core import Options
from .parse import SHORT_FORMS

# name -> (what it does, example)
HELP: dict[str, tuple[str, str]] = {
    "hand": ("your cards by colour, or one colour", "hand, or hand red, or h"),
    "trick": ("the cards played to this trick so far", "trick, or t"),
    "last": ("the last trick played; the rules allow only that one", "last, or l"),
    "score": ("the game score and this hand's tricks", "score, or sc"),
    "status": ("hand, contract, trump and whose turn", "status, or st"),
    "legal": ("what you may do now", "legal, or lg"),
    "hint": ("what a strong player would do in your seat, and why", "hint, or hn"),
    "bid": ("bid in the auction; the number alone works too", "bid 80, or 80"),
    "pass": ("pass in the auction; a pass is final for this hand", "pass, or p"),
    "check": ("check instead of bidding, before anyone bids", "check, or ch"),
    "misdeal": ("call a misdeal when you hold no counters, before any bid", "misdeal, or md"),
    "discard": ("lay cards in the nest, several at once", "discard 5g 6g 7x 9y 10y, or d 5g"),
    "trump": ("name trump", "trump red, or tr red, or just red"),
    "notrump": ("name no trump, where the rules allow it", "no trump, or nt"),
    "partner": ("hand the trump call to your partner", "partner, or pa"),
    "call": ("call a partner card you do not hold", "call 14r, or ca 14r"),
    "play": ("play a card; on your turn the card alone works too", "play 14r, or 14r, or red 14"),
    "review": ("once a hand is over, its tricks one line at a time", "review, or review 3, or rv"),
    "rules": ("the rules in force, in plain sentences", "rules, or ru"),
    "repeat": ("say the last lines again", "repeat, or r"),
    "history": ("read back recent announcements, 10 unless you give a number", "history 20, or hi"),
    "verbosity": ("how much is said: brief, normal or full; or a kind on or off: "
                  "bids, plays, tricks, hands", "verbosity brief, or v plays off"),
    "speech": ("where speech goes: auto, screen-reader, tts or off", "speech off, or sp tts"),
    "braille": ("braille labels for cards: off, after the name, or only", "braille after, or br off"),
    "save": ("save the game now; it is also saved after every move", "save, or sv"),
    "quit": ("save and leave; rook-access play --resume goes on later", "quit, or q"),
    "new": ("once a game is over, start another with the same rules", "new, or nw"),
    "help": ("this list, or more on one command", "help, or help discard, or ?"),
}

GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Look", ("hand", "trick", "last", "score", "status", "legal", "hint")),
    ("Act", ("bid", "pass", "check", "misdeal", "discard", "trump", "notrump", "partner", "call", "play")),
    ("Listen", ("review", "rules", "repeat", "history")),
    ("Settings", ("verbosity", "speech", "braille")),
    ("Game", ("save", "quit", "new", "help")),
)


def available(name: str, options: Options) -> bool:
    """Whether ``name`` can ever work under these rules."""
    if name == "check":
        return options.check
    if name == "misdeal":
        return options.misdeal_no_counters
    if name == "notrump":
        return options.no_trump
    if name == "partner":
        return options.partner_calls_trump
    if name == "call":
        return options.sides == "called-partner"
    if name in ("discard",):
        return options.nest_size > 0
    if name == "bid":
        return options.auction
    if name in ("pass",):
        return options.auction
    return True


def spoken_name(name: str) -> str:
    return "no trump" if name == "notrump" else name


def summary_lines(options: Options) -> list[str]:
    lines = ["Commands, short form in brackets. Type help and a command for more."]
    for title, names in GROUPS:
        words = [f"{spoken_name(n)} ({SHORT_FORMS[n][0]})" for n in names if available(n, options)]
        lines.append(f"{title}: {', '.join(words)}.")
    lines.append("On your turn a card alone plays it, a number alone bids it.")
    return lines


def command_lines(name: str) -> list[str]:
    what, example = HELP[name]
    shorts = " or ".join(SHORT_FORMS[name])
    return [f"{spoken_name(name).capitalize()}: {what}.", f"Short: {shorts}. Example: {example}."]
