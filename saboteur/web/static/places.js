// Places on the board as catalogue messages, as saboteur/engine/places.py makes them: a slot is
// told from the nearest landmark of the view's board (a start or a goal; the first listed wins a
// tie): "right of the start", "2 right and 1 up from the middle goal", "the top goal".
// tests/places_cases.json holds what Python makes; tests/js/places.test.mjs checks the same here.

const SIDE = { "1,0": "E", "-1,0": "W", "0,-1": "N", "0,1": "S" };

function nearest(landmarks, x, y) {
  let best = null;
  for (const mark of landmarks) {
    const d = Math.abs(mark.x - x) + Math.abs(mark.y - y);
    if (best === null || d < best.d) best = { mark, d };
  }
  return best.mark;
}

const named = (mark, form = "") => ({ key: `mark.${mark.name}${form}`, args: {}, id: mark.name });

/** Where slot (x, y) lies, as a message: "2 right and 1 up from the start". */
export function whereMessage(landmarks, x, y) {
  const mark = nearest(landmarks, x, y);
  const [dx, dy] = [x - mark.x, y - mark.y];
  const origin = named(mark, ".dat");
  if (dx === 0 && dy === 0) return { key: "place.at", args: { mark: origin } };
  const side = SIDE[`${dx},${dy}`];
  if (side) return { key: `place.next.${side}`, args: { mark: origin } };
  const steps = [];
  if (dx) steps.push({ key: `step.${dx > 0 ? "E" : "W"}`, args: { n: Math.abs(dx) } });
  if (dy) steps.push({ key: `step.${dy > 0 ? "S" : "N"}`, args: { n: Math.abs(dy) } });
  return { key: "place.steps", args: { steps, mark: origin } };
}

/** An edge as a view names it ("3,-1:E", East or South of a slot) as a message: "on the east side of the card …". */
export function edgeMessage(landmarks, text) {
  const found = /^(-?\d+),(-?\d+):([NESW])$/.exec(String(text));
  if (!found) return null;
  const side = { key: `side.${found[3]}.edge`, args: {}, id: found[3] };
  return { key: "place.edge", args: { side, where: whereMessage(landmarks, Number(found[1]), Number(found[2])) } };
}

/** Slot (x, y) as a noun: a landmark's name ("the middle goal"), else "the card …". */
export function slotMessage(landmarks, x, y) {
  const mark = landmarks.find((m) => m.x === x && m.y === y);
  return mark ? named(mark) : { key: "place.card", args: { where: whereMessage(landmarks, x, y) } };
}
