"""What a typed line does at a real table (``rook-access table``).

The same parser and registry as a game on screen: the questions (hand, trick, last, score,
status, legal, rules, history, review...) and settings run the same handlers. What differs is
that the player enters everyone's calls and cards: a seat's name first says whose
(``north 14r``, ``east pass``, ``west bid 80``); without it the entry is for the seat on turn.
While the table waits for something (who deals, the player's cards, the nest, the nest's
points, the dummy turned up, the bidder's word on the nest) a line of cards, a seat, a number
or yes/no answers it. The table-only commands (``dealer``, ``undo``, ``correct``, ``laid``,
``points``, ``nopoints``) attach to the registry here.
"""

from __future__ import annotations

import difflib
from typing import TYPE_CHECKING

from ..core import Action, IllegalAction
from ..core import actions as A
from ..core import cards as C
from ..core.auction import next_bid
from ..core.errors import NotTheirTurn, RuleError
from ..core.model import Phase
from ..core.nest import no_trump_never
from ..core.table_cards import dummy_seen
from ..core.text import shorten
from ..speech.cardtext import join_words
from .commands import (
    CLOSED,
    Reply,
    after_the_colour,
    bid_mistyped,
    cells_read,
    closed,
    colour_call_typed,
    execute,
    first_command,
    handing_over_refused,
    move_kind,
    numbered_card,
    red_letter_refused,
    refuse,
    too_many_discards,
    unused,
)
from .naming import seat_elsewhere, seat_initials, seat_joined, table_seat_words
from .parse import (
    Command,
    NotText,
    ParseError,
    bare,
    clean_line,
    colour_then_words,
    parse,
    parse_cards,
    points_said,
)
from .registry import ALIASES, COMMANDS, handles

if TYPE_CHECKING:
    from .commands import Preferences
    from .session import Session
    from .table_session import TableSession

# Commands that enter something a seat did; the rest are questions and settings.
ENTRIES = frozenset({"bid", "pass", "check", "misdeal", "discard", "trump", "notrump", "partner", "call",
                     "play", "card", "cards", "number"})

# What a finished game has nothing more of: an entry, or a word about the hand being entered.
AFTER_THE_GAME = ENTRIES | {"laid", "dealer", "points", "nopoints"}


