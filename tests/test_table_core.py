"""The table companion's core (core/table.py): a real game entered from one seat's knowledge.

Whole games are played by a seeded random policy with every hand shown (a full record), then
entered as the player at one seat would enter them: the own hand at each deal, every other
seat's bids and cards as they come, the nest when the player takes it, its points when asked.
The table must reach the record's tricks, hand scores and totals exactly.
"""

from __future__ import annotations

import copy
import json
import random
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rook_access.core import RECORD_TYPES, new_game, preset_names, resolve
from rook_access.core import actions as A
from rook_access.core import cards as C
from rook_access.core.errors import IllegalAction, NotTheirTurn, RuleError
from rook_access.core.model import Phase
from rook_access.core.replay import RecordError
from rook_access.core.table import DEAL, Entry, NeedMore, TableGame
from rook_access.core.table_record import enter_line, enter_lines, replay_table_record
from tests.core_helpers import make_deal

PRESETS = preset_names()
SCORED = ("trick", "hand_end", "game_end")


def full_record(preset: str, seed: int, hands: int = 2, options: tuple[str, ...] = (),
                misdeals: float = 0.03, deal: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """A whole game by a seeded random policy, every card shown, as read back from JSON."""
    state, events = new_game(preset, [f"hands={hands}", *options], seed=seed, deal=deal)
    rng = random.Random(seed)
    lines: list[dict[str, Any]] = [{"type": "game", "format": "rook-record/1", "preset": preset,
                                    "options": state.options.to_dict(), "seats": list(state.seats),
                                    "players": {}, "seed": seed}]
    lines += events
    while not state.is_over():
        actions = state.legal_actions()
        calm = [a for a in actions if a.kind != A.MISDEAL]
        lines += state.apply(rng.choice(calm if calm and rng.random() >= misdeals else actions[-1:]))
    return [json.loads(json.dumps(line)) for line in lines if line["type"] in RECORD_TYPES]


def players(lines: list[dict[str, Any]]) -> list[int]:
    """The seats a player can sit at: every seat but a dummy."""
    return [i for i, seat in enumerate(lines[0]["seats"]) if seat != "dummy"]


def scored(lines: list[dict[str, Any]], me: str | None = None, aside: bool | None = None) -> list[dict[str, Any]]:
    """The lines that score; with ``me``, as that seat learns them at a real table: the nest
    turned over at the hand's end is known where the seat laid it, or where no cards lie aside
    (``aside``, else as the game line says): the cards never played are the nest."""
    if me is not None and aside is None:
        aside = bool(lines[0]["options"]["aside"])
    return [{**line, "nest": []} if aside and line["type"] == "hand_end" and line["bidder"] != me else line
            for line in lines if line["type"] in SCORED]


@pytest.mark.parametrize("preset", PRESETS)
def test_a_real_table_game_entered_from_every_seat_reaches_the_records_scores(preset: str) -> None:
    for seed in (1, 2):
        lines = full_record(preset, seed)
        for me in players(lines):
            game, _logs = enter_lines(lines, me)
            assert scored(game.record) == scored(lines, game.seats[me]), (preset, seed, me)
            assert game.is_over()


@pytest.mark.parametrize(("rule", "north"), [
    ("misdeal_no_counters=true", "11r 12r 13r 6g 7g 8g 9g 6x 7x"),
    ("misdeal_no_ten=true", "5r 6r 7r 8r 9r 6g 7g 8g 9g"),
])
def test_another_seats_misdeal_is_taken_and_the_game_goes_on_as_recorded(rule: str, north: str) -> None:
    called = 0
    deal = make_deal("hasbro", "west", {"north": north.split()}, options=[rule])
    for seed in range(1, 6):
        lines = full_record("hasbro", seed, 1, (rule,), misdeals=0.7, deal=deal)
        misdeals = [line for line in lines if line["type"] == "misdeal"]
        for me in range(4):
            game, _ = enter_lines(lines, me)
            assert scored(game.record) == scored(lines, game.seats[me])
            mine = [line for line in game.record if line["type"] == "misdeal"]
            assert [(m["seat"], m["reason"]) for m in mine] == [(m["seat"], m["reason"]) for m in misdeals]
            called += len(mine)
    assert called


@pytest.mark.parametrize("preset", ["hasbro", "three-player", "call-partner", "georgia", "beginner", "two-player",
                                    "kentucky-west"])
def test_the_table_record_leaves_out_what_the_player_cannot_know_and_replays(preset: str) -> None:
    lines = full_record(preset, 3)
    me = 0
    game, _ = enter_lines(lines, me)
    mine = game.seats[me]
    for line in game.record:
        if line["type"] == "deal":
            assert set(line["hands"]) == {mine}
            assert line["aside"] == []
        if line["type"] in ("take_nest", "discard") and line["seat"] != mine:
            assert "cards" not in line
    told = game.options.nest_points_told
    heard = [line.get("points_in_nest") for line in game.record if line["type"] == "discard" and line["seat"] != mine]
    said = [line["points_in_nest"] for line in lines if line["type"] == "discard" and line["seat"] != mine]
    # What the bidder says of the nest, as the rules let the table hear it (rules.md).
    assert heard == [x if told == "always" else (True if x else None) if told == "forced" else None for x in said]
    table_lines = json.loads(json.dumps([game.game_line(), *game.record]))
    replayed = list(replay_table_record(table_lines))
    assert [line for _i, line, _v in replayed] == table_lines
    again, _ = enter_lines(table_lines, me)
    assert again.record == game.record


def test_an_older_table_record_without_another_bidders_nest_replays_and_a_wrong_nest_is_refused() -> None:
    """Table records written before session 32 left another bidder's nest empty at the hand's
    end: they still replay as written. A nest other than the cards never played, or the
    player's own nest left out (always written), is refused, naming the field."""
    lines = full_record("hasbro", 4)
    game, _ = enter_lines(lines, 2)
    table_lines = json.loads(json.dumps([game.game_line(), *game.record]))
    ends = [i for i, line in enumerate(table_lines) if line["type"] == "hand_end"]
    theirs = [i for i in ends if table_lines[i]["bidder"] != "south"]
    assert theirs and all(table_lines[i]["nest"] for i in ends)
    older = copy.deepcopy(table_lines)
    for index in theirs:
        older[index]["nest"] = []
    assert [line for _i, line, _v in replay_table_record(older)] == older
    wrong = copy.deepcopy(table_lines)
    nest = wrong[theirs[0]]["nest"]
    wrong[theirs[0]]["nest"] = [next(c for c in table_lines[1]["hands"]["south"] if c not in nest), *nest[1:]]
    with pytest.raises(RecordError, match="nest is ") as caught:
        list(replay_table_record(wrong))
    assert caught.value.index == theirs[0]
    game, _ = enter_lines(lines, 1)  # east, who held the first contract: its own nest
    own = json.loads(json.dumps([game.game_line(), *game.record]))
    first = next(i for i, line in enumerate(own) if line["type"] == "hand_end")
    assert own[first]["bidder"] == "east"
    own[first]["nest"] = []
    with pytest.raises(RecordError, match="nest is "):
        list(replay_table_record(own))


def test_a_tampered_table_record_is_refused_at_its_line() -> None:
    lines = full_record("hasbro", 4)
    game, _ = enter_lines(lines, 2)
    table_lines = json.loads(json.dumps([game.game_line(), *game.record]))
    index = next(i for i, line in enumerate(table_lines) if line["type"] == "hand_end")
    table_lines[index]["totals"]["north"] += 10
    with pytest.raises(RecordError) as caught:
        list(replay_table_record(table_lines))
    assert caught.value.index == index
    table_lines[index]["totals"]["north"] -= 10
    assert "totals is " in str(caught.value)  # the field named, not the rules' whole line
    # Found by the record sweep: a field a reader may ignore was refused, and 1.0 taken for 1.
    first_trick = next(i for i, line in enumerate(table_lines) if line["type"] == "trick")
    extra = [{**line, "comment": "hi"} for line in table_lines]
    assert [line for _i, line, _v in replay_table_record(extra)] == extra
    for field, value in (("number", 1.0), ("points", True)):
        wrong = copy.deepcopy(table_lines)
        wrong[first_trick][field] = value
        with pytest.raises(RecordError, match=f"{field} is "):
            list(replay_table_record(wrong))
    # The table format's own fields too: another bidder's nest counted (the re-check: a false
    # count was read aloud), and a value quoted as the file writes it, not as Python does.
    laid = next(i for i, line in enumerate(table_lines) if line["type"] == "take_nest" and "count" in line)
    for change in ({"count": 9}, {"count": None}):
        wrong = copy.deepcopy(table_lines)
        wrong[laid].update(change)
        with pytest.raises(RecordError, match="count is "):
            list(replay_table_record(wrong))
    # The game line's players (the re-check: missing, it stopped replay with an error; naming
    # another seat human, the game was told as that seat, with an empty hand).
    for players in (None, {seat: "human" for seat in table_lines[0]["seats"]}):
        wrong = copy.deepcopy(table_lines)
        wrong[0].pop("players") if players is None else wrong[0].update(players=players)
        with pytest.raises(RecordError, match="the game line's players must name south human and the other"):
            list(replay_table_record(wrong))
    trump = next(i for i, line in enumerate(table_lines) if line["type"] == "trump")
    wrong = copy.deepcopy(table_lines)
    wrong[trump]["color"] = True
    with pytest.raises(RecordError, match="true is not a colour"):
        list(replay_table_record(wrong))
    play = next(i for i, line in enumerate(table_lines) if line["type"] == "play")
    for field, value, said in (("card", True, "true is not a card code"), ("seat", None, "null is not a seat")):
        wrong = copy.deepcopy(table_lines)
        wrong[play][field] = value
        with pytest.raises(RecordError, match=said):
            list(replay_table_record(wrong))
    for at in (3, first_trick):
        # Where no line is awaited, and where the rules await the trick's (found by the re-checks).
        chat = [*table_lines[:at], {"type": "chat", "text": "hi"}, *table_lines[at:]]
        with pytest.raises(RecordError, match='a "chat" line is not a line of rook-table-record/1'):
            list(replay_table_record(chat))


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), cuts=st.lists(st.floats(0, 1), min_size=1, max_size=4),
       preset=st.sampled_from(["hasbro", "kentucky-west", "three-player", "call-partner", "two-player"]))
