import type { Page } from "playwright-core";
import { describe, expect, inject, test } from "vitest";
import { MIN_WORDS_BEFORE, SHORT_ENDING } from "../../src/ui/Heading.tsx";
import { DEFERRED_SECTIONS } from "../../src/ui/theme.ts";
import { DESKTOP, FIXTURE_ROUTES, fixtureUrl, inLanes, LANES, openPage, PHONE, useBrowser } from "../support/browser.ts";

/** The finish of every page of the spec fixture site: headings, card rows, target sizes, links between pages. */
describe("layout and finish on the spec fixture site", () => {
  const browser = useBrowser();

  /**
   * One visit per route, read at every width by every check of the finish below: the page is
   * loaded once and resized from 320 to 1280 px (a page load costs far more than a resize, and
   * the browser tests share two cores).
   */
  let finish: Promise<Finish> | undefined;
  const measured = () => (finish ??= measureFinish());
  async function measureFinish(): Promise<Finish> {
    const found: Finish = { broken: [], hyphenated: 0, wrapped: 0, rows: 0, misaligned: [], lopsided: [], small: [] };
    const pages = await Promise.all(Array.from({ length: LANES }, () => openPage(browser(), PHONE)));
    try {
      await inLanes(FIXTURE_ROUTES, LANES, async (route, lane) => {
        const { page } = pages[lane]!;
        await page.goto(fixtureUrl(route));
        for (const width of [320, 360, 390, 480, 768, 1024, 1280]) {
          // The phone's and the desktop's own heights at their widths, a common one between.
          await page.setViewportSize(width === PHONE.width ? PHONE : width === DESKTOP.width ? DESKTOP : { width, height: 800 });
          const words = await hyphenatedWordLines(page);
          found.hyphenated += words.length;
          for (const word of words)
            if (word.lines > 1) found.broken.push(`${route} at ${width} px: "${word.word}" in "${word.heading}" spans ${word.lines} lines`);
          const endings = await headingEndings(page, SHORT_ENDING, MIN_WORDS_BEFORE + 2);
          found.wrapped += endings.wrapped;
          for (const heading of endings.lone) found.broken.push(`${route} at ${width} px: "${heading}" ends with a lone word on its last line`);
          if (width === PHONE.width || width === DESKTOP.width)
            for (const target of await smallTargets(page)) found.small.push(`${route} at ${width} px: ${target}`);
          if (width !== DESKTOP.width) continue;
          const cards = await cardRows(page);
          found.rows += cards.rows;
          found.misaligned.push(...cards.misaligned.map((problem) => `${route}: ${problem}`));
          const opening = await openingExtent(page);
          if (!opening) continue;
          const centred = Math.abs(opening.left - opening.right) <= 24;
          // A heading alone on one line is a title bar, not a half-empty opening.
          const titleBar = opening.height < 120;
          if (!centred && !titleBar && opening.right > opening.width / 4) {
            found.lopsided.push(`${route}: the opening leaves ${Math.round(opening.right)} px of its ${Math.round(opening.width)} px empty on the right`);
          }
        }
      });
    } finally {
      await Promise.all(pages.map(({ close }) => close()));
    }
    return found;
  }

  test("no heading breaks inside a hyphenated word or leaves a lone last word it had room to avoid, from 320 to 1280 px", async () => {
    const { hyphenated, wrapped, broken } = await measured();
    // The fixture's headings and leads do hold hyphenated words (well-paid, Year-Round, Step-by-step, safe-harbor), and
    // headings of several lines, so both checks have something to check.
    expect(hyphenated).toBeGreaterThan(0);
    expect(wrapped).toBeGreaterThan(20);
    expect(broken).toEqual([]);
  });

  test("cards in a row start each part (quote, timeline, button) at the same height", async () => {
    const { rows, misaligned } = await measured();
    expect(rows).toBeGreaterThan(0);
    expect(misaligned).toEqual([]);
  });

  test("every page's opening uses the width at 1280 px: centred, or reaching the right quarter, never a block of words on the left half and nothing beside them", async () => {
    expect((await measured()).lopsided).toEqual([]);
  });

  test("every link, button and field is at least 24 × 24 px, at 390 and 1280 px", async () => {
    expect((await measured()).small).toEqual([]);
  });

  test("sections below the first are drawn as they are scrolled to: none shows blank, nothing shifts, a link to one lands on it", async () => {
    const problems: string[] = [];
    let deferred = 0;
    let jumps = 0;
    for (const viewport of [PHONE, DESKTOP]) {
      const pages = await Promise.all(Array.from({ length: LANES }, () => openPage(browser(), viewport)));
      // The typeface fetched once first, as a visitor's first page does: whether a late one stays out is
      // the design tests' concern (design.test.ts); here every page is drawn in it from the start.
      await Promise.all(pages.map(({ page }) => page.goto(fixtureUrl("/")).then(() => page.evaluate(() => document.fonts.ready))));
      try {
        await inLanes(FIXTURE_ROUTES, LANES, async (route, lane) => {
          const { page } = pages[lane]!;
          await page.goto(fixtureUrl(route));
          // Read first, then added: lanes run side by side, and `deferred += await …` would add to a stale total.
          const drawnLater = await page.evaluate(
            (selector) => [...document.querySelectorAll(selector)].filter((section) => getComputedStyle(section).contentVisibility === "auto").length,
            DEFERRED_SECTIONS,
          );
          deferred += drawnLater;
          for (const problem of await scrollThrough(page)) problems.push(`${route} at ${viewport.width} px: ${problem}`);
          for (const id of await page.$$eval("main > section[id]", (sections) => sections.map((section) => section.id))) {
            await page.goto(fixtureUrl(route));
            const landed = await jumpTo(page, id);
            jumps++;
            if (landed !== "on it") problems.push(`${route} at ${viewport.width} px: #${id} ${landed}`);
          }
        });
      } finally {
        await Promise.all(pages.map(({ close }) => close()));
      }
    }
    expect(deferred).toBeGreaterThan(FIXTURE_ROUTES.length);
    expect(jumps).toBeGreaterThan(10);
    expect(problems).toEqual([]);
    // Every page at two widths, scrolled through and jumped into once per section: about a minute when the
    // machine is busy with other test files; the limit detects a hang.
  }, 180_000);

  test("every route is reached from / by following links", async () => {
    const base = inject("fixtureUrl");
    const seen = new Set<string>(["/"]);
    const queue = ["/"];
    while (queue.length > 0) {
      const path = queue.shift()!;
      const html = await (await fetch(base + path)).text();
      for (const [, href = ""] of html.matchAll(/<a\b[^>]*?\shref="([^"]+)"/g)) {
        if (!href.startsWith("/") || href.startsWith("//")) continue;
        const target = new URL(href, base).pathname.replace(/(.)\/$/, "$1");
        if (!seen.has(target) && !/\.[a-z0-9]+$/i.test(target)) {
          seen.add(target);
          queue.push(target);
        }
      }
    }
    expect(FIXTURE_ROUTES.filter((route) => !seen.has(route))).toEqual([]);
  });
});

