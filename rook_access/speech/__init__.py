"""Turning events into sentences, and routing them to the console, a screen reader or text to speech."""
