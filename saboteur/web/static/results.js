// What the results panels show, as data: the gold a seat won in a round (its value where the
// viewer may know it, else how many gold cards, whose value stays secret until the game is over),
// the gold a seat holds, and the round-by-round rows of the final panel. No DOM: tests/js/.

/** The gold `seat` won in round `result`: `{value, cards}`, each null where not known. */
export function goldWon(result, seat) {
  const value = result?.gold?.[seat];
  const cards = result?.gold_cards?.[seat];
  return { value: Number.isInteger(value) ? value : null, cards: Number.isInteger(cards) ? cards : null };
}

/** The gold `seat` holds in `view`: its value (own gold, or everyone's once scored), else its card count. */
export function goldHeld(view, seat) {
  if (Array.isArray(view.scores)) return { value: view.scores[seat], cards: view.gold_cards?.[seat] ?? null };
  if (seat === view.seat && Array.isArray(view.gold)) {
    return { value: view.gold.reduce((a, b) => a + b, 0), cards: view.gold.length };
  }
  const cards = view.gold_cards?.[seat] ?? null;
  return { value: cards === 0 ? 0 : null, cards }; // no gold card: nothing to keep secret
}

/** A gold cell's text: "3" for a value (drawn after the gold icon: see `goldKnown`); for a secret value
 * the cards (`secret(n)` words them); "–" for none. */
export function goldText(won, secret) {
  if (won.value !== null) return String(won.value);
  if (won.cards) return secret(won.cards);
  return "–";
}

/**
 * The final panel's rows: per seat its name, each round's role and gold, and the total
 * (the scores where given, else the sum of the values known).
 */
export function roundByRound(names, results, scores = null) {
  return names.map((name, seat) => {
    const rounds = results.map((r) => ({ round: r.round, role: r.roles?.[seat] ?? null, gold: goldWon(r, seat) }));
    const known = rounds.map((r) => r.gold.value).filter((v) => v !== null);
    const total = Array.isArray(scores) ? scores[seat] : known.length ? known.reduce((a, b) => a + b, 0) : null;
    return { seat, name, rounds, total };
  });
}

/**
 * Which results panel a view calls for, given the results already shown (`seen`) and whether the
 * game-over panel was (`overShown`): "game-over" once, "round" after a round ended, else null —
 * and none while the gold is shared out, so the gold choice is never covered.
 */
export function panelFor(view, seen, overShown) {
  if (view.phase === "gold") return null;
  if (view.phase === "over" && !overShown) return "game-over";
  if ((view.results?.length ?? 0) > seen) return "round";
  return null;
}

/** Whether a gold cell shows a value (with the gold icon before it). */
export function goldKnown(won) {
  return won.value !== null;
}
