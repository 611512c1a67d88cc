/**
 * What the prerendered video markup and the page's video script agree on: the
 * attributes that mark a video's link and its place, and how a player fills it.
 * Shared by the components (server) and live.ts (browser); no React, no content code.
 */
export const VIDEO_ATTRIBUTES = {
  /** On a link to a video: the video's name under videos: in site.yaml. */
  name: "data-video",
  /** inline: the poster, replaced by the player. dialog: a button that opens the player over the page. */
  mode: "data-video-mode",
  /** The box a poster's player takes the place of. */
  frame: "data-video-frame",
  /** The words "opens in a new tab", true of the link only. */
  newTab: "data-video-new-tab",
  /** The window buttons open videos in, and its parts. */
  dialog: "data-video-dialog",
  dialogTitle: "data-video-dialog-title",
  dialogFrame: "data-video-dialog-frame",
  close: "data-video-close",
} as const;

/** Every video link of a page: what wakes the page's video script when the visitor touches one. */
export const VIDEO_TRIGGERS = `[${VIDEO_ATTRIBUTES.name}]`;

/** A player fills its box, as the poster did. */
export const PLAYER_FRAME_CSS = {
  "& > iframe": { position: "absolute", inset: "0", width: "100%", height: "100%", border: "0", display: "block" },
} as const;

/** What the page's video script needs to know of each video on the page, by name. */
export interface VideoIslandProps {
  videos: Record<string, { title: string; embedUrl: string }>;
  /** The play button's name, with {title}. */
  play: string;
}