def execute_table(session: TableSession, line: str, prefs: Preferences) -> Reply:
    """Run one typed line at the table. Never raises for anything the player can type."""
    line = cells_read(session, clean_line(line))  # as parse does: a byte-order mark before "west"
    # is no other word; labels as cards, as execute reads them
    line = seat_joined(line, session.table.seats)  # "north west 30", "north-east pass"
    elsewhere = seat_elsewhere(line, session.table.seats)
    if elsewhere:  # "nw pass" was "New is for a game on screen", "north west pass" "Not a seat: west"
        seats = session.table.seats
        return refuse(f"Not a seat in these rules: {elsewhere}. The seats are {join_words(list(seats))}.")
    need = session.need()
    seat, rest = _seat_prefix(session, line)
    if seat is not None and _dummy_glance(session, seat, rest):
        seat, rest = None, line  # "dummy red" reads its red, as on screen
    never = unused(session, rest)
    if never:  # before the deal too: "call" was "Not a seat: call", "north pass" in beginner "Not yet"
        return refuse(never)
    if need == "dealer" and seat is not None and rest:  # "east pass" before anyone has dealt
        return refuse(_first(session, rest))
    if need == "dealer":  # "west" alone answers who deals
        seat, rest = None, line
    try:
        if need is not None and seat is None:
            answer = _answer(session, need, rest, prefs.rook_label)
            if answer is not None:
                return answer
        if seat is not None and need in ("dealer", "hand", "face_up"):
            # No seat acts now: "e 14r" may be cards, with the player's Rook Bird label e (the
            # third re-check).
            answer = _answer(session, need, line, prefs.rook_label) if need != "dealer" else None
            return answer if answer is not None and not answer.refused else refuse(_first(session, rest))
        try:  # "r", "north r high": red where a colour names trump, as "red" is
            command = parse(rest, session.table.state.trump, prefs.rook_label, _names_trump(session, seat))
        except ParseError as exc:
            bid = bid_mistyped(session, rest)  # "80 or 85" in the auction, as on screen
            return refuse(unused(session, rest) or closed(session, rest, prefs)
                          or _colour_call(session, rest, seat, exc) or _seat_misspelt(session, rest)
                          or _move_not_now(session, A.BID if bid else move_kind(rest), rest)
                          or session.parse_refusal(bid or exc))
        if session.table.is_over() and (seat is not None or command.name in AFTER_THE_GAME):
            return refuse(session.prompt())  # "east" alone, "laid", "dealer": the game is over, nothing else
        red = red_letter_refused(session, rest) if _my_trump_call(session, seat) else None
        if red:  # "r" alone with no red in the player's hand: repeat meant, as on screen
            return refuse(red)
        if command.name == "colour" and not _names_trump(session, seat):
            if seat is not None and (need is not None or session.table.is_over()):
                return refuse(_first(session, rest) if need is not None else session.prompt())
            never = _no_trump_never(session, rest)
            if never:  # "north none", and "none" alone ("North to bid." with no reason: the table sweep of session 37)
                return refuse(never)
            if (seat is not None or _calls_no_trump(rest)) and session.table.state.trump < 0:
                # the auction, or the player's discard ("none" alone was "East to bid." with no reason)
                phase = session.describer.phase_word(session.table.state.phase)
                return refuse(f"Not now: this is the {phase}. {session.prompt()}")
            if seat is not None:  # "north red" in the play: a card without its number
                name = session.table.seats[seat]
                return refuse(f"Not a card: {shorten(bare(rest))}. Give a number and a colour, like {name} 14r.")
            return execute(session, rest, prefs)  # a colour alone reads that colour of your hand
        if command.name == "trump" and command.colour is None and not command.words:
            if need in ("dealer", "hand", "face_up"):  # before the deal: no auction yet
                return Reply([session.describer.trump_line(session.view(), dealt=False)])
            if need in ("blind_hand", "nest"):  # the call that ends the auction is held: not "the auction
                # is on" (at the nest's question too: the table sweep of session 37)
                return Reply(["Trump: not named yet.", session.prompt()])
            if not _names_trump(session, seat):
                return execute(session, rest, prefs)  # trump alone asks what it is
            if seat is None and session.on_turn() != session.me and not command.rook:  # another seat names it
                # or named it, held for the bidder's word on the nest ("not named yet": the table sweep of session 38)
                return Reply([session.describer.trump_line(session.contract_view()), session.prompt()])
            if seat is not None or session.on_turn() != session.me:
                # "east trump", "high" while Southwest names trump: the colour is missing (the second
                # re-check; "high" was answered "Trump: not named yet.": the re-check of session 33)
                return refuse(_colour_missing(session, session.on_turn() if seat is None else seat, command.rook))
        spec = COMMANDS.get(command.name)
        if spec is not None and spec.refusal is not None and not spec.available(session.table.options):
            # What these rules never use, said as on screen: the rules' reason, then what the table
            # waits for ("North cannot pass. Not now: ..." in beginner: the fourth re-check).
            return refuse(f"{spec.refusal} {session.prompt()}")
        if command.name in ("points", "nopoints"):
            return _told(session, command.name == "points", seat, need)
        if command.name in ENTRIES or command.name == "colour":
            if command.name == "misdeal" and need not in (None, "dealer", "hand", "face_up"):
                # An answer awaited after bids (the blind hand, the nest): a misdeal never comes
                # again, so not "Not yet" (found by the re-check).
                why = session.table.state.why_illegal(Action(A.MISDEAL, session.me if seat is None else seat))
                if why:
                    return refuse(f"{why} {session.prompt()}")
            if need is not None:
                return refuse(_first(session, rest))
            return _entry(session, command, seat)
        if seat is not None:
            return _seat_and(session, seat, command, rest, prefs)
        if need in ("dealer", "hand", "face_up") and command.name == "hand" and "dummy" in command.words:
            if session.table.options.sides != "dummy" or command.unread:
                return execute(session, rest, prefs)  # "No dummy in these rules", "dummy xyz" refused, as on screen
            # It listed the player's own cards as the dummy's (found by the second re-check).
            return refuse(f"The dummy's cards are not entered yet. {session.prompt()}")
        if need in ("dealer", "hand", "face_up") and command.name in ("status", "turn", "legal", "hand", "trick"):
            return Reply(session.standing() + [session.prompt()])
        if need == "blind_hand" and command.name == "hand":  # the cards typed so far, not the blind view
            return Reply(session.entered() + [session.prompt()])
        if need is not None and command.name == "legal":  # nothing may be played before the answer
            return Reply([session.prompt()])
        if command.name in ("blank", "turn", "status") and not session.table.is_over():
            # What the table waits for is what is expected next, which the view's turn alone does
            # not say (the nest to enter, another bidder's unseen discard skipped).
            # A blank line's is what is expected, said again: a prompt, not an answer, and always
            # said while the table asks something, as the prompt itself is (commands.table._asked).
            kind = ("prompts" if need is None else None) if command.name == "blank" else "replies"
            return Reply((session.standing() if command.name == "status" else []) + [session.prompt()], kind=kind)
        if command.name == "legal" and need is None and not session.table.is_over() \
                and session.on_turn() != session.me:
            return Reply(_their_choice(session))
        return execute(session, rest, prefs)
    except RuleError as exc:  # IllegalAction included: one line, nothing changed, cards named as everywhere
        return refuse(session.describer.namer.restyle(str(exc), session.table.state.trump))


