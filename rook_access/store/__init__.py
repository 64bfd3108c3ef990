"""Everything that touches files: settings, saved games, game records."""
