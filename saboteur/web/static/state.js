// Pure updates of the client's state (app.js): the lobby's lists, the event feeds, the route, the
// words for a server error. No DOM here, so tests/js/ can run them in Node.

import { t } from "./i18n.js";

/** The lobby's tables after a `games_changed`: changed summaries replace, gone ids leave, and
 * hidden ones (no longer in the lists everyone is shown) too unless `me` sits there; by id. */
export function mergeGames(games, changed, gone, hidden = [], me = null) {
  const mine = new Set([...games.open, ...games.active].filter((g) => me != null && g.seats?.includes(me)).map((g) => g.id));
  const drop = new Set([...gone, ...hidden.filter((id) => !mine.has(id)), ...changed.map((g) => g.id)]);
  const open = games.open.filter((g) => !drop.has(g.id));
  const active = games.active.filter((g) => !drop.has(g.id));
  for (const g of changed) (g.status === "open" ? open : active).push(g);
  const byId = (a, b) => a.id - b.id;
  return { open: open.sort(byId), active: active.sort(byId) };
}

/** The finished games with newly finished ones added: newest first, each once, at most `keep`
 * (the lobby keeps its first page, as the server's welcome carries it). */
export function mergeFinished(finished, added, keep = 50) {
  const ids = new Set(added.map((g) => g.id));
  const all = [...added, ...finished.filter((g) => !ids.has(g.id))];
  const newest = (a, b) => (b.finished_at ?? "").localeCompare(a.finished_at ?? "") || b.id - a.id;
  return all.sort(newest).slice(0, keep);
}

/**
 * The people a player always sees in the online list, whatever page it shows: those seated at the
 * tables I sit at (`games`: the lobby's lists; `tables`: the game messages I hold) and those I
 * whispered with (`whispers`: chat lines); sorted regardless of case, without me, at most 50.
 */
export function circleNames(games, tables, whispers, me) {
  const names = new Set();
  for (const g of [...games.open, ...games.active]) if (g.seats.includes(me)) g.seats.forEach((n) => names.add(n));
  for (const m of tables.values()) if (m.seat != null) (m.names ?? []).forEach((n) => names.add(n));
  for (const line of whispers) [line.from, line.to].forEach((n) => names.add(n));
  names.delete(me);
  names.delete(null);
  names.delete(undefined);
  return [...names].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: "base" })).slice(0, 50);
}

/** The `online` request for a page of the people online (`query`: search text and page). */
export function onlineRequest(query, circle) {
  return { type: "online", search: query.search, page: query.page, asked: circle };
}

/** A game's latest message with the table's news (`table`: who is away, new seat names) in it;
 * `null` for a game this client does not show. */
export function withTable(latest, table) {
  if (!latest) return null;
  return { ...latest, summary: table.summary, names: table.names };
}

/** The numbers of open and running tables a message states (the lists may hold fewer). */
export function tableCounts(counts, m) {
  return { open: m.open_count ?? counts.open, active: m.active_count ?? counts.active };
}

/**
 * A game's event feed after one more `game` message: the first message since a welcome (or for a
 * game not seen yet) starts a new epoch with its events; later ones append theirs.
 */
export function nextFeed(feed, events, firstSinceWelcome) {
  if (firstSinceWelcome || !feed) return { epoch: (feed?.epoch ?? 0) + 1, events: events || [] };
  return { epoch: feed.epoch, events: feed.events.concat(events || []) };
}

/** The route of an address's hash: `#/game/12` a game window, `#/replay/12` a finished game's
 * replay, anything else the lobby. */
export function parseRoute(hash) {
  const m = /^#\/(game|replay)\/(\d{1,10})$/.exec(hash);
  return m ? { view: m[1], game: Number(m[2]) } : { view: "lobby", game: null };
}

/** The hash of a route (the reverse of parseRoute). */
export function routeHash(view, game) {
  return view === "game" || view === "replay" ? `#/${view}/${game}` : "#/";
}

/** The words for a server error: our text for its code, else the server's own message. */
export function errorText(code, message) {
  const key = `err.${code}`;
  const text = t(key, { message });
  return text === key ? message : text;
}