def test_undo_at_random_points_and_entering_again_gives_the_same_end(seed: int, cuts: list[float], preset: str) -> None:
    lines = full_record(preset, seed, hands=1)
    seats = players(lines)
    game, _ = enter_lines(lines, seats[seed % len(seats)])
    entries, record, save = list(game.entries), list(game.record), game.to_data()
    for cut in cuts:
        back = int(cut * len(entries))
        for _ in range(back):
            game.undo()
        assert game.entries == entries[:len(entries) - back]
        for entry in entries[len(entries) - back:]:
            game.add(entry)
    assert game.record == record
    assert game.to_data() == save


def test_a_save_is_the_entries_and_is_believed_through_the_rules() -> None:
    lines = full_record("kentucky-discard", 5)
    game, _ = enter_lines(lines, 1)
    data = json.loads(json.dumps(game.to_data()))
    assert TableGame.from_data(data).record == game.record
    data["entries"][-3]["action"] = "play rook"
    with pytest.raises(RuleError, match="entry"):
        TableGame.from_data(data)
    with pytest.raises(RuleError):
        TableGame.from_data({"format": "rook-save/1"})


# ----- entries checked against what is known ---------------------------------------------------

def started(preset: str = "hasbro", seed: int = 6, me: int = 2) -> tuple[TableGame, list[dict[str, Any]], int]:
    """A table game entered up to the first card of the first hand; returns the game, the full
    record and the index of the next line to enter."""
    lines = full_record(preset, seed)
    game = TableGame(preset, resolve(preset, ["hands=2"]), me)
    from rook_access.core.table_record import enter_line
    index = 1
    while lines[index]["type"] != "play":
        if lines[index]["type"] in ("deal", "bid", "pass", "check", "misdeal", "trump", "discard", "call"):
            enter_line(game, lines, index)
        index += 1
    return game, lines, index


