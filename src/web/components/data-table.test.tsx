import { Button, MantineProvider } from "@mantine/core";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { type ReactNode, useState } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { theme } from "../app/theme.ts";
import { i18n } from "../i18n/i18n.ts";
import { loadTexts, renderUi } from "../test/render-ui.tsx";
import { DataTable, type DataTableProps, type DataTableSortStatus } from "./data-table.tsx";

beforeAll(async () => {
  await loadTexts("fi");
  // mantine-datatable scrolls its viewport to the top on a page change; jsdom has no Element.scrollTo.
  if (!Element.prototype.scrollTo) Element.prototype.scrollTo = () => {};
  // The phone's sort select scrolls the chosen option into view; jsdom has no Element.scrollIntoView.
  if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
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

/** What the first render alone draws, before any effect or transition has run. */
function firstRender(ui: ReactNode): string {
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} env="test">
        {ui}
      </MantineProvider>
    </I18nextProvider>,
  );
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

  it("draws its rows with its header even when they stand below the first screen: drawn later, they would move the header's cells", () => {
    const first = firstRender(<DataTable {...props({ rowsAfterFirstScreen: true })} />);
    expect(first).toContain("Aino Virtanen");
    expect(first).not.toContain("mantine-Skeleton-root");
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

/** A phone's width: the media queries that ask for a maximum width match (jsdom has no layout). */
function asPhone() {
  const real = window.matchMedia;
  vi.spyOn(window, "matchMedia").mockImplementation((query: string) => ({
    ...real(query),
    matches: query.trim() === "" || query.includes("max-width"),
  }));
}

type Applicant = Row & { status: string };
const APPLICANTS: Applicant[] = [
  { id: "1", name: "Aino Virtanen", city: "Helsinki", status: "Odottaa hyväksyntää" },
  { id: "2", name: "Eero Korhonen", city: "Tampere", status: "Odottaa hyväksyntää" },
];

function applicantProps(overrides: Partial<DataTableProps<Applicant>> = {}): DataTableProps<Applicant> {
  return {
    ...(props() as unknown as DataTableProps<Applicant>),
    records: APPLICANTS,
    columns: [
      { accessor: "name", title: "Nimi", sortable: true },
      { accessor: "city", title: "Kotikunta" },
      { accessor: "status", title: "Tila" },
      {
        accessor: "actions",
        title: "Toiminnot",
        render: (r) => (
          <>
            <Button aria-label={`Hyväksy ${r.name}`}>Hyväksy</Button>
            <Button aria-label={`Hylkää ${r.name}`}>Hylkää</Button>
          </>
        ),
      },
    ],
    ...overrides,
  };
}

describe("DataTable on a phone", () => {
  beforeEach(asPhone);
  afterEach(() => vi.restoreAllMocks());

  it("shows each row as a card of its columns' titles and values, the row's buttons at its bottom", () => {
    renderUi(<DataTable {...applicantProps()} />);
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    const cards = within(screen.getByRole("list", { name: "Työntekijät" })).getAllByRole("listitem");
    expect(cards).toHaveLength(2);
    const first = cards[0] as HTMLElement;
    const pairs = [...first.querySelectorAll("dt")].map((dt) => [
      dt.textContent,
      dt.nextElementSibling?.textContent,
    ]);
    expect(pairs).toEqual([
      ["Nimi", "Aino Virtanen"],
      ["Kotikunta", "Helsinki"],
      ["Tila", "Odottaa hyväksyntää"],
    ]);
    // The buttons are no value under a label but the card's own actions, after its fields.
    expect(within(first).queryByText("Toiminnot")).not.toBeInTheDocument();
    const approve = within(first).getByRole("button", { name: "Hyväksy Aino Virtanen" });
    expect(first.querySelector("dl")?.compareDocumentPosition(approve)).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    expect(within(first).getByRole("button", { name: "Hylkää Aino Virtanen" })).toBeInTheDocument();
  });

  it("pages below the cards with the table's words", async () => {
    const onPageChange = vi.fn();
    renderUi(<DataTable {...applicantProps({ onPageChange })} />);
    expect(screen.getByText("Sivu 1/3 · rivit 1–2/5")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Seuraava sivu" }));
    expect(onPageChange).toHaveBeenCalledWith(2);
    expect(screen.getByRole("button", { name: "Sivu 3" })).toBeInTheDocument();
  });

  it("opens the row from its card by click, Enter and Space, but not from a button inside it", async () => {
    const user = userEvent.setup();
    const onRowClick = vi.fn();
    renderUi(<DataTable {...applicantProps({ onRowClick })} />);
    const [first, second] = screen.getAllByRole("listitem") as [HTMLElement, HTMLElement];
    await user.click(within(first).getByText("Helsinki"));
    expect(onRowClick).toHaveBeenLastCalledWith(expect.objectContaining({ record: APPLICANTS[0], index: 0 }));
    second.focus();
    await user.keyboard("{Enter}");
    expect(onRowClick).toHaveBeenLastCalledWith(expect.objectContaining({ record: APPLICANTS[1], index: 1 }));
    await user.keyboard(" ");
    expect(onRowClick).toHaveBeenCalledTimes(3);
    // The card's own buttons do their own thing only, by click or by key.
    await user.click(within(second).getByRole("button", { name: "Hylkää Eero Korhonen" }));
    within(second).getByRole("button", { name: "Hyväksy Eero Korhonen" }).focus();
    await user.keyboard("{Enter}");
    expect(onRowClick).toHaveBeenCalledTimes(3);
  });

  it("is no keyboard stop where the page opens no rows", () => {
    renderUi(<DataTable {...applicantProps()} />);
    for (const card of screen.getAllByRole("listitem")) expect(card).not.toHaveAttribute("tabindex");
  });

  it("sorts with a Järjestä select of the sortable columns, only where the page sorts", async () => {
    const user = userEvent.setup();
    const onSort = vi.fn();
    const onPageChange = vi.fn();
    const view = renderUi(<DataTable {...applicantProps()} />);
    expect(screen.queryByLabelText("Järjestä", { selector: "input" })).not.toBeInTheDocument();
    view.unmount();

    renderUi(
      <DataTable
        {...applicantProps({ page: 2, onPageChange })}
        sortStatus={{ columnAccessor: "name", direction: "asc" }}
        onSortStatusChange={onSort}
      />,
    );
    const select = screen.getByLabelText("Järjestä", { selector: "input" });
    expect(select).toHaveValue("Nimi, nousevasti");
    await user.click(select);
    const options = screen.getAllByRole("option").map((o) => o.textContent);
    expect(options).toEqual(["Nimi, nousevasti", "Nimi, laskevasti"]);
    await user.click(screen.getByRole("option", { name: "Nimi, laskevasti" }));
    expect(onSort).toHaveBeenLastCalledWith({ columnAccessor: "name", direction: "desc" });
    expect(onPageChange).toHaveBeenCalledWith(1);
  });

  it("shows placeholder cards while the first page loads", () => {
    const { container } = renderUi(<DataTable {...applicantProps({ records: undefined, loading: true })} />);
    expect(screen.getByRole("status")).toHaveTextContent("Ladataan…");
    expect(container.querySelectorAll(".mantine-Skeleton-root").length).toBeGreaterThan(0);
    expect(container.querySelector("[aria-busy='true']")).not.toBeNull();
    expect(screen.queryByText(/Sivu/)).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Hyväksy/ })).not.toBeInTheDocument();
  });

  it("draws rows below the first screen as placeholder cards first, then the cards once the first screen is on screen", () => {
    const first = firstRender(<DataTable {...applicantProps({ rowsAfterFirstScreen: true })} />);
    expect(first).not.toContain("Aino Virtanen");
    expect(first).toContain("mantine-Skeleton-root");
    renderUi(<DataTable {...applicantProps({ rowsAfterFirstScreen: true })} />);
    expect(screen.getByText("Aino Virtanen")).toBeInTheDocument();
  });

  it("says what to do next when empty, offers to clear the filters, and retries after an error", async () => {
    const onClear = vi.fn();
    const onRetry = vi.fn();
    const view = renderUi(<DataTable {...applicantProps({ records: [], totalRecords: 0 })} />);
    expect(screen.getByText(/Ei työntekijöitä vielä/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Luo linkki" })).toBeInTheDocument();
    view.unmount();

    const filtered = {
      active: true,
      text: "Ei hakua vastaavia työntekijöitä.",
      clearLabel: "Näytä kaikki",
      onClear,
    };
    const second = renderUi(<DataTable {...applicantProps({ records: [], totalRecords: 0, filtered })} />);
    await userEvent.click(screen.getByRole("button", { name: "Näytä kaikki" }));
    expect(onClear).toHaveBeenCalledOnce();
    second.unmount();

    renderUi(<DataTable {...applicantProps({ error: true, onRetry })} />);
    expect(screen.getByRole("alert")).toHaveTextContent("Listaa ei saatu ladattua.");
    expect(screen.queryByText("Aino Virtanen")).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Yritä uudelleen" }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it("shows a header's control once above the cards, named by its label", () => {
    const columns: DataTableProps<Applicant>["columns"] = [
      {
        accessor: "select",
        title: <input type="checkbox" aria-label="Valitse sivun rivit" />,
        render: () => null,
      },
      { accessor: "name", title: "Nimi" },
    ];
    renderUi(<DataTable {...applicantProps({ columns })} />);
    expect(screen.getAllByRole("checkbox", { name: "Valitse sivun rivit" })).toHaveLength(1);
  });
});