def _dummy_glance(session: TableSession, seat: int, rest: str) -> bool:
    """Whether a line naming the dummy's seat asks for one colour of its cards ("dummy red",
    "dummy trump"), as on screen, and not for an entry of its card: it was "Not a card: red." and
    "Trump: green." (the table sweep of session 39). The dummy bids and names nothing."""
    if seat != session.table.state.dummy:
        return False
    word = bare(rest.strip().lower())
    return word in ("trump", "trumps") or C.parse_color(word) is not None


def _colour_missing(session: TableSession, seat: int, rook: str) -> str:
    """What a seat's trump call without its colour needs, the Rook Bird's call kept if typed."""
    example = f"{session.table.seats[seat]} trump red {rook}".rstrip()
    return f"Say the colour named, like: {example}."


def _after_the_colour(session: TableSession, words: str, seat: int | None) -> str | None:
    """``after_the_colour`` said of the seat naming trump ("sw trump red hgh"), or to the player;
    first, for another seat named, that it is not theirs to name ("se red hgh" while Northeast
    names trump was told what Southeast should say: the sweeps of session 34)."""
    state = session.table.state
    if seat is not None and seat != state.actor and colour_then_words(words) is not None:
        return _not_their_turn(session, seat)
    naming = state.actor if seat is None else seat
    who = "" if naming == session.me else session.describer.seat(session.view(), naming, capital=True)
    return after_the_colour(state, words, who)


def _colour_call(session: TableSession, rest: str, seat: int | None, error: ParseError) -> str | None:
    """While a colour names trump, a colour and more that cannot be read ("red hgh", "ne r hgh",
    "red, rook hgh") is the trump call it begins, refused as "trump red hgh" is: it was "Not a
    card: red hgh" (the sweeps of session 34); None otherwise (``colour_call_typed``)."""
    if not colour_call_typed(rest, error, _names_trump(session, seat)):
        return None
    return _after_the_colour(session, rest, seat)


def _not_their_turn(session: TableSession, seat: int) -> str:
    """An entry for ``seat`` while another seat is on turn: whose turn it is, and what the table
    waits for."""
    state, view = session.table.state, session.view()
    turn = "your" if state.actor == session.me else f"{session.describer.seat(view, state.actor)}'s"
    theirs = "yours" if seat == session.me else f"{session.describer.seat(view, seat)}'s"
    return f"It is {turn} turn, not {theirs}. {session.prompt()}"


def _seat_and(session: TableSession, seat: int, command: Command, rest: str, prefs: Preferences) -> Reply:
    """A seat named before something that is not an entry: "north laid" (the bidder's), "dummy"
    alone (its cards, as in a game), else what to type instead."""
    state = session.table.state
    view = session.view()
    who = session.describer.seat(view, seat, capital=True)
    if command.name == "laid":
        why = _not_laid_now(session, seat)
        return refuse(why) if why else execute(session, rest, prefs)
    if command.name == "blank":
        if seat == state.dummy:
            return execute(session, "hand dummy", prefs)
        name, whom = session.table.seats[seat], session.describer.seat(view, seat)  # "you" mid-sentence
        # An example that fits now ("east 14r" in an auction was then refused: the docs sweep).
        if session.need() is not None:
            return refuse(_first(session))
        passed = any(s == seat and kind == "pass" for s, kind, _amount in view.auction)
        if state.phase == Phase.AUCTION and session.table.options.auction and passed:
            return refuse(f"{who} passed, and a pass is final for this hand. {session.prompt()}")
        if state.phase in (Phase.AUCTION, Phase.PLAY) and seat != state.actor:  # its example was refused so
            return refuse(_not_their_turn(session, seat))
        if state.phase == Phase.AUCTION and session.table.options.auction:
            bid = next_bid(session.table.options, state.high_bid, state.high_bidder)
            return refuse(f"What did {whom} do? Type it after the seat, like: {name} pass, or {name} {bid}.")
        if state.phase == Phase.PLAY:
            return refuse(f"What did {whom} do? Type it after the seat, like: {name} {_playable(session)}.")
        return refuse(f"What did {whom} do? {session.prompt()}")
    return refuse(f"{shorten(rest)} is not something a seat does at the table: type it alone, without "
                  f"{session.describer.seat(view, seat)}.")


def _told(session: TableSession, points: bool, seat: int | None, need: str | None) -> Reply:
    """``points`` / ``no points``: what another bidder says of the nest (``nest_points_told``)."""
    bidder = session.table.state.bidder
    if seat is not None and bidder >= 0 and seat != bidder:
        who = session.describer.seat(session.view(), bidder, capital=True)
        return refuse(f"Only the bidder says what went into the nest, and that is {who}.")
    if need not in (None, "told"):
        return refuse(_first(session))
    return Reply(session.answer_told(points))


# What the table waits for, as the reason an entry must wait.
FIRST = {"dealer": "who deals", "hand": "your cards", "face_up": "the face-up cards", "nest": "the nest's cards",
         "nest_points": "the nest's points", "dummy": "the dummy's cards", "told": "the bidder's word on the nest",
         "blind_hand": "your hand"}


