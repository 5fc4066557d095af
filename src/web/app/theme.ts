import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from "@mantine/core";

/**
 * The brand green (OKLCH hue 155, lightness 0.975 → 0.365): a pine green for filled controls and
 * links, a fresh leaf green at the light end. Shade 7 is the primary in both schemes. The contrast
 * pairs that rely on it are listed and tested in palette-contrast.ts (docs/design.md has the figures).
 */
export const pedaaliGreen: MantineColorsTuple = [
  "#eafcf0",
  "#d2f6dd",
  "#a6e8bc",
  "#76d69a",
  "#52c180",
  "#35a96a",
  "#269258",
  "#197746",
  "#17623a",
  "#104a2b",
];

/** Inter (self-hosted, global.css), then the platform's UI font with near metrics while it loads. */
const FONT_FAMILY =
  "'Inter Variable', 'Inter Fallback', system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif";

export const theme = createTheme({
  primaryColor: "pedaali",
  colors: { pedaali: pedaaliGreen },
  // White text on shade 7 is 5.6:1 (shade 6 would be 3.9:1); one brand colour in both schemes.
  primaryShade: { light: 7, dark: 7 },
  defaultRadius: "md",
  fontFamily: FONT_FAMILY,
  // Body sizes and line heights are Mantine's (xs 12 px … xl 20 px, line height 1.55 at md). Headings
  // step by about 1.25 from the 16 px body; h1 and h2 grow with the viewport from phone to desktop.
  headings: {
    fontFamily: FONT_FAMILY,
    fontWeight: "700",
    textWrap: "balance",
    sizes: {
      h1: { fontSize: "clamp(2rem, 1.4rem + 2.4vw, 2.75rem)", lineHeight: "1.15", fontWeight: "750" },
      h2: { fontSize: "clamp(1.5rem, 1.2rem + 1.2vw, 2rem)", lineHeight: "1.2", fontWeight: "700" },
      h3: { fontSize: "1.375rem", lineHeight: "1.3", fontWeight: "650" },
      h4: { fontSize: "1.125rem", lineHeight: "1.4", fontWeight: "650" },
      h5: { fontSize: "1rem", lineHeight: "1.45", fontWeight: "650" },
      h6: { fontSize: "0.875rem", lineHeight: "1.45", fontWeight: "650" },
    },
  },
  // A 4 px grid; 2xl and 3xl separate the sections of a page.
  spacing: {
    xs: "0.5rem",
    sm: "0.75rem",
    md: "1rem",
    lg: "1.5rem",
    xl: "2rem",
    "2xl": "3rem",
    "3xl": "4rem",
  },
  radius: { xs: "0.25rem", sm: "0.375rem", md: "0.5rem", lg: "0.75rem", xl: "1.25rem" },
  focusRing: "auto",
  // A select's or a search's list is made when it opens, not kept hidden in the page (Mantine's
  // Combobox keeps it by default): the municipality picker alone kept 311 options, two thirds of the
  // calculator's elements, rendered and re-rendered; and each list kept was placed beside its field as
  // the page first rendered, a forced style pass of the whole page each (the helpdesk's search and the
  // order queue's company filter, 300 ms of a phone's main thread on /admin). Set on Combobox itself, so
  // a field that passes comboboxProps of its own (withinPortal) keeps it too. A plain object, so the
  // theme imports no component into the home page's code.
  components: { Combobox: { defaultProps: { keepMounted: false } } },
});

/**
 * The light variant (light buttons, badges, alerts, brand surfaces) in the dark scheme. Mantine's own is
 * pedaali-9 darkened by half, darker than the page itself, so a light button sank into it; this is
 * pedaali-7 mixed 35 % into the dark page (dark-7), a step lighter than the page, with pedaali-0 text.
 */
export const DARK_LIGHT_VARIANT = "#204130";
export const DARK_LIGHT_VARIANT_HOVER = "#1f4937";

/**
 * Text of a yellow light-variant alert (a warning) in the light scheme: Mantine's yellow-9 on yellow-1
 * is 2.6:1; this dark amber is AA on it.
 */
export const WARNING_LIGHT_TEXT = "#7c4a03";

/** Hover of a filled red (danger) button: a step darker than red-9, which is the filled colour. */
export const DANGER_FILLED_HOVER = "#a61e1e";
// In both schemes' blocks: Mantine sets the variant colours there, and those selectors outrank :root.
const dangerFilled = {
  "--mantine-color-red-filled": "var(--mantine-color-red-9)",
  "--mantine-color-red-filled-hover": DANGER_FILLED_HOVER,
};

/**
 * Mantine's defaults that fall under WCAG AA, raised (figures in palette-contrast.ts): dimmed text
 * (gray-6 on white 3.3:1, dark-2 on dark-7 4.0:1), error red (red-6 on white, red-8 on dark), success
 * (teal-8 on dark-7), white on a filled red button (red-7 3.8:1, its hover red-8 4.4:1) and an outline
 * red button's text. Use color="red" for danger, never a fixed shade: the shades differ by scheme.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    "--mantine-color-dimmed": "var(--mantine-color-gray-7)",
    "--mantine-color-error": "var(--mantine-color-red-9)",
    "--mantine-color-success": "var(--mantine-color-pedaali-8)",
    ...dangerFilled,
    // An outline red button's text: red-7 is 3.8:1 on white.
    "--mantine-color-red-outline": "var(--mantine-color-red-9)",
    "--mantine-color-yellow-light-color": WARNING_LIGHT_TEXT,
  },
  dark: {
    "--mantine-color-dimmed": "var(--mantine-color-dark-1)",
    "--mantine-color-error": "var(--mantine-color-red-4)",
    "--mantine-color-success": "var(--mantine-color-pedaali-4)",
    ...dangerFilled,
    "--mantine-color-red-outline": "var(--mantine-color-red-4)",
    "--mantine-color-pedaali-light": DARK_LIGHT_VARIANT,
    "--mantine-color-pedaali-light-hover": DARK_LIGHT_VARIANT_HOVER,
  },
});
