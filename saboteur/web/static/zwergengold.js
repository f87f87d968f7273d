// Zwergengold's parts of the game window: the labyrinth drawn level by level (zwergengold-art.js),
// the mages with every player's AP and the backs of their cards; on my turn the cards I can move to
// with their AP cost, where a chosen card can be attached (with or without its scroll, in which
// turn), and the choices of the phase (enter or turn back, the potion, a grille, far sight,
// foreboding, duster, duels, the end of the turn). What may be done comes from view.legal and the
// board's targets only.

import { register } from "./adapters.js";
import { placePieces } from "./board-art.js";
import { onSlot, targetsOf } from "./board-targets.js";
import { CH, CW, svgIcon } from "./cards.js";
import { cardNameIn, placesOf, STRINGS, t } from "./i18n.js";
import { h } from "./lobby.js";
import { pointerKey } from "./pointer.js";
import { apPips, backArt, labyrinthArt, mageMarkup } from "./zwergengold-art.js";

const NAME = "zwergengold";
/** A Zwergengold card (whole, or its back) in words, in the chosen language. */
export const zgCardName = (card) => cardNameIn(NAME, card);
const word = (kind, id) => (id ? t(`zwergengold.${kind}.${id}`) : "");
const MOVES = new Set(["step", "under", "trapdoor"]);
const WORDS = new Set(["enter", "retreat", "agree", "refuse", "done", "end", "potion:ap", "potion:cards"]);
const SYMBOLS = "dragon rot potion trapdoor goblin orc troll grille wall lock rats spring plan".split(" ");
const SCROLLS = "cloak pick farsight foreboding hammer draught duster".split(" ");
/** Where a move's ring sits on a card (below the mages standing there). */
export const MOVE_SPOT = [CW / 2, CH / 2 + 24];

/** A card's parts by its name: corridor, scroll (on its back) and symbol (on its face). */
export function cardParts(card) {
  const parts = String(card ?? "").split("-");
  return {
    corridor: parts[0],
    scroll: parts.find((p) => SCROLLS.includes(p)) ?? null,
    symbol: parts.find((p) => SYMBOLS.includes(p)) ?? null,
  };
}

/**
 * An action's parts: kind, the card's back, the slot, the quarter turns, the seat and AP of a duel,
 * or the order of a foreboding (null where it has none).
 */
export function parseAction(action) {
  const text = String(action);
  let m = text.match(/^(play|read):([A-Za-z-]+)@(?:(-?\d+),(-?\d+):([0-3])|pile)$/);
  if (m) return { kind: m[1], card: m[2], x: m[3] == null ? null : Number(m[3]), y: m[4] == null ? null : Number(m[4]), turn: m[5] == null ? null : Number(m[5]) };
  if ((m = text.match(/^stairs@(-?\d+),(-?\d+):([0-3])$/))) return { kind: "stairs", card: "S", x: Number(m[1]), y: Number(m[2]), turn: Number(m[3]) };
  if ((m = text.match(/^duel@(\d+):(\d+)$/))) return { kind: "duel", seat: Number(m[1]), ap: Number(m[2]) };
  if ((m = text.match(/^order:([\d,]+)$/))) return { kind: "order", order: m[1].split(",").map(Number) };
  if ((m = text.match(/^([a-z]+)@(-?\d+),(-?\d+)$/))) return { kind: m[1], x: Number(m[2]), y: Number(m[3]) };
  return { kind: text };
}

