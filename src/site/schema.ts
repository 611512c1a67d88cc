/** Schemas of the content files, built from the block registry. Build-time only. */
import { z } from "zod";
import { blockList, blockSchemas, type BlockType } from "../blocks/registry.ts";
import { articleItemSchema } from "../blocks/article/schema.ts";
import { faqItemSchema } from "../blocks/faq/schema.ts";
import { pressItemSchema } from "../blocks/press/schema.ts";
import { testimonialSchema } from "../blocks/testimonials/schema.ts";
import { RESERVED_IDS } from "../content/page-ids.ts";
import { discriminators } from "../content/discriminators.ts";
import { firstOverlap, formatMoment, isScheduled, writtenSpans, type Span, type Window } from "../content/schedule.ts";
import { bannerSchema } from "./banner.ts";
import { AA_TEXT, fontStackProblem, HEX_COLOR, nearestPassing, textPairs, wellFormedColors } from "../content/brand.ts";
import { externalUrl, imageFile, imageSrc, link, template, text, validUntil } from "../content/fields.ts";
import { VIDEO_NAME, videoUrl } from "../content/video.ts";
import { pricesSchema } from "../content/prices.ts";
import { analyticsSchema } from "../analytics/schema.ts";
import { draftField } from "../content/drafts.ts";
import { redirectFromField } from "../content/redirects.ts";
import { TRANSLATION_FINGERPRINT } from "./translation-drift.ts";
import { PROBLEM_CODES, type ProblemCode } from "../content/problem-codes.ts";

/** Far more than a page a visitor reads to the end; past it, split the page. */
export const MAX_SECTIONS = 40;
/**
 * A resources library of several thousand articles is a real site; the engine's cost per item is
 * linear (npm run bench -- --articles 1000,5000), and a cap still stops a runaway file.
 */
const MAX_COLLECTION_ITEMS = 10_000;

const blocks = Object.values(blockSchemas) as [(typeof blockSchemas)[BlockType], ...(typeof blockSchemas)[BlockType][]];

export const sectionSchema = z
  .discriminatedUnion("type", blocks)
  .meta({
    title: "Section",
    description: "One block of the page. `type` says which block; the other fields depend on it.",
  })
  .register(discriminators, {
    noun: "section type",
    missing: { code: "missing-block-type", why: "every section says which block it is" },
    unknown: "unknown-block",
  });

const routePath = z
  .string()
  .regex(/^(\*|\/|(\/[a-z0-9]+(-[a-z0-9]+)*)+)$/, {
    message: "Expected a route like / or /tax-course: lowercase letters, digits and dashes after each /, no trailing slash; or * for the 404 page.",
  })
  .meta({ description: "Where the page lives, like /tax-course. * is the page shown for any unknown address (404)." });

/** A language as browsers and search engines name it: en, es, or with a region, es-MX. */
const languageCode = () =>
  z.string().regex(/^[a-z]{2,3}(-[A-Z]{2})?$/, {
    message: "Expected a language code like en, es or es-MX: two or three lowercase letters, then an optional region.",
    // A malformed code gets this one message, not a second from a later check.
    abort: true,
  });

/** Whether Intl formats numbers for it; a malformed code (already reported by its pattern) is not known either. */
function knownLocale(code: string): boolean {
  try {
    return Intl.NumberFormat.supportedLocalesOf(code).length > 0;
  } catch {
    return false;
  }
}

/**
 * The conventions a language's numbers, prices and dates follow: a language and a region,
 * since Spanish in the United States writes $2,997 and 2.5 horas, and in Spain 2997 US$ and 2,5 horas.
 */
const locale = () =>
  languageCode()
    .refine(knownLocale, { message: "Browsers do not know how this language and region write numbers: use a code like en-US or es-US." })
    .optional()
    .meta({
      description:
        "How this language writes numbers, prices and dates: a language code and the region of the site's visitors, like en-US or es-US. The language's code alone when left out.",
    });

