import { MantineProvider } from "@mantine/core";
import { render } from "@testing-library/react";
import { expect, test } from "vitest";
import { cssVariablesResolver, theme } from "./theme.ts";

// The theme's CSS variables ship as a stylesheet (theme-variables.css) instead of being worked out by
// MantineProvider in the browser on every page load. The file must be exactly what Mantine would write
// into the page for this theme: `npx vitest run -u` rewrites it after a change to theme.ts.
test("the theme's stylesheet is the CSS variables Mantine writes for the theme", async () => {
  render(<MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test" />);
  const css = document.querySelector("style[data-mantine-styles]")?.textContent ?? "";
  expect(css).toContain("--mantine-primary-color-filled");
  await expect(`${css}\n`).toMatchFileSnapshot("./theme-variables.css");
});