def unchanged(game: TableGame) -> tuple[Any, ...]:
    assert game.state is not None
    return (game.state.to_dict(), list(game.record), list(game.entries), list(game.shown_out))


def test_impossible_entries_are_refused_with_a_reason_and_change_nothing() -> None:
    game, lines, index = started()
    state = game.state
    assert state is not None
    me = game.me
    mine = next(C.cards_in(state.hands[me]))
    turn = state.actor
    before = unchanged(game)
    refusals = []
    if turn != me:
        refusals.append((A.PLAYS[mine], turn, "is in your hand"))
    other = next(s for s in range(state.n) if s not in (turn, me))
    refusals.append((A.PLAYS[mine], other, "turn"))
    refusals.append((A.Action(A.PLAY, C.from_code("2r")), turn, "The 2 red is not in this game.s deck"))
    refusals.append((A.Action(A.BID, 100), turn, "cannot|Not now"))
    for action, seat, reason in refusals:
        with pytest.raises(IllegalAction, match=reason):
            game.enter(action, seat)
        assert unchanged(game) == before
    # A card already played.
    from rook_access.core.table_record import enter_line
    enter_line(game, lines, index)
    played = C.from_code(lines[index]["card"])
    before = unchanged(game)
    with pytest.raises(IllegalAction, match="played already"):
        game.enter(A.PLAYS[played], game.state.actor if game.state else None)
    assert unchanged(game) == before


def test_the_players_own_illegal_card_is_refused_by_the_rules() -> None:
    for seed in range(6, 40):
        game, lines, index = started(seed=seed)
        from rook_access.core.table_record import enter_line
        while index < len(lines) and game.state is not None and not game.is_over():
            state = game.state
            if lines[index]["type"] == "play" and state.actor == game.me and state.trick_cards:
                illegal = state.hands[game.me] & ~state.legal_plays_mask()
                if illegal:
                    card = next(C.cards_in(illegal))
                    before = unchanged(game)
                    with pytest.raises(IllegalAction, match="follow"):
                        game.enter(A.PLAYS[card])
                    assert unchanged(game) == before
                    return
            if lines[index]["type"] in ("play", "deal", "bid", "pass", "trump", "discard", "call", "check", "misdeal"):
                enter_line(game, lines, index)
            index += 1
    pytest.fail("no hand gave the player a card it could not follow with")


def test_a_card_after_showing_none_is_questioned_not_refused() -> None:
    """West (say) played green to a red lead; later West plays a red card: it is taken, and the
    table asks whether it was a renege."""
    from rook_access.core.table_record import enter_line
    for seed in range(1, 60):
        game, lines, index = started(seed=seed)
        while index < len(lines) and lines[index]["type"] != "hand_end":
            state = game.state
            assert state is not None
            line = lines[index]
            if line["type"] == "play" and state.actor != game.me:
                seat = state.actor
                suits = state.suits
                assert suits is not None
                shown = game.shown_out[seat] & ~state.played & ~state.hands[game.me]
                if shown:
                    card = next(C.cards_in(shown))
                    before = unchanged(game)
                    log = game.enter(A.PLAYS[card], seat)
                    suit = suits.suit_of[card]
                    word = "trump" if suit == suits.trump_suit else C.COLORS[suit]
                    name = game.seats[seat].capitalize()
                    assert log.questions == [f"{name} played {word} after showing none: a renege?"]
                    assert game.entries[-1].action == A.PLAYS[card]
                    game.undo()
                    assert unchanged(game) == before
                    return
            if line["type"] in ("play",):
                log = enter_line(game, lines, index)[0]
                assert log.questions == []  # the random players follow the rules
            index += 1
    pytest.fail("no seat showed itself out of a suit and held a card of it unplayed")


def test_a_lead_the_rules_allow_only_to_a_hand_it_cannot_be_is_questioned_at_once() -> None:
    """Kentucky-west: West leads green (trump, not broken) at trick 1, which only a hand of
    nothing but trump may do, while the player holds seven of the fifteen trumps: West cannot
    hold twelve more. It was taken without a word, and a renege asked a trick later of a card
    that was no renege (found by a helper's table sweep)."""
    options = resolve("kentucky-west", ["hands=1"])
    seats = list(options.seats)
    south, west = seats.index("south"), seats.index("west")
    game = TableGame("kentucky-west", options, south)
    cards = lambda codes: tuple(C.from_code(c) for c in codes.split())  # noqa: E731
    game.deal(cards("1r 1g 4g 5g 8g 13g 14g 7x 1y 2y 8y 9y 14y"), seats.index("north"))
    game.enter(A.PASS_ACTION, seats.index("east"))
    game.enter(A.Action(A.BID, 100), south)
    game.enter(A.PASS_ACTION, west)
    game.enter(A.PASS_ACTION, seats.index("north"), nest=cards("11g 3x 8r 6x 2r"))
    game.enter(A.Action(A.TRUMP, C.GREEN), south)
    for card in cards("2r 3x 6x 7x 2y"):
        game.enter(A.DISCARDS[card], south)
    log = game.enter(A.PLAYS[C.from_code("3g")], west)
    assert log.questions == ["West could not have led the 3 green by the rules: too few cards are left "
                             "that they may hold. A renege?"], log.questions
    log = game.enter(A.PLAYS[C.from_code("3r")], seats.index("north"))
    assert not log.questions


def test_a_card_entered_for_another_seat_can_be_corrected() -> None:
    from rook_access.core.table_record import enter_line
    game, lines, index = started(seed=8)
    while game.state is not None and game.state.actor == game.me:
        enter_line(game, lines, index)
        index += 1
    state = game.state
    assert state is not None
    seat = state.actor
    enter_line(game, lines, index)
    right = C.from_code(lines[index]["card"])
    unknown = state.deck.mask & ~game.state.played & ~game.state.hands[game.me]  # type: ignore[union-attr]
    wrong = next(c for c in C.cards_in(unknown) if c != right)
    # The same trick entered with the wrong card, then corrected: the same game as entering it right.
    right_save = game.to_data()
    game.undo()
    game.enter(A.PLAYS[wrong], seat)
    assert game.correct(seat, right) == (wrong, [])
    assert game.to_data() == right_save
    before = unchanged(game)
    with pytest.raises(IllegalAction, match="in your hand"):
        game.correct(seat, next(C.cards_in(game.state.hands[game.me])))  # type: ignore[union-attr]
    assert unchanged(game) == before


