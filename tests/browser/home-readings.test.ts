import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, hydrated, openPage, PHONE, url, useBrowser } from "../support/browser.ts";
import { startStubEndpoint } from "../support/stub-endpoint.ts";

const browser = useBrowser();

const outputs = (page: import("playwright-core").Page, section: string) => page.locator(`${section} output`).allTextContents();

describe("/home quick revenue calculator", () => {
  it("shows the defaults' results and updates as the visitor types", async () => {
    const { page, close } = await openPage(browser(), PHONE);
    await page.goto(url("/home"), { waitUntil: "networkidle" });
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
    await page.goto(url("/home"));
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
    await page.goto(url("/"), { waitUntil: "networkidle" });
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
  let endpoint: Awaited<ReturnType<typeof startStubEndpoint>>;
  beforeAll(async () => {
    endpoint = await startStubEndpoint();
  });
  afterAll(() => endpoint.close());

  /** The form as built, pointed at the stub: the same as giving it `action:` in pages.yaml. */
  async function openForm() {
    const opened = await openPage(browser(), PHONE);
    const { page } = opened;
    await page.goto(url("/"), { waitUntil: "networkidle" });
    await hydrated(page);
    const form = page.locator("#newsletter form");
    await form.evaluate((el, action) => el.setAttribute("action", action), endpoint.url);
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
    const before = endpoint.received.length;
    await form.getByRole("button", { name: "Join the Newsletter" }).click();
    await page.waitForTimeout(300);
    expect(endpoint.received.length).toBe(before);
    await close();
  });

  it("posts every field to the action and confirms with one toast", async () => {
    endpoint.answerWith(200);
    const { page, form, problems, close } = await openForm();
    const before = endpoint.received.length;
    await form.getByRole("button", { name: "Join the Newsletter" }).click();
    await expect.poll(() => endpoint.received.length).toBe(before + 1);
    const { body, contentType } = endpoint.received.at(-1)!;
    expect(contentType).toContain("application/x-www-form-urlencoded");
    expect(Object.fromEntries(body)).toEqual({ firstName: "Ada", lastName: "Lovelace", phone: "+1 555 010 0100", email: "ada@example.org", consent: "yes" });
    await expect.poll(() => page.getByText("You're on the list").isVisible()).toBe(true);
    expect(await form.getByLabel("First name").inputValue()).toBe("");
    expect(problems()).toEqual([]);
    await close();
  });

  it("keeps every typed value and shows an error toast when the endpoint fails, one toast at a time", async () => {
    endpoint.answerWith(500);
    const { page, form, close } = await openForm();
    await form.getByRole("button", { name: "Join the Newsletter" }).click();
    await expect.poll(() => page.getByText("We couldn't sign you up").isVisible()).toBe(true);
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
    await page.goto(url("/"));
    const form = page.locator("#newsletter form");
    expect(await form.getAttribute("action")).toBe("mailto:hello@example.com?subject=Newsletter%20sign-up");
    expect(await form.getAttribute("method")).toBe("post");
    await close();
  });
});
