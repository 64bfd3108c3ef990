"""Recorded playthroughs: one fixed-seed game per preset, its record and its console transcript,
stored here and replayed by ``tests/test_playthroughs.py``. A change in rules or phrasing shows
up as a diff of these files. Rewrite them with ``python -m tests.playthroughs.regenerate`` (or
``ROOK_REGENERATE=1 python -m pytest tests/test_playthroughs.py``) and review the git diff."""
