// The viewer's legal actions as view.board lists them (targets with their slot or seat), grouped
// for the game window: by hand card, by slot (several actions may share one), by seat, and the
// ones that point at nothing. No DOM here; no action text is ever parsed.

import { t } from "./i18n.js";

/** The targets of a view's board (none without a board). */
export function targetsOf(view) {
  return view?.board?.targets ?? [];
}

/** Whether a target points at a slot of the board. */
export const onSlot = (target) => Number.isInteger(target.x) && Number.isInteger(target.y);
/** Whether a target points at a seat (and not at a slot). */
export const onSeat = (target) => !onSlot(target) && Number.isInteger(target.seat);
/** Whether a target points at nothing: a button of its own. */
export const loose = (target) => !onSlot(target) && !onSeat(target);

/** action -> its target. */
export function actionIndex(targets) {
  return new Map(targets.map((target) => [target.action, target]));
}

/** The slots the `actions` point at, in first-seen order: [{x, y, actions}] (actions without a slot are left out). */
export function slotGroups(actions, index) {
  const groups = new Map();
  for (const action of actions) {
    const target = index.get(action);
    if (!target || !onSlot(target)) continue;
    const spot = `${target.x},${target.y}`;
    if (!groups.has(spot)) groups.set(spot, { x: target.x, y: target.y, actions: [] });
    groups.get(spot).actions.push(action);
  }
  return [...groups.values()];
}

/** seat -> the first of the `actions` pointing at it. */
export function seatActions(actions, index) {
  const seats = new Map();
  for (const action of actions) {
    const target = index.get(action);
    if (target && onSeat(target) && !seats.has(target.seat)) seats.set(target.seat, action);
  }
  return seats;
}

/** The menu text of an action that points at nothing: a pass is "Discard (pass)", others their text. */
export function looseLabel(target) {
  return target.kind === "pass" ? t("menu.discard") : target.action;
}

/**
 * The card menu of a hand card, from the board's targets whose hand_card it is: a line for its
 * slots (always), one for its seats (if any), and one per action pointing at nothing (chosen at once).
 */
export function boardOptions(card, view) {
  const targets = targetsOf(view);
  const mine = targets.filter((target) => target.hand_card === card);
  const myTurn = (view.legal || []).length > 0 || targets.length > 0;
  const actions = (keep) => mine.filter(keep).map((target) => target.action);
  const options = [{ kind: "board", key: "board", label: t("menu.board"), actions: actions(onSlot) }];
  const seats = actions(onSeat);
  if (seats.length) options.push({ kind: "player", key: "player", label: t("menu.onPlayer"), actions: seats });
  for (const target of mine.filter(loose)) {
    options.push({ kind: "act", key: `act:${target.action}`, label: looseLabel(target), actions: [target.action], immediate: true });
  }
  for (const option of options) option.reason = option.actions.length ? "" : t(myTurn ? "menu.noTarget" : "menu.notTurn");
  return options;
}

/** The choices that need no hand card: their slots and seats as one line, for the turn panel. */
export function tableOptions(view) {
  const free = targetsOf(view).filter((target) => target.hand_card == null && !loose(target));
  return [{ kind: "board", key: "table", label: t("menu.board"), actions: free.map((target) => target.action), reason: "" }];
}

/** The actions that need no hand card and point at nothing (e.g. "end the turn"): buttons of their own. */
export function looseActions(view) {
  return targetsOf(view).filter((target) => target.hand_card == null && loose(target));
}
