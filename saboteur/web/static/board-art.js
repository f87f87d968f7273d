// The generic board's art, as SVG markup from view.board alone: a face-up card's tunnels from its
// open sides and links, its tunnel groups (as the card lies, any quarter turn), card backs, pieces
// and edge markers.
// Names from the view only ever go in as escaped text.

import { CH, CW, base, goalBack } from "./cards.js";

const MID = { N: [CW / 2, 0], E: [CW, CH / 2], S: [CW / 2, CH], W: [0, CH / 2] };
const [CX, CY] = [CW / 2, CH / 2];
/** Seat colours of pieces (seat 0, 1, …; repeated beyond). */
export const SEAT_COLOURS = ["#3fae5a", "#3b82e0", "#e0a33b", "#c04fd0", "#e05a4f", "#4fc9d0", "#d0d04f", "#9a9a9a"];
const NEUTRAL = "#d9d2c5";
const FILLS = { start: ["#3e5d5a", "#16302d"], path: ["#5d4530", "#1d140d"] };

/** Text safe to put into markup. */
export function escapeText(text) {
  return String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The sides of a "NES"-like text that are real sides, in its order. */
export function sidesIn(text) {
  return [...(text || "")].filter((c) => c in MID);
}

/** Every two open sides of one tunnel group ("NES": N-E, N-S, E-S), group by group. */
function pairsOf(open, links) {
  const pairs = [];
  for (const group of links ?? [open.join("")]) {
    const joined = sidesIn(group).filter((s) => open.includes(s));
    joined.forEach((a, i) => joined.slice(i + 1).forEach((b) => pairs.push([a, b])));
  }
  return pairs;
}

/**
 * A card's tunnels (`links`: its groups of sides joined through it, as "NS" texts): each two sides
 * of a group joined through the middle (where they meet); an open side alone in its group, or in
 * none, is a dead end stopping short of the middle at a heap of rubble.
 */
export function tunnelMarkup(sides, links) {
  const open = sidesIn(sides);
  const pairs = pairsOf(open, links);
  const joined = new Set(pairs.flat());
  let paths = "";
  for (const [a, b] of pairs) paths += `<path d="M${MID[a].join(" ")} L${CX} ${CY} L${MID[b].join(" ")}"/>`;
  let ends = "";
  let rubble = "";
  for (const side of open.filter((s) => !joined.has(s))) {
    const [x, y] = MID[side];
    const [ex, ey] = [x + (CX - x) * 0.55, y + (CY - y) * 0.42];
    ends += `<line x1="${x}" y1="${y}" x2="${ex}" y2="${ey}"/>`;
    rubble += `<circle cx="${ex}" cy="${ey}" r="6"/>`;
  }
  const lines = paths + ends;
  if (!lines) return "";
  return (
    `<g fill="none" stroke="#2a1b10" stroke-width="22" stroke-linejoin="round">${lines}</g>` +
    `<g fill="none" stroke="#e9c98f" stroke-width="15" stroke-linejoin="round">${lines}</g>` +
    (rubble ? `<g fill="#8b8176" stroke="#2a1b10" stroke-width="1.5">${rubble}</g>` : "")
  );
}

/** A small label along a card's foot (a card's name). */
function footLabel(text, colour) {
  return `<text x="${CX}" y="${CH - 8}" text-anchor="middle" font-size="9" font-weight="700" fill="${colour}">${escapeText(text)}</text>`;
}

/** A face-down card: its back, with its name where the viewer knows it. */
export function backMarkup(cell, seed = 1) {
  return goalBack(seed) + (cell.card ? footLabel(cell.card, "#c8a24a") : "");
}

/** A board cell (`view.board.cells` entry): face up its tunnels on rock, face down its back. */
export function cellMarkup(cell) {
  const seed = cell.x * 7 + cell.y * 13 + 50;
  if (cell.face === "down") return backMarkup(cell, seed);
  const [fill, stroke] = FILLS[cell.kind] ?? FILLS.path;
  return base(fill, seed, stroke) + tunnelMarkup(cell.sides, cell.links);
}

/**
 * A hand card as the generic renderer knows it: its tunnels where the ruleset's card catalogue
 * (`entry`, from GET /api/rulesets) gives its sides, and its name.
 */
export function handCardMarkup(name, entry = null) {
  if (entry?.sides) return base(FILLS.path[0], 3) + tunnelMarkup(entry.sides, entry.links) + footLabel(name, "#f3e6cc");
  const text = escapeText(name);
  const size = text.length > 8 ? 8 : 12;
  return base("#4a3a2c", 3) + `<text x="${CX}" y="${CY + 4}" text-anchor="middle" font-size="${size}" font-weight="700" fill="#f3e6cc">${text}</text>`;
}

/** The colour of a piece or seat: the owner's seat colour, else neutral. */
export function seatColour(seat) {
  return Number.isInteger(seat) && seat >= 0 ? SEAT_COLOURS[seat % SEAT_COLOURS.length] : NEUTRAL;
}

/**
 * A piece standing on a card, in the card's box: a token in its owner's colour with its label;
 * `nth` of `count` on the same field spreads tokens across; a field moves it down the card.
 */
export function pieceMarkup(piece, nth = 0, count = 1) {
  const x = CX + (nth - (count - 1) / 2) * 18;
  const y = CY + (Number.isInteger(piece.field) ? (piece.field - 1) * 24 : 0);
  const label = piece.label ?? "";
  return (
    `<g class="piece" transform="translate(${x} ${y})"><circle r="9" fill="${seatColour(piece.owner)}" stroke="#1a120b" stroke-width="2"/>` +
    (label ? `<text y="3.5" text-anchor="middle" font-size="9" font-weight="700" fill="#1a120b">${escapeText(label.slice(0, 3))}</text>` : "") +
    "</g>"
  );
}

const EDGE = { N: [8, -3, CW - 16, 6], S: [8, CH - 3, CW - 16, 6], E: [CW - 3, 10, 6, CH - 20], W: [-3, 10, 6, CH - 20] };

/** A marker on one edge of a card, in the card's box: a bar along that side. */
export function markerMarkup(marker) {
  const [x, y, w, h] = EDGE[marker.side] ?? EDGE.N;
  return `<rect class="edge-marker" x="${x}" y="${y}" width="${w}" height="${h}" rx="3" fill="#d8d8e8" stroke="#1a120b" stroke-width="1.5"/>`;
}

/** The pieces grouped by slot and field, each with its place among those sharing it. */
export function placePieces(pieces) {
  const groups = new Map();
  for (const piece of pieces || []) {
    const spot = `${piece.x},${piece.y},${piece.field ?? ""}`;
    if (!groups.has(spot)) groups.set(spot, []);
    groups.get(spot).push(piece);
  }
  return [...groups.values()].flatMap((group) => group.map((piece, nth) => ({ piece, nth, count: group.length })));
}