/** An action in words (for buttons and for the choice among several actions on one card). */
export function actionLabel(action, view = {}, names = []) {
  const a = parseAction(action);
  if (WORDS.has(a.kind)) return t(`zg.act.${a.kind}`);
  if (a.kind === "play" || a.kind === "read" || a.kind === "stairs") {
    const card = zgCardName(a.card);
    if (a.x == null) return t(a.kind === "read" ? "zg.act.readPile" : "zg.act.pile", { card, scroll: word("scroll", cardParts(a.card).scroll) });
    const params = { card, where: placesOf(view.board).where(a.x, a.y), deg: a.turn * 90, scroll: word("scroll", cardParts(a.card).scroll) };
    return t(`zg.act.${a.kind}`, params);
  }
  if (a.kind === "duel") return t("zg.act.duel", { name: names[a.seat] ?? `#${a.seat}`, n: a.ap });
  if (a.kind === "order") return a.order.map((i) => zgCardName(view.foreseen?.[i]) || String(i)).join(" › ");
  if (MOVES.has(a.kind)) {
    const entry = (view.reach ?? []).find((r) => r.action === action);
    return t(`zg.act.${a.kind}`, { where: placesOf(view.board).where(a.x, a.y), cost: costText(entry?.cost) });
  }
  if (a.x != null) return t(`zg.act.${a.kind}`, { where: placesOf(view.board).where(a.x, a.y) });
  return action;
}

/** An AP cost as shown: its number, or "?" onto a face-down card (its symbol is unknown). */
export const costText = (cost) => (cost == null ? "?" : String(cost));

/**
 * The choices that need no hand card and point at a card, one target per card with all its actions:
 * the moves (a ring with the AP cost), walling up, far sight, the duster, the plan's stairs.
 */
export function freeTargets(view) {
  const groups = new Map();
  for (const target of targetsOf(view)) {
    if (target.hand_card != null || !onSlot(target)) continue;
    const spot = `${target.x},${target.y}`;
    if (!groups.has(spot)) groups.set(spot, { x: target.x, y: target.y, actions: [] });
    groups.get(spot).actions.push(target.action);
  }
  const reach = new Map((view.reach ?? []).map((r) => [r.action, r]));
  return [...groups.values()].map(({ x, y, actions }) => {
    const move = reach.get(actions[0]);
    const out = { x, y, action: actions[0], actions, kind: move ? "field" : "slot", label: actions.map((a) => actionLabel(a, view)).join(" / ") };
    if (move) Object.assign(out, { spot: MOVE_SPOT, badge: costText(move.cost), data: { cost: costText(move.cost), via: move.via } });
    return out;
  });
}

/**
 * The slots the maze fits to: the laid cards and the targets with a slot's margin round them (at
 * least the start's neighbours), within the table.
 */
export function laidBounds(view, targets, cells) {
  const xs = [-1, 1];
  const ys = [-1, 1];
  for (const c of [...cells, ...targets]) {
    xs.push(c.x - 1, c.x + 1);
    ys.push(c.y - 1, c.y + 1);
  }
  const [x0, x1, y0, y1] = view.board?.bounds ?? [-Infinity, Infinity, -Infinity, Infinity];
  return { x0: Math.max(x0, Math.min(...xs)), x1: Math.min(x1, Math.max(...xs)), y0: Math.max(y0, Math.min(...ys)), y1: Math.min(y1, Math.max(...ys)) };
}

const TURNS = { I: [0, 1], D: [0, 1, 2, 3], T: [0, 1, 2, 3], X: [0], S: [0, 1, 2, 3] };

/** A hand card lying `turn` quarter turns, as the window's "shape": its back, "~" and the turn. */
export const shapeOf = (back, turn) => (turn ? `${back}~${turn}` : back);
/** A shape's back and turn. */
export function splitShape(shape) {
  const [back, turn] = String(shape).split("~");
  return [back, Number(turn ?? 0)];
}

/** The next way a hand card can lie (R turns it): a quarter turn on, as its corridor allows. */
export function turnedShape(shape) {
  const [back, turn] = splitShape(shape);
  const ways = TURNS[cardParts(back).corridor] ?? [0];
  return shapeOf(back, ways[(ways.indexOf(turn) + 1) % ways.length]);
}

/** A hand card's name as it lies (turned: with the degrees): its corridor and the scroll written on
 * its back, that scroll not in brackets, so the words on the card are part of its name. */
function shapeName(shape) {
  const [back, turn] = splitShape(shape);
  const { corridor, scroll } = cardParts(back);
  const name = scroll ? t("zg.back", { corridor: word("corridor", corridor), scroll: word("scroll", scroll) }) : zgCardName(back);
  return turn ? `${name} ↻${turn * 90}°` : name;
}

