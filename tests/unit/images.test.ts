// @vitest-environment node
/**
 * Pictures, from the YAML line to the files a page fetches: every way a picture's
 * file can be wrong is reported at its line, and the pipeline makes what a phone
 * needs (a 12-megapixel camera JPEG costs a phone a fraction of its bytes).
 */
import { createHash } from "node:crypto";
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { crc32 } from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildImages, type ImagePipelineOptions } from "../../src/pipeline/images.ts";
import { findDamage } from "../../src/content/images.ts";
import { widthsFor } from "../../src/content/image-slots.ts";
import type { Problem } from "../../src/content/problems.ts";
import { blockExampleSections, loadFixture, onePageSite, ROOT, SPEC_SITE } from "../support/fixture-site.ts";

let project = "";
let cacheDir = "";
beforeAll(async () => {
  project = mkdtempSync(join(tmpdir(), "images-"));
  cacheDir = seededCache("cache");
  const images = join(project, "public", "images");
  mkdirSync(images, { recursive: true });
  // The site's own mark, which site.yaml names, as in the project's public/images/.
  copyFileSync(join(ROOT, "public", "images", "logo.svg"), join(images, "logo.svg"));
  writeFileSync(join(images, "notes.jpg"), "These are meeting notes, not a photo.\n");
  writeFileSync(join(images, "script.svg"), '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><script>alert(1)</script></svg>');
  // What the earlier check on the SVG's text let through.
  const unsafe = (body: string) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">\n${body}\n</svg>`;
  writeFileSync(join(images, "prefixed-script.svg"), unsafe('<x:script xmlns:x="http://www.w3.org/2000/svg">alert(1)</x:script>'));
  writeFileSync(join(images, "spelled-javascript.svg"), unsafe('<use href="&#x6a;avascript:alert(1)"/>'));
  writeFileSync(join(images, "import.svg"), unsafe("<style>@import url(https://evil.example/x.css);</style><rect/>"));
  writeFileSync(join(images, "network-path.svg"), unsafe('<use href="\\\\host/x.png"/>'));
  writeFileSync(join(images, "broken.svg"), unsafe("<rect>"));
  writeFileSync(join(images, "wordmark.svg"), '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 32"><text x="0" y="24">Gazette</text></svg>');
  writeFileSync(join(images, "huge.jpg"), Buffer.from([0xff, 0xd8, 0xff, 0xe0]));
  truncateSync(join(images, "huge.jpg"), 26 * 1024 * 1024);
  const photo = await sharp({ create: { width: 800, height: 1000, channels: 3, background: "#35507a" } })
    .jpeg()
    .toBuffer();
  writeFileSync(join(images, "small.jpg"), photo);
  // A photo cut off half way, as an interrupted upload leaves it.
  writeFileSync(join(images, "cut.jpg"), photo.subarray(0, Math.floor(photo.length / 2)));
  writeFileSync(join(images, "damaged-inside.png"), await pngDamagedInside());
});
afterAll(() => rmSync(project, { recursive: true, force: true }));

/**
 * A cache of its own for a build in this file, holding what the project's builds already made
 * (the fixture's pictures, keyed by their content): each test then makes only its own pictures.
 */
function seededCache(name: string): string {
  const dir = join(project, name);
  const made = join(ROOT, ".cache", "images");
  if (existsSync(made)) cpSync(made, dir, { recursive: true });
  return dir;
}

const bio = blockExampleSections().find((section) => section.type === "bio")!;
const withPortrait = (image: object) =>
  onePageSite([
    { type: "hero", heading: "Test" },
    { ...bio, image },
  ]);
const errors = (report: { problems: Problem[] }) => report.problems.filter((problem) => problem.severity === "error");
const lineOf = (text: string, needle: string) => text.slice(0, text.indexOf(needle)).split("\n").length;
const load = (pages: string) => loadFixture({ "pages.yaml": pages }, { projectRoot: project });

