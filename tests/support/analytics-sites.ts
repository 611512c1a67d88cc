/**
 * Two small variants of the spec fixture site with analytics, for the browser tests:
 * one with Plausible (cookieless) and one with Google Analytics 4 (consent first), both
 * pointed at a stub collector on 127.0.0.1 that records every request it receives.
 * Built once, side by side, into .test-builds/analytics-<name>, as builds for tests
 * (ANALYTICS_ALLOW_LOCAL=1: a local analytics address is refused otherwise); each build starts
 * from the previous run's, so unchanged content and code cost no rendering.
 */
import { execFile } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { isMap, isSeq, parseDocument, type Document } from "yaml";
import { ALLOW_LOCAL_ANALYTICS } from "../../src/analytics/providers/endpoint.ts";
import { ROOT, SPEC_SITE } from "./fixture-site.ts";
import { serveSite } from "./serve-dist.ts";

/** One request the collector received: the Plausible API's JSON, or the GA stub's. */
export interface Hit {
  path: string;
  /** The event's name (Plausible's n, GA's en). */
  name: string;
  props: Record<string, string>;
  body: Record<string, unknown>;
}

export const EVENTS = { bookCall: "book-call", joinList: "join-list", tryCalculator: "try-calculator" } as const;
export const PLAUSIBLE_DOMAIN = "northbridge-tax.example";
export const MEASUREMENT_ID = "G-TEST1234";
/** The course target in the variants already has a query, with a utm tag of its own. */
export const COURSE_WITH_QUERY = "https://teachable.com/enroll?ref=site&utm_source=site";
export const CONSENT = {
  label: "Cookie consent",
  message: "We use cookies to learn which pages help visitors. Is that all right?",
  accept: "Accept",
  reject: "Reject",
  settings: "Cookie settings",
};

/**
 * A stand-in for gtag.js: it applies the commands of the page's dataLayer as gtag.js
 * does (consent, config, event), sets a _ga cookie once analytics storage is granted,
 * and posts each hit to its own origin.
 */
const GTAG_STUB = `(function () {
  var origin = new URL(document.currentScript.src).origin;
  var consent = {};
  function send(name, params) {
    fetch(origin + "/g/collect", { method: "POST", body: JSON.stringify({ en: name, ep: params || {}, u: location.href, consent: consent }), keepalive: true }).catch(function () {});
  }
  function handle(args) {
    var a = Array.prototype.slice.call(args);
    if (a[0] === "consent") for (var key in a[2]) consent[key] = a[2][key];
    if (a[0] === "config") {
      if (consent.analytics_storage === "granted") document.cookie = "_ga=GA1.1.1234.5678; path=/";
      send("page_view", {});
    }
    if (a[0] === "event") send(a[1], a[2]);
  }
  var dl = (window.dataLayer = window.dataLayer || []);
  for (var i = 0; i < dl.length; i++) handle(dl[i]);
  dl.push = function () {
    for (var i = 0; i < arguments.length; i++) handle(arguments[i]);
    return Array.prototype.push.apply(dl, arguments);
  };
})();`;

export interface Collector {
  url: string;
  hits: Hit[];
  /** Every request, including the script's. */
  requests: string[];
  close: () => Promise<void>;
}

export async function startCollector(): Promise<Collector> {
  const hits: Hit[] = [];
  const requests: string[] = [];
  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? "/", "http://127.0.0.1").pathname;
    requests.push(`${req.method} ${req.url}`);
    res.setHeader("Access-Control-Allow-Origin", "*");
    if (req.method === "GET" && path === "/gtag/js") {
      res.setHeader("Content-Type", "text/javascript");
      res.end(GTAG_STUB);
      return;
    }
    if (req.method === "POST") {
      const body = JSON.parse((await text(req)) || "{}") as Record<string, unknown>;
      const name = String(body.n ?? body.en ?? "");
      const props = (body.p ?? body.ep ?? {}) as Record<string, string>;
      hits.push({ path, name, props, body });
      res.statusCode = 202;
      res.end("ok");
      return;
    }
    res.statusCode = 404;
    res.end();
  });
  await listenSteadily(server);
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Listens on a port of its own for this checkout, the same from one run to the next: the variants'
 * builds embed the collector's address (in their settings and their policy), so with the same
 * address and unchanged content a build reuses the previous one whole, where a new address each
 * run rebuilt both from nothing. Below the range the system hands out, so it is rarely taken;
 * when it is (another run of this checkout at the same time), any free port does.
 */
async function listenSteadily(server: Server) {
  const port = 20_000 + (createHash("sha256").update(ROOT).digest().readUInt32BE(0) % 10_000);
  const listen = (at: number) =>
    new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(at, "127.0.0.1", () => {
        server.off("error", reject);
        resolve();
      });
    });
  await listen(port).catch(() => listen(0));
}

