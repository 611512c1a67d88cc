import { createContext, useContext } from "react";

/** wide: the site's usual content width. narrow: one phone-width column, for pages like the link page. */
export type PageWidth = "wide" | "narrow";

export const PageWidthContext = createContext<PageWidth>("wide");

export const usePageWidth = () => useContext(PageWidthContext);