export const routeSchema = z
  .strictObject({
    path: routePath,
    title: text("The browser tab and search-result title.").max(70, { message: "Title is longer than 70 characters." }),
    description: text("The search-result summary, one or two sentences.").max(200, { message: "Description is longer than 200 characters." }),
    width: z
      .enum(["wide", "narrow"])
      .optional()
      .meta({ description: "wide (the default): the site's usual width. narrow: one phone-width column on every screen, for a link page." }),
    lang: languageCode().optional().meta({
      description: "The page's language, like es, when it is not the site's (content/site.yaml, language); it must be one of content/site.yaml's translations.",
    }),
    translationOf: routePath.optional().meta({
      description:
        "The page this one translates, like /tax-course: the two link to each other for search engines (hreflang) and visitors (the language switcher).",
    }),
    translatedFrom: z.string().regex(TRANSLATION_FINGERPRINT, "Expected the 8 letters and digits npm run validate prints, like 3f9a0c1b.").optional().meta({
      description:
        "The fingerprint of the page named in translationOf when this translation last matched it, as npm run validate prints it: validate warns once that page changes.",
    }),
    copyright: text("This page's copyright line, in place of the one in content/site.yaml.").optional(),
    copyrightValidUntil: validUntil(),
    ...draftField("the page"),
    ...redirectFromField(),
    banner: z
      .union([bannerSchema, z.literal(false)])
      .optional()
      .meta({ description: "This page's announcement bar, in place of the one in content/site.yaml; false for none on this page." }),
    sections: z
      .array(sectionSchema)
      .min(1)
      .max(MAX_SECTIONS, { message: `A page has at most ${MAX_SECTIONS} sections.` })
      .meta({ description: `The page's sections, top to bottom (at most ${MAX_SECTIONS}).` }),
  })
  .meta({ title: "Route", description: "One page of the site." });

/** pages.yaml with each route held to `route`: the routes' schema, or for the file's own rules alone (listFiles), any value. */
const pagesFile = <R extends z.ZodType>(route: R) =>
  z
    .strictObject({
      routes: z.array(route).min(1).meta({ description: "Every page of the site." }),
    })
    .superRefine(
      (file, ctx) => {
        // Runs even when sections have errors (`when`), so every problem is reported at once;
        // the data may therefore be partly invalid.
        const routes: unknown[] = Array.isArray(file?.routes) ? file.routes : [];
        const seen = new Map<unknown, number>();
        routes.forEach((route, index) => {
          const path = (route as { path?: unknown } | null)?.path;
          if (typeof path !== "string") return;
          const first = seen.get(path);
          if (first === undefined) seen.set(path, index);
          else
            ctx.addIssue({
              code: "custom",
              path: ["routes", index, "path"],
              message: `The route ${path} is declared twice (first at routes[${first}]).`,
              params: { code: "duplicate-route", hint: "Give each page its own path, or merge the two." },
            });
        });
        routes.forEach((route, index) => pageRules(route, index, ctx));
        routes.forEach((route, index) => sectionIds(route, index, ctx));
        if (routes.length > 0 && !seen.has("*")) {
          ctx.addIssue({
            code: "custom",
            path: ["routes"],
            message: 'No 404 page: add a route with path: "*".',
            params: { code: "no-404", hint: "It is shown for every address that matches no page." },
          });
        }
      },
      { when: () => true },
    )
    .meta({ title: "pages.yaml", description: "The site's pages, each an ordered list of sections." });

export const pagesFileSchema = pagesFile(routeSchema);

/** The rules blocks set for the page they are on (like the block that opens every page), at the section that breaks one. */
function pageRules(route: unknown, index: number, ctx: z.core.$RefinementCtx<unknown>) {
  const sections = (route as { sections?: unknown } | null)?.sections;
  if (!Array.isArray(sections)) return;
  const isBlock = (type: unknown) => typeof type === "string" && Object.hasOwn(blockSchemas, type);
  for (const { definition } of blockList) {
    for (const problem of definition.page?.rules?.({ sections, isBlock }) ?? []) {
      ctx.addIssue({
        code: "custom",
        path: ["routes", index, "sections", problem.section, ...(problem.field === undefined ? [] : [problem.field])],
        message: problem.message,
        params: { code: problem.code, hint: problem.hint },
      });
    }
  }
}

/**
 * A section's id is an element id on its page: one element each, never one the page itself uses.
 * Two sections may share an id when their schedules (from, until, hidden) never show them at
 * the same time, like a spring and a fall version of one offer, so links to #offer keep working.
 */
