"""saboteur: the Saboteur family of tunnel-building card games."""

__version__ = "0.1.0"