/** What the visit of every route finds, for the checks of the finish. */
interface Finish {
  broken: string[];
  hyphenated: number;
  wrapped: number;
  rows: number;
  misaligned: string[];
  lopsided: string[];
  small: string[];
}

/**
 * Visible headings of several lines whose last line holds one word while the line above holds
 * more, although the last two words (short enough, and after enough others, for the heading to
 * keep together) fit within the heading's width: an orphan that could have been avoided.
 */
function headingEndings(page: Page, longestKept: number, fewestWords: number) {
  return page.evaluate(
    ({ longest, fewest }) => {
      const lone: string[] = [];
      let wrapped = 0;
      const context = document.createElement("canvas").getContext("2d")!;
      for (const heading of document.querySelectorAll<HTMLElement>("h1, h2, h3, h4, h5, h6")) {
        if (heading.getClientRects().length === 0) continue;
        const words: { word: string; top: number }[] = [];
        const walker = document.createTreeWalker(heading, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
          for (const match of node.data.matchAll(/\S+/g)) {
            const range = document.createRange();
            range.setStart(node, match.index);
            range.setEnd(node, match.index + match[0].length);
            const rects = [...range.getClientRects()].filter((rect) => rect.width > 0);
            if (rects.length > 0) words.push({ word: match[0], top: Math.round(rects[rects.length - 1]!.top) });
          }
        }
        const tops = [...new Set(words.map((entry) => entry.top))];
        if (tops.length < 2) continue;
        wrapped++;
        const last = words.filter((entry) => entry.top === tops[tops.length - 1]);
        const above = words.filter((entry) => entry.top === tops[tops.length - 2]);
        if (last.length !== 1 || above.length < 2 || words.length < fewest) continue;
        const ending = `${above[above.length - 1]!.word} ${last[0]!.word}`;
        const style = getComputedStyle(heading);
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        context.letterSpacing = style.letterSpacing;
        const width = heading.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        if (ending.length <= longest && context.measureText(ending).width <= width) lone.push(heading.textContent!.trim());
      }
      return { lone, wrapped };
    },
    { longest: longestKept, fewest: fewestWords },
  );
}