function sectionIds(route: unknown, index: number, ctx: z.core.$RefinementCtx<unknown>) {
  const sections = (route as { sections?: unknown } | null)?.sections;
  if (!Array.isArray(sections)) return;
  const earlier = new Map<string, { at: number; spans: Span[] | undefined; scheduled: boolean }[]>();
  sections.forEach((section, at) => {
    const id = (section as { id?: unknown } | null)?.id;
    if (typeof id !== "string") return;
    const path = ["routes", index, "sections", at, "id"];
    if (RESERVED_IDS.includes(id)) {
      ctx.addIssue({
        code: "custom",
        path,
        message: `The id "${id}" is used by the page itself (${RESERVED_IDS.join(", ")}).`,
        params: { code: "reserved-id", hint: `Choose another anchor name, like ${id}-section.` },
      });
      return;
    }
    // A schedule that is not well formed is reported at its own line; the ids are compared once it is.
    const spans = writtenSpans(section);
    const scheduled = isScheduled(section as Window);
    const others = earlier.get(id) ?? [];
    earlier.set(id, [...others, { at, spans, scheduled }]);
    if (!spans) return;
    for (const other of others) {
      const overlap = other.spans && firstOverlap(other.spans, spans);
      if (overlap === undefined) continue;
      const when =
        !scheduled && !other.scheduled
          ? ""
          : Number.isFinite(overlap)
            ? `, and both would be shown from ${formatMoment(overlap)}`
            : ", and both would be shown at once";
      ctx.addIssue({
        code: "custom",
        path,
        message: `Two sections of this page have the id "${id}" (the first is sections[${other.at}])${when}.`,
        params: {
          code: "duplicate-id",
          hint: `Give each section its own id: a link to #${id} can reach only one of them. Two sections may share an id only if they are never shown at the same time (from:, until: and hidden: that do not overlap), like a spring and a fall version of one offer.`,
        },
      });
      return;
    }
  });
}

