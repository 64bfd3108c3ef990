"""The standalone program's entry point (PyInstaller runs a script, not a console_scripts entry)."""

from rook_access.cli import main

raise SystemExit(main())
