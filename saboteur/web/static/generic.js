// The generic adapter: draws and plays any ruleset from the generic parts of its view alone
// (view.board, hand, legal, current, phase, scores, winners). A ruleset's own adapter inherits
// every hook it does not define from here (see adapters.js).

import { gold as goldIcon, icon } from "./icons.js";
import { backMarkup, cellMarkup, handCardMarkup, markerMarkup, pieceMarkup, placePieces, seatColour } from "./board-art.js";
import { boardOptions, looseActions, looseLabel, tableOptions } from "./board-targets.js";
import { CH, CW, el, svgNodes } from "./cards.js";
import { eventText, placesOf, t } from "./i18n.js";
import { h } from "./lobby.js";

/** A hand card's name as shown (the raw name: the generic renderer has no card texts of its own). */
export const cardName = (name) => String(name ?? "");

/** A hand card's entry in the ruleset's catalogue (`described`: its descriptor), if any. */
export const catalogueEntry = (card, described) => described?.cards?.find((entry) => entry.name === card) ?? null;

function cardSvg(card, described) {
  const svg = el("svg", { viewBox: `0 0 ${CW} ${CH}`, class: "card-art", "aria-hidden": "true" }); // its holder names it
  svg.append(...svgNodes(handCardMarkup(card, catalogueEntry(card, described))));
  return svg;
}

/** The board's cells as the maze draws them: {x, y, markup, title, cls, data}. */
export function boardCells(view) {
  return (view.board?.cells ?? []).map((cell) => {
    const known = cell.card ?? t("goal.hidden");
    const title = t("slot.card", { card: cell.face === "down" ? known : cardName(cell.card), where: placesOf(view.board).where(cell.x, cell.y) });
    const data = { face: cell.face, kind: cell.kind };
    if (cell.card != null) data.card = cell.card;
    return { x: cell.x, y: cell.y, markup: cellMarkup(cell), title, cls: `card cell-${cell.face}`, data };
  });
}

/** The pieces standing on cards, each a token in its owner's colour: {x, y, markup, title, data}. */
export function boardPieces(view, names = []) {
  return placePieces(view.board?.pieces).map(({ piece, nth, count }) => ({
    x: piece.x,
    y: piece.y,
    markup: pieceMarkup(piece, nth, count),
    title: [piece.kind, piece.label, names[piece.owner]].filter(Boolean).join(" — "),
    cls: "token",
    data: { kind: piece.kind, owner: piece.owner == null ? "" : String(piece.owner) },
  }));
}

/** The markers on card edges: {x, y, markup, title, data}. */
export function boardMarkers(view) {
  return (view.board?.markers ?? []).map((marker) => ({
    x: marker.x,
    y: marker.y,
    markup: markerMarkup(marker),
    title: `${marker.kind} (${marker.side})`,
    cls: "marker",
    data: { kind: marker.kind, side: marker.side },
  }));
}

/** The final table: every seat's name and score; the winners marked. */
function resultTable(msg, view) {
  const scores = Array.isArray(view.scores) ? view.scores : null;
  const head = h("tr", {}, h("th", { text: t("hs.name") }), scores ? h("th", { class: "num", text: t("result.points") }) : null);
  const rows = msg.names.map((name, seat) =>
    h(
      "tr",
      { class: [seat === msg.seat ? "me" : "", view.winners?.includes(seat) ? "won" : ""].join(" ") },
      h("td", { text: name }),
      scores ? h("td", { class: "num", text: String(scores[seat] ?? 0) }) : null,
    ),
  );
  return h("table", { class: "results" }, h("thead", {}, head), h("tbody", {}, rows));
}

export const genericRules = {
  isPathCard: () => false,
  turned: (shape) => shape,
  cardName,
  cardMarkup: (card) => backMarkup({ card }),
  // the event's catalogue message in the chosen language (a plug-in's texts come from
  // GET /api/messages), else the server's English text
  eventText: (ev, names) => eventText(ev, names) || (ev?.kind ?? ""),
  cardSvg,
  cardOptions: boardOptions,
  tableOptions,
  /** Choosing a hand card highlights its targets at once (its menu stays open for the rest). */
  targetsAtOnce: true,
  /** An action offered among several on one place, in words (the generic adapter: its text). */
  choiceLabel: (action) => action,
  /** Whether hand cards can be chosen in this phase (a ruleset's phases are its own: any but the end). */
  handPlays: (view) => view.phase !== "over",

  // -- the board --
  cells: boardCells,
  pieces: boardPieces,
  markers: boardMarkers,
  atLeast: null, // no slots shown beyond the board's own
  /** The slots the maze fits to (null: the board's bounds, else the cells and targets). */
  bounds: () => null,

  // -- players and me --
  playersKey: (view) => [view.scores, view.hand_sizes],
  avatar: (view, seat, me, name) => h("span", { class: "initial", style: `background:${seatColour(seat)};color:#1a120b`, text: (name[0] || "?").toUpperCase() }),
  meta(view, seat) {
    const parts = [];
    const cards = view.hand_sizes?.[seat];
    if (cards != null) parts.push(h("span", { class: "hand-size", title: t("info.cards", { n: cards }) }, icon("card"), ` ${cards}`));
    const score = view.scores?.[seat];
    if (score != null) parts.push(h("span", { class: "score", title: t("result.points") }, goldIcon(score)));
    return parts;
  },
  myInfoKey: (msg, view) => JSON.stringify([msg.seat, view.scores?.[msg.seat]]),
  myInfo(msg, view) {
    const score = view.scores?.[msg.seat];
    return [h("div", { class: "role-text" }, h("b", { text: msg.names[msg.seat] ?? "" }), score != null ? h("span", { text: `${t("result.points")}: ${score}` }) : null)];
  },
  banner: () => null,
  /** What stands in front of a seat against it (classic's broken tools): none here. */
  sabotage: () => ({ icons: [], title: "" }),

  /** Buttons for what needs no hand card: the slots and seats of such actions, and each action pointing at nothing. */
  panel(gw, view) {
    if (!(view.legal || []).length) return [];
    const out = [];
    const [free] = tableOptions(view);
    if (free.actions.length) out.push(h("button", { dataset: { action: "table", fkey: "act-table" }, text: free.label, onclick: () => gw.chooseTable(free.key) }));
    for (const target of looseActions(view)) {
      out.push(h("button", { dataset: { action: target.action, fkey: `act-${target.action}` }, text: looseLabel(target), onclick: () => gw.act(target.action) }));
    }
    return out;
  },

  // -- results --
  result(msg, view, gameOver) {
    const round = view.results?.at(-1)?.round ?? view.round ?? "";
    const parts = [h("h2", { text: gameOver ? t("result.gameOver") : t("result.round", { r: round }) })];
    const winners = view.winners || [];
    const text = winners.length ? t("result.winners", { names: winners.map((s) => msg.names[s]).join(", ") }) : t("result.noWinner");
    parts.push(h("p", { class: "final", text }), resultTable(msg, view));
    return parts;
  },
};
