import { screen, within } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { loadTexts, renderUi } from "../test/render-ui.tsx";
import { FiguresTable } from "./figures-table.tsx";

beforeAll(() => loadTexts("fi"));

const data = {
  head: ["Kuukausi", "Tilaukset"],
  rows: [
    ["Lokakuu", "12"],
    ["Marraskuu", "17"],
  ],
};

describe("FiguresTable", () => {
  it("names each row by its first cell and each column by its heading", () => {
    renderUi(<FiguresTable caption="Tilaukset kuukausittain" data={data} shown />);
    const table = screen.getByRole("table", { name: "Tilaukset kuukausittain" });
    expect(within(table).getByRole("rowheader", { name: "Marraskuu" })).toBeInTheDocument();
    expect(within(table).getByRole("columnheader", { name: "Tilaukset" })).toBeInTheDocument();
    // Shown on screen, the table scrolls in a box that keys can reach.
    expect(
      screen.getByLabelText("Tilaukset kuukausittain", { selector: "[tabindex='0']" }),
    ).toBeInTheDocument();
  });

  it("stays readable to screen readers while the chart is shown instead", () => {
    renderUi(<FiguresTable caption="Tilaukset kuukausittain" data={data} shown={false} />);
    expect(screen.getByRole("table", { name: "Tilaukset kuukausittain" })).toBeInTheDocument();
    expect(screen.queryByLabelText("Tilaukset kuukausittain", { selector: "[tabindex='0']" })).toBeNull();
  });
});
