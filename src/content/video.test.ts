import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadSections } from "../../tests/support/content.ts";
import { loadFixture, onePageSite, SPEC_SITE } from "../../tests/support/fixture-site.ts";
import type { Problem } from "./problems.ts";
import { parseVideoUrl, playerOrigins } from "./video.ts";

const errors = (problems: Problem[]) => problems.filter((p) => p.severity === "error");
const siteYaml = readFileSync(join(SPEC_SITE, "content", "site.yaml"), "utf8");
const lineOf = (text: string, needle: string) => text.slice(0, text.indexOf(needle)).split("\n").length;

describe("video addresses", () => {
  it.each([
    ["https://www.youtube.com/watch?v=aqz-KE-bpKQ", "youtube", "aqz-KE-bpKQ"],
    ["https://youtube.com/watch?v=aqz-KE-bpKQ&t=42s", "youtube", "aqz-KE-bpKQ"],
    ["https://m.youtube.com/watch?v=aqz-KE-bpKQ", "youtube", "aqz-KE-bpKQ"],
    ["https://youtu.be/aqz-KE-bpKQ?si=abc", "youtube", "aqz-KE-bpKQ"],
    ["https://www.youtube.com/embed/aqz-KE-bpKQ", "youtube", "aqz-KE-bpKQ"],
    ["https://www.youtube.com/shorts/aqz-KE-bpKQ", "youtube", "aqz-KE-bpKQ"],
    ["https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ", "youtube", "aqz-KE-bpKQ"],
    ["https://vimeo.com/76979871", "vimeo", "76979871"],
    ["https://player.vimeo.com/video/76979871", "vimeo", "76979871"],
  ])("%s is a %s video with the id %s", (url, provider, id) => {
    const parsed = parseVideoUrl(url);
    expect(parsed).toMatchObject({ ok: true, video: { provider, id } });
  });

  it("play from the privacy-enhanced domains, starting at once", () => {
    expect(parseVideoUrl("https://youtu.be/aqz-KE-bpKQ")).toMatchObject({
      ok: true,
      video: { embedUrl: "https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1", watchUrl: "https://www.youtube.com/watch?v=aqz-KE-bpKQ" },
    });
    expect(parseVideoUrl("https://vimeo.com/76979871")).toMatchObject({
      ok: true,
      video: { embedUrl: "https://player.vimeo.com/video/76979871?autoplay=1&dnt=1", watchUrl: "https://vimeo.com/76979871" },
    });
    // An unlisted Vimeo video plays only with its hash.
    expect(parseVideoUrl("https://vimeo.com/76979871/abc123def0")).toMatchObject({
      ok: true,
      video: { embedUrl: "https://player.vimeo.com/video/76979871?h=abc123def0&autoplay=1&dnt=1" },
    });
  });

  it.each([
    "http://www.youtube.com/watch?v=aqz-KE-bpKQ",
    "https://www.youtube.com/watch?v=short",
    "https://www.youtube.com/watch?list=PL123",
    "https://www.youtube.com/@northbridge",
    "https://youtu.be/",
    "https://youtu.be/aqz-KE-bpKQ/extra",
    "https://www.youtube.com.evil.example/watch?v=aqz-KE-bpKQ",
    "https://user@www.youtube.com/watch?v=aqz-KE-bpKQ",
    "https://vimeo.com/channels/staffpicks",
    "https://vimeo.com/abc",
    "https://www.dailymotion.com/video/x7tgad0",
    "javascript:alert(1)",
    "youtube.com/watch?v=aqz-KE-bpKQ",
  ])("%s is refused, with a hint", (url) => {
    const parsed = parseVideoUrl(url);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.hint).toMatch(/YouTube|Vimeo/);
  });

  it("the policy's frame hosts are the players a page's content uses", () => {
    const youtube = parseVideoUrl("https://youtu.be/aqz-KE-bpKQ");
    const vimeo = parseVideoUrl("https://vimeo.com/76979871");
    if (!youtube.ok || !vimeo.ok) throw new Error("unreachable");
    expect(playerOrigins([{ type: "cta", actions: [{ label: "Watch", video: youtube.video }] }])).toEqual(["https://www.youtube-nocookie.com"]);
    expect(playerOrigins([{ video: vimeo.video }, { video: youtube.video }])).toEqual(["https://player.vimeo.com", "https://www.youtube-nocookie.com"]);
    expect(playerOrigins([{ type: "hero", heading: "No video" }])).toEqual([]);
  });
});

