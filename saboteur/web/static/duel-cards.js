// Card art of The Duel and its solo mode, drawn as SVG from the shape name alone.
// A name lists the open sides in N E S W order after a prefix for what is special about the card
// (gold-, troll-, green- / blue- for a door; the door's side is the lower-case letter), or is one of
// start-green, ladder-blue, bridge, curves; a goal is "goal-2-green:NESw" or "stone-ne:NE".
// Every string built here holds only numbers and fixed colours: names of players never go in.

import { CH, CW, base, cardMarkup, goalBack, nuggets, stones, tunnel } from "./cards.js";

export const COLOURS = { green: "#3fae5a", blue: "#3b82e0" };
const DARK = { green: "#174a24", blue: "#14315c" };
const ORDER = "NESW";
const FLIP = { N: "S", S: "N", E: "W", W: "E", n: "s", s: "n", e: "w", w: "e" };
const ACTIONS = new Set(["key", "rockfall", "map"]);
const WHOLE = ["N", "E", "S", "W"];

/** What a shape name says: {kind, colour, sides, door, dead, value}. */
export function shapeParts(name) {
  const out = { kind: "path", colour: null, sides: WHOLE, door: null, dead: false, value: 0 };
  if (/^(start|ladder)-(green|blue)$/.test(name)) {
    const [kind, colour] = name.split("-");
    return { ...out, kind, colour };
  }
  if (name === "bridge" || name === "curves") return { ...out, kind: name };
  let letters;
  if (name.includes(":")) {
    const [head, pattern] = name.split(":");
    const bits = head.split("-");
    letters = pattern;
    if (bits[0] === "stone") Object.assign(out, { kind: "stone" });
    else Object.assign(out, { kind: "goal", value: Number(bits[1]), colour: bits[2] ?? null });
  } else {
    const cut = name.lastIndexOf("-");
    const prefix = cut >= 0 ? name.slice(0, cut) : "";
    letters = name.slice(cut + 1);
    out.dead = letters.startsWith("x");
    letters = letters.replace(/^x/, "");
    if (prefix === "gold") Object.assign(out, { kind: "gold", value: 1 });
    else if (prefix === "troll") out.kind = "troll";
    else if (prefix === "green" || prefix === "blue") Object.assign(out, { kind: "door", colour: prefix });
  }
  out.sides = [...ORDER].filter((s) => letters.toUpperCase().includes(s));
  const door = [...letters].find((c) => c !== c.toUpperCase());
  out.door = door ? door.toUpperCase() : null;
  return out;
}

/** A hand card that is laid in the maze (not key, rockfall, map, sabotage or repair). */
export function isDuelPath(card) {
  return !ACTIONS.has(card) && !card.startsWith("break-") && !card.startsWith("repair-");
}

/** The shape a path card forms turned 180° ("green-nEW" -> "green-EsW"; bridge stays bridge). */
export function duelTurned(shape) {
  const m = /^((?:gold|troll|green|blue)-)?(x?)([NESWnesw]+)$/.exec(shape);
  if (!m) return shape;
  const flipped = [...m[3]].map((c) => FLIP[c]);
  flipped.sort((a, b) => ORDER.indexOf(a.toUpperCase()) - ORDER.indexOf(b.toUpperCase()));
  return `${m[1] ?? ""}${m[2]}${flipped.join("")}`;
}

/** A goal card's sides as printed ("goal-2-green" -> "NESw": its door on the west). */
function goalPattern(card) {
  if (card.startsWith("stone-")) return card.slice(6).toUpperCase();
  return /-(green|blue)$/.test(card) ? "NESw" : "NESW";
}

/** A face-up board cell's shape name, its door (if any) shut: "green-EsW", "goal-1-blue:NeSW". */
export function duelShapeOf(cell) {
  if (cell.kind !== "goal") return cell.turn ? duelTurned(cell.card) : cell.card;
  const pattern = goalPattern(cell.card);
  return `${cell.card}:${cell.turn ? duelTurned(pattern) : pattern}`;
}

const DOOR_BOX = { N: [17, 7, 26, 9], S: [17, 74, 26, 9], E: [44, 32, 9, 26], W: [7, 32, 9, 26] };

