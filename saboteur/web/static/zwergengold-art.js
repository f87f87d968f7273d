// Zwergengold's card art, as SVG markup from the view's labyrinth entries alone: each card's
// corridor on a fill that darkens level by level, its level as a number (stairs: both ends and an
// arrow to the deeper one), its arches, the level of the passage under it, its symbol once face up
// and its scroll on the back; the mages with their AP. Names come in as text and are escaped.

import { escapeText, seatColour, sidesIn, tunnelMarkup } from "./board-art.js";
import { CH, CW, base } from "./cards.js";

const [CX, CY] = [CW / 2, CH / 2];
/** The fills of levels 1, 2, 3, …: from moss down to a deep blue, a step each level (above
 * level 1: ochre). */
export const LEVEL_FILLS = ["#6f7d4c", "#56706a", "#48617f", "#434f86", "#3f3f78", "#362f63", "#2a224b"];
const ABOVE = "#8c7a3e";
const MID = { N: [CX, 0], E: [CW, CY], S: [CX, CH], W: [0, CY] };
const TURN = { N: 0, E: 90, S: 180, W: 270 };

/** The fill of a card at `level` (1 is the start's level). */
export function levelFill(level) {
  if (level < 1) return ABOVE;
  return LEVEL_FILLS[Math.min(LEVEL_FILLS.length, level) - 1];
}

const INK = "#f6ecd2"; // text that reads on every level's fill

/** The levels of a card's corridor as shown on it: "2", or "2→3" for stairs (upper → deeper end). */
export function levelText(entry) {
  return entry.deep ? `${entry.level}→${entry.level + 1}` : String(entry.level);
}

/** An arch on one side of a card (N, E, S or W): the mouth of the passage under it. */
export function archMarkup(side) {
  const r = 10;
  const d = {
    N: `M${CX - r} 2 v6 a${r} ${r} 0 0 1 ${2 * r} 0 v-6`,
    S: `M${CX - r} ${CH - 2} v-6 a${r} ${r} 0 0 0 ${2 * r} 0 v6`,
    W: `M2 ${CY - r} h6 a${r} ${r} 0 0 1 0 ${2 * r} h-6`,
    E: `M${CW - 2} ${CY - r} h-6 a${r} ${r} 0 0 0 0 ${2 * r} h6`,
  }[side];
  return d ? `<path class="zg-arch" data-side="${side}" d="${d}" fill="#1d140d" stroke="#e9c98f" stroke-width="1.6"/>` : "";
}

/** The arrow of stairs, from the middle to the deeper end on `side`, with steps across. */
export function stairsMarkup(side) {
  const rot = (TURN[side] ?? 180) - 180;
  const steps = [0, 1, 2, 3].map((i) => `<line x1="${CX - 7}" y1="${CY - 22 + i * 12}" x2="${CX + 7}" y2="${CY - 22 + i * 12}"/>`).join("");
  return (
    `<g class="zg-stairs" transform="rotate(${rot} ${CX} ${CY})">` +
    `<g stroke="#5a3d1e" stroke-width="2">${steps}</g>` +
    `<path d="M${CX} ${CY - 8} V${CY + 30} M${CX - 7} ${CY + 22} L${CX} ${CY + 31} L${CX + 7} ${CY + 22}" fill="none" stroke="#c0392b" stroke-width="3"/>` +
    "</g>"
  );
}

/** The passage under a card (its level, once a corridor fixed it): dashed from arch to arch. */
export function passageMarkup(arches, level) {
  const sides = sidesIn(arches);
  if (!sides.length) return "";
  const lines = sides.map((s) => `M${MID[s].join(" ")} L${CX} ${CY}`).join(" ");
  const label = level == null ? "" : `<text class="zg-passage" x="${CW - 5}" y="${CH - 6}" text-anchor="end" font-size="10" font-weight="700" fill="#9fd3ff">⌒${escapeText(level)}</text>`;
  return `<path d="${lines}" fill="none" stroke="#9fd3ff" stroke-width="2" stroke-dasharray="3 3" opacity=".8"/>${label}`;
}

/** A badge in the middle of a card: its symbol (face up) or "?" (face down). */
function badge(text, down) {
  const fill = down ? "#2b2340" : "#f3e6cc";
  const ink = down ? "#e9c98f" : "#5a1d12";
  const t = escapeText(text);
  const w = Math.max(16, Math.min(CW - 6, 6 + t.length * 5.4));
  return `<rect x="${CX - w / 2}" y="${CY + 8}" width="${w}" height="13" rx="6" fill="${fill}" stroke="#1d140d"/><text x="${CX}" y="${CY + 18}" text-anchor="middle" font-size="9" font-weight="700" fill="${ink}">${t}</text>`;
}