def test_the_nest_is_asked_of_the_player_who_wins_it() -> None:
    for seed in range(1, 40):
        lines = full_record("hasbro", seed)
        contract = next(line for line in lines if line["type"] == "contract")
        me = lines[0]["seats"].index(contract["seat"])
        game = TableGame("hasbro", resolve("hasbro", ["hands=2"]), me)
        deal = lines[1]
        game.deal([C.from_code(c) for c in deal["hands"][contract["seat"]]], lines[0]["seats"].index(deal["dealer"]))
        index = 2
        while lines[index]["type"] != "contract":
            line = lines[index]
            seat = lines[0]["seats"].index(line["seat"])
            action = A.Action(A.BID, line["amount"]) if line["type"] == "bid" else A.Action(line["type"])
            try:
                game.enter(action, seat)
            except NeedMore as exc:
                assert exc.need == "nest"
                with pytest.raises(IllegalAction, match="should have 5 cards"):
                    game.enter(action, seat, nest=(C.from_code(deal["nest"][0]),))
                log = game.enter(action, seat, nest=tuple(C.from_code(c) for c in deal["nest"]))
                take = next(e for e, _v in log.seen if e["type"] == "take_nest")
                assert take["cards"] == deal["nest"]  # in the order entered
                return
            index += 1
        pytest.fail("the player never won the contract")  # pragma: no cover
    pytest.fail("no game was dealt without a misdeal")  # pragma: no cover


def test_a_two_player_table_record_of_before_names_its_dummy_table_and_replays() -> None:
    """Found by the re-check: table records written before 26 November 2026 named the dummy's
    player "table"; the check of the game line's players (721e4bc) refused them all."""
    lines = full_record("two-player", 1, hands=1)
    game, _ = enter_lines(lines, 0)
    table_lines = json.loads(json.dumps([game.game_line(), *game.record]))
    assert table_lines[0]["players"]["dummy"] == "dummy"
    table_lines[0]["players"]["dummy"] = "table"
    assert [line for _i, line, _v in replay_table_record(table_lines)] == table_lines


def test_with_cards_aside_the_nest_points_are_asked_at_the_last_card_and_checked() -> None:
    from rook_access.core.table_record import enter_line
    for seed in range(1, 30):
        lines = full_record("three-player", seed, hands=1)
        contract = [line for line in lines if line["type"] == "contract"][-1]
        me = next(i for i, s in enumerate(lines[0]["seats"]) if s != contract["seat"])
        game = TableGame("three-player", resolve("three-player", ["hands=1"]), me)
        last = max(i for i, line in enumerate(lines) if line["type"] == "play")
        for index in range(1, last):
            if lines[index]["type"] in ("deal", "bid", "pass", "trump", "discard", "play", "misdeal", "check"):
                enter_line(game, lines, index)
        line = lines[last]
        seat = game.seats.index(line["seat"])
        action = A.PLAYS[C.from_code(line["card"])]
        with pytest.raises(NeedMore, match="How many points were in the nest"):
            game.enter(action, seat)
        with pytest.raises(IllegalAction, match="cannot hold 3 points"):
            game.enter(action, seat, nest_points=3)
        hand_end = [line for line in lines if line["type"] == "hand_end"][-1]
        log = game.enter(action, seat, nest_points=hand_end["nest_points"])
        assert [e for e in log.lines if e["type"] == "hand_end"] == scored([hand_end], game.seats[me], aside=True)
        return


def test_the_deal_entry_is_checked() -> None:
    game = TableGame("hasbro", resolve("hasbro"), 2)
    hand = [C.from_code(c) for c in "5r 6r 7r 8r 9r 10r 11r 12r".split()]
    with pytest.raises(IllegalAction, match="should have 9 cards"):
        game.deal(hand, 0)
    with pytest.raises(IllegalAction, match="twice"):
        game.deal(hand + hand[:1], 0)
    with pytest.raises(IllegalAction, match="Say who deals"):
        game.deal(hand)
    assert game.entries == [] and game.awaiting_deal and game.next_dealer() is None
    full = hand + [C.from_code("rook")]
    log = game.deal(full, 3)
    assert game.entries == [Entry(DEAL, 3, None, tuple(full), ())]
    view = log.seen[0][1]
    assert view.hand == C.to_mask(full) and view.seat == 2
    assert log.lines[0]["hands"] == {"south": C.codes(C.to_mask(full))}


# ----- two players and a dummy ----------------------------------------------------------------

def test_nobody_sits_at_the_dummy() -> None:
    with pytest.raises(RuleError, match="Nobody sits at the dummy: choose your seat, south or north"):
        TableGame("two-player", resolve("two-player"), 1)


def dummy_until_trump(seed: int, me: int) -> tuple[TableGame, list[dict[str, Any]], int]:
    """A two-player game entered up to its first trump line (not entered); the index of that line."""
    from rook_access.core.table_record import enter_line
    lines = full_record("two-player", seed)
    game = TableGame("two-player", resolve("two-player", ["hands=2"]), me)
    index = 1
    while lines[index]["type"] != "trump":
        if lines[index]["type"] in ("deal", "bid", "pass", "discard"):
            enter_line(game, lines, index)
        index += 1
    return game, lines, index


