import { Button } from "@mantine/core";
import { screen, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { loadTexts, renderUi } from "../test/render-ui.tsx";
import { ListTable, type ListTableProps } from "./list-table.tsx";

beforeAll(async () => {
  await loadTexts("fi");
});
afterEach(() => vi.restoreAllMocks());

type Invoice = { id: string; number: string; total: string };
const props: ListTableProps<Invoice> = {
  label: "Laskut",
  rows: [
    { id: "a", number: "1001", total: "120,00 €" },
    { id: "b", number: "1002", total: "80,00 €" },
  ],
  rowKey: (r) => r.id,
  columns: [
    { accessor: "number", title: "Numero", render: (r) => r.number },
    { accessor: "total", title: "Summa", textAlign: "right", render: (r) => r.total },
    { accessor: "actions", title: "Täsmäytys", render: (r) => <Button>{`Täsmäytä ${r.number}`}</Button> },
  ],
};

describe("ListTable", () => {
  it("is a named table on a wide screen", () => {
    renderUi(<ListTable {...props} />);
    const table = screen.getByRole("table", { name: "Laskut" });
    expect(within(table).getByRole("columnheader", { name: "Täsmäytys" })).toBeInTheDocument();
    expect(within(table).getByRole("button", { name: "Täsmäytä 1002" })).toBeInTheDocument();
  });

  it("is a list of cards on a phone, each row's button at the end of its card", () => {
    const real = window.matchMedia;
    vi.spyOn(window, "matchMedia").mockImplementation((query: string) => ({
      ...real(query),
      matches: query.trim() === "" || query.includes("max-width"),
    }));
    renderUi(<ListTable {...props} />);
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    const [first] = within(screen.getByRole("list", { name: "Laskut" })).getAllByRole("listitem");
    expect(within(first as HTMLElement).getByText("Summa").nextElementSibling).toHaveTextContent("120,00 €");
    expect(within(first as HTMLElement).queryByText("Täsmäytys")).not.toBeInTheDocument();
    expect(within(first as HTMLElement).getByRole("button", { name: "Täsmäytä 1001" })).toBeInTheDocument();
  });
});
