/**
 * Where each kind of picture sits on a page, so the build makes just the widths a
 * page can show (up to twice the largest size it is drawn at, for sharp screens)
 * and the page tells the browser which to fetch (`sizes`). A component and the
 * image field of its schema name the same slot; changing a block's layout means
 * changing its slot here.
 */
export const IMAGE_SLOTS = {
  /** The hero's picture: the right half of the page on wide screens, the full width on phones. */
  hero: { sizes: "(min-width: 64rem) 36rem, (min-width: 48rem) 90vw, 100vw", largest: 900 },
  /** The round photo above a profile hero's heading. */
  "hero-avatar": { sizes: "6rem", largest: 96, frame: 1 },
  /** The founder's portrait in a bio: two fifths of the row on wide screens, the full width on phones. */
  "bio-portrait": { sizes: "(min-width: 48rem) 26rem, 100vw", largest: 767, frame: 4 / 5 },
  /** A testimonial's round photo. */
  "testimonial-photo": { sizes: "3rem", largest: 48, frame: 1 },
  /** A press outlet's logo, at most 10rem wide. */
  "press-logo": { sizes: "10rem", largest: 160 },
  /** A video card's thumbnail, 16:9: a third of the row on wide screens, half on tablets, the full width on phones. */
  "video-thumbnail": { sizes: "(min-width: 64rem) 23rem, (min-width: 48rem) 45vw, 100vw", largest: 767, frame: 16 / 9 },
  /** A video's poster, shown until the visitor presses play: the content width. */
  "video-poster": { sizes: "(min-width: 48rem) 48rem, 100vw", largest: 960, frame: 16 / 9 },
  /** The mark before the firm's name in the header. */
  "brand-logo": { sizes: "2rem", largest: 32 },
} as const satisfies Record<string, { sizes: string; largest: number; frame?: number }>;

export type ImageSlot = keyof typeof IMAGE_SLOTS;

/**
 * How much of a photo `width` × `height` a slot cuts off where it fills the frame the slot is
 * made for (a bio's portrait is 4:5; its band on phones is a deliberate cut of that, near the
 * top), and on which sides. Undefined for a slot shown whole (a logo, the hero's picture).
 */
export function cropOf(slot: ImageSlot, width: number, height: number): { cut: number; frame: number; sides: "top and bottom" | "left and right" } | undefined {
  const frame: number | undefined = (IMAGE_SLOTS[slot] as { frame?: number }).frame;
  if (frame === undefined || width <= 0 || height <= 0) return undefined;
  const shape = width / height;
  return { frame, cut: 1 - Math.min(shape, frame) / Math.max(shape, frame), sides: shape > frame ? "left and right" : "top and bottom" };
}

/** A frame's shape as people write it: 4:5, 16:9, 1:1. */
export function frameName(frame: number): string {
  for (let height = 1; height <= 16; height++) {
    const width = frame * height;
    if (Math.abs(width - Math.round(width)) < 0.01) return `${Math.round(width)}:${height}`;
  }
  return frame.toFixed(2);
}

/** The widths the build makes for a slot, from a source `sourceWidth` wide: never wider than the source. */
export function widthsFor(slot: ImageSlot, sourceWidth: number): number[] {
  const wanted = IMAGE_SLOTS[slot].largest * 2;
  const ladder = [64, 96, 128, 192, 256, 384, 512, 640, 768, 1024, 1280, 1536, 1920].filter((width) => width < Math.min(wanted, sourceWidth));
  return [...ladder, Math.min(wanted, sourceWidth)];
}
