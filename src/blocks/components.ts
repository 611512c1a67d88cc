/**
 * Block components, keyed by block type. The mapped type makes a registered
 * schema without a component (or a component without a schema) a compile error.
 */
import type { ComponentType } from "react";
import { Article } from "./article/Article.tsx";
import { ArticleList } from "./article-list/ArticleList.tsx";
import { Bio } from "./bio/Bio.tsx";
import { Bonuses } from "./bonuses/Bonuses.tsx";
import { Cta } from "./cta/Cta.tsx";
import { LinkList } from "./link-list/LinkList.tsx";
import { Modules } from "./modules/Modules.tsx";
import { Spotlight } from "./spotlight/Spotlight.tsx";
import { VideoLibrary } from "./video-library/VideoLibrary.tsx";
import { Cards } from "./cards/Cards.tsx";
import { Comparison } from "./comparison/Comparison.tsx";
import { Contact } from "./contact/Contact.tsx";
import { Faq } from "./faq/Faq.tsx";
import { Features } from "./features/Features.tsx";
import { Form } from "./form/Form.tsx";
import { Hero } from "./hero/Hero.tsx";
import { Offer } from "./offer/Offer.tsx";
import { Press } from "./press/Press.tsx";
import { RevenueCalculator } from "./revenue-calculator/RevenueCalculator.tsx";
import type { BlockProps, BlockType } from "./schemas.ts";
import { Stats } from "./stats/Stats.tsx";
import { TaxCalculator } from "./tax-calculator/TaxCalculator.tsx";
import { Testimonials } from "./testimonials/Testimonials.tsx";
import { Videos } from "./videos/Videos.tsx";
import { Video } from "./video/Video.tsx";

export const blockComponents: { [T in BlockType]: ComponentType<BlockProps<T>> } = {
  hero: Hero,
  stats: Stats,
  features: Features,
  cards: Cards,
  videos: Videos,
  "revenue-calculator": RevenueCalculator,
  "tax-calculator": TaxCalculator,
  testimonials: Testimonials,
  press: Press,
  offer: Offer,
  comparison: Comparison,
  bio: Bio,
  form: Form,
  contact: Contact,
  faq: Faq,
  cta: Cta,
  bonuses: Bonuses,
  modules: Modules,
  spotlight: Spotlight,
  "video-library": VideoLibrary,
  "link-list": LinkList,
  video: Video,
  article: Article,
  "article-list": ArticleList,
};