/**
 * A card of the labyrinth (a `view.labyrinth` entry) as it lies; `names` gives the words shown on
 * it: `symbol` (face up) and `scroll` (its back). `target` is the level of the gold (its cards get
 * a golden frame).
 */
export function labyrinthArt(entry, { target = 0, symbol = "", scroll = "", hand = false } = {}, seed = 1) {
  const fill = levelFill(entry.level);
  const ink = INK;
  const gold = entry.level === target || (entry.deep && entry.level + 1 === target);
  let out = base(fill, seed, gold ? "#f2c230" : "#1d140d");
  out += passageMarkup(entry.arches, entry.passage);
  out += tunnelMarkup(entry.exits, [entry.exits]);
  for (const side of sidesIn(entry.arches)) out += archMarkup(side);
  if (entry.deep) out += stairsMarkup(entry.deep);
  if (!hand) out += `<text class="zg-level" x="5" y="17" font-size="15" font-weight="800" fill="${ink}" stroke="${fill}" stroke-width="3" paint-order="stroke">${escapeText(levelText(entry))}</text>`;
  if (entry.card === "start") return out;
  if (entry.face === "up" && symbol) out += badge(symbol, false);
  if (entry.face === "down" && !hand) out += badge(entry.seen && symbol ? symbol : "?", true); // seen: far sight, or a replay
  if (scroll) out += `<text x="${CX}" y="${CH - 6}" text-anchor="middle" font-size="8" font-style="italic" fill="${ink}"${fitted(scroll, CW - 8)}>${escapeText(scroll)}</text>`;
  if (entry.covers) out += `<text x="${CW - 5}" y="15" text-anchor="end" font-size="9" fill="${ink}">▤${entry.covers}</text>`;
  return out;
}

const CLOCKWISE = ["N", "E", "S", "W"];
const PRINTED = { I: "NS", D: "S", T: "ESW", X: "NESW", S: "NS" };

/** Sides ("NES") turned `turns` quarter turns clockwise, in N E S W order. */
export function turnSides(sides, turns = 0) {
  const turned = sidesIn(sides).map((s) => CLOCKWISE[(CLOCKWISE.indexOf(s) + turns) % 4]);
  return CLOCKWISE.filter((s) => turned.includes(s)).join("");
}

/** A back's corridor lying `turns` quarter turns: its exits, arches and (stairs) deeper end. */
export function lyingAs(back, turns = 0) {
  const corridor = String(back).split("-")[0];
  const exits = turnSides(PRINTED[corridor] ?? "", turns);
  const arches = CLOCKWISE.filter((s) => !exits.includes(s)).join("");
  return { exits, arches, deep: corridor === "S" ? turnSides("S", turns) : "" };
}

/** An 8-point caption's attributes to squeeze it into `room` (a long scroll name, "Hammer und
 * Pickel", ran off the card); none where it fits. */
export function fitted(text, room) {
  return String(text).length * 4.3 > room ? ` textLength="${room}" lengthAdjust="spacingAndGlyphs"` : "";
}

/** A card in a supply (a back: corridor and scroll, symbol unknown), lying `turns`, no level. */
export function backArt(back, scroll = "", turns = 0) {
  const entry = { card: back, face: "down", level: 1, passage: null, covers: 0, ...lyingAs(back, turns) };
  return labyrinthArt(entry, { scroll, hand: true });
}

/** A mage: a token in its seat's colour with its AP, `nth` of `count` on the same card. */
export function mageMarkup(seat, ap, nth = 0, count = 1) {
  const x = CX + (nth - (count - 1) / 2) * 17;
  return (
    `<g class="piece mage" transform="translate(${x.toFixed(1)} ${CY - 10})">` +
    `<path d="M-9 8 L0 -13 L9 8 Z" fill="${seatColour(seat)}" stroke="#1a120b" stroke-width="1.8"/>` +
    `<text y="6" text-anchor="middle" font-size="9" font-weight="800" fill="#1a120b">${escapeText(ap)}</text></g>`
  );
}

/** AP as pips: `ap` filled of `most` (7). */
export function apPips(ap, most = 7) {
  const n = Math.max(0, Math.min(most, ap | 0));
  return "●".repeat(n) + "○".repeat(most - n);
}
