"""A family's rules, saved (issue 11, part 4): ``rules --save NAME --from PRESET --option k=v``
writes a checked TOML file to the data folder; ``--rules NAME`` finds it before the built-in
presets; ``rules`` lists both; a bad file is one line naming the file, exit status 2."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from rook_access.core import RuleError, resolve
from rook_access.core.options import parse_override
from rook_access.store import family_rules
from rook_access.store.family_rules import find_preset, read_family, resolve_rules, rules_dir


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("ROOK_ACCESS_HOME", str(tmp_path))
    return tmp_path


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "rook_access", *args], capture_output=True, text=True,
                          timeout=300)


def test_save_writes_the_options_as_checked_toml_in_the_data_folder(home: Path) -> None:
    out = run("rules", "--save", "grandma", "--from", "kentucky-west", "--option", "target=300",
              "--option", "must_trump=true", "--description", "Grandma's table")
    path = home / "rules" / "grandma.toml"
    assert out.returncode == 0 and out.stderr == ""
    assert out.stdout == (f"Saved your rules grandma in {path}. Play them with: rook-access play --rules grandma\n")
    assert rules_dir() == path.parent
    assert [p.name for p in path.parent.iterdir()] == ["grandma.toml"]  # no temporary file left
    saved = read_family("grandma")
    assert saved.options == resolve("kentucky-west", ["target=300", "must_trump=true"])
    assert saved.description == "Grandma's table"


def test_rules_name_finds_the_familys_own_before_the_built_in_preset(home: Path) -> None:
    assert run("rules", "--save", "hasbro", "--option", "target=150").returncode == 0
    assert find_preset("hasbro").options.target == 150 and resolve_rules("hasbro").target == 150
    assert resolve_rules("hasbro", ["target=200"]).target == 200  # --option still overrides it
    out = run("rules", "hasbro")
    assert "Game: 150 points" in out.stdout
    record = home / "game.jsonl"
    played = run("simulate", "--rules", "hasbro", "--games", "1", "--record", str(record))
    game = json.loads(record.read_text(encoding="utf-8").splitlines()[0])
    assert played.returncode == 0 and game["preset"] == "hasbro" and game["options"]["target"] == 150


def test_rules_lists_built_in_presets_and_says_which_are_the_familys_own(home: Path) -> None:
    run("rules", "--save", "picnic", "--from", "georgia", "--option", "target=300")
    out = run("rules")
    lines = out.stdout.splitlines()
    assert out.returncode == 0 and lines[0] == "Built-in rules:"
    mine = lines.index(f"Your family's own rules, saved in {home / 'rules'}:")
    assert lines[mine + 1] == "picnic: georgia, with target=300."
    assert any(line.startswith("georgia: ") for line in lines[1:mine])


@pytest.mark.parametrize("content,message", [
    ("options = { target = 0 }\nbase = \"hasbro\"\n", "option target=0 is out of range: use 1 to 100000"),
    ("base = \"hasbro\"\n[options\n", "is damaged, not readable as rules: "),
    ("base = \"rummy\"\n", "base = \"rummy\" must name a built-in preset: the built-in presets are baby-rook,"),
    ("[options]\ntarget = 300\n", 'name a built-in preset to start from, like base = "hasbro"'),
    ("base = \"hasbro\"\ncolour = \"red\"\n", "unknown key 'colour'"),
    ("base = \"hasbro\"\n[options]\nnest_size = 4\n", "cannot be dealt evenly"),
    ("base = \"hasbro\"\n[options]\ntarget = " + "9" * 5000 + "\n", "a number is too long"),
    ("base = \"hasbro\"\nx = " + "[" * 600 + "]" * 600 + "\n", "is nested more than 64 deep"),
    # A description is said as it stands: an escape sequence acted on the terminal (a re-check).
    ('description = "Grandma\\u001b[2J"\nbase = "hasbro"\n', "description holds a character that cannot be shown"),
    ('description = "' + "a" * 301 + '"\nbase = "hasbro"\n', "say it in 300 or fewer"),
])
def test_a_bad_file_is_one_line_naming_the_file_and_what_is_wrong_exit_2(
        home: Path, content: str, message: str) -> None:
    folder = home / "rules"
    folder.mkdir()
    (folder / "broken.toml").write_text(content, encoding="utf-8")
    for args in (("rules", "broken"), ("play", "--rules", "broken"), ("simulate", "--rules", "broken")):
        out = run(*args)
        assert out.returncode == 2, args
        assert out.stderr.count("\n") == 1 and "Traceback" not in out.stderr
        assert out.stderr.startswith(f"rook-access: {folder / 'broken.toml'}: ") and message in out.stderr
    # In the list, by its path once and what to do, status 0: the list was given (the
    # shell-commands sweep of session 38: a parser's words on standard error, status 2, no remedy).
    listing = run("rules")
    broken = [line for line in listing.stdout.splitlines() if line.startswith("broken: ")]
    assert listing.returncode == 0 and "hasbro: " in listing.stdout and listing.stderr == "", listing.stderr
    assert broken == [f"broken: cannot be played: {out.stderr.removeprefix('rook-access: ').rstrip()}. Mend the "
                      "file in a text editor, or save these rules again: rook-access rules --save broken --from "
                      "PRESET"], broken


def test_save_refuses_bad_names_and_bad_options_and_writes_nothing(home: Path) -> None:
    for args, message in ((("--save", "Grandma's"), "one word of up to 40 small letters a to z without accents"),
                          # è is a small letter: the rule and the fault are said (the files-from-outside
                          # sweep of session 33: "one word of small letters, ..., not 'grand-mère'").
                          (("--save", "grand-mère"), "starting with a letter or digit, not 'grand-mère': its è has an "
                                                     "accent; try grand-mere"),
                          (("--save", "grandma", "--option", "target=0"), "out of range"),
                          (("--save", "grandma", "--from", "rummy"), "unknown preset 'rummy'")):
        out = run("rules", *args)
        assert out.returncode == 2 and message in out.stderr and out.stderr.count("\n") == 1
    assert not (home / "rules").exists()


def test_a_hand_written_file_may_name_a_base_and_list_only_its_changes(home: Path) -> None:
    folder = home / "rules"
    folder.mkdir()
    (folder / "lake.toml").write_text('description = "At the lake"\nbase = "one-high"\n[options]\ntarget = 400\n',
                                      encoding="utf-8")
    assert resolve_rules("lake") == resolve("one-high", ["target=400"])
    assert run("rules", "lake").stdout.startswith("Rules: lake. At the lake")
    # In a game, rules says the family's description too (it said only "Rules: lake.").
    played = subprocess.run([sys.executable, "-m", "rook_access", "play", "--rules", "lake", "--speech", "off",
                             "--plain", "--seed", "1"], input="rules\nquit\n", capture_output=True, text=True,
                            timeout=120)
    assert "Rules: lake. At the lake" in played.stdout, played.stdout[-500:]
    # What an option brings with it comes too, as with --option: a low Rook Bird follows suit,
    # and counters buried only when forced are told (the file's rook_anytime stayed true).
    (folder / "low.toml").write_text('base = "hasbro"\n[options]\nrook = "low"\ndiscard_counters = "forced-only"\n',
                                     encoding="utf-8")
    low = resolve_rules("low")
    assert low == resolve("hasbro", ["rook=low", "discard_counters=forced-only"])
    assert (low.rook_anytime, low.nest_points_told) == (False, "forced")


def test_a_game_played_by_the_familys_rules_is_explained_where_the_file_is_not() -> None:
    """A save or record keeps every option: the console's rules command says them by name alone."""
    from rook_access.speech.rules_text import explain

    lines = explain("grandma", resolve("georgia"))
    assert lines[0] == "Rules: grandma." and not any(line.startswith("Changed from") for line in lines)


