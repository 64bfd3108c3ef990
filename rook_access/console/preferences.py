"""The settings commands at the table: verbosity, per-kind toggles, speech and braille.

A change takes effect at once (the live announcer's settings object is changed in place, the
card namer is switched, a new speech channel replaces the old) and is written to the settings
file, so it holds for the next game too.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from ..core import cards as C
from ..speech.announce import AnnounceSettings
from ..speech.cardtext import CardNamer, join_words
from ..store.settings import Settings
from .printer import Printer, braille_unshown, shown_braille

WHEN_WORDS = {"always": "always", "never": "never", "turn": "only on your turn"}
UNSAVED_AGAIN = "Note: for this game only, as the settings cannot be saved."
BRAILLE_GLOSS = {"after": "cells after each card name", "only": "cells alone"}  # the modes, as a refusal says them
TOGGLE_WORDS = {"bids": "bids", "plays": "plays", "tricks": "trick summaries", "hands": "hand summaries"}


def turned_off_line(settings: Any) -> str | None:
    """Said at a game's start and resume where the player turned a kind of line off (``verbosity
    plays off``), or None: kept in the settings, a kind turned off games before went unsaid with
    no word why ("Trump: yellow" with nobody's card before it: the accessibility sweep of session 36).
    Each kind's command is said in full: "and so for each" sent a player to type "verbosity trick
    summaries on" before ``verbosity`` took those words (the re-check of session 36)."""
    off = [kind for kind in TOGGLE_WORDS if not getattr(settings, kind)]
    if not off:
        return None
    if len(off) == 1:
        return f"You turned {TOGGLE_WORDS[off[0]]} off: verbosity {off[0]} on brings them back."
    back = "; ".join(f"verbosity {kind} on brings {TOGGLE_WORDS[kind]} back" for kind in off)
    return f"You turned {join_words([TOGGLE_WORDS[kind] for kind in off])} off: {back}."


def toggle_kind(words: tuple[str, ...]) -> str | None:
    """The kind of line ``words`` name (``tricks``, ``trick``, or ``trick summaries`` as the game
    says it), or None: the start line and the toggles' answers say "trick summaries", which
    ``verbosity`` refused (the re-check of session 36)."""
    said = " ".join(words)
    for kind, words_for in TOGGLE_WORDS.items():
        if said in (kind, kind[:-1], words_for):
            return kind
    return None


def why_not_as_set(first: str, channel: Any, silent: str = "") -> list[str]:
    """``first`` ("Speech: off (the setting is screen-reader).") and why, from the channel's
    notice without its own "Speech:"; what would make it work (``advice``) on a line of its own.
    Said after ``first`` whole, "Speech:" came twice in one line of five rows, the install advice
    last (the accessibility sweep of session 36). ``silent``, when given, stands for the
    notice's "Speech is off", which after a setting kept read as a refusal; without it the
    notice's "Speech is off" is left out, as ``first`` has said so ("Speech: off (the setting is
    tts). Speech is off: no sound player..." said it twice: left out by session 37)."""
    advice = getattr(channel, "advice", None)
    why = str(channel.notice).removesuffix(advice or "").rstrip()
    if silent and why.startswith("Speech is off: "):
        why = f"{silent}: {why.removeprefix('Speech is off: ')}"
    for said in ("Speech: ", "Speech is off: "):
        if why.startswith(said):
            why = why.removeprefix(said)
            why = why[:1].upper() + why[1:]
    return [f"{first} {why}", *([advice] if advice else [])]


def speak_changes(rules: dict[str, str]) -> str:
    """The ``speak`` changes that would change something, as ``braille_changes`` offers braille's:
    a fixed "speak plays turn, speak bids never, speak hands always" offered what was in force
    (the ear and braille display sweep of session 39). Each kind left out, back to always; then
    an example of leaving one out, from the kinds said always."""
    back = [f"speak {kind} always" for kind, when in rules.items() if when != "always"]
    examples = [f"speak {kind} {when}" for kind, when in (("plays", "turn"), ("bids", "never"))
                if rules[kind] == "always"]
    return ", ".join([*examples, *back])  # never empty: plays and bids are each in one list


class TablePreferences:
    """Implements ``commands.Preferences`` over the user's Settings."""

    def __init__(
        self,
        settings: Settings,
        announce: AnnounceSettings,
        namer: CardNamer,
        printer: Printer,
        make_channel: Callable[[str], Any],
        channel: Any,
        save: Callable[[Settings, Iterable[str]], Any],
    ) -> None:
        self.settings = settings
        self.announce = announce
        self.namer = namer
        self.printer = printer
        self.make_channel = make_channel
        self.channel = channel
        self._save = save
        self.unsaved: str | None = None  # why settings could not be saved, once said (at the start too)

    def _store(self, *keys: str) -> None:
        """Keep the settings just changed (only those: another game open at once keeps its own)."""
        try:
            note = self._save(self.settings, keys)
            self.unsaved = None  # saved: a failure after this is said again (found by the re-check)
            if note:  # the file could not be read: kept beside the one written
                self.printer.write([note])
        except (OSError, ValueError) as exc:  # ValueError: settings the file would refuse
            reason = exc.strerror if isinstance(exc, OSError) else str(exc)
            # The reason once (the ninth re-check), then a short note at each setting changed: one
            # changed minutes later sounded saved, and was gone in the next game (the settings sweep
            # of session 31; docs/reliability.md).
            self.printer.write([f"Note: the setting holds for this game only; saving failed ({reason})."
                                if reason != self.unsaved else UNSAVED_AGAIN])
            self.unsaved = reason

    # ----- verbosity ---------------------------------------------------------------------------
    def verbosity_lines(self) -> list[str]:
        a = self.announce
        on = [TOGGLE_WORDS[k] for k in TOGGLE_WORDS if getattr(a, k)]
        off = [TOGGLE_WORDS[k] for k in TOGGLE_WORDS if not getattr(a, k)]
        lines = [f"Verbosity: {a.verbosity}."]
        if off:
            lines.append(f"Silenced: {', '.join(off)}.")
        else:
            lines.append(f"Said: {', '.join(on)}.")
        kind = next((k for k in TOGGLE_WORDS if not getattr(a, k)), "plays")  # the first silenced, as typed
        lines.append(f"Change: verbosity brief, normal or full; verbosity {kind} {'on' if off else 'off'}.")
        return lines

    def set_verbosity(self, level: str) -> str:
        self.announce.verbosity = level
        self.settings.verbosity = level
        self._store("verbosity")
        return f"Verbosity: {level}."

    def set_toggle(self, kind: str, on: bool) -> str:
        setattr(self.announce, kind, on)
        setattr(self.settings, kind, on)
        self._store(kind)
        return f"{TOGGLE_WORDS[kind].capitalize()}: {'on' if on else 'off'}."

    # ----- speech ------------------------------------------------------------------------------
    def speech_lines(self) -> list[str]:
        return [*self._speech_now(), "Change: speech auto, screen-reader, tts or off."]

    def _speech_now(self) -> list[str]:
        """Where speech goes now, and the setting and why where that is not as set."""
        now = self.channel.name
        asked = self.settings.speech
        first = f"Speech: {now}." if asked == now else f"Speech: {now} (the setting is {asked})."
        if self.channel.stopped:  # it said "Speech: tts." once the sound device had gone (the voice sweep)
            first = f"Speech: off since it stopped: {self.channel.stopped} (the setting is {asked})."
        elif asked != now and self.channel.notice:  # why, said at the start and scrolled away (the pty sweep)
            return why_not_as_set(first, self.channel)
        return [first]

    def set_speech(self, mode: str) -> list[str]:
        """A new channel for ``mode``; its notice says what speech is now. Where no voice comes of
        it, the setting kept is said first, then why: "Speech is off: no sound player was found"
        alone read as a refusal of a setting that was saved (the newcomer sweep of session 37).
        What to install goes on a line of its own, as ``speech`` says it (``speech screen-reader``
        with Orca and no speechd was one line of five rows, the install advice last: the re-check
        of session 36)."""
        old = self.channel
        old.close()
        self.channel = self.make_channel(mode)
        self.printer.speaker = self.channel
        self.settings.speech = mode
        self._store("speech")
        notice = getattr(self.channel, "notice", None)
        if notice and self.channel.name == "off" and mode != "off":
            kept = "" if self.unsaved else ", kept for later games"  # not kept where saving failed
            return why_not_as_set(f"Speech: {mode}{kept}.", self.channel, silent="No voice is heard now")
        return [notice] if notice else [f"Speech: {mode}."]  # the notice says what speech is now

    # ----- which kinds the voice says ----------------------------------------------------------
    def speak_lines(self) -> list[str]:
        from ..speech.speaking import KIND_WORDS, parse_rules

        rules = parse_rules(self.settings.speak)
        lines = [f"Spoken: {KIND_WORDS[kind]}, {WHEN_WORDS[when]}." for kind, when in rules.items()]
        return self._no_voice() + lines + [f"Change: {speak_changes(rules)}."]

    def _no_voice(self) -> list[str]:
        """Why no voice says these now (none when one does). With speech set, the setting and
        the reason, as ``speech`` says them: "Speech is off: these apply once the game speaks
        (speech tts)" was said where the setting already was tts and no voice could start (the
        ear and braille display sweep of session 39)."""
        if self.channel.name != "off" and not self.channel.stopped:  # stopped in the game too (the re-check)
            return []
        if self.settings.speech == "off":
            return ["Speech is off: these apply once the game speaks (speech tts)."]
        return [*self._speech_now(), "These apply once a voice speaks."]

    def set_speak(self, kind: str, when: str) -> str:
        from ..speech.speaking import KIND_WORDS
        from ..store.settings import current_value

        # From the list as the file holds it now: another game open at once may have changed
        # another kind since (found by the re-check).
        now = current_value("speak", self.settings.speak)
        kept = [entry for entry in now if entry.partition("=")[0] != kind]
        self.settings.speak = kept + ([] if when == "always" else [f"{kind}={when}"])
        self._store("speak")
        return f"Spoken: {KIND_WORDS[kind]}, {WHEN_WORDS[when]}. Every line is still printed."

    @property
    def rook_label(self) -> str:
        """The Rook Bird's label on the player's deck, which they may type for the card."""
        return str(self.settings.rook_label)

    # ----- counting ------------------------------------------------------------------------------
    @property
    def counting(self) -> bool:
        return bool(self.settings.counting)

    def set_counting(self, on: bool) -> str:
        self.settings.counting = on
        self._store("counting")
        if on:
            return "Counting help: on. Type out, or out and a colour, for the cards still out."
        return "Counting help: off."

    # ----- braille -----------------------------------------------------------------------------
    def braille_lines(self) -> list[str]:
        if not self.namer.available:
            return ["Braille labels are not installed in this copy."]
        s = self.settings
        indicator = "with" if s.numeric_indicator else "no"
        held = (f" Set to {s.braille}, but this terminal cannot show braille cells: cards are named in words "
                "only." if s.braille != self.namer.braille else "")
        return [f"Braille labels: {self.namer.braille}.{held}",
                f"Style: Rook Bird {s.rook_label}, black {s.black_letter}, {indicator} numeric indicator.",
                self._braille_changes()]

    def _braille_changes(self) -> str:
        return f"Change: {self.braille_changes()}."

    def braille_changes(self, glossed: bool = False) -> str:
        """The ``braille`` changes that would change something: the modes not set (``glossed``:
        with what they show), the other letter and indicator, and a Rook Bird label back to the
        kit's (it offered "braille black b" and "braille indicator on" to a player who had both:
        the braille sweep of session 33; the refusal too: the re-check of session 33)."""
        s = self.settings
        modes = " or ".join(f"{mode} ({BRAILLE_GLOSS[mode]})" if glossed and mode in BRAILLE_GLOSS else mode
                            for mode in ("off", "after", "only") if mode != s.braille)
        letter = "x" if s.black_letter == "b" else "b"
        return (f"braille {modes}; braille rook {self.rook_label_example()}; braille black {letter}; "
                f"braille indicator {'off' if s.numeric_indicator else 'on'}")

    def rook_label_example(self) -> str:
        """A Rook Bird label other than the one set: the kit's, or bird when the kit's is set."""
        return "bird" if self.settings.rook_label == "rook" else "rook"

    def set_label(self, key: str, value: str | bool) -> tuple[str, bool]:
        """One label option (``rook_label``, ``black_letter``, ``numeric_indicator``), as
        ``rook-access labels`` takes it, checked with the other two: the answer, and whether it
        was changed (when not, the answer says why)."""
        from .naming import braille_labeller

        if not self.namer.available:
            return "Braille labels are not installed in this copy.", False
        s = self.settings
        problem = s.label_problem(**{key: value})
        if problem is not None:
            return f"Not changed: {problem}.", False
        setattr(s, key, value)
        self.namer.labeller = braille_labeller(s.rook_label, s.black_letter, s.numeric_indicator)
        self.namer.black_letter = s.black_letter
        self._store(key)  # saved with the rest of the style (store.settings.SAVED_TOGETHER)
        what = {"rook_label": "Rook Bird label", "black_letter": "Letter for black",
                "numeric_indicator": "Numeric indicator"}[key]
        shown = ("on" if value else "off") if isinstance(value, bool) else value
        return f"{what}: {shown}. {self._label_example(key)}", True

    def _label_example(self, key: str) -> str:
        """A card named as every line names it, the cells shown even with braille off: the voice
        says the name (it read "now ⠃⠊⠗⠙" as "now braille 3 4 5 6...": the voice sweep). Where
        the terminal cannot show cells, that is said instead of a name without them ("Now: 10
        black." hid it: the re-check of session 33)."""
        unshown = braille_unshown(self.printer.stream)
        if unshown:
            return unshown
        card = C.ROOK if key == "rook_label" else C.make(10, C.BLACK)
        example = self.namer.name(card)
        if self.namer.braille == "off" and self.namer.labeller:
            example = f"{self.namer.spoken(card)} {self.namer.labeller(card)}"
        return f"Now: {example}."

    def set_braille(self, mode: str) -> str:
        if not self.namer.available:
            return "Braille labels are not installed in this copy."
        self.namer.braille = shown_braille(mode, self.printer.stream)
        self.settings.braille = mode
        self._store("braille")
        meaning = {"off": "card names only", "after": "cells after each card name",
                   "only": "cells instead of card names"}[mode]
        unshown = braille_unshown(self.printer.stream, mode) if mode != "off" else None
        return f"Braille labels: {mode}, {meaning}." + (f" {unshown}" if unshown else "")