@pytest.mark.parametrize("me", [0, 2])
def test_the_dummys_face_up_half_comes_with_the_deal_and_the_rest_when_trump_is_named(me: int) -> None:
    game, lines, index = dummy_until_trump(7, me)
    deal = lines[1]
    dummy = [C.from_code(c) for c in deal["hands"]["dummy"]]
    face_up = [C.from_code(c) for c in deal["face_up"]]
    assert game.face_up_count == 6 and game.dummy_hidden_count == 6
    assert game.view().dummy_hand == C.to_mask(face_up)
    trump = lines[index]
    action = A.Action(A.TRUMP, C.COLORS.index(trump["color"]))
    seat = game.seats.index(trump["seat"])
    before = unchanged(game)
    with pytest.raises(NeedMore) as asked:
        game.enter(action, seat)
    assert asked.value.need == "dummy" and "other 6 cards" in str(asked.value)
    assert unchanged(game) == before
    hidden = tuple(c for c in dummy if c not in face_up)
    with pytest.raises(IllegalAction, match="6 cards not yet seen: you entered 5"):
        game.enter(action, seat, dummy=hidden[:5])
    mine = next(C.cards_in(game.state.hands[me]))
    with pytest.raises(IllegalAction, match="is in your hand, not in the dummy"):
        game.enter(action, seat, dummy=(*hidden[:5], mine))
    assert unchanged(game) == before
    log = game.enter(action, seat, dummy=tuple(dummy))  # the face-up ones may be typed again
    assert game.view().dummy_hand == C.to_mask(dummy)
    line = next(e for e in log.lines if e["type"] == "trump")
    assert line["dummy"] == C.codes(C.to_mask(dummy))


def dummy_at_play(bidder: int) -> TableGame:
    """A two-player game entered by south up to the first card, ``bidder`` having won the bid."""
    for seed in range(1, 80):
        lines = full_record("two-player", seed)
        first = next(i for i, line in enumerate(lines) if line["type"] == "play")
        game, _ = enter_lines(lines[:first], 0)
        if game.state.bidder == bidder:
            return game
    raise AssertionError("no seed gives that bidder")  # pragma: no cover


def dummy_must_follow(game: TableGame) -> int | None:
    """Enter legal cards until the dummy is to follow a colour it holds beside others; a card it
    may not play then, or None if the hand ends first."""
    state = game.state
    while state.phase == Phase.PLAY and not game.awaiting_deal:
        suits = state.suits
        assert suits is not None
        if state.turn == state.dummy and state.trick_cards:
            led = suits.masks[state.led_suit]
            if state.hands[state.dummy] & led and state.hands[state.dummy] & ~led:
                return next(C.cards_in(state.hands[state.dummy] & ~led))
        game.enter(A.PLAYS[next(C.cards_in(state.legal_plays_mask()))])
        state = game.state
    return None


def test_a_card_from_the_dummy_gets_the_full_check_and_others_cannot_play_its_cards() -> None:
    game = dummy_at_play(bidder=0)  # south bid: north plays the dummy, and the dummy leads
    state, dummy, north = game.state, 1, 2
    assert state.turn == dummy and game.seat_on_turn() == north
    before = unchanged(game)
    elsewhere = next(C.cards_in(state.deck.mask & ~state.hands[dummy] & ~state.hands[0]))
    with pytest.raises(IllegalAction, match="^The dummy does not hold"):  # not "Not from the dummy: The dummy"
        game.enter(A.PLAYS[elsewhere])
    with pytest.raises(IllegalAction, match=r"It is the dummy's card \(North plays it\), not yours"):
        game.enter(A.PLAYS[next(C.cards_in(state.hands[0]))], 0)
    assert unchanged(game) == before
    lead = next(C.cards_in(state.hands[dummy]))
    game.enter(A.PLAYS[lead], north)  # the dummy's player named: the dummy's card
    assert game.entries[-1].seat == dummy and game.state.trick_cards == [lead]
    before = unchanged(game)  # north next (south, dummy, north sit clockwise)
    with pytest.raises(IllegalAction, match="is in the dummy, so North cannot play it"):
        game.enter(A.PLAYS[next(C.cards_in(game.state.hands[dummy]))], north)
    assert unchanged(game) == before
    off = dummy_must_follow(game)
    assert off is not None
    before = unchanged(game)
    with pytest.raises(IllegalAction, match="^The dummy must follow .*: the dummy holds"):
        game.enter(A.PLAYS[off])
    assert unchanged(game) == before


def test_the_player_who_plays_the_dummy_is_refused_as_for_their_own_hand() -> None:
    game = dummy_at_play(bidder=2)  # north bid: south plays the dummy
    assert game.seat_on_turn() == 0 and game.view().legal  # the dummy's lead is south's to choose
    off = dummy_must_follow(game)
    assert off is not None
    with pytest.raises(IllegalAction, match="^The dummy must follow .*: the dummy holds"):
        game.enter(A.PLAYS[off])  # the dummy's cards, named as the dummy's


def test_a_dummy_game_without_an_auction_is_refused_with_the_reason() -> None:
    with pytest.raises(RuleError, match="dummy game without an auction"):
        TableGame("two-player", resolve("two-player", ["auction=false"]), 0)


# ----- what another bidder says of the nest's points (nest_points_told) --------------------------

def until_laid(preset: str, seed: int, me: int,
               options: tuple[str, ...] = ()) -> tuple[TableGame, list[dict[str, Any]], int]:
    """A game entered up to another seat's discard line (not entered); that line's index."""
    from rook_access.core.table_record import enter_line
    lines = full_record(preset, seed, hands=1, options=options)
    game = TableGame(preset, resolve(preset, ["hands=1", *options]), me)
    index = 1
    while not (lines[index]["type"] == "discard" and lines[index]["seat"] != game.seats[me]):
        if lines[index]["type"] in ("deal", "bid", "pass", "check", "misdeal", "trump", "discard", "call"):
            enter_line(game, lines, index)
        index += 1
    return game, lines, index


def test_the_bidders_word_on_the_nest_is_entered_announced_and_seen() -> None:
    game, lines, index = until_laid("kentucky-west", 2, 2)  # north bids and names trump first
    assert game.state.bidder == 0 and game.options.nest_points_told == "forced"
    log = game.tell(True)
    assert log is not None
    discard = next(line for line in log.lines if line["type"] == "discard")
    assert discard == {"type": "discard", "seat": "north", "count": 5, "points_in_nest": True}
    assert game.view().points_in_nest is True
    assert game.entries[-1].told is True and game.entries[-1].kind == "laid"
    game.undo()
    # Silence: with "forced" the nest is laid by the next entry and nothing was said: none in it.
    first = next(i for i, line in enumerate(lines) if line["type"] == "play")
    from rook_access.core.table_record import enter_line
    enter_line(game, lines, first)
    assert game.view().points_in_nest is False
    assert "points_in_nest" not in next(line for line in game.record if line["type"] == "discard")
    # Said late, after the first card: the entry that laid the nest takes it, the rest again.
    record = list(game.record)
    assert game.tell(True) is None
    assert game.view().points_in_nest is True
    assert next(line for line in game.record if line["type"] == "discard")["points_in_nest"] is True
    assert len(game.record) == len(record) and game.entries[-1].action == A.PLAYS[C.from_code(lines[first]["card"])]


