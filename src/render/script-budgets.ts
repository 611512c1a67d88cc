/**
 * What script a page may cost, transferred (compressed, with headers), in the two moments a
 * visitor feels differently:
 *
 * - before idle: what the page asks for until its load event (the island loader and what it
 *   must have at once). This delays the page becoming usable, so it is kept small.
 * - at idle: what the page asks for once it has loaded and the browser is idle, or at the
 *   visitor's first action: a calculator's live script and the analytics chunk. It arrives
 *   after the page is drawn and usable, so it is budgeted apart, by what content declares.
 *
 * What a page declares that wakes at idle (content/site.yaml's analytics, a calculator) has
 * an upper bound below. The browser tests (tests/support/site-checks.ts) measure every built
 * page and hold it to the bound its content declares, and a unit test holds the bounds
 * together under the idle budget: so no content validation accepts can pass the budget, and
 * a bound that stops holding fails a test, not a visitor.
 */
import { blockList } from "../blocks/registry.ts";
import type { ProviderName } from "../analytics/providers/names.ts";

export const SCRIPT_BUDGETS = {
  /** Before the load event: the island loader and the wake of a page's videos (about 4 KB). */
  beforeIdle: 10.5 * 1024,
  /** At idle or at the first action: a calculator's live script and the analytics chunk together (about 16.6 KB at most today). */
  atIdle: 24 * 1024,
};

/**
 * Upper bounds of what each thing that wakes at idle transfers, measured on the built
 * fixture and live sites with a margin. Analytics: the chunk that starts the provider (the
 * event recorder and Core Web Vitals) and its sender; Google Analytics' own gtag.js loads from
 * Google only after the visitor accepts, which no budget of this site can hold.
 */
export const IDLE_SCRIPT = {
  /** Plausible: 9.0 KB measured (the start chunk 5.8 KB, its sender 3.4 KB); Google Analytics: the same start chunk and a smaller sender. */
  analytics: { plausible: 11 * 1024, "google-analytics": 9 * 1024 } satisfies Record<ProviderName, number>,
  /** Every block that wakes at idle shares one chunk (vite.config.ts, calculator-live) and the bundler's runtime: 7.3 KB measured, counted once per page. */
  idleBlocks: 10 * 1024,
};

/** The section types that wake when the page is idle (their island.ts). */
const IDLE_BLOCKS = new Set<string>(blockList.flatMap(({ type, definition }) => (definition.island?.when === "idle" ? [type] : [])));

/** What a page with these sections, on a site with this analytics provider, loads at idle at most. */
export function idleScriptBound(provider: ProviderName | undefined, sectionTypes: readonly string[]): { total: number; parts: string[] } {
  const parts: [string, number][] = [];
  if (provider) parts.push([`${provider} analytics`, IDLE_SCRIPT.analytics[provider]]);
  const idle = [...new Set(sectionTypes.filter((type) => IDLE_BLOCKS.has(type)))];
  if (idle.length) parts.push([`the live script of ${idle.join(" and ")}`, IDLE_SCRIPT.idleBlocks]);
  return { total: parts.reduce((sum, [, bytes]) => sum + bytes, 0), parts: parts.map(([name, bytes]) => `${name} (${kb(bytes)})`) };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The most any page can declare at idle: every provider's and block's bound together stays under the idle budget. */
export const MOST_AT_IDLE = Math.max(...Object.values(IDLE_SCRIPT.analytics)) + IDLE_SCRIPT.idleBlocks;
