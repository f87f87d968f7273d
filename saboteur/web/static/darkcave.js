// The Dark Cave's parts of the game window: its cards drawn field by field, both clans' dwarfs,
// creatures, webs and eagle gold on their fields; the seats' clans, characters shown, gold and
// equipment; the phase's choices (pass with 1–2 cards, propose the end, the creature's and the
// dwarf's walk, defend, vote, how a turned goal lies); walking by clicking a reachable field (the
// way's steps sent one by one as each view arrives) or by arrow keys; the result with every
// character and the clans' treasures. What may be done comes from view.legal and the board's
// targets only.

import { gold as goldIcon, icon } from "./icons.js";
import { register } from "./adapters.js";
import { boardOptions, targetsOf } from "./board-targets.js";
import { svgIcon } from "./cards.js";
import { CLAN_COLOURS, GOLD_ICON, cardArt, cellArt, creatureIcon, dwarfIcon, goalBackArt, isPathCard, piecesByField, turnedShape, webMarkup } from "./darkcave-art.js";
import { cellsBySlot, costParts, spotOf, splitTarget, walkTargets } from "./darkcave-walk.js";
import { cardNameIn, eventText, placesOf, STRINGS, t } from "./i18n.js";
import { nearestInDirection } from "./keys.js";
import { h } from "./lobby.js";
import { PX, PY } from "./maze.js";
import { pointerKey } from "./pointer.js";

const CLANS = ["yellow", "blue"];
const WALKING = new Set(["move", "creature"]);

/** A Dark Cave card (or a shape it lies as) in words, in the chosen language. */
export const darkcaveCardName = (card) => cardNameIn("darkcave", card);

const svg = svgIcon;

function cardSvg(card) {
  return svg(cardArt(card, 3, darkcaveCardName(card)), "0 0 60 90", "card-art"); // hidden: its holder names it
}

/** The clan a seat's dwarf works for, where its character is known (a saboteur works for the other). */
export function sideOf(clan, character) {
  if (!character) return null;
  return character.endsWith("-saboteur") ? CLANS.find((c) => c !== clan) : clan;
}

/** Each clan's treasure at the end (every seat working for it scores it) and the winning side. */
export function clanResult(view) {
  const treasure = {};
  const winners = new Set(view.winners ?? []);
  const sides = (view.clans ?? []).map((clan, seat) => sideOf(clan, view.characters?.[seat]));
  for (const clan of CLANS) {
    const seat = sides.indexOf(clan);
    treasure[clan] = seat >= 0 ? (view.scores?.[seat] ?? 0) : 0;
  }
  const won = new Set([...winners].map((seat) => sides[seat]));
  return { treasure, sides, winner: won.size === 1 ? [...won][0] : null };
}

/** The text of a pass: its cards in the engine's sorted order, joined by "+". */
export function passAction(cards) {
  return `pass:${[...cards].sort().join("+")}`;
}

const clanName = (clan) => t(`dc.clan.${clan}`);
const characterName = (card) => (card ? t(`dc.character.${card.split("-")[1]}`) : "?");
const dot = (clan) => h("span", { class: "dc-clan", style: `background:${CLAN_COLOURS[clan] ?? "#888"}` });

function actLabel(action) {
  if (action.startsWith("pass:")) return t("menu.discard");
  if (["rat", "wyrm", "goblin"].includes(action)) return t("dc.lureAgain", { creature: darkcaveCardName(action) });
  return t(`dc.act.${action}`);
}

/** The card menu of a hand card: a path card's ways to lie, an action card's targets, a pass with it. */
function cardOptions(card, view) {
  const mine = targetsOf(view).filter((x) => x.hand_card === card && x.kind !== "axe-web" && !(x.kind === "pass" && x.action.includes("+")));
  const scoped = { ...view, board: { ...view.board, targets: mine } };
  const options = boardOptions(card, scoped);
  if (isPathCard(card)) {
    const actions = mine.filter((x) => x.kind === "place").map((x) => x.action);
    const shapes = [...new Set([card, turnedShape(card)])];
    const byShape = Object.fromEntries(shapes.map((s) => [s, actions.filter((a) => a.split("@")[0] === s)]));
    const reason = actions.length ? "" : t((view.legal || []).length ? "menu.noTarget" : "menu.notTurn");
    options.splice(0, 1, { kind: "place", key: "place", label: t("menu.place"), actions, shapes, byShape, reason });
  }
  for (const option of options) if (option.kind === "act") option.label = actLabel(option.actions[0]);
  return options;
}

