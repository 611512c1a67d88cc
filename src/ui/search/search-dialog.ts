/**
 * The site search's window: loaded by the page's script (entry-client.tsx) only once a visitor
 * presses a search button, never before. It opens as a modal <dialog> (focus kept inside, Escape
 * closes it and focus returns to the button) and asks the index the build wrote with Pagefind
 * (/pagefind/, src/pipeline/search-index.ts) for the pages whose main content holds the words
 * typed: the index of the page's own language, loaded in pieces as words are typed. Each result
 * is a link named by the page's title and described by the sentence the words were found in;
 * more results come a batch at a time.
 *
 * Its words come from the button (data-search-open), in the page's language; its colours are the
 * page's own (the theme's CSS variables).
 */
import { SEARCH_ATTRIBUTE, type SearchLabels } from "./search-dom.ts";

/** The part of Pagefind's browser API used here (pagefind.js, written by the build). */
interface Pagefind {
  options(options: { baseUrl?: string; excerptLength?: number }): Promise<void>;
  search(term: string): Promise<PagefindSearch>;
  debouncedSearch(term: string, options?: object, debounceMs?: number): Promise<PagefindSearch | null>;
  destroy?(): Promise<void>;
}
interface PagefindSearch {
  results: { data(): Promise<PagefindResult> }[];
}
interface PagefindResult {
  url: string;
  excerpt: string;
  meta: { title?: string };
}

/** Results shown at a time: a search box, not a results page; more words narrow them, or the button under them shows more. */
const SHOWN = 8;
const INDEX_URL = "/pagefind/pagefind.js";

let engine: Promise<Pagefind | undefined> | undefined;
let open: { dialog: HTMLDialogElement; input: HTMLInputElement } | undefined;

/** Opens the search window, its words taken from the button pressed; `typed` (a key pressed on the button) starts the search. */
export function openSearch(button: HTMLElement, typed = ""): void {
  const labels = JSON.parse(button.getAttribute(SEARCH_ATTRIBUTE) ?? "{}") as SearchLabels;
  open ??= searchWindow(labels);
  const { dialog, input } = open;
  if (!dialog.open) dialog.showModal();
  input.focus();
  if (typed) {
    input.value = typed;
    input.setSelectionRange(typed.length, typed.length);
    input.dispatchEvent(new Event("input"));
  } else input.select();
  // The index loads while the visitor types their first word.
  void loadEngine();
}

function loadEngine(): Promise<Pagefind | undefined> {
  engine ??= (import(/* @vite-ignore */ INDEX_URL) as Promise<Pagefind>)
    .then(async (pagefind) => {
      await pagefind.options({ baseUrl: "/", excerptLength: 24 });
      return pagefind;
    })
    .catch(() => forgetEngine());
  return engine;
}

/** Offline, or a server without the index (the dev server): the window says so, and the next search loads it again. */
async function forgetEngine(loaded?: Pagefind): Promise<undefined> {
  engine = undefined;
  await loaded?.destroy?.().catch(() => undefined);
  return undefined;
}

