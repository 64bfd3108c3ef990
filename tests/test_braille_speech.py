"""Braille and speech together (issue 12, point 5): the voice gets the words, the braille
display the cells; the label style of ``rook-access labels`` is a setting in play too."""

from __future__ import annotations

import io
import random
import re
from pathlib import Path

import pytest

from rook_access.braille.labels import LabelStyle, label_cells
from rook_access.console.naming import braille_labeller, table_namer
from rook_access.console.printer import Printer
from rook_access.core import cards as C
from rook_access.core import new_game, preset_names
from rook_access.speech.cardtext import special_mask, spell_short_forms

from .console_helpers import Table
from .playthroughs.driver import Case, play

PLAYTHROUGHS = Path(__file__).resolve().parent / "playthroughs"


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("ROOK_ACCESS_HOME", str(tmp_path))
    return tmp_path


def test_speech_of_a_braille_game_is_the_plain_game_word_for_word() -> None:
    """The red-one playthrough is stored with braille off and with cells after each name (the
    same game): every line the voice says with braille on is the line of the game without it."""
    plain = (PLAYTHROUGHS / "red-one.txt").read_text("utf-8").splitlines()
    cells = (PLAYTHROUGHS / "red-one.braille-after.txt").read_text("utf-8").splitlines()
    assert len(plain) == len(cells)
    namer = table_namer("after", red_one=True)
    with_cells = 0
    for off, on in zip(plain, cells):
        if on.startswith("> "):  # what was typed: echoed, never spoken
            continue
        with_cells += on != off
        assert namer.for_speech(on) == spell_short_forms(off)  # as the voice says the line without cells
    assert with_cells > 50  # the cells were there to drop


def test_cells_only_are_spoken_as_card_names() -> None:
    namer = table_namer("only", red_one=True)
    line = f"North plays {namer.name(C.from_code('14r'))}."
    assert line != "North plays 14 red."
    assert namer.for_speech(line) == "North plays 14 red."
    assert namer.for_speech(f"Wild: {namer.name(C.ROOK)}.") == "Wild: Rook Bird."
    assert namer.for_speech(f"Red 1: {namer.name(C.make(1, C.RED))}.") == "Red 1: Red 1."
    assert not any(0x2800 <= ord(ch) <= 0x28FF for ch in namer.for_speech(" ".join(
        namer.name(card) for card in range(C.CARD_COUNT))))


@pytest.mark.parametrize("preset", preset_names())
def test_labels_alone_are_spoken_as_the_game_without_braille_says_them(preset: str) -> None:
    """Braille ``only``: the display shows each label's cells alone, and the voice says each line
    exactly as braille ``off`` does: "Red: 14, 12", not "Red: 14 red, 12 red" (which made a hand
    2% longer to hear). The same game played both ways, every line compared."""
    state, _ = new_game(preset, None, Case(preset).seed)
    namer = table_namer("only", special_mask(state.options))
    off = play(Case(preset))[0].splitlines()
    only = play(Case(preset, braille="only"))[0].splitlines()
    assert len(off) == len(only)
    shortened = 0
    for plain, cells in zip(off, only):
        assert namer.for_speech(cells) == spell_short_forms(plain)  # as the voice says the line off
        shortened += bool(re.search(r"[\u2800-\u28ff]", cells)) and ", " in plain and plain != cells
    assert shortened > 5


def test_a_heading_names_the_colour_only_to_the_end_of_its_clause() -> None:
    namer = table_namer("only")
    r14, g9, y5 = (namer.name(C.from_code(code)) for code in ("14r", "9g", "5y"))
    assert namer.for_speech(f"Red: {r14}. North plays {r14}.") == "Red: 14. North plays 14 red."
    assert namer.for_speech(f"follow trump, {g9} or {namer.name(C.ROOK)}.") == "follow trump, 9 or Rook Bird."
    assert namer.for_speech(f"Trick 2, red led: North {r14}, East {y5}.") == (
        "Trick 2, red led: North 14 red, East 5 yellow.")
    assert namer.for_speech(f"green {g9}; black {y5}") == "green 9; black 5 yellow"


def test_braille_off_speaks_the_line_as_printed() -> None:
    namer = table_namer("off", red_one=False)
    assert namer.for_speech("North plays 14 red.") == "North plays 14 red."