def _first(session: TableSession, line: str = "") -> str:
    """An entry refused while the table waits for something else: what comes first, and the
    question again. A call of no trump (``line``) where the rules never allow one is told so, as
    in the auction: "Not yet" said it might be entered later (the re-check of session 37)."""
    first = FIRST.get(session.need() or "", "the answer")
    return _no_trump_never(session, line) or f"Not yet: first {first}. {session.prompt()}"


def _no_trump_never(session: TableSession, line: str) -> str | None:
    """Where ``line`` calls no trump and these rules never allow one: why, and the question again;
    else None."""
    if not _calls_no_trump(line):
        return None
    never = no_trump_never(session.table.state, Action(A.TRUMP, C.NO_TRUMP))
    return f"{never} {session.prompt()}" if never else None


def _calls_no_trump(line: str) -> bool:
    """Whether ``line`` calls no trump, however it is spelt: "no trump", "nt", "trump none", "none",
    or with words after it ("no trumps please", as dictation types it)."""
    try:
        command = parse(line)
    except ParseError:
        spec = first_command(line)
        return spec is not None and spec.name == "notrump"
    return command.name == "notrump" or (command.name in ("trump", "colour") and command.colour == C.NO_TRUMP)


def _their_choice(session: TableSession) -> list[str]:
    """``legal`` when another seat is on turn: what the table knows of their choice."""
    seat = session.on_turn()
    table = session.table
    state = table.state
    who = session.describer.seat(session.view(), seat, capital=True)
    if table.next_phase() != Phase.PLAY or state.suits is None:
        return [session.prompt()]
    if state.turn == state.dummy >= 0:  # every card of the dummy is seen: its choice is known
        cards = list(C.cards_in(state.legal_plays_mask()))
        return [f"{who} may play from the dummy: {session.describer.namer.names(cards)}."]
    suits = state.suits
    unseen = table.unknown()  # not played, not yours, not the nest you laid, not the dummy's
    none = [("trump" if suit == suits.trump_suit else C.COLORS[suit])
            for suit, mask in enumerate(suits.masks)
            if mask & unseen and not mask & unseen & ~table.shown_out[seat]]
    lines = [f"{who} may play any card not yet played and not in {_seen_places(session)}."]
    if none:
        lines.append(f"{who} has shown none of {' or '.join(none)}.")
    # Cards the table saw go elsewhere, as the face-up nest card the bidder took: a play of them
    # is refused, so ``legal`` says so first (it allowed "any card not in your hand": the table sweep of session 39).
    return lines + table.why_barred(seat, unseen & ~table.may_hold(seat) & ~table.shown_out[seat])


def _seen_places(session: TableSession) -> str:
    """Where the table sees cards another seat cannot play: "your hand, the dummy or the nest
    you laid" (the dummy's cards still in it)."""
    state = session.table.state
    places = ["your hand"]
    if dummy_seen(state):
        places.append("the dummy")
    if state.bidder == session.me and state.discards:
        places.append("the nest you laid")
    return " or ".join([", ".join(places[:-1]), places[-1]]) if len(places) > 1 else places[0]


# What a seat did, as a family says it at the table: "east plays 14r", "north names green".
SEAT_VERBS = {"plays": "play", "played": "play", "leads": "play", "led": "play", "bids": "bid",
              "passes": "pass", "passed": "pass", "checks": "check", "checked": "check", "calls": "call",
              "called": "call", "names": "trump", "named": "trump"}


def _seat_prefix(session: TableSession, line: str) -> tuple[int | None, str]:
    """A seat named first (or by its initials, "w 13g", "ne pass", where no command has them),
    and the rest of the line, its verb as the command says it."""
    words = _without_the(session, line.strip().split(maxsplit=1))
    if not words:
        return None, line
    seat = _seat_word(session, words[0], alone=len(words) == 1)
    if seat is None:
        return None, line
    rest = words[1] if len(words) > 1 else ""
    verb, _, after = rest.partition(" ")
    if verb.lower() in SEAT_VERBS:
        rest = f"{SEAT_VERBS[verb.lower()]} {after}".strip()
    return seat, rest


def _without_the(session: TableSession, words: list[str]) -> list[str]:
    """The first word and the rest, a filler "the" before a seat's name dropped: "the north pass"
    as "north pass", as the parser drops it before a command ("the pass"); it was "Not a command
    or a card: north." (the re-check of session 33). Its initials too, as without "the": "the ne
    pass" was "Not a command or a card: ne." (the re-check of session 34)."""
    after = words
    while len(after) == 2 and bare(after[0].lower()) == "the":  # "the the north pass" too
        after = after[1].split(maxsplit=1)
        if _seat_word(session, after[0], alone=len(after) == 1) is not None:
            return after
    return words


