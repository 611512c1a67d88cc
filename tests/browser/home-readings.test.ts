/**
 * The spec's two home readings (section 2) and their calculators (section 9), on the spec
 * fixture site: facts the spec fixes, proven while the live copy is free to change.
 */
import type { Request, Route } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DESKTOP, fixtureUrl, hydrated, openPage, PHONE, useBrowser } from "../support/browser.ts";
import { loadFixture } from "../support/fixture-site.ts";

const browser = useBrowser();
const site = loadFixture().content!.site;

const outputs = (page: import("playwright-core").Page, section: string) => page.locator(`${section} [data-result]`).allTextContents();

describe("/home quick revenue calculator", () => {
  it("shows the defaults' results and updates as the visitor types", async () => {
    const { page, close } = await openPage(browser(), PHONE);
    await page.goto(fixtureUrl("/home"), { waitUntil: "networkidle" });
    await hydrated(page);
    expect(await outputs(page, "#calculator")).toEqual(["$50,000", "$150,000", "$100,000"]);
    await page.getByLabel("Number of clients").fill("120");
    await page.getByLabel("Average fee per client").fill("400");
    expect(await outputs(page, "#calculator")).toEqual(["$192,000", "$576,000", "$384,000"]);
    await page.getByLabel("Number of clients").fill("");
    expect(await outputs(page, "#calculator")).toEqual(["$0", "$0", "$0"]);
    await page.getByLabel("Number of clients").fill("1e308");
    for (const text of await outputs(page, "#calculator")) expect(text).toMatch(/^-?\$[\d,]+\+?$/);
    expect(await page.locator("#calculator").getByRole("link", { name: "Open the Full Calculator" }).getAttribute("href")).toBe("/calculator");
    await close();
  });

  it("computes the press heading's count from the list", async () => {
    const { page, close } = await openPage(browser(), DESKTOP);
    await page.goto(fixtureUrl("/home"));
    const heading = page.getByRole("heading", { name: /^Featured in \d+ publications$/ });
    const count = Number((await heading.textContent())!.match(/\d+/)![0]);
    const section = page.locator("section", { has: heading });
    expect(await section.locator("li a[target=_blank]").count()).toBe(count);
    expect(count).toBe(32);
    await close();
  });
});

describe("/ MSP calculator", () => {
  it("shows the defaults' results and updates as the visitor types", async () => {
    const { page, close } = await openPage(browser(), DESKTOP);
    await page.goto(fixtureUrl("/"), { waitUntil: "networkidle" });
    await hydrated(page);
    expect(await outputs(page, "#calculator")).toEqual(["$300,000", "$75,000", "$30,000", "$45,000", "$405,000"]);
    await page.getByLabel("Effective tax rate").fill("30");
    await page.getByLabel("Monthly recurring revenue per client").fill("1000");
    await page.getByLabel("Number of clients").fill("100");
    expect(await outputs(page, "#calculator")).toEqual(["$1,200,000", "$360,000", "$144,000", "$216,000", "$1,620,000"]);
    await close();
  });
});

describe("/ newsletter form", () => {
  /**
   * An endpoint at https://forms.example.com, an origin the site's policy lets forms reach
   * (the fixture's /forms page posts there): Playwright answers for it, as `answer` says,
   * and records what arrived.
   */
  const ENDPOINT = "https://forms.example.com/subscribe";
  let answer: (route: Route) => Promise<void> = (route) => route.fulfill({ status: 200 });
  const received: Request[] = [];
  const answerWith = (status: number | "hang-up") => {
    answer = (route) =>
      status === "hang-up"
        ? route.abort("connectionreset")
        : route.fulfill({
            status,
            contentType: "application/json",
            headers: { "Access-Control-Allow-Origin": "*" },
            body: JSON.stringify({ ok: status < 400 }),
          });
  };

  /** The form as built, pointed at the endpoint: the same as giving it `action:` in pages.yaml. */
  async function openForm() {
    const opened = await openPage(browser(), PHONE);
    const { page } = opened;
    await page.route(`${ENDPOINT}**`, (route) => {
      received.push(route.request());
      return answer(route);
    });
    await page.goto(fixtureUrl("/"), { waitUntil: "networkidle" });
    await hydrated(page);
    const form = page.locator("#newsletter form");
    await form.evaluate((el, action) => el.setAttribute("action", action), ENDPOINT);
    await form.getByLabel("First name").fill("Ada");
    await form.getByLabel("Last name").fill("Lovelace");
    await form.getByLabel("Phone").fill("+1 555 010 0100");
    await form.getByLabel(/^Email/).fill("ada@example.org");
    await form.getByRole("checkbox").check();
    return { ...opened, form };
  }

  const visibleToasts = (page: import("playwright-core").Page) => page.locator("[data-scope=toast][data-part=root][data-state=open]").count();

  it("marks the email as required and validates before sending", async () => {
    const { page, form, close } = await openForm();
    expect(await form.getByLabel(/^Email/).getAttribute("required")).not.toBeNull();
    expect(await form.locator("label", { hasText: /^Email/ }).textContent()).toContain("*");
    await form.getByLabel(/^Email/).fill("not-an-email");
    const before = received.length;
    await form.getByRole("button", { name: "Join the Newsletter" }).click();
    await page.waitForTimeout(300);
    expect(received.length).toBe(before);
    await close();
  });

  it("posts every field to the action and confirms with one toast", async () => {
    answerWith(200);
    const { page, form, problems, close } = await openForm();
    const before = received.length;
    await form.getByRole("button", { name: "Join the Newsletter" }).click();
    await expect.poll(() => received.length).toBe(before + 1);
    const request = received.at(-1)!;
    expect(request.method()).toBe("POST");
    expect(request.headers()["content-type"]).toContain("application/x-www-form-urlencoded");
    expect(Object.fromEntries(new URLSearchParams(request.postData() ?? ""))).toEqual({
      firstName: "Ada",
      lastName: "Lovelace",
      phone: "+1 555 010 0100",
      email: "ada@example.org",
      consent: "yes",
    });
    await expect.poll(() => page.getByText("You're on the list").isVisible()).toBe(true);
    expect(await form.getByLabel("First name").inputValue()).toBe("");
    expect(problems()).toEqual([]);
    await close();
  });

  it("keeps every typed value and says the sign-up may not have arrived when the endpoint hangs up, one toast at a time", async () => {
    answerWith("hang-up");
    const { page, form, close } = await openForm();
    await form.getByRole("button", { name: "Join the Newsletter" }).click();
    await expect.poll(() => page.getByText(site.forms.noAnswer.title).isVisible()).toBe(true);
    expect(await form.getByLabel("First name").inputValue()).toBe("Ada");
    expect(await form.getByLabel(/^Email/).inputValue()).toBe("ada@example.org");
    expect(await form.getByRole("checkbox").isChecked()).toBe(true);
    await form.getByRole("button", { name: "Join the Newsletter" }).click();
    await page.waitForTimeout(500);
    expect(await visibleToasts(page)).toBe(1);
    await close();
  });

  it("without JavaScript, posts to the firm's email", async () => {
    const { page, close } = await openPage(browser(), PHONE, { javaScriptEnabled: false });
    await page.goto(fixtureUrl("/"));
    const form = page.locator("#newsletter form");
    expect(await form.getAttribute("action")).toBe("mailto:hello@example.com?subject=Newsletter%20sign-up");
    expect(await form.getAttribute("method")).toBe("post");
    await close();
  });
});
