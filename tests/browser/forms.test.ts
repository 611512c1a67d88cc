/**
 * Sign-up forms against endpoints of every kind, on the spec fixture site's /forms
 * page, under the site's real Content-Security-Policy. Playwright plays the
 * endpoint at https://forms.example.com (the forms' action: origin, so the policy
 * lets them reach it): without CORS headers, with them, and never answering.
 */
import type { Locator, Page, Request, Route } from "playwright-core";
import { describe, expect, it } from "vitest";
import { fixtureUrl, hydrated, openPage, PHONE, undeclaredTokens, useBrowser } from "../support/browser.ts";

const browser = useBrowser();

type Answer = (route: Route) => Promise<void> | void;

/**
 * A provider's plain form URL: it answers with a thank-you page and no permission for
 * this site to read it. (Playwright gives an answer without CORS headers ones that let
 * the page read it, microsoft/playwright#12929; naming the endpoint's own origin
 * keeps this site out, as having no CORS headers does.)
 */
const plainPage: Answer = (route) =>
  route.fulfill({ status: 200, contentType: "text/html", headers: { "access-control-allow-origin": "https://forms.example.com" }, body: "<p>Thanks!</p>" });
/** A CORS endpoint's answer with the given status. */
const corsAnswer =
  (status: number): Answer =>
  (route) =>
    route.fulfill({ status, contentType: "application/json", headers: { "Access-Control-Allow-Origin": "*" }, body: JSON.stringify({ ok: status < 400 }) });

/**
 * Opens /forms with the endpoint answering as given, and records what reached it,
 * every Content-Security-Policy violation and every mail program launched.
 */
