// Skill ratings (docs/adr/0004): a panel beside the high scores — a ruleset's rated players and
// bots, one player's history as a line — and each bot kind's rating for the new-game dialog.

import { icon } from "./icons.js";
import { getLang, t } from "./i18n.js";
import { botBadge, h, refill } from "./lobby.js";
import { titleIn } from "./rulesets.js";

const $ = (sel) => document.querySelector(sel);

/** Bot kind -> the rating of that kind's most-played user (a kind sits as several dwarfs). */
export function botRatings(standings) {
  const best = new Map();
  for (const row of standings) {
    if (!row.bot) continue;
    const known = best.get(row.bot);
    if (!known || row.games > known.games) best.set(row.bot, row);
  }
  return new Map([...best].map(([kind, row]) => [kind, row.rating]));
}

/** An SVG path through the ratings, left to right, in a `width` x `height` box (higher is up). */
export function ratingPath(ratings, width = 200, height = 40) {
  if (!ratings.length) return "";
  const low = Math.min(...ratings);
  const span = Math.max(...ratings) - low || 1;
  const step = ratings.length > 1 ? width / (ratings.length - 1) : 0;
  return ratings
    .map((r, i) => `${i ? "L" : "M"}${(i * step).toFixed(1)} ${(height - ((r - low) / span) * height).toFixed(1)}`)
    .join(" ");
}

async function getJson(url) {
  const reply = await fetch(url);
  return reply.ok ? reply.json() : null;
}

export class Ratings {
  constructor() {
    this.ruleset = null; // the ruleset on show
    this.rows = [];
    this.cache = new Map(); // ruleset -> standings, until a game finishes
    $("#ratings-ruleset").addEventListener("change", (event) => this.show(event.target.value));
  }

  /** The rated rulesets (those whose games make the high scores) in the choice. */
  offer(rulesets) {
    const rated = rulesets.filter((r) => r.high_scores);
    const select = $("#ratings-ruleset");
    const chosen = this.ruleset ?? rated.find((r) => r.default)?.name ?? rated[0]?.name;
    select.replaceChildren(...rated.map((r) => h("option", { value: r.name, text: titleIn(r.title, getLang()) })));
    if (chosen) {
      select.value = chosen;
      if (chosen !== this.ruleset) this.show(chosen);
    }
  }

  /** A game finished: ratings may have moved. */
  stale() {
    this.cache.clear();
    if (this.ruleset) this.show(this.ruleset);
  }

  async standings(ruleset) {
    if (!this.cache.has(ruleset)) this.cache.set(ruleset, (await getJson(`/api/ratings?ruleset=${encodeURIComponent(ruleset)}&limit=50`)) ?? []);
    return this.cache.get(ruleset);
  }

  async show(ruleset) {
    this.ruleset = ruleset;
    this.rows = await this.standings(ruleset);
    if (this.ruleset === ruleset) this.render();
  }

  /** The table, drawn again only when its rows, my name or the language changed (the lobby
   * draws often: every change of its lists). */
  render(me = this.me) {
    this.me = me;
    const drawn = [this.rows, me, getLang()];
    if (this.drawn?.every((part, i) => part === drawn[i])) return;
    this.drawn = drawn;
    refill(
      $("#ratings tbody"),
      this.rows.length
        ? this.rows.map((row, i) =>
            h(
              "tr",
              { class: row.name === me ? "me" : "" },
              h("td", { text: String(i + 1) }),
              h(
                "td",
                {},
                h("button", { class: "link", dataset: { fkey: `rating-${row.name}` }, onclick: () => this.history(row.name), text: row.name }),
                row.bot ? h("span", { class: "pbot", title: botBadge(row.bot) }, icon("bot")) : null,
                row.registered ? h("span", { class: "mark", title: t("me.registered") }, icon("registered")) : null,
              ),
              h("td", { class: "num", text: String(row.rating) }),
              h("td", { class: "num", text: String(row.games) }),
            ),
          )
        : [h("tr", {}, h("td", { colspan: "4", class: "empty", text: t("lobby.none") }))],
    );
  }

  /** One player's rating after each of their latest games, as a line and in words. */
  async history(name) {
    const found = await getJson(`/api/ratings/${encodeURIComponent(name)}?ruleset=${encodeURIComponent(this.ruleset)}`);
    const box = $("#rating-history");
    if (!found || !found.history.length) {
      box.hidden = true;
      return;
    }
    const points = found.history.map((p) => p.rating);
    const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    svg.setAttribute("viewBox", "-2 -2 204 44");
    svg.setAttribute("class", "rating-line");
    svg.setAttribute("role", "img");
    const words = t("ratings.history", { name: found.name, games: points.length, first: points[0], last: points.at(-1) });
    svg.setAttribute("aria-label", words);
    const path = document.createElementNS("http://www.w3.org/2000/svg", "path");
    path.setAttribute("d", ratingPath(points));
    svg.append(path);
    box.replaceChildren(h("p", { text: words }), svg);
    box.hidden = false;
  }

  /** Bot kind -> rating in `ruleset` (for the new-game dialog's seat choices). */
  async forBots(ruleset) {
    return botRatings(await this.standings(ruleset));
  }
}
