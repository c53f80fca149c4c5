/*
 * The fingerprint of values freezing cannot protect (byte arrays, Map, Set, Date, live SDK
 * machinery): the normalised-params lock compares it before the build and again before the
 * secondary action (normalised-params.ts).
 */

const MAX_DEPTH = 32;

/**
 * A deterministic text of a value, down to the own fields of class instances, so that an in-place
 * change anywhere (an AccountId's `num`, an Hbar's tinybars, a Long's `low`) changes it.
 *
 * It is compared only with a text of the same object graph taken earlier, so keys keep their own
 * order (adding or removing a key is a change anyway) and strings carry their length rather than
 * being escaped. This runs up to three times on every judged call, so it builds one string and
 * asks SDK values nothing: a Long is read by its fields, everything else by its own fields, and a
 * class is named by a number given to its prototype the first time it is seen.
 */
export function approvalFingerprint(value: unknown): string {
  const seen = new Set<object>();
  let text = '';
  const walk = (item: unknown, depth: number): void => {
    switch (typeof item) {
      case 'string':
        text += `s${item.length}:${item}`;
        return;
      case 'number':
        text += Object.is(item, -0) ? 'n-0;' : `n${item};`;
        return;
      case 'bigint':
        text += `b${item};`;
        return;
      case 'boolean':
        text += item ? 'T' : 'F';
        return;
      case 'undefined':
        text += 'U';
        return;
      case 'symbol':
        text += `y${item.description ?? ''};`;
        return;
      case 'function':
        text += `f${prototypeNumber(item)};`;
        return;
    }
    if (item === null) {
      text += 'N';
      return;
    }
    const object = item as Record<string, unknown>;
    if (seen.has(object)) {
      text += 'R';
      return;
    }
    if (depth > MAX_DEPTH) {
      text += 'D';
      return;
    }
    seen.add(object);
    if (object.__isLong__ === true) {
      text += `L${String(object.low)},${String(object.high)},${object.unsigned ? 1 : 0};`;
      return;
    }
    if (item instanceof Uint8Array) {
      text += `x${Buffer.from(item.buffer, item.byteOffset, item.byteLength).toString('hex')};`;
      return;
    }
    // State in internal slots, which own fields do not show.
    if (item instanceof Map) {
      text += `M${item.size}:`;
      for (const [key, entry] of item) {
        walk(key, depth + 1);
        walk(entry, depth + 1);
      }
    } else if (item instanceof Set) {
      text += `S${item.size}:`;
      for (const entry of item) walk(entry, depth + 1);
    } else if (item instanceof Date) {
      text += `d${item.getTime()};`;
    }
    if (Array.isArray(item)) {
      text += `[${item.length}:`;
      for (let at = 0; at < item.length; at++) walk(item[at], depth + 1);
      text += ']';
      return;
    }
    const proto = Object.getPrototypeOf(object) as object | null;
    text += proto === Object.prototype ? '{' : `{c${proto === null ? 0 : prototypeNumber(proto)}:`;
    for (const key of Object.keys(object)) {
      text += `${key.length}:${key}`;
      walk(object[key], depth + 1);
    }
    text += '}';
  };
  walk(value, 0);
  return text;
}

/** A stable number per prototype (or function): a swapped prototype changes the text. */
const prototypeNumbers = new WeakMap<object, number>();
let nextPrototypeNumber = 1;
function prototypeNumber(proto: object): number {
  let number = prototypeNumbers.get(proto);
  if (number === undefined) prototypeNumbers.set(proto, (number = nextPrototypeNumber++));
  return number;
}
