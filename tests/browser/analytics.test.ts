/**
 * Analytics on built sites: two variants of the spec fixture site (tests/support/analytics-sites.ts),
 * one with Plausible and one with Google Analytics 4, both pointed at a stub collector on
 * 127.0.0.1, built once and served under their own security policy. Every other origin is
 * answered by the test itself, so a click to the booking page never leaves the machine.
 */
import { execFile } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  analyticsSites,
  CONSENT,
  COURSE_WITH_QUERY,
  EVENTS,
  MEASUREMENT_ID,
  PLAUSIBLE_DOMAIN,
  startCollector,
  type Collector,
  type Hit,
} from "../support/analytics-sites.ts";
import { axeViolations, DESKTOP, fixtureUrl, hydrated, openPage, PHONE, useBrowser } from "../support/browser.ts";
import { ROOT, SPEC_SITE } from "../support/fixture-site.ts";
import { FIXTURE_DIST } from "../support/serve-dist.ts";

const CONSENT_KEY = "analytics-consent";

let collector: Collector;
let sites: Awaited<ReturnType<typeof analyticsSites>>;
beforeAll(async () => {
  collector = await startCollector();
  sites = await analyticsSites(collector.url);
}, 600_000);
afterAll(async () => {
  await sites?.stop();
  await collector?.close();
});

const browser = useBrowser();
let visit = 0;

/** Opens a page of a variant with a query of its own, so the hits it causes can be told apart. */
async function open(
  variant: "plausible" | "google",
  path = "/",
  { viewport = DESKTOP, gpc = false, query = "", sectionId = "" }: { viewport?: typeof DESKTOP; gpc?: boolean; query?: string; sectionId?: string } = {},
) {
  const context = await browser().newContext({ viewport });
  // Booking, course and social pages: answered here, never fetched.
  await context.route(/^https:\/\//, (route) => route.fulfill({ status: 200, contentType: "text/html", body: "" }));
  // Every request this visit makes to the collector, whatever it carries.
  const requests: string[] = [];
  context.on("request", (request) => {
    if (request.url().startsWith(collector.url)) requests.push(`${request.method()} ${request.url().slice(collector.url.length)}`);
  });
  await context.addInitScript(
    ({ gpc, sectionId }) => {
      if (gpc) Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { get: () => true });
      document.addEventListener("securitypolicyviolation", (event) => {
        ((window as unknown as { violations?: string[] }).violations ??= []).push(`${event.violatedDirective} ${event.blockedURI}`);
      });
      // A section with this id, as pages.yaml would give it.
      if (sectionId)
        document.addEventListener("DOMContentLoaded", () => {
          const section = document.createElement("section");
          section.id = sectionId;
          document.querySelector("main")!.append(section);
        });
    },
    { gpc, sectionId },
  );
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  const tag = `v=${++visit}`;
  await page.goto(`${sites.urls[variant]}${path}?${[query, tag].filter(Boolean).join("&")}`);
  const hits = () => collector.hits.filter((hit) => String(hit.body.u ?? "").includes(tag));
  /** `offline`: the browser's own lines about requests that failed are expected. */
  const finish = async ({ offline = false } = {}) => {
    expect(await page.evaluate(() => (window as unknown as { violations?: string[] }).violations ?? []), "policy violations").toEqual([]);
    expect(problems.filter((line) => !(offline && /^error: Failed to load resource: net::/.test(line)))).toEqual([]);
    await context.close();
  };
  return { page, context, hits, sent: () => [...requests], finish };
}

/** One directive of a build's policy, as _headers has it. */
const directive = (dist: string, name: string) =>
  readFileSync(join(dist, "_headers"), "utf8")
    .match(/Content-Security-Policy: (.*)/)![1]!
    .split("; ")
    .find((part) => part.startsWith(`${name} `))!;

const names = (hits: Hit[]) => hits.map((hit) => hit.name);
const poll = <T>(read: () => T) => expect.poll(read, { timeout: 15_000, interval: 100 });

/** What the site itself stores: cookies and localStorage keys. */
async function stored(page: Page, context: BrowserContext) {
  return { cookies: (await context.cookies()).map((cookie) => cookie.name), keys: await page.evaluate(() => Object.keys(localStorage)) };
}

/** Resolves once the analytics chunk has run (it shows the footer's Cookie settings link). */
/** Resolves once the analytics chunk has been requested and run. */
const analyticsLoaded = (page: Page) =>
  page.waitForFunction(() => performance.getEntriesByType("resource").some((entry) => /\/start-[^/]+\.js$/.test(entry.name)));

