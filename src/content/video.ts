/**
 * Videos: declared once by name in content/site.yaml (`videos:`), shown by the
 * video block or opened by a button's `video:`. Only YouTube and Vimeo, by an
 * address whose video id can be read, so that the page can show a local poster
 * and load the player, from the host's privacy-enhanced domain, only when the
 * visitor presses play (and the security policy allows exactly those frames).
 */
import { z } from "zod";
import { FIELD_KINDS, fieldKinds } from "./field-kinds.ts";
import { didYouMean } from "./problems.ts";

export type VideoProvider = "youtube" | "vimeo";

/** Where each provider's player is loaded from: the origins the page's frame-src allows. */
export const PLAYER_ORIGINS: Record<VideoProvider, string> = {
  youtube: "https://www.youtube-nocookie.com",
  vimeo: "https://player.vimeo.com",
};

export interface VideoSource {
  provider: VideoProvider;
  id: string;
  /** The video on its host's site: where the poster links without JavaScript. */
  watchUrl: string;
  /** The player, from the privacy-enhanced domain, starting at once (the visitor pressed play). */
  embedUrl: string;
}

export type VideoParse = { ok: true; video: VideoSource } | { ok: false; message: string; hint: string };

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^[0-9]{6,12}$/;
const VIMEO_HASH = /^[0-9a-f]{6,20}$/;
const YOUTUBE_HOSTS = new Set(["youtube.com", "www.youtube.com", "m.youtube.com", "www.youtube-nocookie.com", "youtube-nocookie.com"]);
const VIMEO_HOSTS = new Set(["vimeo.com", "www.vimeo.com"]);

export const VIDEO_URL_HINT =
  "Copy the video's address from YouTube (https://www.youtube.com/watch?v=… or https://youtu.be/…) or Vimeo (https://vimeo.com/123456789).";

const youtube = (id: string): VideoSource => ({
  provider: "youtube",
  id,
  watchUrl: `https://www.youtube.com/watch?v=${id}`,
  embedUrl: `${PLAYER_ORIGINS.youtube}/embed/${id}?autoplay=1`,
});

const vimeo = (id: string, hash?: string): VideoSource => ({
  provider: "vimeo",
  id,
  watchUrl: `https://vimeo.com/${id}${hash ? `/${hash}` : ""}`,
  // An unlisted video plays only with its hash (h=).
  embedUrl: `${PLAYER_ORIGINS.vimeo}/video/${id}?${hash ? `h=${hash}&` : ""}autoplay=1&dnt=1`,
});

/** A YouTube or Vimeo address, as copied from the browser or the host's Share button. */
export function parseVideoUrl(raw: string): VideoParse {
  const fail = (message: string, hint = VIDEO_URL_HINT): VideoParse => ({ ok: false, message, hint });
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return fail(`"${raw}" is not a web address.`);
  }
  if (url.protocol !== "https:") return fail(`"${raw}" is not an https: address.`);
  if (url.username || url.password || url.port) return fail(`"${raw}" has a user name or a port, which video addresses never have.`);
  const host = url.hostname;
  const parts = url.pathname.split("/").filter(Boolean);
  const bad = (what: string) => fail(`"${raw}" has no ${what} video id that can be read.`);
  if (host === "youtu.be") {
    return parts.length === 1 && YOUTUBE_ID.test(parts[0]!) ? { ok: true, video: youtube(parts[0]!) } : bad("YouTube");
  }
  if (YOUTUBE_HOSTS.has(host)) {
    if (parts.length === 1 && parts[0] === "watch") {
      const id = url.searchParams.get("v");
      return id && YOUTUBE_ID.test(id) ? { ok: true, video: youtube(id) } : bad("YouTube");
    }
    if (parts.length === 2 && ["embed", "shorts", "live", "v"].includes(parts[0]!) && YOUTUBE_ID.test(parts[1]!))
      return { ok: true, video: youtube(parts[1]!) };
    return fail(`"${raw}" is a YouTube page, not a video.`, `Open the video itself and copy its address. ${VIDEO_URL_HINT}`);
  }
  if (VIMEO_HOSTS.has(host)) {
    if (parts.length >= 1 && parts.length <= 2 && VIMEO_ID.test(parts[0]!) && (parts.length === 1 || VIMEO_HASH.test(parts[1]!)))
      return { ok: true, video: vimeo(parts[0]!, parts[1]) };
    return bad("Vimeo");
  }
  if (host === "player.vimeo.com") {
    const hash = url.searchParams.get("h") ?? undefined;
    if (parts.length === 2 && parts[0] === "video" && VIMEO_ID.test(parts[1]!) && (hash === undefined || VIMEO_HASH.test(hash)))
      return { ok: true, video: vimeo(parts[1]!, hash) };
    return bad("Vimeo");
  }
  return fail(`"${raw}" is not on YouTube or Vimeo, the video hosts the site can play.`);
}

/** A video's address in site.yaml: checked and turned into its watch and player addresses. */
export const videoUrl = () =>
  z
    .string()
    .transform((value, ctx): VideoSource => {
      const parsed = parseVideoUrl(value);
      if (!parsed.ok) {
        ctx.addIssue({ code: "custom", message: parsed.message, params: { code: "video-url", hint: parsed.hint }, input: value });
        return z.NEVER;
      }
      return parsed.video;
    })
    .meta({ description: "The video's address on YouTube (https://www.youtube.com/watch?v=…, https://youtu.be/…) or Vimeo (https://vimeo.com/…)." });

export const VIDEO_NAME = /^[a-z][a-z0-9-]*$/;

/** A video named in the content, until resolution puts the video itself in its place. */
export type VideoRef = { $video: string };

/**
 * A video, by its name under `videos:` in content/site.yaml. Whether the name
 * exists is checked once, by the loader (unknownVideos below), so a misspelt name
 * is reported with the file's other problems, at its line.
 */
export const videoName = (description: string) =>
  z
    .string()
    .regex(VIDEO_NAME, { message: "Expected a video's name from content/site.yaml (videos:), like course-preview." })
    .transform((name): VideoRef => ({ $video: name }))
    .meta({ title: "Video name", description })
    .register(fieldKinds, { kind: FIELD_KINDS.video });

/** A video as pages receive it: the declared video, with its address read and its poster made. */
export interface VideoData<Poster = unknown> extends VideoSource {
  name: string;
  title: string;
  poster: Poster;
}

export function unknownVideo(name: string, names: readonly string[]): { message: string; hint: string } {
  const guess = didYouMean(name, names);
  return {
    message: `"${name}" is not a video declared in content/site.yaml.`,
    hint: `${guess ? `Did you mean "${guess}"? ` : ""}Videos in content/site.yaml (videos:): ${names.join(", ") || "none"}. Declare a video there with its url, title and poster, then name it here.`,
  };
}

export function isVideoRef(value: object): value is VideoRef {
  return "$video" in value && typeof value.$video === "string" && Object.keys(value).length === 1;
}

/** The player origins a page's content uses, for its security policy's frame-src. */
export function playerOrigins(content: unknown): string[] {
  const found = new Set<string>();
  const walk = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === "object") {
      const { provider, embedUrl } = value as Partial<VideoSource>;
      if ((provider === "youtube" || provider === "vimeo") && typeof embedUrl === "string") found.add(PLAYER_ORIGINS[provider]);
      else Object.values(value).forEach(walk);
    }
  };
  walk(content);
  return [...found].sort();
}