async function openForms(answer: Answer, { clock = false } = {}) {
  const opened = await openPage(browser(), PHONE);
  const { page } = opened;
  const received: Request[] = [];
  const mailto: string[] = [];
  await page.route("https://forms.example.com/**", (route) => {
    received.push(route.request());
    return answer(route);
  });
  page.on("request", (request) => {
    if (request.url().startsWith("mailto:")) mailto.push(request.url());
  });
  await page.addInitScript(() => {
    const violations: string[] = [];
    (window as unknown as { violations: string[] }).violations = violations;
    document.addEventListener("securitypolicyviolation", (event) => violations.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  if (clock) await page.clock.install();
  await page.goto(fixtureUrl("/forms"), { waitUntil: "networkidle" });
  await hydrated(page);
  const violations = () => page.evaluate(() => (window as unknown as { violations: string[] }).violations);
  return { ...opened, received, mailto, violations };
}

const toast = (page: Page, title: string) => page.locator("[data-scope=toast][data-part=root][data-state=open]", { hasText: title });

describe("a form posting to a provider's plain form URL (no CORS headers)", () => {
  it("says the sign-up arrived once the endpoint answered, having posted it exactly once", async () => {
    const { page, received, problems, violations, close } = await openForms(plainPage);
    const form = page.locator("#plain-endpoint form");
    await form.getByLabel(/^Email/).fill("ada@example.org");
    await form.getByRole("checkbox").check();
    await form.getByRole("button", { name: "Join the List" }).click();
    await expect.poll(() => toast(page, "You're on the list").isVisible()).toBe(true);
    expect(received).toHaveLength(1);
    expect(received[0]!.method()).toBe("POST");
    expect(received[0]!.headers()["content-type"]).toContain("application/x-www-form-urlencoded");
    expect(Object.fromEntries(new URLSearchParams(received[0]!.postData() ?? ""))).toEqual({ email: "ada@example.org", consent: "yes" });
    expect(await form.getByLabel(/^Email/).inputValue()).toBe("");
    expect(await violations()).toEqual([]);
    expect(problems()).toEqual([]);
    await close();
  });

  it("counts a redirect to a thank-you page on another site, which the site's policy does not follow, as arrived", async () => {
    const { page, received, problems, violations, close } = await openForms((route) =>
      route.fulfill({ status: 303, headers: { location: "https://thanks.example.net/welcome" } }),
    );
    const form = page.locator("#plain-endpoint form");
    await form.getByLabel(/^Email/).fill("ada@example.org");
    await form.getByRole("checkbox").check();
    await form.getByRole("button", { name: "Join the List" }).click();
    await expect.poll(() => toast(page, "You're on the list").isVisible()).toBe(true);
    expect(received).toHaveLength(1);
    // The policy's own report of the redirect it stopped (naming the address posted to) is the only one.
    expect(await violations()).toEqual(["connect-src https://forms.example.com/subscribe"]);
    expect(problems()).toEqual([expect.stringContaining("violates the following Content Security Policy directive")]);
    await close();
  });

  it("marks the required consent box like the required fields, and the browser asks for it", async () => {
    const { page, received, close } = await openForms(plainPage);
    const form = page.locator("#plain-endpoint form");
    const consent = form.getByRole("checkbox");
    expect(await consent.getAttribute("required")).not.toBeNull();
    const marker = (label: Locator) => label.locator(".chakra-field__requiredIndicator").textContent();
    expect(await marker(form.locator("label", { has: page.getByRole("checkbox") }))).toBe("*");
    expect(await marker(form.locator("label", { hasText: /^Email/ }))).toBe("*");
    await form.getByLabel(/^Email/).fill("ada@example.org");
    await form.getByRole("button", { name: "Join the List" }).click();
    await page.waitForTimeout(300);
    expect(received).toHaveLength(0);
    expect(await consent.evaluate((box: HTMLInputElement) => box.validity.valueMissing)).toBe(true);
    await close();
  });
});

describe("one post per press", () => {
  it("ignores a second press while the first one's outcome is still being shown", async () => {
    const { page, received, problems, violations, close } = await openForms(plainPage);
    // The toast machinery loads on first use; on a slow connection that takes a while, and the form stays busy until it is shown.
    await page.route(/\/assets\/toaster[^/]*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    const form = page.locator("#plain-endpoint form");
    await form.getByLabel(/^Email/).fill("ada@example.org");
    await form.getByRole("checkbox").check();
    const button = form.getByRole("button", { name: /Join the List|Sending/ });
    await button.click();
    await expect.poll(() => received.length, { timeout: 10_000 }).toBe(1);
    // The endpoint has answered; the toast is not shown yet. A visitor presses again (the button is aria-disabled, not disabled).
    await page.waitForTimeout(120);
    await button.click({ force: true });
    await form.getByLabel(/^Email/).press("Enter");
    await expect.poll(() => toast(page, "You're on the list").isVisible(), { timeout: 10_000 }).toBe(true);
    await page.waitForTimeout(300);
    expect(received).toHaveLength(1);
    expect(await form.getByLabel(/^Email/).inputValue()).toBe("");
    expect(await button.getAttribute("aria-busy")).toBeNull();
    expect(await violations()).toEqual([]);
    expect(problems()).toEqual([]);
    await close();
  });
});

describe("a field named like one of the form's own properties", () => {
  it("does not stop the form from clearing after the sign-up arrived", async () => {
    const { page, received, problems, close } = await openForms(plainPage);
    const form = page.locator("#plain-endpoint form");
    // Validation refuses such a name; the form still copes with one added by other means (a browser extension, an old page).
    await form.evaluate((element) => {
      const input = document.createElement("input");
      input.name = "reset";
      input.type = "hidden";
      input.value = "2026-04-15";
      element.append(input);
    });
    expect(await form.evaluate((element: HTMLFormElement) => typeof element.reset)).toBe("object");
    await form.getByLabel(/^Email/).fill("ada@example.org");
    await form.getByRole("checkbox").check();
    await form.getByRole("button", { name: "Join the List" }).click();
    await expect.poll(() => toast(page, "You're on the list").isVisible()).toBe(true);
    await expect.poll(() => form.getByLabel(/^Email/).inputValue()).toBe("");
    expect(await form.getByRole("checkbox").isChecked()).toBe(false);
    expect(received).toHaveLength(1);
    expect(problems()).toEqual([]);
    await close();
  });
});

describe("a form posting to an endpoint that answers CORS (cors: true)", () => {
  it("does not count a redirect to another site (an error page there) as success", async () => {
    const { page, received, problems, violations, close } = await openForms((route) =>
      route.fulfill({ status: 303, headers: { location: "https://elsewhere.example.net/error?code=500", "access-control-allow-origin": "*" } }),
    );
    const form = page.locator("#cors-endpoint form");
    await form.getByLabel("First name").fill("Ada");
    await form.getByLabel(/^Email/).fill("ada@example.org");
    await form.getByRole("button", { name: "Request an Assessment" }).click();
    await expect.poll(() => toast(page, "We couldn't send your request").isVisible()).toBe(true);
    expect(await toast(page, "Request received").count()).toBe(0);
    expect(await form.getByLabel("First name").inputValue()).toBe("Ada");
    expect(await form.getByLabel(/^Email/).inputValue()).toBe("ada@example.org");
    expect(received).toHaveLength(1);
    // The site's policy stopped the redirect: its report, and the browser's note of it, are the only messages.
    expect(await violations()).toEqual(["connect-src https://forms.example.com/api/requests"]);
    expect(problems()).toEqual([expect.stringContaining("violates the following Content Security Policy directive")]);
    await close();
  });

  it("shows it is sending, says it failed and keeps every value on an error status, and confirms on success", async () => {
    const waiting: Route[] = [];
    const { page, received, problems, violations, close } = await openForms((route) => {
      waiting.push(route);
    });
    const form = page.locator("#cors-endpoint form");
    const button = form.getByRole("button", { name: /Request an Assessment|Sending/ });
    await form.getByLabel("First name").fill("Ada");
    await form.getByLabel(/^Email/).fill("ada@example.org");
    await button.click();
    await expect.poll(() => waiting.length).toBe(1);
    expect(await button.getAttribute("aria-busy")).toBe("true");
    expect(await button.textContent()).toBe("Sending…");
    expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);
    // The spinner and, below, the toasts are drawn only once the form is awake: their tokens come from the theme's stylesheet.
    expect(await undeclaredTokens(page)).toEqual([]);

    await corsAnswer(500)(waiting[0]!);
    await expect.poll(() => toast(page, "We couldn't send your request").isVisible()).toBe(true);
    expect(await form.getByLabel("First name").inputValue()).toBe("Ada");
    expect(await form.getByLabel(/^Email/).inputValue()).toBe("ada@example.org");
    expect(await button.getAttribute("aria-busy")).toBeNull();
    expect(await button.textContent()).toBe("Request an Assessment");

    await button.click();
    await expect.poll(() => waiting.length).toBe(2);
    await corsAnswer(200)(waiting[1]!);
    await expect.poll(() => toast(page, "Request received").isVisible()).toBe(true);
    expect(await undeclaredTokens(page)).toEqual([]);
    expect(await form.getByLabel("First name").inputValue()).toBe("");
    expect(received).toHaveLength(2);
    expect(await violations()).toEqual([]);
    // The browser's own note of the 500 answer is the only message.
    expect(problems().filter((problem) => !problem.includes("status of 500"))).toEqual([]);
    await close();
  });
});

describe("an endpoint that never answers", () => {
  it("gives up after 15 seconds without claiming failure, keeps the values and lets the visitor retry", async () => {
    const { page, received, problems, violations, close } = await openForms(() => {}, { clock: true });
    const form = page.locator("#plain-endpoint form");
    await form.getByLabel(/^Email/).fill("ada@example.org");
    await form.getByRole("checkbox").check();
    const button = form.getByRole("button", { name: /Join the List|Sending/ });
    await button.click();
    await expect.poll(() => received.length).toBe(1);
    expect(await button.getAttribute("aria-busy")).toBe("true");
    expect(await button.getAttribute("aria-disabled")).toBe("true");
    expect(await button.textContent()).toBe("Sending…");
    expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);

    await page.clock.fastForward(14_000);
    expect(await toast(page, "No answer yet").count()).toBe(0);
    await page.clock.fastForward(1_000);
    await expect.poll(() => toast(page, "No answer yet").isVisible()).toBe(true);
    expect(await toast(page, "No answer yet").textContent()).toContain("may not have reached us");

    expect(await button.getAttribute("aria-busy")).toBeNull();
    expect(await button.getAttribute("aria-disabled")).toBeNull();
    expect(await button.textContent()).toBe("Join the List");
    expect(await form.getByLabel(/^Email/).inputValue()).toBe("ada@example.org");
    expect(await form.getByRole("checkbox").isChecked()).toBe(true);
    await button.click();
    await expect.poll(() => received.length).toBe(2);
    expect(await violations()).toEqual([]);
    expect(problems()).toEqual([]);
    await close();
  });
});

describe("a form without an action", () => {
  it("says beforehand that it opens the mail program, and afterwards what to do if none opened", async () => {
    const { page, mailto, problems, violations, close } = await openForms(plainPage);
    const form = page.locator("#by-email form");
    const button = form.getByRole("button", { name: "Send by Email" });
    const note = form.getByText("Sending opens your email program with your details filled in.");
    expect(await note.isVisible()).toBe(true);
    expect(await button.getAttribute("aria-describedby")).toBe(await note.getAttribute("id"));
    expect(await form.getByText(/No email program opened/).count()).toBe(0);

    await form.getByLabel(/^Email/).fill("ada@example.org");
    await button.click();
    await expect.poll(() => mailto.length).toBe(1);
    expect(mailto[0]).toBe(
      "mailto:hello@example.com?subject=Sign-up&body=Email%3A%20ada%40example.org%0ASend%20me%20the%20monthly%20newsletter%20too.%3A%20no",
    );
    const after = form.locator("[aria-live=polite]");
    await expect.poll(() => after.textContent()).toBe("No email program opened? Write to us at hello@example.com with your details.Copy address");
    expect(await after.getByRole("link", { name: "hello@example.com" }).getAttribute("href")).toBe(mailto[0]);
    expect(await after.getByRole("button", { name: "Copy address" }).isVisible()).toBe(true);
    expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await violations()).toEqual([]);
    expect(problems()).toEqual([]);
    await close();
  });
});

describe("the newsletter on the home page", () => {
  it("asks for consent without requiring it, and marks only the email as required", async () => {
    const { page, close } = await openPage(browser(), PHONE, { javaScriptEnabled: false });
    await page.goto(fixtureUrl("/"));
    const form = page.locator("#newsletter form");
    expect(await form.getByRole("checkbox").getAttribute("required")).toBeNull();
    expect(await form.locator(".chakra-field__requiredIndicator").count()).toBe(1);
    expect(
      await form
        .locator("label", { hasText: /^Email/ })
        .locator(".chakra-field__requiredIndicator")
        .count(),
    ).toBe(1);
    await close();
  });
});
