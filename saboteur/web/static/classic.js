// The classic game's parts of the game window: card art, roles, gold cards, round results.

import { gold, icon } from "./icons.js";
import { CH, CW, cardMarkup, cardSvg, isPathCard, rolePicture, turned } from "./cards.js";
import { register } from "./adapters.js";
import { brokenTools } from "./broken-tools.js";
import { cardNameIn, eventText, placesOf, roleName, t } from "./i18n.js";

/** The players panel's gold: its value where known (gold icon, "4"), else the gold cards (value secret). */
function goldCount(held) {
  const known = held.value !== null;
  const title = known ? t("info.goldValue", { v: held.value }) : t("info.goldSecret", { n: held.cards ?? 0 });
  return h("span", { class: `gold-count${known ? "" : " secret"}`, title }, gold(known ? goldText(held, secretCards) : `? ×${held.cards ?? 0}`));
}

/** Who won the round and how: "Ann reached the gold: the gold-diggers win!" */
function winnerText(msg, result) {
  if (result.winner === "diggers") return t("result.diggers", { name: msg.names[result.finder] ?? "?" });
  return result.winner === "saboteurs" ? t("result.saboteurs") : t("result.nobody");
}

/** A card of base Saboteur in words: path shapes, goals and action cards. */
export const cardName = (card) => cardNameIn("classic", card);
import { h } from "./lobby.js";
import { MAZE_AT_LEAST, mazeCells } from "./maze-cells.js";
import { cardOptions } from "./options.js";
import { finalTable, roundTable, secretCards } from "./result-panels.js";
import { goldHeld, goldText } from "./results.js";

const GOLD_PEEK =
  `<g stroke="#7a5a00" stroke-width="1.5"><polygon points="18,42 28,32 39,37 40,49 26,53" fill="#ffd23f"/>` +
  `<polygon points="34,50 44,45 48,55 40,61" fill="#f4b400"/><polygon points="13,52 22,50 24,59 15,60" fill="#ffe27a"/></g>`;
const STONE_PEEK =
  `<g fill="#8d8f96" stroke="#2a2b30" stroke-width="1.5"><polygon points="18,42 29,35 40,42 36,53 23,52"/>` +
  `<polygon points="33,52 42,48 46,57 37,61"/><polygon points="14,52 22,50 24,58 16,60"/></g>`;

function peekMarkup(gold) {
  const colour = gold ? "#ffd23f" : "#aeb4be";
  return (
    `<rect x="4" y="4" width="${CW - 8}" height="${CH - 8}" rx="5" fill="#000" opacity=".55"/>` +
    `<g transform="translate(0 -4)">${gold ? GOLD_PEEK : STONE_PEEK}</g>` +
    `<rect x="1.5" y="1.5" width="${CW - 3}" height="${CH - 3}" rx="6" fill="none" stroke="${colour}" stroke-width="3" stroke-dasharray="7 4"/>` +
    `<text x="${CW / 2}" y="${CH - 10}" text-anchor="middle" font-size="10" font-weight="700" fill="${colour}">${t(gold ? "goal.gold" : "goal.stone").toUpperCase()}</text>`
  );
}