/** The characters a font stack may hold: nothing that could end the CSS declaration it is written into. */
const FONT_CHARACTERS = /^[A-Za-z0-9 ,'"-]+$/;

const hexColor = (description: string) =>
  z
    .string()
    .regex(HEX_COLOR, {
      message: 'Expected a colour like "#1b3866": # and six hexadecimal digits, in quotes (not a name like navy, nor a short form like #fff).',
    })
    .optional()
    .meta({ description });

/**
 * The brand's colours: each drives a scale of the theme (theme.ts), and every text and
 * background pair the theme makes of it must pass WCAG AA, or the colour is refused at its line.
 */
const brandColors = z
  .strictObject({
    brand: hexColor("The main colour (navy by default): headings' links, primary buttons, brand sections. Dark enough for white text on it."),
    accent: hexColor("The accent (gold by default): calls to action and eyebrows. Light enough for dark text on it."),
    surfaces: z
      .strictObject({
        muted: hexColor("The light surface of muted sections and panels (#f4f6fa by default). Light enough for text and links on it."),
        dark: hexColor(
          "The dark surface of brand sections and the brand banner (the brand colour's darkest shade by default); the footer takes a shade darker. Dark enough for white text on it.",
        ),
      })
      .optional()
      .meta({ description: 'The surfaces sections are painted on, like muted: "#f5f1ea" and dark: "#14213d"; leave one out to keep the theme\'s.' }),
  })
  .superRefine((colors, ctx) => {
    // A colour that is not one is reported by its format alone: nothing can be measured of it.
    const measured = wellFormedColors(colors);
    const suggestions = new Map<string, string | undefined>();
    for (const pair of textPairs(measured)) {
      if (pair.ratio >= pair.min || !pair.value) continue;
      const [first, second] = pair.path;
      const key = pair.path.join(".");
      if (!suggestions.has(key)) suggestions.set(key, nearestPassing(measured, pair.path));
      const suggestion = suggestions.get(key);
      ctx.addIssue({
        code: "custom",
        path: pair.path,
        message: `${pair.value} makes ${pair.name} ${pair.ratio.toFixed(2)}:1, under the ${pair.min}:1 ${pair.min === AA_TEXT ? "that small text needs" : "that a mark needs"} (WCAG AA).`,
        params: {
          code: "low-contrast",
          hint:
            (suggestion ? `Try "${suggestion}", the nearest shade with which every text reads. ` : "") +
            (first === "brand"
              ? "The brand colour must be dark enough for white text on it, and to read on white."
              : first === "accent"
                ? "The accent must be light enough for dark text on it, and to read on the brand colour."
                : second === "muted"
                  ? "The muted surface must be light enough for dark text and links on it."
                  : "The dark surface must be dark enough for white and light text on it."),
        },
        input: pair.value,
      });
    }
  })
  .optional()
  .meta({ description: 'The brand\'s colours, like brand: "#1b3866" and accent: "#e8ab35" (quoted: # starts a comment in YAML).' });

const navLink = z.strictObject({ label: text("Link text."), to: link() });

const siteUrl = z
  .string()
  .regex(/^https:\/\/[a-z0-9-]+(\.[a-z0-9-]+)+$/, {
    message: "Expected the site's address like https://www.example.com: https:, lowercase, no path and no trailing slash.",
  })
  .meta({ description: "Where the site is published, like https://www.example.com: canonical URLs, the sitemap and share links start with it." });

const footerFields = {
  tagline: text("A sentence under the brand name."),
  navigationHeading: text("Heading of the footer's list of pages, like Explore."),
  contactHeading: text("Heading of the footer's contact details, like Contact."),
  links: z.array(navLink).max(12).optional().meta({
    description: "More pages listed in the footer after the header's links, like pages the menu leaves out, so every page can be reached from every other.",
  }),
  legal: z.array(navLink).max(4).optional().meta({
    description: "Legal pages linked at the foot of every page, like Privacy policy (/privacy) and Terms of use (/terms).",
  }),
  copyright: text("Copyright line, like © 2025 Northbridge Tax & Advisory. All rights reserved."),
  copyrightValidUntil: validUntil(),
  disclaimer: text("Small print shown at the bottom of every page.").optional(),
};

const formsSchema = z
  .strictObject({
    sending: text("The submit button's text while a form is being sent, like Sending…"),
    noAnswer: z.strictObject({ title: text("The toast's title."), description: text("The toast's text.").optional() }).meta({
      description:
        "The toast when a form's endpoint gives no answer within 15 seconds or cannot be reached. The sign-up may or may not have arrived: say so, and that the details are still in the form to try again.",
    }),
    mailNote: text(
      "Under the button of a form without an action: that sending opens the visitor's email program, like Sending opens your email program with your details filled in.",
    ),
    mailFallback: template(
      "Shown under a form without an action once it is sent, for when no email program opened: {email} is the contact email, shown as a link.",
      ["email"],
      ["email"],
    ),
    copyAddress: text("The button beside that text that copies the address, like Copy address."),
    addressCopied: text("That button's text once the address is copied, like Address copied."),
  })
  .meta({ description: "What every sign-up form (the form block) shows besides its own texts." });

const labelsSchema = z
  .strictObject({
    newTab: text("Read by screen readers after a link that opens a new tab, like (opens in a new tab)."),
    rating: template("Read by screen readers for a star rating, like {rating} out of 5.", ["rating"], ["rating"]),
    mainNavigation: text("Name of the header navigation, like Main."),
    footerNavigation: text("Name of the footer navigation, like Footer."),
    originalPrice: text("Read by screen readers before a struck-through former price, like was."),
    currentPrice: text("Read by screen readers before the price that replaces it, like now."),
    announcement: text("Name of the announcement banner's region, like Announcement. Needed once there is a banner.").optional(),
    dismiss: text("The banner's close button, like Dismiss announcement. Needed once there is a banner.").optional(),
    didYouMean: text("The 404 page's heading over the addresses nearest to the one typed, like Did you mean.").optional(),
    calculatorNeedsScript: text(
      "Shown on a calculator when the browser runs no JavaScript, like This calculator needs JavaScript to update its figures. The figures below are for the example values shown.",
    ).optional(),
  })
  .meta({ description: "Words read by screen readers only, the calculators' note for browsers without JavaScript, and the 404 page's question." });

/** The site's own language: the language of every page that does not name another. */
const languageSchema = z
  .strictObject({
    code: languageCode().meta({ description: "The language's code, like en." }),
    locale: locale(),
    name: text("The language's name in itself, shown in the language switcher, like English."),
    switcherLabel: text("Name of the language switcher, read by screen readers, like Language."),
  })
  .meta({ description: "The language the rest of this file is written in, and of every page that does not say otherwise (lang: on a route)." });

/** The site search's words: its button, its field and what it says about the results. */
const searchSchema = () =>
  z.strictObject({
    label: text("The search button's name, read by screen readers, and the search window's title, like Search."),
    placeholder: text("The hint in the empty search field, like Search articles and pages."),
    close: text("The button that closes the search window, like Close search."),
    oneResult: text("Said when one page matches, like 1 page found."),
    results: template("Said when several pages match: {count} is how many, like {count} pages found.", ["count"], ["count"]),
    noResults: template("Said when no page matches: {query} is what was typed, like No page matches {query}.", ["query"], ["query"]),
    more: text("The button under the results that shows the next ones, like More results."),
    unavailable: text("Said when the search cannot load (offline, or in the dev server, which has no index), like Search is not available right now."),
  });

/** The video player's words: the play button's name and the video window's close button. */
const videoLabelsSchema = () =>
  z.strictObject({
    play: template("The play button's name, read by screen readers: {title} is the video's title, like Play: {title}.", ["title"], ["title"]),
    close: text("The button that closes a video's window, like Close video."),
  });

/**
 * The words every page shows around its sections, in another language: the same fields
 * as the rest of site.yaml, where they are. The interface's words are required (a
 * page in this language must not fall back to another's); the menu and the footer's
 * texts are optional, and stay as they are when left out.
 */
const translationSchema = z
  .strictObject({
    name: text("The language's name in itself, shown in the language switcher, like Español."),
    locale: locale(),
    switcherLabel: text("Name of the language switcher in this language, like Idioma."),
    skipLink: text("Text of the keyboard skip link, like Saltar al contenido principal."),
    navigation: z.strictObject({
      menuLabel: text("Accessible name of the menu button on phones."),
      links: z.array(navLink).min(1).max(9).optional().meta({ description: "The header's links on pages in this language; the site's own when left out." }),
      cta: z
        .strictObject({ label: text("Button text."), to: link() })
        .optional()
        .meta({ description: "The header's button on pages in this language." }),
    }),
    footer: z.strictObject({
      ...footerFields,
      tagline: footerFields.tagline.optional(),
      copyright: footerFields.copyright.optional(),
    }),
    forms: formsSchema,
    labels: labelsSchema,
    videoLabels: videoLabelsSchema()
      .optional()
      .meta({ description: "Words of the video player on pages in this language; needed when videos: declares a video." }),
    search: searchSchema().optional().meta({ description: "Words of the site search on pages in this language; needed when search: is set for the site." }),
    videos: z
      .record(
        z.string(),
        z.strictObject({
          title: text("The video's title in this language: its play button and its window on pages in this language say it."),
        }),
      )
      .optional()
      .meta({ description: "Titles of the site's videos (videos:, by name) in this language. A video left out keeps its own title." }),
  })
  .meta({ title: "Translation", description: "The words every page shows around its sections, in this language." });

export const siteSchema = z
  .strictObject({
    siteUrl,
    share: z
      .strictObject({
        image: imageSrc(),
        imageAlt: text("What the share image shows, for people who cannot see it."),
      })
      .meta({ description: "The picture shown when a page is shared on social networks or in messages: 1200 × 630 pixels, in public/." }),
    organization: z
      .strictObject({
        address: z.strictObject({
          locality: text("City, like Fort Lauderdale."),
          region: text("State, like FL."),
          country: z
            .string()
            .regex(/^[A-Z]{2}$/, { message: "Expected a two-letter country code like US." })
            .meta({ description: "Two-letter country code, like US." }),
        }),
        founder: z.strictObject({ name: text("The founder's name, without letters after it."), jobTitle: text("Like Certified Public Accountant.") }),
      })
      .meta({
        description: "How search engines describe the firm (structured data on every page); name, phone, logo and profiles come from the rest of this file.",
      }),
    brand: z.strictObject({
      name: text("The firm's name, shown in the header and footer."),
      shortName: text("A shorter name for small screens.").optional(),
      logo: z
        .strictObject({ src: imageFile("brand-logo", "A square mark, SVG preferably.") })
        .optional()
        .meta({ description: "A square mark shown before the name (decorative: the name beside it is the link's text)." }),
      colors: brandColors,
      font: z
        .string()
        .max(200, { message: "A font stack is at most 200 characters." })
        .regex(FONT_CHARACTERS, { message: "Expected font names separated by commas, like Inter, system-ui, sans-serif." })
        .superRefine((stack, ctx) => {
          // A character the list may not hold is the one problem the regex reports.
          const problem = FONT_CHARACTERS.test(stack) ? fontStackProblem(stack) : undefined;
          if (problem)
            ctx.addIssue({
              code: "custom",
              message: problem,
              params: {
                code: "invalid-format",
                hint: "Write font names separated by commas, a name with spaces or digits in quotes, ending with a generic family: Georgia, 'Times New Roman', serif.",
              },
              input: stack,
            });
        })
        .optional()
        .meta({
          description:
            "The font stack for every text. Starting with Inter, Source Sans 3 or Public Sans, the site serves that typeface itself; any other name is a font installed on the visitor's device, like Georgia, 'Times New Roman', serif.",
        }),
    }),
    navigation: z.strictObject({
      links: z.array(navLink).min(1).max(9).meta({ description: "Links in the header, in order." }),
      cta: z.strictObject({ label: text("Button text."), to: link() }).meta({ description: "The header's button, like Get Started." }),
      menuLabel: text("Accessible name of the menu button on phones."),
    }),
    media: z
      .strictObject({
        imageHosts: z
          .array(
            z.string().regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/, { message: "Expected a host name like images.example.com." }),
          )
          .max(20)
          .meta({
            description:
              "Sites whose pictures the content may use by https: address, like images.unsplash.com. The build fetches and optimises them, so pages never load from those sites.",
          }),
      })
      .optional()
      .meta({ description: "Where pictures may come from besides the site's own files." }),
    targets: z
      .record(z.string().regex(/^[a-z][a-z0-9-]*$/, { message: "Target names use lowercase letters, digits and -." }), externalUrl())
      .meta({ description: "Named link targets: a link written as booking or course goes to the URL given here." }),
    prices: pricesSchema().optional(),
    social: z
      .array(z.strictObject({ network: text("Network name, like LinkedIn."), url: link() }))
      .meta({ description: "Social profiles, shown in the footer." }),
    contact: z.strictObject({
      phone: z.strictObject({ label: text("Phone number as shown."), href: externalUrl() }),
      email: z.strictObject({ label: text("Email address as shown."), href: externalUrl() }),
      location: text("City and state."),
    }),
    footer: z.strictObject(footerFields),
    skipLink: text("Text of the keyboard skip link."),
    banner: bannerSchema.optional().meta({ description: "An announcement bar above the header of every page (a page can set its own, or banner: false)." }),
    forms: formsSchema,
    videos: z
      .record(
        z.string().regex(VIDEO_NAME, { message: "Video names use lowercase letters, digits and -, like course-preview." }),
        z
          .strictObject({
            url: videoUrl(),
            title: text("The video's title: shown on its poster and read out on its play button."),
            poster: imageFile(
              "video-poster",
              "The picture shown until the visitor presses play, wide (16:9), like /images/videos/course-preview.jpg: the site's own file, so nothing loads from the video's host before then.",
            ),
          })
          .meta({ title: "Video", description: "A video: its address, its title and its poster." }),
      )
      .optional()
      .meta({
        description:
          "Videos by name: the video block (video: course-preview) and a button's video: name one of these. YouTube and Vimeo only; nothing loads from them until the visitor presses play.",
      }),
    videoLabels: videoLabelsSchema().optional().meta({ description: "Words of the video player; needed when videos: declares a video." }),
    search: searchSchema().optional().meta({
      description:
        "A search of the site's pages: a button in the header, and a field on the 404 page, open it. The build indexes every page's main content; leave it out for no search.",
    }),
    labels: labelsSchema,
    language: languageSchema.optional(),
    translations: z.record(languageCode(), translationSchema).optional().meta({
      description: "Other languages pages may be in (lang: on a route), each with the words every page shows around its sections, like es: { ... }.",
    }),
    analytics: analyticsSchema.optional(),
    knownWarnings: z
      .array(
        z.strictObject({
          code: z
            .enum(Object.keys(PROBLEM_CODES) as [ProblemCode, ...ProblemCode[]])
            .meta({ description: "The warning's code, as validate prints it: unknown-route." }),
          file: text("The file validate names: pages.yaml, content/articles.yaml."),
          path: text("The field validate names after the line: routes[3].sections[3].action.to."),
          reason: text("Why the site keeps it, for the next person: The brief sends this card to the 404 page."),
        }),
      )
      .optional()
      .meta({
        description:
          "Warnings the site keeps on purpose, each by its code, file and field as validate prints them: counted in one line instead of printed. An entry that matches no warning any more is reported.",
      }),
  })
  .superRefine((site, ctx) => {
    if (Object.keys(site.videos ?? {}).length > 0 && !site.videoLabels) {
      ctx.addIssue({
        code: "custom",
        path: ["videos"],
        message: "Videos are declared, but not the words of their player (videoLabels).",
        params: { code: "missing-field", hint: 'Add videoLabels: { play: "Play: {title}", close: Close video } to content/site.yaml.' },
      });
    }
    // A page in another language must not fall back to the site's words for its player either.
    for (const [code, translation] of Object.entries(site.translations ?? {})) {
      if (Object.keys(site.videos ?? {}).length > 0 && !translation.videoLabels) {
        ctx.addIssue({
          code: "custom",
          path: ["translations", code],
          message: `Videos are declared, but not the words of their player in this language (videoLabels under translations.${code}).`,
          params: { code: "missing-field", hint: `Add videoLabels: with play: (containing {title}) and close: in this language under translations.${code}.` },
        });
      }
      // The footer's page and legal links are words of the interface too: without them a Spanish page lists English names.
      for (const [field, what] of [
        ["links", "the pages it lists after the menu's"],
        ["legal", "its legal pages"],
      ] as const) {
        if (site.footer[field]?.length && !translation.footer[field]) {
          ctx.addIssue({
            code: "custom",
            path: ["translations", code, "footer"],
            message: `The footer links ${what} (footer.${field}), but not their names in this language (${field} under translations.${code}.footer).`,
            params: {
              code: "missing-field",
              hint: `Add ${field}: under translations.${code}.footer with the same pages as footer.${field} (their to:, or the translated page's), each with its label in this language.`,
            },
          });
        }
      }
      if (site.search && !translation.search) {
        ctx.addIssue({
          code: "custom",
          path: ["translations", code],
          message: `The site has a search, but not its words in this language (search under translations.${code}).`,
          params: {
            code: "missing-field",
            hint: `Add search: under translations.${code} with the fields of search: above (label, placeholder, close, oneResult, results, noResults, more, unavailable), in this language.`,
          },
        });
      }
    }
  })
  .meta({ title: "site.yaml", description: "What every page shares: brand, navigation, link targets, contact details, footer." });