/** The card menu of a hand card (a back): attach it, read its scroll and attach it, each by the
 * ways it can lie (R turns it; its places are framed with the card shown there), or under the pile. */
function cardOptions(card, view) {
  const mine = targetsOf(view).filter((x) => x.hand_card === card);
  const myTurn = (view.legal || []).length > 0;
  const shapes = (TURNS[cardParts(card).corridor] ?? [0]).map((turn) => shapeOf(card, turn));
  const scroll = word("scroll", cardParts(card).scroll);
  const line = (kind, key, label) => {
    const actions = mine.filter((x) => x.kind === kind && onSlot(x)).map((x) => x.action);
    const byShape = Object.fromEntries(shapes.map((s) => [s, actions.filter((a) => parseAction(a).turn === splitShape(s)[1])]));
    return { kind: "place", key, label, actions, shapes, byShape };
  };
  const options = [line("play", "play", t("zg.menu.attach"))];
  if (scroll) options.push(line("read", "read", t("zg.menu.read", { scroll })));
  for (const x of mine.filter((x) => !onSlot(x))) options.push({ kind: "act", key: `act:${x.action}`, label: actionLabel(x.action, view), actions: [x.action], immediate: true });
  for (const option of options) option.reason = option.actions.length ? "" : t(myTurn ? "menu.noTarget" : "menu.notTurn");
  return options;
}

/** A hand card (or a way it lies) drawn. */
function cardMarkup(shape) {
  const [back, turn] = splitShape(shape);
  return backArt(back, word("scroll", cardParts(back).scroll), turn);
}

function cardSvg(shape) {
  return svgIcon(cardMarkup(shape), `0 0 ${CW} ${CH}`, "card-art"); // hidden: its holder names it
}

/** The cards of the labyrinth, as the maze draws them. */
function cellItems(view) {
  const target = view.target ?? 0;
  const places = placesOf(view.board);
  return (view.labyrinth ?? []).map((entry) => {
    const { symbol, scroll } = cardParts(entry.card);
    const names = { target, symbol: entry.face === "up" || entry.seen ? word("symbol", symbol) : "", scroll: word("scroll", scroll) };
    const passage = entry.passage == null ? "" : ` · ${t("zg.passage", { n: entry.passage })}`;
    return {
      x: entry.x,
      y: entry.y,
      markup: labyrinthArt(entry, names, entry.x * 7 + entry.y * 13 + 50),
      title: `${t("slot.card", { card: zgCardName(entry.card), where: places.where(entry.x, entry.y) })} · ${t("zg.level", { n: entry.deep ? `${entry.level}→${entry.level + 1}` : entry.level })}${passage}`,
      cls: `card cell-${entry.face}`,
      data: { face: entry.face, card: entry.card, level: String(entry.level), passage: entry.passage == null ? "" : String(entry.passage) },
    };
  });
}

/** The mages, each with its AP, spread over the card they share. */
function pieceItems(view, names = []) {
  return placePieces(view.board?.pieces).map(({ piece, nth, count }) => ({
    x: piece.x,
    y: piece.y,
    markup: mageMarkup(piece.owner, view.ap?.[piece.owner] ?? "", nth, count),
    title: t("zg.mage", { name: names[piece.owner] ?? "", n: view.ap?.[piece.owner] ?? 0 }),
    cls: "token",
    data: { kind: "mage", owner: String(piece.owner), ap: String(view.ap?.[piece.owner] ?? "") },
  }));
}

function button(action, label, cls = "", gw = null) {
  return h("button", { class: cls, dataset: { action, fkey: `act-${action}` }, text: label, onclick: () => gw.act(action) });
}

/** A duel with one mage: how many AP (a list), and the button that fights it. */
function duelControl(gw, seat, actions, names) {
  const pick = h("select", { class: "zg-duel-ap", "aria-label": t("zg.duelAp") }, actions.map((action) => h("option", { value: action, text: `${parseAction(action).ap} AP` })));
  const go = h("button", { class: "small", dataset: { action: `duel@${seat}`, fkey: `act-duel-${seat}` }, text: t("zg.duelWith", { name: names[seat] ?? `#${seat}` }), onclick: () => gw.act(pick.value) });
  return h("span", { class: "zg-duel", dataset: { seat: String(seat) } }, go, pick);
}

