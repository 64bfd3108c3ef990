"""Every console command in one table: its short forms, what its argument looks like, its group
and help text, whether the rules in force allow it (and the refusal when they do not), and its
handler. The parser reads the short forms and argument shapes, ``help`` the texts, groups and
availability, and ``execute`` the availability, refusals and handlers, so a command is declared
once.

Handlers are written in ``commands.py`` next to each other and attach themselves here with
``@handles(name)``; ``execute`` there runs them. Besides the named commands, the parser yields
the bare kinds in ``BARE`` (a card, several cards, a number, a colour, a blank line), which have
handlers but no help.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Literal

from ..core import Options

if TYPE_CHECKING:
    from .commands import Preferences, Reply
    from .parse import Command
    from .session import Session

    Handler = Callable[[Session, Command, Preferences], Reply]

# What the parser expects after the command word:
# none: nothing ("pass 80" is refused); words: free words the command checks itself;
# bid: a number; colour: a trump colour or no trump, or nothing (then the command answers what
# trump is, outside the trump call); hand: nothing, a colour or "trump";
# card: one card; cards: one card or more; count: nothing or a whole number.
Argument = Literal["none", "words", "bid", "colour", "hand", "card", "cards", "count"]

BARE = ("card", "cards", "number", "colour", "blank")


def _always(options: Options) -> bool:
    return True


@dataclass(frozen=True)
class CommandSpec:
    """One command. ``available`` says whether it can ever work under the rules in force;
    ``refusal`` is the line said when it cannot (None: the handler decides what to say)."""

    name: str
    shorts: tuple[str, ...]
    group: str
    what: str
    example: str
    argument: Argument = "none"
    available: Callable[[Options], bool] = _always
    refusal: str | None = None
    # Whole lines that mean this command, as players say them ("whose turn").
    phrases: tuple[str, ...] = ()
    # Where it works: ``play`` (a game on screen) and ``table`` (rook-access table, real cards).
    modes: tuple[str, ...] = ("play", "table")

    @property
    def spoken(self) -> str:
        """The name as said and typed: ``notrump`` is "no trump", ``nopoints`` "no points"."""
        return {"notrump": "no trump", "nopoints": "no points"}.get(self.name, self.name)


NO_AUCTION = "These rules have no auction."

# In the order ``help`` lists them, group by group.
SPECS: tuple[CommandSpec, ...] = (
    CommandSpec("hand", ("h",), "Your cards", "your cards by colour (and a dummy's face-up cards), or one "
                "colour, or the dummy's, or one colour of the dummy's",
                "hand, or hand red, or hand dummy, or dummy red, or h", argument="hand",
                phrases=("my hand", "my cards", "show hand", "show my hand", "show my cards", "what do i have",
                         "what do i hold", "what cards do i have", "what cards do i hold")),
    CommandSpec("legal", ("lg", "what"), "Your cards", "what you may do now", "legal, or lg",
                phrases=("what can i bid", "what may i bid", "what can i play", "what may i play", "what can i lead",
                         "what can i discard", "what can i do", "what may i do", "what can i name")),
    CommandSpec("hint", ("hn",), "Your cards", "what a strong player would do in your seat, and why", "hint, or hn",
                modes=("play",)),
    CommandSpec("out", ("ou",), "Your cards", "the cards not yet played and not yours, or one colour; only with "
                "counting on", "out, or out red, or out trump", argument="hand",
                phrases=("what is left", "what's left", "whats left", "what is still out", "what's still out")),
    CommandSpec("trick", ("t",), "The table", "the cards played to this trick so far", "trick, or t",
                phrases=("who is winning", "who's winning", "whos winning", "who is winning the trick",
                         "who's winning the trick", "what was played", "what has been played", "who led",
                         "what was led", "what is led", "what's led", "what has been led",
                         "which cards have been played", "what cards have been played")),
    CommandSpec("last", ("l",), "The table", "the last trick played; the rules allow only that one", "last, or l",
                # "who won" just after a trick means that trick; once the game is over, last says
                # who won the game too (the re-check of session 35).
                phrases=("last trick", "the last trick", "who won the last trick", "who took the last trick",
                         "who won", "who won the trick", "who won that trick", "who won this trick", "who won that",
                         "who won it", "who won that one", "who took it", "who took that", "who took that one",
                         "who took the trick", "who took that trick", "who took this trick")),
    CommandSpec("seat", ("sa",), "The table", "what one player has bid this hand, played to this trick and the "
                "last, and how many cards they hold", "seat north, or how many cards does north have",
                argument="words"),
    CommandSpec("turn", ("tu", "who", "whose", "next"), "The table", "whose turn it is, and to do what",
                "whose turn, or who", phrases=("whose turn", "whose turn is it", "who's turn", "whos turn",
                                               "who is next", "who's next", "whose go", "who plays",
                                               "whose lead", "whose lead is it", "who leads")),
    CommandSpec("taken", ("tk", "tricks"), "The table", "the tricks and points each player has taken this hand",
                "taken, or tricks"),
    CommandSpec("nest", ("ns",), "The table", "what you know of the nest: its size, who took it, a card face up "
                "on it, and, if you took it, what you took and laid aside", "nest, or ns",
                available=lambda o: o.nest_size > 0, refusal="These rules have no nest.",
                phrases=("what is in the nest", "what's in the nest", "whats in the nest", "the nest")),
    CommandSpec("score", ("sc",), "Score", "the game score and this hand's tricks", "score, or sc",
                # Score names the winners first once the game is over (the re-check of session 35);
                # during a game, who is ahead. "who won the hand" is the last hand's result (parse).
                phrases=("what is the score", "what's the score", "whats the score", "who won the game",
                         "who has won", "who is the winner", "who's the winner", "whos the winner", "winner",
                         "the winner", "who is winning the game", "who's winning the game", "who is ahead",
                         "who's ahead", "whos ahead")),
    CommandSpec("status", ("st",), "Score", "hand, contract, trump, a card face up on the nest, and whose "
                "turn", "status, or st"),
    CommandSpec("contract", ("co",), "Score", "the bid that won and who holds it, or the high bid so far",
                "contract, or co", phrases=("what is the contract", "what's the contract", "who has the bid", "who bid",
                                           "who won the bid", "who took the bid",
                                           "who won the auction", "who won the contract", "what was the bid",
                                           "what is the bid", "what's the bid", "what has been bid")),
    CommandSpec("bid", ("bi",), "Act", "bid in the auction; the number alone works too", "bid 80, or 80",
                argument="bid", available=lambda o: o.auction, refusal=NO_AUCTION),
    CommandSpec("pass", ("p",), "Act", "pass in the auction; a pass is final for this hand", "pass, or p",
                available=lambda o: o.auction, refusal=NO_AUCTION, phrases=("no bid",)),
    CommandSpec("check", ("ch",), "Act", "check instead of bidding, before anyone bids", "check, or ch",
                available=lambda o: o.check, refusal="These rules have no check."),
    CommandSpec("misdeal", ("md",), "Act",
                "call a misdeal when you hold no counters (or, by a house rule, no card of 10 or higher), "
                "before any bid",
                "misdeal, or md", available=lambda o: o.misdeal_no_counters or o.misdeal_no_ten,
                refusal="These rules have no misdeal call.", phrases=("call a misdeal",)),
    CommandSpec("discard", ("d",), "Act", "lay cards in the nest, several at once",
                "discard 5g 6g 7x 9y 10y, or d 5g", argument="cards",
                available=lambda o: o.auction and o.nest_size > 0,
                refusal="These rules have no nest exchange, so nothing is discarded."),
    # Without an auction nobody takes the nest or names trump: a nest card is turned up for it.
    # ``trump`` alone asks what trump is (answered in every game); with a colour it names trump.
    # "name red trump": the hint's words (and a player's) for the call.
    CommandSpec("trump", ("tr", "name"), "Act", "name trump; alone, say what trump is", "trump red, or tr red, or "
                "name red trump, or just red; trump alone", argument="colour",
                phrases=("what is trump", "what's trump", "whats trump", "is trump broken", "is trump broken yet",
                         "has trump been broken")),
    # No refusal of its own: the core's sentence names the colours that work.
    CommandSpec("notrump", ("nt",), "Act", "name no trump, where the rules allow it", "no trump, or nt",
                available=lambda o: o.auction and o.no_trump),
    CommandSpec("partner", ("pa",), "Act", "hand the trump call to your partner", "partner, or pa",
                available=lambda o: o.partner_calls_trump,
                phrases=("let your partner name trump", "let my partner name trump", "let partner name trump"),
                refusal="These rules do not let the bidder hand the trump call to a partner; to hear who your "
                        "partner is, ask who is my partner."),
    CommandSpec("call", ("ca",), "Act", "call a partner card you do not hold", "call 14r, or ca 14r",
                argument="card", available=lambda o: o.sides == "called-partner",
                refusal="These rules have no partner card to call."),
    # "lead 13 black", as the prompt says "Your lead" (the first-hour sweep of session 32).
    CommandSpec("play", ("pl", "lead"), "Act", "play a card, or lead it; on your turn the card alone works too",
                "play 14r, or lead 14r, or 14r, or red 14", argument="card"),
    CommandSpec("review", ("rv",), "Listen", "once a hand is over, its tricks one line at a time",
                "review, or review 3, or rv", argument="count"),
    CommandSpec("rules", ("ru",), "Listen", "the rules in force, in plain sentences; with a word, those that "
                "speak of it", "rules, or rules nest, or ru trump", argument="words"),
    CommandSpec("repeat", ("r",), "Listen", "say the last game announcement again (while trump "
                "is being named, r names red, though not at your own call with no red in your hand: type "
                "repeat there)", "repeat, or r",
                phrases=("say again", "say that again", "what happened")),
    CommandSpec("reread", ("rr",), "Listen", "say the answer to your last command again", "reread, or rr"),
    CommandSpec("history", ("hi",), "Listen", "read back recent announcements, 10 unless you give a number",
                "history 20, or hi", argument="count", phrases=("what was said", "what has been said")),
    CommandSpec("verbosity", ("v",), "Settings", "how much is said: brief, normal or full; or a kind on or "
                "off: bids, plays, tricks, hands", "verbosity brief, or v plays off", argument="words"),
    CommandSpec("speech", ("sp",), "Settings", "where speech goes: auto, screen-reader, tts or off",
                "speech off, or sp tts", argument="words"),
    CommandSpec("braille", ("br",), "Settings", "braille labels for cards: off, after the name, or only; "
                "the label style as your embossed deck has it: rook (the Rook Bird's label), black x or b, "
                "indicator on or off", "braille after, or br off, or braille rook bird", argument="words"),
    CommandSpec("speak", ("sk",), "Settings", "which kinds of lines the voice says: a kind (bids, plays, "
                "tricks, hands, nest, replies, prompts) and always, never or turn (only on your turn)",
                "speak plays turn, or sk bids never", argument="words"),
    CommandSpec("counting", ("cn",), "Settings", "let out list the cards still out: on or off (off at first, "
                "as a table where you count by memory)", "counting on, or cn off", argument="words"),
    CommandSpec("save", ("sv",), "Game", "save the game now; it is also saved after every move", "save, or sv"),
    # Both ways to go on: at a real table "rook-access play --resume" opened another game (the
    # narrow-help sweep of session 31); quit itself says the command with the game's name.
    CommandSpec("quit", ("q", "exit"), "Game", "save and leave; rook-access play --resume goes on later, "
                "or rook-access table --resume after a real table's game",
                "quit, or q"),
    CommandSpec("new", ("nw",), "Game", "once a game is over, start another with the same rules", "new, or nw",
                modes=("play",)),
    # At a real table (rook-access table): the player enters what everyone does.
    CommandSpec("dealer", ("dl",), "Table", "say who deals the first hand", "dealer west, or just west",
                argument="words", modes=("table",)),
    CommandSpec("undo", ("u",), "Table", "take back the last entry; again to take back more", "undo, or u",
                modes=("table",), phrases=("take that back", "take it back")),
    CommandSpec("correct", ("fix",), "Table", "change the card last entered for a player",
                "correct west 13r, or fix west 13r", argument="words", modes=("table",)),
    CommandSpec("laid", ("ld",), "Table", "the bidder has laid the nest aside (said before they hand the "
                "trump call over for free; otherwise it is taken as done)", "laid, or ld", modes=("table",),
                available=lambda o: o.auction and o.nest_size > 0,
                refusal="These rules have no nest exchange, so nothing is laid aside."),
    # What another bidder says of the nest's points (nest_points_told): "points are in the nest".
    CommandSpec("points", ("pn",), "Table", "the bidder says points are in the nest", "points, or pn",
                modes=("table",),
                phrases=("points in the nest", "points are in the nest", "points in nest", "points in it"),
                available=lambda o: o.auction and o.nest_size > 0 and o.nest_points_told != "never",
                refusal="These rules keep the nest to the bidder: nobody says whether points are in it."),
    CommandSpec("nopoints", ("np",), "Table", "the bidder says no points are in the nest", "no points, or np",
                modes=("table",), phrases=("no points", "no points in the nest", "no points are in the nest",
                                           "no points in nest", "no points in it"),
                available=lambda o: o.auction and o.nest_size > 0 and o.nest_points_told != "never",
                refusal="These rules keep the nest to the bidder: nobody says whether points are in it."),
    CommandSpec("help", ("?",), "Game", "this list, or more on one command",
                "help, or help discard, or a question mark alone, ?", argument="words"),
)

COMMANDS: dict[str, CommandSpec] = {spec.name: spec for spec in SPECS}
GROUPS: tuple[str, ...] = tuple(dict.fromkeys(spec.group for spec in SPECS))

# Every word that starts a command: its name and its short forms.
ALIASES: dict[str, str] = {word: spec.name for spec in SPECS for word in (spec.name, *spec.shorts)}
# Every whole line that is a command as players say it: "whose turn", "no trump".
PHRASES: dict[str, str] = {phrase: spec.name for spec in SPECS for phrase in spec.phrases}

HANDLERS: dict[str, Handler] = {}


def handles(name: str) -> Callable[[Handler], Handler]:
    """Attach a handler to a command (or a bare kind); each has exactly one."""
    if name not in COMMANDS and name not in BARE:
        raise KeyError(f"no command {name!r} in the registry")

    def attach(function: Handler) -> Handler:
        if name in HANDLERS:
            raise KeyError(f"command {name!r} has a handler already")
        HANDLERS[name] = function
        return function
    return attach


def lookup(word: str) -> CommandSpec | None:
    """The command a typed word names ("no trump", "no points" and short forms included), or None."""
    name = {"no trump": "notrump", "no points": "nopoints"}.get(word) or ALIASES.get(word)
    return COMMANDS.get(name) if name is not None else None


def available(name: str, options: Options) -> bool:
    """Whether ``name`` can ever work under these rules."""
    spec = COMMANDS.get(name)
    return spec is None or spec.available(options)


def command_names(options: Options | None = None, mode: str = "") -> list[str]:
    """Every full command name as typed ("no trump", "no points"), for completion; with
    ``options`` and ``mode`` only those these rules allow here, as ``help`` lists them."""
    return [spec.spoken for spec in SPECS if options is None
            or (spec.available(options) and (not mode or mode in spec.modes))]


def completions(first: str, options: Options, commands: list[str], cards: list[str]) -> list[str]:
    """What Tab offers after ``first``, the word already typed ("" at the line's start): what
    that command takes (``CommandSpec.argument``) under these rules; after any other word,
    nothing it could take."""
    colours = ["red", "green", "black", "yellow"]
    if not first:
        return commands + colours + cards
    spec = COMMANDS.get(ALIASES.get(first, ""))
    argument = spec.argument if spec is not None else "none"
    if argument in ("card", "cards"):
        return cards
    if argument == "hand":  # hand red, out trump; hand dummy where there is one
        return colours + ["trump"] + (["dummy"] if spec is COMMANDS["hand"] and options.sides == "dummy" else [])
    if argument == "colour":  # naming trump
        return colours + (["no trump"] if options.no_trump else [])
    return []


def group_lines(options: Options, mode: str = "play", asked: str | None = None) -> list[str]:
    """Each group's commands these rules allow here (``mode``), with their first short form; with
    ``asked`` ("cards", "the table", "act"), only the groups of that name: the whole list is more
    rows than a 20-line window without scrollback shows at 40 columns (the narrow-help sweep of
    session 31)."""
    lines = []
    for group in GROUPS:
        if asked is not None and asked.lower() not in (group.lower(), group.lower().split()[-1]):
            continue
        words = [f"{spec.spoken} ({_short(spec.shorts[0])})" for spec in SPECS
                 if spec.group == group and spec.available(options) and mode in spec.modes]
        if words:
            lines.append(f"{group}: {', '.join(words)}.")
    return lines


def summary_lines(options: Options, mode: str = "play") -> list[str]:
    """``help``: the commands these rules allow here (``mode``), group by group."""
    lines = ["Commands, short form in brackets. Type help and a command for more, or help and a group for "
             "one group, like help act.", *group_lines(options, mode)]
    if mode == "table":
        # The examples name seats these rules have (no east in call-partner, no west with a dummy).
        seats = [seat for seat in options.seats if seat != "dummy"]
        first, second, last = seats[0], seats[1 % len(seats)], seats[-1 if len(seats) > 2 else 0]
        entries = (f"{first} 14r, {second} pass, {last} bid {options.min_bid}" if options.auction
                   else f"{first} 14r, {second} 5g")
        lines.append(f"A seat's name first enters for that seat: {entries}. "
                     "Without it, the entry is for whoever is on turn.")
    elif options.auction:
        lines.append("On your turn a card alone plays it; a number alone bids it, or plays the one card of that "
                     "number you may play.")
    else:  # no auction (beginner): a number is never a bid
        lines.append("On your turn a card alone plays it; a number alone plays the one card of that number you "
                     "may play.")
    return lines


def _short(word: str) -> str:
    """A short form as read aloud: "?" alone is not said by a voice or a screen reader at its
    usual punctuation level, so it is named (found by the listening sweep)."""
    return "question mark ?" if word == "?" else word


# The letters of the card codes the examples use: in ``help play``, ``help discard`` and the
# not-a-card refusal (``parse.CARD_ADVICE``).
COLOUR_LETTERS = "Colour letters: r red, g green, x or b black, y yellow."


# ``help hand`` where the rules have no dummy: "hand dummy" was given as the example, then
# refused "No dummy in these rules." (the help sweep of session 34).
HAND_WITHOUT_DUMMY = ("your cards by colour, or one colour", "hand, or hand red, or h")


def command_lines(spec: CommandSpec, black_letter: str = "x", options: Options | None = None) -> list[str]:
    """``help NAME``: what it does, its short forms and an example; for a command naming cards,
    the colour letters its example uses ("discard 6x 7g" was never explained), black written
    with the player's letter (``black_letter``), as their labels write it. With ``options``, the
    dummy is spoken of only where these rules have one."""
    if spec.name == "hand" and options is not None and options.sides != "dummy":
        spec = replace(spec, what=HAND_WITHOUT_DUMMY[0], example=HAND_WITHOUT_DUMMY[1])
    letters = [COLOUR_LETTERS] if spec.argument in ("card", "cards") else []
    example = re.sub(r"\b(\d{1,2})x\b", rf"\g<1>{black_letter}", spec.example)
    return [f"{spec.spoken.capitalize()}: {spec.what}.",
            f"Short: {' or '.join(map(_short, spec.shorts))}. Example: {example}.", *letters]