function searchWindow(labels: SearchLabels): { dialog: HTMLDialogElement; input: HTMLInputElement } {
  addStyles();
  const dialog = element("dialog", { class: "site-search", "aria-labelledby": "site-search-title" });
  // The window's content fills the dialog: a click on the dialog itself is a click on the dimmed page around it.
  const panel = element("div", { class: "site-search-panel" });
  const title = element("h2", { id: "site-search-title", class: "site-search-title" }, labels.label);
  const form = element("form", { role: "search", class: "site-search-bar" });
  const input = element("input", {
    type: "search",
    class: "site-search-input",
    placeholder: labels.placeholder,
    "aria-label": labels.label,
    autocomplete: "off",
    spellcheck: "false",
    enterkeyhint: "search",
  });
  const close = element("button", { type: "button", class: "site-search-close", "aria-label": labels.close });
  close.innerHTML =
    '<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"><path d="M6 6l12 12M18 6L6 18"/></svg>';
  const status = element("p", { class: "site-search-status", role: "status" });
  const list = element("ul", { class: "site-search-results", role: "list" });
  const more = element("button", { type: "button", class: "site-search-more", hidden: "" }, labels.more);
  form.append(input, close);
  panel.append(title, form, status, list, more);
  dialog.append(panel);
  document.body.append(dialog);

  /** What the list shows: the results of `query`, of which `shown` are drawn. */
  let showing: { query: string; found: PagefindSearch; shown: number } | undefined;
  let searched = 0;
  // Said only when it changes: a screen reader hears "8 pages found" once, not at every keystroke.
  const say = (text: string) => {
    if (status.textContent !== text) status.textContent = text;
  };
  const clear = () => {
    showing = undefined;
    list.replaceChildren();
    more.hidden = true;
  };

  const showMore = async () => {
    if (!showing) return;
    const { found, shown } = showing;
    const batch = await Promise.all(found.results.slice(shown, shown + SHOWN).map((result) => result.data()));
    if (showing?.found !== found) return;
    showing.shown = shown + batch.length;
    list.append(...batch.map(resultItem));
    more.hidden = showing.shown >= found.results.length;
  };

  const search = async () => {
    const query = input.value.trim();
    const turn = ++searched;
    if (!query) {
      say("");
      clear();
      return;
    }
    const pagefind = await loadEngine();
    if (turn !== searched) return;
    if (!pagefind) {
      say(labels.unavailable);
      clear();
      return;
    }
    try {
      const found = await pagefind.debouncedSearch(query, {}, 120);
      // A later keystroke's search replaces this one.
      if (!found || turn !== searched) return;
      const count = found.results.length;
      clear();
      showing = { query, found, shown: 0 };
      await showMore();
      if (turn !== searched) return;
      say(
        count === 0
          ? labels.noResults.replace("{query}", () => query)
          : count === 1
            ? labels.oneResult
            : labels.results.replace("{count}", () => String(count)),
      );
    } catch {
      // A piece of the index that did not arrive: said, and the next search loads the index again.
      if (turn !== searched) return;
      await forgetEngine(pagefind);
      say(labels.unavailable);
      clear();
    }
  };

  input.addEventListener("input", () => void search());
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    void goToFirst();
  });
  /** Enter goes to the first result of what the field says now, even if the list still shows an earlier word's. */
  const goToFirst = async () => {
    const query = input.value.trim();
    if (!query) return;
    if (showing?.query === query) {
      list.querySelector("a")?.click();
      return;
    }
    const pagefind = await loadEngine();
    try {
      const first = (await pagefind?.search(query))?.results[0];
      if (first && input.value.trim() === query) window.location.assign(routeOf((await first.data()).url));
    } catch {
      // Said by the search the same keystroke started.
    }
  };
  more.addEventListener("click", () => {
    const next = list.children.length;
    void showMore().then(() => (list.children[next]?.querySelector("a") as HTMLElement | null)?.focus());
  });
  close.addEventListener("click", () => dialog.close());
  dialog.addEventListener("click", (event) => {
    if (event.target === dialog) dialog.close();
  });
  // Up and down move between the field and the results (not while a word is being composed in an input method).
  dialog.addEventListener("keydown", (event) => {
    if (event.isComposing || (event.key !== "ArrowDown" && event.key !== "ArrowUp")) return;
    const stops = [input, ...list.querySelectorAll("a")];
    const at = stops.indexOf(document.activeElement as HTMLInputElement);
    if (at < 0) return;
    const next = stops[at + (event.key === "ArrowDown" ? 1 : -1)];
    if (!next) return;
    event.preventDefault();
    next.focus();
  });
  return { dialog, input };
}

let described = 0;

function resultItem(result: PagefindResult): HTMLLIElement {
  const title = result.meta.title ?? routeOf(result.url);
  const excerptId = `site-search-excerpt-${++described}`;
  // Named by its title alone; the sentence found is its description, read after it.
  const link = element("a", { href: routeOf(result.url), class: "site-search-result", "aria-label": title, "aria-describedby": excerptId });
  link.append(element("span", { class: "site-search-result-title" }, title));
  const excerpt = element("span", { class: "site-search-excerpt", id: excerptId });
  excerpt.append(...markedText(result.excerpt));
  // The sentence is cut where the excerpt ends: say so, unless it ends a sentence.
  if (!/[.!?…:]\s*$/.test(excerpt.textContent ?? "")) excerpt.append("…");
  link.append(excerpt);
  const item = element("li");
  item.append(link);
  return item;
}

