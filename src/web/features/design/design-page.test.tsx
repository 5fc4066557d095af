import { screen, within } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { pedaaliGreen } from "../../app/theme.ts";
import { initI18n } from "../../i18n/i18n.ts";
import { renderApp } from "../../test/render-app.tsx";

// The components' demos have tests of their own; here only that the page renders them.
vi.mock("./component-demos.tsx", () => ({ ComponentDemos: () => <p>The component demos</p> }));

beforeAll(async () => {
  await initI18n("fi");
});

describe("the design reference page", () => {
  it("is routed at /dev/design and shows the identity with computed contrast figures", async () => {
    renderApp("/dev/design");
    expect(await screen.findByRole("heading", { level: 1, name: "Design reference" })).toBeInTheDocument();
    expect(document.title).toBe("Design reference – Pedaali");
    for (const name of [
      "Typeface",
      "Type scale",
      "Palette",
      "Tokens",
      "Controls in the brand",
      "Components",
    ]) {
      expect(screen.getByRole("heading", { level: 2, name })).toBeInTheDocument();
    }
    const swatches = within(screen.getByRole("list", { name: "pedaali shades" })).getAllByRole("listitem");
    expect(swatches).toHaveLength(pedaaliGreen.length);
    // White on the primary shade 7 (#197746): (1 + 0.05) / (L + 0.05) = 5.57.
    expect(swatches[7]).toHaveTextContent("white 5.57:1");
    expect(screen.getAllByText("--pd-content-width").length).toBeGreaterThan(0);
    expect(screen.getByText("The component demos")).toBeInTheDocument();
  }, 30_000);
});