/** The phase's choices that need no hand card and point at no card. */
function panel(gw, view) {
  const legal = view.legal || [];
  if (!legal.length) return [];
  const names = gw.msg?.names ?? [];
  const out = [];
  if (view.phase === "turn" && legal.some((a) => MOVES.has(parseAction(a).kind))) out.push(h("span", { class: "zg-prompt", text: t(pointerKey("zg.clickCard", STRINGS.en)) }));
  const duels = new Map();
  for (const action of legal) {
    const a = parseAction(action);
    if (a.kind === "duel") duels.set(a.seat, [...(duels.get(a.seat) ?? []), action]);
    else if (WORDS.has(a.kind) || a.kind === "order") out.push(button(action, actionLabel(action, view, names), a.kind === "end" || a.kind === "enter" ? "primary" : "", gw));
  }
  for (const [seat, actions] of duels) out.push(duelControl(gw, seat, actions, names));
  return out;
}

function myLines(view) {
  const lines = [t("zg.goal", { n: view.target }), t("zg.pile", { n: view.pile ?? 0 })];
  const tokens = Object.entries(view.scrolls ?? {}).filter(([, n]) => n > 0);
  if (tokens.length) lines.push(t("zg.tokens", { list: tokens.map(([s, n]) => `${word("scroll", s)}${n > 1 ? ` ×${n}` : ""}`).join(", ") }));
  for (const [x, y, card] of view.seen ?? []) lines.push(t("zg.seen", { where: placesOf(view.board).where(x, y), card: zgCardName(card) }));
  return lines.map((text) => h("span", { class: "zg-line", text }));
}

export const zwergengoldRules = register([NAME], {
  isPathCard: () => true, // every hand card is a corridor that can be turned
  turned: turnedShape,
  cardName: shapeName,
  cardMarkup,
  cardSvg,
  cardOptions,
  handPlays: (view) => view.phase === "turn",
  choiceLabel: (action, view, names) => actionLabel(action, view, names),

  // -- the labyrinth --
  cells: cellItems,
  pieces: pieceItems,
  markers: () => [], // arches and stairs' arrows are drawn on the cards
  bounds: (view, targets, cells) => laidBounds(view, targets, cells),
  /** With a hand card chosen, where it can be attached; else the moves and the other choices on cards. */
  mazeTargets: (gw, option, targets) => (option ? targets : freeTargets(gw.view)),

  // -- players and me --
  playersKey: (view) => [view.ap, view.supplies, view.mages, view.places],
  avatar: (view, seat, me, name) => svgIcon(mageMarkup(seat, (name || "?")[0], 0, 1), `${CW / 2 - 13} ${CH / 2 - 26} 26 26`, "token"),
  meta(view, seat) {
    const ap = view.ap?.[seat] ?? 0;
    const backs = view.supplies?.[seat] ?? [];
    return [
      h("span", { class: "zg-ap", title: t("zg.ap", { n: ap }), dataset: { ap: String(ap) }, text: `${apPips(ap)} ${ap}` }),
      h("span", { class: "zg-supply", title: backs.map(zgCardName).join(", ") }, ...backs.map((b) => svgIcon(backArt(b), `0 0 ${CW} ${CH}`, "zg-back"))),
    ];
  },
  myInfoKey: (msg, view) => JSON.stringify([msg.seat, view.ap, view.target, view.pile, view.scrolls, view.seen]),
  myInfo(msg, view) {
    const ap = view.ap?.[msg.seat] ?? 0;
    return [h("div", { class: "role-text" }, h("b", { text: t("zg.you", { n: ap, pips: apPips(ap) }) }), ...myLines(view))];
  },
  spectatorInfo: (view) => myLines(view),
  banner(view, msg, myTurn, name) {
    const phase = view.phase === "turn" ? "turn" : view.phase;
    if (phase === "over") return null;
    return t(pointerKey(`zg.phase.${phase}${myTurn ? "Yours" : ""}`, STRINGS.en), { name, n: view.ap?.[view.turn] ?? 0 });
  },
  panel,
});
