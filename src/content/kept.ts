/**
 * Values kept from one load of the content to the next (an unchanged page of a large file, and
 * what was worked out from it alone): every later load is handed the same object, so none may
 * change it, and what is found in it (its validation, its fields by kind) is kept with it.
 */
const keptValues = new WeakSet<object>();

/**
 * In the dev server, the editor and the tests, a kept value is frozen as well, so that code
 * changing one fails where it is written rather than showing a later load what an earlier one
 * did. A build or a validation loads once, and does not pay for it: freezing a thousand pages
 * costs about half a second.
 */
const freezes = () => ["development", "test"].includes((globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.NODE_ENV ?? "");

/**
 * Marks a value of plain data as kept (and freezes it, see `freezes`). The setting is read at each
 * call: the editor imports this before its Vite server sets NODE_ENV.
 */
export function keep<T>(value: T): T {
  if (typeof value !== "object" || value === null) return value;
  keptValues.add(value);
  if (freezes()) deepFreeze(value);
  return value;
}

export function isKept(value: unknown): value is object {
  return typeof value === "object" && value !== null && keptValues.has(value);
}

/** Freezes a value of plain data and everything in it. */
function deepFreeze(value: object): void {
  const pending: unknown[] = [value];
  while (pending.length) {
    const next = pending.pop();
    if (typeof next !== "object" || next === null || Object.isFrozen(next)) continue;
    Object.freeze(next);
    for (const child of Object.values(next)) pending.push(child);
  }
}