describe("a picture's file, checked at its line", () => {
  it.each([
    ["/images/founder.jpeg", "image-missing", /^There is no picture \/images\/founder\.jpeg/, /^Did you mean \/images\/founder\.jpg\?/],
    ["/images/notes.jpg", "image-not-image", /is not a picture the site can use/, /JPEG/],
    ["/images/huge.jpg", "image-too-large", /is 26\.0 MiB, over the 25 MiB limit/, /smaller size/],
    ["/images/script.svg", "image-unsafe", /contains a <script> element \(line 1 of the file\)/, /plain SVG.*or use PNG/],
    ["/images/prefixed-script.svg", "image-unsafe", /contains a <script> element \(line 2 of the file\)/, /plain SVG/],
    ["/images/spelled-javascript.svg", "image-unsafe", /contains a javascript: address \(href\)/, /plain SVG/],
    ["/images/import.svg", "image-unsafe", /contains a stylesheet import \(@import\) in a <style> element/, /plain SVG/],
    ["/images/network-path.svg", "image-unsafe", /contains a link to another address \(href="\\\\host\/x\.png"\)/, /plain SVG/],
    ["/images/broken.svg", "image-corrupt", /cannot be read as XML: unexpected close tag \(line 3 of the file\)/, /plain SVG/],
  ])("%s: %s", (src, code, message, hint) => {
    const pages = withPortrait({ src, alt: "Jordan" });
    const [problem] = load(pages).problems.filter((p) => p.severity === "error");
    expect(problem).toMatchObject({ code, line: lineOf(pages, `src: ${src}`), path: "routes[0].sections[1].image" });
    expect(problem!.message).toMatch(message);
    expect(problem!.hint).toMatch(hint);
  });

  it("needs alt text, or decorative: true", () => {
    const pages = withPortrait({ src: "/images/founder.jpg" });
    const [problem] = load(pages).problems;
    expect(problem).toMatchObject({ code: "missing-field", path: "routes[0].sections[1].image", message: "The picture needs alt text, or decorative: true." });
  });

  it("reports a file that cannot be decoded, one too small for its place, and an SVG with live text, at their lines", async () => {
    for (const [src, code, severity] of [
      ["/images/cut.jpg", "image-corrupt", "error"],
      ["/images/small.jpg", "image-too-small", "warning"],
      ["/images/wordmark.svg", "image-svg-text", "warning"],
    ] as const) {
      const pages = withPortrait({ src, alt: "Jordan" });
      const { content } = load(pages);
      const report = await buildImages(content!.images, { roots: { content: SPEC_SITE, project }, cacheDir, emit: () => {}, checkOnly: true });
      expect(report.problems.map((p) => [p.code, p.severity, p.line])).toEqual([[code, severity, lineOf(pages, `src: ${src}`)]]);
    }
  });
});

describe("a photo cropped to its place's shape", () => {
  it("warns at its line when the frame cuts off more than a third of it, until focus: says what stays, which the page then keeps", async () => {
    const wide = await sharp({ create: { width: 1800, height: 1000, channels: 3, background: "#7a5035" } })
      .jpeg()
      .toBuffer();
    writeFileSync(join(project, "public", "images", "wide.jpg"), wide);
    const check = async (image: object) => {
      const pages = withPortrait(image);
      const { content, problems } = load(pages);
      expect(problems.filter((problem) => problem.severity === "error")).toEqual([]);
      // Checked as npm run validate checks: from the file's header, without making the versions.
      const report = await buildImages(content!.images, { roots: { content: SPEC_SITE, project }, cacheDir, emit: () => {}, checkOnly: true });
      return { pages, report, data: content!.images.find((use) => use.source === (image as { src: string }).src)!.data };
    };
    // A landscape photo in the bio's 4:5 portrait: more than half of it is cut off, at the sides.
    const { pages, report } = await check({ src: "/images/wide.jpg", alt: "Jordan" });
    expect(report.problems).toEqual([
      expect.objectContaining({
        code: "image-cropped",
        severity: "warning",
        line: lineOf(pages, "src: /images/wide.jpg"),
        message: "The picture /images/wide.jpg is 1800×1000; here it fills a 4:5 frame, which cuts off 56% of it (at the left and right).",
      }),
    ]);
    expect(report.problems[0]!.hint).toMatch(/^Crop the photo to about 4:5 yourself, or, .* add focus:/);
    // The author chose what stays: nothing to warn of, and the picture keeps the choice.
    const focused = await check({ src: "/images/wide.jpg", alt: "Jordan", focus: "left" });
    expect(focused.report.problems).toEqual([]);
    expect(focused.data).toMatchObject({ focus: "left" });
    // A portrait in the portrait frame is not cut.
    const portrait = await sharp({ create: { width: 1600, height: 2000, channels: 3, background: "#35507a" } })
      .jpeg()
      .toBuffer();
    writeFileSync(join(project, "public", "images", "tall.jpg"), portrait);
    expect((await check({ src: "/images/tall.jpg", alt: "Jordan" })).report.problems).toEqual([]);
  });
});

