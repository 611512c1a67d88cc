/**
 * `next`, with every part that equals the same part of `previous` replaced by that part:
 * unchanged sections, site settings and lists keep their identity, so a re-render with new
 * content skips whatever did not change (memo compares props by identity). For plain data
 * only (JSON): the dev server's content as it arrives after a save.
 */
export function reuseEqual<T>(previous: unknown, next: T): T {
  if (previous === next) return next;
  if (typeof previous !== "object" || typeof next !== "object" || previous === null || next === null) return next;
  if (Array.isArray(previous) !== Array.isArray(next)) return next;
  if (Array.isArray(next)) {
    const before = previous as unknown[];
    const shared = next.map((item, index) => reuseEqual(before[index], item));
    return (shared.length === before.length && shared.every((item, index) => item === before[index]) ? before : shared) as T;
  }
  const before = previous as Record<string, unknown>;
  const entries = Object.entries(next as Record<string, unknown>).map(([key, value]) => [key, reuseEqual(before[key], value)] as const);
  const same = entries.length === Object.keys(before).length && entries.every(([key, value]) => Object.hasOwn(before, key) && before[key] === value);
  return (same ? before : Object.fromEntries(entries)) as T;
}