/** Resolves once the analytics chunk has created the provider's sender (GA's dataLayer), having decided on consent in the same task. */
const senderCreated = (page: Page) =>
  page.waitForFunction(() => Array.isArray((window as unknown as { dataLayer?: unknown[] }).dataLayer), undefined, { timeout: 15_000 });

const analyticsRan = (page: Page) => page.locator("footer [data-consent-settings]").waitFor({ state: "visible", timeout: 15_000 });

async function hideTab(page: Page) {
  await page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
  });
}

describe("a cookieless provider (Plausible)", () => {
  it("sends the page view, then the named and automatic events with their props; stores nothing and shows no banner", async () => {
    const { page, context, hits, finish } = await open("plausible");
    await poll(() => names(hits())).toContain("pageview");
    expect(hits()[0]!.body).toMatchObject({ n: "pageview", d: PLAUSIBLE_DOMAIN });

    const book = page.locator(`a[data-track="${EVENTS.bookCall}"]`);
    // What a sighted visitor reads on it: without the words only screen readers hear.
    const label = await book.evaluate((element) => {
      const copy = element.cloneNode(true) as HTMLElement;
      for (const hidden of copy.querySelectorAll("[data-new-tab]")) hidden.remove();
      return copy.textContent!.trim();
    });
    await book.click();
    await poll(() => names(hits())).toEqual(expect.arrayContaining([EVENTS.bookCall, "target-click"]));
    expect(hits().find((hit) => hit.name === EVENTS.bookCall)!.props).toMatchObject({ label, section: expect.any(String) });
    expect(hits().find((hit) => hit.name === "target-click")!.props).toMatchObject({ target: "booking", label });

    const calculator = page.locator("#calculator input").first();
    await calculator.fill("250000");
    await calculator.fill("260000");
    await poll(() => names(hits())).toEqual(expect.arrayContaining(["calculator-use", EVENTS.tryCalculator]));
    expect(names(hits()).filter((name) => name === "calculator-use")).toHaveLength(1);
    expect(hits().find((hit) => hit.name === "calculator-use")!.props).toEqual({ calculator: "tax-calculator", section: "calculator" });

    // The fixture's newsletter form has no endpoint: sending opens the mail program.
    await page.evaluate(() => {
      window.addEventListener("beforeunload", (event) => event.preventDefault());
    });
    const form = page.locator("#newsletter form");
    await form.scrollIntoViewIfNeeded();
    await page.locator("#newsletter [data-hydrated], #newsletter").first().waitFor();
    await form.locator('input[type="email"]').fill("ada@example.com");
    await form.locator('button[type="submit"]').click();
    await poll(() => names(hits())).toEqual(expect.arrayContaining(["form-submit", EVENTS.joinList]));
    expect(hits().find((hit) => hit.name === "form-submit")!.props).toEqual({ form: "newsletter", outcome: "email" });

    expect(await stored(page, context)).toEqual({ cookies: [], keys: [] });
    expect(await page.locator(".consent-bar").count()).toBe(0);
    await finish();
  });

  it("reports the page's LCP, INP and CLS", async () => {
    const { page, hits, finish } = await open("plausible");
    await poll(() => names(hits())).toContain("pageview");
    // An interaction that keeps the page busy for a moment, as a slow phone would: INP has something to measure.
    await page.evaluate(() =>
      document.addEventListener("pointerdown", () => {
        const until = performance.now() + 120;
        while (performance.now() < until);
      }),
    );
    await page.locator("#calculator input").first().click();
    // The tab is hidden (as when the visitor leaves) until the browser has handed the interaction to the page.
    await poll(async () => {
      await hideTab(page);
      return hits()
        .filter((hit) => hit.name === "web-vitals")
        .map((hit) => hit.props.metric);
    }).toEqual(expect.arrayContaining(["LCP", "INP", "CLS"]));
    for (const hit of hits().filter((hit) => hit.name === "web-vitals")) {
      expect(hit.props.value).toMatch(/^\d+(\.\d+)?$/);
      expect(["good", "needs-improvement", "poor"]).toContain(hit.props.rating);
    }
    await finish();
  });

  it("carries the visit's utm tags onto booking and course links, keeping the query a link has", async () => {
    const { page, hits, finish } = await open("plausible", "/", { query: "utm_source=news&utm_medium=email" });
    await poll(() => names(hits())).toContain("pageview");
    const booking = page.locator('main a[data-target="booking"]').first();
    await booking.click();
    expect(new URL((await booking.getAttribute("href"))!).search).toBe("?utm_source=news&utm_medium=email");
    const course = page.locator('a[data-target="course"]:visible').first();
    await course.click();
    const carried = new URL((await course.getAttribute("href"))!);
    const own = new URL(COURSE_WITH_QUERY);
    expect(carried.pathname).toBe(own.pathname);
    // The link's own tag stays; the ones it lacked are added.
    expect([...carried.searchParams]).toEqual([...own.searchParams, ["utm_medium", "email"]]);

    // On the next page of the visit, without tags in its address, the tags still go along.
    await page.goto(page.url().replace(/\/\?.*$/, "/home"));
    const next = page.locator('main a[data-target="booking"]').first();
    await next.click();
    expect(new URL((await next.getAttribute("href"))!).searchParams.get("utm_source")).toBe("news");
    await finish();
  });

  it("a collector that cannot be reached changes nothing on the page", async () => {
    const { page, context, finish } = await open("plausible");
    await context.route(`${collector.url}/**`, (route) => route.abort("connectionrefused"));
    await analyticsLoaded(page);
    const opened = context.waitForEvent("page");
    await page.locator(`a[data-track="${EVENTS.bookCall}"]`).click();
    expect(new URL((await opened).url()).hostname).toBe("calendly.com");
    const calculator = page.locator("#calculator input").first();
    await calculator.fill("1000");
    expect(await calculator.inputValue()).toBe("1000");
    // No error of the page's own: what the browser logs about the refused requests is all.
    await finish({ offline: true });
  });
});

