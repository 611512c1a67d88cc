/**
 * Block schemas, keyed by block type. Build-time only: the client imports
 * `components.ts`, which refers to these schemas by type alone, so zod never
 * reaches the visitor's browser.
 */
import type { z } from "zod";
import type { Resolved } from "../content/fields.ts";
import { articleSchema } from "./article/schema.ts";
import { articleListSchema } from "./article-list/schema.ts";
import { bioSchema } from "./bio/schema.ts";
import { bonusesSchema } from "./bonuses/schema.ts";
import { ctaSchema } from "./cta/schema.ts";
import { linkListSchema } from "./link-list/schema.ts";
import { modulesSchema } from "./modules/schema.ts";
import { spotlightSchema } from "./spotlight/schema.ts";
import { videoLibrarySchema } from "./video-library/schema.ts";
import { cardsSchema } from "./cards/schema.ts";
import { comparisonSchema } from "./comparison/schema.ts";
import { contactSchema } from "./contact/schema.ts";
import { faqSchema } from "./faq/schema.ts";
import { featuresSchema } from "./features/schema.ts";
import { formSchema } from "./form/schema.ts";
import { heroSchema } from "./hero/schema.ts";
import { offerSchema } from "./offer/schema.ts";
import { pressSchema } from "./press/schema.ts";
import { revenueCalculatorSchema } from "./revenue-calculator/schema.ts";
import { statsSchema } from "./stats/schema.ts";
import { taxCalculatorSchema } from "./tax-calculator/schema.ts";
import { testimonialsSchema } from "./testimonials/schema.ts";
import { videosSchema } from "./videos/schema.ts";
import { videoSchema } from "./video/schema.ts";

/** Each key must be the `type` its schema accepts, so a misfiled block fails to compile. */
function registry<R extends { [T in keyof R]: z.ZodType<{ type: T }, unknown> }>(schemas: R): R {
  return schemas;
}

export const blockSchemas = registry({
  hero: heroSchema,
  stats: statsSchema,
  features: featuresSchema,
  cards: cardsSchema,
  videos: videosSchema,
  "revenue-calculator": revenueCalculatorSchema,
  "tax-calculator": taxCalculatorSchema,
  testimonials: testimonialsSchema,
  press: pressSchema,
  offer: offerSchema,
  comparison: comparisonSchema,
  bio: bioSchema,
  form: formSchema,
  contact: contactSchema,
  faq: faqSchema,
  cta: ctaSchema,
  bonuses: bonusesSchema,
  modules: modulesSchema,
  spotlight: spotlightSchema,
  "video-library": videoLibrarySchema,
  "link-list": linkListSchema,
  video: videoSchema,
  article: articleSchema,
  "article-list": articleListSchema,
});

export type BlockType = keyof typeof blockSchemas;
export type BlockProps<T extends BlockType> = Resolved<z.output<(typeof blockSchemas)[T]>>;
export type SectionData = { [T in BlockType]: BlockProps<T> }[BlockType];

export const blockTypes = Object.keys(blockSchemas).sort() as BlockType[];
