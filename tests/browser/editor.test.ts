/**
 * The page editor (npm run edit) as a marketer uses it, on a temporary copy of the fixture
 * site: every change is checked on disk, byte for byte (the comments and the rest of the
 * file untouched), and in the preview.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startEditor, type RunningEditor } from "../../src/editor/start.ts";
import { applyEdit, valueAt, valueOf } from "../../src/editor/yaml-edit.ts";
import { listImages } from "../../src/content/images.ts";
import { loadContent } from "../../src/site/load.ts";
import { axeViolations, openPage, useBrowser } from "../support/browser.ts";
import { LIVE_DIST } from "../support/serve-dist.ts";
import { siteCopy } from "../support/site-copy.ts";

// Each step waits for a save, the dev server's reload and the preview: seconds on a busy machine.
vi.setConfig({ testTimeout: 120_000 });
const browser = useBrowser();
const site = siteCopy("editor-test");
const pagesFile = join(site.dir, "pages.yaml");
const original = readFileSync(pagesFile, "utf8");
const onDisk = () => readFileSync(pagesFile, "utf8");
const sections = ["routes", 0, "sections"];
const TYPED_HEADING = "Keep more of what your MSP earns";
/** The editor's own pages, as axe tags WCAG 2.1 AA (the preview's site is checked on its own). */
const EDITOR_WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
let editor: RunningEditor;
let page: Page;
let close: () => Promise<void>;

beforeAll(async () => {
  editor = await startEditor({ root: site.dir, port: 0, quiet: true });
  ({ page, close } = await openPage(browser(), { width: 1280, height: 900 }));
  await page.goto(editor.url, { waitUntil: "load", timeout: 150_000 });
  await page.locator("[data-outline]").waitFor({ timeout: 150_000 });
}, 400_000);
afterAll(async () => {
  await close?.();
  await editor?.close();
  site.remove();
});

const preview = () => page.frameLocator("iframe[data-preview]");
/** The preview's sections, by their visible text. */
const previewSection = (index: number) => preview().locator(`main > :nth-child(${index + 1})`);
/**
 * How long the preview may take to show a saved change: the dev server reads the content again and
 * updates the page in place; once, on a machine busy encoding a 12-megapixel photo for another test
 * file, it had not within 20 s. A wait on that, not a speed target.
 */
const PREVIEW_TIMEOUT = 60_000;
const waitForDisk = (expected: string) => expect.poll(onDisk, { timeout: 20_000, interval: 100 }).toBe(expected);
const field = (path: string) => page.locator(`[data-path="${path}"]`);
/** Drags one outline entry onto another, both first brought into view so that nothing scrolls between press and drop. */
async function drag(from: number, to: number) {
  const source = page.locator(`[data-section-index="${from}"]`);
  const target = page.locator(`[data-section-index="${to}"]`);
  await target.scrollIntoViewIfNeeded();
  await source.scrollIntoViewIfNeeded();
  await source.dragTo(target);
}