class Voice:
    def __init__(self) -> None:
        self.said: list[str] = []

    def say(self, line: str) -> None:
        self.said.append(line)

    def interrupt(self) -> None:
        """Nothing is playing in this fake voice, so there is nothing to cut short."""

    def poll_notice(self) -> str | None:
        return None


def test_the_table_prints_cells_and_says_words() -> None:
    table = Table("hasbro", seed=4)
    voice = Voice()
    table.printer.speaker = voice
    table.run("braille after")
    printed = table.run("hand").lines
    assert any("\u2800" <= ch <= "\u28ff" for line in printed for ch in line)
    spoken = voice.said[-len(printed):]
    # What the voice said is what the game prints with braille off.
    table.run("braille off")
    assert spoken == table.run("hand").lines


def test_label_style_at_the_table_matches_the_embossed_deck() -> None:
    table = Table("hasbro", seed=4)
    table.run("braille after")
    reply = table.run("braille black b")
    assert not reply.refused
    black_ten = C.make(10, C.BLACK)
    cells = label_cells(black_ten, LabelStyle(black_letter="b"))
    assert table.session.describer.namer.name(black_ten) == f"10 black {cells}"
    table.run("braille rook bird")
    assert table.session.describer.namer.name(C.ROOK).endswith(label_cells(C.ROOK, LabelStyle(rook_label="bird")))
    table.run("braille indicator on")
    style = LabelStyle(rook_label="bird", numeric_indicator=True, black_letter="b")
    assert table.session.describer.namer.name(black_ten).endswith(label_cells(black_ten, style))
    # Kept for the next game, and refused with a reason when the labels could not be embossed.
    from rook_access.store.settings import load_settings

    saved = load_settings()
    assert (saved.rook_label, saved.black_letter, saved.numeric_indicator) == ("bird", "b", True)
    refused = table.run("braille rook ⠼⠂⠲⠃")  # the cells of 14 black's label in this style
    assert refused.refused and refused.lines[0].startswith("Not changed: the Rook Bird's label '⠼⠂⠲⠃' is what")
    table.run("braille indicator off")
    assert table.run("braille black q").lines == ["Not changed: the letter for black must be x or b, not 'q'."]
    # 10x is no card's label while black is b, but typed it plays 10 black (the braille sweep
    # of session 33): refused in every style.
    refused = table.run("braille rook 10x")
    assert refused.lines == ["Not changed: the Rook Bird's label '10x' is what a player types for 10 black (x and b "
                             "both mean black): choose a label that is no card's, such as rook or bird."]
    assert table.run("braille rook ⠀").refused  # a blank cell: the Rook Bird would vanish
    # Typed, 5 played 5 green and p passed, never the Rook Bird (the re-check of session 33).
    assert table.run("braille rook 5").lines == [
        "Not changed: the Rook Bird's label '5' is all digits: typed, a number plays the card of that number or "
        "bids it, never the Rook Bird; choose a label with a letter, such as rook or bird."]
    # The cells UEB reads as 14x were kept (the labels sweep of session 39).
    assert table.run("braille rook ⠼⠁⠙⠭").lines == [
        "Not changed: the Rook Bird's label '⠼⠁⠙⠭' is what a player types for 14 black (UEB reads its cells as "
        "#14x; x and b both mean black): choose a label that is no card's, such as rook or bird."]
    assert table.run("braille rook p").lines == [
        "Not changed: the Rook Bird's label 'p' is read as the pass command when typed, never as the Rook Bird: "
        "choose another label, such as rook or bird."]
    assert load_settings().rook_label == "bird"


def test_examples_of_card_codes_write_black_as_the_labels_do() -> None:
    """With black written b, "Discard 3 cards, like discard 6y 7x." stood beside labels reading
    ⠶⠃ (the braille sweep of session 33): the prompt, a move typed alone, help and Tab all
    write the player's letter, and the example is taken as typed."""
    from rook_access.commands.play import completion_words

    table = Table("call-partner-6", seed=1)
    table.run("braille only")
    table.run("braille black b")
    table.run("bid 200")
    assert table.run("").lines[0] == "Discard 3 cards, like discard 6y 7b."
    assert table.run("discard").lines == ["Name the cards to discard, like discard 6y 7b."]
    assert "Short: d. Example: discard 5g 6g 7b 9y 10y, or d 5g." in table.run("help discard").lines
    assert "7b" in completion_words(table.session) and "7x" not in completion_words(table.session)
    table.run("braille black x")
    assert table.run("").lines[0] == "Discard 3 cards, like discard 6y 7x."
    table.run("braille black b")
    assert not table.run("discard 6y 7b").refused


