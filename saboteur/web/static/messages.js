// The message catalogue's formatter: a message (a key and its arguments) in a language.
// The same rules as saboteur/engine/messages.py (tests/messages_cases.json runs in both):
// an argument is a number or text, {seat} (the player's name), a nested message (a card, tool,
// role: named in the language) or a list of these; {name:id} shows a nested message's id,
// {name:and} / {name:or} / {name:dash} joins a list with "and" / "or" / a dash, {n:plural:one|other} picks a form.

const JOINERS = ["and", "or", "dash"];
const PLACEHOLDER = /\{(\w+)(?::([^{}]*))?\}/g;

/** The template of `key` in `lang` (else English, else the key itself). */
function text(texts, key, lang) {
  const entry = texts[key] ?? {};
  return entry[lang] ?? entry.en ?? key;
}

/**
 * The text of `message` ({key, args}) in `lang`; `names` name the seats.
 * @param {Record<string, Record<string, string>>} texts  the catalogue: key -> language -> template
 */
export function render(texts, message, lang, names = null) {
  const seat = (n) =>
    Number.isInteger(n) && names && n >= 0 && n < names.length ? names[n] : render(texts, { key: "seat", args: { n } }, lang);
  const value = (v, spec) => {
    const flags = spec.split(":");
    if (flags[0] === "plural") {
      const forms = flags.slice(1).join(":").split("|");
      return (Array.isArray(v) ? v.length : v) === 1 ? forms[0] : forms[forms.length - 1];
    }
    if (Array.isArray(v)) {
      const join = flags.find((f) => JOINERS.includes(f));
      return v.map((each) => value(each, spec)).join(join ? text(texts, `list.${join}`, lang) : ", ");
    }
    if (v !== null && typeof v === "object" && "seat" in v) return seat(v.seat);
    if (v !== null && typeof v === "object" && "key" in v) {
      return flags.includes("id") && "id" in v ? String(v.id) : render(texts, v, lang, names);
    }
    return v === null || v === undefined ? "None" : String(v);
  };
  const args = message.args ?? {};
  return text(texts, String(message.key), lang).replace(PLACEHOLDER, (whole, name, spec) =>
    name in args ? value(args[name], spec ?? "") : whole,
  );
}
