// The language choice and the filling of {name} placeholders: no DOM, no storage, so they can be
// tested on their own (tests/js/).

export const LANGS = ["en", "de"];

/**
 * The language to start with: the saved choice if it is one we have, else German for a browser
 * that asks for any German ("de", "de-AT"), else English.
 * @param {string | null | undefined} saved   what localStorage holds
 * @param {string | null | undefined} browser  navigator.language
 */
export function chooseLang(saved, browser) {
  if (LANGS.includes(saved)) return saved;
  return (browser || "en").toLowerCase().startsWith("de") ? "de" : "en";
}

/** `template` with each {name} replaced by String(params[name]), and each {name:plural:one|other}
 * by the form for that number (one for 1, else other), as the message catalogue writes them;
 * unknown names stay as they are. */
export function fill(template, params = {}) {
  return template.replace(/\{(\w+)(?::plural:([^|{}]*)\|([^{}]*))?\}/g, (whole, name, one, other) => {
    if (!(name in params)) return whole;
    if (one === undefined) return String(params[name]);
    return Number(params[name]) === 1 ? one : other;
  });
}

/** The text of `key` in `lang`, else in English, else the key itself; placeholders filled. */
export function translate(strings, lang, key, params = {}) {
  return fill(strings[lang]?.[key] ?? strings.en[key] ?? key, params);
}

/** A time of day ("2026-11-26T16:04:00Z", or a Date) as `lang` writes it: "16:04" in German,
 * "04:04 PM" in English; "" for a time that is no time. */
export function timeIn(lang, at) {
  const d = new Date(at ?? NaN);
  return Number.isNaN(d.getTime()) ? "" : new Intl.DateTimeFormat(lang, { hour: "2-digit", minute: "2-digit" }).format(d);
}

/** A day and its time as `lang` writes them: "26.11.2026, 16:04" in German; "" for no time. */
export function dateTimeIn(lang, at) {
  const d = new Date(at ?? NaN);
  return Number.isNaN(d.getTime()) ? "" : new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short" }).format(d);
}
