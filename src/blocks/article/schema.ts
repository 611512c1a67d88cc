import { z } from "zod";
import { blockSchema, isoDate, markdown, tags, text } from "../../content/fields.ts";
import type { Resolved } from "../../content/fields.ts";
import { ARTICLES_ROUTE } from "../../content/article-route.ts";
import { draftField } from "../../content/drafts.ts";

const BODY_DESCRIPTION =
  "The text, in Markdown: ## and ### headings, paragraphs, lists (- or 1.), *emphasis*, **strong**, [links](/route), > quotes and tables. Write it after body: | on the lines below, indented.";

export const articleSchema = blockSchema(
  "article",
  {
    title: "Article",
    description: "Long-form text written in Markdown: headings, paragraphs, lists, links, quotes and tables, in a column that reads well.",
  },
  {
    author: text("Who wrote it, shown with the date above the text, like Jordan Avery, CPA.").optional(),
    date: isoDate("When it was published, like 2026-09-15, shown above the text.").optional(),
    body: markdown(BODY_DESCRIPTION),
  },
);

export type ArticleProps = Resolved<z.output<typeof articleSchema>>;

/** One article of the shared collection (content/articles.yaml): each is a page of its own at /resources/<slug>. */
export const articleItemSchema = z
  .strictObject({
    slug: z
      .string()
      .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { message: "Expected a slug like quarterly-estimated-taxes: lowercase letters, digits and single dashes." })
      .max(80, { message: "A slug is at most 80 characters." })
      .meta({
        description: `The article's address after ${ARTICLES_ROUTE}/: quarterly-estimated-taxes is published at ${ARTICLES_ROUTE}/quarterly-estimated-taxes.`,
      }),
    title: text("The article's title: its page's main heading and, with the firm's short name, its search-result title.").max(70, {
      message: "Title is longer than 70 characters.",
    }),
    date: isoDate("When it was published, like 2026-09-15. Lists show the newest first."),
    author: text("Who wrote it, like Jordan Avery, CPA."),
    summary: text("One or two sentences: shown under the title, in lists and as the search-result description.").max(200, {
      message: "Summary is longer than 200 characters.",
    }),
    tags: tags(),
    body: markdown(BODY_DESCRIPTION),
    ...draftField("the article"),
  })
  .meta({ title: "Article", description: `An article, published at ${ARTICLES_ROUTE}/<slug>.` });
