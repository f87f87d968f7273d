// The Duel's (and solo's) parts of the game window: its cards, markers and keys, both dwarves'
// gold and sabotage, the turn options that need no hand card (bribe a troll; discard two cards
// to remove a sabotage card; pass discarding one or two), the goal-orientation choice, results.
// As everywhere in the client, what may be done comes from view.legal only.

import { gold as goldIcon, icon as uiIcon } from "./icons.js";
import { register } from "./adapters.js";
import { brokenTools } from "./broken-tools.js";
import { svgIcon, svgNodes } from "./cards.js";
import { cellMarkup, duelCardMarkup, duelShapeOf, duelTurned, goalMarkup, isDuelPath, keyIcon, markerIcon } from "./duel-cards.js";
import { cardNameIn, eventText, placesOf, t, toolName } from "./i18n.js";
import { finalTable } from "./result-panels.js";

/** A card of The Duel in words: "green door nEW", "goal: 2 gold, blue door", "troll NES". */
export const duelCardName = (card) => cardNameIn("duel", card);
import { h } from "./lobby.js";
import { MAZE_AT_LEAST, mazeCells } from "./maze-cells.js";
import { cardOptions } from "./options.js";

const SVGNS = "http://www.w3.org/2000/svg";

const icon = svgIcon;

function cardSvg(card) {
  const svg = document.createElementNS(SVGNS, "svg");
  svg.setAttribute("viewBox", "0 0 60 90");
  svg.setAttribute("class", "card-art");
  svg.setAttribute("aria-hidden", "true"); // the button or menu that holds it names the card
  svg.append(...svgNodes(duelCardMarkup(card, 3)));
  return svg;
}

const colourName = (colour) => t(`colour.${colour}`);

/** The hand cards picked for a discard (C or D): their texts in the engine's sorted order. */
export function discardText(cards) {
  return [...cards].sort().join("+");
}

/**
 * The actions of discarding the picked hand cards (indices into `hand`): passing with them (D), and
 * for each of my broken tools, removing it with them (C). Whether each is legal is for view.legal.
 */
export function discardActions(hand, picked, broken) {
  const text = discardText(picked.map((i) => hand[i]));
  return { pass: `pass:${text}`, clears: broken.map((tool) => [tool, `clear-${tool}:${text}`]) };
}