/** Each hyphenated word of each visible heading and of the text under it, with the number of lines its text occupies. */
function hyphenatedWordLines(page: Page) {
  return page.evaluate(() => {
    const results: { heading: string; word: string; lines: number }[] = [];
    // Headings, and the short texts read with them: a hero's lead, a section's intro, a card's description
    // or summary (a paragraph after a heading, or after the block holding an eyebrow and a heading). An
    // article's prose is long-form text, left to break as browsers do.
    const level = ":is(h1, h2, h3, h4, h5, h6)";
    const titled = `${level}, :is(${level}, :has(> ${level})) ~ p:not(article *)`;
    for (const heading of document.querySelectorAll<HTMLElement>(titled)) {
      if (heading.getClientRects().length === 0) continue;
      // The heading's text, with where each character lives, so a word may span several text nodes.
      const nodes: { node: Text; start: number }[] = [];
      let text = "";
      const walker = document.createTreeWalker(heading, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        nodes.push({ node, start: text.length });
        text += node.data;
      }
      const at = (offset: number, end: boolean) => {
        const entry = nodes.findLast((candidate) => (end ? candidate.start < offset : candidate.start <= offset))!;
        return { node: entry.node, offset: offset - entry.start };
      };
      for (const match of text.matchAll(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)+/gu)) {
        const range = document.createRange();
        const start = at(match.index, false);
        const end = at(match.index + match[0].length, true);
        range.setStart(start.node, start.offset);
        range.setEnd(end.node, end.offset);
        const tops = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
        results.push({ heading: text.trim(), word: match[0], lines: tops.size });
      }
    }
    return results;
  });
}

/**
 * Grids whose cards take their rows from the grid (subgrid): within each row of cards, the
 * n-th part of every card starts at the same height, and so do their quotes.
 */
