import { defineBlock } from "../define.ts";
import type { ModulesProps } from "../modules/schema.ts";
import { offerSchema } from "./schema.ts";
import { shownPrice } from "../../ui/prices.ts";

export const block = defineBlock({
  schema: offerSchema,
  resolve: {
    // A price past its date is not shown: the page would promise what the firm no longer sells.
    hiddenAfter: { field: "validUntil", passed: (date) => `This offer was valid until ${date}, which has passed: it is no longer shown.` },
    ended: {
      message: (until) => `This offer was shown until ${until}, which has passed: it is no longer shown.`,
      hint: "Remove the offer, or move until to a later date if it still holds.",
    },
  },
  /**
   * The page as a course, with this offer's title, description and price, and the hours of the page's modules.
   * The price is the one shown: during a sale the sale price, valid until the sale's last day; after it the regular price.
   */
  structuredData: (offers, { page, url, firm, sectionsOf }) => {
    const course = offers.find((offer) => offer.product === "course");
    if (!course) return undefined;
    const { amount, until = course.validUntil } = shownPrice(course.price, course.originalPrice);
    const modules = sectionsOf("modules")[0] as ModulesProps | undefined;
    const hours = modules?.items.reduce((sum, item) => sum + item.hours, 0);
    return {
      "@context": "https://schema.org",
      "@type": "Course",
      name: course.title,
      description: course.description ?? page.description,
      url: url(page.path),
      provider: { "@type": "Organization", "@id": firm["@id"], name: firm.name },
      ...(hours ? { timeRequired: `PT${hours}H` } : {}),
      ...(page.lang ? { inLanguage: page.lang } : {}),
      offers: {
        "@type": "Offer",
        category: "Paid",
        price: amount.toFixed(2),
        priceCurrency: "USD",
        ...(until ? { priceValidUntil: until } : {}),
        url: url(page.path),
      },
    };
  },
});