def _seat_word(session: TableSession, word: str, alone: bool = False, first: bool = True) -> int | None:
    """The seat a word names: its name, or its initials ("w", "ne") where no command of the
    table has them (and, ``alone`` on a line, not "n", which answers no: "ne" alone is
    northeast, as "northeast" alone is). ``first`` False: a word after a command ("correct e
    14y"), which no command can be."""
    seats = session.table.seats
    word = bare(word.lower())
    initials = seat_initials(seats)
    command = COMMANDS[ALIASES[word]] if word in ALIASES and first else None
    if word in initials and not (alone and word == "n") and (command is None or "table" not in command.modes):
        word = initials[word]
    return seats.index(word) if word in seats else None


def _seat_misspelt(session: TableSession, line: str) -> str | None:
    """"nort 14r": the seats named, when the first word looks like one and is nothing else (not
    a command: "last trick" is no misspelt "east"), after a filler "the" as a seat spelt right is
    ("the nort pass" was "Not a command or a card: nort.": the sweeps of session 34)."""
    words = line.strip().lower().split()
    while len(words) > 1 and bare(words[0]) == "the":
        words = words[1:]
    seats = session.table.seats
    if not words or words[0] in ALIASES:
        return None
    # Another table's seat or its initials ("n pass", "w 35" where five play): as a misspelt one
    # (they were "Not a command or a card: n": the table sweep of session 38).
    other = table_seat_words().get(bare(words[0]), words[0]) if len(words) > 1 else words[0]
    close = difflib.get_close_matches(other, seats, n=1, cutoff=0.6) if len(words) > 1 else []
    if not close:
        return None
    names = join_words(list(seats))
    return f"Not a seat: {shorten(words[0])}. The seats are {names}: like {close[0]} {shorten(' '.join(words[1:]))}."


def _answer(session: TableSession, need: str, line: str, rook_label: str) -> Reply | None:
    """The answer to what the table waits for, or None when the line is something else (a
    question, undo, help)."""
    text = line.strip().lower()
    if need == "dealer":
        dealer = _dealer_word(session, text)  # "dealer west" and "dl w" are the command's
        if dealer is not None:
            session.say_dealer(dealer)
            return Reply()
        if _readable(text):
            return None
        return refuse(f"Not a seat: {shorten(bare(text))}. {session.prompt()}")  # the question again
    if need == "nest_points":
        number = points_said(text)  # "20.", "20 points", "ten", "none" (the re-checks of sessions 30, 31)
        if number is not None:
            try:
                return Reply(session.answer_number(number))
            except RuleError as exc:  # a count the nest cannot hold: why, and the question again
                return refuse(f"{session.describer.namer.restyle(str(exc))} {session.prompt()}")
        if _readable(text):
            return None
        return refuse(f"Not a number of points: {shorten(bare(text))}. {session.prompt()}")
    if need == "told":
        said = bare(text)  # "Yes." as dictation types it
        if said in ("yes", "y"):
            return Reply(session.answer_told(True))
        if said in ("no", "n", "none"):
            return Reply(session.answer_told(False))
        return None  # points, no points, or a question: the commands
    if _calls_no_trump(text):  # "none" too, as "no trump" is: it was "Not a card: none" (the re-check of session 37)
        return refuse(_first(session, text))
    try:
        cards = parse_cards(text, rook_label)
    except ParseError as exc:
        if _is_command(text, colour=need in COLOUR_ASKED):
            return None
        spec = first_command(text)  # as a game on screen reads it: "Undo. x", "no trumps please"
        if spec is not None and spec.refusal is not None and not spec.available(session.table.options):
            return refuse(f"{spec.refusal} {session.prompt()}")  # "laid now" where nothing is laid: the rules' reason
        if spec is not None:  # a command with a wrong word after it: its own reason (a move: not yet)
            try:
                parse(text)
            except ParseError as wrong:
                return refuse(_move_not_now(session, move_kind(text), text) or session.parse_refusal(wrong))
        return refuse(session.parse_refusal(exc))
    outside = [c for c in cards if not C.BIT[c] & session.table.state.deck.mask]
    if outside:  # before any count of the cards asked for (the fifth re-check)
        return refuse(_not_in_deck(session, outside[0]))
    return Reply(session.answer_cards(cards))


def _not_in_deck(session: TableSession, card: int) -> str:
    return f"The {session.describer.namer.name(card)} is not in this game's deck. {session.prompt()}"


def _readable(text: str) -> bool:
    """Whether the line means anything at all (a command, a card, a number): else it is taken
    for a mistyped answer to the question asked. A command with a wrong word after it is the
    command's to refuse, as is a line that is not text ("out turn" was "Not a seat: out turn")."""
    try:
        parse(text)
    except NotText:
        return True
    except ParseError:
        return first_command(text) is not None
    return True


# Where a colour alone asks for that colour of the hand, as before and after: the nest asked for
# (the player's hand is known, and the nest's cards are typed as cards). It was "Not a card: red."
# there (the table sweep of session 37). While a hand is typed it is a card half typed, and at
# the dummy's question trump is being named, where a colour is the call.
COLOUR_ASKED = frozenset({"nest"})


