"""``rook-access labels`` as a user runs it: outputs, bad input, and the committed braille/ sheets."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from rook_access.core import preset_names

ROOT = Path(__file__).resolve().parents[1]
BRAILLE = ROOT / "braille"


def labels(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[bytes]:
    env = dict(os.environ, PYTHONPATH=str(ROOT), LC_ALL="C")  # C locale: output must not depend on it
    return subprocess.run([sys.executable, "-m", "rook_access", "labels", *args],
                          capture_output=True, cwd=cwd, env=env, timeout=120)


def test_committed_sheets_are_up_to_date(tmp_path: Path) -> None:
    result = labels("--all", "--output-dir", str(tmp_path))
    assert result.returncode == 0, result.stderr
    fresh = sorted(p.name for p in tmp_path.iterdir())
    assert fresh == sorted(f"{n}.{ext}" for n in preset_names() for ext in ("brf", "pef"))
    committed = sorted(p.name for p in BRAILLE.iterdir() if p.suffix in (".brf", ".pef"))
    assert committed == fresh, "braille/ is out of date: run  rook-access labels --all --output-dir braille"
    for file_name in fresh:
        assert (BRAILLE / file_name).read_bytes() == (tmp_path / file_name).read_bytes(), (
            f"braille/{file_name} is out of date: run  rook-access labels --all --output-dir braille"
        )
    assert (BRAILLE / "README.md").is_file()


def test_stdout_and_file_agree_and_format_follows_extension(tmp_path: Path) -> None:
    out = labels("--rules", "red-one", "--format", "brf")
    assert out.returncode == 0 and out.stdout.startswith(b"1R ") and b"\r\n" in out.stdout
    target = tmp_path / "sheets" / "red-one.brf"  # the folder is made
    written = labels("--rules", "red-one", "--output", str(target))
    # Said, with the folder made for it: a mistyped folder was made unsaid (the first-run sweep).
    assert written.returncode == 0 and written.stdout.decode() == f"wrote {target}\nmade the folder {target.parent}\n"
    assert labels("--rules", "red-one", "--output", str(target)).stdout.decode() == f"wrote {target}\n"
    # A link to a file in a folder not there yet: that folder is made, and said (it was made unsaid:
    # the braille sweep of session 29).
    link = tmp_path / "link.brf"
    link.symlink_to(tmp_path / "nowhere" / "target.brf")
    linked = labels("--rules", "red-one", "--output", str(link))
    assert linked.stdout.decode() == f"wrote {link}\nmade the folder {tmp_path / 'nowhere'}\n", linked.stdout
    assert link.is_symlink() and (tmp_path / "nowhere" / "target.brf").read_bytes() == out.stdout
    assert target.read_bytes() == out.stdout
    assert [p.name for p in target.parent.iterdir()] == ["red-one.brf"]  # no temporary file left
    umask = os.umask(0)
    os.umask(umask)
    assert target.stat().st_mode & 0o777 == 0o666 & ~umask  # ordinary permissions, not mkstemp's 0600


def test_text_and_svg_on_stdout() -> None:
    text = labels("--rules", "hasbro")  # no --format, no --output: text
    assert text.returncode == 0
    lines = text.stdout.decode("utf-8").splitlines()
    assert len(lines) == 42 and lines[-1] == "Rook Bird: \u2817\u2815\u2815\u2805"
    svg = labels("--format", "svg", "--rook-label", "bird")
    assert svg.returncode == 0 and svg.stdout.startswith(b"<?xml") and b"Rook Bird" in svg.stdout


def test_options_reach_the_sheet() -> None:
    out = labels("--format", "brf", "--numeric-indicator", "--black-letter", "b", "--rook-label", "bird",
                 "--option", "ones=low")
    assert out.returncode == 0, out.stderr
    tokens = out.stdout.decode("ascii").split()
    assert tokens[0] == "#1R" and "#14B" in tokens and tokens[-1] == "BIRD" and len(tokens) == 45


@pytest.mark.parametrize("args", [
    ["--format", "docx"],
    ["--width", "3", "--format", "brf"],
    ["--width", "ten"],
    ["--slot", "2"],
    ["--lines", "0"],
    ["--row-gap", "-1"],
    ["--black-letter", "k"],
    ["--rook-label", "big bird"],
    ["--rook-label", "rookbirdie"],
    ["--rook-label", "14b"],  # typed, 14 black whatever the letter for black (the braille sweep of session 33)
    ["--rook-label", "14x", "--black-letter", "b"],
    ["--rook-label", "14"],  # typed, the card of that number (the re-check of session 33)
    ["--rook-label", "p"],  # typed, the pass command
    ["--rules", "no-such-preset"],
    ["--option", "no_such_option=1"],
    ["--all"],
    ["--all", "--output-dir", "x", "--rules", "hasbro"],
    ["--all", "--output-dir", "x", "--output", "y.brf"],
    ["--output-dir", "x"],
    ["--output", "."],
    ["--output", "newfolder/"],  # a folder by its slash: it became a file called newfolder
    ["--output", "a" * 300 + ".brf"],  # too long for the file system: exit 1 and the whole name
    # In a new folder: the folder "new" was made, unsaid, and the run ended with status 1.
    ["--all", "--output-dir", "new/" + "a" * 300],
    ["--output", "new/" + "a" * 300 + "/x.brf"],
    # No format named: UTF-8 text with print names, useless on an embosser (the braille sweep of session 37).
    ["--output", "hasbro.brl"],
    ["--output", "new/hasbro.bfr"],
    ["--output", "hasbro"],
])
def test_bad_input_one_line_exit_2(args: list[str], tmp_path: Path) -> None:
    result = labels(*args, cwd=tmp_path)
    assert result.returncode == 2, (args, result.stdout, result.stderr)
    err = result.stderr.decode("utf-8")
    assert err.startswith("rook-access: ") and err.count("\n") == 1, err
    assert "Traceback" not in err
    assert result.stdout == b""
    assert list(tmp_path.iterdir()) == []  # nothing written


def test_all_writes_nothing_when_one_sheet_cannot_be_written(tmp_path: Path) -> None:
    """A folder where hasbro.pef goes stopped --all after writing 18 files."""
    (tmp_path / "hasbro.pef").mkdir()
    done = labels("--all", "--output-dir", str(tmp_path))
    assert done.returncode == 2 and b"hasbro.pef is a folder: move it away" in done.stderr
    assert [p.name for p in tmp_path.iterdir()] == ["hasbro.pef"]


@pytest.mark.parametrize("locale", [{"PYTHONIOENCODING": "latin-1"}, {"LC_ALL": "C", "LANG": "C", "PYTHONUTF8": "0"}])
def test_labels_to_a_terminal_that_cannot_show_braille_say_so(tmp_path: Path, locale: dict[str, str]) -> None:
    """play and table said so, labels did not (found by the re-check): on a Latin-1 terminal the
    text sheet's cells are said not to show, on standard error; into a file nothing is said.
    There each label is its dot numbers, in ASCII: the cells went out as UTF-8 anyway, "5 red:
    â ¢â " and a C1 control ending each green label (the braille sweep of session 37)."""
    import pexpect

    env = {key: value for key, value in os.environ.items()
           if key not in ("LC_ALL", "LC_CTYPE", "LANG", "PYTHONIOENCODING", "PYTHONUTF8")}
    env.update(locale, ROOK_ACCESS_HOME=str(tmp_path))
    child = pexpect.spawn(sys.executable, ["-m", "rook_access", "labels", "--format", "text"], env=env,
                          timeout=60, dimensions=(24, 300))  # wide: the line on one row
    child.expect(pexpect.EOF)
    shown = child.before or b""
    assert shown.isascii(), shown[:300]
    lines = shown.decode("ascii").splitlines()
    assert lines[0].endswith("cannot show braille cells. A UTF-8 locale shows them, such as LANG=en_US.UTF-8. "
                             "Here each label is written as its dot numbers instead."), lines[0]
    assert lines[1].endswith("card name, then its label's dots, cell by cell.") and len(lines) == 43
    assert "14 red: dots 2, 256, 1235" in lines and "5 green: dots 26, 1245" in lines
    assert lines[-1] == "Rook Bird: dots 1235, 135, 135, 13"
    piped = subprocess.run([sys.executable, "-m", "rook_access", "labels", "--format", "text"], env=env,
                           capture_output=True, timeout=60)
    assert piped.returncode == 0 and piped.stderr == b""


