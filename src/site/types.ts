import type { SectionData } from "../blocks/registry.ts";
import type { Resolved } from "../content/fields.ts";
import type { SiteConfig } from "./schema.ts";
import type { PageWidth } from "../ui/page-context.ts";
import type { BannerData } from "./banner.ts";

export type { BannerData };

export type { Link } from "../content/link.ts";
import type { Alternate } from "./languages.ts";
export type { Alternate };

export type { ActionData, Video } from "../content/fields.ts";
export type { SectionData };

/** Shared site data as the client receives it: links resolved, validated at build time. */
export type SiteData = Resolved<SiteConfig>;

/** One page as the client receives it. */
export interface PageData {
  path: string;
  title: string;
  description: string;
  sections: SectionData[];
  width?: PageWidth;
  copyright?: string;
  /** The announcement bar above the header, when one is on (the page's own or the site's). */
  banner?: BannerData;
  /** The page's language: its lang:, or the site's (content/site.yaml, language). */
  lang?: string;
  /** Every version of the page, this one included, when it has translations (translationOf:); the original first. */
  alternates?: Alternate[];
  /** A draft (draft: true), present only on the dev server and in the editor's preview, which mark it. */
  draft?: boolean;
  /** The page's old addresses, each redirected here (301). */
  redirectFrom?: string[];
}
