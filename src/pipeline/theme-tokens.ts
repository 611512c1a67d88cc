/**
 * The theme's tokens a built page carries: those it uses, not all of them.
 *
 * Chakra writes every token of the theme (colours, shadows, sizes, animations...) as a custom
 * property into every page, about 18 KiB of its 26 KiB of global styles, and an article page
 * refers to a third of them. A built page keeps, in its `@layer tokens`, the declarations that
 * anything on the page refers to (its styles, its markup's style attributes, another kept
 * token), and those the browser's code names literally (the search window, the consent bar,
 * passed as `keep`). The whole layer, as Chakra wrote it, becomes a stylesheet of its own
 * (`assets/theme-<hash>.css`, the same for every page of a build), which the page's script
 * adds before it wakes an island that React renders: what such an island draws once awake (a
 * spinner, a toast, a field's error) finds every token it may name, at the value it has on
 * the page, since the stylesheet declares the same values in the same layer.
 *
 * A page is then about 12 KiB smaller before compression (16%), which is what lets the build
 * compress pages at a quick brotli quality and still send fewer bytes than before
 * (src/pipeline/incremental.ts, compression).
 */
import { keyOf } from "./incremental.ts";

const TOKENS_LAYER = "@layer tokens{";
const REFERENCE = /var\(\s*(--[A-Za-z0-9_-]+)/g;

export interface PrunedStyles {
  /** The page's style tags, each `@layer tokens` holding only what the page refers to. */
  styles: string;
  /** The layers as they were, when any declaration was left out: the stylesheet the page's script adds. */
  sheet?: { path: string; css: string };
}

/**
 * `styles` (a page's style tags) with each token the page does not refer to left out. `elsewhere`:
 * the rest of the page (its markup, its head, the template), read for references only.
 */
export function pruneTokens(styles: string, elsewhere: readonly string[], keep: Iterable<string>): PrunedStyles {
  const layers = tokenLayers(styles);
  if (!layers.length) return { styles };

  const used = new Set<string>();
  const pending = [...keep];
  let outside = "";
  let from = 0;
  for (const { start, layer } of layers) {
    outside += styles.slice(from, start);
    from = start + layer.text.length;
  }
  outside += styles.slice(from);
  for (const text of [outside, ...elsewhere]) pending.push(...tokensReferredToIn(text));
  while (pending.length) {
    const name = pending.pop()!;
    if (used.has(name)) continue;
    used.add(name);
    for (const { layer } of layers) pending.push(...(layer.refersTo.get(name) ?? []));
  }

  let pruned = "";
  let sheet = "";
  let left = 0;
  from = 0;
  for (const { start, layer } of layers) {
    pruned += styles.slice(from, start);
    let at = 0;
    for (const declaration of layer.declarations) {
      if (used.has(declaration.name)) continue;
      pruned += layer.text.slice(at, declaration.start);
      at = declaration.end;
      left++;
    }
    pruned += layer.text.slice(at);
    sheet += layer.text;
    from = start + layer.text.length;
  }
  pruned += styles.slice(from);
  if (!left) return { styles };
  return { styles: pruned, sheet: { path: `assets/theme-${keyOf(sheet).slice(0, 16)}.css`, css: sheet } };
}

/** The custom properties `text` refers to in a `var()`, in order, repeats included. */
export function tokensReferredToIn(text: string): string[] {
  return Array.from(text.matchAll(REFERENCE), ([, name]) => name!);
}

interface Declaration {
  name: string;
  /** Where it starts in its layer's text, and where it ends (after its `;`, or at the `}` that closes its rule). */
  start: number;
  end: number;
}

/** One `@layer tokens{…}` as Chakra wrote it: its text, what it declares, and what each declaration refers to. */
interface TokenLayer {
  text: string;
  declarations: Declaration[];
  refersTo: Map<string, string[]>;
}

/**
 * Layers already read. Every page of a build carries the same layer (some 18 KiB and a thousand
 * declarations), and reading it again took 1.7 ms of every page; a layer found at
 * the same text is the same layer, since where it ends depends on its characters alone.
 */
const layersRead: TokenLayer[] = [];
const LAYERS_KEPT = 8;

/** Each `@layer tokens{…}` of the styles, where it starts. */
function tokenLayers(styles: string): { start: number; layer: TokenLayer }[] {
  const layers = [];
  for (let start = styles.indexOf(TOKENS_LAYER); start >= 0; start = styles.indexOf(TOKENS_LAYER, start + 1)) {
    const layer = knownLayer(styles, start) ?? readLayer(styles, start);
    // A layer cut short is not Chakra's writing: the page keeps it whole.
    if (!layer) return [];
    layers.push({ start, layer });
    start += layer.text.length - 1;
  }
  return layers;
}

/** The layer read before that `styles` has at `start`, moved to the front of those kept. */
function knownLayer(styles: string, start: number): TokenLayer | undefined {
  const index = layersRead.findIndex((read) => styles.startsWith(read.text, start));
  if (index < 0) return undefined;
  const [layer] = layersRead.splice(index, 1);
  layersRead.unshift(layer!);
  return layer;
}

function readLayer(styles: string, start: number): TokenLayer | undefined {
  const end = closingBrace(styles, start + TOKENS_LAYER.length - 1);
  if (end < 0) return undefined;
  const text = styles.slice(start, end + 1);
  const declarations = declarationsIn(text, TOKENS_LAYER.length, text.length - 1);
  const refersTo = new Map<string, string[]>();
  for (const { name, value } of declarations) refersTo.set(name, [...(refersTo.get(name) ?? []), ...tokensReferredToIn(value)]);
  const layer = { text, declarations: declarations.map(({ name, start, end }) => ({ name, start, end })), refersTo };
  if (layersRead.unshift(layer) > LAYERS_KEPT) layersRead.pop();
  return layer;
}

/** The custom properties declared between `from` and `to`: each `--name:` that starts a declaration, to the `;` or `}` that ends it; none when one has no end. */
function declarationsIn(styles: string, from: number, to: number): (Declaration & { value: string })[] {
  const found: (Declaration & { value: string })[] = [];
  const start = /[{;](--[A-Za-z0-9_-]+)\s*:/g;
  start.lastIndex = from - 1;
  for (let match = start.exec(styles); match && match.index < to; match = start.exec(styles)) {
    const valueStart = match.index + match[0].length;
    const valueEnd = valueEndAt(styles, valueStart);
    if (valueEnd < 0 || valueEnd > to) return [];
    const end = styles[valueEnd] === ";" ? valueEnd + 1 : valueEnd;
    found.push({ name: match[1]!, value: styles.slice(valueStart, valueEnd), start: match.index + 1, end });
    start.lastIndex = valueEnd;
  }
  return found;
}

/** Where a declaration's value ends: the first `;` or `}` outside brackets and quotes; -1 when none does. */
function valueEndAt(css: string, from: number): number {
  return scan(css, from, "([", ")]", (char, depth) => depth === 0 && (char === ";" || char === "}"));
}

/** The `}` that closes the `{` at `open`, outside quotes; -1 when none does. */
function closingBrace(css: string, open: number): number {
  return scan(css, open, "{", "}", (char, depth) => char === "}" && depth === 0);
}

/** The first place from `from`, outside quotes, where `found` holds of its character and how many `opening` brackets are open; -1 when none. */
function scan(css: string, from: number, opening: string, closing: string, found: (char: string, depth: number) => boolean): number {
  let depth = 0;
  let quote = "";
  for (let at = from; at < css.length; at++) {
    const char = css[at]!;
    if (quote) {
      if (char === "\\") at++;
      else if (char === quote) quote = "";
      continue;
    }
    if (char === '"' || char === "'") quote = char;
    else if (opening.includes(char)) depth++;
    else if (closing.includes(char)) depth--;
    if (found(char, depth)) return at;
  }
  return -1;
}

/** The custom properties a script names literally (`var(--name`): a page keeps them, whatever it shows. */
export function tokensNamedIn(code: string): string[] {
  return [...new Set([...code.matchAll(REFERENCE)].map(([, name]) => name!))];
}
