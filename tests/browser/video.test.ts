/**
 * Videos on the built spec fixture site (/preview: a video block, and a button that
 * opens the same video): a local poster until the visitor presses play, nothing
 * requested from the video's host before then, the player from the privacy-enhanced
 * domain afterwards, keyboard and screen-reader use, and each page's policy framing
 * exactly the players it uses. The host itself is never reached: its requests are
 * aborted and recorded.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { fixtureUrl, hydrated, openPage, PHONE, useBrowser } from "../support/browser.ts";
import { SPEC_SITE } from "../support/fixture-site.ts";
import { parseVideoUrl } from "../../src/content/video.ts";

const browser = useBrowser();
const site = parse(readFileSync(join(SPEC_SITE, "content", "site.yaml"), "utf8")) as {
  videos: Record<string, { url: string; title: string }>;
  videoLabels: { play: string };
};
const preview = site.videos["course-preview"]!;
const parsed = parseVideoUrl(preview.url);
if (!parsed.ok) throw new Error(parsed.message);
const embedUrl = parsed.video.embedUrl;
const playName = site.videoLabels.play.replace("{title}", () => preview.title);

/** Every request to another origin, each aborted so the test never reaches the video's host. */
async function recordOutside(page: Page): Promise<string[]> {
  const outside: string[] = [];
  const here = new URL(fixtureUrl("/")).origin;
  await page.route(
    (url) => url.origin !== here,
    (route) => {
      outside.push(route.request().url());
      return route.abort();
    },
  );
  await page.addInitScript(() => {
    const violations: string[] = [];
    (window as unknown as { violations: string[] }).violations = violations;
    document.addEventListener("securitypolicyviolation", (event) => violations.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  return outside;
}

const violations = (page: Page) => page.evaluate(() => (window as unknown as { violations: string[] }).violations);
const frameSrc = (policy: string | null) =>
  policy
    ?.split(";")
    .map((part) => part.trim().split(/\s+/))
    .find(([name]) => name === "frame-src")
    ?.slice(1);

describe("a video block", () => {
  it("shows a local poster in the widths its place needs, and asks nothing of the video's host before play", async () => {
    const { page, close } = await openPage(browser());
    const outside = await recordOutside(page);
    await page.goto(fixtureUrl("/preview"), { waitUntil: "networkidle" });
    await hydrated(page);
    const poster = page.locator("[data-video-frame] img");
    await poster.scrollIntoViewIfNeeded();
    await page.waitForFunction(() => document.querySelector<HTMLImageElement>("[data-video-frame] img")?.complete);
    const attributes = await poster.evaluate((img: HTMLImageElement) => ({
      srcset: img.getAttribute("srcset"),
      sizes: img.getAttribute("sizes"),
      width: Number(img.getAttribute("width")),
      height: Number(img.getAttribute("height")),
      alt: img.getAttribute("alt"),
      src: new URL(img.currentSrc).origin === location.origin,
      sources: [...(img.parentElement?.querySelectorAll("source") ?? [])].map((source) => source.type),
    }));
    expect(attributes.srcset).toMatch(/ \d+w/);
    expect(attributes.sizes).toBeTruthy();
    expect(attributes.width / attributes.height).toBeCloseTo(16 / 9, 1);
    expect(attributes.alt).toBe("");
    expect(attributes.src).toBe(true);
    expect(attributes.sources).toEqual(["image/avif", "image/webp"]);
    expect(outside).toEqual([]);
    expect(await page.locator("iframe").count()).toBe(0);
    expect(await violations(page)).toEqual([]);
    await close();
  });

  it("is a button named for its video; pressing it loads the player from the privacy-enhanced domain and moves focus into it", async () => {
    const { page, close } = await openPage(browser());
    const outside = await recordOutside(page);
    await page.goto(fixtureUrl("/preview"), { waitUntil: "networkidle" });
    await hydrated(page);
    const play = page.getByRole("button", { name: playName, exact: true });
    expect(await play.count()).toBe(1);
    expect(outside).toEqual([]);
    // By keyboard: focus the button, press Enter.
    await play.focus();
    await page.keyboard.press("Enter");
    const player = page.locator("[data-video-frame] iframe");
    await player.waitFor();
    expect(await player.getAttribute("src")).toBe(embedUrl);
    expect(embedUrl).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]{11}\?autoplay=1$/);
    expect(await player.getAttribute("title")).toBe(preview.title);
    expect(await player.evaluate((iframe) => document.activeElement === iframe)).toBe(true);
    await expect.poll(() => outside).toContain(embedUrl);
    expect(outside.every((address) => new URL(address).origin === "https://www.youtube-nocookie.com")).toBe(true);
    expect(await violations(page)).toEqual([]);
    await close();
  });

  it("without JavaScript is a link to the video on its host, in a new tab", async () => {
    const { page, close } = await openPage(browser(), PHONE, { javaScriptEnabled: false });
    await page.goto(fixtureUrl("/preview"));
    const link = page.locator("[data-video-frame] a");
    expect(await link.getAttribute("href")).toBe(parsed.video.watchUrl);
    expect(await link.getAttribute("target")).toBe("_blank");
    expect(await link.getAttribute("rel")).toContain("noopener");
    await close();
  });
});

describe("a button with a video", () => {
  it("opens the player in a dialog; Escape closes it, takes the player out and returns focus to the button", async () => {
    const { page, problems, close } = await openPage(browser());
    const outside = await recordOutside(page);
    await page.goto(fixtureUrl("/preview"), { waitUntil: "networkidle" });
    await hydrated(page);
    const button = page.getByRole("button", { name: "Watch in a Window" });
    expect(await button.getAttribute("aria-haspopup")).toBe("dialog");
    await button.click();
    const dialog = page.getByRole("dialog", { name: preview.title });
    await dialog.waitFor();
    const player = dialog.locator("iframe");
    expect(await player.getAttribute("src")).toBe(embedUrl);
    expect(await player.getAttribute("title")).toBe(preview.title);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    // The dialog's close event comes a task after it hides.
    await expect.poll(() => page.locator("dialog iframe").count()).toBe(0);
    await expect.poll(() => button.evaluate((element) => document.activeElement === element)).toBe(true);
    // Opened again and closed with its close button.
    await page.keyboard.press("Enter");
    await dialog.waitFor();
    await dialog.getByRole("button").click();
    await dialog.waitFor({ state: "hidden" });
    await expect.poll(() => button.evaluate((element) => document.activeElement === element)).toBe(true);
    expect(outside.every((address) => new URL(address).origin === "https://www.youtube-nocookie.com")).toBe(true);
    expect(await violations(page)).toEqual([]);
    expect(problems()).toEqual([]);
    await close();
  });
});

describe("the security policy", () => {
  it("frames exactly the players a page uses, and nothing on a page without a video", async () => {
    const policy = async (path: string) => (await fetch(fixtureUrl(path))).headers.get("content-security-policy");
    expect(frameSrc(await policy("/preview"))).toEqual(["https://www.youtube-nocookie.com"]);
    expect(frameSrc(await policy("/tax-course"))).toEqual(["https://www.youtube-nocookie.com"]);
    for (const path of ["/press", "/links", "/"]) expect(frameSrc(await policy(path)), path).toEqual(["'none'"]);
    expect(await policy("/press")).not.toContain("youtube");
    // The poster is the site's own picture: no video host among the image sources.
    expect(await policy("/preview")).toContain("img-src 'self';");
  });
});
