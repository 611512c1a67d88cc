/**
 * The 404 page's "did you mean": the site's addresses nearest to the one typed, read from the
 * sitemap (the site's every page, one request made only by a visitor who reached a missing
 * page) and shown in the list the page keeps hidden for them. Without JavaScript, or with no
 * address near enough, the list stays hidden and the page's main sections are the way on.
 */
import { NOT_FOUND_ATTRIBUTES } from "./not-found-dom.ts";

/** Edits between two strings (Levenshtein), by rows. */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = row;
  }
  return previous[b.length]!;
}

const normalise = (path: string) => {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // An address with a stray % is compared as typed.
  }
  return decoded.toLowerCase().replace(/\/(index\.html?)?$/, "") || "/";
};

/**
 * The routes nearest to `typed`, best first: those within a third of their length in edits
 * (at least two), whole or by their last segment (/resources/estimated-taxs finds the article
 * as /estimated-taxes would).
 */
export function nearestRoutes(typed: string, routes: readonly string[], limit = 3): string[] {
  const wanted = normalise(typed);
  const lastOf = (path: string) => path.slice(path.lastIndexOf("/") + 1);
  return routes
    .filter((route) => route !== "/")
    .map((route) => {
      const candidate = route.toLowerCase();
      const whole = distance(wanted, candidate);
      const last = distance(lastOf(wanted), lastOf(candidate));
      const score = Math.min(whole, last + (wanted.split("/").length === candidate.split("/").length ? 0 : 1));
      return { route, score, allowed: Math.max(2, Math.floor(lastOf(candidate).length / 3)) };
    })
    .filter(({ score, allowed }) => score <= allowed)
    .sort((a, b) => a.score - b.score || a.route.length - b.route.length)
    .slice(0, limit)
    .map(({ route }) => route);
}

/** The paths a sitemap lists (its addresses are the published site's: the path is what leads here too). */
export function sitemapPaths(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].flatMap(([, loc]) => {
    try {
      return [new URL(loc!.trim()).pathname];
    } catch {
      return [];
    }
  });
}

export async function suggestRoutes(): Promise<void> {
  const box = document.querySelector<HTMLElement>(`[${NOT_FOUND_ATTRIBUTES.suggestions}]`);
  const list = box?.querySelector("ul");
  if (!box || !list) return;
  const response = await fetch("/sitemap.xml");
  if (!response.ok) return;
  const routes = sitemapPaths(await response.text());
  const nearest = nearestRoutes(location.pathname, routes);
  if (nearest.length === 0) return;
  const template = list.querySelector("li");
  for (const route of nearest) {
    const item = template ? (template.cloneNode(true) as HTMLLIElement) : document.createElement("li");
    const link = item.querySelector("a") ?? item.appendChild(document.createElement("a"));
    link.href = route;
    link.textContent = `${location.host}${route}`;
    item.hidden = false;
    list.append(item);
  }
  template?.remove();
  box.hidden = false;
}
