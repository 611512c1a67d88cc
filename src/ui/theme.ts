import { createSystem, defaultBaseConfig, defineConfig } from "@chakra-ui/react";
import { TEXT_ROLES } from "../content/brand.ts";
import {
  animationStyles,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  inputAddonRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  semanticTokens,
  spinnerRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
} from "@chakra-ui/react/theme";

/**
 * Chakra's default theme trimmed to what the site uses. Each recipe costs script
 * and each colour palette costs start-up time in every interactive part of a
 * page (the system turns every token into a CSS variable). A component added to
 * a block needs its recipe here, and a palette its name in USED_PALETTES, or it
 * renders unstyled.
 */
const USED_PALETTES = ["gray", "red", "green"];
const ALWAYS = ["transparent", "current", "black", "white", "whiteAlpha", "blackAlpha", "bg", "fg", "border"];
const keepUsed = <T extends object>(colors: T): T =>
  Object.fromEntries(Object.entries(colors).filter(([name]) => USED_PALETTES.includes(name) || ALWAYS.includes(name))) as T;

/**
 * The site has no dark mode: each of Chakra's light-or-dark values becomes its light value,
 * so the page carries one set of variables instead of three, and the tone tokens below
 * replace Chakra's `fg`, `bg.muted` and `border` whole rather than merging into them.
 */
const lightOnly = <T extends object>(group: T): T =>
  Object.fromEntries(
    Object.entries(group).map(([key, token]) => [key, "value" in token ? { ...token, value: token.value?._light ?? token.value } : lightOnly(token)]),
  ) as T;

/**
 * Chakra's global styles, with what it declares for every element declared once and inherited:
 * - the two dozen variables for its `ring` and `filter: auto` utilities, which the site does not
 *   use, are left out, and the three the preflight reads (fonts, border colour) are declared where
 *   their values can change, the root and each toned surface;
 * - the selection colour is set on the root's selection, which every element's selection inherits,
 *   instead of on each element's.
 * Declared on every element, they cost each element its own set of variables and its own
 * selection style: together about two fifths of the time a page takes to compute its styles.
 */
const { "*": everyElement, "*::selection": everySelection, ...otherGlobalCss } = globalCss;
const leanGlobalCss = {
  ...otherGlobalCss,
  html: { ...otherGlobalCss.html, fontFeatureSettings: everyElement?.fontFeatureSettings },
  "html, [data-tone]": {
    "--global-font-mono": everyElement?.["--global-font-mono"],
    "--global-font-body": everyElement?.["--global-font-body"],
    "--global-color-border": everyElement?.["--global-color-border"],
  },
  "html::selection": everySelection ?? {},
};

const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss: leanGlobalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens: { ...tokens, colors: keepUsed(tokens.colors) },
    semanticTokens: { ...semanticTokens, colors: lightOnly(keepUsed(semanticTokens.colors)), shadows: lightOnly(semanticTokens.shadows) },
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      input: inputRecipe,
      inputAddon: inputAddonRecipe,
      link: linkRecipe,
      spinner: spinnerRecipe,
    },
    slotRecipes: { field: fieldSlotRecipe, toast: toastSlotRecipe },
  },
});

/**
 * The sections drawn only when they near the viewport (content-visibility: auto): all but the
 * page's first, whether a section is main's child or an island's (whose wrapper has no box).
 */
export const DEFERRED_SECTIONS = "main > * + section, main > * + [data-island] > section";

const SYSTEM_FONTS = "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

/** A colour: a token's name ("navy.700", "whiteAlpha.200") or a value of its own ("#4a5568", "transparent"). */
const ref = (color: string) => (color.startsWith("#") || color === "transparent" ? color : `{colors.${color}}`);

/**
 * Tone: a section is plain (white), muted (light grey) or brand (navy), and says so in its
 * data-tone attribute. A tone token takes its light value on the page and on plain and muted
 * surfaces, its brand value on navy ones; the nearest marked surface wins, since each sets the
 * variables for everything inside it. So a component writes color="fg.muted" once, and a white
 * card inside a navy section marks itself data-tone="plain" to read as light again.
 */
const tone = (light: string, brand: string) => ({ value: { base: ref(light), _onBrand: ref(brand), _onLight: ref(light) } });

/**
 * The brand: a deep navy for trust, one warm gold accent for calls to action.
 * Pairs used for text are chosen to pass WCAG AA (4.5:1) at body size:
 * navy.900 on white 16:1, white on navy.700 10:1, navy.950 on gold.400 9:1, gold.800 on white 5.9:1.
 */
