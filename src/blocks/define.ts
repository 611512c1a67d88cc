/**
 * What a block is, in one place: its schema and whatever the engine must know of it
 * beyond its own section (a page rule, what it hides when, what it tells search engines,
 * what the security policy must allow, how it comes alive in the browser). The engine
 * iterates these hooks and never names a block. The component is registered apart
 * (components.ts), so that neither the schemas nor zod reach the browser.
 */
import type { z } from "zod";
import type { ImageData, Resolved } from "../content/fields.ts";
import type { ProblemCode } from "../content/problem-codes.ts";
import type { IslandDefinition } from "./island.ts";

/** A section as the engine hands it to a hook: validated, with links, collections, pictures and videos resolved. */
export type SectionOf<S extends z.ZodType> = Resolved<z.output<S>>;

/** A problem a page rule finds: at a section (and one of its fields), with its code, message and hint. */
export interface PageRuleProblem {
  section: number;
  field?: string;
  code: ProblemCode;
  message: string;
  hint: string;
}

/** What a page rule sees: the page's sections as written (possibly invalid), and whether a type names a block. */
export interface PageRuleInput {
  sections: readonly unknown[];
  isBlock: (type: unknown) => boolean;
}

/** A page as head hooks see it. */
export interface HeadPage {
  path: string;
  title: string;
  description: string;
  lang?: string;
  sections: readonly { type: string }[];
}

/** What a block's structured data may refer to: the page, its addresses, the firm it is published by. */
export interface HeadContext {
  page: HeadPage;
  /** The page's main heading, as the block that opens the page holds it. */
  heading: string | undefined;
  /** A path of the site as an absolute address. */
  url: (path: string) => string;
  firm: { "@id": string; name: string };
  /** The page's sections of another block, for data that sums them up. */
  sectionsOf: (type: string) => readonly unknown[];
}

export interface BlockDefinition<S extends z.ZodType<{ type: string }> = z.ZodType<{ type: string }>> {
  schema: S;
  /** How the block comes alive in the browser; a block without one ships as HTML and CSS only. */
  island?: IslandDefinition<SectionOf<S>>;
  /** Constraints on the page the block is on. */
  page?: {
    /** The block opens every page (its examples go first, and a page made by the engine starts with it). */
    opens?: boolean;
    /** Problems of the page's sections as written: runs even when some of them are invalid. */
    rules?: (input: PageRuleInput) => PageRuleProblem[];
    /** The page's main heading, when this block opens it. */
    heading?: (section: SectionOf<S>) => string | undefined;
    /** A picture the browser starts fetching with the page's head, when the block opens the page: what the page is judged by. */
    preload?: (section: SectionOf<S>) => ImageData | undefined;
  };
  /** What the section shows at the build's moment, beyond its own schedule (from, until). */
  resolve?: {
    /** A date field whose passing takes the section off the page (not only a warning), and the warning that says so. */
    hiddenAfter?: { field: keyof z.output<S> & string; passed: (date: string) => string };
    /** Words for a section whose until has passed: a lapsed price is worth a warning. */
    ended?: { message: (until: string) => string; hint: string };
    /** A list of items with schedules of their own: each left out outside its window, and the section with them when none is left. */
    scheduledItems?: { field: keyof z.output<S> & string; label: (item: Record<string, unknown>) => string };
  };
  /** A page of its own for each item of a shared collection (an article's page): the sections it shows, the opening one first. */
  itemPage?: { collection: string; sections: (item: never) => { type: string }[] };
  /** schema.org data for the page, from every section of this block on it (in page order). */
  structuredData?: (sections: readonly SectionOf<S>[], context: HeadContext) => object | undefined;
  /** Origins the page's security policy must allow for this section. */
  policy?: (section: SectionOf<S>) => { formOrigins?: string[] };
}

/** A block's definition, typed by its schema: hooks receive the block's own resolved section. */
export function defineBlock<S extends z.ZodType<{ type: string }>>(definition: BlockDefinition<S>): BlockDefinition<S> {
  return definition;
}