describe("pictures on other sites", () => {
  const site = readFileSync(join(SPEC_SITE, "content", "site.yaml"), "utf8").replace(/^targets:/m, "media:\n  imageHosts: [images.example.com]\ntargets:");
  const pages = withPortrait({ src: "https://images.example.com/jordan.jpg", alt: "Jordan" });

  it("are refused from a host site.yaml does not list", () => {
    const other = withPortrait({ src: "https://elsewhere.example.com/jordan.jpg", alt: "Jordan" });
    const { problems } = loadFixture({ "pages.yaml": other, "content/site.yaml": site }, { projectRoot: project });
    expect(problems.filter((p) => p.severity === "error").map((p) => p.code)).toEqual(["image-external"]);
  });

  it("are fetched at build from a listed host, so the page loads them from the site", async () => {
    const { content } = loadFixture({ "pages.yaml": pages, "content/site.yaml": site }, { projectRoot: project });
    const photo = await sharp({ create: { width: 1600, height: 2000, channels: 3, background: "#8a5a3c" } })
      .jpeg()
      .toBuffer();
    const emitted: string[] = [];
    const report = await buildImages(content!.images, {
      roots: { content: SPEC_SITE, project },
      cacheDir: seededCache("remote-cache"),
      emit: (name) => emitted.push(name),
      fetch: async (url) => (url === "https://images.example.com/jordan.jpg" ? new Response(photo) : Promise.reject(new Error("unexpected"))),
    });
    expect(report.problems).toEqual([]);
    const portrait = report.filled.get(content!.images.find((use) => use.source.startsWith("https:"))!.data)!;
    expect(portrait.src).toMatch(/^\/images\/_\/jordan-[0-9a-f]{10}-\d+\.jpg$/);
    expect(emitted.length).toBeGreaterThan(3);
  });

  it("fail the build clearly, at the line, when the host cannot be reached", async () => {
    const { content } = loadFixture({ "pages.yaml": pages, "content/site.yaml": site }, { projectRoot: project });
    const report = await buildImages(content!.images, {
      roots: { content: SPEC_SITE, project },
      cacheDir: seededCache("unreachable-cache"),
      emit: () => {},
      fetch: () => Promise.reject(new Error("getaddrinfo ENOTFOUND images.example.com")),
    });
    expect(report.problems.map((p) => [p.code, p.line])).toEqual([["image-unreachable", lineOf(pages, "src: https")]]);
    expect(report.problems[0]!.message).toContain("ENOTFOUND");
  });
});