function walkLabel(entry, places = placesOf(null)) {
  const costs = costParts(entry).map(([key, params]) => t(key, params));
  const where = t("dc.field", { where: places.where(entry.x, entry.y), n: entry.n });
  return [t("dc.walkTo", { where, n: entry.steps }), ...costs].join(" — ");
}

function seatInitial(names, seat) {
  return String(names?.[seat] ?? "?").trim()[0] ?? "?";
}

function pieceItems(view, names = []) {
  const cells = cellsBySlot(view);
  const out = [];
  for (const group of piecesByField(view.board?.pieces)) {
    const [cx, cy] = spotOf(cells, group.x, group.y, group.field);
    for (const piece of group.pieces) {
      let icon;
      let title;
      if (piece.kind === "dwarf") {
        const clan = view.clans?.[piece.owner];
        const lying = Boolean(view.lying?.[piece.owner]);
        icon = dwarfIcon(clan, seatInitial(names, piece.owner), lying);
        title = t(lying ? "dc.dwarfLying" : "dc.dwarf", { name: names[piece.owner] ?? "", clan: clanName(clan) });
      } else if (piece.kind === "gold") {
        icon = GOLD_ICON;
        title = t("dc.eagleGold");
      } else {
        icon = creatureIcon(piece.kind);
        title = t("dc.creatureOf", { creature: darkcaveCardName(piece.kind), name: names[piece.owner] ?? "" });
      }
      const [x, y] = [cx + (piece.dx ?? 0), cy + (piece.kind === "gold" ? 10 : 0)];
      out.push({
        x: group.x,
        y: group.y,
        markup: `<g class="piece" transform="translate(${x.toFixed(1)} ${y.toFixed(1)})">${icon}</g>`,
        title,
        cls: "token",
        data: { kind: piece.kind, owner: piece.owner == null ? "" : String(piece.owner), field: `${group.x},${group.y}.${group.field}`, lying: piece.kind === "dwarf" && view.lying?.[piece.owner] ? "true" : null },
      });
    }
  }
  return out;
}

function webItems(view) {
  const shows = new Map((view.webs ?? []).map((w) => [w.edge, w.shows]));
  return (view.board?.markers ?? []).map((m) => {
    const edge = `${m.x},${m.y}:${m.side}`;
    return {
      x: m.x,
      y: m.y,
      markup: webMarkup(m.side, shows.get(edge)),
      title: t("dc.web", { n: shows.get(edge) ?? "" }),
      cls: "marker",
      data: { kind: m.kind, side: m.side, edge, shows: String(shows.get(edge) ?? "") },
    };
  });
}

function cellItems(view) {
  return (view.board?.cells ?? []).map((cell) => {
    const seed = cell.x * 7 + cell.y * 13 + 50;
    if (cell.face === "down") {
      const name = cell.card ? darkcaveCardName(cell.card) : "";
      return {
        x: cell.x,
        y: cell.y,
        markup: goalBackArt(cell, seed, name),
        title: cell.card ? t("goal.seen", { what: name }) : t("goal.hidden"),
        cls: "card cell-down goal",
        data: { face: "down", kind: "goal", goal: cell.card ?? "hidden" },
      };
    }
    const lying = cell.turn && isPathCard(cell.card) ? turnedShape(cell.card) : cell.card;
    return {
      x: cell.x,
      y: cell.y,
      markup: cellArt(cell, seed),
      title: t("slot.card", { card: darkcaveCardName(lying), where: placesOf(view.board).where(cell.x, cell.y) }),
      cls: "card cell-up",
      data: { face: "up", kind: cell.kind, card: cell.card },
    };
  });
}

function button(action, label, onclick, cls = "") {
  return h("button", { class: cls, dataset: { action, fkey: `act-${action}` }, text: label, onclick });
}

/** The walk of a creature or the dwarf: what is left, and the button to stop. */
function walkPanel(gw, view, legal) {
  const creature = view.phase === "creature";
  const n = creature ? view.creature_steps : view.steps_left;
  const text = creature ? t("dc.creatureSteps", { creature: darkcaveCardName(view.moving), n }) : t("dc.stepsLeft", { n });
  const out = [h("span", { class: "dc-prompt", text: `${text} ${t(pointerKey("dc.clickField", STRINGS.en))}` })];
  if (legal.some((a) => a.startsWith("axe-web@"))) out.push(button("axe-web", t("dc.axeWeb"), () => gw.chooseTable("axe-web")));
  out.push(button("stop", t("dc.act.stop"), () => { gw.walkPlan = null; gw.act("stop"); }, "primary"));
  return out;
}