def test_the_braille_command_suggests_only_changes_not_in_force() -> None:
    """With black b and the indicator on, braille offered "braille black b; braille indicator
    on." (the braille sweep of session 33): each suggestion now changes something."""
    table = Table("hasbro", seed=4)
    assert table.run("braille").lines[-1] == ("Change: braille after or only; braille rook bird; braille black b; "
                                              "braille indicator on.")
    for typed in ("braille after", "braille black b", "braille indicator on", "braille rook bird"):
        table.run(typed)
    change = table.run("braille").lines[-1]
    assert change == "Change: braille off or only; braille rook rook; braille black x; braille indicator off."
    for suggested in ("braille only", "braille rook rook", "braille black x", "braille indicator off"):
        before = table.run("braille").lines
        assert not table.run(suggested).refused and table.run("braille").lines != before, suggested


def test_the_braille_commands_refusal_offers_only_changes_not_in_force() -> None:
    """With black b, the Rook Bird bird and the indicator on, "braille purple" still offered
    "braille rook bird, braille black b, braille indicator on." (the re-check of session 33)."""
    table = Table("hasbro", seed=3)
    for typed in ("braille black b", "braille rook bird", "braille indicator on"):
        table.run(typed)
    refused = table.run("braille purple")
    assert refused.refused and refused.lines == [
        "Say braille after (cells after each card name) or only (cells alone); braille rook rook; braille black x; "
        "braille indicator off."]
    assert table.run("braille rook").lines == ["Say the label after rook, like braille rook rook."]
    assert table.run("braille black").lines == ["Say the letter after black: braille black x or braille black b."]
    assert table.run("braille indicator").lines == ["Say braille indicator on or off."]


def test_a_bad_style_in_a_hand_edited_settings_file_falls_back_to_the_kit() -> None:
    labeller = braille_labeller(rook_label="way too long a label")
    assert labeller is not None and labeller(C.ROOK) == label_cells(C.ROOK)


def test_a_settings_file_whose_labels_clash_is_said_and_keeps_the_kits_rook_label() -> None:
    from rook_access.store.settings import load_settings, settings_path

    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('rook_label = "14b"\nblack_letter = "b"\n', encoding="utf-8")
    said: list[str] = []
    settings = load_settings(said.append)
    assert (settings.rook_label, settings.black_letter) == ("rook", "b")
    assert len(said) == 1 and "the Rook Bird's label '14b' is what a player types for 14 black" in said[0]


def test_printer_speaks_through_the_namer() -> None:
    voice = Voice()
    printer = Printer(io.StringIO(), voice)
    namer = table_namer("after", red_one=False)
    printer.for_speech = namer.for_speech
    printer.write([f"You play {namer.name(C.from_code('5g'))}."])
    assert voice.said == ["You play 5 green."]


