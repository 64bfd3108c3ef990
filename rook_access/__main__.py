"""``python -m rook_access`` runs the same command as ``rook-access``."""

from .cli import main

raise SystemExit(main())
