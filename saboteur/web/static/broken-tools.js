// The broken tools in front of a player, as classic and the Duel show them in the players panel.

import { toolSvg } from "./cards.js";
import { t, toolName } from "./i18n.js";

/** A seat's broken tools: an icon each (crossed out) and a title naming them ("" if none). */
export function brokenTools(view, seat) {
  const broken = view.broken?.[seat] || [];
  const icons = broken.map((tool) => {
    return toolSvg(tool, "broken", t("card.break", { tool: toolName(tool) }));
  });
  return { icons, title: broken.length ? t("info.broken", { tools: broken.map(toolName).join(", ") }) : "" };
}
