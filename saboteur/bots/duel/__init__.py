"""Bots for the Duel and its solo mode (rulesets ``duel`` and ``solo``)."""
