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

/** `template` with each {name} replaced by String(params[name]); unknown names stay as they are. */
export function fill(template, params = {}) {
  return template.replace(/\{(\w+)\}/g, (_, name) => (name in params ? String(params[name]) : `{${name}}`));
}

/** The text of `key` in `lang`, else in English, else the key itself; placeholders filled. */
export function translate(strings, lang, key, params = {}) {
  return fill(strings[lang]?.[key] ?? strings.en[key] ?? key, params);
}
