/** Where every article of content/articles.yaml is published: /resources/<slug>. Imported by the page's code too, so it imports nothing. */
export const ARTICLES_ROUTE = "/resources";