describe("pictures on other sites, fetched from a host that misbehaves", () => {
  const site = readFileSync(join(SPEC_SITE, "content", "site.yaml"), "utf8").replace(/^targets:/m, "media:\n  imageHosts: [images.example.com]\ntargets:");
  const MiB = 1024 * 1024;
  let server: Server;
  let origin = "";
  /** Bytes of a body the server managed to hand over, by path: what the build read, at most, plus the sockets' buffers. */
  const sent = new Map<string, number>();
  let photo: Buffer;

  /** Writes `total` bytes (or without end) a MiB at a time, as fast as the reader takes them, counting them in `sent`. */
  const stream = (path: string, response: ServerResponse, total = Infinity) => {
    const chunk = Buffer.alloc(MiB, 0x41);
    chunk.set(photo.subarray(0, 4));
    sent.set(path, 0);
    const more = () => {
      while (!response.destroyed && sent.get(path)! < total) {
        sent.set(path, sent.get(path)! + chunk.length);
        if (!response.write(chunk)) return void response.once("drain", more);
      }
      if (sent.get(path)! >= total) response.end();
    };
    more();
  };

  beforeAll(async () => {
    photo = await sharp({ create: { width: 1600, height: 2000, channels: 3, background: "#8a5a3c" } })
      .jpeg()
      .toBuffer();
    server = createServer((request, response) => {
      const path = request.url!;
      const redirect = (location: string) => response.writeHead(302, { location }).end();
      if (path === "/jordan.jpg") response.writeHead(200, { "content-type": "image/jpeg" }).end(photo);
      else if (path === "/moved.jpg") redirect("https://images.example.com/jordan.jpg");
      else if (path === "/relative.jpg") redirect("/jordan.jpg");
      else if (path === "/to-plain-http.jpg") redirect("http://images.example.com/jordan.jpg");
      else if (path === "/to-other-host.jpg") redirect("https://elsewhere.example.net/jordan.jpg");
      else if (path === "/to-other-port.jpg") redirect("https://images.example.com:8443/jordan.jpg");
      else if (path === "/loop.jpg") redirect("/loop.jpg");
      else if (path === "/declared-huge.jpg") {
        response.writeHead(200, { "content-type": "image/jpeg", "content-length": String(300 * MiB) });
        stream(path, response, 300 * MiB);
      } else if (path === "/huge.jpg") {
        // No Content-Length: the size shows only while the body arrives.
        response.writeHead(200, { "content-type": "image/jpeg" });
        stream(path, response, 30 * MiB);
      } else if (path === "/endless.jpg") {
        response.writeHead(200, { "content-type": "image/jpeg" });
        stream(path, response);
      } else if (path === "/stalls.jpg") {
        response.writeHead(200, { "content-type": "image/jpeg" });
        response.write(photo.subarray(0, 1000));
      } else if (path === "/script.svg") {
        response.writeHead(200, { "content-type": "image/svg+xml" }).end('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
      } else response.writeHead(404).end();
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  });

  /**
   * Builds a page whose portrait is https://images.example.com/<path>, that host served by the local
   * server: the build's own redirect, size and time rules run against a real HTTP answer. Any other
   * address the build asks for is recorded and refused.
   */
  const fetchFrom = async (path: string, options: Partial<ImagePipelineOptions> = {}) => {
    const pages = withPortrait({ src: `https://images.example.com/${path}`, alt: "Jordan" });
    const { content, problems } = loadFixture({ "pages.yaml": pages, "content/site.yaml": site }, { projectRoot: project });
    expect(problems.filter((p) => p.severity === "error")).toEqual([]);
    const cache = mkdtempSync(join(project, "remote-"));
    const requested: string[] = [];
    const report = await buildImages(content!.images, {
      roots: { content: SPEC_SITE, project },
      cacheDir: cache,
      emit: () => {},
      checkOnly: true,
      fetch: (url, init) => {
        requested.push(url);
        return url.startsWith("https://images.example.com/")
          ? fetch(`${origin}/${url.slice("https://images.example.com/".length)}`, init)
          : Promise.reject(new Error(`the build asked for ${url}`));
      },
      ...options,
    });
    const remote = report.problems.filter((p) => p.message.includes("images.example.com"));
    const kept = readdirSync(cache).filter((name) => name.startsWith("remote-"));
    return { problems: remote, line: lineOf(pages, "src: https"), requested, kept };
  };

  it.each(["moved.jpg", "relative.jpg"])("follow a redirect that stays on a listed https: host (%s)", async (path) => {
    const { problems, requested, kept } = await fetchFrom(path);
    expect(problems).toEqual([]);
    expect(requested).toEqual([`https://images.example.com/${path}`, "https://images.example.com/jordan.jpg"]);
    expect(kept).toHaveLength(1);
  });

  it.each([
    ["to-plain-http.jpg", "http://images.example.com/jordan.jpg"],
    ["to-other-host.jpg", "https://elsewhere.example.net/jordan.jpg"],
    ["to-other-port.jpg", "https://images.example.com:8443/jordan.jpg"],
  ])("refuse a redirect off the listed host or off https:, at the picture's line, without fetching it (%s)", async (path, target) => {
    const { problems, line, requested, kept } = await fetchFrom(path);
    expect(problems.map((p) => [p.code, p.line])).toEqual([["image-external", line]]);
    expect(problems[0]!.message).toContain(`redirects to ${target}, which is not an https: address on a host listed under media.imageHosts`);
    expect(requested).toEqual([`https://images.example.com/${path}`]);
    expect(kept).toEqual([]);
  });

  it("give up on a redirect loop", async () => {
    const { problems, line, requested } = await fetchFrom("loop.jpg");
    expect(problems.map((p) => [p.code, p.line])).toEqual([["image-unreachable", line]]);
    expect(problems[0]!.message).toMatch(/redirected more than 5 times/);
    expect(requested).toHaveLength(6);
  });

  it("refuse a body that says it is over 25 MiB before reading it", async () => {
    const { problems, line, kept } = await fetchFrom("declared-huge.jpg");
    expect(problems.map((p) => [p.code, p.line])).toEqual([["image-too-large", line]]);
    expect(problems[0]!.message).toMatch(/is 300\.0 MiB, over the 25 MiB limit/);
    expect(kept).toEqual([]);
    expect(sent.get("/declared-huge.jpg")).toBeLessThan(25 * MiB);
  });

  it.each(["huge.jpg", "endless.jpg"])("stop reading a body once it passes 25 MiB, and keep none of it (%s)", async (path) => {
    const { problems, line, kept } = await fetchFrom(path);
    expect(problems.map((p) => [p.code, p.line])).toEqual([["image-too-large", line]]);
    expect(problems[0]!.message).toMatch(/is more than 25 MiB, over the 25 MiB limit/);
    expect(kept).toEqual([]);
  });

  it("stop an endless body soon after 25 MiB", async () => {
    await fetchFrom("endless.jpg");
    // What the server got out is the limit and what the sockets and the client buffer on the way, not an endless stream.
    expect(sent.get("/endless.jpg")).toBeLessThan(45 * MiB);
  });

  it("give up on a host that stops sending", async () => {
    const started = performance.now();
    const { problems, line, kept } = await fetchFrom("stalls.jpg", { fetchTimeoutMs: 500 });
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(problems.map((p) => [p.code, p.line])).toEqual([["image-unreachable", line]]);
    expect(problems[0]!.message).toContain("did not send it within 0.5 s");
    expect(kept).toEqual([]);
  });

  it("refuse a fetched SVG that is more than plain drawing, and keep no copy", async () => {
    const { problems, line, kept } = await fetchFrom("script.svg");
    expect(problems.map((p) => [p.code, p.line])).toEqual([["image-unsafe", line]]);
    expect(problems[0]!.message).toContain("contains a <script> element");
    expect(kept).toEqual([]);
  });
});

describe("the pipeline", () => {
  /** The candidate a browser takes from a srcset for a picture `displayed` CSS pixels wide at `density`. */
  const chosen = (srcset: string, displayed: number, density: number) => {
    const candidates = srcset.split(", ").map((entry) => ({ url: entry.split(" ")[0]!, width: Number(entry.split(" ")[1]!.slice(0, -1)) }));
    return candidates.find((candidate) => candidate.width >= displayed * density) ?? candidates.at(-1)!;
  };

  it("makes a 12-megapixel camera JPEG cost a 390 px phone (DPR 2) at most a fifth of its bytes, in AVIF, at most 3× its displayed width", async () => {
    const width = 4032;
    const height = 3024;
    const noise = Buffer.alloc(width * height * 3);
    let state = 1;
    for (let i = 0; i < noise.length; i++) noise[i] = (state = (state * 1103515245 + 12345) >>> 0) >>> 24;
    const camera = await sharp(noise, { raw: { width, height, channels: 3 } })
      .blur(2)
      .jpeg({ quality: 92 })
      .toBuffer();
    writeFileSync(join(project, "public", "images", "camera.jpg"), camera);
    // A landscape camera photo in the bio's portrait frame, with what stays in frame chosen.
    const { content } = load(withPortrait({ src: "/images/camera.jpg", alt: "Jordan", focus: "50% 30%" }));
    const files = new Map<string, Buffer>();
    // The photo is the same from run to run (a seeded pattern): its versions go to the project's picture
    // cache, kept by the photo's content and the recipe that made them, so only a run after a change of
    // either pays the half minute of encoding.
    const projectCache = join(ROOT, ".cache", "images");
    const report = await buildImages(content!.images, {
      roots: { content: SPEC_SITE, project },
      cacheDir: projectCache,
      emit: (name, bytes) => files.set(name, bytes),
    });
    expect(report.problems).toEqual([]);
    const portrait = report.filled.get(content!.images.find((use) => use.source === "/images/camera.jpg")!.data)!;
    expect(portrait.sources!.map((source) => source.type)).toEqual(["image/avif", "image/webp"]);
    expect(portrait.width).toBeLessThanOrEqual(1534);
    expect(portrait.height).toBe(Math.round((portrait.width! * height) / width));
    // On a 390 px phone the portrait is the full width less the page's margins: about 350 CSS px.
    const displayed = 350;
    const pick = chosen(portrait.sources![0]!.srcset, displayed, 2);
    expect(pick.width).toBeLessThanOrEqual(3 * displayed);
    const bytes = files.get(pick.url.replace("/images/_/", ""))!.length;
    expect(bytes / camera.length).toBeLessThanOrEqual(0.2);
  }, 120_000);

  it("gives each place that shows a picture the versions of its own slot: one slot's places the same, another slot's its own", async () => {
    const { content } = load(
      onePageSite([
        { type: "hero", heading: "Jordan Avery", avatar: { initials: "JA", src: "/images/small.jpg" } },
        { ...bio, image: { src: "/images/small.jpg", alt: "Jordan" } },
        { ...bio, image: { src: "/images/small.jpg", alt: "Jordan again" } },
      ]),
    );
    const report = await buildImages(content!.images, { roots: { content: SPEC_SITE, project }, cacheDir: seededCache("slots"), emit: () => {} });
    expect(errors(report)).toEqual([]);
    const uses = content!.images.filter((use) => use.source === "/images/small.jpg");
    expect(uses.map((use) => use.data.slot)).toEqual(["hero-avatar", "bio-portrait", "bio-portrait"]);
    const [avatar, portrait, again] = uses.map((use) => report.filled.get(use.data)!);
    const widths = (picture: typeof avatar) => picture!.srcset!.split(", ").map((entry) => Number(entry.split(" ")[1]!.slice(0, -1)));
    expect(widths(avatar)).toEqual(widthsFor("hero-avatar", 800));
    expect(widths(portrait)).toEqual(widthsFor("bio-portrait", 800));
    expect(widths(avatar)).not.toEqual(widths(portrait));
    expect([portrait!.alt, again!.alt]).toEqual(["Jordan", "Jordan again"]);
    expect({ ...again, alt: portrait!.alt }).toEqual(portrait);
  }, 60_000);

  it("takes every file from the cache on a second build of unchanged pictures", async () => {
    // A picture no build has made yet, so that the first build makes what the second must find.
    const cache = seededCache("second-build");
    const { content } = load(withPortrait({ src: "/images/small.jpg", alt: "Jordan" }));
    const first = await buildImages(content!.images, { roots: { content: SPEC_SITE, project }, cacheDir: cache, emit: () => {} });
    expect(first.made).toBeGreaterThan(0);
    const again = load(withPortrait({ src: "/images/small.jpg", alt: "Jordan" })).content!;
    const second = await buildImages(again.images, { roots: { content: SPEC_SITE, project }, cacheDir: cache, emit: () => {} });
    expect(second.made).toBe(0);
    expect(second.fromCache).toBeGreaterThan(0);
  }, 60_000);
});

/** A PNG whose compressed pixels are garbage under valid checksums: whole to a reader of its structure, damaged to a decoder. */
async function pngDamagedInside(): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 300, height: 200, channels: 3, background: "#35507a" } })
      .png()
      .toBuffer(),
  );
  let at = 8;
  while (png.toString("latin1", at + 4, at + 8) !== "IDAT") at += 12 + png.readUInt32BE(at);
  const length = png.readUInt32BE(at);
  png.fill(0xaa, at + 10, at + 8 + length - 4);
  png.writeUInt32BE(crc32(png.subarray(at + 4, at + 8 + length)), at + 8 + length);
  return png;
}

