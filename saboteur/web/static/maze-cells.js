// The maze as classic and the Duel list it (view.maze, view.goals), as cells to draw: each with
// the art and title the adapter gives it, and the data attributes the page shows it by.

const key = (x, y) => `${x},${y}`;

/** The face-up cards, then the goals not covered by one: {x, y, markup, title, cls, data}. */
export function mazeCells(view, rules) {
  const cells = [];
  const taken = new Set();
  for (const c of view.maze) {
    taken.add(key(c.x, c.y));
    const data = { card: c.card };
    if (c.marker != null) data.marker = String(c.marker);
    if (c.key != null) data.key = String(c.key);
    cells.push({ x: c.x, y: c.y, markup: rules.cellMarkup(c, view), title: rules.cellTitle(c, view), cls: "card", data });
  }
  for (const goal of view.goals) {
    if (taken.has(key(goal.x, goal.y))) continue;
    cells.push({
      x: goal.x,
      y: goal.y,
      markup: rules.goalMarkup(goal, view),
      title: rules.goalTitle(goal),
      cls: `card goal${goal.peeked ? " peeked" : ""}`,
      data: { goal: goal.peeked ? goal.card : "hidden" },
    });
  }
  return cells;
}

/** Classic's and the Duel's slots shown at least: the start and the classic goals' columns. */
export const MAZE_AT_LEAST = { x0: 0, x1: 8, y0: -2, y1: 2 };
