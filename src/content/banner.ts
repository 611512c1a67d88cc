/**
 * The announcement banner: one bar above the header, declared for every page in
 * content/site.yaml (`banner:`) or for one page on its route, which takes precedence.
 * Build-time only: pages receive the banner they show, already chosen (BannerData).
 */
import { createHash } from "node:crypto";
import { z } from "zod";
import { link, text } from "./fields.ts";
import type { Link } from "./link.ts";
import { schedule, scheduleOrder } from "./schedule.ts";

export const BANNER_TONES = ["brand", "accent", "muted"] as const;

export const bannerSchema = z
  .strictObject({
    text: text("The announcement, one sentence, like Tax season hours start December 1.").max(160, {
      message: "A banner is one short sentence: at most 160 characters.",
    }),
    link: z
      .strictObject({
        label: text("The link's text, like See the hours.").max(40, { message: "A banner's link text is at most 40 characters." }),
        to: link(),
      })
      .optional()
      .meta({ description: "A link after the text: a page, a named target or an https:, mailto: or tel: address." }),
    tone: z.enum(BANNER_TONES).optional().meta({ description: "The bar's colours: brand (navy, the default), accent (gold) or muted (light blue-grey)." }),
    ...schedule("the banner"),
  })
  .superRefine(scheduleOrder("the banner"))
  .meta({
    title: "Banner",
    description: "One announcement bar above the header. Visitors can dismiss it; it stays hidden for them until its text, link or tone changes.",
  });

export type BannerConfig = z.output<typeof bannerSchema>;

/** The banner a page shows, as its components receive it. */
export interface BannerData {
  /** Names this banner's content: a visitor who dismissed it is not shown it again, until it changes. */
  key: string;
  text: string;
  link?: { label: string; to: Link };
  tone: (typeof BANNER_TONES)[number];
}

/** What a page shows, schedule fields left out, with the key its dismissal is remembered by. */
export function bannerData(banner: BannerConfig & { link?: { label: string; to: Link } }): BannerData {
  const shown = { text: banner.text, ...(banner.link ? { link: { label: banner.link.label, to: banner.link.to } } : {}), tone: banner.tone ?? "brand" };
  // Hex only, so it can sit in a CSS attribute selector and in localStorage as it is.
  const key = createHash("sha256").update(JSON.stringify(shown)).digest("hex").slice(0, 12);
  return { key, ...shown };
}
