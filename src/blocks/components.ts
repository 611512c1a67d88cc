/**
 * Every block's component, exported under its type. Written from the block folders by
 * `npm run new-block` and `npm run schema` (scripts/block-index.ts): do not edit by hand.
 * registry.ts makes a component whose props are not its schema's, or a type without a
 * component, a compile error.
 */
export { Article as "article" } from "./article/Article.tsx";
export { ArticleList as "article-list" } from "./article-list/ArticleList.tsx";
export { Bio as "bio" } from "./bio/Bio.tsx";
export { Bonuses as "bonuses" } from "./bonuses/Bonuses.tsx";
export { Cards as "cards" } from "./cards/Cards.tsx";
export { Comparison as "comparison" } from "./comparison/Comparison.tsx";
export { Contact as "contact" } from "./contact/Contact.tsx";
export { Cta as "cta" } from "./cta/Cta.tsx";
export { Faq as "faq" } from "./faq/Faq.tsx";
export { Features as "features" } from "./features/Features.tsx";
export { Form as "form" } from "./form/Form.tsx";
export { Hero as "hero" } from "./hero/Hero.tsx";
export { LinkList as "link-list" } from "./link-list/LinkList.tsx";
export { Modules as "modules" } from "./modules/Modules.tsx";
export { Offer as "offer" } from "./offer/Offer.tsx";
export { Press as "press" } from "./press/Press.tsx";
export { RevenueCalculator as "revenue-calculator" } from "./revenue-calculator/RevenueCalculator.tsx";
export { Spotlight as "spotlight" } from "./spotlight/Spotlight.tsx";
export { Stats as "stats" } from "./stats/Stats.tsx";
export { TaxCalculator as "tax-calculator" } from "./tax-calculator/TaxCalculator.tsx";
export { Testimonials as "testimonials" } from "./testimonials/Testimonials.tsx";
export { Video as "video" } from "./video/Video.tsx";
export { VideoLibrary as "video-library" } from "./video-library/VideoLibrary.tsx";
export { Videos as "videos" } from "./videos/Videos.tsx";
