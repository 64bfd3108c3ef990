"""Subcommands of ``rook-access``: each module adds one parser to the command line."""