export const classicRules = register(["classic"], {
  isPathCard,
  turned,
  cardName,
  cardMarkup,
  eventText,
  cardSvg: (card) => cardSvg(card),
  cardOptions: (card, view) => cardOptions(card, view, classicRules),

  panel: () => [], // every move starts from a hand card (or the gold on offer)
  handPlays: (view) => view.phase === "play", // not while the gold is shared out

  // -- the maze --
  cells: (view) => mazeCells(view, classicRules),
  /** A face-up board cell's shape name: "NSW", "xES", "start", "gold:NESW", "stone-ne:SW". */
  shapeOf: (cell) => (cell.kind === "goal" ? `${cell.card}:${cell.sides}` : cell.turn ? turned(cell.card) : cell.card),
  atLeast: MAZE_AT_LEAST,
  cellMarkup: (c) => cardMarkup(c.shape, c.x * 7 + c.y * 13 + 50),
  cellTitle: (c, view) => t("slot.card", { card: cardName(c.shape === "start" ? "start" : c.shape), where: placesOf(view?.board).where(c.x, c.y) }),
  /** A face-down goal: its back; a goal this player's map showed adds its face, faint, in a frame. */
  goalMarkup: (goal) => cardMarkup("goal", goal.y + 20) + (goal.peeked ? peekMarkup(goal.card === "gold") : ""),
  goalTitle: (goal) => (goal.peeked ? t("goal.seen", { what: cardName(goal.card) }) : t("goal.hidden")),

  // -- players and me --
  playersKey: (view) => [view.role, view.gold_cards, view.gold, view.scores],
  sabotage: brokenTools,
  avatar(view, seat, me, name) {
    if (me && view.role) return rolePicture(view.role, roleName(view.role));
    return h("span", { class: "initial", text: (name[0] || "?").toUpperCase() });
  },
  meta: (view, seat) => [
    h("span", { class: "hand-size", title: t("info.cards", { n: view.hand_sizes[seat] }) }, icon("card"), ` ${view.hand_sizes[seat]}`),
    goldCount(goldHeld(view, seat)),
  ],
  myInfoKey: (msg, view) => `${view.role}|${view.gold?.join(",")}|${msg.seat}`,
  myInfo(msg, view) {
    const gold = (view.gold || []).reduce((a, b) => a + b, 0);
    return [rolePicture(view.role, roleName(view.role)), h("div", { class: "role-text" }, h("b", { text: t("role.you", { role: roleName(view.role) }) }), h("span", { text: t("info.myGold", { v: gold }) }))];
  },
  banner(view, msg, myTurn, name) {
    if (view.phase === "gold") return myTurn ? t("turn.goldYours") : t("turn.gold", { name });
    return null;
  },
  /** While gold is shared out, the one choosing sees the gold cards instead of a hand. */
  handOverride(gw, view) {
    if (view.phase !== "gold" || !view.gold_offer) return null;
    const values = [...new Set(view.gold_offer)];
    return [
      h(
        "div",
        { class: "gold-choice", role: "group", "aria-label": t("gold.title") },
        h("h3", { text: t("gold.title") }),
        h("p", { text: t("gold.choose") }),
        h(
          "div",
          { class: "gold-cards" },
          values.map((v) =>
            h(
              "button",
              { class: "gold-card", dataset: { action: `gold:${v}`, fkey: `gold-${v}` }, onclick: () => gw.act(`gold:${v}`) },
              h("span", { class: "nuggets", "aria-hidden": "true" }, Array.from({ length: v }, () => icon("gold"))),
              h("span", { text: t("gold.nugget", { n: v }) }),
            ),
          ),
        ),
      ),
    ];
  },

  // -- results --
  /** The round panel: who found the gold, who was what, who got which gold; the final panel: round by round. */
  result(msg, view, gameOver) {
    const parts = [];
    const result = view.results[view.results.length - 1];
    parts.push(h("h2", { text: gameOver ? t("result.gameOver") : t("result.round", { r: result?.round ?? view.round }) }));
    if (result && !gameOver) parts.push(h("p", { class: `winner w-${result.winner}`, text: winnerText(msg, result) }));
    if (gameOver && view.winners) {
      parts.push(h("p", { class: "final", text: t("result.winners", { names: view.winners.map((s) => msg.names[s]).join(", ") }) }));
    }
    if (gameOver) parts.push(finalTable(msg, view));
    else if (result) parts.push(roundTable(msg, view, result));
    if (!gameOver && result?.gold?.some((v) => v === null) && result?.gold_cards?.some((n) => n)) {
      parts.push(h("p", { class: "note", text: t("result.secretNote") }));
    }
    return parts;
  },
});