def test_settings_remember_the_familys_rules_by_name(home: Path) -> None:
    """play remembers the last rules in settings.toml; a family's own name is kept, not reset."""
    from rook_access.store.settings import Settings, _check_rules

    run("rules", "--save", "grandma", "--from", "georgia")
    settings = Settings(rules="grandma", options=["target=300"])
    assert _check_rules(settings) == [] and settings.rules == "grandma"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_pipe_or_a_folder_named_as_a_familys_rules_is_said_as_such(home: Path) -> None:
    """A pipe held --rules fam silent; a folder was "unknown preset 'fam' ... your own: fam"
    (found while mending the re-check's pipes)."""
    from rook_access.core.errors import RuleError

    rules_dir().mkdir(parents=True)
    os.mkfifo(rules_dir() / "fam.toml")
    (rules_dir() / "dir.toml").mkdir()
    with pytest.raises(RuleError, match=r"is not a file \(a pipe or a device\), so not a family's rules file"):
        find_preset("fam")
    with pytest.raises(RuleError, match=r"dir.toml: cannot be read \(Is a directory\)"):
        find_preset("dir")
    # Nor is one saved into it (with a reader it took the rules, and --rules fam then refused
    # them: the second re-check).
    from rook_access.store.family_rules import save_family

    with pytest.raises(RuleError, match=r"is not a file \(a pipe or a device\), so not a family's rules file"):
        save_family("fam", "hasbro", resolve("hasbro"), "")