/** The brand (colours, fonts, tones) alone: the dev-only page editor lays it over the full default theme. */
export const config = defineConfig({
  conditions: {
    // The tone of the nearest surface marked with data-tone: Section marks every section, and a
    // light card inside a navy section marks itself plain.
    onBrand: "[data-tone=brand] &",
    onLight: "[data-tone=plain] &, [data-tone=muted] &",
  },
  globalCss: {
    html: {
      colorPalette: "navy",
      // Anchored sections land below the sticky header. Jumps are instant: a smooth scroll aims
      // at where its target was before the sections it passes were laid out (see below), and
      // stops short of it.
      scrollPaddingTop: "5rem",
    },
    body: { bg: "bg", color: "fg" },
    // Headings break into even lines instead of leaving one word on the last.
    "h1, h2, h3, h4": { textWrap: "balance" },
    // A hyphenated word of a heading stays on one line (see ui/Heading.tsx).
    ".keep-word": { whiteSpace: "nowrap" },
    // A heading's last two words stay together (see ui/Heading.tsx).
    // An inline block takes no underline from the link around it unless it asks for it.
    ".keep-ending": { display: "inline-block", textDecoration: "inherit" },
    "p, li, dd, blockquote": { textWrap: "pretty" },
    // A section after the first is styled and laid out only when it nears the viewport: the
    // first frame then costs what the first screen costs, not the whole page (half the main
    // thread's work on a long page). Its content stays in the document and the accessibility
    // tree, found by find-in-page, focus and links. The remembered size ("auto") keeps the
    // scrollbar steady once a section has been seen. The sections of the first screen are
    // drawn from the start (render/first-screen.ts), so none of them changes size in view.
    // Each is a layer of its own, which its paint containment makes it anyway: said outright, so
    // that a tool measuring a section not yet drawn (axe, for contrast) stacks the sections in
    // their order too, and does not read one's text against the content of the one before.
    [DEFERRED_SECTIONS]: { contentVisibility: "auto", containIntrinsicSize: "auto 40rem", isolation: "isolate" },
  },
  theme: {
    tokens: {
      fonts: { heading: { value: SYSTEM_FONTS }, body: { value: SYSTEM_FONTS } },
      colors: {
        navy: {
          50: { value: "#eef3fa" },
          100: { value: "#d7e2f2" },
          200: { value: "#b0c5e3" },
          300: { value: "#7f9fcd" },
          400: { value: "#5178b3" },
          500: { value: "#335b98" },
          600: { value: "#24477d" },
          700: { value: "#1b3866" },
          800: { value: "#142a4f" },
          900: { value: "#0d1d38" },
          950: { value: "#081326" },
        },
        gold: {
          50: { value: "#fdf7ea" },
          100: { value: "#faebc8" },
          200: { value: "#f5d68f" },
          300: { value: "#efc05a" },
          400: { value: "#e8ab35" },
          500: { value: "#d4921c" },
          600: { value: "#b07414" },
          700: { value: "#8c5a13" },
          800: { value: "#774c14" },
          900: { value: "#5f3d12" },
          950: { value: "#3a2208" },
        },
      },
    },
    semanticTokens: {
      colors: {
        navy: {
          solid: { value: "{colors.navy.700}" },
          contrast: { value: "{colors.white}" },
          fg: { value: "{colors.navy.700}" },
          muted: { value: "{colors.navy.100}" },
          subtle: { value: "{colors.navy.50}" },
          emphasized: { value: "{colors.navy.200}" },
          focusRing: { value: "{colors.navy.500}" },
        },
        gold: {
          solid: { value: "{colors.gold.400}" },
          contrast: { value: "{colors.navy.950}" },
          fg: { value: "{colors.gold.800}" },
          muted: { value: "{colors.gold.100}" },
          subtle: { value: "{colors.gold.50}" },
          emphasized: { value: "{colors.gold.200}" },
          focusRing: { value: "{colors.gold.400}" },
        },
        // The surfaces sections are painted on; content/site.yaml may set them (brand.colors.surfaces, brand.ts).
        surface: {
          muted: { value: "#f4f6fa" },
          dark: { value: "{colors.navy.900}" },
          // The footer and the phone menu's backdrop: a shade under dark.
          darkest: { value: "{colors.navy.950}" },
        },
        brand: {
          bg: { value: "{colors.surface.dark}" },
        },
        // Colours that follow the tone of the surface they sit on (see `tone` above), from the
        // table validation measures every brand's contrast by (content/brand.ts, TEXT_ROLES).
        fg: Object.fromEntries(Object.entries(TEXT_ROLES).map(([role, colors]) => [role, tone(colors.light, colors.dark)])),
        bg: {
          // A panel set off from its section: grey on light, a lighter veil on navy.
          muted: tone("surface.muted", "whiteAlpha.100"),
          // Icon chips, and the hover of panels and secondary actions.
          tint: tone("navy.50", "whiteAlpha.200"),
        },
        border: {
          DEFAULT: tone("gray.200", "whiteAlpha.300"),
          // Form controls need 3:1 against their background (WCAG 1.4.11): #7b8494 on white is 3.8:1.
          control: { value: "#7b8494" },
          // Outline buttons.
          action: tone("navy.700", "whiteAlpha.700"),
          // The ring around a portrait.
          avatar: tone("white", "whiteAlpha.400"),
        },
        // Small rounded actions: outlined on light, filled on navy.
        pill: {
          bg: tone("transparent", "whiteAlpha.200"),
          border: tone("navy.100", "transparent"),
        },
        // Badges: filled on light, outlined on navy.
        badge: {
          bg: tone("navy.50", "transparent"),
          border: tone("transparent", "gray.200"),
        },
      },
    },
  },
});

export const system = createSystem(defaultBaseConfig, chakraTheme, config);
