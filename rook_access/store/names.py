"""The names a player gives a saved game or the family's rules: one word of ASCII letters,
digits, - and _, starting with a letter or digit, that is a file's name on every system.

A name refused says the rule and what in this name breaks it: "one word of letters, digits,
- or _" refused Zoë (its ë is a letter) and _x (each character listed) without saying why (the
files-from-outside sweep of session 33). Where one is near, it offers a name that would do.
A character is named in words, its symbol in brackets after: a voice reads "_" and "." as
nothing, so "it starts with _" was heard "it starts with" (the shell-commands sweep of session 38).
"""

from __future__ import annotations

import re
import string
import unicodedata

from ..core.text import shorten

LIMIT = 40
_SMALL = frozenset(string.ascii_lowercase + string.digits + "-_")
_ANY_CASE = _SMALL | frozenset(string.ascii_uppercase)


def refusal(what: str, name: str, small: bool, example: str) -> str:
    """One line: ``what`` (whose name) is the rule, not ``name``, why, and a name that would do
    (one near it, else ``example``)."""
    better = near(name, small)
    return (f"{what} is {rule(small)}, not {shorten(name)!r}: {fault(name, small) or 'it is not such a name'}; "
            + (f"try {better}" if better else f"for example {example}"))


def rule(small: bool) -> str:
    """The rule a name keeps, as said in a refusal."""
    letters = "small letters a to z" if small else "letters a to z"
    return (f"one word of up to {LIMIT} {letters} without accents, digits, hyphens or underscores, "
            "starting with a letter or digit")


def fault(name: str, small: bool) -> str | None:
    """What keeps ``name`` from being a name (``small``: small letters only), or None."""
    if not name:
        return "it is empty"
    if any(char.isspace() for char in name):
        return "it is not one word" if len(name.split()) > 1 else "it has a space"
    if len(name) > LIMIT:
        return f"it has {len(name)} characters"
    allowed = _SMALL if small else _ANY_CASE
    stray = next((char for char in name if char not in allowed), None)
    if stray is not None:
        return _wrong_character(stray)[0]
    if name[0] in "-_":
        return f"it starts with {said_character(name[0])}"
    return None


# The punctuation people put in names, in words: a voice is silent on most of it. The symbol
# follows in brackets for a braille display, except for brackets, which would nest.
_CHARACTER_NAMES = {
    "_": "an underscore (_)", "-": "a hyphen (-)", ".": "a full stop (.)", ",": "a comma (,)",
    "'": "an apostrophe (')", "\u2019": "an apostrophe (\u2019)", '"': 'a double quote (")',
    "/": "a slash (/)", "\\": "a backslash (\\)", ":": "a colon (:)", ";": "a semicolon (;)",
    "!": "an exclamation mark (!)", "?": "a question mark (?)", "&": "an ampersand (&)",
    "@": "an at sign (@)", "#": "a hash sign (#)", "*": "an asterisk (*)", "+": "a plus sign (+)",
    "=": "an equals sign (=)", "$": "a dollar sign ($)", "%": "a percent sign (%)", "~": "a tilde (~)",
    "`": "a backtick (`)", "^": "a caret (^)", "|": "a vertical bar (|)",
    "(": "an opening bracket", ")": "a closing bracket", "[": "an opening square bracket",
    "]": "a closing square bracket", "{": "an opening curly bracket", "}": "a closing curly bracket",
    "<": "a less-than sign (<)", ">": "a greater-than sign (>)",
}


def said_character(char: str) -> str:
    """``char`` as a voice can say it: "an underscore (_)", else "the character ² (superscript two)"."""
    known = _CHARACTER_NAMES.get(char)
    if known:
        return known
    return f"the character {char} ({unicodedata.name(char, f'U+{ord(char):04X}').lower()})"


def _wrong_character(char: str) -> tuple[str, str]:
    """Why ``char`` may not be in a name, as ``fault`` says it ("it has a full stop (.)"), and
    the kind of character it is, as ``barred`` says it ("a full stop (.)", "accents")."""
    if char in string.ascii_uppercase:
        return f"it has the capital {char}", "capitals"
    decomposed = unicodedata.normalize("NFD", char)
    base, marks = decomposed[0], decomposed[1:]
    if base in string.ascii_letters and marks and all(unicodedata.combining(mark) for mark in marks):
        return f"its {char} has an accent", "accents"
    if char.isalpha():
        return f"its {char} is not a letter a to z", "letters other than a to z"
    if not char.isprintable():
        return "it has a control character", "control characters"
    said = said_character(char)
    return f"it has {said}", said


def near(name: str, small: bool) -> str | None:
    """A name like ``name`` that keeps the rule (accents dropped, other characters made dashes),
    or None where nothing of it is left."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    plain = plain.lower() if small else plain
    plain = re.sub(r"[^A-Za-z0-9_-]+", "-", plain).strip("-_")[:LIMIT].rstrip("-_")
    return plain if plain and fault(plain, small) is None else None


_BRACKETS = frozenset("()[]{}<>")


def barred(name: str, small: bool) -> str:
    """Everything in ``name`` a name may not have, said at once for a file named by someone else
    ("game-1 (copy)": "cannot have spaces or brackets"), where ``fault`` says the first alone."""
    allowed = _SMALL if small else _ANY_CASE
    kinds = list(dict.fromkeys(_kind(char) for char in name if char not in allowed))
    if len(name) > LIMIT:
        kinds.append(f"more than {LIMIT} characters")
    said = [f"have {_either(kinds)}"] if kinds else []
    if name[:1] in ("-", "_"):
        said.append(f"start with {said_character(name[0])}")
    return f"cannot {_either(said)}" if said else "cannot be empty"


def _kind(char: str) -> str:
    """The kind of character ``char`` is, as ``barred`` says it: "spaces", "accents", or itself
    named ("an apostrophe (')")."""
    if char.isspace():
        return "spaces"
    if char in _BRACKETS:
        return "brackets"
    return _wrong_character(char)[1]


def _either(items: list[str]) -> str:
    """"A", "A or B", "A, B or C"."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} or {items[-1]}"
