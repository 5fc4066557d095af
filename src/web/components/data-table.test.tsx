import { Button } from "@mantine/core";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { loadTexts, renderUi } from "../test/render-ui.tsx";
import { DataTable, type DataTableProps, type DataTableSortStatus } from "./data-table.tsx";

beforeAll(async () => {
  await loadTexts("fi");
  // mantine-datatable scrolls its viewport to the top on a page change; jsdom has no Element.scrollTo.
  if (!Element.prototype.scrollTo) Element.prototype.scrollTo = () => {};
});

type Row = { id: string; name: string; city: string };
const ROWS: Row[] = [
  { id: "1", name: "Aino Virtanen", city: "Helsinki" },
  { id: "2", name: "Eero Korhonen", city: "Tampere" },
];

function props(overrides: Partial<DataTableProps<Row>> = {}): DataTableProps<Row> {
  return {
    label: "Työntekijät",
    idAccessor: "id",
    columns: [
      { accessor: "name", title: "Nimi", sortable: true },
      { accessor: "city", title: "Kotikunta" },
    ],
    records: ROWS,
    loading: false,
    empty: {
      text: "Ei työntekijöitä vielä. Lähetä heille rekisteröintilinkki.",
      action: <Button>Luo linkki</Button>,
    },
    page: 1,
    pageSize: 2,
    totalRecords: 5,
    onPageChange: () => {},
    ...overrides,
  };
}

describe("DataTable", () => {
  it("shows the rows with the page x of y text and translated paging controls", async () => {
    const onPageChange = vi.fn();
    renderUi(<DataTable {...props({ onPageChange })} />);
    const table = screen.getByRole("table", { name: "Työntekijät" });
    expect(within(table).getByText("Aino Virtanen")).toBeInTheDocument();
    expect(screen.getByText("Sivu 1/3 · rivit 1–2/5")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Seuraava sivu" }));
    expect(onPageChange).toHaveBeenCalledWith(2);
    expect(screen.getByRole("button", { name: "Sivu 3" })).toBeInTheDocument();
  });

  it("keeps the header in view: it is sticky inside a scroll area of bounded height", () => {
    const { container } = renderUi(<DataTable {...props()} />);
    expect(container.querySelector("thead")).toHaveClass("mantine-datatable-header");
  });

  it("lets a keyboard user scroll a table wider than the screen: its scroll area is focusable and named", () => {
    const { container } = renderUi(<DataTable {...props()} />);
    const viewport = container.querySelector("[tabindex='0'][aria-label='Työntekijät']");
    expect(viewport).not.toBeNull();
    expect(viewport?.contains(container.querySelector("table"))).toBe(true);
  });

  it("shows skeleton rows under the real headers while the first page loads", () => {
    const { container } = renderUi(<DataTable {...props({ records: undefined, loading: true })} />);
    expect(screen.getByRole("status")).toHaveTextContent("Ladataan…");
    expect(screen.getByRole("columnheader", { name: "Kotikunta" })).toBeInTheDocument();
    expect(container.querySelectorAll(".mantine-Skeleton-root").length).toBeGreaterThan(0);
    expect(container.querySelector("[aria-busy='true']")).not.toBeNull();
    expect(screen.queryByText(/Sivu/)).not.toBeInTheDocument();
  });

  it("says what to do next when the list is empty", async () => {
    renderUi(<DataTable {...props({ records: [], totalRecords: 0 })} />);
    expect(
      screen.getByText("Ei työntekijöitä vielä. Lähetä heille rekisteröintilinkki."),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Luo linkki" })).toBeInTheDocument();
    expect(screen.queryByText("Ei rivejä")).not.toBeInTheDocument();
  });

  it("says the filters hide every row and clears them, instead of the empty text, while filtered", async () => {
    const onClear = vi.fn();
    const filtered = { text: "Ei hakua vastaavia työntekijöitä.", clearLabel: "Näytä kaikki", onClear };
    const view = renderUi(
      <DataTable {...props({ records: [], totalRecords: 0, filtered: { ...filtered, active: true } })} />,
    );
    expect(screen.getByText("Ei hakua vastaavia työntekijöitä.")).toBeInTheDocument();
    expect(screen.queryByText(/Ei työntekijöitä vielä/)).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Luo linkki" })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Näytä kaikki" }));
    expect(onClear).toHaveBeenCalledOnce();

    view.unmount();
    renderUi(
      <DataTable {...props({ records: [], totalRecords: 0, filtered: { ...filtered, active: false } })} />,
    );
    expect(
      screen.getByText("Ei työntekijöitä vielä. Lähetä heille rekisteröintilinkki."),
    ).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Näytä kaikki" })).not.toBeInTheDocument();
  });

  it("does not read the empty text when there are rows", () => {
    renderUi(<DataTable {...props()} />);
    expect(screen.queryByText(/Ei työntekijöitä vielä/)).not.toBeInTheDocument();
  });

  it("shows the error state with a retry button instead of the rows", async () => {
    const onRetry = vi.fn();
    renderUi(<DataTable {...props({ error: true, onRetry })} />);
    expect(screen.getByRole("alert")).toHaveTextContent("Listaa ei saatu ladattua.");
    expect(screen.queryByText("Aino Virtanen")).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Yritä uudelleen" }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it("sorts only the columns the API sorts, toggles the direction and goes back to page 1", async () => {
    const user = userEvent.setup();
    const onSort = vi.fn();
    const onPageChange = vi.fn();
    function Harness() {
      const [sortStatus, setSortStatus] = useState<DataTableSortStatus<Row>>({
        columnAccessor: "name",
        direction: "asc",
      });
      return (
        <DataTable
          {...props({ page: 2, onPageChange })}
          sortStatus={sortStatus}
          onSortStatusChange={(s) => {
            onSort(s);
            setSortStatus(s);
          }}
        />
      );
    }
    renderUi(<Harness />);
    const sortName = screen.getByRole("button", { name: "Nimi (lajiteltu nousevasti)" });
    expect(screen.queryByRole("button", { name: /Kotikunta/ })).not.toBeInTheDocument();
    await user.click(sortName);
    expect(onSort).toHaveBeenLastCalledWith({ columnAccessor: "name", direction: "desc" });
    expect(onPageChange).toHaveBeenCalledWith(1);
    expect(screen.getByRole("button", { name: "Nimi (lajiteltu laskevasti)" })).toBeInTheDocument();
  });

  it("leaves no English from the library in Finnish", () => {
    const { container } = renderUi(<DataTable {...props({ records: [], totalRecords: 0 })} />);
    expect(container.textContent).not.toMatch(/No records|Loading/);
  });
});
