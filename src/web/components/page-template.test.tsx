import { Button } from "@mantine/core";
import { screen, waitFor, within } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { loadTexts, renderUi } from "../test/render-ui.tsx";
import { PageTemplate } from "./page-template.tsx";

beforeAll(() => loadTexts("fi"));

describe("PageTemplate", () => {
  it("gives the page its h1, the tab title, the description and the primary action", async () => {
    renderUi(
      <PageTemplate
        title="Työntekijät"
        description="Yrityksen työntekijät ja heidän tilauksensa."
        action={<Button>Lisää työntekijä</Button>}
      >
        <p>sisältö</p>
      </PageTemplate>,
    );
    expect(screen.getByRole("heading", { level: 1, name: "Työntekijät" })).toBeInTheDocument();
    expect(screen.getByText("Yrityksen työntekijät ja heidän tilauksensa.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Lisää työntekijä" })).toBeInTheDocument();
    expect(screen.getByText("sisältö")).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe("Työntekijät – Pedaali"));
    // No breadcrumbs on a top-level page.
    expect(screen.queryByRole("navigation")).not.toBeInTheDocument();
  });

  it("shows breadcrumbs on a deep page, ending with the current page", () => {
    renderUi(
      <PageTemplate
        title="Aino Virtanen"
        breadcrumbs={[
          { label: "Työnantaja", to: "/tyonantaja" },
          { label: "Työntekijät", to: "/tyonantaja" },
        ]}
      >
        <p>sisältö</p>
      </PageTemplate>,
    );
    const nav = screen.getByRole("navigation", { name: "Murupolku" });
    const items = within(nav).getAllByRole("listitem");
    expect(items.map((i) => i.textContent)).toEqual(["Työnantaja", "Työntekijät", "Aino Virtanen"]);
    expect(within(nav).getByRole("link", { name: "Työnantaja" })).toHaveAttribute("href", "/tyonantaja");
    expect(items[2]).toHaveAttribute("aria-current", "page");
    expect(within(items[2] as HTMLElement).queryByRole("link")).not.toBeInTheDocument();
  });
});
