import { createContext, use } from "react";
import type { SiteData } from "../site/types.ts";

/** Shared site data (contact details, targets) for blocks that show it. */
export const SiteContext = createContext<SiteData | undefined>(undefined);

export function useSite(): SiteData {
  const site = use(SiteContext);
  if (!site) throw new Error("useSite() needs a SiteContext provider above it.");
  return site;
}
