import { screen, within } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { loadTexts, renderUi } from "../test/render-ui.tsx";
import { PackageLinesTable } from "./package-lines-table.tsx";

beforeAll(() => loadTexts("fi"));

const labels = {
  caption: "Pyöräpaketti",
  item: "Tuote",
  quantity: "Määrä",
  unitPrice: "Yksikköhinta",
  discount: "Alennus",
  lineTotal: "Yhteensä",
  total: "Paketti yhteensä",
};

const lines = [
  {
    itemType: "BIKE",
    name: "Kathmandu Hybrid",
    brand: "Cube",
    model: "SLX 750",
    quantity: 1,
    unitPriceCents: 449_900,
    discountCents: 20_000,
  },
  { itemType: "ACCESSORY", name: "Kypärä", quantity: 2, unitPriceCents: 8_990, discountCents: 0 },
] as const;

describe("PackageLinesTable", () => {
  it("shows each line's name with its details and its price after the discount, and the total", () => {
    renderUi(<PackageLinesTable lines={lines} totalCents={447_880} labels={labels} />);
    const table = screen.getByRole("table", { name: "Pyöräpaketti" });
    const bike = within(table).getByRole("row", { name: /Kathmandu Hybrid \(Cube, SLX 750\)/ });
    expect(bike).toHaveTextContent("200,00 €");
    expect(bike).toHaveTextContent("4 299,00 €");
    const helmet = within(table).getByRole("row", { name: /Kypärä/ });
    // No discount reads as a dash, and the line counts its quantity.
    expect(helmet).toHaveTextContent("–");
    expect(helmet).toHaveTextContent("179,80 €");
    expect(within(table).getByRole("row", { name: /Paketti yhteensä/ })).toHaveTextContent("4 478,80 €");
    expect(screen.queryByRole("columnheader", { name: "Tyyppi" })).toBeNull();
  });

  it("adds the type column when the reader needs it", () => {
    renderUi(
      <PackageLinesTable
        lines={lines}
        totalCents={447_880}
        labels={labels}
        typeColumn={{ heading: "Tyyppi", of: (line) => (line.itemType === "BIKE" ? "Pyörä" : "Varuste") }}
      />,
    );
    expect(screen.getByRole("columnheader", { name: "Tyyppi" })).toBeInTheDocument();
    expect(screen.getByRole("row", { name: /Varuste Kypärä/ })).toBeInTheDocument();
  });
});