def test_speech_setting_per_kind_never_always_or_on_your_turn() -> None:
    """Each kind of line has its own speech setting (issue 12, as QuentinC's Playroom): every
    line is still printed; never keeps it from the voice, turn speaks it only on your turn."""
    from rook_access.store.settings import load_settings

    table = Table("hasbro", seed=4)
    voice = Voice()
    table.printer.speaker = voice
    assert table.run("speak plays never").lines == [
        "Spoken: cards played, never. Every line is still printed."]
    assert table.run("speak bids turn").lines[0].startswith("Spoken: bids, only on your turn.")
    assert load_settings().speak == ["plays=never", "bids=turn"]
    # The wrong word said, as verbosity and speech say theirs (the voice sweep of session 29).
    for typed, wrong in (("speak play turn", "Not a kind of line: play."),
                         ("speak plays sometimes", "Not always, never or turn: sometimes.")):
        reply = table.run(typed)
        assert reply.refused and reply.lines[0].startswith(f"{wrong} Say speak, a kind ("), reply.lines
    assert table.run("speak plays").lines[0].startswith("Say speak, a kind (")
    # A comma after a word is no part of it: "Not a kind of line: plays," was heard "plays" (the re-check).
    assert not table.run("speak plays, never").refused
    assert not table.run("speak plays. never").refused  # its full stop too (the re-check of session 30)
    assert sorted(load_settings().speak) == ["bids=turn", "plays=never"]
    rng = __import__("random").Random(2)
    printed_before = len(table.text().splitlines())
    said_before = len(voice.said)
    while table.state.phase != "play" or not table.state.tricks:
        table.run(table.move_text(rng, bid=False))
    printed = table.text().splitlines()[printed_before:]
    said = voice.said[said_before:]
    # The player's own card is said all the same: it answers what was typed (the accessibility sweep of session 36).
    plays = [line for line in printed if re.match(r"^(\w+) (plays|leads) ", line)]
    assert plays and not any(line in said for line in plays)
    won = [line for line in printed if re.search(r" wins? trick \d+", line)]
    assert won and all(line in said for line in won)  # tricks: always
    # turn: only while it is the player's turn, whatever the line.
    from rook_access.speech.speaking import parse_rules, speaks

    turn = [False]
    test = speaks(lambda: parse_rules(["bids=turn", "plays=never"]), lambda: turn[0])
    assert not test("bids") and not test("plays") and test("tricks") and test(None)
    turn[0] = True
    assert test("bids") and not test("plays")
    assert table.run("speak plays always").lines[0] == "Spoken: cards played, always. Every line is still printed."
    assert load_settings().speak == ["bids=turn"]
    assert table.run("speak loud").refused


@pytest.mark.parametrize("preset", ["hasbro", "two-player"])
def test_your_own_bid_pass_and_card_are_spoken_whatever_speak_says(preset: str) -> None:
    """With speak bids never and plays turn, "You bid 70." and "You play 10 black." were printed
    but never said: by ear a player never learnt which 10 went (the accessibility sweep of
    session 36). Verbosity's toggles keep them; so does speak. The others' stay unsaid, and in
    two-player the dummy's card the player plays is the player's own."""
    table = Table(preset, seed=11)
    voice = Voice()
    table.printer.speaker = voice
    table.run("speak bids never")
    table.run("speak plays never")
    rng = random.Random(3)
    printed_before = len(table.text().splitlines())
    table.advance(lambda t: t.state.phase == "play" and len(t.state.tricks) >= 3, rng)
    printed = table.text().splitlines()[printed_before:]
    own = [line for line in printed if re.match(r"^You (bid|pass|play|lead)", line)]
    assert any(line.startswith("You p") for line in own) and all(line in voice.said for line in own), own
    others = [line for line in printed if re.match(r"^\w+ (bids|passes|plays|leads) ", line)]
    assert others and not any(line in voice.said for line in others), others
    if preset == "two-player":  # North bid: South plays the dummy's cards
        dummy = [line for line in printed if re.match(r"^The dummy (plays|leads) ", line)]
        assert dummy and all(line in voice.said for line in dummy), dummy


OWN_NEST_LINES = r"^(You lay in the nest|You call the|You hand the trump call|(No trump|Trump: \w+).*, named by you\.)"


@pytest.mark.parametrize("preset", ["hasbro", "call-partner", "georgia"])
def test_your_own_discard_trump_and_calls_are_spoken_whatever_speak_says(preset: str) -> None:
    """With speak nest never, "You lay in the nest: ..." and "Trump: black, named by you." were
    printed but not said: by ear, "trump black" met silence (the re-check of session 36). The
    player's own discard, trump call, hand-over and partner call answer what was typed, as the
    own bid and card do; the others' nest lines stay unsaid."""
    for seed in range(1, 40):
        table = Table(preset, seed=seed, level="easy")
        voice = Voice()
        table.printer.speaker = voice
        table.run("speak nest never")
        table.advance(lambda t: t.state.phase != "auction" or t.state.hand_number > 1, random.Random(seed), bid=True)
        if table.state.bidder == table.session.me and table.state.hand_number == 1:
            break
    else:
        pytest.fail(f"the player never won a {preset} auction")
    printed_before = len(table.text().splitlines())
    if preset == "georgia":
        table.run("partner")
    table.advance(lambda t: t.state.phase == "play", random.Random(seed))
    printed = table.text().splitlines()[printed_before:]
    own = [line for line in printed if re.match(OWN_NEST_LINES, line)]
    assert len(own) == {"hasbro": 2, "call-partner": 3, "georgia": 2}[preset], own  # georgia: North names trump
    assert all(line in voice.said for line in own), (own, voice.said)
    others = [line for line in printed if re.match(r"^Trump: .*, named by (?!you)", line)]
    assert len(others) == (preset == "georgia") and not any(line in voice.said for line in others), others


