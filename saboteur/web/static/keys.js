// The arrow keys of the game window: through the hand's cards, the card menu's lines, the players
// that can be chosen and the places highlighted in the maze (Tab, Enter and Esc do the rest).

import { PX, PY } from "./maze.js";

const DIRECTIONS = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };

/**
 * The index of the point of `points` ([x, y], in maze units) an arrow key goes to from `from`:
 * the nearest one lying more in that direction than across it; -1 if none.
 */
export function nearestInDirection(points, from, key) {
  const dir = DIRECTIONS[key];
  if (!dir) return -1;
  let best = -1;
  let bestScore = Infinity;
  points.forEach(([x, y], i) => {
    const dx = x - from[0];
    const dy = y - from[1];
    const along = dx * dir[0] + dy * dir[1];
    const across = Math.abs(dx * dir[1] - dy * dir[0]);
    if (along <= 0.5 || across > along * 1.5) return;
    const score = along + across * 2;
    if (score < bestScore) {
      bestScore = score;
      best = i;
    }
  });
  return best;
}

/** The index `step` (±1) on from `at` among `count` items, round the ends; from none (-1), the
 * first or the last. */
export function stepIndex(count, at, step) {
  if (count <= 0) return -1;
  if (at < 0) return step > 0 ? 0 : count - 1;
  return (at + step + count) % count;
}

const LISTS = [
  { within: "#card-menu", items: "#card-menu button:not([disabled])", keys: { ArrowUp: -1, ArrowDown: 1 } },
  { within: "#hand", items: "#hand button", keys: { ArrowLeft: -1, ArrowRight: 1 } },
  { within: "#players", items: "#players .player.target", keys: { ArrowUp: -1, ArrowDown: 1 } },
];

/** Move the focus as arrow key `key` asks from the focused element `active`; whether it did. */
export function moveFocus(active, key, doc = document) {
  if (!active?.closest) return false;
  if (active.matches(".maze .target")) {
    const nodes = [...doc.querySelectorAll(".maze .target")];
    const pointOf = (node) => node.dataset.slot.split(",").map(Number).map((v, i) => v * (i ? PY : PX));
    const next = nearestInDirection(nodes.map(pointOf), pointOf(active), key);
    if (next >= 0) nodes[next].focus();
    return key in DIRECTIONS;
  }
  const list = LISTS.find((l) => active.closest(l.within) && key in l.keys);
  if (!list) return false;
  const items = [...doc.querySelectorAll(list.items)];
  const next = stepIndex(items.length, items.indexOf(active), list.keys[key]);
  items[next]?.focus();
  return next >= 0;
}
