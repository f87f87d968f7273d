// Walking in The Dark Cave: the way to a field from the view's walk map (each field with the
// field it is reached from), what the way costs in words, the clickable spots of the walk and of
// the actions that point at a field or an edge, and the spot an arrow key goes to. No DOM here.

import { edgeSpot, fieldSpot } from "./darkcave-art.js";

const slotKey = (x, y) => `${x},${y}`;

/** The face-up cells of a view's board by slot ("x,y" -> cell). */
export function cellsBySlot(view) {
  const out = new Map();
  for (const cell of view?.board?.cells ?? []) if (cell.face === "up") out.set(slotKey(cell.x, cell.y), cell);
  return out;
}

/**
 * The steps to `field` ("x,y.n") from the walk map, in order (the field itself last); [] if the
 * map does not reach it.
 */
export function pathTo(walk, field) {
  const via = new Map((walk?.fields ?? []).map((f) => [f.field, f.via]));
  if (!via.has(field)) return [];
  const path = [field];
  while (path.length <= via.size) {
    const from = via.get(path[path.length - 1]);
    if (from === walk.start || from == null) return path.reverse();
    path.push(from);
  }
  return [];
}

/** What a way costs and means, as message keys with their numbers: [[key, params], …]. */
export function costParts(entry) {
  const parts = [];
  if (entry.cards) parts.push(["dc.cost.cards", { n: entry.cards }]);
  if (entry.gold) parts.push(["dc.cost.gold", { n: entry.gold }]);
  for (const what of entry.enter ?? []) if (!["card", "gold"].includes(what)) parts.push([`dc.enter.${what}`, {}]);
  return parts;
}

/** The short badge of a walk spot: its steps, "!" where the way costs something or ends the move. */
export function walkBadge(entry) {
  const toll = entry.cards || entry.gold || (entry.enter ?? []).some((e) => ["attack", "goal", "exit"].includes(e));
  return `${entry.steps}${toll ? "!" : ""}`;
}

/** Where field `n` of the slot (x, y) lies on its card; a face-down card's one field in its middle. */
export function spotOf(cells, x, y, n) {
  const cell = cells.get(slotKey(x, y));
  return cell ? fieldSpot(cell, n) : fieldSpot({ card: "goal-hidden", sides: "NESW", links: ["NESW"] }, 0);
}

/**
 * The walk map's fields as maze targets: a spot at each field with its steps, the way there and
 * what it costs (`label(entry)` words it).
 */
export function walkTargets(view, label = () => "") {
  const walk = view?.walk;
  if (!walk || !(view.legal || []).length) return [];
  const cells = cellsBySlot(view);
  return walk.fields.map((entry) => ({
    x: entry.x,
    y: entry.y,
    action: `step@${entry.field}`,
    actions: [`step@${entry.field}`],
    kind: "field",
    spot: spotOf(cells, entry.x, entry.y, entry.n),
    badge: walkBadge(entry),
    label: label(entry),
    data: { field: entry.field, steps: String(entry.steps) },
    walk: pathTo(walk, entry.field),
  }));
}

/**
 * A maze target (one slot with its actions) split into one spot per action where the board's
 * targets name a field (a creature set on a dark hole) or an edge (a web); else kept whole.
 */
export function splitTarget(target, boardTargets, cells) {
  const index = new Map(boardTargets.map((b) => [b.action, b]));
  const actions = target.actions ?? [target.action];
  const pointed = actions.map((a) => index.get(a)).filter((b) => b && (Number.isInteger(b.field) || b.side));
  if (!pointed.length || pointed.length !== actions.length) return [target];
  return pointed.map((b) => {
    const spot = b.side ? edgeSpot(b.side) : spotOf(cells, b.x, b.y, b.field);
    const data = b.side ? { edge: `${b.x},${b.y}:${b.side}` } : { field: `${b.x},${b.y}.${b.field}` };
    return { ...target, action: b.action, actions: [b.action], kind: b.side ? "edge" : "field", spot, data };
  });
}