def _is_command(text: str, colour: bool = False) -> bool:
    """Whether the line is a command, not an answer of cards; ``colour``: a colour alone is one
    (not "none", which reads no colour of the hand)."""
    try:
        command = parse(text)
    except ParseError:
        return False
    if command.name == "colour":
        return colour and command.colour != C.NO_TRUMP
    return command.name not in ("card", "cards", "number")


def _my_trump_call(session: TableSession, seat: int | None) -> bool:
    """Whether the player's own trump call is next, typed with no seat or with the player's own."""
    return seat in (None, session.me) and _names_trump(session, seat) and session.my_turn()


def _names_trump(session: TableSession, seat: int | None) -> bool:
    """Whether a colour now names trump: trump is not named and it is time to, or the nest is
    being laid aside unseen first."""
    state = session.table.state
    unseen_discard = state.phase == Phase.DISCARD and state.bidder != session.table.me
    return state.trump < 0 and (state.phase == Phase.TRUMP or unseen_discard) and session.table.options.auction


def _entry(session: TableSession, command: Command, seat: int | None) -> Reply:
    """An entry: build its actions from the command and the phase, and give them to the table."""
    state = session.table.state
    name = command.name
    if session.table.is_over():  # "The game is over. The game is over: ..." was said (the fifth re-check)
        return refuse(session.prompt())
    outside = [c for c in command.cards if not C.BIT[c] & state.deck.mask]
    if outside:  # "rook" in two-player: not "a card, but this is the auction" (the fourth re-check)
        return refuse(_not_in_deck(session, outside[0]))
    actions: list[Action]
    by_number = name == "number" or name in ("play", "discard") and not command.cards  # "9", "play 9"
    # What the next entry is for (another bidder's unseen discard skipped: its trump call).
    phase = session.table.next_phase()
    if by_number and name != "number":
        # "d 5" in the auction, "play 6" in the player's own discard: out of their phase, told so
        # before the number is read, as on screen (found by the re-checks: "play 6" with two 6s
        # asked for the colour, then refused the card for the phase).
        wrong = _move_not_now(session, A.DISCARD if name == "discard" else A.PLAY)
        if wrong or phase not in (Phase.PLAY, Phase.DISCARD):
            return refuse(wrong or f"Not now: a card is played in the play. {session.prompt()}")
        if not 1 <= (command.number or 0) <= 14:  # "d 15" was an entry of no card, and failed
            return refuse(f"No card has the number {command.number}: {session.prompt()}")
    if by_number and phase in (Phase.PLAY, Phase.DISCARD) and 1 <= (command.number or 0) <= 14:
        # The cards known are the player's and a dummy's it plays ("dummy 6" was refused as another
        # seat's: found by a re-check); the number is read in the hand whose turn it is, named by
        # the player's own seat too, as a card is ("south 4r" plays the dummy's 4 red on its turn).
        if state.actor != session.me or seat not in (None, state.turn, session.me):
            yours = "yours, or the dummy's when you play it," if state.dummy >= 0 else "yours,"
            on_turn = session.table.seats[state.actor]  # an example that may go now (it named north)
            return refuse(f"A number alone names a card of {yours} on its turn: for another seat, say the "
                          f"colour too, like {on_turn} {_playable(session, command.number or 0)}.")
        card = numbered_card(session, command.number or 0)
        if isinstance(card, str):
            return refuse(card)
        actions = _card_actions(session, Command("play" if name == "play" else "card", cards=(card,)), seat)
    elif name in ("bid", "number"):
        if not session.table.options.auction:  # beginner: as on screen
            return refuse(f"These rules have no auction: a number alone plays a card of that number. "
                          f"{session.prompt()}")
        if state.phase != Phase.AUCTION:
            return refuse((_move_not_now(session, A.BID) if name == "bid" else None)  # "bid 105" is no number alone
                          or f"A number alone is a bid, and the auction is over. {session.prompt()}")
        assert command.number is not None
        actions = [Action(A.BID, command.number)]
    elif name in ("pass", "check", "partner"):
        actions = [Action(name)]
    elif name == "misdeal":
        actions = [Action(A.MISDEAL, session.me if seat is None else seat)]
        seat = session.me if seat is None else seat
    elif name in ("trump", "colour"):
        if command.colour is None:  # "trump purple": first, as for a colour, whether trump is named now
            return refuse(_move_not_now(session, A.TRUMP) or _after_the_colour(session, " ".join(command.words), seat)
                          or f"Name the colour: trump {session.describer.colour_choices(session.view())}.")
        if command.rook and command.colour == C.NO_TRUMP:
            return refuse("No trump has no Rook Bird call: the Rook Bird is wild in no trump.")
        actions = [A.trump_action(command.colour, command.rook)]
    elif name == "notrump":
        actions = [Action(A.TRUMP, C.NO_TRUMP)]
    elif name == "call":
        actions = [Action(A.CALL, command.cards[0])]
    elif name == "discard":
        actions = [Action(A.DISCARD, c) for c in command.cards]
    else:  # play, card, cards: by the phase
        actions = _card_actions(session, command, seat)
        if not actions:
            return refuse("One card at a time, like 14r; several only in your own discard.")
    never = no_trump_never(state, actions[0]) if phase != Phase.TRUMP else None
    if never:  # for any seat, before the phase: "Not now: this is the play" suggested later (session 34)
        return refuse(f"{never} {session.prompt()}")
    if (seat is None or seat == session.me) and actions[0].kind not in (A.CHECK, A.MISDEAL):
        # The player's "pass" or "play 5r" at its trump call or discard: the phase and what it
        # asks, as on screen (the core's "Not now: it is time to name trump." named no colour:
        # found by the re-checks). The core says the rest: why a check or a misdeal is not now,
        # another seat's move by its name.
        wrong = _move_not_now(session, actions[0].kind)
        if wrong:
            return refuse(wrong)
    discards = sum(a.kind == A.DISCARD for a in actions)
    reason = too_many_discards(state, discards) if discards and state.phase == Phase.DISCARD else None
    if reason:
        return refuse(reason)
    known = state.turn in (session.me, state.dummy) and state.turn >= 0  # a hand the program knows
    held = state.hands[state.turn] if known else -1
    try:
        reply = Reply(session.enter(actions, seat))
    except IllegalAction as exc:
        if any(a.kind in (A.PLAY, A.DISCARD) and not C.BIT[a.value] & held for a in actions) \
                or actions[0].kind == A.MISDEAL or isinstance(exc, NotTheirTurn):
            # "You do not hold the 14 yellow.", a misdeal after the first bid: and what may go
            # now, as on screen (the second re-check; the misdeal, the listening sweep)
            raise IllegalAction(f"{exc} {session.prompt()}") from None
        raise
    after = session.table.state  # the discard may have completed the nest: then it was told whole
    if discards and not reply.lines and after.phase == Phase.DISCARD and after.bidder == session.me:
        # As on screen: a discard short of the nest's size says what was taken.
        reply.lines.append(f"Laid aside: {session.describer.namer.names([a.value for a in actions])}.")
    return reply