describe("the page editor", () => {
  it("passes axe and takes the token out of the address bar, keeping it nowhere the page's documents can read", async () => {
    expect(page.url()).not.toContain("token=");
    const readable = await page.evaluate(() => [document.cookie, JSON.stringify({ ...sessionStorage }), JSON.stringify({ ...localStorage })].join("\n"));
    expect(readable).not.toContain(editor.token);
    expect(await axeViolations(page, { tags: EDITOR_WCAG, exclude: "iframe" })).toEqual([]);
  });

  it("moves a section with the keyboard, and by dragging it, moving exactly its lines", async () => {
    const before = onDisk();
    const stats = valueAt(valueOf(before), [...sections, 1]) as { items: { label: string }[] };
    await page.locator('[data-section-index="1"]').click();
    await page.keyboard.press("Alt+ArrowDown");
    const moved = applyEdit(before, { op: "move", path: sections, from: 1, to: 2 });
    await waitForDisk(moved);
    await expect.poll(() => previewSection(2).textContent(), { timeout: PREVIEW_TIMEOUT }).toContain(stats.items[0]!.label);
    // Focus stays on the moved section: a second press moves it back.
    await page.keyboard.press("Alt+ArrowUp");
    await waitForDisk(before);
    await drag(1, 2);
    await waitForDisk(moved);
    await drag(2, 1);
    await waitForDisk(before);
  });

  it("edits a field: one line changes on disk and the preview shows it", async () => {
    const before = onDisk();
    await page.locator('[data-section-index="0"]').click();
    const heading = field("routes[0].sections[0].heading");
    await heading.fill(TYPED_HEADING);
    await waitForDisk(applyEdit(before, { op: "set", path: [...sections, 0, "heading"], value: TYPED_HEADING }));
    await expect.poll(() => preview().locator("h1").textContent(), { timeout: PREVIEW_TIMEOUT }).toBe(TYPED_HEADING);
  });

  it("shows a validation problem on its field, with the validator's code and message, and writes nothing", async () => {
    const before = onDisk();
    await field("routes[0].sections[0].heading").fill("");
    // A required field emptied is written empty, for the validator to say what it needs.
    const draft = applyEdit(before, { op: "set", path: [...sections, 0, "heading"], value: "" });
    const expected = loadContent(site.dir, { read: (file) => (file === "pages.yaml" ? draft : readFileSync(join(site.dir, file), "utf8")) }).problems.find(
      (problem) => problem.path === "routes[0].sections[0].heading" || problem.path === "routes[0].sections[0]",
    )!;
    expect(expected).toBeDefined();
    const shown = page.locator(`[data-field="${expected.path}"] [data-problem-code="${expected.code}"]`).first();
    await expect.poll(() => shown.textContent(), { timeout: 20_000 }).toContain(expected.message);
    await expect.poll(() => page.locator("[data-status]").textContent()).toMatch(/Not saved/);
    expect(onDisk()).toBe(before);
  });

  it("undoes: the field and the file are as they were", async () => {
    const before = onDisk();
    await page.getByRole("button", { name: "Undo" }).click();
    // The empty heading is undone; the file already holds the text typed before it.
    await expect.poll(() => field("routes[0].sections[0].heading").inputValue()).toBe(TYPED_HEADING);
    expect(onDisk()).toBe(before);
    await page.getByRole("button", { name: "Undo" }).click();
    await waitForDisk(original);
    await expect
      .poll(() => preview().locator("h1").textContent(), { timeout: PREVIEW_TIMEOUT })
      .toBe(valueAt(valueOf(original), [...sections, 0, "heading"]) as string);
  });

  it("redoes what was undone, on disk and in the preview, and undoes it again", async () => {
    const heading = "routes[0].sections[0].heading";
    // The undo above took the file back to the original; redo writes the typed heading again.
    await page.getByRole("button", { name: "Redo" }).click();
    await waitForDisk(applyEdit(original, { op: "set", path: [...sections, 0, "heading"], value: TYPED_HEADING }));
    await expect.poll(() => field(heading).inputValue()).toBe(TYPED_HEADING);
    await expect.poll(() => preview().locator("h1").textContent(), { timeout: PREVIEW_TIMEOUT }).toBe(TYPED_HEADING);
    await page.keyboard.press("Control+z");
    await waitForDisk(original);
  });

  it("shows the preview at 390, 768 and 1,280 px, the chosen width pressed", async () => {
    for (const width of [768, 390, 1280]) {
      const button = page.getByRole("button", { name: `${width} px` });
      await button.click();
      await expect.poll(() => button.getAttribute("aria-pressed")).toBe("true");
      // The page inside lays itself out at that width, whatever the pane's own size.
      await expect
        .poll(() =>
          preview()
            .locator("html")
            .evaluate((html) => html.clientWidth),
        )
        .toBe(width);
    }
  });

  it("adds a section from the catalogue and deletes it", async () => {
    const before = onDisk();
    await page.locator('[data-section-index="2"]').click();
    await page.getByLabel("Block to add").selectOption("cta");
    await expect.poll(() => page.locator("[data-example]").textContent()).toContain("type: cta");
    await page.getByRole("button", { name: /^Add after the selected section/ }).click();
    const example = valueOf(readFileSync(join(site.dir, "src", "blocks", "cta", "example.yaml"), "utf8"));
    const added = applyEdit(before, { op: "insert", path: sections, index: 3, value: example });
    await waitForDisk(added);
    await expect.poll(() => previewSection(3).textContent(), { timeout: PREVIEW_TIMEOUT }).toContain((example as { heading: string }).heading);
    await page.getByRole("button", { name: "Delete" }).click();
    await waitForDisk(before);
  });

  it("picks a link target from the list of pages and named targets", async () => {
    const before = onDisk();
    await page.locator('[data-section-index="0"]').click();
    await page.getByLabel("Pick where to goes").first().selectOption("course");
    await waitForDisk(applyEdit(before, { op: "set", path: [...sections, 0, "actions", 0, "to"], value: "course" }));
    await expect.poll(() => field("routes[0].sections[0].actions[0].to").inputValue()).toBe("course");
  });

  it("offers the site's pictures in an image field, and a collection's tags where a section picks its items by tag", async () => {
    const before = onDisk();
    const offered = (path: string) =>
      page.locator(`[data-field="${path}"] datalist option`).evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
    const list = valueAt(valueOf(before), sections) as { type: string; image?: { src: string }; items?: { from?: string; tag?: string } }[];
    const pictured = list.findIndex((section) => section.image?.src);
    await page.locator(`[data-section-index="${pictured}"]`).click();
    const pictures = listImages({ content: site.dir, project: site.dir });
    expect(pictures).toContain(list[pictured]!.image!.src);
    expect(await offered(`routes[0].sections[${pictured}].image.src`)).toEqual(pictures);

    const picked = list.findIndex((section) => section.items?.from === "press" && section.items.tag);
    await page.locator(`[data-section-index="${picked}"]`).click();
    const press = valueOf(readFileSync(join(site.dir, "content", "press.yaml"), "utf8")) as { items: { tags?: string[] }[] };
    const tags = [...new Set(press.items.flatMap((item) => item.tags ?? []))].sort();
    expect(tags.length).toBeGreaterThan(1);
    const path = `routes[0].sections[${picked}].items.tag`;
    expect(await offered(path)).toEqual(tags);
    const other = tags.find((tag) => tag !== list[picked]!.items!.tag)!;
    await field(path).fill(other);
    await waitForDisk(applyEdit(before, { op: "set", path: [...sections, picked, "items", "tag"], value: other }));
    await field(path).fill(list[picked]!.items!.tag!);
    await waitForDisk(before);
  });

  it("edits a site-wide file: a field of site.yaml and a named target, each one line on disk, the preview following", async () => {
    const siteFile = join(site.dir, "content", "site.yaml");
    const before = readFileSync(siteFile, "utf8");
    await page.locator('[data-file-id="site"]').click();
    await expect.poll(() => page.locator("#file-form-title").textContent()).toBe("content/site.yaml");
    await field("brand.name").fill("Harbor Tax Partners");
    const renamed = applyEdit(before, { op: "set", path: ["brand", "name"], value: "Harbor Tax Partners" });
    await expect.poll(() => readFileSync(siteFile, "utf8"), { timeout: 20_000, interval: 100 }).toBe(renamed);
    await expect.poll(() => preview().locator("header").first().textContent(), { timeout: PREVIEW_TIMEOUT }).toContain("Harbor Tax Partners");
    // A map of names the marketer chose: each name is a field.
    await field("targets.booking").fill("https://calendly.com/harbor");
    await expect
      .poll(() => readFileSync(siteFile, "utf8"), { timeout: 20_000, interval: 100 })
      .toBe(applyEdit(renamed, { op: "set", path: ["targets", "booking"], value: "https://calendly.com/harbor" }));
    await page.keyboard.press("Control+z");
    await page.keyboard.press("Control+z");
    await expect.poll(() => readFileSync(siteFile, "utf8"), { timeout: 20_000, interval: 100 }).toBe(before);
    // Back to the page: its sections' form again.
    await page.getByRole("button", { name: "/", exact: true }).click();
    await expect.poll(() => page.locator("[data-file-form]").count()).toBe(0);
  });

  it("offers to keep a renamed page's old address, and keeps it as the page's redirectFrom", async () => {
    const before = onDisk();
    type Routes = { routes: { path: string; redirectFrom?: string[] }[] };
    const routes = (valueOf(before) as Routes).routes;
    const index = routes.findIndex((route, at) => at > 0 && route.path !== "*" && !route.redirectFrom);
    const old = routes[index]!.path;
    const renamed = `${old}-renamed`;
    await page.getByRole("button", { name: old, exact: true }).click();
    await page.locator("[data-page-settings] > summary").click();
    expect(await page.locator("[data-keep-old-address]").count()).toBe(0);
    await field(`routes[${index}].path`).fill(renamed);
    const offer = page.locator("[data-keep-old-address]");
    await expect.poll(() => offer.textContent(), { timeout: 10_000 }).toContain(`This page was at ${old}`);
    expect(await axeViolations(page, { tags: EDITOR_WCAG, include: "[data-keep-old-address]" })).toEqual([]);
    await offer.getByRole("button", { name: `Keep ${old}` }).click();
    const kept = applyEdit(applyEdit(before, { op: "set", path: ["routes", index, "path"], value: renamed }), {
      op: "set",
      path: ["routes", index, "redirectFrom"],
      value: [old],
      order: ["path", "redirectFrom"],
    });
    await expect.poll(() => (valueOf(onDisk()) as Routes).routes[index], { timeout: 20_000 }).toMatchObject({ path: renamed, redirectFrom: [old] });
    expect(valueOf(onDisk())).toEqual(valueOf(kept));
    // Answered: the offer is not made again for that address.
    expect(await offer.count()).toBe(0);
    expect(await axeViolations(page, { tags: EDITOR_WCAG, include: "[data-page-settings]" })).toEqual([]);
    // Both steps undo as they were made: the old address kept, then the rename.
    await page.keyboard.press("Control+z");
    await page.keyboard.press("Control+z");
    await waitForDisk(before);
    await expect.poll(() => field(`routes[${index}].path`).inputValue()).toBe(old);
    await page.getByRole("button", { name: routes[0]!.path, exact: true }).click();
  });

  it("never writes over a change made outside the editor: reloads it and keeps the editor's other change", async () => {
    const theirs = applyEdit(onDisk(), { op: "set", path: ["routes", 0, "title"], value: "Changed in a text editor" });
    writeFileSync(pagesFile, theirs);
    await page.locator('[data-section-index="0"]').click();
    await field("routes[0].sections[0].eyebrow").fill("Written in the page editor");
    await waitForDisk(applyEdit(theirs, { op: "set", path: [...sections, 0, "eyebrow"], value: "Written in the page editor" }));
    await expect.poll(() => page.locator("[data-conflict]").textContent()).toContain("changed outside the editor");
    await expect.poll(() => field("routes[0].title").inputValue()).toBe("Changed in a text editor");
    // The same field changed on both sides: the file's version stays, and the report names the field.
    const again = applyEdit(onDisk(), { op: "set", path: [...sections, 0, "eyebrow"], value: "Theirs" });
    writeFileSync(pagesFile, again);
    await field("routes[0].sections[0].eyebrow").fill("Mine");
    await expect.poll(() => page.locator("[data-conflict]").textContent(), { timeout: 20_000 }).toContain("routes[0].sections[0].eyebrow");
    expect(onDisk()).toBe(again);
    await expect.poll(() => field("routes[0].sections[0].eyebrow").inputValue()).toBe("Theirs");
    writeFileSync(pagesFile, original);
  });

  it("is not part of the built site", () => {
    const files = readdirSync(LIVE_DIST, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile() && /\.(html|js|json)$/.test(entry.name));
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) expect(readFileSync(join(file.parentPath, file.name), "utf8"), file.name).not.toMatch(/__editor|x-editor-token/);
  });

  it("selects a section by clicking it in the preview", async () => {
    await previewSection(1).click();
    await expect.poll(() => page.locator('[data-section-index="1"]').getAttribute("aria-current")).toBe("true");
    await expect.poll(() => page.locator("#section-form-title").textContent()).toContain(valueAt(valueOf(onDisk()), [...sections, 1, "type"]) as string);
  });
});