function cardRows(page: Page) {
  return page.evaluate(() => {
    const misaligned: string[] = [];
    let rows = 0;
    for (const list of document.querySelectorAll<HTMLElement>("ul, ol")) {
      const cards = [...list.children].filter((child): child is HTMLElement => child instanceof HTMLElement && child.tagName === "LI");
      if (cards.length < 2 || !cards.some((card) => getComputedStyle(card).gridTemplateRows.startsWith("subgrid"))) continue;
      const byRow = new Map<number, HTMLElement[]>();
      for (const card of cards) {
        const top = Math.round(card.getBoundingClientRect().top);
        byRow.set(top, [...(byRow.get(top) ?? []), card]);
      }
      for (const row of byRow.values()) {
        if (row.length < 2) continue;
        rows++;
        const label = row[0]!.textContent?.slice(0, 40);
        // A card's parts are its grid items: an absolutely placed badge is not one.
        const partsOf = (card: HTMLElement) => [...card.children].filter((part) => getComputedStyle(part).position !== "absolute");
        const partCount = Math.max(...row.map((card) => partsOf(card).length));
        for (let index = 0; index < partCount; index++) {
          const parts = row.map((card) => partsOf(card)[index]).filter((part): part is Element => !!part && part.getClientRects().length > 0);
          const values = parts.map((part) => part.getBoundingClientRect().top);
          if (values.length > 1 && Math.max(...values) - Math.min(...values) > 1)
            misaligned.push(`part ${index + 1} of the cards starting "${label}" starts at ${values.map(Math.round).join(", ")} px`);
        }
        const quotes = row.map((card) => card.querySelector("blockquote")).filter((quote) => quote !== null);
        const quoteTops = quotes.map((quote) => quote.getBoundingClientRect().top);
        if (quoteTops.length > 1 && Math.max(...quoteTops) - Math.min(...quoteTops) > 1)
          misaligned.push(`quotes of the row starting "${label}" start at ${quoteTops.map(Math.round).join(", ")} px`);
      }
    }
    return { rows, misaligned };
  });
}

/**
 * Visible links, buttons, summaries and fields smaller than 24 × 24 px (WCAG 2.2, 2.5.8).
 * Left out, as WCAG leaves them out: links inside a sentence, and the skip link, which is
 * off screen until focused.
 */
function smallTargets(page: Page) {
  return page.evaluate(() => {
    const small: string[] = [];
    for (const target of document.querySelectorAll<HTMLElement>("a[href], button, summary, input:not([type=hidden]), select, textarea, [role=button]")) {
      const rect = target.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0 || getComputedStyle(target).visibility === "hidden") continue;
      if (rect.width <= 1 && rect.height <= 1) continue;
      if (rect.right < 0 || rect.bottom < 0) continue;
      const inSentence =
        target.tagName === "A" &&
        getComputedStyle(target).display === "inline" &&
        target.parentElement?.matches("p, li, dd, span") &&
        target.parentElement.textContent!.trim() !== target.textContent!.trim();
      if (inSentence) continue;
      if (rect.width < 24 || rect.height < 24)
        small.push(
          `${target.tagName.toLowerCase()} "${(target.textContent ?? "").trim().slice(0, 40)}" is ${Math.round(rect.width)} × ${Math.round(rect.height)} px`,
        );
    }
    return small;
  });
}

/**
 * Scrolls from the top of the page to its end a little less than a screen at a time, as a
 * visitor's wheel or thumb would. Reports a section in view whose content is not drawn, and
 * any layout shift on the way.
 */
