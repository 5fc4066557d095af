import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { i18n } from "../../i18n/i18n.ts";
import { loadTexts, renderUi } from "../../test/render-ui.tsx";
import { ComponentDemos } from "./component-demos.tsx";

beforeAll(async () => {
  await loadTexts("fi");
  if (!Element.prototype.scrollTo) Element.prototype.scrollTo = () => {};
});
// The per-language test switches languages; shuffled, the others must not inherit the last one.
beforeEach(() => i18n.changeLanguage("fi"));
afterAll(() => i18n.changeLanguage("fi"));

const PARTS = [
  "PageTemplate",
  "SectionCard",
  "DataTable",
  "FormErrorSummary · FieldLabel · RequiredFieldsNote",
  "StatusBadge",
  "DetailsList",
  "ConfirmDialog",
  "EmptyState",
  "EventTimeline",
];

describe("the design reference's component demos", () => {
  it("show every part of the design system", () => {
    renderUi(<ComponentDemos />);
    for (const name of PARTS) expect(screen.getByRole("heading", { level: 3, name })).toBeInTheDocument();
    expect(screen.getByRole("table", { name: "Työntekijät ja tilaukset" })).toBeInTheDocument();
    expect(screen.getByText("Leasing käynnissä", { selector: "td span" })).toBeInTheDocument();
    expect(screen.getByText("Tilaus aloitettu, pyöräliike Kallion Pyörä, nouto")).toBeInTheDocument();
  });

  // A size read as a part mounts makes the browser lay the whole page out in the middle of the render
  // that shows it: on a phone's CPU, a helpdesk's first view spent 80 ms so in a segmented control.
  it("read no size or position of the page as they mount", () => {
    const reads = [
      vi.spyOn(Element.prototype, "getBoundingClientRect"),
      vi.spyOn(Element.prototype, "getClientRects"),
      vi.spyOn(HTMLElement.prototype, "offsetWidth", "get"),
      vi.spyOn(HTMLElement.prototype, "offsetHeight", "get"),
      vi.spyOn(HTMLElement.prototype, "offsetTop", "get"),
      vi.spyOn(HTMLElement.prototype, "offsetLeft", "get"),
    ];
    try {
      renderUi(<ComponentDemos />);
      for (const read of reads) expect(read).not.toHaveBeenCalled();
    } finally {
      for (const read of reads) read.mockRestore();
    }
  });

  it.each(["fi", "en", "sv"] as const)("have every text in %s", async (lng) => {
    await loadTexts(lng);
    const { container } = renderUi(<ComponentDemos />);
    expect(container.textContent).not.toMatch(/\bds\.[a-z]/);
  });

  it("switch the table between its states and run the form's error summary", async () => {
    await loadTexts("fi");
    const user = userEvent.setup();
    renderUi(<ComponentDemos />);
    await user.click(screen.getByRole("radio", { name: "Virhe" }));
    expect(await screen.findByRole("button", { name: "Yritä uudelleen" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Yritä uudelleen" }));
    expect(await screen.findByText("Sivu 1/3 · rivit 1–5/12")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Tallenna" }));
    const heading = await screen.findByRole("heading", { name: "Korjattavat tiedot: 4" });
    await waitFor(() => expect(heading).toHaveFocus());
    const summary = screen.getByRole("region", { name: "Korjattavat tiedot: 4" });
    expect(
      within(summary).getByRole("link", { name: "Toimitustapa: Valitse nouto tai kotiinkuljetus" }),
    ).toBeInTheDocument();
  });
});
