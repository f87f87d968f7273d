// The rulesets as the server describes them (GET /api/rulesets): titles, seats, the options
// schema and the bots. The new-table form and the lobby's table lines are built from these,
// so a ruleset the server announces is offered without the client knowing it. No DOM here.

/** A text of the descriptor in `lang` (each has `en`), e.g. titleIn(r.title, "de"). */
export function titleIn(words, lang) {
  if (!words) return "";
  return words[lang] ?? words.en ?? Object.values(words)[0] ?? "";
}

/** "3–10" or "2": the seat counts of a ruleset. */
export function seatRange(ruleset) {
  return ruleset.min_players === ruleset.max_players
    ? String(ruleset.min_players)
    : `${ruleset.min_players}–${ruleset.max_players}`;
}

/** The seat count to start the form with: `wanted` kept within the ruleset's range. */
export function clampPlayers(ruleset, wanted) {
  const n = Number.isFinite(wanted) ? wanted : ruleset.default_players;
  return Math.min(ruleset.max_players, Math.max(ruleset.min_players, n));
}

/** How a seat option names its choices: the reader's words come from the caller (`{random:
 * "drawn by lot", seat: (n) => "seat 3"}`); without them "?" and the seat's number. */
export const PLAIN_SEATS = { random: "?", seat: (n) => String(n) };

/**
 * The form fields of a ruleset's options, as data: one per option, in the schema's order.
 * `control` is "checkbox" (bool), "radio" (a choice), "select" (int with choices, seat) or "number"
 * (int range).
 * @param {object[]} options  the ruleset's options schema
 * @param {number} players    the seat count chosen (a seat option lists these seats)
 * @param {string} lang
 * @param {{random: string, seat: (n: number) => string}} seats  words for a seat option's choices
 */
export function optionFields(options, players, lang, seats = PLAIN_SEATS) {
  return (options || []).map((option) => {
    const field = {
      name: option.name,
      label: titleIn(option.title, lang) || option.name,
      help: titleIn(option.help, lang),
      value: option.default,
    };
    if (option.type === "bool") return { ...field, control: "checkbox", value: Boolean(option.default) };
    if (option.type === "seat") {
      const each = Array.from({ length: players }, (_, seat) => ({ value: String(seat), label: seats.seat(seat + 1) }));
      return { ...field, control: "select", value: "random", choices: [{ value: "random", label: seats.random }, ...each] };
    }
    if (option.choices) {
      const named = option.choice_titles || {};
      const choices = option.choices.map((c) => ({ value: String(c), label: titleIn(named[c], lang) || String(c) }));
      const control = option.type === "choice" ? "radio" : "select";
      return { ...field, control, value: String(option.default), choices };
    }
    return { ...field, control: "number", min: option.min, max: option.max, value: option.default };
  });
}

/**
 * The `options` of a new_game message from what the form holds (`values`: name -> the control's
 * value, a boolean for a checkbox): only what differs from the defaults, each in its type.
 */
export function readOptions(options, values) {
  const out = {};
  for (const option of options || []) {
    if (!(option.name in values)) continue;
    const raw = values[option.name];
    let value;
    if (option.type === "bool") value = Boolean(raw);
    else if (option.type === "seat") {
      if (raw === "random" || raw === "" || raw == null) continue;
      value = Number(raw);
    } else if (option.type === "int") value = Number(raw);
    else value = String(raw);
    if (value !== option.default) out[option.name] = value;
  }
  return out;
}

/** A table's options in words ("Rounds: 1", "Demo opening"), for the lobby's table lines. */
export function describeOptions(options, chosen, lang, seats = PLAIN_SEATS) {
  const bits = [];
  for (const option of options || []) {
    if (!chosen || !(option.name in chosen) || chosen[option.name] === option.default) continue;
    const title = titleIn(option.title, lang) || option.name;
    const value = chosen[option.name];
    if (option.type === "bool") {
      if (value) bits.push(title);
      continue;
    }
    const named = option.choice_titles?.[value];
    const shown = option.type === "seat" ? seats.seat(Number(value) + 1) : titleIn(named, lang) || value;
    bits.push(`${title}: ${shown}`);
  }
  return bits;
}