async function scrollThrough(page: Page): Promise<string[]> {
  await page.evaluate(() => {
    const shifts: { value: number; moved: string[] }[] = [];
    const describe = (node: Node | null) => {
      if (!(node instanceof Element)) return node?.nodeName ?? "a node gone since";
      const named = node.closest("[id]");
      return `${node.tagName.toLowerCase()}${node.className && typeof node.className === "string" ? `.${node.className.split(" ")[0]}` : ""}${named && named !== node ? ` in #${named.id}` : ""}`;
    };
    const scrollingFrom = Math.round(performance.now());
    Object.assign(window, { layoutShifts: shifts, scrollingFrom });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
      })[]) {
        // What moved before the scrolling began belongs to the load: on a machine busy with other
        // tests, the typeface can arrive within its block period, after the first layout, and
        // redraw the still hidden text (0.003 on /forms, at 226 ms). design.test.ts holds a late
        // typeface to no shift; this test is about what scrolling draws.
        if (entry.startTime < scrollingFrom) continue;
        const moved = entry.sources.map(
          (source) => `${describe(source.node)} from y ${Math.round(source.previousRect.y)} to ${Math.round(source.currentRect.y)}`,
        );
        shifts.push({ value: entry.value, moved: [`at ${Math.round(entry.startTime)} ms`, ...moved] });
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  const problems = new Set<string>();
  const { height } = page.viewportSize()!;
  for (let step = 0; step < 200; step++) {
    const { blank, atEnd } = await page.evaluate(async () => {
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      const blank = [...document.querySelectorAll("main > section")]
        .filter((section) => {
          const box = section.getBoundingClientRect();
          const first = section.firstElementChild;
          return box.bottom > 0 && box.top < innerHeight && first !== null && !first.checkVisibility({ contentVisibilityAuto: true });
        })
        .map((section) => section.id || section.getAttribute("aria-labelledby") || "a section");
      return { blank, atEnd: scrollY + innerHeight >= document.documentElement.scrollHeight - 1 };
    });
    for (const section of blank) problems.add(`${section} is in view but not drawn`);
    if (atEnd) break;
    await page.mouse.wheel(0, Math.round(height * 0.8));
  }
  const { shifts, scrollingFrom } = await page.evaluate(() => {
    const { layoutShifts, scrollingFrom } = window as unknown as { layoutShifts: { value: number; moved: string[] }[]; scrollingFrom: number };
    return { shifts: layoutShifts, scrollingFrom };
  });
  const shifted = shifts.reduce((sum, shift) => sum + shift.value, 0);
  // What moved, and when: a shift under load is otherwise a number with no lead.
  const moved = shifts.map((shift) => `${shift.value.toFixed(3)} ${shift.moved.join(", ")}`).join("; ");
  if (shifted > 0.001) problems.add(`the layout shifted by ${shifted.toFixed(3)} while scrolling from ${scrollingFrom} ms (${moved})`);
  return [...problems];
}

/**
 * Follows a link to a section of the page, as a click on an in-page link does, and waits until
 * the page stops scrolling: the section must start where anchored sections land (the root's
 * scroll padding, below the sticky header), or the page must be scrolled to its end.
 */
async function jumpTo(page: Page, id: string): Promise<string> {
  return page.evaluate(async (target) => {
    location.hash = target;
    let last = -1;
    for (let frame = 0; frame < 120 && scrollY !== last; frame++) {
      last = scrollY;
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    }
    const top = document.getElementById(target)!.getBoundingClientRect().top;
    const padding = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
    const atEnd = scrollY + innerHeight >= document.documentElement.scrollHeight - 1;
    if (Math.abs(top - padding) <= 2 || (atEnd && top >= 0 && top <= padding)) return "on it";
    return `left the section at ${Math.round(top)} px from the top (expected ${padding} px)`;
  }, id);
}

/**
 * How far the words, pictures and buttons of a page's first section stay from the left and right
 * edges of its content column, the height they take, and that column's width, in px.
 */
function openingExtent(page: Page) {
  return page.evaluate(() => {
    const column = document.querySelector("main section")?.firstElementChild;
    if (!column) return undefined;
    const frame = column.getBoundingClientRect();
    const boxes: DOMRect[] = [];
    const walker = document.createTreeWalker(column, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      boxes.push(...range.getClientRects());
    }
    for (const element of column.querySelectorAll("img, a, button")) boxes.push(element.getBoundingClientRect());
    const visible = boxes.filter((box) => box.width > 0 && box.height > 0);
    if (visible.length === 0) return undefined;
    return {
      width: frame.width,
      left: Math.min(...visible.map((box) => box.left)) - frame.left,
      right: frame.right - Math.max(...visible.map((box) => box.right)),
      height: Math.max(...visible.map((box) => box.bottom)) - Math.min(...visible.map((box) => box.top)),
    };
  });
}