@pytest.mark.parametrize("name", ["a" * 236 + ".brf", "é" * 120 + ".brf"])  # 240 and 244 bytes
def test_a_long_name_the_file_system_takes_is_written(tmp_path: Path, name: str) -> None:
    """A 240-character name was refused: its temporary file's name was too long (the braille
    sweep); then one of 244 bytes in 124 characters (the eighth re-check: the cut counted
    characters, the limit bytes)."""
    done = labels("--output", name, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert [p.name for p in tmp_path.iterdir()] == [name]


def test_all_writes_every_sheet_before_it_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """"labels --all --output-dir bp | head -1" stopped after the first sheet, without a word,
    when the reader went away (the braille sweep): the sheets are what was asked for."""
    import builtins

    from rook_access.cli import main

    def reader_gone(*args: object, **kwargs: object) -> None:
        raise BrokenPipeError

    monkeypatch.setattr(builtins, "print", reader_gone)
    main(["labels", "--all", "--output-dir", str(tmp_path)])  # quiet about the pipe, as documented
    assert len(list(tmp_path.iterdir())) == 2 * len(preset_names())


def test_a_read_only_sheet_is_refused_not_replaced(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A rename needs only the folder, so a sheet the user made read-only was replaced without a
    word (the braille sweep; as root every file is writable, so the test asks os.access to say
    what it says to another user)."""
    from rook_access.store import atomic
    from rook_access.store.atomic import write_atomic

    sheet = tmp_path / "ro.brf"
    sheet.write_text("old")
    monkeypatch.setattr(atomic.os, "access", lambda path, mode: Path(path) != sheet)
    with pytest.raises(PermissionError, match="read-only"):
        write_atomic(sheet, "new")
    assert sheet.read_text() == "old"


def test_a_folder_given_as_the_output_is_answered_with_this_decks_sheet(tmp_path: Path) -> None:
    """Found by the braille sweep: the advice named hasbro.brf whatever the deck and format (the
    advice followed gave a sheet named for the wrong deck, or a second refusal), a folder not
    there yet was said to be one, and the format's advice dropped the folder."""
    (tmp_path / "adir").mkdir()
    said = [labels(*args, cwd=tmp_path).stderr.decode().strip() for args in (
        ("--rules", "kentucky-west", "--output", "adir"),
        ("--rules", "kentucky-west", "--format", "pef", "--output", "adir"),
        ("--format", "pef", "--output", "adir/x.brf"),
        ("--output", "nosuch/"),
        ("--output", "fresh/."))]  # taken as the file fresh, as --record was (the re-check of session 28)
    assert said == ["rook-access: adir is a folder: give a file name such as adir/kentucky-west.brf",
                    "rook-access: adir is a folder: give a file name such as adir/kentucky-west.pef",
                    "rook-access: --output adir/x.brf names a brf file, but --format pef writes pef: name it "
                    "adir/x.pef, or leave out --format",
                    "rook-access: nosuch/ names a folder (it ends in /): give a file name such as nosuch/hasbro.brf",
                    "rook-access: fresh/. names a folder (it ends in .): give a file name such as fresh/hasbro.brf"]
    assert not (tmp_path / "fresh").exists()


def test_a_path_with_a_newline_or_an_escape_is_one_printable_line(tmp_path: Path) -> None:
    """Found by the braille sweep: labels printed the paths it was given raw, so a newline split a
    refusal (and a "wrote" line) in two and an escape sequence cleared the screen; play, simulate
    and replay already said such a path with its escapes (core.text.said_text)."""
    for args in (("--output", "nl\nx/"), ("--output", "\x1b[2J\x1b[31mred/"),
                 ("--format", "pef", "--output", "nl\nx.brf")):
        err = labels(*args, cwd=tmp_path).stderr.decode()
        assert len(err.splitlines()) == 1 and "\x1b" not in err, err
        assert "\\n" in err or "\\u001b" in err, err
    done = labels("--all", "--format", "brf", "--output-dir", "nl\ndir", cwd=tmp_path)
    *lines, made = done.stdout.decode().splitlines()
    assert done.returncode == 0 and len(lines) == len(preset_names())
    assert all(line.startswith("wrote ") and "\\n" in line for line in lines), lines
    assert made == 'made the folder "nl\\ndir"', made


def test_all_writes_the_built_in_presets_whatever_family_rules_are_kept(tmp_path: Path) -> None:
    """A family's rules saved as hasbro (57 cards) were written as hasbro.brf, and a broken family
    file stopped every sheet; one sheet of a family's rules said nothing of it (the labels sweep of
    session 31). --no-numeric-indicator is taken, as play and table take it."""
    home = tmp_path / "home"
    (home / "rules").mkdir(parents=True)
    (home / "rules" / "hasbro.toml").write_text('base = "kentucky-west"\n', encoding="utf-8")
    (home / "rules" / "georgia.toml").write_text("garbage = [\n", encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(ROOT), ROOK_ACCESS_HOME=str(home))
    command = [sys.executable, "-m", "rook_access", "labels"]
    done = subprocess.run([*command, "--all", "--output-dir", str(tmp_path / "out")], capture_output=True, env=env,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "out" / "hasbro.brf").read_bytes() == (BRAILLE / "hasbro.brf").read_bytes()
    one = subprocess.run([*command, "--rules", "hasbro", "--no-numeric-indicator"], capture_output=True, env=env,
                         timeout=120)
    assert one.returncode == 0, one.stderr
    assert one.stdout.startswith(b"Rook card labels for the hasbro (your family's rules) deck"), one.stdout[:80]


def test_the_pef_says_a_rook_label_of_cells_as_the_cells() -> None:
    """"the Rook Bird's label is ==" was the PEF's print for ⠿⠿, Braille ASCII punctuation a
    sighted helper cannot read (the labels sweep of session 31); letters stay letters."""
    cells = labels("--rules", "baby-rook", "--rook-label", "⠿⠿", "--format", "pef").stdout.decode("utf-8")
    assert "the Rook Bird's label is ⠿⠿." in cells
    letters = labels("--rules", "hasbro", "--rook-label", "bird", "--format", "pef").stdout.decode("utf-8")
    assert "the Rook Bird's label is bird." in letters


def test_a_file_that_is_not_a_label_sheet_is_kept(tmp_path: Path) -> None:
    """"labels --output notes.txt" replaced the notes without a word, and .brf and .pef files
    likewise (the braille sweep of session 37): a file already there is replaced only when it is
    a sheet this program wrote, or empty; --all keeps any other file too, writing nothing."""
    for name in ("notes.txt", "notes.brf", "notes.pef", "notes.svg"):
        (tmp_path / name).write_text("my notes\n")
        done = labels("--output", name, cwd=tmp_path)
        assert done.returncode == 2 and done.stdout == b"", done
        assert done.stderr.decode() == (f"rook-access: {name} already holds something that is not a label sheet, "
                                        "so it is kept: give another file name, or delete that file first\n")
        assert (tmp_path / name).read_text() == "my notes\n"
    (tmp_path / "empty.brf").write_bytes(b"")
    assert labels("--output", "empty.brf", cwd=tmp_path).returncode == 0
    (tmp_path / "sheets").mkdir()
    (tmp_path / "sheets" / "hasbro.pef").write_text("my notes\n")
    done = labels("--all", "--output-dir", "sheets", cwd=tmp_path)
    assert done.returncode == 2 and b"give another folder, or move that file away first" in done.stderr, done
    assert [p.name for p in (tmp_path / "sheets").iterdir()] == ["hasbro.pef"]


@pytest.mark.parametrize("fmt", ["brf", "pef", "text", "svg"])
def test_a_sheet_of_ours_is_rewritten_in_any_style(fmt: str, tmp_path: Path) -> None:
    """Rewriting a sheet this program wrote stays allowed, whatever deck, style and layout it had."""
    target = tmp_path / f"sheet.{'txt' if fmt == 'text' else fmt}"
    wide = ["--width", "200"] if fmt in ("brf", "pef") else []  # the layout options its format takes
    corners = ["--both-corners"] if fmt != "text" else []
    first = labels("--rules", "baby-rook", "--rook-label", "⠿⠿", "--numeric-indicator", *wide,
                   "--output", str(target))
    assert first.returncode == 0, first.stderr
    again = labels("--rules", "kentucky-west", *corners, "--output", str(target))
    assert again.returncode == 0 and again.stdout.decode() == f"wrote {target}\n", again.stderr


def test_an_output_whose_extension_names_no_format_is_refused(tmp_path: Path) -> None:
    """hasbro.brl, hasbro.bfr and a name without an extension got the Unicode text sheet, print
    names and all, useless on an embosser (the braille sweep of session 37): without --format the
    extension must name the format, and --format still writes any name."""
    said = [labels("--output", name, cwd=tmp_path).stderr.decode() for name in ("hasbro.brl", "hasbro")]
    assert said == [
        "rook-access: --output hasbro.brl ends in .brl, which names no format: name it hasbro.brf to emboss "
        "(or end it in .pef, .txt or .svg), or give --format brf, pef, text or svg\n",
        "rook-access: --output hasbro has no extension: name it hasbro.brf to emboss (or end it in .pef, .txt or "
        ".svg), or give --format brf, pef, text or svg\n"]
    assert list(tmp_path.iterdir()) == []
    done = labels("--format", "brf", "--output", "hasbro.brl", cwd=tmp_path)
    assert done.returncode == 0 and (tmp_path / "hasbro.brl").read_bytes() == (BRAILLE / "hasbro.brf").read_bytes()
    assert labels("--output", "HASBRO.BRF", cwd=tmp_path).returncode == 0  # the extension in capitals


def test_a_layout_option_for_a_format_it_does_not_shape_is_refused(tmp_path: Path) -> None:
    """--width, --lines, --slot, --row-gap and --both-corners were ignored without a word for a
    text sheet (and all but --both-corners for svg), yet checked: --width 3 --output t3.txt was
    refused for the layout of a sheet that has none (the shell-commands sweep of session 38). Now
    each is refused, in one line naming the formats it shapes, and nothing is written."""
    said = [labels(*args, cwd=tmp_path) for args in (
        ["--output", "t2.txt", "--width", "12", "--lines", "3", "--slot", "6", "--row-gap", "4", "--both-corners"],
        ["--width", "20"],
        ["--width", "3", "--output", "t3.txt"],
        ["--format", "svg", "--row-gap", "2"],
        ["--all", "--format", "text", "--output-dir", "sheets", "--lines", "4"])]
    assert [out.returncode for out in said] == [2] * 5 and all(out.stdout == b"" for out in said)
    assert [out.stderr.decode() for out in said] == [
        "rook-access: --width, --lines, --slot, --row-gap and --both-corners do nothing to a text sheet, which is "
        "one card a line: they shape brf and pef sheets only; leave them out, or write a .brf or .pef file\n",
        "rook-access: --width does nothing to a text sheet, which is one card a line: it shapes brf and pef sheets "
        "only; leave it out, or give --format brf or pef\n",
        "rook-access: --width does nothing to a text sheet, which is one card a line: it shapes brf and pef sheets "
        "only; leave it out, or write a .brf or .pef file\n",
        "rook-access: --row-gap does nothing to the svg picture, which is drawn at true size: it shapes brf and pef "
        "sheets only; leave it out, or give --format brf or pef\n",
        "rook-access: --lines does nothing to a text sheet, which is one card a line: it shapes brf and pef sheets "
        "only; leave it out, or give --format brf or pef\n"]
    assert list(tmp_path.iterdir()) == []
    # What each format does take: --both-corners for svg, the whole layout for brf and pef.
    svg = labels("--format", "svg", "--both-corners")
    assert svg.returncode == 0 and svg.stdout.count(b"Rook Bird") == 2 * labels("--format", "svg").stdout.count(
        b"Rook Bird")
    brf = labels("--format", "brf", "--width", "12", "--lines", "3", "--slot", "6", "--row-gap", "4", "--both-corners")
    assert brf.returncode == 0 and brf.stdout != labels("--format", "brf").stdout