describe("a provider that needs consent (Google Analytics 4)", () => {
  it("sends nothing and stores nothing before Accept; everything after", async () => {
    const { page, context, hits, sent, finish } = await open("google");
    const banner = page.getByRole("region", { name: "Cookie consent" });
    await banner.waitFor();
    await page.locator(`a[data-track="${EVENTS.bookCall}"]`).click();
    await page.locator("#calculator input").first().fill("1000");
    expect(sent()).toEqual([]);
    expect(await stored(page, context)).toEqual({ cookies: [], keys: [] });
    // Consent Mode v2: every signal denied before any tag.
    expect(await page.evaluate(() => Array.from((window as unknown as { dataLayer: ArrayLike<unknown>[] }).dataLayer[0]!))).toEqual([
      "consent",
      "default",
      { ad_storage: "denied", analytics_storage: "denied", ad_user_data: "denied", ad_personalization: "denied" },
    ]);

    await banner.getByRole("button", { name: "Accept" }).click();
    await banner.waitFor({ state: "hidden" });
    await poll(() => names(hits())).toContain("page_view");
    expect(sent()).toContain(`GET /gtag/js?id=${MEASUREMENT_ID}`);
    await page.locator(`a[data-track="${EVENTS.bookCall}"]`).click();
    await poll(() => names(hits())).toEqual(expect.arrayContaining(["book_call", "target_click"]));
    expect(hits().every((hit) => (hit.body.consent as Record<string, string>).analytics_storage === "granted")).toBe(true);
    expect(await stored(page, context)).toEqual({ cookies: ["_ga"], keys: [CONSENT_KEY] });
    await finish();
  });

  it("after Reject loads nothing, on this page or the next, and remembers the answer", async () => {
    const { page, context, sent, finish } = await open("google");
    const banner = page.getByRole("region", { name: "Cookie consent" });
    await banner.getByRole("button", { name: "Reject" }).click();
    await banner.waitFor({ state: "hidden" });
    await page.locator(`a[data-track="${EVENTS.bookCall}"]`).click();
    await page.reload();
    await analyticsRan(page);
    expect(await banner.isVisible()).toBe(false);
    await page.locator(`a[data-track="${EVENTS.bookCall}"]`).click();
    expect(sent()).toEqual([]);
    expect(await stored(page, context)).toEqual({ cookies: [], keys: [CONSENT_KEY] });
    expect(await page.evaluate((key) => localStorage.getItem(key), CONSENT_KEY)).toBe("denied");
    await finish();
  });

  it("treats Global Privacy Control as a rejection: no banner, nothing sent", async () => {
    const { page, context, sent, finish } = await open("google", "/", { gpc: true });
    await senderCreated(page);
    expect(await page.locator(".consent-bar").count()).toBe(0);
    // Nothing to choose: the footer's Cookie settings stays hidden.
    expect(await page.locator("footer [data-consent-settings]").isVisible()).toBe(false);
    await page.locator(`a[data-track="${EVENTS.bookCall}"]`).click();
    expect(sent()).toEqual([]);
    expect(await stored(page, context)).toEqual({ cookies: [], keys: [] });
    await finish();
  });

  it("with Global Privacy Control, forgets an Accept from an earlier visit and loads nothing", async () => {
    const { page, context, sent, finish } = await open("google");
    await page.getByRole("region", { name: "Cookie consent" }).getByRole("button", { name: "Accept" }).click();
    await expect.poll(() => sent()).toContain(`GET /gtag/js?id=${MEASUREMENT_ID}`);
    // The server has the script's request; its cookie comes once the script has arrived and run.
    await expect.poll(() => stored(page, context)).toEqual({ cookies: ["_ga"], keys: [CONSENT_KEY] });
    // The next visit, from a browser that now sends GPC.
    await context.addInitScript(() => Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { get: () => true }));
    const before = sent().length;
    await page.reload();
    await senderCreated(page);
    await page.locator(`a[data-track="${EVENTS.bookCall}"]`).click();
    await page.waitForTimeout(500);
    expect(sent().slice(before)).toEqual([]);
    expect(await page.locator('script[src*="/gtag/js"]').count()).toBe(0);
    expect(await stored(page, context)).toEqual({ cookies: [], keys: [] });
    expect(await page.locator(".consent-bar").count()).toBe(0);
    await finish();
  });

  it("keeps its styles beside a section with the id its styles had", async () => {
    const { page, finish } = await open("google", "/", { sectionId: "consent-style" });
    const banner = page.getByRole("region", { name: "Cookie consent" });
    await banner.waitFor();
    expect(await page.locator("main section#consent-style").count()).toBe(1);
    expect(await banner.evaluate((element) => getComputedStyle(element).position)).toBe("fixed");
    const box = (await banner.boundingBox())!;
    expect(box.y + box.height).toBeCloseTo(DESKTOP.height, 0);
    await finish();
  });

  it("is next in the tab order for a visitor already on the skip link when it appears", async () => {
    const { page, finish } = await open("google");
    // Tabbing at once: the first key press is also what loads the analytics, and with it the banner.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("href"))).toBe("#main");
    const banner = page.getByRole("region", { name: "Cookie consent" });
    await banner.waitFor();
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Reject");
    await finish();
  });

  it("a production build refuses an analytics address on this computer, at its line", async () => {
    const dir = mkdtempSync(join(tmpdir(), "analytics-local-"));
    try {
      cpSync(join(SPEC_SITE, "content"), join(dir, "content"), { recursive: true });
      cpSync(join(SPEC_SITE, "pages.yaml"), join(dir, "pages.yaml"));
      const site = join(dir, "content", "site.yaml");
      const analytics = `\nanalytics:\n  provider: google-analytics\n  measurementId: ${MEASUREMENT_ID}\n  scriptSrc: http://localhost:8080/gtag.js\n  consent:\n${Object.entries(
        CONSENT,
      )
        .map(([key, value]) => `    ${key}: ${value}\n`)
        .join("")}`;
      writeFileSync(site, readFileSync(site, "utf8") + analytics);
      const env: NodeJS.ProcessEnv = { ...process.env };
      delete env.SITE_CONTENT_ROOT;
      delete env.ANALYTICS_ALLOW_LOCAL;
      const out = join(dir, "dist");
      const build = promisify(execFile)(process.execPath, ["scripts/cli.mjs", "build", "--content", dir, "--out", out], { cwd: ROOT, env });
      const failure = await build.then(
        () => undefined,
        (error: { stdout: string; stderr: string }) => `${error.stdout}${error.stderr}`,
      );
      expect(failure).toBeDefined();
      const line = (
        readFileSync(site, "utf8")
          .split("\n")
          .findIndex((text) => text.includes("scriptSrc: http://localhost")) + 1
      ).toString();
      expect(failure).toMatch(new RegExp(`content/site\\.yaml:${line}:\\d+ +analytics\\.scriptSrc +local-address`));
      expect(existsSync(join(out, "_headers"))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  for (const viewport of [PHONE, DESKTOP, { width: 320, height: 640 }]) {
    it(`shows an accessible bar that keeps the main action in view, at ${viewport.width} px`, async () => {
      const { page, finish } = await open("google", "/", { viewport });
      const banner = page.getByRole("region", { name: "Cookie consent" });
      await banner.waitFor();
      expect(await axeViolations(page)).toEqual([]);

      const box = (await banner.boundingBox())!;
      expect(await banner.evaluate((element) => getComputedStyle(element).position)).toBe("fixed");
      expect(box.y + box.height).toBeCloseTo(viewport.height, 0);
      expect(box.height).toBeLessThanOrEqual(viewport.height * 0.25);
      const action = (await page.locator("main a[data-track]").boundingBox())!;
      // On a phone, the page's first call to action stays above it.
      if (viewport.width === PHONE.width) expect(action.y + action.height).toBeLessThanOrEqual(box.y);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      // Accept and Reject: the same size, side by side.
      const [reject, accept] = await Promise.all(["Reject", "Accept"].map((name) => banner.getByRole("button", { name }).boundingBox()));
      expect(reject!.height).toBe(accept!.height);
      expect(Math.abs(reject!.width - accept!.width)).toBeLessThanOrEqual(1);

      // The keyboard reaches it right after the skip link, without it taking the focus on its own.
      expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.getAttribute("href"))).toBe("#main");
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Reject");
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Accept");
      await page.keyboard.press("Enter");
      await banner.waitFor({ state: "hidden" });
      await finish();
    });
  }

  it("reopens from Cookie settings in the footer, and withdrawing consent deletes the provider's cookies", async () => {
    const { page, context, hits, finish } = await open("google");
    const banner = page.getByRole("region", { name: "Cookie consent" });
    await banner.getByRole("button", { name: "Accept" }).click();
    await poll(() => names(hits())).toContain("page_view");
    const settings = page.getByRole("button", { name: "Cookie settings" });
    await settings.click();
    await banner.waitFor({ state: "visible" });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Reject");
    await page.keyboard.press("Enter");
    await banner.waitFor({ state: "hidden" });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Cookie settings");
    expect(await stored(page, context)).toEqual({ cookies: [], keys: [CONSENT_KEY] });
    const count = hits().length;
    await page.locator(`a[data-track="${EVENTS.bookCall}"]`).click();
    expect(hits()).toHaveLength(count);
    await finish();
  });
});

describe("a site without a provider", () => {
  it("loads no analytics code and carries no analytics markup", async () => {
    // The bundle is the same for every site (its analytics chunks among its files); a page loads them only when its site has a provider.
    const { page, close } = await openPage(browser(), PHONE);
    const scripts: string[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") scripts.push(new URL(response.url()).pathname);
    });
    for (const path of ["/", "/home"]) {
      await page.goto(fixtureUrl(path), { waitUntil: "networkidle" });
      // Everything a visit wakes: every island, the first touch, the idle time after the load.
      await hydrated(page);
      await page.mouse.click(5, 5);
      await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 3000 })));
      expect(await page.evaluate(() => "analytics" in JSON.parse(document.getElementById("islands")!.textContent!))).toBe(false);
    }
    await close();
    expect(scripts.length).toBeGreaterThan(2);
    for (const script of new Set(scripts)) {
      const code = readFileSync(join(FIXTURE_DIST, script), "utf8");
      for (const marker of [CONSENT_KEY, "globalPrivacyControl", "plausible", "gtag", "utm_"]) expect(code, `${script} holds ${marker}`).not.toContain(marker);
    }
    // Nor does any other page: none tells its script of analytics, or preloads any.
    const pages = readdirSync(FIXTURE_DIST, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".html"));
    expect(pages.length).toBeGreaterThan(10);
    for (const file of pages) {
      const html = readFileSync(join(FIXTURE_DIST, file), "utf8");
      const payload = JSON.parse(/<script type="application\/json" id="islands">([^<]*)<\/script>/.exec(html)![1]!) as Record<string, unknown>;
      expect(payload, file).not.toHaveProperty("analytics");
      expect(html, file).not.toMatch(/rel="modulepreload" href="\/assets\/start-later-/);
    }
    const home = readFileSync(join(FIXTURE_DIST, "index.html"), "utf8");
    expect(home).not.toMatch(/data-target=|data-consent-settings|data-track=/);
    expect(directive(FIXTURE_DIST, "connect-src")).not.toMatch(/127\.0\.0\.1|plausible|google/);
  });

  it("preloads, on a site with a provider, the chunk its page's script loads at once", () => {
    const home = readFileSync(join(sites.dists.plausible, "index.html"), "utf8");
    const preloaded = [...home.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((match) => match[1]!);
    expect(preloaded.some((href) => /^\/assets\/start-later-[\w-]+\.js$/.test(href))).toBe(true);
    for (const href of preloaded) expect(existsSync(join(sites.dists.plausible, href)), href).toBe(true);
  });

  it("gives each variant's policy exactly its provider's origins, beside the fixture's own", () => {
    const own = (name: string) => directive(FIXTURE_DIST, name);
    expect(directive(sites.dists.plausible, "connect-src")).toBe(`${own("connect-src")} ${collector.url}`);
    expect(directive(sites.dists.plausible, "script-src")).toBe(own("script-src"));
    expect(directive(sites.dists.google, "script-src")).toBe(`${own("script-src")} ${collector.url}`);
    expect(directive(sites.dists.google, "connect-src")).toBe(`${own("connect-src")} ${collector.url}`);
  });
});