function playPanel(gw, view, legal) {
  if (gw.picking) {
    const hand = view.hand || [];
    const pass = passAction(gw.picked.map((i) => hand[i]));
    const count = gw.picked.length;
    return [
      h("p", { class: "pick-hint", text: t("act.pickHint") }),
      h("button", { class: "primary", dataset: { action: "pass", fkey: "act-pass" }, disabled: !count || !legal.includes(pass), text: t("act.pass", { n: count || "1–2" }), onclick: () => gw.act(pass) }),
      h("button", { class: "small", dataset: { fkey: "act-cancel" }, text: t("btn.cancel"), onclick: () => gw.setPicking(false) }),
    ];
  }
  const out = [h("button", { dataset: { action: "discard-two", fkey: "act-discard" }, text: t("act.discardTwo"), onclick: () => gw.setPicking(true) })];
  if (legal.some((a) => a.startsWith("axe-web@"))) out.push(button("axe-web", t("dc.axeWeb"), () => gw.chooseTable("axe-web")));
  if (legal.includes("propose-end")) out.push(button("propose-end", t("dc.act.propose-end"), () => gw.act("propose-end")));
  return out;
}

function myLines(msg, view) {
  const seat = msg.seat;
  const names = msg.names;
  const lines = [];
  const creatures = Object.entries(view.creatures ?? {});
  if (creatures.length) lines.push(t("dc.creatures", { list: creatures.map(([c, v]) => `${darkcaveCardName(c)} (${names[v.owner] ?? "?"})`).join(", ") }));
  if ((view.webs ?? []).length) lines.push(t("dc.webs", { list: view.webs.map((w) => `${placesOf(view.board).edge(w.edge)} (${w.shows}, ${names[w.owner] ?? "?"})`).join(", ") }));
  lines.push(t("dc.piles", { deck: view.deck_size, discard: view.discard_size, box: view.box_size, supply: view.supply }));
  if (seat != null) {
    const known = Object.entries(view.known ?? {});
    if (known.length) lines.push(t("dc.known", { list: known.map(([s, card]) => `${names[s]}: ${characterName(card)}`).join(", ") }));
    for (const [x, y, card] of view.goals_seen ?? []) lines.push(t("goal.seen", { what: `${placesOf(view.board).slot(x, y)}: ${darkcaveCardName(card)}` }));
    if (view.aside?.length) lines.push(t("dc.aside", { list: view.aside.map((c) => `${clanName(c.split("-")[0])} ${characterName(c)}`).join(", ") }));
  }
  return lines.map((text) => h("span", { class: "dc-line", text }));
}

