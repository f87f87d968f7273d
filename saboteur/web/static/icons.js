// Small icons drawn as SVG, so that they show on every machine (an emoji needs a font that has it).

const SVG = "http://www.w3.org/2000/svg";

// name -> the shapes of a 16x16 icon: [element, attributes]
const SHAPES = {
  card: [
    ["rect", { x: 3.5, y: 1.5, width: 9, height: 13, rx: 1.5, fill: "none", stroke: "currentColor" }],
    ["path", { d: "M6 5 L10 11 M10 5 L6 11", stroke: "currentColor", "stroke-width": 1 }],
  ],
  registered: [
    ["path", { d: "M8 1.5 L13.5 3.5 V8 C13.5 11 11 13.5 8 14.5 C5 13.5 2.5 11 2.5 8 V3.5 Z", fill: "none", stroke: "currentColor" }],
    ["path", { d: "M5.5 8 L7.3 9.8 L10.7 6.2", fill: "none", stroke: "currentColor", "stroke-width": 1.5 }],
  ],
  bot: [
    ["rect", { x: 2.5, y: 5.5, width: 11, height: 8, rx: 2, fill: "none", stroke: "currentColor" }],
    ["circle", { cx: 6, cy: 9.5, r: 1.2, fill: "currentColor" }],
    ["circle", { cx: 10, cy: 9.5, r: 1.2, fill: "currentColor" }],
    ["path", { d: "M8 5.5 V2.5 M6.5 2.5 H9.5", stroke: "currentColor" }],
  ],
  // gold (a cut stone), a whisper (a letter), the host of a table (a crown)
  gold: [["path", { d: "M8 1.5 L14.5 8 L8 14.5 L1.5 8 Z", fill: "currentColor" }]],
  mail: [
    ["rect", { x: 1.5, y: 3.5, width: 13, height: 9, rx: 1, fill: "none", stroke: "currentColor" }],
    ["path", { d: "M2 4 L8 9 L14 4", fill: "none", stroke: "currentColor" }],
  ],
  host: [["path", { d: "M2 12.5 L1.5 5 L5 8 L8 3 L11 8 L14.5 5 L14 12.5 Z", fill: "currentColor" }]],
  // a replay's controls (replay.js)
  first: [["path", { d: "M3.5 3 V13 M13 3 L5.5 8 L13 13 Z", fill: "currentColor", stroke: "currentColor", "stroke-linejoin": "round" }]],
  back: [["path", { d: "M12 3 L4.5 8 L12 13 Z", fill: "currentColor", stroke: "currentColor", "stroke-linejoin": "round" }]],
  play: [["path", { d: "M4.5 2.5 L13 8 L4.5 13.5 Z", fill: "currentColor", stroke: "currentColor", "stroke-linejoin": "round" }]],
  pause: [
    ["rect", { x: 3.5, y: 3, width: 3, height: 10, fill: "currentColor" }],
    ["rect", { x: 9.5, y: 3, width: 3, height: 10, fill: "currentColor" }],
  ],
  next: [["path", { d: "M4 3 L11.5 8 L4 13 Z", fill: "currentColor", stroke: "currentColor", "stroke-linejoin": "round" }]],
  last: [["path", { d: "M12.5 3 V13 M3 3 L10.5 8 L3 13 Z", fill: "currentColor", stroke: "currentColor", "stroke-linejoin": "round" }]],
};

/** The names of the icons there are. */
export const ICONS = Object.keys(SHAPES);

/** Gold with its amount: the gold icon, then the text (" 4", " ? ×2"), as an element's children. */
export function gold(text) {
  return [icon("gold"), ` ${text}`];
}

/**
 * An inline SVG icon (`name`: one of ICONS), sized to the text, hidden from screen readers (the
 * element that holds it says what it means).
 */
export function icon(name) {
  const svg = document.createElementNS(SVG, "svg");
  for (const [k, v] of Object.entries({ viewBox: "0 0 16 16", width: "1em", height: "1em", class: `icon icon-${name}`, "aria-hidden": "true" })) svg.setAttribute(k, v);
  for (const [tag, attrs] of SHAPES[name] ?? []) {
    const shape = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) shape.setAttribute(k, String(v));
    svg.append(shape);
  }
  return svg;
}