def _move_not_now(session: TableSession, kind: str | None, line: str = "") -> str | None:
    """Why a move of ``kind`` typed incomplete or unreadable ("discard" alone, "trump purple") is
    not entered now, when its kind is not the next entry's, as on screen; None otherwise. ``line``:
    the move typed, where a question awaits (no trump where never allowed is told so)."""
    table = session.table
    if kind is None or table.is_over():
        return None
    if session.need() is not None:  # what the whole move gets too (found by the re-check)
        return _first(session, line)
    never = _no_trump_never(session, line)
    if never:  # "no trumps please" in the auction, as "no trump" (left out by session 37)
        return never
    if kind in table.next_kinds():
        return None
    why = handing_over_refused(table.state, kind, session.me)  # as on screen
    if why:
        return f"{why} {session.prompt()}"
    return f"Not now: this is the {session.describer.phase_word(table.next_phase())}. {session.prompt()}"


def _card_actions(session: TableSession, command: Command, seat: int | None) -> list[Action]:
    state = session.table.state
    cards = command.cards
    mine = seat is None or seat == session.me
    if state.phase == Phase.DISCARD and state.bidder == session.me and mine and command.name != "play":
        # "play 5r" in the discard is a play out of its phase, told so: it laid the card in the
        # nest (found by the third re-check).
        return [Action(A.DISCARD, c) for c in cards]
    if len(cards) != 1:
        return []
    if state.phase == Phase.CALL and command.name != "play":
        return [Action(A.CALL, cards[0])]
    if state.phase == Phase.AUCTION:  # as on screen, with the bids that may be made (a re-check)
        raise IllegalAction((_move_not_now(session, A.PLAY) if command.name == "play" else None)
                            or f"The {session.describer.namer.spoken(cards[0])} is a card, but this is the "
                            f"auction. {session.prompt()}")
    return [Action(A.PLAY, cards[0])]


# ----- the table's own commands ------------------------------------------------------------------
def _table(session: Session) -> TableSession:
    from .table_session import TableSession
    if not isinstance(session, TableSession):  # the registry's modes keep these at the table
        raise IllegalAction("That is for a game with real cards: rook-access table.")
    return session


@handles("dealer")
def _dealer(session: Session, command: Command, prefs: Preferences) -> Reply:
    table = _table(session)
    word = " ".join(command.words)
    if not word and table.need() != "dealer":  # the deal is under way: who deals, not a question
        who = table.describer.seat(table.view(), table.dealing(), capital=True)
        return Reply([f"{who} {'deal' if who == 'You' else 'deals'} this hand; the rules pass the deal on."])
    seat = _dealer_word(table, word, first=False) if word else None  # "dl nw", as "nw" answers it
    if seat is None:
        return refuse(f"Name the dealer's seat: {', '.join(table.dealers())}.")
    table.say_dealer(seat)  # a dummy never deals: said there, however it was named
    return Reply()