def test_a_familys_description_is_one_line_and_a_loop_of_links_is_said(home: Path) -> None:
    """A newline in a hand-written description forged a line of 'rook-access rules'; a rules file
    that is a link looping to itself was an "unknown preset" in the line that listed it as the
    family's own (found by a re-check)."""
    folder = home / "rules"
    folder.mkdir()
    (folder / "gran.toml").write_text('description = """Grandma\nhasbro: FORGED"""\nbase = "hasbro"\n', "utf-8")
    assert find_preset("gran").description == "Grandma hasbro: FORGED"
    listing = run("rules")
    assert "gran: Grandma hasbro: FORGED\n" in listing.stdout and "\nhasbro: FORGED" not in listing.stdout
    (folder / "loop.toml").symlink_to("loop.toml")
    for args in (("rules", "loop"), ("play", "--rules", "loop")):
        out = run(*args)
        assert out.returncode == 2 and "unknown preset" not in out.stderr, out.stderr
        assert out.stderr == (f"rook-access: {folder / 'loop.toml'}: cannot be read "
                              "(Too many levels of symbolic links)\n")


def test_saving_under_a_presets_name_says_they_are_played_in_its_place(home: Path) -> None:
    """docs/rules.md has a family's rules found first; saved as hasbro, nothing said the built-in
    hasbro would no longer be played (the family sweep of session 29)."""
    out = run("rules", "--save", "hasbro", "--from", "georgia", "--option", "target=250")
    assert out.returncode == 0 and out.stdout == (
        f"Saved your rules hasbro in {home / 'rules' / 'hasbro.toml'}. Play them with: rook-access play --rules "
        "hasbro. They are played in place of the built-in hasbro rules while that file is there.\n"), out.stdout