function text(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (data += chunk));
    req.on("end", () => resolve(data));
    req.on("error", reject);
  });
}

const events = [
  { name: EVENTS.bookCall, description: "A visitor clicked through to book a call." },
  { name: EVENTS.joinList, description: "A visitor sent the newsletter form." },
  { name: EVENTS.tryCalculator, description: "A visitor used the tax calculator." },
];

export const VARIANTS = {
  plausible: (collector: string) => ({ provider: "plausible", domain: PLAUSIBLE_DOMAIN, apiHost: collector, events }),
  google: (collector: string) => ({ provider: "google-analytics", measurementId: MEASUREMENT_ID, scriptSrc: `${collector}/gtag/js`, events, consent: CONSENT }),
};
export type Variant = keyof typeof VARIANTS;

/** The fixture's home page with track: on its hero's booking button, its form and its calculator. */
export function trackedPages(text: string): string {
  const doc = parseDocument(text);
  const sections = doc.getIn(["routes", 0, "sections"]);
  if (!isSeq(sections)) throw new Error("The fixture's first route has no sections.");
  const index = (type: string) => sections.items.findIndex((section) => isMap(section) && section.get("type") === type);
  const at = (type: string) => {
    const found = index(type);
    if (found < 0) throw new Error(`The fixture's home page has no ${type} section.`);
    return ["routes", 0, "sections", found];
  };
  const actions = doc.getIn([...at("hero"), "actions"]);
  const booking = isSeq(actions) ? actions.items.findIndex((action) => isMap(action) && action.get("to") === "booking") : -1;
  if (booking < 0) throw new Error("The fixture's hero has no booking button.");
  doc.setIn([...at("hero"), "actions", booking, "track"], EVENTS.bookCall);
  doc.setIn([...at("form"), "track"], EVENTS.joinList);
  doc.setIn([...at("tax-calculator"), "track"], EVENTS.tryCalculator);
  return doc.toString({ lineWidth: 0 });
}

function withAnalytics(text: string, analytics: object): string {
  const doc: Document = parseDocument(text);
  doc.setIn(["targets", "course"], COURSE_WITH_QUERY);
  doc.set("analytics", doc.createNode(analytics));
  return doc.toString({ lineWidth: 0 });
}

/** Which site to copy: the spec fixture with `track:` on its home page (the tests), or the live content as it is (the audit). */
export interface AnalyticsSource {
  content: string;
  track: boolean;
  /** The builds' folder name: .test-builds/<prefix>-<variant>. */
  prefix: string;
}
const FIXTURE_SOURCE: AnalyticsSource = { content: SPEC_SITE, track: true, prefix: "analytics" };

/** Builds every variant against the collector and serves each; `stop` closes them and removes the copies. */
export async function analyticsSites(
  collector: string,
  source: AnalyticsSource = FIXTURE_SOURCE,
): Promise<{ urls: Record<Variant, string>; dists: Record<Variant, string>; stop: () => Promise<void> }> {
  const names = Object.keys(VARIANTS) as Variant[];
  const copies = names.map((name) => ({
    name,
    dir: mkdtempSync(join(tmpdir(), `${source.prefix}-${name}-`)),
    out: join(ROOT, ".test-builds", `${source.prefix}-${name}`),
  }));
  const servers: { close: () => Promise<void> }[] = [];
  const stop = async () => {
    await Promise.all(servers.map((server) => server.close()));
    for (const copy of copies) rmSync(copy.dir, { recursive: true, force: true });
  };
  try {
    const urls = {} as Record<Variant, string>;
    const dists = {} as Record<Variant, string>;
    await Promise.all(
      copies.map(async ({ name, dir, out }) => {
        cpSync(join(source.content, "content"), join(dir, "content"), { recursive: true });
        cpSync(join(source.content, "pages.yaml"), join(dir, "pages.yaml"));
        const site = join(dir, "content", "site.yaml");
        writeFileSync(site, withAnalytics(readFileSync(site, "utf8"), VARIANTS[name](collector)));
        if (source.track) writeFileSync(join(dir, "pages.yaml"), trackedPages(readFileSync(join(dir, "pages.yaml"), "utf8")));
        // The provider is the local stand-in: a build for tests says so, or the check refuses its address.
        const env: NodeJS.ProcessEnv = { ...process.env, [ALLOW_LOCAL_ANALYTICS]: "1" };
        delete env.SITE_CONTENT_ROOT;
        await promisify(execFile)(process.execPath, ["scripts/cli.mjs", "build", "--content", dir, "--out", out], { cwd: ROOT, env });
        const server = await serveSite(out);
        servers.push(server);
        urls[name] = server.url;
        dists[name] = out;
      }),
    );
    return { urls, dists, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