def test_with_always_the_bidders_word_is_asked_when_the_nest_is_laid() -> None:
    game, lines, index = until_laid("call-partner", 1, 2)
    bidder = game.state.bidder
    trump = next(line for line in lines[index:] if line["type"] == "trump")
    action = A.Action(A.TRUMP, C.COLORS.index(trump["color"]))
    before = unchanged(game)
    with pytest.raises(NeedMore) as asked:
        game.enter(action, bidder)
    assert asked.value.need == "told" and "did they say points are in it" in str(asked.value)
    assert unchanged(game) == before
    log = game.enter(action, bidder, told=False)
    discard = next(line for line in log.lines if line["type"] == "discard")
    assert discard["points_in_nest"] is False and game.view().points_in_nest is False
    data = json.loads(json.dumps(game.to_data()))
    assert TableGame.from_data(data).record == game.record


def test_an_entry_refused_either_way_is_refused_before_the_bidders_word_is_asked() -> None:
    """Call-partner: an out-of-turn card or a call before trump was answered with the question
    of the nest's points, then refused whatever the answer, and asked again (found by a helper)."""
    game, lines, index = until_laid("call-partner", 1, 2)
    bidder = game.state.bidder
    other = next(s for s in range(game.state.n) if s not in (bidder, game.me))
    loose = next(c for c in C.cards_in(game.state.deck.mask & ~game.state.hands[game.me]))
    before = unchanged(game)
    # A card before trump is named is "not now" before it is out of turn (the re-check of session 31).
    for action, seat, reason in ((A.PLAYS[loose], other, "Not now: it is time to name trump"),
                                 (A.Action(A.CALL, loose), bidder, "Not now")):
        with pytest.raises(IllegalAction, match=reason):
            game.enter(action, seat)
        assert unchanged(game) == before
    trump = next(line for line in lines[index:] if line["type"] == "trump")
    with pytest.raises(NeedMore):  # the right entry still asks
        game.enter(A.Action(A.TRUMP, C.COLORS.index(trump["color"])), bidder)


@pytest.mark.parametrize("preset", ["hasbro", "georgia", "two-player"])
def test_a_card_entered_before_trump_is_named_is_refused_with_the_reason(preset: str) -> None:
    """The likeliest slip at a table: the first lead typed before trump. It raised an empty
    AssertionError ("that entry failed ()"); now the rules' "not now"."""
    for seed in range(1, 20):
        lines = full_record(preset, seed, hands=1)
        me = 0 if preset != "two-player" else 2
        game = TableGame(preset, resolve(preset, ["hands=1"]), me)
        from rook_access.core.table_record import enter_line
        index = 1
        while lines[index]["type"] != "trump":
            if lines[index]["type"] in ("deal", "bid", "pass", "check", "misdeal", "discard", "call"):
                enter_line(game, lines, index)
            index += 1
        state = game.state
        if state.phase != Phase.TRUMP or state.actor == me:
            continue
        loose = next(c for c in C.cards_in(state.deck.mask & ~state.hands[me] & ~C.to_mask(state.face_up)))
        before = unchanged(game)
        for seat in {state.actor, (state.actor + 1) % state.n} - {me}:
            with pytest.raises(IllegalAction, match="name trump|turn"):
                game.enter(A.PLAYS[loose], seat)
            assert unchanged(game) == before
        return
    raise AssertionError("no deal left another seat to name trump")


def test_the_bidders_word_is_refused_where_it_means_nothing() -> None:
    game, _lines, _index = until_laid("hasbro", 3, 2)
    with pytest.raises(IllegalAction, match="keep the nest to the bidder"):
        game.tell(True)
    lines = full_record("call-partner", 1, hands=1)
    contract = next(i for i, line in enumerate(lines) if line["type"] == "contract")
    me = lines[0]["seats"].index(lines[contract]["seat"])
    own, _ = enter_lines(lines[:contract + 2], me)  # up to the nest taken
    assert own.state.bidder == me
    before = unchanged(own)
    with pytest.raises(IllegalAction, match="You laid the nest yourself"):
        own.tell(True)
    assert unchanged(own) == before
    fresh = TableGame("call-partner", resolve("call-partner"), 2)
    fresh.deal(sorted(C.cards_in(fresh.state.deck.mask))[:8], 0)
    with pytest.raises(IllegalAction, match="Nobody has taken the nest yet"):
        fresh.tell(True)


def test_another_seats_discard_with_its_cards_in_a_table_record_says_why_they_are_not_kept() -> None:
    """"cards is [...], the rules say null" read as if the rules gave null (the replay sweep of
    session 38): a table record keeps only the count of another seat's discard."""
    game, _ = enter_lines(full_record("hasbro", 3, hands=1), 2)
    lines = [game.game_line(), *game.record]
    index = next(i for i, line in enumerate(lines) if line["type"] == "discard")
    assert lines[index]["seat"] != "south" and "cards" not in lines[index]
    lines[index] = {**lines[index], "cards": ["5r", "6r", "7r", "8r", "9r"]}
    with pytest.raises(RecordError) as caught:
        list(replay_table_record(lines))
    assert caught.value.index == index
    assert str(caught.value) == ('the discard line is not what the rules give: cards is ["5r", "6r", "7r", "8r", '
                                 '"9r"], but a table record keeps only the count of another seat\'s discard')