describe("checking a picture reads its header and structure, not its pixels", () => {
  let photo: Buffer;
  beforeAll(async () => {
    // A 12-megapixel photo no cache has seen: noise, as a camera's sensor leaves in every picture.
    const width = 4000;
    const height = 3000;
    const noise = Buffer.alloc(width * height * 3);
    let state = Date.now() >>> 0;
    for (let i = 0; i < noise.length; i++) noise[i] = (state = (state * 1103515245 + 12345) >>> 0) >>> 24;
    photo = await sharp(noise, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 90 })
      .toBuffer();
    writeFileSync(join(project, "public", "images", "photo-12mp.jpg"), photo);
    writeFileSync(join(project, "public", "images", "photo-12mp-cut.jpg"), photo.subarray(0, Math.floor(photo.length * 0.6)));
  }, 60_000);

  const check = async (src: string, cache = mkdtempSync(join(project, "check-"))) => {
    // The camera's landscape photo in the bio's portrait frame, with what stays in frame chosen.
    const pages = withPortrait({ src, alt: "Jordan", focus: "50% 30%" });
    const { content } = load(pages);
    const started = performance.now();
    const report = await buildImages(content!.images, { roots: { content: SPEC_SITE, project }, cacheDir: cache, emit: () => {}, checkOnly: true });
    return { report, took: performance.now() - started, line: lineOf(pages, `src: ${src}`), cache };
  };

  it("checks a fresh 12-megapixel photo in well under 2 s, and keeps what it found by content hash for the next run", async () => {
    const { report, took, cache } = await check("/images/photo-12mp.jpg");
    expect(report.problems).toEqual([]);
    // Decoding it takes about a second on an idle 2-core machine and over ten on a busy one; reading it, about 0.1 s.
    expect(took).toBeLessThan(2_000);
    // What a fresh `npm run validate` finds in the cache instead of reading the file's structure again.
    const hash = createHash("sha256").update(photo).digest("hex");
    expect(readdirSync(cache).filter((name) => name.startsWith(hash))).toEqual([`${hash}-i1-header.json`]);
    expect(JSON.parse(readFileSync(join(cache, `${hash}-i1-header.json`), "utf8"))).toEqual({ width: 4000, height: 3000, hasAlpha: false });
  });

  it("reports a 12-megapixel photo cut off part way at its line, in well under 2 s", async () => {
    const { report, took, line } = await check("/images/photo-12mp-cut.jpg");
    expect(report.problems.map((p) => [p.code, p.severity, p.line])).toEqual([["image-corrupt", "error", line]]);
    expect(report.problems[0]!.message).toMatch(
      /^The picture \/images\/photo-12mp-cut\.jpg cannot be decoded: the file ends before the picture does: it was cut off/,
    );
    expect(took).toBeLessThan(2_000);
  });

  it("leaves damage inside the compressed pixels to the production build, which decodes every one and fails at the line", async () => {
    const { report, line } = await check("/images/damaged-inside.png");
    expect(errors(report)).toEqual([]);
    const { content } = load(withPortrait({ src: "/images/damaged-inside.png", alt: "Jordan" }));
    const built = await buildImages(content!.images, { roots: { content: SPEC_SITE, project }, cacheDir: seededCache("build-damaged"), emit: () => {} });
    expect(errors(built).map((p) => [p.code, p.line])).toEqual([["image-corrupt", line]]);
  });

  describe("finds what is wrong with a file's structure, in every raster format", () => {
    const formats = ["jpeg", "png", "webp", "gif", "avif"] as const;
    const picture = (format: (typeof formats)[number]) =>
      sharp({ create: { width: 96, height: 64, channels: 4, background: "#35507a80" } })
        [format]()
        .toBuffer();

    it.each(formats)("%s: whole, cut at its end, cut half way", async (format) => {
      const whole = await picture(format);
      expect(findDamage(whole, format)).toBeUndefined();
      expect(findDamage(whole.subarray(0, whole.length - 20), format)).toMatch(/cut off/);
      expect(findDamage(whole.subarray(0, Math.floor(whole.length / 2)), format)).toMatch(/cut off/);
    });

    it("accepts what cameras append after a JPEG's end (a motion clip), and a progressive JPEG's many scans", async () => {
      const progressive = await sharp({
        create: { width: 640, height: 480, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 30 } },
      })
        .jpeg({ progressive: true })
        .toBuffer();
      expect(findDamage(progressive, "jpeg")).toBeUndefined();
      expect(findDamage(Buffer.concat([progressive, Buffer.from([0x00, 0x00, 0x00, 0x18, 0x66, 0x74, 0x79, 0x70, 0xff, 0xd8])]), "jpeg")).toBeUndefined();
      expect(findDamage(progressive.subarray(0, progressive.length - 2), "jpeg")).toMatch(/cut off/);
    });

    it("finds a PNG chunk whose checksum does not match", async () => {
      const png = Buffer.from(await picture("png"));
      // A byte of the header chunk's data: the picture's height.
      png[20] = png[20]! ^ 0xff;
      expect(findDamage(png, "png")).toMatch(/checksum of its \w+ chunk at byte \d+ does not match/);
    });
  });
});

