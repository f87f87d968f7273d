"""A bar chart of win rate by bot and role, with 95% intervals (matplotlib, Agg backend)."""

from __future__ import annotations

from pathlib import Path
from typing import Any


def plot_win_rates(result: dict[str, Any], path: Path, title: str) -> None:
    """Write ``result`` (the tournament JSON) as a PNG chart to ``path``; raises OSError."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    names = list(result["bots"])
    roles = list(next(iter(result["bots"].values()))) if names else []
    figure, axes = plt.subplots(figsize=(max(5.0, 1.8 * len(names) + 2), 4))
    width = 0.38
    for offset, role in enumerate(roles):
        rates, low, high = [], [], []
        for name in names:
            entry = result["bots"][name][role]
            rates.append(entry["win_rate"])
            low.append(entry["win_rate"] - entry["ci95"][0])
            high.append(entry["ci95"][1] - entry["win_rate"])
        xs = [i + (offset - 0.5) * width for i in range(len(names))]
        axes.bar(xs, rates, width, yerr=[low, high], capsize=4, label=f"as {role}")
    axes.set_xticks(range(len(names)), names)
    axes.set_ylim(0, 1)
    axes.set_ylabel("rounds won (95% interval)")
    axes.set_title(title)
    axes.legend()
    figure.tight_layout()
    try:
        figure.savefig(path, format="png")
    finally:
        plt.close(figure)
