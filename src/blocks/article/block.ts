import { defineBlock } from "../define.ts";
import type { z } from "zod";
import { articleItemSchema, articleSchema } from "./schema.ts";

type ArticleItem = z.output<typeof articleItemSchema>;

export const block = defineBlock({
  schema: articleSchema,
  // Its title and summary as the page's hero, centred over the text's centred column, then its text.
  itemPage: {
    collection: "articles",
    sections: (article: ArticleItem) => [
      { type: "hero", tone: "muted", align: "center", heading: article.title, lead: article.summary },
      { type: "article", author: article.author, date: article.date, body: article.body },
    ],
  },
  /** An article's page (content/articles.yaml, or an article section with its author and date): its headline is the page's main heading. */
  structuredData: (articles, { page, heading, url, firm }) => {
    const article = articles.find((section) => Boolean(section.date && section.author));
    if (!article) return undefined;
    return {
      "@context": "https://schema.org",
      "@type": "Article",
      headline: heading ?? page.title,
      description: page.description,
      datePublished: article.date,
      author: { "@type": "Person", name: article.author },
      publisher: { "@type": "Organization", "@id": firm["@id"], name: firm.name },
      mainEntityOfPage: url(page.path),
      url: url(page.path),
      ...(page.lang ? { inLanguage: page.lang } : {}),
    };
  },
});
