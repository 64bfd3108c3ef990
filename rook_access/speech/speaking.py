"""Which lines the voice says, kind by kind: never, always, or only when it is your turn.

QuentinC's Playroom gives every kind of message its own speech setting; so do we. The console
still prints every line (a braille display and the scroll-back keep them all); a kind set to
``never`` is only not spoken, and ``turn`` speaks it only when the line comes while it is the
player's turn (the card played just before your turn, the prompt that asks you). The player's
own move (a bid, pass, check, misdeal call, card, discard, trump call, hand-over or partner call)
is always spoken (``line_kind``), as verbosity's toggles keep it, and so are a refusal of what
was typed and the quit line (``console.commands.Reply.speech_kind``). This is apart from
``verbosity``, which decides whether a line is written at all.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ..core.text import show

# Kinds of lines, as the player names them; the announcer's events map onto the first five.
KINDS = ("bids", "plays", "tricks", "hands", "nest", "replies", "prompts")
WHEN = ("always", "never", "turn")
EVENT_KINDS = {
    "bid": "bids", "pass": "bids", "check": "bids", "contract": "bids",
    "play": "plays", "trick": "tricks",
    "game": "hands", "deal": "hands", "misdeal": "hands", "redeal": "hands", "hand_end": "hands",
    "game_end": "hands",
    "take_nest": "nest", "discard": "nest", "trump": "nest", "partner_trump": "nest", "call": "nest",
    # The partner a called card shows (``Announcer.told``): news of the sides, as the call was,
    # not of a card; as a play, speak plays never left it unspoken (the ear and braille sweep of
    # session 39).
    "reveal": "nest",
}
# The player's own always spoken: the answer to what was typed ("trump black" met silence under
# speak nest never: the re-check of session 36).
OWN_MOVES = frozenset({"bid", "pass", "check", "misdeal", "play", "discard", "trump", "partner_trump", "call"})
KIND_WORDS = {"bids": "bids", "plays": "cards played", "tricks": "trick winners", "hands": "deals and scores",
              "nest": "nest, trump and partner calls", "replies": "answers to your commands",
              "prompts": "what is asked of you"}


def left_out_line(entries: Iterable[str]) -> str | None:
    """Said at a game's start and resume where the voice is on and the ``speak`` setting leaves
    a kind out (never, or only on your turn), or None: kept from games before, ``speak nest
    never`` left a player never hearing trump, with no word why (the speech sweep of session 37).
    Each kind's command back to ``always`` is said in full, as ``turned_off_line`` says verbosity's."""
    rules = parse_rules(entries)
    never = [kind for kind in KINDS if rules[kind] == "never"]
    turn = [kind for kind in KINDS if rules[kind] == "turn"]
    lines = [_left_out(kinds, lead, back) for kinds, lead, back in (
        (never, "The voice does not say {}", "brings {} back"),
        (turn, "The voice says {} only on your turn", "says {} every time"),
    ) if kinds]
    return " ".join(lines) or None


def _left_out(kinds: list[str], lead: str, back: str) -> str:
    """One kind by its words, and "them" in its command; more (a kind's words may hold commas:
    "nest, trump and partner calls") each by its own command."""
    if len(kinds) == 1:
        return f"{lead.format(KIND_WORDS[kinds[0]])}: speak {kinds[0]} always {back.format('them')}."
    each = "; ".join(f"speak {kind} always {back.format(KIND_WORDS[kind])}" for kind in kinds)
    return f"{lead.format(f'{len(kinds)} kinds of lines')}: {each}."


def event_kind(event_type: object) -> str:
    """The kind of an announced event's lines ("hands" for any other)."""
    return EVENT_KINDS.get(str(event_type), "hands")


def line_kind(event_type: object, own: bool) -> str | None:
    """The kind whose ``speak`` setting decides an event's lines, or None (always spoken) for
    the player's own move (``own``; ``OWN_MOVES``): with plays never, "You play 10 black." was
    printed but not said, and by ear the player never learnt which 10 went (the accessibility
    sweep of session 36), as verbosity's toggles already keep them."""
    return None if own and str(event_type) in OWN_MOVES else event_kind(event_type)


def parse_rules(entries: Iterable[str]) -> dict[str, str]:
    """The settings' ``speak`` list ("plays=turn") as kind -> when; every kind not named is
    ``always``. Entries that do not parse are left out (the settings check names them)."""
    rules = dict.fromkeys(KINDS, "always")
    for entry in entries:
        kind, _, when = entry.partition("=")
        if kind in KINDS and when in WHEN:
            rules[kind] = when
    return rules


def entry_problem(entries: object) -> str | None:
    """None if ``entries`` suits the ``speak`` setting, else what would work."""
    if not isinstance(entries, list) or not all(isinstance(e, str) for e in entries):
        return f"speak must be a list of \"kind=when\" texts, not {show(entries)}"
    # Every bad entry named: only the first was, and the next was found only once it was mended
    # (the settings sweep of session 34).
    bad = [show(entry) for entry in entries if not _good_entry(entry)]
    if not bad:
        return None
    more = f" and {len(bad) - 3} more" if len(bad) > 3 else ""  # a line a braille display can read
    named = f"speak entry {bad[0]}" if len(bad) == 1 else f"speak entries {', '.join(bad[:3])}{more}"
    return f"{named}: give a kind ({', '.join(KINDS)}) = always, never or turn"


def _good_entry(entry: str) -> bool:
    """Whether one ``speak`` entry is "kind=when" with a kind and a when the game knows."""
    kind, _, when = entry.partition("=")
    return kind in KINDS and when in WHEN


def speaks(rules: Callable[[], dict[str, str]], my_turn: Callable[[], bool]) -> Callable[[str | None], bool]:
    """The printer's test: whether a line of ``kind`` goes to the voice now."""
    def test(kind: str | None) -> bool:
        when = rules().get(kind, "always") if kind else "always"
        return when == "always" or (when == "turn" and my_turn())
    return test
