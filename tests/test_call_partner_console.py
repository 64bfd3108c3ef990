"""The encyclopedia's call-partner game for six (two called cards), played at the console."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from rook_access.core import cards as C
from rook_access.core.view import known_sides
from tests.console_helpers import Table
from tests.core_helpers import make_deal
from tests.test_braille_speech import Voice


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("ROOK_ACCESS_HOME", str(tmp_path))
    return tmp_path


def test_console_six_players_the_bidder_calls_two_partner_cards(home: Path) -> None:
    deal = make_deal("call-partner-6", "southeast", {"south": ["1r", "rook"], "north": ["14r"], "northwest": ["13r"]})
    table = Table("call-partner-6", seed=2, deal=deal, level="normal")
    table.run("bid 200")  # the maximum: the auction ends at once
    south = table.state.seats.index("south")
    cards = [C.code(c) for c in C.cards_in(table.state.hands[south]) if c not in (C.ROOK, C.from_code("1r"))]
    table.run("discard " + " ".join(cards[:3]))
    table.run("trump red")
    assert table.run("status").lines[-1] == "Your turn to call a partner card."
    table.run("call 14r")
    assert table.run("legal").lines == ["Call any card you do not hold, not the 14 red you called, like call 1g."]
    refused = table.run("call 14r")
    assert refused.refused and refused.lines == ["You called the 14 red already: call another card you do not hold."]
    table.run("call 13r")
    assert "Called cards: 14 red and 13 red." in table.run("status").lines
    assert "You call the 14 red as partner card." in table.text()
    assert "You call the 13 red as partner card." in table.text()
    assert table.state.phase == "play"
    assert {table.state.partner, table.state.partner2} == {table.state.seats.index("north"),
                                                           table.state.seats.index("northwest")}


def test_before_the_reveal_nobody_is_grouped_with_the_secret_partner(home: Path) -> None:
    """score grouped "You, Northeast, Southwest and Northwest" against the bidder while one of
    them was its secret partner; each stands alone until the called card falls, and status then
    says who the partner is (found by a helper playing call-partner)."""
    for seed in range(2, 40):
        table = Table("call-partner", seed=seed)
        table.advance(lambda t: t.state.phase == "play" and len(t.state.tricks) >= 1 and t.my_turn(),
                      random.Random(seed))
        view = table.session.view()
        if view.phase != "play" or view.partner >= 0 or view.bidder == view.seat:
            continue
        lines = table.run("score").lines
        start = lines.index(f"This hand, after {len(view.tricks)} {'trick' if len(view.tricks) == 1 else 'tricks'}:")
        rows = lines[start + 1:-1]
        assert len(rows) == len(view.seats) and not any(" and " in row for row in rows), rows
        called = table.state.called
        table.advance(lambda t, card=called: t.state.played >> card & 1 or t.state.phase != "play",
                      random.Random(seed))
        if table.state.phase != "play" or table.state.hand_number != view.hand_number:
            continue
        partner = table.session.describer.seat(table.session.view(), table.state.partner)
        bidder = table.session.describer.seat(table.session.view(), table.state.bidder)
        said = f"{partner[:1].upper() + partner[1:]} is {bidder}'s partner."
        assert said in table.run("status").lines
        return
    raise AssertionError("no deal left the player a defender with the partner unknown")


def test_a_called_card_in_the_nest_with_two_calls_brings_no_partner_but_the_other_may(home: Path) -> None:
    """"The 10 green is in the nest: you play alone." then the second call made North a partner
    (found by the variants sweep); and one seat holding both called cards was "You and you are
    North's partners."."""
    from rook_access.speech.rules_text import explain

    deal = make_deal("call-partner-6", "southeast", {"south": ["1r", "rook", "10g"], "north": ["14r"]})
    table = Table("call-partner-6", seed=2, deal=deal, level="normal")
    table.run("bid 200")
    others = [C.code(c) for c in C.cards_in(table.state.hands[table.session.me])
              if c not in (C.ROOK, C.from_code("1r"), C.from_code("10g"))]
    table.run("discard 10g " + " ".join(others[:2]))
    table.run("trump red")
    assert table.run("call 10g").lines == [] and "The 10 green is in the nest: it brings no partner." in table.text()
    table.run("call 14r")
    assert table.state.seats.index("north") in (table.state.partner, table.state.partner2)  # the call that counts
    view = table.session.view()
    both = view._replace(bidder=table.state.seats.index("north"), partner=table.session.me, partner2=table.session.me)
    lines = table.session.describer.status_lines(both)
    assert "You are North's partner." in lines and not any("You and you" in line for line in lines), lines
    assert any("A called card in the nest brings no partner; if both are there, the bidder plays alone." in line
               for line in explain("call-partner-6", table.state.options))


