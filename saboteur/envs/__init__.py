"""Research interfaces: PettingZoo, OpenSpiel and Gymnasium environments (extra ``research``).

- :mod:`saboteur.envs.pettingzoo`: ``env(ruleset="classic", players=4, **options)``, an AEC env;
- :mod:`saboteur.envs.openspiel`: registers the OpenSpiel game ``python_saboteur``;
- :mod:`saboteur.envs.gymnasium`: ``SaboteurEnv``, one learner against pluggable opponents.

They share a fixed action space and an observer per ruleset (:mod:`saboteur.envs.registry`:
``classic`` in :mod:`saboteur.envs.classic`, ``duel`` in :mod:`saboteur.envs.duel`);
docs/research.md describes them.
"""

from saboteur.envs.base import ActionSpace, Adapter, Observer
from saboteur.envs.registry import env_rulesets, make_adapter

__all__ = ["ActionSpace", "Adapter", "Observer", "env_rulesets", "make_adapter"]
