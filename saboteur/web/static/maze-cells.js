// The maze as classic and the Duel draw it (view.board.cells and pieces, view.goals), as cells to
// draw: each with the art and title the adapter gives it, and the data attributes the page shows
// it by. A face-up board cell is named by the adapter's shape name (rules.shapeOf); the Duel's gold
// markers and keys (board pieces) are drawn on their cards.

const at = (x, y) => `${x},${y}`;

/** The board's pieces of `kind` by slot: "x,y" -> the seat that laid it. */
function owners(view, kind) {
  const out = new Map();
  for (const piece of view.board.pieces ?? []) if (piece.kind === kind) out.set(at(piece.x, piece.y), piece.owner);
  return out;
}

/** The face-up cards, then the goals not covered by one: {x, y, markup, title, cls, data}. */
export function mazeCells(view, rules) {
  const cells = [];
  const taken = new Set();
  const markers = owners(view, "gold-marker");
  const keys = owners(view, "key");
  for (const cell of view.board.cells) {
    if (cell.face !== "up") continue;
    const where = at(cell.x, cell.y);
    taken.add(where);
    const c = { x: cell.x, y: cell.y, card: cell.card, shape: rules.shapeOf(cell), marker: markers.get(where) ?? null, key: keys.get(where) ?? null };
    const data = { card: c.card };
    if (c.marker != null) data.marker = String(c.marker);
    if (c.key != null) data.key = String(c.key);
    cells.push({ x: c.x, y: c.y, markup: rules.cellMarkup(c, view), title: rules.cellTitle(c, view), cls: "card", data });
  }
  for (const goal of view.goals) {
    if (taken.has(at(goal.x, goal.y))) continue;
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
