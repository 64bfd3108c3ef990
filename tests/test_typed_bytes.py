"""Every typed byte is survivable: bytes that are not UTF-8, digits that are not ASCII, numbers
longer than anything a player means, at every phase, in every input mode, under a real UTF-8
locale (en_US.UTF-8: Python reads C.UTF-8 with surrogateescape, which hides the fault)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rook_access.console.parse import ParseError, clean_line, parse
from tests.console_helpers import Table

LOCALE = {"LANG": "en_US.UTF-8", "LC_ALL": "en_US.UTF-8"}
NINES = "9" * 5000
NASTY = [b"\xff\xfe", b"bid \xff\xfe", "²".encode(), "¹²⁰".encode(), "bid ²".encode(), "history ²".encode(),
         NINES.encode(), f"bid {NINES}".encode(), f"history {NINES}".encode(), b"\xc3", b"\xed\xa0\x80",
         "bid ٣".encode(), "14r\u200b".encode(), b"\x00\x01\x1b[2J", b"x" * 5000]


def locale_ok() -> bool:
    done = subprocess.run([sys.executable, "-c", "import locale; locale.setlocale(locale.LC_ALL, '')"],
                          env=dict(os.environ, **LOCALE), capture_output=True)
    return done.returncode == 0


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("ROOK_ACCESS_HOME", str(tmp_path))
    return tmp_path


def test_the_real_utf8_locale_is_installed() -> None:
    """CI generates en_US.UTF-8 (.ci/run); without it the tests below would test C.UTF-8 only."""
    assert locale_ok(), "generate en_US.UTF-8: apt-get install locales; locale-gen en_US.UTF-8"


@pytest.mark.parametrize("text", ["²", "¹²⁰", "bid ²", "history ²", "review ¹", NINES, f"bid {NINES}",
                                  f"history {NINES}", "bid ٣", "\ufffd", "bid \ufffd", "\udcff\udcfe"])
def test_the_parser_refuses_with_a_reason(text: str) -> None:
    with pytest.raises(ParseError) as refused:
        parse(text)
    message = str(refused.value)
    assert message[0].isupper() and message.endswith(".") and len(message) < 200


def test_long_input_is_quoted_shortened() -> None:
    with pytest.raises(ParseError) as refused:
        parse("x" * 5000)
    assert "(5000 characters)" in str(refused.value) and len(str(refused.value)) < 150


def test_a_surrogate_never_reaches_the_output() -> None:
    assert clean_line("bid \udcff\udcfe") == "bid \ufffd\ufffd"
    clean_line("\udcff").encode("utf-8")  # printable: no "surrogates not allowed"


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.one_of(st.binary(max_size=40), st.sampled_from(NASTY),
                         st.text(max_size=30).map(lambda t: t.encode("utf-8", "surrogatepass"))),
                min_size=1, max_size=6),
       st.integers(0, 5))
def test_raw_bytes_at_every_phase_change_nothing(lines: list[bytes], phase_steps: int) -> None:
    """Bytes decoded as each input mode decodes them (replace, or surrogateescape in the line
    editor): each line is answered, a refusal changes nothing, no line raises."""
    table = Table("call-partner", seed=3 + phase_steps, options=["target=100"])
    import random
    rng = random.Random(phase_steps)
    for _ in range(phase_steps * 4):
        if table.state.is_over() or not table.my_turn():
            break
        table.run(table.move_text(rng, bid=True))
    for raw in lines:
        for text in (raw.decode("utf-8", "replace"), raw.decode("utf-8", "surrogateescape")):
            before = table.state.to_dict()
            reply = table.run(text)
            assert "Error" not in table.text()
            if reply.refused:
                assert table.state.to_dict() == before
                assert len(reply.lines) == 1 and len(reply.lines[0]) < 300


def rook_env(home: Path) -> dict[str, str]:
    return dict(os.environ, ROOK_ACCESS_HOME=str(home), **LOCALE)


def test_bad_bytes_through_a_pipe_under_en_us(tmp_path: Path) -> None:
    stdin = b"\n".join(NASTY) + b"\nstatus\nquit\n"
    done = subprocess.run([sys.executable, "-m", "rook_access", "play", "--speech", "off", "--seed", "5"],
                          input=stdin, capture_output=True, env=rook_env(tmp_path), timeout=120)
    out = done.stdout.decode("utf-8")
    assert done.returncode == 0, done.stderr
    assert done.stderr == b"" and "Traceback" not in out and "Error:" not in out
    assert out.count("not text the game can read") >= 3
    assert "Not a number: ²." in out and "That number has 5000 digits" in out
    assert "Saved." in out
    longest = max(len(line) for line in out.splitlines())
    assert longest < 300  # long input is quoted shortened, in the pipe's echo too
    assert "(5000 characters)" in out


@pytest.mark.parametrize("plain", [True, False], ids=["plain", "editor"])
def test_bad_bytes_typed_in_a_terminal_under_en_us(tmp_path: Path, plain: bool) -> None:
    env = rook_env(tmp_path)
    env["TERM"] = "dumb" if plain else "xterm"
    child = pexpect.spawn(sys.executable, ["-m", "rook_access", "play", "--speech", "off", "--seed", "5"]
                          + (["--plain"] if plain else []), env=env, timeout=60, dimensions=(40, 200))
    try:
        child.expect_exact(b"Type help for the commands.")
        for raw in (b"\xff\xfe", "bid ²".encode(), "²".encode(), b"history " + NINES[:300].encode()):
            child.send(raw + b"\r")
            child.expect([b"not text the game can read", b"Not a number", b"Not a command or a card",
                          b"more than 9"])
        child.send(b"quit\r")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert b"Traceback" not in (child.before or b"")
    assert child.exitstatus == 0