def _dealer_word(session: TableSession, word: str, first: bool = True) -> int | None:
    """The seat named as the dealer: a seat or its initials, or the player ("me", "you")."""
    return session.me if word in ("you", "me", "i") else _seat_word(session, word, first=first)


@handles("undo")
def _undo(session: Session, command: Command, prefs: Preferences) -> Reply:
    table = _table(session)
    lines = table.undo()
    return Reply(lines)


@handles("correct")
def _correct(session: Session, command: Command, prefs: Preferences) -> Reply:
    table = _table(session)
    # A seat of this game that has played, and a card not placed: "correct west 13r" named a
    # seat six-teams has not, and was given again to itself (the fuzz sweep).
    view = table.view()
    played = [s for _lead, plays, _w in view.tricks for s, _card in plays if s != table.me] + [
        s for s, _card in view.trick if s != table.me]
    # The latest seat with a card that would be taken in place of its own (the re-check).
    example = next(((seat, card) for seat in reversed(dict.fromkeys(played))
                    if (card := table.table.a_correction(seat)) is not None), None)
    if example:
        seat, card = example
        typed = session.describer.namer.code(card)
        usage = f"Say whose card and the right card, like: correct {table.table.seats[seat]} {typed}."
    elif played:  # no other card fits anywhere, so no example could be typed back
        usage = "Say whose card and the right card: correct, the seat, then the card."
    else:  # "like: correct west 14g" was then "West has played no card this hand"
        usage = f"No other player has played a card this hand: correct changes a card entered for one. " \
                f"{session.prompt()}"
    if not command.words:
        return refuse(usage)
    words = " ".join(command.words).split()
    if not words:
        return refuse(usage)
    # "correct w 8y", as "w 8y" enters it; "correct you 5r", as the replies call the player
    seat = table.me if words[0] in ("you", "me", "i") else _seat_word(table, words[0], first=False)
    if seat is None:
        return refuse(f"Not a seat: {shorten(words[0])}. {usage}")
    try:
        cards = parse_cards(" ".join(words[1:]), prefs.rook_label)
    except ParseError as exc:  # a card mistyped is said as everywhere ("Not a card: 10 blk. ...")
        return refuse(session.parse_refusal(exc) if len(words) > 1 else usage)
    if len(cards) != 1:
        return refuse(usage)
    return Reply(table.correct(seat, cards[0]))


def _playable(session: TableSession, number: int = 0) -> str:
    """A card the seat on turn may play now as far as the player knows (of ``number``, when one
    is), for an example that can be typed: the player's own, the dummy's, or one another seat
    may hold ("14r" was refused where it was played already; an example for the player's own
    seat was never a card it held: the fuzz sweep and its re-check)."""
    cards = session.may_enter(A.PLAY)
    of_number = [card for card in cards if C.number_of(card) == number]
    return session.describer.namer.code((of_number or cards or [C.ROOK])[0])


@handles("laid")
def _laid(session: Session, command: Command, prefs: Preferences) -> Reply:
    table = _table(session)
    why = _not_laid_now(table, None)  # as "north laid" is told (the fifth re-check)
    return refuse(why) if why else Reply(table.laid())


# "laid 5r" was told "type just laid", then "The nest is laid aside already" (the re-check of session 29).
CLOSED["laid"] = lambda session, prefs: _not_laid_now(_table(session), None)


def _not_laid_now(session: TableSession, seat: int | None) -> str | None:
    """Why another bidder's nest cannot be entered as laid aside now (``seat``: who was named,
    None for whoever holds the contract), or None."""
    state = session.table.state
    if session.need() is not None:  # the nest's cards asked: the bid is held until they are in
        return _first(session)
    if state.bidder < 0:
        return "Nobody has the contract yet: the bidder lays the nest aside after the auction."
    if seat is not None and seat != state.bidder and state.bidder != session.me:
        bidder = session.describer.seat(session.view(), state.bidder)
        return f"Only the bidder lays the nest aside, and that is {bidder}."
    if state.phase == Phase.TRUMP and session.table.options.trump_before_discard:
        return f"Not yet: these rules name trump before the nest is laid aside. {session.prompt()}"
    if state.phase != Phase.DISCARD:
        return f"The nest is laid aside already. {session.prompt()}"
    if state.bidder == session.me:  # the player's own discard is typed, card by card
        return f"You have the contract: type the cards you lay aside. {session.prompt()}"
    return None



@handles("points")
def _points(session: Session, command: Command, prefs: Preferences) -> Reply:
    table = _table(session)
    return _told(table, True, None, table.need())


@handles("nopoints")
def _no_points(session: Session, command: Command, prefs: Preferences) -> Reply:
    table = _table(session)
    return _told(table, False, None, table.need())