/** The page's address as the site writes it: Pagefind gives folders (/resources/slug/), the site's routes have no trailing slash. */
function routeOf(url: string): string {
  return url.length > 1 ? url.replace(/\/$/, "") : url;
}

/** The excerpt's text with its <mark>ed words, and nothing else of what it holds as markup. */
function markedText(html: string): Node[] {
  const template = document.createElement("template");
  template.innerHTML = html;
  return [...template.content.childNodes].map((node) =>
    node.nodeName === "MARK" ? element("mark", {}, node.textContent ?? "") : document.createTextNode(node.textContent ?? ""),
  );
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string> = {}, text?: string): HTMLElementTagNameMap[K] {
  const made = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) made.setAttribute(name, value);
  if (text !== undefined) made.textContent = text;
  return made;
}

/** The window's look, in the theme's colours (its CSS variables are on every page). */
function addStyles() {
  const style = document.createElement("style");
  style.textContent = `
.site-search{width:min(40rem,calc(100vw - 2rem));max-height:min(36rem,calc(100dvh - 2rem));margin:1rem auto auto;padding:0;border:1px solid var(--chakra-colors-border);border-radius:var(--chakra-radii-lg);background:var(--chakra-colors-bg);color:var(--chakra-colors-fg);box-shadow:var(--chakra-shadows-xl);overflow:auto}
.site-search::backdrop{background:rgb(8 19 38 / 60%)}
.site-search-title{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
.site-search-bar{display:flex;gap:.5rem;align-items:center}
.site-search-input{flex:1;min-width:0;min-height:2.75rem;padding:0 .75rem;border:1px solid var(--chakra-colors-gray-500);border-radius:var(--chakra-radii-md);background:var(--chakra-colors-bg);font-size:1rem}
.site-search-input:focus-visible,.site-search-close:focus-visible,.site-search-result:focus-visible{outline:2px solid var(--chakra-colors-navy-focus-ring);outline-offset:2px}
.site-search-close{display:inline-flex;align-items:center;justify-content:center;width:2.75rem;height:2.75rem;flex-shrink:0;border-radius:var(--chakra-radii-md);cursor:pointer}
.site-search-close:hover{background:var(--chakra-colors-bg-muted)}
.site-search-status{margin:.75rem 0 .25rem;padding:0 .75rem;color:var(--chakra-colors-fg-muted);font-size:.875rem}
.site-search-panel{padding:1rem}
.site-search-status:empty{margin:0}
.site-search-results{display:grid;gap:.25rem}
.site-search-result{display:grid;gap:.125rem;padding:.625rem .75rem;border-radius:var(--chakra-radii-md);color:inherit;text-decoration:none}
.site-search-result:hover,.site-search-result:focus-visible{background:var(--chakra-colors-bg-muted)}
.site-search-result-title{font-weight:600;color:var(--chakra-colors-navy-fg)}
.site-search-excerpt{font-size:.875rem;color:var(--chakra-colors-fg-muted)}
.site-search-more{margin:.5rem .75rem 0;min-height:2.75rem;padding:0 1rem;border:1px solid var(--chakra-colors-gray-500);border-radius:var(--chakra-radii-md);color:var(--chakra-colors-navy-fg);font-weight:600;cursor:pointer}
.site-search-more:hover{background:var(--chakra-colors-bg-muted)}
.site-search-more:focus-visible{outline:2px solid var(--chakra-colors-navy-focus-ring);outline-offset:2px}
.site-search-more[hidden]{display:none}
.site-search-excerpt mark{background:var(--chakra-colors-gold-muted);color:var(--chakra-colors-fg);font-weight:600;border-radius:2px;padding:0 1px}
`;
  document.head.append(style);
}