@pytest.mark.parametrize("style", ["after", "only"])
def test_the_hint_names_cards_as_every_other_line_does(style: str) -> None:
    """The hint named its cards in words alone, the one place a braille display did not show
    the label (found by the braille sweep): its cells now follow each name, or stand alone."""
    table = Table("hasbro", seed=7)
    table.run(f"braille {style}")
    for _ in range(10):  # South passes; the computers bid, lay the nest and play up to South
        if table.state.phase == "play":
            break
        table.run("pass")
    assert table.state.phase == "play" and table.state.actor == table.state.seats.index("south")
    hint = [line for line in table.run("hint").lines if line.startswith("Hint: ")][0]
    namer = table.session.describer.namer
    cells = re.findall("[\u2800-\u28ff]+", hint)
    assert cells, hint
    assert namer.for_speech(hint).startswith("Hint: Play ")
    if style == "only":
        assert not re.search(r"\b(?:1[0-4]|[5-9]) (?:red|green|black|yellow)\b", hint), hint


def test_a_refusal_names_its_cards_as_every_other_line_does() -> None:
    """"The dummy does not hold the 14 yellow." in words alone with braille only (found by the
    re-check)."""
    table = Table("hasbro", seed=7)
    table.run("braille only")
    for _ in range(10):
        if table.state.phase == "play":
            break
        table.run("pass")
    held = table.state.hands[table.state.seats.index("south")]
    other = next(c for c in range(C.CARD_COUNT) if table.state.deck.mask >> c & 1 and not held >> c & 1
                 and not table.state.played >> c & 1)
    reply = table.run(f"play {C.code(other)}")
    assert reply.refused and re.search("[\u2800-\u28ff]", reply.lines[0]), reply.lines


def test_short_forms_of_commands_are_spelled_for_the_voice() -> None:
    """help's "status (st)" and "Short: st or s." were said "saint", "hi" as "high" (found by the
    sound sweep, through espeak-ng): the voice spells them; the screen keeps what is typed."""
    from rook_access.console.naming import CardNamer

    assert spell_short_forms("Score: score (sc), status (st), contract (co).") == \
        "Score: score (s c), status (s t), contract (c o)."
    assert spell_short_forms("Short: st or s. Example: status, or st.") == "Short: s t or s. Example: status, or s t."
    # The example too, and "?" wherever help names it; a form that is a word stays (the re-check).
    assert spell_short_forms("Short: ?. Example: help, or ?.") == \
        "Short: question mark. Example: help, or question mark."
    assert spell_short_forms("Table: correct (fix).") == "Table: correct (fix)."
    # "c a 14r" was read "see, uh fourteen" (the fourth re-check): a comma before the number.
    assert spell_short_forms("Short: ca. Example: call 14r, or ca 14r.") == \
        "Short: c a. Example: call 14r, or c a, 14r."
    assert spell_short_forms("Short: fix. Example: fix west 13r.") == "Short: fix. Example: fix west 13r."
    assert spell_short_forms("Other: help (?), quit (q).") == "Other: help (question mark), quit (q)."
    assert spell_short_forms("Your hand (9 cards), trump (green 14).") == "Your hand (9 cards), trump (green 14)."
    assert CardNamer().for_speech("history (hi)") == "history (h i)"
    # "seat (s a)" was heard "ess uh": a stop after a last "a" (the speech sweep of session 31).
    assert spell_short_forms("seat (sa), call (ca), partner (pa), taken (tk).") == \
        "seat (s a.), call (c a.), partner (p a.), taken (t k)."
    # "--resume" was heard "resume" (the commands sweep of session 28); other dashes stay.
    assert CardNamer().for_speech("To go on later, type: rook-access play --resume game-1") == \
        "To go on later, type: rook-access play dash dash resume game-1"
    assert spell_short_forms("Scores 5--6 -- close.") == "Scores 5--6 -- close."


