"""Every test keeps its files in its own folder: a test that changes a setting ("braille only",
"counting off") wrote the settings file of whoever ran the suite, in their real home, where a
test module had no ``home`` fixture of its own (test_typed_forms did: found in session 29)."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _own_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ROOK_ACCESS_HOME", str(tmp_path_factory.mktemp("home")))