def test_a_bidder_whose_called_card_is_in_the_nest_is_told_so_by_status_and_score(home: Path) -> None:
    """The bidder laid the 14 yellow in the nest and called it: the call said "you play alone",
    but status said only "Called card: 14 yellow." and score kept the five seats apart, as if a
    partner were still to show (the presets sweep of session 37). The seats that did not see the
    discard still wait for the card."""
    table = Table("call-partner", seed=6)
    for line in ("200", "discard 7r 8g 10x 12y 14y", "green", "call 14y"):
        table.run(line)
    alone = "The 14 yellow is in the nest: you play alone."
    assert alone in table.run("status").lines
    table.advance(lambda t: len(t.state.tricks) >= 1 and t.my_turn(), random.Random(6))
    lines = table.run("score").lines
    rows = lines[lines.index("This hand, after 1 trick:") + 1:-1]
    assert [row.split(":")[0] for row in rows] == ["You", "Northeast, Southeast, Southwest and Northwest"], rows
    me = table.session.me
    assert known_sides(table.state.view(me)) == [[me], [s for s in range(5) if s != me]]
    for seat in (s for s in range(5) if s != me):
        view = table.state.view(seat)
        assert sorted(known_sides(view)) == [[s] for s in range(5)]
        assert not any("in the nest:" in line for line in table.session.describer.status_lines(view))


def test_with_two_calls_one_card_in_the_nest_leaves_the_other_partner_to_show(home: Path) -> None:
    """With two calls, a buried called card brings no partner and status says so; the other
    card's holder stays unknown to the bidder, who still sees each other seat apart."""
    deal = make_deal("call-partner-6", "southeast", {"south": ["1r", "rook", "10g"], "north": ["14r"]})
    table = Table("call-partner-6", seed=2, deal=deal, level="normal")
    table.run("bid 200")
    others = [C.code(c) for c in C.cards_in(table.state.hands[table.session.me])
              if c not in (C.ROOK, C.from_code("1r"), C.from_code("10g"))]
    for line in ("discard 10g " + " ".join(others[:2]), "trump red", "call 10g", "call 14r"):
        table.run(line)
    assert "The 10 green is in the nest: it brings no partner." in table.run("status").lines
    from rook_access.core.view import buried_calls, plays_alone_known

    view = table.session.view()
    assert buried_calls(view) == (C.from_code("10g"),) and not plays_alone_known(view)
    assert sorted(known_sides(view)) == [[s] for s in range(6)]


# The presets sweep's deal (session 37): North holds both red cards the bidder calls.
_BOTH_TO_NORTH = {
    "dealer": "southwest",
    "hands": {"south": ["rook", "13r", "12r", "11r", "1g", "14g", "1x"],
              "north": ["1r", "14r", "5g", "6g", "7g", "8g", "9g"],
              "northeast": ["13g", "7y", "9x", "5x", "11y", "6r", "10r"],
              "southeast": ["8r", "5y", "6y", "8x", "7x", "12y", "11x"],
              "southwest": ["10y", "10g", "14y", "12g", "8y", "5r", "9y"],
              "northwest": ["7r", "13y", "1y", "10x", "14x", "6x", "9r"]},
    "nest": ["12x", "13x", "11g"], "aside": []}


def test_one_player_holding_both_called_cards_is_said_to_be_the_only_partner(home: Path) -> None:
    """North played the 14 red, then the 1 red, and each time the bidder heard "The called card:
    North is your partner.", as if a second partner had shown (the presets sweep of session 37)."""
    table = Table("call-partner-6", seed=1, deal=_BOTH_TO_NORTH, level="normal")
    for line in ("200", "discard 11r 12r 13r", "red", "call 1r", "call 14r"):
        table.run(line)
    both = C.BIT[C.from_code("1r")] | C.BIT[C.from_code("14r")]
    table.advance(lambda t: t.state.played & both == both, random.Random(1))
    said = table.text().splitlines()
    assert said.count("The called card: North is your partner.") == 1, said
    assert said.count("The other called card: North holds both and is your only partner.") == 1, said
    assert "North is your partner." in table.run("status").lines


def test_the_holder_of_both_called_cards_and_the_others_hear_one_partner() -> None:
    from rook_access.speech.announce import both_calls_line

    assert both_calls_line("north", "south", "north") == (
        "You played the other called card: you hold both and are South's only partner.")
    assert both_calls_line("north", "south", "east") == (
        "The other called card: North holds both and is South's only partner.")


@pytest.mark.parametrize("setting", ["plays never", "plays turn", "nest never"])
def test_the_partner_a_called_card_shows_is_said_whatever_speak_plays_says(home: Path, setting: str) -> None:
    """Told as part of the card played, "The called card: North is your partner." was printed and
    never said under speak plays never, and mostly not under turn (the ear and braille sweep of
    session 39): it is news of the sides, spoken as the partner call is, by speak nest."""
    table = Table("call-partner-6", seed=1, deal=_BOTH_TO_NORTH, level="normal")
    voice = Voice()
    table.printer.speaker = voice  # type: ignore[assignment]
    table.run(f"speak {setting}")
    for line in ("200", "discard 11r 12r 13r", "red", "call 1r", "call 14r"):
        table.run(line)
    both = C.BIT[C.from_code("1r")] | C.BIT[C.from_code("14r")]
    table.advance(lambda t: t.state.played & both == both, random.Random(1))
    spoken = 0 if setting == "nest never" else 1
    for reveal in ("The called card: North is your partner.",
                   "The other called card: North holds both and is your only partner."):
        assert reveal in table.text().splitlines() and voice.said.count(reveal) == spoken, (reveal, voice.said)
    if setting == "plays never":  # the cards themselves stay unsaid
        assert not any(line.startswith("North plays ") for line in voice.said), voice.said