describe("pictures in the dev server and the editor: shown at once, their versions made in the background", () => {
  const run = (src: string, cacheDir: string, onReady: () => void) => {
    const pages = withPortrait({ src, alt: "Jordan" });
    const { content } = load(pages);
    const files = new Map<string, Buffer>();
    const started = performance.now();
    const report = buildImages(content!.images, {
      roots: { content: SPEC_SITE, project },
      cacheDir,
      emit: (name, bytes) => files.set(name, bytes),
      background: { onReady },
    });
    return report.then((report) => ({
      report,
      files,
      took: performance.now() - started,
      data: report.filled.get(content!.images.find((use) => use.source === src)!.data) ?? content!.images.find((use) => use.source === src)!.data,
      line: lineOf(pages, `src: ${src}`),
    }));
  };
  /** Resolves when the worker has told `onReady`, after at most `ms`; `stop` when no one waits for it any more. */
  const told = (ms: number) => {
    let tell = () => {};
    let stop = () => {};
    const done = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the worker did not finish within ${ms} ms`)), ms);
      stop = () => clearTimeout(timer);
      tell = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    return { onReady: () => tell(), done, stop: () => stop() };
  };
  /** The passes the dev server makes, each after the worker told it of versions made, until `src` is no longer waiting for its own. */
  const untilMade = async (src: string, cacheDir: string, timeout: number) => {
    const deadline = performance.now() + timeout;
    for (;;) {
      const worker = told(Math.max(0, deadline - performance.now()));
      const pass = await run(src, cacheDir, worker.onReady);
      if (pass.data.sources || errors(pass.report).some((p) => p.line === pass.line)) {
        worker.stop();
        return pass;
      }
      await worker.done;
    }
  };

  it("shows a new photo as its own file in the box its versions will fill, then swaps in the versions the worker made: the production build's own files", async () => {
    // Smooth, so that its versions take seconds: what is measured is the order of things, not the encoder.
    const drawing = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900"><defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="#35507a"/><stop offset="1" stop-color="#e8c39e"/></linearGradient></defs><rect width="1200" height="900" fill="url(#g)"/><circle cx="${300 + (Date.now() % 600)}" cy="450" r="200" fill="#8a5a3c"/></svg>`;
    const source = await sharp(Buffer.from(drawing)).jpeg({ quality: 90 }).toBuffer();
    writeFileSync(join(project, "public", "images", "new-photo.jpg"), source);
    // The fixture's pictures are in the cache; this one is in no cache (the test's caches are its own).
    const cache = seededCache("background");
    const worker = told(90_000);
    const first = await run("/images/new-photo.jpg", cache, worker.onReady);
    expect(errors(first.report)).toEqual([]);
    expect(first.report.pending).toBeGreaterThanOrEqual(1);
    expect(first.took).toBeLessThan(2_000);
    expect(first.data).toMatchObject({ src: expect.stringMatching(/^\/images\/_\/new-photo-[0-9a-f]{10}\.jpg$/), width: 1200, height: 900 });
    expect(first.data.sources).toBeUndefined();
    expect(first.files.get(first.data.src.replace("/images/_/", ""))!.equals(source)).toBe(true);

    await worker.done;
    const second = await untilMade("/images/new-photo.jpg", cache, 90_000);
    expect(errors(second.report)).toEqual([]);
    // Every version was made by the worker (or taken from the cache): this process encoded none.
    expect(second.report.made).toBe(0);
    expect(second.data.sources!.map((entry) => entry.type)).toEqual(["image/avif", "image/webp"]);
    expect([second.data.width, second.data.height]).toEqual([first.data.width, first.data.height]);

    const { content } = load(withPortrait({ src: "/images/new-photo.jpg", alt: "Jordan" }));
    const built = new Map<string, Buffer>();
    const production = await buildImages(content!.images, {
      roots: { content: SPEC_SITE, project },
      cacheDir: seededCache("production"),
      emit: (name, bytes) => built.set(name, bytes),
    });
    const photoFiles = (files: Map<string, Buffer>) => [...files].filter(([name]) => name.startsWith("new-photo-")).sort(([a], [b]) => a.localeCompare(b));
    expect(photoFiles(second.files).length).toBeGreaterThan(3);
    expect(photoFiles(second.files)).toEqual(photoFiles(built));
    expect(second.data).toEqual(production.filled.get(content!.images.find((use) => use.source === "/images/new-photo.jpg")!.data));
  }, 120_000);

  it("reports a picture the worker could not decode as damaged, at its line, once the worker has tried", async () => {
    const cache = seededCache("background-damaged");
    const worker = told(60_000);
    const first = await run("/images/damaged-inside.png", cache, worker.onReady);
    expect(first.report.pending).toBeGreaterThanOrEqual(1);
    expect(errors(first.report)).toEqual([]);
    await worker.done;
    const second = await untilMade("/images/damaged-inside.png", cache, 60_000);
    expect(errors(second.report).map((p) => [p.code, p.line])).toEqual([["image-corrupt", second.line]]);
    expect(errors(second.report)[0]!.message).toMatch(/^The picture \/images\/damaged-inside\.png cannot be decoded: /);
  }, 90_000);
});
