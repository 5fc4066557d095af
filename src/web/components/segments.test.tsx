import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { beforeAll, describe, expect, it } from "vitest";
import { loadTexts, renderUi } from "../test/render-ui.tsx";
import { Segments } from "./segments.tsx";

beforeAll(() => loadTexts("fi"));

const VIEWS = [
  { value: "open", label: "Avoimet" },
  { value: "done", label: "Valmiit" },
  { value: "all", label: "Kaikki" },
] as const;

function Views({ disabled = false }: { disabled?: boolean }) {
  const [view, setView] = useState<string>("open");
  return (
    <>
      <Segments aria-label="Näkymä" data={VIEWS} value={view} onChange={setView} disabled={disabled} />
      <output>{view}</output>
    </>
  );
}

describe("segments", () => {
  it("are a group of radio buttons named by their labels, the chosen one checked and marked", () => {
    renderUi(<Views />);
    const group = screen.getByRole("radiogroup", { name: "Näkymä" });
    expect(screen.getAllByRole("radio").map((radio) => radio.getAttribute("value"))).toEqual([
      "open",
      "done",
      "all",
    ]);
    expect(screen.getByRole("radio", { name: "Avoimet" })).toBeChecked();
    expect(group.querySelectorAll("[data-active]")).toHaveLength(2);
    expect(screen.getByText("Avoimet").closest("label")).toHaveAttribute("data-active");
  });

  it("choose an option by a click on its label and by the arrow keys", async () => {
    const user = userEvent.setup();
    renderUi(<Views />);
    await user.click(screen.getByText("Valmiit"));
    expect(screen.getByRole("radio", { name: "Valmiit" })).toBeChecked();
    expect(screen.getByRole("status")).toHaveTextContent("done");
    await user.keyboard("{ArrowRight}");
    expect(screen.getByRole("status")).toHaveTextContent("all");
    expect(screen.getByText("Kaikki").closest("label")).toHaveAttribute("data-active");
    expect(screen.getByText("Valmiit").closest("label")).not.toHaveAttribute("data-active");
  });

  it("change nothing while they are disabled", async () => {
    const user = userEvent.setup();
    renderUi(<Views disabled />);
    await user.click(screen.getByText("Valmiit"));
    expect(screen.getByRole("status")).toHaveTextContent("open");
    for (const radio of screen.getAllByRole("radio")) expect(radio).toBeDisabled();
  });

  it("keep two groups on one page apart", async () => {
    const user = userEvent.setup();
    renderUi(
      <>
        <Views />
        <Views />
      </>,
    );
    await user.click(screen.getAllByText("Kaikki")[1] as HTMLElement);
    const [first, second] = screen.getAllByRole("radiogroup");
    expect(first?.querySelector("input:checked")).toHaveAttribute("value", "open");
    expect(second?.querySelector("input:checked")).toHaveAttribute("value", "all");
  });
});