def test_the_bidders_word_is_held_against_the_nest_at_the_end() -> None:
    # No cards aside: the nest is the cards never played, and a word they prove wrong is questioned.
    lines = full_record("kentucky-west", 2, hands=1)
    discard = next(i for i, line in enumerate(lines) if line["type"] == "discard")
    lines[discard] = {**lines[discard], "points_in_nest": True}  # north said points; the nest held 0
    _game, logs = enter_lines(lines, 2)
    questions = [q for _i, log in logs for q in log.questions]
    assert questions == ["North said points were in the nest, but it held 0: a mistake?"]
    # Cards aside: "no points" answers the question of the nest's points; a wrong word is questioned.
    # Two hands: with one, the two against the bidder, tied at the top, now win together after it
    # (fd69ded), where they played a second hand, the one this test needs.
    lines = full_record("three-player", 5, hands=2, options=("nest_points_told=always",))
    game, _ = enter_lines(lines, 0)  # in the first hand south bid and said no points
    second_deal = [i for i, e in enumerate(game.entries) if e.kind == DEAL][1]
    assert not any(e.nest_points is not None for e in game.entries[:second_deal])
    assert any(e.nest_points is not None for e in game.entries[second_deal:])  # asked when points were said
    assert scored(game.record) == scored(lines, game.seats[0])
    discard = next(i for i, line in enumerate(lines) if line["type"] == "discard")
    lines[discard] = {**lines[discard], "points_in_nest": True}  # south says points: its nest held 0
    end = next(i for i, line in enumerate(lines) if line["type"] == "hand_end")
    last = max(i for i in range(end) if lines[i]["type"] == "play")
    game, _ = enter_lines(lines[:last], 0)
    card = A.PLAYS[C.from_code(lines[last]["card"])]
    assert possible(game) == [0]  # the cards never played hold no counter: the word was wrong
    log = game.enter(card, nest_points=0)  # questioned, not refused: it is for the table to say
    assert log.questions == ["South said points were in the nest, but it held 0: a mistake?"]
    assert any(line["type"] == "hand_end" for line in log.lines)


def possible(game: TableGame) -> list[int]:
    from rook_access.core.table_cards import possible_nest_points
    state = game.state
    return possible_nest_points(C.to_mask(state.discards) | state.aside, game.options.nest_size, state)


def test_a_rook_bird_turned_up_for_trump_is_entered_and_goes_under() -> None:
    """Beginner: the Rook Bird turned up first goes to the bottom of the nest and the next card
    names trump. The table takes both, in turn, so the Rook Bird is out of play for its view
    (``turned_under``), as in a game on the screen; seed 24's first deal turns it up."""
    lines = full_record("beginner", 24, hands=1)
    deal = lines[1]
    assert deal["turned_under"] == ["rook"] and deal["face_up"] == ["7y"]
    for me in players(lines):
        game, _logs = enter_lines(lines, me)
        assert scored(game.record) == scored(lines, game.seats[me]), me
        dealt = next(line for line in game.record if line["type"] == "deal")
        assert dealt["turned_under"] == ["rook"] and dealt["face_up"] == ["7y"]
        table_lines = json.loads(json.dumps([game.game_line(), *game.record]))
        assert [line for _i, line, _v in replay_table_record(table_lines)] == table_lines
    game = TableGame("beginner", resolve("beginner", ["hands=1"]), 0)
    game.deal([C.from_code(c) for c in deal["hands"]["north"]], 1, (C.ROOK, C.from_code("7y")))
    assert game.view().turned_under == (C.ROOK,) and game.view().face_up == (C.from_code("7y"),)
    # Both stay in the nest, which nobody takes here: no seat plays them (found by the re-check:
    # South led the Rook Bird gone under, and East the 7 yellow turned up, and both were taken).
    south = game.seats.index("south")
    for card, how in ((C.ROOK, "turned up and put under"), (C.from_code("7y"), "turned up for trump")):
        with pytest.raises(IllegalAction, match=f"was {how}, and the nest stays aside: South cannot hold it"):
            game.enter(A.PLAYS[card], south)
    assert len(game.entries) == 1


@pytest.mark.parametrize(("face_up", "why"), [
    ("rook", "The Rook Bird never names trump: it goes to the bottom and the next card is turned. "
             "Enter the Rook Bird and the card turned up after it on one line, like: rook 7y."),
    ("7y rook", "The Rook Bird never names trump"),
    ("6y 7y", "Only a card without a colour goes under; the 6 yellow names trump."),
])
def test_the_cards_turned_up_for_trump_are_checked(face_up: str, why: str) -> None:
    lines = full_record("beginner", 24, hands=1)
    hand = [C.from_code(c) for c in lines[1]["hands"]["north"]]
    game = TableGame("beginner", resolve("beginner", ["hands=1"]), 0)
    with pytest.raises(IllegalAction, match=why.replace(".", r"\.")):
        game.deal(hand, 1, tuple(C.from_code(c) for c in face_up.split()))
    assert game.entries == [] and game.awaiting_deal


@pytest.mark.parametrize("mine", ["rook 10r 11r 5g 6g 7g 8g 9g 10g", "10r 11r 5g 6g 7g 8g 9g 10g 11g"])
def test_a_rook_bird_played_at_any_time_breaks_trump_only_for_a_void_player(mine: str) -> None:
    """trump_broken with rook_anytime: trump breaks when a player void in the colour led plays
    trump (rules.md). The player's own Rook Bird played while holding red does not break it (it
    did, found by the options sweep); another seat's, whose hand is unseen, is taken as breaking
    it, so no later trump lead is refused."""
    options = resolve("hasbro", ["hands=1", "trump_broken=true"])
    seats = list(options.seats)
    south, west, north, east = (seats.index(s) for s in ("south", "west", "north", "east"))
    game = TableGame("hasbro", options, south)
    cards = lambda codes: tuple(C.from_code(c) for c in codes.split())  # noqa: E731
    game.deal(cards(mine), north)
    game.enter(A.PASS_ACTION, east)
    game.enter(A.Action(A.BID, 70), south)
    game.enter(A.PASS_ACTION, west)
    game.enter(A.PASS_ACTION, north, nest=cards("12y 13y 14y 5x 6x"))
    for card in cards("12y 13y 14y 5x 6x"):
        game.enter(A.DISCARDS[card], south)
    game.enter(A.Action(A.TRUMP, C.GREEN), south)
    game.enter(A.PLAYS[C.from_code("7r")], east)
    if "rook" in mine:
        game.enter(A.PLAYS[C.ROOK], south)
        assert game.state.trump_broken is False
    else:
        game.enter(A.PLAYS[C.from_code("10r")], south)
        game.enter(A.PLAYS[C.from_code("8r")], west)
        assert game.state.hands[north] & C.COLOR_MASK[C.RED]  # its placeholders hold red
        game.enter(A.PLAYS[C.ROOK], north)
        assert game.state.trump_broken is True


