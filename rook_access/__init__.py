"""rook-access: the card game Rook for blind and low-vision players."""

__version__ = "0.1.0"
