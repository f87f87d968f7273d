"""The built-in terminal adapters: each module registers itself for the rulesets it words and
draws its own way (a ruleset without one is played through the generic adapter)."""

from saboteur.tui.rulesets import classic as classic
from saboteur.tui.rulesets import darkcave as darkcave
from saboteur.tui.rulesets import duel as duel
from saboteur.tui.rulesets import zwergengold as zwergengold