# ----- a blind auction (blind_bid_on_rook) ---------------------------------------------------------

BLIND = ("blind_bid_on_rook=true",)


def blind_record(seed: int) -> list[dict[str, Any]]:
    """Georgia with the Rook Bird face up on the nest in the first hand, so its auction is blind."""
    deal = make_deal("georgia", "west", {}, nest=["11y", "12y", "13y", "14y", "rook"], options=list(BLIND))
    lines = full_record("georgia", seed, 2, BLIND, deal=deal)
    assert lines[1]["face_up"] == ["rook"]
    return lines


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_blind_auction_is_entered_without_the_hand_which_is_asked_when_it_ends(seed: int) -> None:
    """The hand entered when the blind auction ends gives the game it would be with the hand at
    the deal: the same record, the same save, and the record replays."""
    lines = blind_record(seed)
    for me in range(4):
        known, _ = enter_lines(lines, me)
        game = TableGame("georgia", known.options, me)
        asked = 0
        for entry in known.entries:
            blind = entry.kind == DEAL and game.is_blind(entry.face_up)
            if blind:
                game.add(replace(entry, cards=()))
                assert game.hand_unknown() and game.view().hand == 0
                assert game.record[-1]["hands"] == {game.seats[me]: []}
                hand = entry.cards
                continue
            try:
                game.add(entry)
            except NeedMore as exc:
                assert exc.need == "blind_hand" and game.hand_unknown()
                asked += 1
                with pytest.raises(IllegalAction, match="should have 10 cards"):
                    game.reveal_hand(hand[:9])
                game.reveal_hand(hand)
                game.add(entry)
        assert asked == 1, me
        assert game.record == known.record and game.to_data() == known.to_data()
        table_lines = json.loads(json.dumps([game.game_line(), *game.record]))
        assert [line for _i, line, _v in replay_table_record(table_lines)] == table_lines
        deal = table_lines[1]
        assert deal["hands"] == {game.seats[me]: lines[1]["hands"][game.seats[me]]}


def test_only_a_blind_deal_is_entered_without_the_hand() -> None:
    o = resolve("georgia", ["hands=1", *BLIND])
    game = TableGame("georgia", o, 2)
    assert game.face_up_first
    with pytest.raises(IllegalAction, match="should have 10 cards"):
        game.deal([], 0, [C.from_code("5r")])  # not the Rook Bird: the hand comes with the deal
    assert not TableGame("georgia", resolve("georgia", ["hands=1"]), 2).face_up_first
    game.deal([], 0, [C.ROOK])
    with pytest.raises(IllegalAction, match="No misdeal in a blind auction"):
        game.enter(A.MISDEALS[1], 1)
    game.enter(A.Action(A.BID, 120), 1)
    for seat in (2, 3):
        game.enter(A.PASS_ACTION, seat)
    with pytest.raises(NeedMore) as caught:
        game.enter(A.PASS_ACTION, 0)
    assert caught.value.need == "blind_hand"
    before = unchanged(game)
    with pytest.raises(IllegalAction, match="both in your hand and face up"):
        game.reveal_hand([C.ROOK, *[C.from_code(f"{n}r") for n in range(5, 14)]])
    assert unchanged(game) == before


def test_an_entry_of_the_wrong_kind_is_not_now_before_it_is_out_of_turn() -> None:
    """"east trump red" in the play said "It is North's turn, not East's.", as if East might name
    trump on theirs; "north trump green" said "Not now" (the re-check of session 31)."""
    game, lines, index = until_laid("call-partner", 1, 2)
    while game.state.phase != Phase.PLAY:
        enter_line(game, lines, index)
        index += 1
    other = next(s for s in range(game.state.n) if s not in (game.state.actor, game.me))
    before = unchanged(game)
    for seat in (other, game.state.actor):
        with pytest.raises(IllegalAction, match="Not now: it is time to play a card") as refused:
            game.enter(A.Action(A.TRUMP, 0), seat)
        assert not isinstance(refused.value, NotTheirTurn)
        assert "trump red" not in str(refused.value)  # "West cannot trump red" read as a ruff refused
        assert unchanged(game) == before
    # Nor "West cannot misdeal" (the re-check of session 31).
    with pytest.raises(IllegalAction, match="cannot call a misdeal now") as refused:
        game.enter(A.Action(A.MISDEAL, 0), other)


@pytest.mark.parametrize("preset, seed", [("hasbro", 4), ("georgia", 3)])
def test_a_trump_line_by_a_seat_not_naming_trump_is_refused_as_its_own(preset: str, seed: int) -> None:
    """A table record's trump line by a seat that does not name trump is that seat's call out of
    turn, not a hand-over no line records: "West cannot hand the trump call to their partner
    now" was said for East's line (the re-check of session 32)."""
    lines = full_record(preset, seed, hands=1)
    game, _ = enter_lines(lines, 0)
    table_lines = json.loads(json.dumps([game.game_line(), *game.record]))
    index = next(i for i, line in enumerate(table_lines) if line["type"] == "trump")
    bidder = next(line["seat"] for line in table_lines if line["type"] == "contract")
    seats = table_lines[0]["seats"]
    partner = seats[(seats.index(bidder) + 2) % 4]
    # In hasbro the bidder alone names trump: the partner's line is refused too.
    other = partner if preset == "hasbro" else seats[(seats.index(bidder) + 1) % 4]
    table_lines[index]["seat"] = other
    with pytest.raises(RecordError) as caught:
        list(replay_table_record(table_lines))
    assert str(caught.value).endswith(f"It is {bidder.capitalize()}'s turn, not {other.capitalize()}'s.")