export const darkcaveRules = register(["darkcave"], {
  isPathCard,
  turned: turnedShape,
  cardName: darkcaveCardName,
  cardMarkup: (card, seed = 3) => cardArt(card, seed, darkcaveCardName(card)),
  eventText,
  cardSvg,
  cardOptions,
  handPlays: (view) => view.phase === "play",
  tableOptions: (view) => [{ kind: "board", key: "axe-web", label: t("dc.axeWeb"), actions: (view.legal || []).filter((a) => a.startsWith("axe-web@")), reason: "" }],

  // -- the cave --
  cells: cellItems,
  pieces: pieceItems,
  markers: webItems,
  atLeast: null,

  /** Targets on fields and edges where the board's targets name them; the walk when nothing is chosen. */
  mazeTargets(gw, option, targets) {
    const view = gw.view;
    if (option) {
      const cells = cellsBySlot(view);
      return targets.flatMap((target) => splitTarget(target, targetsOf(view), cells));
    }
    if (!WALKING.has(view?.phase)) return targets;
    const places = placesOf(view.board);
    return walkTargets(view, (entry) => walkLabel(entry, places));
  },

  /** A reachable field was clicked: its way's first step now, the others as the views come. */
  pickTarget(gw, target) {
    const way = target?.walk;
    if (!way?.length) return false;
    gw.walkPlan = { game: gw.msg.game, rest: way.slice(1), seq: gw.msg.seq };
    gw.act(`step@${way[0]}`);
    return true;
  },

  /** The next step of a way, once the view after the last one has come (and only if still legal). */
  afterRender(gw, msg) {
    const plan = gw.walkPlan;
    if (!plan) return;
    if (plan.game !== msg.game) {
      gw.walkPlan = null;
      return;
    }
    if (msg.seq <= plan.seq) return;
    const next = plan.rest[0];
    const action = `step@${next}`;
    if (!next || !WALKING.has(msg.view.phase) || !(msg.view.legal || []).includes(action)) {
      gw.walkPlan = null;
      return;
    }
    plan.rest.shift();
    plan.seq = msg.seq;
    queueMicrotask(() => gw.act(action));
  },

  /** Arrow keys go from field to reachable field (Enter walks there, as on any target); from the
   * dwarf's own field at first. */
  key(gw, event) {
    const view = gw.view;
    if (!event.key.startsWith("Arrow") || !WALKING.has(view?.phase) || !view.walk || !(view.legal || []).length) return false;
    const active = document.activeElement;
    if (active?.matches?.("svg.maze")) return false; // there the arrow keys pan the cave
    const nodes = [...document.querySelectorAll(".maze .target-field")];
    if (!nodes.length) return false;
    const pointOf = (node) => {
      const [x, y] = node.dataset.slot.split(",").map(Number);
      const ring = node.querySelector(".target-spot");
      return [x * PX + Number(ring.getAttribute("cx")), y * PY + Number(ring.getAttribute("cy"))];
    };
    let from;
    if (active?.classList?.contains("target-field")) from = pointOf(active);
    else {
      const [where, n] = view.walk.start.split(".");
      const [x, y] = where.split(",").map(Number);
      const [cx, cy] = spotOf(cellsBySlot(view), x, y, Number(n));
      from = [x * PX + cx, y * PY + cy];
    }
    const next = nearestInDirection(nodes.map(pointOf), from, event.key);
    if (next >= 0) nodes[next].focus();
    return true;
  },

  // -- players and me --
  playersKey: (view) => [view.clans, view.characters, view.gold, view.boots, view.axes, view.out, view.lying],
  avatar: (view, seat, me, name) => svg(dwarfIcon(view.clans?.[seat], name[0], view.lying?.[seat]), "-12 -12 24 24", "token"),
  meta(view, seat) {
    const clan = view.clans?.[seat];
    const character = view.characters?.[seat];
    const parts = [h("span", { class: "dc-who", title: clanName(clan) }, dot(clan), ` ${character ? characterName(character) : clanName(clan)}`)];
    parts.push(h("span", { class: "hand-size", title: t("info.cards", { n: view.hand_sizes?.[seat] ?? 0 }) }, icon("card"), ` ${view.hand_sizes?.[seat] ?? 0}`));
    parts.push(h("span", { class: "gold-count", title: t("dc.goldCarried", { n: view.gold?.[seat] ?? 0 }) }, goldIcon(view.gold?.[seat] ?? 0)));
    if (view.boots?.[seat]) parts.push(h("span", { class: "dc-boots", text: darkcaveCardName("boots") }));
    if (view.axes?.[seat]) parts.push(h("span", { class: "dc-axes", text: `${darkcaveCardName("axe")}${view.axes[seat] > 1 ? ` ×${view.axes[seat]}` : ""}` }));
    if (view.out?.includes(seat)) parts.push(h("span", { class: "dc-out", text: t("dc.out") }));
    if (view.lying?.[seat]) parts.push(h("span", { class: "dc-lying", text: t("dc.lying") }));
    return parts;
  },
  myInfoKey: (msg, view) => JSON.stringify([msg.seat, msg.names, view.clan_card, view.gold, view.creatures, view.webs, view.deck_size, view.discard_size, view.box_size, view.supply, view.known, view.goals_seen, view.aside]),
  myInfo(msg, view) {
    const seat = msg.seat;
    const clan = view.clans?.[seat];
    const card = view.clan_card;
    const side = sideOf(clan, card);
    return [
      svg(dwarfIcon(clan, seatInitial(msg.names, seat), false), "-12 -12 24 24", "role-pic"),
      h(
        "div",
        { class: "role-text" },
        h("b", { text: t("dc.you", { clan: clanName(clan), character: characterName(card) }) }),
        h("span", { text: `${t("dc.worksFor", { clan: clanName(side) })} · ${t("dc.goldCarried", { n: view.gold?.[seat] ?? 0 })}` }),
        ...myLines(msg, view),
      ),
    ];
  },
  spectatorInfo: (view) => myLines({ seat: null, names: [] }, view),
  banner(view, msg, myTurn, name) {
    const creature = darkcaveCardName(view.moving ?? view.attack?.creature ?? "");
    const keys = {
      move: ["dc.turn.moveYours", "dc.turn.move"],
      creature: ["dc.turn.creatureYours", "dc.turn.creature"],
      defend: ["dc.turn.defendYours", "dc.turn.defend"],
      reveal: ["turn.revealYours", "turn.reveal"],
      vote: ["dc.turn.voteYours", "dc.turn.vote"],
    }[view.phase];
    if (!keys) return null;
    return t(myTurn ? keys[0] : keys[1], { name, creature, n: view.phase === "creature" ? view.creature_steps : view.steps_left });
  },

  /** A goal this dwarf turned over: the ways it may lie replace the hand. */
  handOverride(gw, view) {
    const reveals = view.phase === "reveal" ? (view.legal || []) : [];
    if (!reveals.length) return null;
    return [
      h(
        "div",
        { class: "gold-choice reveal-choice", role: "group", "aria-label": t("reveal.title") },
        h("h3", { text: t("reveal.title") }),
        h("p", { text: t("reveal.choose") }),
        h(
          "div",
          { class: "gold-cards" },
          reveals.map((action, i) => {
            const shape = action.split("@")[0];
            return h("button", { class: "gold-card orientation", dataset: { action, fkey: `reveal-${i}` }, "aria-label": darkcaveCardName(shape), onclick: () => gw.act(action) }, cardSvg(shape));
          }),
        ),
      ),
    ];
  },

  /** The phase's choices that need no hand card. */
  panel(gw, view) {
    const legal = view.legal || [];
    if (!legal.length) return [];
    if (view.phase === "play") return playPanel(gw, view, legal);
    if (WALKING.has(view.phase)) return walkPanel(gw, view, legal);
    if (view.phase === "defend" || view.phase === "vote") {
      const prompt = view.phase === "defend" ? t("dc.defendPrompt", { creature: darkcaveCardName(view.attack?.creature) }) : t("dc.votePrompt");
      return [h("span", { class: "dc-prompt", text: prompt }), ...legal.map((a, i) => button(a, t(`dc.act.${a}`), () => gw.act(a), i ? "" : "primary"))];
    }
    return [];
  },

  // -- results --
  result(msg, view, gameOver) {
    const { treasure, sides, winner } = clanResult(view);
    const parts = [h("h2", { text: gameOver ? t("result.gameOver") : t("result.round", { r: 1 }) })];
    parts.push(h("p", { class: "final winner", text: winner ? t("dc.result.winner", { clan: clanName(winner) }) : t("dc.result.draw") }));
    parts.push(h("div", { class: "dc-treasure" }, CLANS.map((clan) => h("span", { class: `treasure treasure-${clan}` }, dot(clan), ` ${t("dc.treasure", { clan: clanName(clan), n: treasure[clan] })}`))));
    const head = h("tr", {}, ...["hs.name", "dc.col.clan", "dc.col.character", "dc.col.side", "dc.col.gold"].map((k) => h("th", { text: t(k) })), h("th", { class: "num", text: t("result.points") }));
    const rows = msg.names.map((name, seat) => {
      const character = view.characters?.[seat];
      return h(
        "tr",
        { class: [seat === msg.seat ? "me" : "", view.winners?.includes(seat) ? "won" : ""].join(" "), dataset: { character: character ?? "" } },
        h("td", { text: name }),
        h("td", {}, dot(view.clans?.[seat]), ` ${clanName(view.clans?.[seat])}`),
        h("td", { class: "character", text: characterName(character) }),
        h("td", { text: sides[seat] ? clanName(sides[seat]) : "?" }),
        h("td", { class: "num", text: view.out?.includes(seat) ? String(view.gold?.[seat] ?? 0) : "—" }),
        h("td", { class: "num", text: String(view.scores?.[seat] ?? 0) }),
      );
    });
    parts.push(h("table", { class: "results dc-table" }, h("thead", {}, head), h("tbody", {}, rows)));
    return parts;
  },
});
