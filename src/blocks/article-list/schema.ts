import { z } from "zod";
import { blockSchema, MAX_LIST_ITEMS, sectionHeader, type CollectionRef } from "../../content/fields.ts";
import type { Resolved } from "../../content/fields.ts";
import { ARTICLES_ROUTE } from "../../content/article-route.ts";
import { articleItemSchema } from "../article/schema.ts";

export const articleListSchema = blockSchema(
  "article-list",
  {
    title: "Article list",
    description: `The articles of content/articles.yaml, newest first, each linking to its page at ${ARTICLES_ROUTE}/<slug>: all of them, or those with a tag, up to a limit.`,
  },
  {
    ...sectionHeader(),
    tag: z
      .string()
      .regex(/^[a-z0-9-]+$/, { message: "Tags use lowercase letters, digits and -." })
      .optional()
      .meta({ description: "Only the articles whose tags include this one." }),
    limit: z.number().int().positive().max(MAX_LIST_ITEMS).optional().meta({ description: "At most this many articles, the newest first." }),
  },
).transform(({ tag, limit, ...section }) => ({
  ...section,
  // Without keys for what was not written, as every collection reference (fields.ts, listOrCollection).
  items: { $collection: "articles", ...(tag !== undefined && { tag }), ...(limit !== undefined && { limit }) } as CollectionRef<
    z.output<typeof articleItemSchema>
  >,
}));

export type ArticleListProps = Resolved<z.output<typeof articleListSchema>>;