function door(side, colour) {
  const [x, y, w, h] = DOOR_BOX[side];
  const [cx, cy] = [x + w / 2, y + h / 2];
  return (
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="2" fill="${COLOURS[colour]}" stroke="${DARK[colour]}" stroke-width="2"/>` +
    `<circle cx="${cx}" cy="${cy}" r="2.2" fill="${DARK[colour]}"/>`
  );
}

function ladder(colour, x = 30, y = 45, scale = 1) {
  const c = colour ? COLOURS[colour] : "#7a4a22";
  return (
    `<g transform="translate(${x} ${y}) scale(${scale})" stroke="${c}" stroke-width="2.6" stroke-linecap="round">` +
    `<line x1="-6" y1="-13" x2="-6" y2="13"/><line x1="6" y1="-13" x2="6" y2="13"/>` +
    `<line x1="-6" y1="-7" x2="6" y2="-7"/><line x1="-6" y1="0" x2="6" y2="0"/><line x1="-6" y1="7" x2="6" y2="7"/></g>`
  );
}

function troll() {
  return (
    `<g transform="translate(30 45)"><circle r="13" fill="#6f7f4f" stroke="#2a1b10" stroke-width="2"/>` +
    `<circle cx="-5" cy="-3" r="2.4" fill="#ffdf5a"/><circle cx="5" cy="-3" r="2.4" fill="#ffdf5a"/>` +
    `<path d="M-7 6 Q0 2 7 6" fill="none" stroke="#2a1b10" stroke-width="2"/>` +
    `<path d="M-5 5 L-4 1 L-3 5 M3 5 L4 1 L5 5" fill="#fff" stroke="#fff" stroke-width="1"/>` +
    `<path d="M-12 -8 L-17 -15 L-9 -11 M12 -8 L17 -15 L9 -11" fill="#6f7f4f" stroke="#2a1b10" stroke-width="1.5"/></g>`
  );
}

function nugget(x = 30, y = 45) {
  return (
    `<g transform="translate(${x} ${y})" stroke="#7a5a00" stroke-width="1.2">` +
    `<polygon points="-8,2 -3,-6 6,-4 8,4 0,8" fill="#ffd23f"/><circle cx="-1" cy="-2" r="1.4" fill="#fff" stroke="none"/></g>`
  );
}

function hat(colour, x, y, scale = 1) {
  return (
    `<g transform="translate(${x} ${y}) scale(${scale})">` +
    `<path d="M-10 3 Q0 -16 10 3 Z" fill="${COLOURS[colour]}" stroke="${DARK[colour]}" stroke-width="1.5"/>` +
    `<rect x="-12" y="2" width="24" height="4" rx="2" fill="${DARK[colour]}"/>` +
    `<circle cx="0" cy="-5" r="2.6" fill="#fff7c2"/></g>`
  );
}

function twin(kind) {
  const band = (d) =>
    `<path d="${d}" fill="none" stroke="#2a1b10" stroke-width="22"/><path d="${d}" fill="none" stroke="#e9c98f" stroke-width="15"/>`;
  if (kind === "curves") return band("M30 0 Q30 45 60 45") + band("M30 90 Q30 45 0 45");
  return (
    band("M0 45 L60 45") +
    `<path d="M30 0 L30 90" stroke="#2a1b10" stroke-width="26"/><path d="M30 0 L30 90" stroke="#d9b878" stroke-width="15"/>` +
    `<g stroke="#7a4a22" stroke-width="1.5"><line x1="22" y1="0" x2="22" y2="90"/><line x1="38" y1="0" x2="38" y2="90"/></g>`
  );
}

function goalFace(parts, seed) {
  if (parts.kind === "stone") return base("#4a4b52", seed, "#1b1c20") + tunnel(parts.sides, false) + stones();
  let out = base("#6b5318", seed, "#2d2206") + tunnel(parts.sides, false) + nuggets();
  if (parts.door) out += door(parts.door, parts.colour);
  out +=
    `<circle cx="${CW - 13}" cy="13" r="9" fill="#2d2206" stroke="#ffd23f" stroke-width="1.5"/>` +
    `<text x="${CW - 13}" y="17.5" text-anchor="middle" font-size="13" font-weight="700" fill="#ffd23f">${parts.value}</text>`;
  return out;
}

/** Markup of one Duel card face (a maze shape or a hand card) in a CW × CH box at the origin. */
export function duelCardMarkup(name, seed = 1) {
  if (name === "key") return base("#4b3a66", seed, "#1d1429") + keyIcon(30, 45, 1.6);
  if (!isDuelPath(name)) return cardMarkup(name, seed); // rockfall, map, sabotage, repair
  const parts = shapeParts(name);
  switch (parts.kind) {
    case "start":
      return base("#2f4a44", seed, DARK[parts.colour]) + tunnel(WHOLE, false) + ladder(parts.colour) + hat(parts.colour, 30, 16, 0.9);
    case "ladder":
      return base("#5d4530", seed) + tunnel(WHOLE, false) + ladder(parts.colour);
    case "bridge":
    case "curves":
      return base("#5d4530", seed) + twin(parts.kind);
    case "goal":
    case "stone":
      return goalFace(parts, seed);
    default: {
      let out = base(parts.kind === "gold" ? "#6b5318" : parts.dead ? "#584331" : "#5d4530", seed) + tunnel(parts.sides, parts.dead);
      if (parts.kind === "gold") out += nugget();
      if (parts.kind === "troll") out += troll();
      if (parts.kind === "door") out += door(parts.door, parts.colour);
      return out;
    }
  }
}

export function keyIcon(x, y, scale = 1, ring = null) {
  return (
    `<g transform="translate(${x} ${y}) scale(${scale})">` +
    (ring ? `<circle r="11" fill="#1d1429" stroke="${COLOURS[ring]}" stroke-width="2.5"/>` : "") +
    `<g stroke="#ffd23f" stroke-width="2.4" fill="none" stroke-linecap="round"><circle cx="-4" cy="0" r="4"/>` +
    `<line x1="0" y1="0" x2="8" y2="0"/><line x1="6" y1="0" x2="6" y2="4"/><line x1="8" y1="0" x2="8" y2="3"/></g></g>`
  );
}

/** A dwarf marker of ``colour`` centred on (x, y). */
export function markerIcon(colour, x, y, scale = 1) {
  return (
    `<g transform="translate(${x} ${y}) scale(${scale})"><circle r="11" fill="#1a120b" stroke="${COLOURS[colour]}" stroke-width="2.5"/>` +
    `<circle cy="3" r="5.5" fill="#f0c09a"/>${hat(colour, 0, -1, 0.55)}</g>`
  );
}

/** A face-down goal; one the viewer looked at shows its face faintly in a dashed frame. */
export function goalMarkup(goal, seed) {
  let out = goalBack(seed);
  if (goal.card) {
    const parts = shapeParts(`${goal.card}:NESW`);
    const label = parts.kind === "stone" ? "0" : String(parts.value);
    const colour = parts.colour ? COLOURS[parts.colour] : "#ffd23f";
    out +=
      `<rect x="4" y="4" width="${CW - 8}" height="${CH - 8}" rx="5" fill="#000" opacity=".55"/>` +
      (parts.kind === "stone" ? stones() : nuggets()) +
      `<rect x="1.5" y="1.5" width="${CW - 3}" height="${CH - 3}" rx="6" fill="none" stroke="${colour}" stroke-width="3" stroke-dasharray="7 4"/>` +
      `<text x="${CW / 2 - 1}" y="${CH - 10}" text-anchor="end" font-size="14" font-weight="700" fill="${colour}">${label}</text>` +
      `<path class="gold-mark" d="M${CW / 2 + 8} ${CH - 20} l5 5 l-5 5 l-5 -5 Z" fill="${colour}"/>`;
  }
  return out;
}

/** A maze cell: the card, and the marker or key lying on it (in the colour of who laid it). */
export function cellMarkup(cell, colours) {
  let out = duelCardMarkup(cell.shape, cell.x * 7 + cell.y * 13 + 50);
  if (cell.key != null) out += keyIcon(14, CH - 14, 1, colours[cell.key] ?? "green");
  if (cell.marker != null) out += markerIcon(colours[cell.marker] ?? "green", CW - 14, CH - 14);
  return out;
}
