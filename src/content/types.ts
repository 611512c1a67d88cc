import type { SectionData } from "../blocks/schemas.ts";
import type { z } from "zod";
import type { action, Resolved } from "./fields.ts";
import type { SiteConfig } from "./schema.ts";
import type { PageWidth } from "../ui/page-context.ts";

export type { Link } from "./link.ts";
import type { Alternate } from "./languages.ts";
export type { Alternate };

/** A button as authored: label, optional link, variant and icon. */
export type ActionData = z.output<ReturnType<typeof action>>;
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
  /** The page's language: its lang:, or the site's (content/site.yaml, language). */
  lang?: string;
  /** Every version of the page, this one included, when it has translations (translationOf:); the original first. */
  alternates?: Alternate[];
}
