// Whether the reader points with a finger, and the words for it: a text key's ".touch" wording
// ("Tap …") where there is one, else the key itself ("Click …"). No DOM: tested on its own.

/** Whether hints should speak of taps: the main pointer is a finger (a phone, a tablet). */
export function touchPointer(match = globalThis.matchMedia) {
  return Boolean(match?.("(pointer: coarse)").matches);
}

/** `key`, or `key.touch` where `touch` and `strings` (the English texts, which have every key)
 * have a touch wording for it. */
export function pointerKey(key, strings, touch = touchPointer()) {
  return touch && strings[`${key}.touch`] ? `${key}.touch` : key;
}