def test_a_hand_written_file_with_a_byte_order_mark_or_a_name_the_game_cannot_read_is_said(home: Path) -> None:
    """Saved as UTF-8 by Notepad, with a byte-order mark, a family's rules stopped every game ("not
    valid TOML ... line 1, column 1", a mark no screen reader says); a file named "Lake.toml" or
    "grandma rules.toml" was passed over unsaid, and --rules Lake said only "unknown preset" (the
    settings sweep of session 31)."""
    folder = home / "rules"
    folder.mkdir()
    (folder / "lake.toml").write_bytes(b'\xef\xbb\xbfdescription = "At the lake"\nbase = "one-high"\n')
    assert read_family("lake").description == "At the lake"
    (folder / "Grandma rules.toml").write_text('base = "hasbro"\n', encoding="utf-8")
    unread = (f"{folder / 'Grandma rules.toml'}: is not read, as a name for your rules is one word of "
              "up to 40 small letters a to z without accents, digits, hyphens or underscores, starting with a letter "
              "or digit, ending .toml: rename it grandma-rules.toml")
    listing = run("rules")
    assert listing.returncode == 0 and "lake: At the lake\n" in listing.stdout and f"\n{unread}\n" in listing.stdout
    out = run("play", "--rules", "Grandma rules")
    assert out.returncode == 2 and out.stderr.count("\n") == 1, out.stderr
    assert "unknown preset 'Grandma rules'" in out.stderr and unread in out.stderr
    # Notepad's ".toml.txt" and "Aunt.TOML" were passed over unsaid; a Mac's "._lake.toml" was offered
    # as rules, and "rename it lake.toml" would have replaced the good file (the re-check of session 31).
    (folder / "Grandma rules.toml").unlink()
    (folder / "aunt.toml.txt").write_text('base = "hasbro"\n', encoding="utf-8")
    (folder / "Lake.TOML").write_text('base = "hasbro"\n', encoding="utf-8")
    (folder / "._lake.toml").write_bytes(b"\x00\x05\x16\x07")
    said = unread_lines()
    assert [line.rsplit(": ", 1)[1] for line in said] == [
        "lake.toml is there already, so rename it lake-2.toml", "rename it aunt.toml"], said
    # Never a name another file has, or one already offered, or one too long to read (the re-check).
    (folder / "lake-2.toml").write_text('base = "hasbro"\n', encoding="utf-8")
    (folder / "LAKE.toml.txt").write_text('base = "hasbro"\n', encoding="utf-8")
    (folder / f"{'a' * 40}.toml").write_text('base = "hasbro"\n', encoding="utf-8")
    (folder / f"{'a' * 43}.toml").write_text('base = "hasbro"\n', encoding="utf-8")
    offered = [line.rsplit(" ", 1)[1] for line in unread_lines()]
    assert len(set(offered)) == len(offered) == 4 and not {*offered} & {p.name for p in folder.iterdir()}, offered
    assert all(family_rules._NAME.fullmatch(name.removesuffix(".toml")) for name in offered), offered
    # A file alone is offered its own name in small letters, not told that name is taken.
    for other in folder.iterdir():
        other.unlink()
    (folder / "Lake.toml").write_text('base = "hasbro"\n', encoding="utf-8")
    assert unread_lines()[0].endswith(": rename it lake.toml"), unread_lines()


def unread_lines() -> list[str]:
    """The lines of ``rook-access rules`` for files it cannot name."""
    return [line for line in run("rules").stdout.splitlines() if ": is not read, as " in line]


def test_a_typed_description_keeps_its_words_apart_and_a_byte_not_utf8_is_refused(home: Path) -> None:
    """Typed over two lines, the description's words were glued ("line oneline two"); a Latin-1
    byte was dropped unsaid ("Caf rules"): the settings sweep of session 31."""
    assert run("rules", "--save", "nl", "--description", "line one\nline two").returncode == 0
    assert read_family("nl").description == "line one line two"
    out = subprocess.run([sys.executable, "-m", "rook_access", "rules", "--save", "lat", "--description",
                          b"Caf\xe9 rules"], capture_output=True, text=True, timeout=300)
    assert out.returncode == 2 and out.stderr == ("rook-access: the --description is not UTF-8 text: type it in "
                                                  "UTF-8, or in plain letters\n"), out.stderr
    assert not (home / "rules" / "lat.toml").exists()


def test_a_killed_saves_leftover_in_the_rules_folder_goes_at_the_next_start(home: Path) -> None:
    folder = home / "rules"
    folder.mkdir()
    leftover = folder / ".fam.toml.999999.abcdefgh.tmp"  # a writer long gone (no such process)
    leftover.write_text("half", encoding="utf-8")
    os.utime(leftover, (0, 0))
    subprocess.run([sys.executable, "-m", "rook_access", "play", "--speech", "off", "--plain"], input="quit\n",
                   capture_output=True, text=True, timeout=120)
    assert not leftover.exists()


