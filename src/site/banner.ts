/**
 * The announcement banner: one bar above the header, declared for every page in
 * content/site.yaml (`banner:`) or for one page on its route, which takes precedence.
 * Build-time only: pages receive the banner they show, already chosen (BannerData).
 */
import { createHash } from "node:crypto";
import { z } from "zod";
import { link, text } from "../content/fields.ts";
import type { Link } from "../content/link.ts";
import { formatPath, type PathSegment, type Problem, type SourceFile, problemAt } from "../content/problems.ts";
import { schedule, scheduleOrder } from "../content/schedule.ts";
import type { SiteConfig } from "./schema.ts";

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

const BANNER_LABELS = {
  announcement: { why: "the name screen readers give the banner's region", like: "Announcement" },
  dismiss: { why: "the name of its close button", like: "Dismiss announcement" },
} as const;

/**
 * A banner is a named region with a named close button, in every language a page can be
 * in: the site's labels, and each translation's own (a page in another language takes its
 * translation's labels whole, so a word missing there would leave the banner nameless).
 */
export function bannerLabelProblems(site: SiteConfig, source: SourceFile): Problem[] {
  const sets: { at: PathSegment[]; labels: Partial<Record<keyof typeof BANNER_LABELS, string>>; where: string }[] = [
    { at: ["labels"], labels: site.labels, where: "" },
    ...Object.entries(site.translations ?? {}).map(([code, translation]) => ({
      at: ["translations", code, "labels"] as PathSegment[],
      labels: translation.labels,
      where: ` (the ${translation.name} words, for pages in ${code})`,
    })),
  ];
  return sets.flatMap(({ at, labels, where }) =>
    (Object.keys(BANNER_LABELS) as (keyof typeof BANNER_LABELS)[])
      .filter((key) => labels[key] === undefined)
      .map((key) =>
        problemAt(
          source,
          at,
          {
            code: "missing-field",
            message: `A banner needs ${formatPath([...at, key])} in content/site.yaml${where}: ${BANNER_LABELS[key].why}.`,
            hint: where
              ? `Add ${key}: under ${formatPath(at)}:, in that language (in English: ${BANNER_LABELS[key].like}).`
              : `Add ${key}: ${BANNER_LABELS[key].like} under labels:.`,
          },
          { path: [...at, key] },
        ),
      ),
  );
}
