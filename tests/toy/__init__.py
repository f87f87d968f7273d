"""A toy ruleset that lives only under tests/: proof that a ruleset plugs in by its descriptor.

``SABOTEUR_RULESETS=tests.toy:TOY`` registers it for a command or a server (as an entry point
of the group ``saboteur.rulesets`` would for an installed package); in-process tests register
:data:`TOY` for a while with :func:`saboteur.engine.registry.registered`.  No module of
``saboteur`` names it.
"""

from tests.toy.ruleset import TOY

__all__ = ["TOY"]
