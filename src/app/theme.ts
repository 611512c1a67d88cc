import { createSystem, defaultBaseConfig, defineConfig } from "@chakra-ui/react";
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

const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens: { ...tokens, colors: keepUsed(tokens.colors) },
    semanticTokens: { ...semanticTokens, colors: keepUsed(semanticTokens.colors) },
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
 * The brand: a deep navy for trust, one warm gold accent for calls to action.
 * Pairs used for text are chosen to pass WCAG AA (4.5:1) at body size:
 * navy.900 on white 16:1, white on navy.700 10:1, navy.950 on gold.400 9:1, gold.800 on white 5.9:1.
 */
const config = defineConfig({
  globalCss: {
    html: {
      colorPalette: "navy",
      // Anchored sections land below the sticky header.
      scrollPaddingTop: "5rem",
      "@media (prefers-reduced-motion: no-preference)": { scrollBehavior: "smooth" },
    },
    body: { bg: "bg", color: "fg" },
    // Headings break into even lines instead of leaving one word on the last.
    "h1, h2": { textWrap: "balance" },
    "p, li, dd, blockquote": { textWrap: "pretty" },
  },
  theme: {
    tokens: {
      fonts: {
        heading: { value: "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif" },
        body: { value: "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif" },
      },
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
        brand: {
          bg: { value: "{colors.navy.900}" },
          fg: { value: "{colors.white}" },
          muted: { value: "{colors.navy.100}" },
          accent: { value: "{colors.gold.300}" },
        },
        fg: {
          DEFAULT: { value: "{colors.navy.950}" },
          muted: { value: "#4a5568" },
        },
        bg: {
          muted: { value: "#f4f6fa" },
        },
        border: {
          // Form controls need 3:1 against their background (WCAG 1.4.11): #7b8494 on white is 3.8:1.
          control: { value: "#7b8494" },
        },
      },
    },
  },
});

export const system = createSystem(defaultBaseConfig, chakraTheme, config);
