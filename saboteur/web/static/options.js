// What a hand card can do now in classic and the Duel, grouped from view.legal (in their notation,
// "card@x,y"): one entry per menu line, each with its legal actions; a path card's by orientation.
// The rules of a game only tell which cards are path cards and how they turn.

import { t, toolName } from "./i18n.js";

/**
 * @param {string} card   the hand card
 * @param {object} view   the player's view (its `legal` list decides everything)
 * @param {{isPathCard: Function, turned: Function}} rules
 */
export function cardOptions(card, view, rules) {
  const legal = view.legal || [];
  const myTurn = legal.length > 0;
  const broken = (view.seat != null && view.broken?.[view.seat]) || [];
  const pick = (prefix) => legal.filter((a) => a.startsWith(prefix));
  const options = [];
  if (rules.isPathCard(card)) {
    const shapes = [...new Set([card, rules.turned(card)])];
    const actions = legal.filter((a) => a.includes("@") && shapes.includes(a.split("@")[0]));
    const byShape = Object.fromEntries(shapes.map((shape) => [shape, actions.filter((a) => a.split("@")[0] === shape)]));
    options.push({ kind: "place", key: "place", label: t("menu.place"), actions, shapes, byShape });
  } else if (card.startsWith("break-")) {
    const tool = card.slice(6);
    options.push({ kind: "player", key: card, label: t("menu.break", { tool: toolName(tool) }), actions: pick(`${card}@`), tool });
  } else if (card.startsWith("repair-")) {
    const tools = card.slice(7).split("-");
    for (const tool of tools) {
      const prefix = tools.length === 1 ? `${card}@` : `${card}/${tool}@`;
      options.push({ kind: "player", key: `${card}/${tool}`, label: t("menu.repair", { tool: toolName(tool) }), actions: pick(prefix), tool });
    }
  } else if (card === "rockfall" || card === "map" || card === "key") {
    options.push({ kind: card, key: card, label: t(`menu.${card}`), actions: pick(`${card}@`) });
  }
  const pass = `pass:${card}`;
  options.push({ kind: "discard", key: "discard", label: t("menu.discard"), actions: legal.includes(pass) ? [pass] : [] });
  for (const option of options) {
    if (option.actions.length) option.reason = "";
    else if (!myTurn) option.reason = t("menu.notTurn");
    else if (option.kind === "place" && broken.length) option.reason = t("menu.blocked");
    else option.reason = t("menu.noTarget");
  }
  return options;
}