def test_a_rules_folder_that_cannot_be_read_holds_no_rules(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Read file by file since the re-check of session 31, a folder that cannot be read must not
    stop the game (a glob passed over it)."""
    from rook_access.store import family_rules

    (home / "rules").mkdir()

    def unreadable(self: Path) -> list[Path]:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(Path, "iterdir", unreadable)
    assert family_rules.family_names() == [] and family_rules.misnamed() == []


def test_a_misspelt_name_is_offered_the_nearer_of_a_familys_and_a_built_in_one(home: Path) -> None:
    """With a family's kentucky_west, "Kentuky_West" was offered the built-in kentucky-west, its
    key compared with the family's name still holding its underscore; and "3-player", written
    with dashes, was told that names are written with dashes (the re-check of session 33)."""
    (home / "rules").mkdir()
    (home / "rules" / "kentucky_west.toml").write_text('base = "kentucky-west"\n', encoding="utf-8")
    for typed, said in (("Kentuky_West", "did you mean kentucky_west? The presets are "),
                        ("Kentuky-West", "did you mean kentucky-west? The presets are "),
                        ("3-player", "no preset has that name; the presets are ")):
        with pytest.raises(family_rules.RuleError) as refused:
            find_preset(typed)
        assert str(refused.value).startswith(f"unknown preset {typed!r}: {said}"), refused.value


def test_a_preset_name_is_read_case_blind_with_spaces_and_underscores_as_dashes(home: Path) -> None:
    """"--rules Georgia", "--rules 'Kentucky West'" and "rules kentucky west" were refused ("unknown
    preset 'Georgia'", "unrecognized arguments: west"): a spoken dash is silent, so a listener
    cannot know it (the first-hour sweep of session 32). A family's own name is found the same way,
    before a built-in one, and the name held is the one written."""
    assert family_rules.known_name("Georgia") == "georgia"
    assert family_rules.known_name("Kentucky West") == "kentucky-west"
    assert family_rules.known_name("HASBRO") == "hasbro"
    (home / "rules").mkdir()
    (home / "rules" / "grandma_rules.toml").write_text('base = "hasbro"\n', encoding="utf-8")
    assert family_rules.known_name("Grandma Rules") == "grandma_rules"
    explained = run("rules", "kentucky", "west")
    assert explained.returncode == 0 and explained.stdout.startswith("Rules: kentucky-west."), explained.stderr
    out = run("simulate", "--rules", "Kentucky_West", "--games", "1", "--seed", "3", "--record",
              str(home / "r.jsonl"))
    assert out.returncode == 0 and json.loads((home / "r.jsonl").read_text().splitlines()[0])["preset"] == \
        "kentucky-west", out.stderr
    saved = run("rules", "--save", "fam", "--from", "Red One")
    assert saved.returncode == 0 and 'from = "red-one"' in (home / "rules" / "fam.toml").read_text(), saved.stderr
    refused = run("play", "--rules", "Georgia West")
    assert refused.returncode == 2 and refused.stderr.startswith(
        "rook-access: unknown preset 'Georgia West': no preset has that name; the presets are baby-rook,"), \
        refused.stderr  # not "names are written with dashes": georgia-west is no name either (session 34)
    # A name misspelt is offered its nearest (the re-check of session 32).
    refused = run("play", "--rules", "Kentuky West")
    assert refused.returncode == 2 and refused.stderr.startswith(
        "rook-access: unknown preset 'Kentuky West': did you mean kentucky-west? The presets are baby-rook,"), \
        refused.stderr
    # A family's "kentucky_west" typed with its own underscore is the family's, not the built-in
    # kentucky-west, which "Kentucky West" still is (the re-check of session 32).
    saved = run("rules", "--save", "kentucky_west", "--from", "kentucky-west")
    assert saved.returncode == 0 and saved.stdout.rstrip().endswith(
        "Read aloud it sounds like the built-in kentucky-west: type kentucky_west just so to play yours."), saved.stdout
    assert family_rules.known_name("Kentucky_West") == "kentucky_west"
    assert family_rules.known_name("Kentucky West") == "kentucky-west"


def test_an_option_given_twice_with_different_values_is_refused_for_every_command(home: Path) -> None:
    """The last value was played unsaid, and a saved family's rules were listed "hasbro, with
    target=250, target=350." (the family-rules sweep of session 34); given twice alike it is one choice."""
    said = "rook-access: target is given twice, 250 and 350: give it once\n"
    saved = run("rules", "--save", "nana", "--from", "hasbro", "--option", "target=250", "--option", "target=350")
    assert (saved.returncode, saved.stdout, saved.stderr) == (2, "", said)
    assert not (home / "rules" / "nana.toml").exists()
    played = run("simulate", "--games", "1", "--option", "target=250", "--option", "target = 350")
    assert (played.returncode, played.stderr) == (2, said)
    assert resolve_rules("hasbro", ["target=250", "target=250"]).target == 250
    with pytest.raises(RuleError, match="moon is given twice, on and off: give it once"):
        resolve("hasbro", ["moon=on", "moon=off"])


@pytest.mark.parametrize("typed", ["Must_Trump", "MUST-TRUMP", "must trump", " must__trump "])
def test_an_option_name_is_read_case_blind_with_spaces_or_dashes(typed: str) -> None:
    """Values and preset names were read case-blind, option names not: "Must_Trump=true" was
    refused (left out by session 34). The same option given twice in two spellings is one."""
    assert parse_override(f"{typed}=True") == ("must_trump", True)
    assert resolve("hasbro", [f"{typed}=true", "must_trump=true"]).must_trump is True
    with pytest.raises(RuleError, match="must_trump is given twice"):
        resolve("hasbro", [f"{typed}=true", "must_trump=false"])


def test_a_hand_written_file_without_a_description_is_said_by_its_changes(home: Path) -> None:
    """A family's file of a base and an option was listed "kw: " and explained "Rules: kw. ",
    with nothing after it (the re-check of session 35)."""
    rules_dir().mkdir(parents=True)
    (rules_dir() / "kw.toml").write_text('base = "Kentucky West"\n[options]\ntarget = 400\nmust_trump = true\n',
                                         encoding="utf-8")
    assert read_family("kw").description == "kentucky-west, with target=400; must_trump=true."
    (rules_dir() / "kw.toml").write_text('base = "hasbro"\n', encoding="utf-8")
    assert read_family("kw").description == find_preset("hasbro").description
    # A saved file with its description line deleted is said from the preset it was saved from,
    # its values as --option takes them, an option that does nothing left out (the re-check of
    # session 35: "Every option is listed in the file.", counters as a TOML table).
    saved = run("rules", "--save", "fam", "--from", "hasbro", "--option", "counters=5=5,10=10,14=10,rook=30",
                "--option", "hands=4", "--option", "target=400")
    assert saved.returncode == 0, saved.stderr
    path = rules_dir() / "fam.toml"
    path.write_text("".join(line for line in path.read_text(encoding="utf-8").splitlines(keepends=True)
                            if not line.startswith("description")), encoding="utf-8")
    assert read_family("fam").description == "hasbro, with counters=5=5,10=10,14=10,rook=30; hands=4."
    run("rules", "--save", "seated", "--from", "hasbro", "--option", "seats=north,west,south,east")
    path = rules_dir() / "seated.toml"
    path.write_text("".join(line for line in path.read_text(encoding="utf-8").splitlines(keepends=True)
                            if not line.startswith("description")), encoding="utf-8")
    assert read_family("seated").description == "hasbro, with seats=north,west,south,east."
    assert f"kw: {find_preset('hasbro').description}\n" in run("rules").stdout


def test_a_family_file_reads_option_names_and_words_as_option_does(home: Path) -> None:
    """The user guide says option names and words are read in any case, but a family's file
    refused rook = "Low", must_trump = "Yes" and Must-Trump = true (the re-check of session 38)."""
    rules_dir().mkdir(parents=True)
    path = rules_dir() / "lake.toml"
    path.write_text('base = "hasbro"\n[options]\nrook = "Low"\nMust-Trump = "Yes"\n"nest to" = "Last Trick"\n'
                    'target = "250"\n', encoding="utf-8")
    assert read_family("lake").options == resolve("hasbro", ["rook=low", "must_trump=true", "target=250"])
    path.write_text('base = "hasbro"\n[options]\nMust-Trump = true\n', encoding="utf-8")
    assert read_family("lake").options.must_trump is True
    path.write_text('base = "hasbro"\n[options]\nrook = "low"\nRook = "high"\n', encoding="utf-8")
    with pytest.raises(RuleError, match="option rook is written twice, as rook and Rook: keep one"):
        read_family("lake")
    path.write_text('base = "hasbro"\n[options]\nrook = "lowest"\n', encoding="utf-8")
    with pytest.raises(RuleError, match="option rook=lowest is not allowed: use one of none, high, low"):
        read_family("lake")


def test_a_family_file_reads_seats_and_counters_in_any_case_as_option_does(home: Path) -> None:
    """seats = ["North", ...] was "seat 'North' is unknown" and counters = {"Rook" = 20} "'Rook' is
    not a card number", though --option takes both and docs/rules.md says names and words in
    [options] are read in any case (the re-check of session 39)."""
    rules_dir().mkdir(parents=True)
    path = rules_dir() / "lake.toml"
    path.write_text('base = "hasbro"\n[options]\nseats = ["North", " East", "SOUTH", "West"]\n'
                    'counters = {"Rook" = 20, "5" = 5, "10" = 10, "14" = 10}\n', encoding="utf-8")
    assert read_family("lake").options == resolve(
        "hasbro", ["seats=North,East,South,West", "counters=Rook=20,5=5,10=10,14=10"])
    path.write_text('base = "hasbro"\n[options]\ncounters = {"rook" = 20, "Rook" = 10}\n', encoding="utf-8")
    with pytest.raises(RuleError, match="counters: rook is written twice, as rook and Rook: keep one"):
        read_family("lake")
    path.write_text('base = "hasbro"\n[options]\nseats = ["North", "Up"]\n', encoding="utf-8")
    with pytest.raises(RuleError, match="seat 'up' is unknown"):
        read_family("lake")


def test_a_saved_description_says_each_option_as_the_game_reads_it(home: Path) -> None:
    """The description kept the words as typed, "rook=Low; nest_to=Last Trick", where the rules
    hold low and last-trick (the re-check of session 38)."""
    out = run("rules", "--save", "fam", "--from", "hasbro", "--option", "rook=Low", "--option", "nest-to=Last Trick",
              "--option", "must-trump=Yes", "target=200", "--option", "counters=5=5, 10=10,14=10,Rook=20")
    assert out.returncode == 0, out.stderr
    assert read_family("fam").description == (
        "hasbro, with rook=low; nest_to=last-trick; must_trump=true; target=200; counters=5=5,10=10,14=10,rook=20.")


def test_save_says_each_option_that_does_nothing_and_leaves_it_out_of_the_description(home: Path) -> None:
    """Saved unsaid, win_on_bid and target beside hands=10 were taken for rules in force, and the
    description listed them (the family-rules sweep of session 34). They are kept, for the day the
    family plays to a target again."""
    out = run("rules", "--save", "tenhands", "--from", "hasbro", "--option", "hands=10", "--option",
              "win_on_bid=true", "--option", "target = 250", "--option", "hands=10")
    assert out.returncode == 0 and out.stderr == ""
    assert out.stdout.splitlines()[1:] == [
        "Saved, but win_on_bid does nothing here: a fixed number of hands decides the game.",
        "Saved, but target does nothing here: a fixed number of hands decides the game."]
    saved = read_family("tenhands")
    assert saved.description == "hasbro, with hands=10."
    assert (saved.options.hands, saved.options.win_on_bid, saved.options.target) == (10, True, 250)
    moon = run("rules", "--save", "pop2", "--from", "hasbro", "--option", "moon_needs=tricks")
    assert moon.stdout.splitlines()[1:] == ["Saved, but moon_needs does nothing here: there is no moon."]
    assert read_family("pop2").description == find_preset("hasbro").description
    dummy = run("rules", "--save", "tp2", "--from", "two-player", "--option", "tied_partners_win=false")
    assert dummy.stdout.splitlines()[1:] == [  # not "the sides do not change" (the re-check of session 36)
        "Saved, but tied_partners_win does nothing here: the dummy scores nothing, so no two players are "
        "ever partners."]


@pytest.mark.parametrize(("text", "said"), [
    ('base = "kentuky-west"\n', 'base = "kentuky-west" must name a built-in preset: did you mean '
                                'base = "kentucky-west"? The built-in presets are baby-rook,'),
    ('base = "hasbro"\nfrom = "georgia"\n', 'base = "hasbro" and from = "georgia" name different rules: keep base'),
    ('from = "one-high"\n[options]\ntarget = 400\n',
     "from only records where --save started, so every option must be listed (30 are missing, first all_pass): "
     'to list only what differs from one-high, write base = "one-high" in place of from = "one-high"'),
])
def test_a_hand_written_base_or_from_is_read_as_names_are_and_refused_for_what_would_work(
        home: Path, text: str, said: str) -> None:
    """base was refused with every preset's name where --from read it or offered the nearest; a
    saved file trimmed to its changes was told to name a preset it named; a base and a from naming
    other rules were read as the base, unsaid (the family-rules sweep of session 34)."""
    (home / "rules").mkdir()
    (home / "rules" / "gran.toml").write_text(text, encoding="utf-8")
    with pytest.raises(RuleError) as refused:
        read_family("gran")
    assert str(refused.value).startswith(f"{home / 'rules' / 'gran.toml'}: {said}")


def test_a_saved_file_edited_by_hand_as_the_refusals_say_reads_back(home: Path) -> None:
    """--save writes from and every option; trimmed to one change with base in place of from, or
    given a base that agrees with from, it reads back (the family-rules sweep of session 34)."""
    family_rules.save_family("lake", "one-high", resolve("one-high", ["target=400"]), "At the lake")
    path = home / "rules" / "lake.toml"
    saved = path.read_text(encoding="utf-8")
    assert 'from = "one-high"' in saved and "base" not in saved
    path.write_text(saved.replace('from = "one-high"', 'base = "One High"\nfrom = "one-high"'), encoding="utf-8")
    assert read_family("lake").options == resolve("one-high", ["target=400"])
    path.write_text('description = "At the lake"\nbase = "Kentucky West"\n[options]\ntarget = 400\n',
                    encoding="utf-8")
    assert read_family("lake").options == resolve("kentucky-west", ["target=400"])


def test_save_with_a_name_or_description_typed_without_quotes_says_how_to_type_it(home: Path) -> None:
    """The user guide's example typed without quotes was told "--from table", and "--from
    Kentucky West" "--from West" (the settings sweep of session 38): the words are the tail of the
    --from name or of the description, and --from NAME is offered only where none was given, and
    only naming rules: "--save grandma table" was offered "--from table" (the re-check of session 38)."""
    cases = {
        ("--from", "kentucky-west", "--option", "target=300", "--description", "Grandma", "table"):
            'a description of several words goes in quotes: --description "Grandma table"',
        ("--from", "Kentucky", "West"):
            "did you mean --from kentucky-west? A name of several words goes in quotes or with dashes",
        ("--description", "At", "the", "lake"): 'a description of several words goes in quotes: --description '
                                                '"At the lake"',
        ("--from", "hasbro", "grandma"): "'grandma' is neither --from hasbro nor a part of it: give either a "
                                         "preset to explain or --save NAME, not both; a name of several words "
                                         "goes in quotes or with dashes",
        ("georgia",): "give either a preset to explain or --save NAME, not both: rook-access rules --save grandma "
                      "--from georgia",
        ("Kentuky", "West"): "give either a preset to explain or --save NAME, not both: rook-access rules --save "
                             "grandma --from kentucky-west",
        ("table",): "'table' after --save grandma is not understood: a name of several words is typed with dashes, "
                    "like --save grandma-table; the rules to start from follow --from, like --from hasbro",
        ("xyzzy",): "'xyzzy' after --save grandma is not understood: a name of several words is typed with dashes, "
                    "like --save grandma-xyzzy; the rules to start from follow --from, like --from hasbro",
    }
    for words, said in cases.items():
        out = run("rules", "--save", "grandma", *words)
        assert (out.returncode, out.stdout, out.stderr) == (2, "", f"rook-access: {said}\n"), words
    assert not (home / "rules").exists()


@pytest.mark.parametrize(("typed", "read"), [
    ("rook=Low", ("rook", "low")), ("ones=HIGH", ("ones", "high")), ("moon_made=Hole", ("moon_made", "hole")),
    ("nest_to=None", ("nest_to", "none")), ("rook=ten and half", ("rook", "ten-and-half")),
    ("first_lead=Left of Dealer", ("first_lead", "left-of-dealer")),
    ("counters=5=5, ROOK=20", ("counters", {"5": 5, "rook": 20})),
])
def test_an_option_value_is_read_case_blind_with_spaces_for_dashes(typed: str, read: tuple[str, object]) -> None:
    """rook=Low and rook=ten and half were refused where Target=250 and must_trump=Yes were read,
    though parse_override said case-blind (the settings sweep of session 38)."""
    assert parse_override(typed) == read
    with pytest.raises(RuleError, match="option rook=lowest is not allowed"):
        parse_override("rook=Lowest")
