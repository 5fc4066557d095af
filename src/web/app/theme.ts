import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from "@mantine/core";

/** A calm forest green for a bike brand; shade 7 is the light scheme's primary. */
const pedaaliGreen: MantineColorsTuple = [
  "#eaf6ef",
  "#d5ecdf",
  "#a9d8bd",
  "#7bc39a",
  "#55b27d",
  "#3ca56a",
  "#2d955d",
  "#1f7a4a",
  "#17663d",
  "#0e4f2e",
];

export const theme = createTheme({
  primaryColor: "pedaali",
  colors: { pedaali: pedaaliGreen },
  // White text needs 4.5:1: shade 7 gives 5.3:1 and shade 8 gives 7.0:1 (shade 6 would be 3.8:1).
  primaryShade: { light: 7, dark: 8 },
  defaultRadius: "md",
  fontFamily:
    "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  headings: { fontWeight: "700" },
  focusRing: "auto",
});

/**
 * Mantine's "dimmed" text is gray-6 on white (3.3:1) and dark-2 on dark-7 (4.0:1), both under WCAG AA;
 * one step stronger passes in both schemes.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  // Mantine's error red (red-6 on white, red-8 on dark) is under WCAG AA for error texts and invalid
  // inputs; one step stronger passes in both schemes, on every form.
  light: {
    "--mantine-color-dimmed": "var(--mantine-color-gray-7)",
    "--mantine-color-error": "var(--mantine-color-red-9)",
    // A light-variant success (alert title and text on the pale green) is 3.5:1 at shade 6; shade 8
    // gives 6.5:1.
    "--mantine-color-pedaali-light-color": "var(--mantine-color-pedaali-8)",
  },
  dark: {
    "--mantine-color-dimmed": "var(--mantine-color-dark-1)",
    "--mantine-color-error": "var(--mantine-color-red-4)",
  },
});
