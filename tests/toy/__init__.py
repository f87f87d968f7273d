"""A toy ruleset that lives only under tests/: proof that a ruleset plugs in by its descriptor.

Importing this package registers ``toy`` (``SABOTEUR_RULESETS=tests.toy`` does it for a
command or a server); no module of ``saboteur`` names it.
"""

from tests.toy.ruleset import TOY

__all__ = ["TOY"]