describe("videos in the content", () => {
  it("a video declared in site.yaml reaches the page with its player address, title and made poster", () => {
    const { sections, errors } = loadSections("- type: video\n  video: course-preview");
    expect(errors).toEqual([]);
    expect(sections[0]).toMatchObject({
      type: "video",
      video: {
        name: "course-preview",
        provider: "youtube",
        embedUrl: expect.stringMatching(/^https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]{11}\?autoplay=1$/),
        title: expect.any(String),
        poster: { slot: "video-poster", alt: "", src: "/images/videos/course-preview.jpg" },
      },
    });
  });

  it("a misspelt video name is an error at its line, with the nearest name", () => {
    const pages = onePageSite([
      { type: "hero", heading: "Test page" },
      { type: "cta", actions: [{ label: "Watch", video: "course-preveiw" }] },
    ]);
    const problems = errors(loadFixture({ "pages.yaml": pages }).problems);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({
      code: "unknown-video",
      line: lineOf(pages, "course-preveiw"),
      path: "routes[0].sections[1].actions[0].video",
      message: '"course-preveiw" is not a video declared in content/site.yaml.',
      hint: expect.stringContaining('Did you mean "course-preview"?'),
    });
    const { errors: blockErrors } = loadSections("- type: video\n  video: course-previw");
    expect(blockErrors).toEqual([
      expect.stringMatching(
        /^routes\[0\]\.sections\[0\]\.video {2}"course-previw" is not a video declared in content\/site\.yaml\.\nDid you mean "course-preview"\?/,
      ),
    ]);
  });

  it("a button with neither a destination nor a video is refused at its line, and one with both too", () => {
    const pages = onePageSite([
      { type: "hero", heading: "Test page" },
      { type: "cta", actions: [{ label: "Does nothing" }, { label: "Both", to: "/", video: "course-preview" }] },
    ]);
    const problems = errors(loadFixture({ "pages.yaml": pages }).problems);
    expect(problems.map((p) => [p.code, p.path, p.line])).toEqual([
      ["action-without-destination", "routes[0].sections[1].actions[0]", lineOf(pages, "Does nothing")],
      ["invalid-combination", "routes[0].sections[1].actions[1].video", lineOf(pages, "video: course-preview")],
    ]);
    expect(problems[0]!.hint).toMatch(/to:.*video:/);
  });

  it("a video address that is not YouTube or Vimeo is refused at its line in site.yaml, with a hint", () => {
    const site = siteYaml.replace(/url: https:\/\/www\.youtube\.com\/watch\?v=[\w-]+/, () => "url: https://www.example.com/clip.mp4");
    const problems = errors(loadFixture({ "content/site.yaml": site }).problems);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({
      code: "video-url",
      file: "content/site.yaml",
      line: lineOf(site, "clip.mp4"),
      path: "videos.course-preview.url",
      hint: expect.stringContaining("YouTube"),
    });
  });

  it("videos need the words of their player", () => {
    const site = siteYaml.replace(/\nvideoLabels:\n(  .*\n)+/, () => "\n");
    const problems = errors(loadFixture({ "content/site.yaml": site }).problems);
    expect(problems.map((p) => [p.code, p.path])).toEqual([["missing-field", "videos"]]);
  });

  it("a poster that does not exist is an error at its line", () => {
    const site = siteYaml.replace("/images/videos/course-preview.jpg", () => "/images/videos/missing.jpg");
    const problems = errors(loadFixture({ "content/site.yaml": site }).problems);
    expect(problems.map((p) => [p.code, p.line])).toEqual([["image-missing", lineOf(site, "missing.jpg")]]);
  });
});
