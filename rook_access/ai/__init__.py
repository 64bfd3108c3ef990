"""Computer players. They see a seat's view (``GameState.view``), never the full state."""
