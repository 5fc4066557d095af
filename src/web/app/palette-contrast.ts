import { DEFAULT_THEME, darken } from "@mantine/core";
import {
  DANGER_FILLED_HOVER,
  DARK_LIGHT_VARIANT,
  DARK_LIGHT_VARIANT_HOVER,
  pedaaliGreen,
  WARNING_LIGHT_TEXT,
} from "./theme.ts";

/**
 * The colour pairs the identity promises (docs/design.md "Identity"), with the colours resolved as
 * each scheme resolves them: Mantine's defaults plus theme.ts. palette-contrast.test.ts holds every pair
 * to its minimum and the design reference page (/dev/design) shows the figures.
 */

/** "#1f7a4a", "#fff" or Mantine's "rgba(8, 37, 22, 1)" as 0–255 channels. */
function channels(color: string): [number, number, number] {
  const rgb = color.match(/^rgba?\((\d+),\s*(\d+),\s*(\d+)/);
  if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])];
  let hex = color.replace("#", "");
  if (hex.length === 3) hex = [...hex].map((c) => c + c).join("");
  if (!/^[0-9a-f]{6}$/i.test(hex)) throw new Error(`not a colour: ${color}`);
  const n = Number.parseInt(hex, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** WCAG 2 relative luminance. */
export function relativeLuminance(color: string): number {
  const [r, g, b] = channels(color).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio, 1–21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

/** "#0e4f2e" for any colour channels() reads (swatches show hex). */
function toHex(color: string): string {
  return `#${channels(color)
    .map((c) => c.toString(16).padStart(2, "0"))
    .join("")}`;
}

const { gray, dark, red, yellow } = DEFAULT_THEME.colors;
const green = pedaaliGreen;

/** What each scheme's --pd-* / --mantine-* colour variables resolve to (global.css, theme.ts). */
const SCHEME_COLORS = {
  light: {
    body: DEFAULT_THEME.white,
    text: DEFAULT_THEME.black,
    surfaceMuted: gray[0],
    surfaceRaised: DEFAULT_THEME.white,
    surfaceBrand: green[0],
    surfaceInverse: green[9],
    dimmed: gray[7],
    link: green[7],
    filled: green[7],
    filledHover: green[8],
    lightVariant: green[1],
    lightVariantHover: green[2],
    lightVariantText: green[9],
    outlineText: green[7],
    success: green[8],
    error: red[9],
    dangerFilled: red[9],
    dangerOutline: red[9],
    warningLight: yellow[1],
    warningLightText: WARNING_LIGHT_TEXT,
  },
  dark: {
    body: dark[7],
    text: dark[0],
    surfaceMuted: dark[8],
    surfaceRaised: dark[6],
    surfaceBrand: DARK_LIGHT_VARIANT,
    surfaceInverse: green[9],
    dimmed: dark[1],
    link: green[4],
    filled: green[7],
    filledHover: green[8],
    lightVariant: DARK_LIGHT_VARIANT,
    lightVariantHover: DARK_LIGHT_VARIANT_HOVER,
    lightVariantText: green[0],
    outlineText: green[3],
    success: green[4],
    error: red[4],
    dangerFilled: red[9],
    dangerOutline: red[4],
    // Mantine's dark light variant: yellow-9 darkened by half, with yellow-0 text.
    warningLight: toHex(darken(yellow[9], 0.5)),
    warningLightText: yellow[0],
  },
} as const;

type Scheme = keyof typeof SCHEME_COLORS;
export type ContrastPair = {
  scheme: Scheme;
  use: string;
  fg: string;
  bg: string;
  /** WCAG AA: 4.5 for text, 3 for large text and for focus rings and other non-text parts. */
  min: 4.5 | 3;
};

const WHITE = DEFAULT_THEME.white;

function pairsOf(scheme: Scheme): ContrastPair[] {
  const c = SCHEME_COLORS[scheme];
  const text = (use: string, fg: string, bg: string): ContrastPair => ({ scheme, use, fg, bg, min: 4.5 });
  return [
    text("White on a filled primary button", WHITE, c.filled),
    text("White on a hovered primary button", WHITE, c.filledHover),
    text("Body text on the page", c.text, c.body),
    text("Body text on a brand surface", c.text, c.surfaceBrand),
    text("Link on the page", c.link, c.body),
    text("Link on a muted surface", c.link, c.surfaceMuted),
    text("Link on a raised surface (card)", c.link, c.surfaceRaised),
    text("Link on a brand surface", c.link, c.surfaceBrand),
    text("Dimmed text on the page", c.dimmed, c.body),
    text("Dimmed text on a muted surface", c.dimmed, c.surfaceMuted),
    text("Dimmed text on a raised surface (card)", c.dimmed, c.surfaceRaised),
    text("Dimmed text on a brand surface", c.dimmed, c.surfaceBrand),
    text("Light variant (button, badge, alert)", c.lightVariantText, c.lightVariant),
    text("Hovered light button", c.lightVariantText, c.lightVariantHover),
    text("Outline button text", c.outlineText, c.body),
    text("Success text", c.success, c.body),
    text("Error text", c.error, c.body),
    text("White on the inverse band (announcement)", WHITE, c.surfaceInverse),
    text("White on a filled danger button or banner", WHITE, c.dangerFilled),
    text("White on a hovered danger button", WHITE, DANGER_FILLED_HOVER),
    text("Outline danger button text", c.dangerOutline, c.body),
    text("Warning alert (yellow light variant)", c.warningLightText, c.warningLight),
    { scheme, use: "Focus ring against the page", fg: c.link, bg: c.body, min: 3 },
  ];
}

export const CONTRAST_PAIRS: readonly ContrastPair[] = [...pairsOf("light"), ...pairsOf("dark")];
