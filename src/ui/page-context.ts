import { createContext, useContext } from "react";

/** wide: the site's usual content width. narrow: one phone-width column, for pages like the link page. */
export type PageWidth = "wide" | "narrow";

/** What a block may know about the page it is on. */
export interface PageContextValue {
  /** The page's route: /press, or * on the 404 page. */
  path: string;
  width: PageWidth;
  /** The page's language, like en or es (content/site.yaml declares them); the site's default when absent. */
  lang?: string;
  /** How the page writes numbers, prices and dates, like en-US or es-US; en-US when absent. */
  locale?: string;
}

export const PageContext = createContext<PageContextValue>({ path: "/", width: "wide" });

export const usePageWidth = () => useContext(PageContext).width;

/** The route of the page being shown, for marking the current link. */
export const useCurrentPath = () => useContext(PageContext).path;

/** How the page writes numbers, prices and dates (Intl's locale). */
export const usePageLocale = () => useContext(PageContext).locale ?? "en-US";
