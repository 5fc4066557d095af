import { Button } from "@mantine/core";
import { screen } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { loadTexts, renderUi } from "../test/render-ui.tsx";
import { SectionCard } from "./section-card.tsx";

beforeAll(() => loadTexts("fi"));

describe("SectionCard", () => {
  it("is a section named by its h2, with its description, actions and content", () => {
    renderUi(
      <SectionCard
        title="Yrityksen tiedot"
        description="Näkyvät laskuilla."
        actions={<Button>Muokkaa</Button>}
      >
        <p>Kallion Kahvipaahtimo Oy</p>
      </SectionCard>,
    );
    const section = screen.getByRole("region", { name: "Yrityksen tiedot" });
    expect(section.tagName).toBe("SECTION");
    expect(screen.getByRole("heading", { level: 2, name: "Yrityksen tiedot" })).toBeInTheDocument();
    expect(screen.getByText("Näkyvät laskuilla.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Muokkaa" })).toBeInTheDocument();
    expect(screen.getByText("Kallion Kahvipaahtimo Oy")).toBeInTheDocument();
  });

  it("takes an h3 when nested in another section", () => {
    renderUi(
      <SectionCard title="Laskutus" headingOrder={3}>
        <p>sisältö</p>
      </SectionCard>,
    );
    expect(screen.getByRole("heading", { level: 3, name: "Laskutus" })).toBeInTheDocument();
  });
});
