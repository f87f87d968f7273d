"""saboteur: the Saboteur family of tunnel-building card games."""

from saboteur import native as _native

__version__ = "0.1.0"

_native.choose()  # the compiled core if built and current, unless SABOTEUR_PURE=1 (see .native)
