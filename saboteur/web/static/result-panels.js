// The results panels' tables (DOM): a round's (who was what, who got which gold) and the final
// round-by-round one (role and gold per round, total). The data comes from results.js.

import { rolePicture } from "./cards.js";
import { roleName, t } from "./i18n.js";
import { h } from "./lobby.js";
import { gold } from "./icons.js";
import { goldKnown, goldText, goldWon, roundByRound } from "./results.js";

/** "2 cards" for gold whose value is still secret. */
export const secretCards = (n) => (n === 1 ? t("result.card1") : t("result.cards", { n }));

function roleCell(role) {
  const cell = h("td", { class: "role" });
  if (role) cell.append(h("span", { class: "role-cell" }, rolePicture(role), h("span", { text: roleName(role) })));
  return cell;
}

function goldCell(won) {
  const secret = won.value === null && won.cards;
  return h("td", { class: `num gold${secret ? " secret" : ""}`, title: secret ? t("info.goldSecret", { n: won.cards }) : "" }, goldShown(won));
}

/** A gold amount: the gold icon and its value, else the secret cards' words or a dash. */
function goldShown(won) {
  return goldKnown(won) ? gold(goldText(won, secretCards)) : goldText(won, secretCards);
}

function rowClass(msg, view, seat) {
  return [seat === msg.seat ? "me" : "", view.winners?.includes(seat) ? "won" : ""].join(" ").trim();
}

/** A round's table: each player's role and the gold they took after it. */
export function roundTable(msg, view, result) {
  const head = h("tr", {}, h("th", { text: t("hs.name") }), h("th", { text: t("result.role", { r: result.round }) }), h("th", { class: "num", text: t("result.gold") }));
  const rows = msg.names.map((name, seat) => {
    const who = h("td", { text: name });
    if (seat === result.finder) who.append(h("span", { class: "finder", text: ` — ${t("result.finder")}` }));
    return h("tr", { class: rowClass(msg, view, seat) }, who, roleCell(result.roles?.[seat]), goldCell(goldWon(result, seat)));
  });
  return h("table", { class: "results round-results" }, h("thead", {}, head), h("tbody", {}, rows));
}

/** The final table: per player each round's role (where there are roles) and gold, and the total. */
export function finalTable(msg, view) {
  const results = view.results || [];
  const head = h("tr", {}, h("th", { text: t("hs.name") }), ...results.map((r) => h("th", { text: t("result.roundN", { r: r.round }) })), h("th", { class: "num", text: t("result.total") }));
  const rows = roundByRound(msg.names, results, view.scores).map((row) =>
    h(
      "tr",
      { class: rowClass(msg, view, row.seat) },
      h("td", { text: row.name }),
      ...row.rounds.map((r) => {
        const cell = h("td", { class: "round-cell" });
        if (r.role) cell.append(h("span", { class: "role-cell" }, rolePicture(r.role), h("span", { text: roleName(r.role) })));
        cell.append(h("span", { class: "num gold" }, goldShown(r.gold)));
        return cell;
      }),
      h("td", { class: "num total", text: row.total === null ? "–" : String(row.total) }),
    ),
  );
  return h("table", { class: "results final-results" }, h("thead", {}, head), h("tbody", {}, rows));
}