/** A shared section's name, as pages write it after `use:`. */
export const SHARED_SECTION_NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/**
 * content/sections.yaml: sections defined once by name and placed on any page with
 * `- use: <name>`, so one edit changes every page that uses them.
 */
export const sharedSectionsFileSchema = z
  .strictObject({
    sections: z
      .record(
        z.string().regex(SHARED_SECTION_NAME, { message: "A shared section's name uses lowercase letters, digits and -, like newsletter-cta." }),
        sectionSchema,
      )
      .refine((sections) => Object.keys(sections).length <= 200, { message: "content/sections.yaml holds at most 200 shared sections." })
      .meta({ description: "Each shared section by its name: a page places it with - use: <name>." }),
  })
  .meta({ title: "sections.yaml", description: "Sections defined once and placed by name on any page (- use: newsletter-cta)." });

/** Shared collections, each in content/<name>.yaml as `items: [...]`. */
export const collections = {
  faq: faqItemSchema,
  press: pressItemSchema,
  testimonials: testimonialSchema,
  articles: articleItemSchema,
} as const;
export type CollectionName = keyof typeof collections;
/** Collections a site may leave out: without the file, it has none of these. */
export const OPTIONAL_COLLECTIONS: readonly CollectionName[] = ["articles"];

/**
 * A content file that is one field holding a list, read item by item: each item held to `item`
 * alone, and the file's own rules (its field, the list's length, what compares items) held by
 * `file`, which takes any value as an item. Together they say what the file's whole schema says
 * (load.ts keeps each item's result while its value is unchanged).
 */
export interface ListFile {
  field: string;
  item: z.ZodType;
  file: z.ZodType;
}

export const listFiles = {
  pages: { field: "routes", item: routeSchema, file: pagesFile(z.unknown()) },
  collection: (name: string, item: z.ZodType): ListFile => ({ field: "items", item, file: collectionFileSchema(name, z.unknown()) }),
} satisfies Record<string, ListFile | ((...args: never[]) => ListFile)>;

export const collectionFileSchema = <I extends z.ZodType>(name: string, item: I) =>
  z
    .strictObject({
      items: z
        .array(item)
        .min(1)
        .max(MAX_COLLECTION_ITEMS, { message: `A collection holds at most ${MAX_COLLECTION_ITEMS} items.` }),
    })
    .meta({ title: `${name}.yaml`, description: `The shared ${name} collection.` });

export type SiteConfig = z.output<typeof siteSchema>;
export type RouteConfig = z.output<typeof routeSchema>;
