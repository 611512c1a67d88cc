/**
 * Whatever the content may point outside the site works on the built pages under
 * the site's own security policy: every kind of field that can hold another
 * origin's address is either refused by validation (images on other hosts) or
 * allowed by the policy the build derives from the content (form endpoints).
 * Links are navigations, which the policy does not govern. Submitting to those
 * endpoints is proven in forms.test.ts; this file proves nothing else reaches out.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { parse } from "yaml";
import { fixtureUrl, hydrated, inLanes, LANES, openPage, useBrowser } from "../support/browser.ts";
import { SPEC_SITE } from "../support/fixture-site.ts";

const browser = useBrowser();
const routes = (parse(readFileSync(join(SPEC_SITE, "pages.yaml"), "utf8")) as { routes: { path: string }[] }).routes.map((route) =>
  route.path === "*" ? "/no-such-page" : route.path,
);

interface OutsideRefs {
  violations: string[];
  /** Addresses a page would load by itself: images, sources, frames, scripts, styles. */
  loaded: string[];
  /** Form actions on other origins, and the policy directives that must allow them. */
  actions: { origin: string; formAction: boolean; connect: boolean }[];
}

describe("addresses on other sites", () => {
  it("load without a policy violation on every page of the fixture site, and nothing loads from another origin by itself", async () => {
    const foreignRequests: string[] = [];
    const pages = await Promise.all(
      Array.from({ length: LANES }, async () => {
        const opened = await openPage(browser());
        opened.page.on("request", (request) => {
          const address = new URL(request.url());
          if (/^https?:$/.test(address.protocol) && address.origin !== new URL(fixtureUrl("/")).origin) foreignRequests.push(request.url());
        });
        await opened.page.addInitScript(() => {
          const violations: string[] = [];
          (window as unknown as { violations: string[] }).violations = violations;
          document.addEventListener("securitypolicyviolation", (event) => violations.push(`${event.violatedDirective} ${event.blockedURI}`));
        });
        return opened;
      }),
    );
    onTestFinished(() => Promise.all(pages.map(({ close }) => close())).then(() => undefined));
    const seenActions = new Set<string>();
    await inLanes(routes, LANES, async (route, lane) => {
      const { page } = pages[lane]!;
      const response = await page.goto(fixtureUrl(route), { waitUntil: "networkidle" });
      const policy = response!.headers()["content-security-policy"]!;
      await hydrated(page);
      const refs = await page.evaluate((policy): OutsideRefs => {
        const directive = (name: string) =>
          policy
            .split(";")
            .map((part) => part.trim().split(/\s+/))
            .find(([first]) => first === name)
            ?.slice(1) ?? [];
        const here = location.origin;
        const loaded = [
          ...document.querySelectorAll<HTMLElement>(
            "img[src], source[src], source[srcset], iframe[src], video[src], audio[src], script[src], link[rel~=stylesheet], link[rel~=preload], link[rel~=modulepreload], link[rel~=icon], link[rel~=manifest]",
          ),
        ]
          .flatMap((element) => [
            element.getAttribute("src"),
            ...(element.getAttribute("srcset") ?? "").split(",").map((part) => part.trim().split(" ")[0]),
            element.tagName === "LINK" ? element.getAttribute("href") : null,
          ])
          .filter((value): value is string => !!value)
          .map((value) => new URL(value, location.href))
          .filter((address) => address.origin !== here && address.protocol !== "data:")
          .map(String);
        const actions = [...document.querySelectorAll("form")]
          .map((form) => new URL(form.getAttribute("action") ?? "", location.href))
          .filter((address) => /^https?:$/.test(address.protocol) && address.origin !== here)
          .map((address) => ({
            origin: address.origin,
            formAction: directive("form-action").includes(address.origin),
            connect: directive("connect-src").includes(address.origin),
          }));
        return { violations: (window as unknown as { violations: string[] }).violations, loaded, actions };
      }, policy);
      expect(refs.violations, route).toEqual([]);
      expect(refs.loaded, route).toEqual([]);
      for (const action of refs.actions) {
        expect(action, route).toEqual({ origin: action.origin, formAction: true, connect: true });
        seenActions.add(action.origin);
      }
    });
    // The fixture site holds a form posting to another origin, so the check above is not empty.
    expect([...seenActions]).toContain("https://forms.example.com");
    expect(foreignRequests).toEqual([]);
    expect(pages.flatMap(({ problems }) => problems()).filter((line) => !line.includes("404"))).toEqual([]);
  }, 120_000);
});
