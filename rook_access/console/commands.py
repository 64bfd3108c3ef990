"""What each command does: a :class:`Reply` of lines for the player, and for actions the change
applied through the session (whose events the announcer tells).

A refused command changes nothing and its reply is one line saying why and what would work;
``Reply.refused`` marks it so the loop and the fuzz test can tell. Bare input is read by phase:
a card plays in the play, discards in the discard and calls in the partner call; a number bids;
a colour names trump in the trump call and reads that colour of the hand otherwise.

Each handler attaches itself to its command in ``registry.py`` with ``@handles``; the command's
short forms, help, availability and refusal are declared there, once.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from ..core import Action, Event, GameState, IllegalAction, Phase, RuleError, SeatView
from ..core import actions as A
from ..core import cards as C
from ..core.nest import NO_ROOK_BIRD, rook_call_asked, rook_call_barred
from ..core.seats import bidding_seats, dummy_player
from ..core.text import shorten, word_key
from ..core.view import buried_calls, calls_to_come, partners_unknown
from ..speech.cardtext import join_words
from .describe import NO_DUMMY
from .naming import seat_initials, seat_joined
from .parse import (
    KEEP,
    LAST_HAND,
    Command,
    NotText,
    ParseError,
    bare,
    begins_no_trump,
    begins_with_card,
    colour_then_words,
    dummy_words_refusal,
    parse,
    said_numbers,
    topic_words,
    unknown_question,
    word_number,
)
from .preferences import toggle_kind
from .registry import (
    ALIASES,
    COMMANDS,
    GROUPS,
    HANDLERS,
    CommandSpec,
    available,
    command_lines,
    group_lines,
    handles,
    lookup,
    summary_lines,
)
from .session import GOODBYE, Session

if TYPE_CHECKING:
    from ..speech.announce import AnnounceSettings
    from .registry import Handler

DEFAULT_HISTORY = 10
NAMED_BY_NOBODY = "These rules turn trump up from the nest: nobody names it."


class Preferences(Protocol):
    """The settings commands (verbosity, speech, braille): changed for this game and saved."""

    announce: AnnounceSettings  # what is announced: a question asked is answered whatever is silenced

    def verbosity_lines(self) -> list[str]: ...

    def set_verbosity(self, level: str) -> str: ...

    def set_toggle(self, kind: str, on: bool) -> str: ...

    def speech_lines(self) -> list[str]: ...

    def set_speech(self, mode: str) -> list[str]: ...

    def braille_lines(self) -> list[str]: ...

    def set_braille(self, mode: str) -> str: ...

    def set_label(self, key: str, value: str | bool) -> tuple[str, bool]: ...

    def braille_changes(self, glossed: bool = False) -> str: ...

    def rook_label_example(self) -> str: ...

    @property
    def rook_label(self) -> str: ...

    @property
    def counting(self) -> bool: ...

    def set_counting(self, on: bool) -> str: ...

    def speak_lines(self) -> list[str]: ...

    def set_speak(self, kind: str, when: str) -> str: ...


@dataclass
class Reply:
    lines: list[str] = field(default_factory=list)
    refused: bool = False
    quit: bool = False
    new_game: bool = False
    # The kind an answer is spoken as: "prompts" for what a blank line says again, which is what
    # is expected, not an answer; said as a reply, speak replies never left it silent (the ear
    # and braille display sweep of session 39).
    kind: str | None = "replies"

    @property
    def speech_kind(self) -> str | None:
        """The kind whose ``speak`` setting decides the reply, or None (always said): a refusal
        answers what was typed, as the player's own move is (``speaking.OWN_MOVES``), and the quit
        line is the last word, with how to go on. Under speak replies never, "bid 65" and "xyzzy"
        were refused in silence and the save at quit never heard (the speech sweep of session 37)."""
        return None if self.refused or self.quit else self.kind


def refuse(reason: str) -> Reply:
    return Reply([reason], refused=True)


def execute(session: Session, line: str, prefs: Preferences) -> Reply:
    """Run one typed line. Never raises for anything the player can type. A command the rules
    in force never use is refused with the registry's sentence (once it is the player's turn:
    before that, whose turn it is comes first)."""
    line = cells_read(session, line)
    try:
        command = parse(line, session.state.trump, prefs.rook_label, naming_trump(session))
    except ParseError as exc:
        bid = bid_mistyped(session, line)
        return refuse(unused(session, line) or closed(session, line, prefs)
                      or _move_not_now(session, A.BID if bid else move_kind(line))
                      or _colour_call_refused(session, line, exc)
                      or _bare_refused(session, line) or session.parse_refusal(bid or exc))
    red = red_letter_refused(session, line) if naming_trump(session) else None
    if red:
        return refuse(red)
    handler = HANDLERS.get(command.name)
    if handler is None:  # a parser name with no handler: a programming error, said plainly
        return refuse(f"{command.name} cannot be done here: type help for the commands.")
    spec = COMMANDS.get(command.name)
    if spec is not None and session.mode not in spec.modes:
        return refuse(mode_refusal(session, spec))
    if spec is not None and spec.refusal is not None and not spec.available(session.state.options):
        # On screen, whose turn it is comes first; at a real table the turn says nothing of it.
        # With what may be done now (the prompt), not one fixed advice: "bid or pass" was said in
        # the play and in the beginner game, which has no auction (the second re-check).
        turn = _not_your_turn(session) if session.mode == "play" else None
        return refuse(turn or f"{spec.refusal} {session.prompt()}")
    return handler(session, command, prefs)


_NUMBER_FIRST = re.compile(r"[-+]?\d+\b")  # "75 or 80", not a card mistyped ("14rr")


def bid_mistyped(session: Session, line: str) -> ParseError | None:
    """In the auction, a line that starts with a number and cannot be read is a bid mistyped
    ("75 or 80", "-5", "+80"), answered as "bid 75 or 80" is: they were "Not a card: 75. Give a
    number and a colour" (the first-hour sweep of session 32), on screen and at the table. None
    elsewhere."""
    if session.state.phase != Phase.AUCTION or not _NUMBER_FIRST.match(line.strip()):
        return None
    try:
        parse(f"bid {line.strip()}")
    except ParseError as exc:
        return exc
    return None


def cells_read(session: Session, line: str) -> str:
    """``line`` with the braille labels in it read as cards (``CardNamer.read_cells``), except in
    the ``braille`` command, whose cells are a label being set."""
    first = line.strip().split(maxsplit=1)[:1]
    if first and ALIASES.get(first[0].lower()) == "braille":
        return line
    return session.describer.namer.read_cells(line)


def makes_move(session: Session, line: str, prefs: Preferences) -> bool:
    """Whether ``line`` would make a move now: a command of the registry's Act group, or a bare
    card or number; Enter alone (or ``keep``) while a misdeal is offered, which lets the bidding
    go on. ``trump`` alone and a colour outside the trump call ask; they do not act."""
    try:
        command = parse(cells_read(session, line), session.state.trump, prefs.rook_label, naming_trump(session))
    except ParseError:
        return False  # refused whatever the moment, with its reason
    if naming_trump(session) and red_letter_refused(session, line):
        return False
    if command.name == "colour":
        return session.state.phase == Phase.TRUMP
    if command.name == "blank":
        return session.misdeal_waiting
    if command.name == "trump":
        return command.colour is not None
    spec = COMMANDS.get(command.name)
    return command.name in ("card", "cards", "number") or (spec is not None and spec.group == "Act")


def _colour_call_refused(session: Session, line: str, error: ParseError) -> str | None:
    """At the player's trump call, a colour and more that cannot be read ("red hgh", "r hgh") is
    the trump call it begins, refused as "trump red hgh" is: it was "Not a card: red hgh" (the
    sweeps of session 34)."""
    return after_the_colour(session.state, line) if colour_call_typed(line, error, naming_trump(session)) else None


def colour_call_typed(line: str, error: ParseError, naming: bool) -> bool:
    """Whether a line refused by the parser may be a trump call begun with a colour, on screen
    and at the table: while a colour names trump (``naming``), not for a line that is not text,
    nor for cards typed ("r 14 and red hgh": the card the rest is not)."""
    return naming and not isinstance(error, NotText) and not begins_with_card(line)


def red_letter_refused(session: Session, line: str) -> str | None:
    """Why "r" alone, at the player's own trump call, is not taken as red when the player holds no
    red: there it names red, but "r" is repeat everywhere else, as help teaches, and red trump
    with no red is a call no player means. "r" named red for good, with no undo ("Trump: red,
    named by you." and "Red, trump: none.": the newcomer sweep of session 37). None otherwise."""
    words = line.split()
    if len(words) != 1 or bare(words[0].lower()) != "r" or session.state.hands[session.me] & C.COLOR_MASK[C.RED]:
        return None
    return ("The letter r names red trump here, and you hold no red: type red to name red trump, or repeat "
            f"for the last news. {session.prompt()}")


def naming_trump(session: Session) -> bool:
    """The player's own trump call is next, on screen: where a first r is red (``parse``'s naming)."""
    return session.state.phase == Phase.TRUMP and session.my_turn()


def unused(session: Session, line: str) -> str | None:
    """The rules' reason and the prompt when ``line`` begins with a command these rules never use,
    whatever follows it: "call" alone taught "like call 14r", which was then refused."""
    try:  # the line as the parser reads it: "call a misdeal" is the misdeal, not a call
        spec = COMMANDS.get(parse(line).name)
    except ParseError:
        spec = first_command(line)
    if spec is not None and session.mode not in spec.modes:  # "undo x" on screen: not "type just undo"
        return mode_refusal(session, spec)
    if spec is None or spec.refusal is None or spec.available(session.state.options):
        return None
    return f"{spec.refusal} {session.prompt()}"


# Commands shut now whatever their argument says, and why (the table adds its own): a mistyped
# argument was told a form that was then refused for this ("review x" before any hand ended
# advised "review 5"; "out turn" with counting off advised "out": the fuzz sweep).
CLOSED: dict[str, Callable[[Session, Preferences], str | None]] = {
    "review": lambda session, prefs: None if session.reviewed else
    "Review opens once a hand is over; until then, last gives the last trick.",
    "out": lambda session, prefs: None if prefs.counting else
    "Counting help is off, as at a table where you count by memory: type counting on to let out list the cards "
    "still out.",
}


def closed(session: Session, line: str, prefs: Preferences) -> str | None:
    """Why the command ``line`` begins with is shut now, whatever follows it, or None."""
    spec = first_command(line)
    check = CLOSED.get(spec.name) if spec is not None else None
    return check(session, prefs) if check is not None else None


def first_command(line: str) -> CommandSpec | None:
    """The command a line that could not be read begins with, as the parser reads a first word:
    with dictation's full stop or a question mark ("Check. x", "Bid? 100"), and "no trump"
    followed by more words. Read without them, "Undo. x" was told "type just undo", then
    refused as not a command of the game on screen (the re-check of session 29)."""
    if begins_no_trump(line):
        return COMMANDS["notrump"]
    words = line.strip().lower().split()
    return lookup(bare(words[0])) if words else None


MODE_REFUSALS = {
    "play": "{name} is for a game with real cards (rook-access table): here {why}.",
    "table": "{name} is for a game on screen (rook-access play), not at a real table.",
}
# Why a command of the real table is not needed on screen ("points" was told "here a move made
# stays made", which is undo's reason: the commands sweep).
_ON_SCREEN = {"dealer": "the game deals the cards",
              "laid": "the game says what the bidder does with the nest",
              "points": "the game says what the bidder does with the nest. For the points taken so far, type "
                        "taken; for the game score, score",
              "nopoints": "the game says what the bidder does with the nest"}


def mode_refusal(session: Session, spec: CommandSpec) -> str:
    """Why ``spec`` is not a command of this mode, and what works here."""
    why = _ON_SCREEN.get(spec.name, "a move made stays made")
    return MODE_REFUSALS[session.mode].format(name=spec.spoken.capitalize(), why=why)


# ----- actions ------------------------------------------------------------------------------
def _not_your_turn(session: Session) -> str | None:
    if session.state.is_over():
        return session.game_over_line()
    if session.misdeal_waiting:
        return _misdeal_offered(session)
    if not session.my_turn():
        return session.describer.turn_line(session.view())
    return None


# The commands that make a move of one kind: typed incomplete or unreadable, the move's phase is
# judged first, as for the move typed whole.
# ("pass 11r" in the play was told "type just pass", then refused "Not now": the fuzz sweep.)
MOVES = {"play": A.PLAY, "discard": A.DISCARD, "trump": A.TRUMP, "call": A.CALL, "bid": A.BID, "pass": A.PASS,
         "check": A.CHECK, "partner": A.PARTNER, "notrump": A.TRUMP}


def move_kind(line: str) -> str | None:
    """The kind of move a typed line's first word makes (``MOVES``), or None."""
    spec = first_command(line)
    return MOVES.get(spec.name) if spec is not None else None


def _move_not_now(session: Session, kind: str | None) -> str | None:
    """Why a move of ``kind`` typed incomplete or unreadable ("discard" alone, "trump purple") is
    not made now, when its kind is not: "Name the cards to discard" in the auction led to a
    discard typed whole, then "Not now: this is the auction" (found by the listening sweep). None
    when the kind fits: how to type it is the answer then."""
    if kind is None or session.mode != "play":
        return None
    return _not_your_turn(session) or _out_of_place(session, Action(kind, 0))


# The moves typed as one word, as that word alone makes them.
_BARE = {"pass": Action(A.PASS), "check": Action(A.CHECK), "partner": Action(A.PARTNER),
         "notrump": Action(A.TRUMP, C.NO_TRUMP)}


def _bare_refused(session: Session, line: str) -> str | None:
    """Why a one-word move typed with more words ("check please", "misdeal. x") would be refused
    alone, or None: "type just check" was the advice where check was then refused (the re-check
    of session 29)."""
    spec = first_command(line)
    if spec is None or session.mode != "play" or session.state.is_over():
        return None
    if spec.name == "misdeal":  # called on turn or not
        reason = session.state.why_illegal(Action(A.MISDEAL, session.me))
        return f"{reason} {session.prompt()}" if reason else None
    action = _BARE.get(spec.name)
    if action is None:
        return None
    reason = _not_your_turn(session) or _out_of_place(session, action) or session.state.why_illegal(action)
    return session.describer.namer.restyle(reason, session.state.trump) if reason else None


def _misdeal_first(session: Session) -> str:
    """While the computers wait for the answer to the misdeal offer."""
    return f"You may call a misdeal first: {session.misdeal_choice()}"


def _misdeal_offered(session: Session) -> str:
    """A move typed while the misdeal offer waits: first that it is not the player's turn (the
    offer is made only before another seat's first bid), then the offer. "70" or "pass" got the
    offer alone, which did not say why the bid was not taken (the first-hour sweep of session 32)."""
    who = session.describer.seat(session.view(), session.state.actor)
    return f"Not your turn: {who} bids first. You may call a misdeal now: {session.misdeal_choice()}"


def _out_of_place(session: Session, action: Action) -> str | None:
    """A reason when the action is not used at this point of the hand; None when its kind fits
    and only the core can judge the value. (A kind the rules never use was refused by
    ``execute`` from the registry.)"""
    if action.kind == A.TRUMP and action.value == C.NO_TRUMP and not session.state.options.no_trump:
        return None  # the core's sentence names the colours that work
    if session.state.phase == Phase.AUCTION and action.kind in (A.CHECK, A.MISDEAL):
        return None  # an auction action: the core says why not now ("only before anyone has bid")
    if action.kind not in {a.kind for a in session.state.legal_actions()}:
        prompt = session.describer.prompt_line(session.view())
        why = handing_over_refused(session.state, action.kind)
        if why:
            return f"{session.describer.namer.restyle(why)} {prompt}"
        return f"Not now: this is the {session.describer.phase_word(session.state.phase)}. {prompt}"
    return None


def handing_over_refused(state: GameState, kind: str, reader: int | None = None) -> str | None:
    """Why "partner" is refused in the phases where the call is handed over: the rules' reason
    ("Not in the middle of the discard"), not "this is the discard", which the prompt had just
    offered it in (found by the console sweep); None for any other move or phase. ``reader``:
    the player's seat where it may not be the seat on turn (the table)."""
    if kind == A.PARTNER and state.phase in (Phase.DISCARD, Phase.TRUMP):
        return state.why_illegal(Action(A.PARTNER), reader)
    return None


def act(session: Session, actions: list[Action]) -> Reply:
    reason = _not_your_turn(session) or _out_of_place(session, actions[0])
    if reason:
        return refuse(reason)
    try:
        session.apply(actions)
    except IllegalAction as exc:  # the rules' reason, its cards named as every line names them
        reason = session.describer.namer.restyle(str(exc), session.state.trump)
        if _not_held(session, actions):  # "You do not hold the 5 black.": and what may go (the sweep)
            reason = f"{reason} {session.prompt()}"
        return refuse(reason)
    return Reply()


def _not_held(session: Session, actions: list[Action]) -> bool:
    """Whether a card played or discarded is not in the hand it would come from."""
    state = session.state
    hand = state.hands[state.turn] if state.turn >= 0 else 0  # the dummy's, on its turn
    return any(a.kind in (A.PLAY, A.DISCARD) and not C.BIT[a.value] & hand for a in actions)


@handles("bid")
def _bid(session: Session, command: Command, prefs: Preferences) -> Reply:
    assert command.number is not None
    return act(session, [Action(A.BID, command.number)])


def _simple(kind: str) -> Handler:
    def handler(session: Session, command: Command, prefs: Preferences) -> Reply:
        return act(session, [Action(kind)])
    return handler


@handles("trump")
def _trump(session: Session, command: Command, prefs: Preferences) -> Reply:
    """With a colour, name trump; alone, the question "what is trump?" (in the trump call, the
    answer is what may be named)."""
    describer, view = session.describer, session.view()
    if command.words:  # not a colour; but first, as for a colour, whether trump is named now
        not_now = _move_not_now(session, A.TRUMP) if session.state.options.auction else None
        return refuse(not_now or after_the_colour(session.state, command.words[0])
                      or f"Not a colour: {shorten(command.words[0])}. Name {describer.colour_choices(view)}.")
    if command.rook and command.colour is None:  # "low", "rook high": the call without its colour
        return refuse(_rook_call_refused(session))
    if command.colour is None:
        if session.my_turn() and session.state.phase == Phase.TRUMP:
            return Reply([describer.prompt_line(view)])
        return Reply([describer.trump_line(view)])
    if not session.state.options.auction:
        return refuse(_not_your_turn(session) or NAMED_BY_NOBODY)
    if command.rook and command.colour == C.NO_TRUMP:
        return refuse("No trump has no Rook Bird call: the Rook Bird is wild in no trump. Type no trump alone.")
    return act(session, [A.trump_action(command.colour, command.rook)])


def after_the_colour(state: GameState, words: str, who: str = "") -> str | None:
    """Why a trump call of a colour and more ("trump red hgh") is refused: what follows the
    colour, not the colour, and what would work (of ``who`` naming trump at a table); None when
    the words do not start with a colour."""
    found = colour_then_words(words)
    if found is None:
        return None
    colour, unknown = found
    if rook_call_barred(state) is None:
        return f"Not high or low: {shorten(unknown)}. {rook_call_asked(colour, who)}"
    return f"Not part of a trump call: {shorten(unknown)}. Name trump alone: trump {C.COLORS[colour]}."


@handles("notrump")
def _notrump(session: Session, command: Command, prefs: Preferences) -> Reply:
    return act(session, [Action(A.TRUMP, C.NO_TRUMP)])


@handles("play")
def _play(session: Session, command: Command, prefs: Preferences) -> Reply:
    if not command.cards:  # "play 9"
        return _by_number(session, command, prefs, A.PLAY)
    return act(session, [Action(A.PLAY, command.cards[0])])


def _by_number(session: Session, command: Command, prefs: Preferences, kind: str) -> Reply:
    """``play 9`` or ``discard 14``: as the number alone would be, in the play or the discard."""
    reason = _not_your_turn(session) or _out_of_place(session, Action(kind, 0))
    if reason:
        return refuse(reason)
    number = command.number or 0
    if not 1 <= number <= 14:
        return refuse(f"No card has the number {number}: {session.prompt()}")
    return _card_numbered(session, number, prefs)


@handles("call")
def _call(session: Session, command: Command, prefs: Preferences) -> Reply:
    return act(session, [Action(A.CALL, command.cards[0])])


@handles("discard")
def _discard(session: Session, command: Command, prefs: Preferences) -> Reply:
    if not command.cards:  # "discard 14"
        return _by_number(session, command, prefs, A.DISCARD)
    reason = _not_your_turn(session)
    if reason:
        return refuse(reason)
    state = session.state
    reason = _out_of_place(session, Action(A.DISCARD, command.cards[0]))
    if reason:
        return refuse(reason)
    reason = too_many_discards(state, len(command.cards))
    if reason:
        return refuse(reason)
    reply = act(session, [Action(A.DISCARD, c) for c in command.cards])
    if not reply.refused and session.state.phase == Phase.DISCARD and session.state.actor == session.me:
        reply.lines.append(f"Laid aside: {session.describer.namer.names(command.cards)}.")
    return reply


def too_many_discards(state: GameState, count: int) -> str | None:
    """Why ``count`` cards are more than the nest still takes, or None."""
    left = state.options.nest_size - len(state.discards)
    if count <= left:
        return None
    more = "1 more card" if left == 1 else f"{left} more cards"
    return f"You have {more} to discard, not {count}: name {left}."


@handles("card")
def _card(session: Session, command: Command, prefs: Preferences) -> Reply:
    """A card alone: play it, discard it or call it, as the phase asks."""
    phase = session.state.phase
    card = command.cards[0]
    if not C.BIT[card] & session.state.deck.mask and not session.state.is_over():  # "rook" in two-player
        return refuse(f"The {session.describer.namer.name(card)} is not in this game's deck. {session.prompt()}")
    if phase == Phase.PLAY:
        return _play(session, command, prefs)
    if phase == Phase.DISCARD:
        return _discard(session, command, prefs)
    if phase == Phase.CALL:
        return _call(session, command, prefs)
    reason = _not_your_turn(session)
    if reason:
        return refuse(reason)
    if phase == Phase.TRUMP:
        return refuse(f"Name trump with a colour, not a card: {session.describer.trump_choices(session.view())}.")
    return refuse(f"The {session.describer.namer.name(card)} is a card, but this is the auction: "
                  f"{session.describer.auction_choices(session.view())}.")


@handles("cards")
def _cards(session: Session, command: Command, prefs: Preferences) -> Reply:
    phase = session.state.phase
    if phase == Phase.DISCARD:
        return _discard(session, command, prefs)
    if phase in (Phase.AUCTION, Phase.TRUMP, Phase.OVER):  # no card goes now: the phase's reason
        return _card(session, Command("card", cards=command.cards[:1]), prefs)
    return refuse(f"One card at a time outside the discard: name just one. {session.prompt()}")


@handles("number")
def _number(session: Session, command: Command, prefs: Preferences) -> Reply:
    if session.state.phase == Phase.AUCTION:
        return _bid(session, command, prefs)
    reason = _not_your_turn(session)
    if reason:
        return refuse(reason)
    number = command.number or 0
    if session.state.phase in (Phase.PLAY, Phase.DISCARD) and 1 <= number <= 14:  # a card's number
        return _card_numbered(session, number, prefs)
    if not session.state.options.auction:  # beginner: a number is never a bid
        return refuse(f"These rules have no auction: a number alone plays a card of that number. {session.prompt()}")
    return refuse(f"A number alone is a bid, and the auction is over. {session.prompt()}")


def _card_numbered(session: Session, number: int, prefs: Preferences) -> Reply:
    card = numbered_card(session, number)
    return refuse(card) if isinstance(card, str) else _card(session, Command("card", cards=(card,)), prefs)


def numbered_card(session: Session, number: int) -> int | str:
    """"1" when the prompt says "follow green, only 1": in the play or the discard a number is
    the card it names among the cards that may go, when it names just one; else a card held
    (the rules then say why it may not go), or why none (a sentence)."""
    view = session.view()
    kind = A.PLAY if view.phase == Phase.PLAY else A.DISCARD
    cards = [a.value for a in view.legal if a.kind == kind and a.value != C.ROOK and C.number_of(a.value) == number]
    dummy = view.phase == Phase.PLAY and view.turn == view.dummy >= 0
    playing = view.dummy_hand if dummy else view.hand
    held = [c for c in C.cards_in(playing) if c != C.ROOK and C.number_of(c) == number]
    if len(cards) > 1:
        verb = "may be played" if kind == A.PLAY else "in your hand"
        return (f"More than one {number} {verb}: {session.describer.namer.names(cards)}. Say the colour "
                f"too, like {number} {C.COLORS[C.color_of(cards[0])]}.")
    if cards or held:
        return (cards or held)[0]
    return f"{'The dummy holds' if dummy else 'You hold'} no {number}. {session.prompt()}"


def _rook_call_refused(session: Session) -> str:
    """Why a Rook Bird call ("red low", "low") is not taken: the rules fix its rank, it is not
    the trump call now, or the call came without its colour. "Called high or low only as you
    name trump" was said where the rules never call it (the commands sweep)."""
    barred = rook_call_barred(session.state)
    if barred:
        why = barred if barred == NO_ROOK_BIRD else f"{barred}: nobody calls it high or low"
        return f"{why}. {session.prompt()}"
    not_now = _move_not_now(session, A.TRUMP)
    if not_now or session.mode != "play" or not session.my_turn():
        return not_now or "The Rook Bird is called high or low only as trump is named."
    return f"Name the colour with the call: {session.describer.trump_choices(session.view())}."


@handles("colour")
def _colour(session: Session, command: Command, prefs: Preferences) -> Reply:
    if session.state.phase == Phase.TRUMP and session.my_turn():
        return _trump(session, command, prefs)
    if command.colour == C.NO_TRUMP:  # "none": refused as "no trump" is, for the rules or the moment;
        # "No trump can be named only when you name trump." read as "nothing can be named" (left out
        # by session 37)
        return _notrump(session, command, prefs)
    if command.rook:
        return refuse(_rook_call_refused(session))
    return _hand(session, command, prefs)


# ----- information --------------------------------------------------------------------------
@handles("hand")
def _hand(session: Session, command: Command, prefs: Preferences) -> Reply:
    if command.unread:  # "dummy 14y": refused first, as the parser once refused it
        return refuse(_dummy_words_refused(session, command.unread))
    if session.state.is_over():  # what may be done now is the mode's: no "new" at the table
        over = session.game_over_line()
        return Reply(["No cards: " + over[0].lower() + over[1:]])
    return Reply(session.describer.hand_lines(session.view(), command.colour, "trump" in command.words,
                                              "dummy" in command.words))


def _dummy_words_refused(session: Session, rest: str) -> str:
    """Words after "dummy" that are no colour: where no dummy sits, that alone, as "dummy red"
    says it; "dummy 14y" offered "dummy red" and a dummy's turn, both refused in these rules (the
    re-check of session 39)."""
    if session.state.options.sides != "dummy":
        return NO_DUMMY
    return session.parse_refusal(ParseError(dummy_words_refusal(rest)))


@handles("trick")
def _trick(session: Session, command: Command, prefs: Preferences) -> Reply:
    return Reply(session.describer.trick_lines(session.trick_view()))


@handles("seat")
def _seat(session: Session, command: Command, prefs: Preferences) -> Reply:
    view = session.contract_view()
    seat = _seat_named(session, view, command.words)
    if isinstance(seat, str):
        return refuse(seat)
    lines = session.describer.seat_lines(view, seat)
    if {"partner", "partners"} & {word.removesuffix("'s") for word in command.words}:
        # "who is my partner" was answered "North holds 9 cards.", never saying North is the partner
        # (the re-check of session 34).
        # Mid-sentence: "the dummy", as every other line says it ("The dummy" was found by
        # the whole-game sweep of session 35); a seat's name keeps its capital.
        lines.insert(0, f"Your partner is {session.describer.seat(view, seat, capital=seat != view.dummy)}.")
    return Reply(lines)


def _seat_named(session: Session, view: SeatView, words: tuple[str, ...]) -> int | str:
    """The seat ``words`` name ("north", "my partner", "me"), or the refusal saying why not."""
    name = " ".join(w for w in words if w not in ("the", "my")).removesuffix("'s")
    seats = [seat.lower() for seat in view.seats]
    name = seat_joined(name, seats)  # "north west", "north-west" (the table sweep of session 38)
    name = seat_initials(seats).get(name, name)
    if name in seats:
        return seats.index(name)
    if name in ("i", "me", "you", "myself"):
        return view.seat
    if name == "dummy" and view.dummy >= 0:
        return view.dummy
    others = [s for s in range(len(view.seats)) if s != view.seat]
    names = [session.describer.seat(view, s) for s in others]
    # The seat's own name, as seat takes it: "like seat the dummy" was said in two-player (the re-check of session 34).
    example = view.seats[others[0]].lower()
    if name in ("partner", "partners"):  # the sides as the contract makes them, held or taken
        return _partner_named(session, session.contract_view(), example)
    wrong = f"Not a seat: {shorten(' '.join(words))}." if words else "Which player?"
    return (f"{wrong} Ask about {', '.join(names[:-1])} or {names[-1]}, like seat {example} "
            f"or what did {names[0].lower()} play.")


def _partner_named(session: Session, view: SeatView, example: str) -> int | str:
    """The player's one partner, or the refusal saying who the partners are, or when they will be
    known: "who are my partners" in six-teams was told to ask about one by name, not told who.
    While a called card is still out, the call says it: its holder was told "Your partner is
    Southwest." alone, though the second card brings another (the table sweep of session 38)."""
    partners = [seat for seat in session.describer.hand_side_names(view)[0][1] if seat != view.seat]
    if partners_unknown(view):  # a called card still out: its holder is a partner not named yet
        return f"{_partners_by_the_call(session, view)} Ask about a seat by name, like seat {example}."
    if len(partners) == 1:
        return partners[0]
    if partners:
        named = join_words([session.describer.seat(view, seat, capital=True) for seat in partners])
        return f"Your partners are {named}: ask about one by name, like seat {view.seats[partners[0]]}."
    if view.options.sides == "called-partner":
        return f"{_partners_by_the_call(session, view)} Ask about a seat by name, like seat {example}."
    if view.options.sides == "bidder-vs-rest":
        return f"{_partners_by_the_bid(view)} Ask about a seat by name, like seat {example}."
    if view.options.sides == "dummy":
        return f"{_partners_by_the_dummy(session, view)} Ask about a seat by name, like seat {example}."
    return f"You have no partner in this game: ask about a seat by name, like seat {example}."


def _partners_by_the_call(session: Session, view: SeatView) -> str:
    """A called partner not known yet, and when it will be: "not known yet" left the player to
    work out that the called card tells it (the call-partner sweep of session 34). A partner the
    call has shown is named, and a player holding no called card is told it plays against the
    bidder's side: with two calls, the card already played was still said to be coming, and a
    defender was told how the bidder finds partners (the re-check of session 35)."""
    if view.bidder < 0:
        return "Your partner this hand is called once the auction is over."
    calls = [(card, holder) for card, holder in ((view.called, view.partner), (view.called2, view.partner2))
             if card >= 0]
    if not calls:
        who = "you call" if view.seat == view.bidder else "the bidder calls"
        cards = "a partner card" if view.options.calls == 1 else f"{_HOW_MANY[view.options.calls]} partner cards"
        # "once trump is named" was said after it was (the re-check of session 38)
        when = ("once trump is named" if view.trump < 0
                else "once the nest is laid aside" if view.phase == "discard" else "next")
        return f"Your partner this hand is not known yet: {who} {cards} {when}."
    # A called card the bidder laid in the nest brings no partner: only the bidder knows it.
    buried = list(buried_calls(view))
    calls = [(card, holder) for card, holder in calls if card not in buried]
    if view.seat == view.bidder or any(holder == view.seat for _, holder in calls):
        return _with_the_bidder(session, view, calls, buried) + _second_call(session, view)
    name, seat = session.describer.namer.name, session.describer.seat
    if calls_to_come(view):
        return (f"Your partners this hand are not known yet: {seat(view, view.bidder, capital=True)} called the "
                f"{name(calls[0][0])} and calls a second partner card next.")
    hidden = [name(card) for card, holder in calls if holder < 0]
    against = [f"{seat(view, view.bidder, capital=True)}, who bid"] + [
        f"{seat(view, holder, capital=True)}, who played the {name(card)}" for card, holder in calls if holder >= 0]
    # A comma before the last "and" too: each seat is said with ", who bid" after it.
    return (f"You play against the bidder's side: {', '.join(against)}, and whoever holds the "
            f"{' and the '.join(hidden)}. Your partners are the other players; you will know them when "
            f"{'it is' if len(hidden) == 1 else 'those cards are'} played.")


def _with_the_bidder(session: Session, view: SeatView, calls: list[tuple[int, int]], buried: list[int]) -> str:
    """The bidder's side, as the bidder or a revealed holder knows it: the partners the call has
    shown, the called cards in the nest (no partner), and the cards still to come."""
    name, seat = session.describer.namer.name, session.describer.seat
    hidden = [name(card) for card, holder in calls if holder < 0]
    alone = not hidden and not calls_to_come(view)
    nest = (f"The {' and the '.join(name(card) for card in buried)} {'is' if len(buried) == 1 else 'are'} in "
            f"the nest{': you play alone' if alone else ''}. ") if buried else ""
    mates = [seat(view, s, capital=True) for s in [view.bidder] + [h for _, h in calls if h >= 0] if s != view.seat]
    if not hidden:  # a holder between two calls knows the bidder; the second card is still to come
        return (nest + (f"Your partner is {join_words(mates)}." if mates else "")).strip()
    known = f"Your {'partner is' if len(mates) == 1 else 'partners are'} {join_words(mates)}; your other " \
        if mates else "Your "
    one = len(hidden) == 1
    return (f"{nest}{known}{'partner holds' if one else 'partners hold'} the {' and the '.join(hidden)}: you will "
            f"know {'them when it is' if one else 'each when their card is'} played.")


def _second_call(session: Session, view: SeatView) -> str:
    """The second partner card still to be called (calls=2), said after the partners the first
    has shown: "Your partners are the other players" was said between the two calls, with no
    word that a second card was to come (the table sweep of session 38)."""
    if not calls_to_come(view):
        return ""
    who = "You call" if view.seat == view.bidder else f"{session.describer.seat(view, view.bidder, capital=True)} calls"
    return f" {who} a second partner card next."


_HOW_MANY = {2: "two", 3: "three", 4: "four", 5: "five"}


def _partners_by_the_bid(view: SeatView) -> str:
    """Where the bidder plays against all the others, the player's partners before the auction
    ends, or that the player bid alone: "You have no partner in this game" was said in the
    auction, though the two who do not win the bid play together (the sweeps of session 34)."""
    if view.bidder == view.seat:
        return "You bid alone this hand."
    rest = len(view.seats) - 1
    partner = "partner is" if rest == 2 else "partners are"
    return (f"Your {partner} known once the auction ends: the {_HOW_MANY.get(rest, str(rest))} who do not win "
            "the bid play together.")


def _partners_by_the_dummy(session: Session, view: SeatView) -> str:
    """Two-player: the dummy plays with whoever does not win the bid. "You have no partner in
    this game" was said in the auction and to the bidder (the whole-game sweep of session 35)."""
    if view.bidder < 0:
        return ("The dummy is your partner if you do not win the bid: the bidder plays alone against the other "
                "player and the dummy.")
    other = dummy_player(view.bidder, bidding_seats(view.options), len(view.seats))
    return f"You bid alone this hand: {session.describer.seat(view, other, capital=True)} plays the dummy too."


@handles("last")
def _last(session: Session, command: Command, prefs: Preferences) -> Reply:
    """The last trick; once the game is over, who won the game after it ("who won" is asked
    here: just after a trick it means that trick)."""
    view = session.view()
    won = session.describer.won_lines(view, session.state.winners)
    if session.last_trick is None:
        return Reply(["No trick has been played yet.", *won])
    earlier = session.last_trick_hand if session.last_trick_hand != view.hand_number else None
    return Reply([session.describer.trick_summary(session.last_trick, view, last=True, of_hand=earlier), *won])


@handles("score")
def _score(session: Session, command: Command, prefs: Preferences) -> Reply:
    """The game's score; asked "who won the last hand", that hand's result (``_last_hand``)."""
    if command.words == LAST_HAND:
        return Reply(_last_hand(session, prefs))
    return Reply(session.describer.score_lines(session.view(), session.state.winners))


def _last_hand(session: Session, prefs: Preferences) -> list[str]:
    """How the last finished hand ended, as it was said then ("Hand 1: you and North made 75 with
    105." and each side's points): the score's totals said nothing of who won the hand (the
    re-check of session 36). Asked, it is said with hands silenced too; the nest's line before it
    is no answer to the question."""
    if not session.reviewed:
        return ["No hand has ended yet. Score says the points so far."]
    end = session.reviewed[-1]
    lines = _hand_told(session, prefs, end, prefs.announce.verbosity)
    head = f"Hand {end.get('hand')}"
    return lines[next((i for i, line in enumerate(lines) if line.startswith(head)), 0):]


def _hand_told(session: Session, prefs: Preferences, end: Event, verbosity: str) -> list[str]:
    """The hand's end as the announcer tells it at ``verbosity``, with hand summaries on: asked
    for, it is said whatever ``v hands off`` silences live."""
    said = prefs.announce
    silenced, level = said.hands, said.verbosity
    said.hands, said.verbosity = True, verbosity
    try:
        return session.announce(end, session.view()._replace(moon=session.reviewed_moon))
    finally:
        said.hands, said.verbosity = silenced, level


@handles("status")
def _status(session: Session, command: Command, prefs: Preferences) -> Reply:
    lines = session.describer.status_lines(session.view(), session.state.winners)
    if session.misdeal_waiting:  # "West to bid." alone, while West waits for the answer (the re-check of session 34)
        lines.append(_misdeal_first(session))
    return Reply(lines)


@handles("nest")
def _nest(session: Session, command: Command, prefs: Preferences) -> Reply:
    return Reply(session.describer.nest_lines(session.contract_view()))  # a held pass decided who takes it


@handles("contract")
def _contract(session: Session, command: Command, prefs: Preferences) -> Reply:
    last = session.reviewed[-1] if session.reviewed else None  # once the game is over, its last contract
    return Reply([session.describer.contract_line(session.contract_view(), last, session.reviewed_moon)])


@handles("turn")
def _turn(session: Session, command: Command, prefs: Preferences) -> Reply:
    if session.state.is_over():
        over = session.game_over_line()
        return Reply(["Nobody's turn: " + over[0].lower() + over[1:]])
    if session.misdeal_waiting:  # the computers wait for the player's answer
        return Reply([f"{session.describer.turn_line(session.view())} {_misdeal_first(session)}"])
    return Reply([session.describer.turn_line(session.view())])


@handles("taken")
def _taken(session: Session, command: Command, prefs: Preferences) -> Reply:
    return Reply(session.describer.taken_lines(session.view()))


@handles("out")
def _out(session: Session, command: Command, prefs: Preferences) -> Reply:
    why = CLOSED["out"](session, prefs)
    if why:
        return refuse(why)
    return Reply(session.describer.out_lines(session.view(), command.colour, "trump" in command.words))


@handles("speak")
def _speak(session: Session, command: Command, prefs: Preferences) -> Reply:
    from ..speech.speaking import KINDS, WHEN

    words = command.words
    if not words:
        return Reply(prefs.speak_lines())
    if len(words) == 2 and words[0] in KINDS and words[1] in WHEN:
        return Reply([prefs.set_speak(words[0], words[1])])
    # The word that is wrong first, as verbosity and speech say theirs (the voice sweep of session 29).
    wrong = (f"Not a kind of line: {shorten(words[0])}. " if words[0] not in KINDS else
             f"Not always, never or turn: {shorten(words[1])}. " if len(words) > 1 and words[1] not in WHEN else "")
    return refuse(f"{wrong}Say speak, a kind ({', '.join(KINDS)}) and always, never or turn, like speak plays turn.")


@handles("counting")
def _counting(session: Session, command: Command, prefs: Preferences) -> Reply:
    words = command.words
    if not words:
        return Reply([f"Counting help: {'on' if prefs.counting else 'off'}. Change: counting on or off."])
    if len(words) != 1 or words[0] not in ON_WORDS:
        return refuse(f"Not on or off: {shorten(' '.join(words))}. Say counting on or counting off.")
    return Reply([prefs.set_counting(ON_WORDS[words[0]])])


@handles("legal")
def _legal(session: Session, command: Command, prefs: Preferences) -> Reply:
    lines = session.describer.legal_lines(session.turn_view())
    if session.misdeal_waiting:  # what the player may do now, before the others go on
        lines.append(_misdeal_first(session))
    return Reply(lines)


@handles("hint")
def _hint(session: Session, command: Command, prefs: Preferences) -> Reply:
    """The computer players' hint (rook_access.ai.hint), from the player's own view only."""
    from ..ai.hint import hint, misdeal_offer_hint

    seed = _hint_seed(session)
    if session.misdeal_waiting:
        return Reply([f"Hint: {session.describer.namer.restyle(misdeal_offer_hint(session.view(), seed))}"])
    reason = _not_your_turn(session)
    if reason:
        return refuse(reason)
    _, why = hint(session.view(), seed=seed)
    first, *more = session.describer.namer.restyle(why).split("\n")
    return Reply([f"Hint: {first}", *more])


def _hint_seed(session: Session) -> int:
    """The game's seed and the moves made, so each hint draws its own samples; but through the
    player's discard and the trump call after it, the seed the discard began with. The hard level
    plans the two together (``HardBot.discard_plan``) from its seed: moved on card by card, the
    plan changed mid-discard, and the trump then named was one it had said to bury (georgia seed
    17: the hint sweep of session 36)."""
    from ..ai.hard import plans_trump

    seed = session.state.seed + session.actions_applied
    view = session.view()
    return seed - len(view.discards) if plans_trump(view) else seed


@handles("review")
def _review(session: Session, command: Command, prefs: Preferences) -> Reply:
    why = CLOSED["review"](session, prefs)
    if why:
        return refuse(why)
    items = session.reviewed
    tricks = [e for e in items if e.get("type") == "trick"]
    if command.number is not None:
        if command.number > len(tricks):
            return refuse(f"That hand had {len(tricks)} tricks: review 1 to {len(tricks)}.")
        session.review_pos = command.number - 1
    if session.review_pos >= len(items):
        session.review_pos = 0
    event = items[session.review_pos]
    session.review_pos += 1
    if event.get("type") == "trick":
        line = session.describer.trick_summary(event, session.view())
        lines = [line]
        if session.review_pos == 1:
            # What the trick lines need to be followed, which the next hand's trump and contract
            # no longer say (found by the review sweep): who held the contract, and trump.
            said = session.describer.hand_over_contract(items[-1], session.reviewed_trump, session.reviewed_moon,
                                                        session.view())
            lines[:0] = [f"Review of hand {items[-1].get('hand')}, {len(tricks)} tricks. "
                         "Type review for each next line.", *said]
        return Reply(lines)
    # The nest turned over and the hand's score, whatever verbosity says live: at brief the nest
    # was never told and v hands off left the review's end with no score (the ear and braille
    # display sweep of session 39).
    verbosity = "normal" if prefs.announce.verbosity == "brief" else prefs.announce.verbosity
    return Reply(_hand_told(session, prefs, event, verbosity) + ["End of review; review starts it again."])


@handles("rules")
def _rules(session: Session, command: Command, prefs: Preferences) -> Reply:
    """The rules in force, as ``rook-access rules NAME`` says them: a family's own with its
    description while its file is there (a game keeps every option, so it is told without)."""
    lines = _rules_lines(session)
    if not command.words:
        return Reply(lines)
    topic = " ".join(command.words)
    found = _rules_of(lines, topic)
    if found:
        return Reply(found)
    if command.asked:  # "what is the kitty": a question, refused as one
        return refuse(unknown_question(command.asked))
    return refuse(f"No rule here speaks of {shorten(topic)}. {_option_named(session, topic) or _TRY_RULES}")


_TRY_RULES = "Try rules nest, rules trump, rules bid, rules counters or rules game; rules alone says them all."


def _option_named(session: Session, topic: str) -> str:
    """Where ``topic`` names an option these rules leave at a setting no rule speaks of ("rules
    baby rook" in little-rook), that option, its setting and where it is explained; "" where it
    names none. The refusal pointed only to rules nest, rules trump ... (the re-check of session 39)."""
    from ..core.options import SPEC, option_name
    from ..speech.option_text import typed_value

    key = option_name(topic)
    if key not in SPEC:
        return ""
    setting = typed_value(session.state.options.to_dict()[key])
    return (f"It is the option {key}, set to {setting} in these rules: rook-access rules --options {key} says what it "
            "does.")


def _rules_lines(session: Session) -> list[str]:
    """The rules in force in plain sentences, the first naming them."""
    from ..core import preset_names
    from ..speech.rules_text import explain
    from ..store.family_rules import find_preset

    name, preset = session.state.preset, None
    if name not in preset_names():
        try:
            preset = find_preset(name)
        except RuleError:
            preset = None
    return explain(name, session.state.options, preset)


def _rules_of(lines: list[str], topic: str) -> list[str]:
    """The rules' sentences that speak of ``topic`` ("rules nest"), for a window too small for all
    of them (the pty sweep of session 30: georgia's are 23 lines, and the first had scrolled
    away), in any form of the word ("rules pass" left out "everyone passes", "rules lead" found no
    "led")."""
    asked = [_forms(word) for word in _words(topic)]
    # The opening description only where no rule speaks of it (georgia's "stuck"): searched
    # always, it came first in nearly every answer, 35 words before the rule asked for (the
    # re-check of session 39).
    found = [line for line in lines[1:] if _speaks_of(line, asked)]
    return found or [line for line in lines[:1] if _speaks_of(line, asked)]


def _words(text: str) -> list[str]:
    """The words of ``text`` as the rules are searched: "second-highest" as two, a figure said in
    words as its digits ("three hundred" as 300)."""
    return said_numbers(_WORDS.findall(text.lower()))


_WORDS = re.compile(r"[a-z]+|\d+")
# Forms no suffix makes: "led" is a form of "lead".
_IRREGULAR = {"led": "lead", "laid": "lay", "took": "take", "taken": "take", "won": "win", "dealt": "deal"}


def _forms(word: str) -> set[str]:
    """A word's stems, each at least three letters: "passes" gives pass, "bidding" and "bidder"
    bid, "scores" score, "led" lead; a shorter word is its own ("no"). Two words share a form
    when they are forms of one word."""
    word = _IRREGULAR.get(word.lower(), word.lower())
    stems = {word}
    for suffix in ("ing", "ers", "er", "ed", "es", "s"):
        if word.endswith(suffix):
            stems.add(word[: -len(suffix)])
    stems |= {stem[:-1] for stem in stems if len(stem) > 3 and stem[-1] == stem[-2]}  # bidd, pass
    forms = {stem for stem in stems if len(stem) >= 3} or {word}
    # A number word reads as its digits, as a voice says them ("red one" is the red 1, "fives" 5).
    return forms | {str(number) for stem in stems if (number := word_number(stem)) is not None}


def _speaks_of(line: str, asked: list[set[str]]) -> bool:
    """Whether every word asked has a form in ``line`` ("rules no trump": both words); a number
    is a word too ("rules 300" found nothing once words were read: the re-check of session 31)."""
    words = [_forms(word) for word in _words(line)]
    return all(any(forms & have for have in words) for forms in asked)


@handles("repeat")
def _repeat(session: Session, command: Command, prefs: Preferences) -> Reply:
    """The game's last news (the cards and calls since the player last typed), not the answer
    to the last command: that is ``reread``."""
    lines = list(session.printer.last_announcement)
    return Reply(lines or ["Nothing has been announced yet."])


@handles("reread")
def _reread(session: Session, command: Command, prefs: Preferences) -> Reply:
    lines = list(session.printer.last_block)
    return Reply(lines or ["Nothing to read again yet."])


@handles("history")
def _history(session: Session, command: Command, prefs: Preferences) -> Reply:
    count = command.number or DEFAULT_HISTORY
    lines = session.printer.history[-count:]
    if not lines:
        return Reply(["Nothing has happened yet."])
    return Reply([f"History, last {len(lines)} lines:"] + lines + ["End of history."])


# ----- settings -------------------------------------------------------------------------------
VERBOSITY_LEVELS = ("brief", "normal", "full")
ON_WORDS = {"on": True, "off": False, "yes": True, "no": False}


@handles("verbosity")
def _verbosity(session: Session, command: Command, prefs: Preferences) -> Reply:
    words = command.words
    if not words:
        return Reply(prefs.verbosity_lines())
    if len(words) == 1 and words[0] in VERBOSITY_LEVELS:
        return Reply([prefs.set_verbosity(words[0])])
    kind = toggle_kind(words[:-1])
    if kind is not None and words[-1] in ON_WORDS:
        return Reply([prefs.set_toggle(kind, ON_WORDS[words[-1]])])
    return refuse(f"Not a verbosity: {shorten(' '.join(words))}. Say verbosity brief, normal or full, or a kind "
                  "(bids, plays, tricks or hands) and on or off, like verbosity plays off.")


SPEECH_MODES = ("auto", "screen-reader", "tts", "off")


@handles("speech")
def _speech(session: Session, command: Command, prefs: Preferences) -> Reply:
    words = command.words
    if not words:
        return Reply(prefs.speech_lines())
    mode = word_key(" ".join(words))  # as --speech and the settings file read it: "screen reader" too
    if mode not in SPEECH_MODES:
        return refuse(f"Not a speech mode: {shorten(mode)}. Say speech auto, screen-reader, tts or off.")
    return Reply(prefs.set_speech(mode))


BRAILLE_MODES = ("off", "after", "only")
LABEL_WORDS = {"rook": "rook_label", "black": "black_letter", "indicator": "numeric_indicator"}


@handles("braille")
def _braille(session: Session, command: Command, prefs: Preferences) -> Reply:
    words = command.words
    if not words:
        return Reply(prefs.braille_lines())
    if len(words) == 1 and words[0] in BRAILLE_MODES:
        return Reply([prefs.set_braille(words[0])])
    # The label style, as rook-access labels embosses it: the cells on screen match the deck.
    if len(words) == 1 and words[0] in LABEL_WORDS:  # "braille rook": the label is missing
        return refuse(_label_missing(words[0], prefs))
    if len(words) == 2 and words[0] in LABEL_WORDS:
        key = LABEL_WORDS[words[0]]
        value: str | bool = words[1]
        if key == "numeric_indicator":
            if words[1] not in ON_WORDS:
                return refuse("Say braille indicator on or off.")
            value = ON_WORDS[words[1]]
        line, changed = prefs.set_label(key, value)
        return Reply([line]) if changed else refuse(line)
    # Only changes from what is set, as braille alone lists them: it offered "braille black b" to
    # a player with black b (the re-check of session 33).
    return refuse(f"Say {prefs.braille_changes(glossed=True)}.")


def _label_missing(word: str, prefs: Preferences) -> str:
    """What ``braille rook``, ``braille black`` or ``braille indicator`` alone lacks."""
    if word == "rook":
        return f"Say the label after rook, like braille rook {prefs.rook_label_example()}."
    if word == "black":
        return "Say the letter after black: braille black x or braille black b."
    return "Say braille indicator on or off."


# ----- the game -------------------------------------------------------------------------------
@handles("save")
def _save(session: Session, command: Command, prefs: Preferences) -> Reply:
    if session.state.is_over():
        return Reply(["The game is over; there is nothing to save."])
    if session.save():
        return Reply([f"Saved. {session.resume_command} goes on from here."])
    if session.unchanged():  # the save that could not be written would hold what the last one holds
        return Reply([f"Already saved: nothing has changed since the last save. {session.resume_command} goes "
                      "on from here."])
    return refuse(f"Not saved: {session.save_error}. Play goes on; type save again once it can be written.")


@handles("quit")
def _quit(session: Session, command: Command, prefs: Preferences) -> Reply:
    """Save and leave. When the save cannot be written the player is asked first: a second quit
    leaves anyway, and the last good save (if any) is what resume goes on from. With nothing
    changed since that save, nothing would be lost: it leaves at once, and says so."""
    if session.state.is_over():
        return Reply([GOODBYE], quit=True)
    if session.save():
        return Reply([f"Saved. To go on later, type: {session.resume_command}"], quit=True)
    if session.unchanged():  # a read-only save, nothing done since it: nothing is lost
        return Reply([f"Left as saved: nothing has changed since the last save, so nothing is lost. To go on "
                      f"later, type: {session.resume_command}"], quit=True)
    progress = session.progress()
    if progress == session.quit_refused_at:  # refused, and nothing entered or saved since
        if session.ever_saved:
            return Reply([f"Left without saving the last moves. {session.resume_command} goes on from "
                          "the last save that was written."], quit=True)
        return Reply(["Left without saving: nothing of this game could be saved."], quit=True)
    session.quit_refused_at = progress
    return refuse(f"Not saved: {session.save_error}. Type quit again to leave anyway, or play on.")


@handles("new")
def _new(session: Session, command: Command, prefs: Preferences) -> Reply:
    if not session.state.is_over():
        return refuse("A new game starts once this one is over; quit saves this one for later.")
    return Reply(["New game, same rules."], new_game=True)


@handles("help")
def _help(session: Session, command: Command, prefs: Preferences) -> Reply:
    if not command.words:
        return Reply(summary_lines(session.state.options, session.mode))
    word = " ".join(command.words)
    if word in ("me", "please"):  # "help me": the list
        return Reply(summary_lines(session.state.options, session.mode))
    if word in KEEP:  # the misdeal offer's answer, as the hint says it (the docs sweep)
        unused_here = [] if available("misdeal", session.state.options) else ["These rules do not use it."]
        if session.mode == "table" and not unused_here:  # the table offers nothing: a player calls it
            return Reply(["Keep answers the misdeal offer of a game on screen. At the table nothing is offered: "
                          "when a player calls a misdeal, type misdeal, or west misdeal for another seat."])
        return Reply(["Keep: at the misdeal offer, let the bidding go on with the cards as dealt; Enter does "
                      "the same.", "Example: keep.", *unused_here])
    spec = lookup(word) or _phrased(word)
    group = group_lines(session.state.options, session.mode, word)
    if group and spec is None:
        return Reply(group)
    topic = " ".join(topic_words(word)) if spec is None else ""
    ruled = _rules_of(_rules_lines(session), topic) if topic else []
    if ruled:  # "help bidding", "help rook bird": what the rules say of a word of the game, as rules says it
        return Reply(ruled)
    if spec is None:
        groups = ", ".join(dict.fromkeys(g.lower().split()[-1] for g in GROUPS
                                         if group_lines(session.state.options, session.mode, g)))
        return refuse(f"Not a command: {shorten(word)}. Type help for the list, or help and a group: {groups}.")
    lines = command_lines(spec, session.describer.namer.black_letter, session.state.options)
    if session.mode not in spec.modes:  # "help undo" in a game on screen: say so before it is tried
        lines.append(mode_refusal(session, spec))
    elif not available(spec.name, session.state.options):
        lines.append("These rules do not use it.")
    # "help score" is a command and a group: the group too, as help and the guide offer it (the
    # re-check of session 31: status and contract went unheard).
    return Reply(lines + [line for line in group if line not in lines])


def _phrased(words: str) -> CommandSpec | None:
    """The command a phrase the game takes names ("whose turn", "dummy", "what is trump"), so
    help answers for every way of typing a command it advertises."""
    try:
        command = parse(words)
    except ParseError:
        return None
    return COMMANDS.get(command.name) if command.name not in ("card", "cards", "number", "colour") else None


@handles("blank")
def _blank(session: Session, command: Command, prefs: Preferences) -> Reply:
    """A blank line never acts: it says again what is expected. To the misdeal offer it is the
    answer "go on": the computers bid."""
    if session.state.is_over():
        return Reply([session.game_over_line()], kind="prompts")
    session.misdeal_waiting = False
    return Reply([session.prompt()], kind="prompts")


for _name, _kind in (("pass", A.PASS), ("check", A.CHECK), ("partner", A.PARTNER)):
    handles(_name)(_simple(_kind))


@handles("misdeal")
def _misdeal(session: Session, command: Command, prefs: Preferences) -> Reply:
    """A misdeal may be called on turn or not, before the first bid (rules.md): the core says
    whether this seat may call it now."""
    if session.state.is_over():
        return refuse(session.game_over_line())
    action = Action(A.MISDEAL, session.me)
    reason = session.state.why_illegal(action)
    if reason:  # and what may be done now, as every other refusal in the auction says
        return refuse(f"{reason} {session.prompt()}")
    session.misdeal_waiting = False
    session.apply([action])
    return Reply()


# The table's own commands (dealer, undo, correct, laid) attach to the registry there.
from . import table_commands  # noqa: E402,F401