export const duelRules = register(["duel", "solo"], {
  isPathCard: isDuelPath,
  turned: duelTurned,
  cardName: duelCardName,
  cardMarkup: duelCardMarkup,
  eventText,
  cardSvg,
  cardOptions: (card, view) => cardOptions(card, view, duelRules),
  handPlays: (view) => view.phase === "play", // not while a goal's orientation is chosen
  /** Choices that need no hand card: bribing a troll (the turn goes on after it). */
  tableOptions: (view) => [{ kind: "bribe", key: "bribe", label: t("act.bribe"), actions: (view.legal || []).filter((a) => a.startsWith("bribe@")), reason: "" }],

  // -- the maze (markers and keys are drawn on their cards: no pieces of their own) --
  cells: (view) => mazeCells(view, duelRules),
  shapeOf: duelShapeOf,
  pieces: () => [],
  markers: () => [],
  atLeast: MAZE_AT_LEAST,
  cellMarkup: (c, view) => cellMarkup(c, view.colours),
  cellTitle(c, view) {
    let text = t("slot.card", { card: duelCardName(c.shape), where: placesOf(view?.board).where(c.x, c.y) });
    if (c.marker != null) text += ` — ${t("duel.markerOf", { colour: colourName(view.colours[c.marker]) })}`;
    if (c.key != null) text += ` — ${t("duel.keyOf", { colour: colourName(view.colours[c.key]) })}`;
    return text;
  },
  goalMarkup: (goal) => goalMarkup(goal, goal.y + 20),
  goalTitle(goal) {
    if (!goal.card) return t("goal.hidden");
    const what = duelCardName(goal.card);
    return goal.peeked ? t("goal.seen", { what }) : t("goal.pending", { what });
  },

  // -- players and me --
  playersKey: (view) => [view.colours, view.scores, view.gold],
  sabotage: brokenTools,
  avatar: (view, seat) => icon(markerIcon(view.colours[seat], 0, 0, 1)),
  meta(view, seat) {
    const gold = view.gold[seat] || [];
    const title = gold.length ? t("duel.goldCards", { cards: gold.map(duelCardName).join(", ") }) : t("duel.gold", { v: 0 });
    return [
      h("span", { class: "hand-size", title: t("info.cards", { n: view.hand_sizes[seat] }) }, uiIcon("card"), ` ${view.hand_sizes[seat]}`),
      h("span", { class: "gold-count", title }, goldIcon(view.scores[seat])),
    ];
  },
  myInfoKey: (msg, view) => JSON.stringify([msg.seat, view.colours, view.scores, view.markers_left, view.keys_left, view.aside_size]),
  myInfo(msg, view) {
    const colour = view.colours[msg.seat];
    const supply = h(
      "div",
      { class: "supply", title: t("duel.supply") },
      h("span", { class: "supply-markers", title: t("duel.markers", { n: view.markers_left }) }, icon(markerIcon(colour, 0, 0, 1)), `× ${view.markers_left}`),
      h("span", { class: "supply-keys", title: t("duel.keys", { n: view.keys_left }) }, icon(keyIcon(0, 0, 1.1)), `× ${view.keys_left}`),
      view.ruleset === "solo" ? h("span", { class: "supply-aside", text: t("duel.aside", { n: view.aside_size }) }) : null,
    );
    return [
      icon(markerIcon(colour, 0, 0, 1), "-13 -13 26 26", "role-pic"),
      h("div", { class: "role-text" }, h("b", { text: t("duel.you", { colour: colourName(colour) }) }), h("span", { text: t("duel.gold", { v: view.scores[msg.seat] }) }), supply),
    ];
  },
  spectatorInfo(view) {
    return [h("span", { class: "supply", text: `${t("duel.markers", { n: view.markers_left })} · ${t("duel.keys", { n: view.keys_left })}` })];
  },
  banner(view, msg, myTurn, name) {
    if (view.phase === "reveal") return myTurn ? t("turn.revealYours") : t("turn.reveal", { name });
    return null;
  },

  /** A goal was turned over and this player chooses how it lies: the choices replace the hand. */
  handOverride(gw, view) {
    const reveals = view.phase === "reveal" ? view.legal || [] : [];
    if (!reveals.length || !view.pending) return null;
    return [
      h(
        "div",
        { class: "gold-choice reveal-choice", role: "group", "aria-label": t("reveal.title") },
        h("h3", { text: t("reveal.title") }),
        h("p", { text: `${duelCardName(view.pending.card)} — ${t("reveal.choose")}` }),
        h(
          "div",
          { class: "gold-cards" },
          reveals.map((action, i) => {
            const shape = action.split("@")[0];
            return h(
              "button",
              { class: "gold-card orientation", dataset: { action, fkey: `reveal-${i}` }, "aria-label": duelCardName(shape), onclick: () => gw.act(action) },
              cardSvg(shape),
            );
          }),
        ),
      ),
    ];
  },

  /** The turn options without a card menu: bribe (B), discard two to remove sabotage (C), pass (D). */
  panel(gw, view) {
    const legal = view.legal || [];
    if (!legal.length || view.phase !== "play") return [];
    const hand = view.hand || [];
    if (gw.picking) {
      const count = gw.picked.length;
      const { pass, clears } = discardActions(hand, gw.picked, view.broken[view.seat] || []);
      const buttons = [];
      buttons.push(h("button", { class: "primary", dataset: { action: "pass", fkey: "act-pass" }, disabled: !count || !legal.includes(pass), text: t("act.pass", { n: count || "1–2" }), onclick: () => gw.act(pass) }));
      for (const [tool, clear] of clears) {
        buttons.push(h("button", { dataset: { action: "clear", fkey: `act-clear-${tool}` }, disabled: !legal.includes(clear), text: t("act.clear", { tool: toolName(tool) }), onclick: () => gw.act(clear) }));
      }
      buttons.push(h("button", { class: "small", dataset: { fkey: "act-cancel" }, text: t("btn.cancel"), onclick: () => gw.setPicking(false) }));
      return [h("p", { class: "pick-hint", text: t("act.pickHint") }), ...buttons];
    }
    const out = [];
    const bribes = legal.filter((a) => a.startsWith("bribe@"));
    if (bribes.length) {
      out.push(h("button", { dataset: { action: "bribe", fkey: "act-bribe" }, text: t("act.bribe"), onclick: () => gw.chooseTable("bribe") }));
    }
    const clears = legal.some((a) => a.startsWith("clear-"));
    out.push(h("button", { dataset: { action: "discard-two", fkey: "act-discard" }, text: clears ? t("act.discardOrClear") : t("act.discardTwo"), onclick: () => gw.setPicking(true) }));
    return out;
  },

  // -- results --
  result(msg, view, gameOver) {
    const parts = [];
    const result = view.results[view.results.length - 1];
    const solo = view.ruleset === "solo";
    if (result) {
      parts.push(h("h2", { text: gameOver ? t("result.gameOver") : t("result.round", { r: result.round }) }));
      parts.push(h("p", { class: "winner", text: t(`result.end.${result.end}`) }));
    }
    if (gameOver && solo) {
      parts.push(h("p", { class: "final", text: t("result.soloScore", { v: view.scores[0] }) }));
      if (view.rating) parts.push(h("p", { class: "final rating", dataset: { rating: view.rating }, text: t(`rating.${view.rating}`) }));
    } else if (gameOver && view.winners) {
      parts.push(h("p", { class: "final", text: t("result.winners", { names: view.winners.map((s) => msg.names[s]).join(", ") }) }));
    }
    const head = h("tr", {}, h("th", { text: t("hs.name") }), h("th", { class: "num", text: t("result.roundGold") }), h("th", { class: "num", text: t("result.paid") }), h("th", { class: "num", text: t("result.total") }));
    const rows = msg.names.map((name, seat) =>
      h(
        "tr",
        { class: [seat === msg.seat ? "me" : "", gameOver && !solo && view.winners?.includes(seat) ? "won" : ""].join(" ") },
        h("td", {}, icon(markerIcon(view.colours[seat], 0, 0, 1)), ` ${name}`),
        h("td", { class: "num", text: String(result?.gold?.[seat] ?? 0) }),
        h("td", { class: "num", text: String(result?.paid?.[seat] ?? 0) }),
        h("td", { class: "num", text: String(view.scores[seat]) }),
      ),
    );
    parts.push(h("table", { class: "results" }, h("thead", {}, head), h("tbody", {}, rows)));
    if (gameOver && view.results.length > 1) parts.push(finalTable(msg, view)); // round by round
    return parts;
  },
});
