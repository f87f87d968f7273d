"""Saboteur – The Duel (ruleset ``duel``, 2 players) and its solo mode (ruleset ``solo``)."""