def test_a_must_follow_refusal_labels_the_cards_it_names_by_number() -> None:
    """"You must follow green: you hold 7 and 5" named the cards by number alone, with braille
    after and braille only (the only line of a game with print numbers where cells should be;
    found by the braille sweep): those numbers are cards of the colour named, or of trump."""
    from rook_access.speech.cardtext import CardNamer

    namer = CardNamer("after", labeller=lambda card: f"<{C.code(card)}>")
    assert namer.restyle("You must follow green: you hold 7 and 5, or may play the Rook Bird.") == \
        "You must follow green: you hold 7 <7g> and 5 <5g>, or may play the Rook Bird <rook>."
    assert namer.restyle("You must follow trump: you hold 14, 10 and 5.", C.RED) == \
        "You must follow trump: you hold 14 <14r>, 10 <10r> and 5 <5r>."
    assert namer.restyle("You must follow yellow: the dummy holds 9.") == \
        "You must follow yellow: the dummy holds 9 <9y>."
    # A card with a name of its own keeps it (the Red 1 was given the trump colour's 1: the re-check).
    red_one = CardNamer("after", labeller=lambda card: f"<{C.code(card)}>", red_one=True)
    assert red_one.restyle("You must follow trump: you hold Red 1, 14 and 7.", C.GREEN) == \
        "You must follow trump: you hold Red 1 <1r>, 14 <14g> and 7 <7g>."
    # Numbers elsewhere stay numbers.
    assert namer.restyle("Bid 80 to 200 in fives: you hold 7 cards.") == "Bid 80 to 200 in fives: you hold 7 cards."
    refused = 0
    for seed in range(1, 30):
        table = Table("hasbro", seed=seed)
        table.run("braille only")
        while table.state.phase == "auction":
            table.run("pass")
        view = table.state.view(table.state.seats.index("south"))
        legal = {a.value for a in view.legal if a.kind == "play"}
        on_turn = table.state.phase == "play" and view.turn == view.seat and view.trick
        wrong = [c for c in C.cards_in(view.hand) if c not in legal] if on_turn else []
        if wrong:
            reply = table.run(f"play {C.code(wrong[0])}")
            assert reply.refused and "must follow" in reply.lines[0], reply.lines
            assert not re.search(r"\d", reply.lines[0]), reply.lines
            refused += 1
    assert refused >= 3


def test_a_card_named_twice_is_labelled_as_everywhere() -> None:
    """"discard 5g 5g" (and at the table, entering a hand) said "The 5 green is named twice" in
    words alone with braille only (found by the braille sweep)."""
    from rook_access.console.parse import ParseError, parse_cards

    table = Table("hasbro", seed=3)
    table.run("braille only")
    with pytest.raises(ParseError) as twice:
        parse_cards("5g 5g")
    said = table.session.parse_refusal(twice.value)
    assert said.startswith("The ") and "named twice" in said and not re.search(r"\d", said), said


@pytest.mark.parametrize("mode", ["off", "after", "only"])
def test_a_label_style_change_names_its_example_card_and_the_voice_says_the_name(mode: str) -> None:
    """"Rook Bird label: bird, now ⠃⠊⠗⠙." was read "now braille 3 4 5 6..." with braille off, said
    as "now." with braille after, and "Letter for black: b, now 10" with braille only (the
    black heading took the card: found by the voice sweep)."""
    table = Table("hasbro", seed=4)
    table.run(f"braille {mode}")
    namer = table.session.describer.namer
    for typed, card in (("braille rook bird", "Rook Bird"), ("braille black b", "10 black"),
                        ("braille indicator on", "10 black")):
        line = table.run(typed).lines[0]
        assert re.search("[\u2800-\u28ff]", line), line  # the display shows the new label
        assert namer.for_speech(line).endswith(f". Now: {card}."), (line, namer.for_speech(line))


def test_your_own_misdeal_call_is_spoken_whatever_speak_says_of_hands() -> None:
    """Under speak hands never the player's own "You call a misdeal" was printed and not said
    (the re-check of session 36); another seat's misdeal stays a line of the hands kind."""
    from rook_access.speech.speaking import line_kind

    assert line_kind("misdeal", own=True) is None
    assert line_kind("misdeal", own=False) == "hands"
