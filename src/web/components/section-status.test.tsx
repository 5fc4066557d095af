import { Button } from "@mantine/core";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it } from "vitest";
import { loadTexts, renderUi } from "../test/render-ui.tsx";
import { useSectionStatus } from "./section-status.tsx";
import { ToastHost } from "./toast-host.tsx";

beforeAll(() => loadTexts("fi"));

function Section() {
  const status = useSectionStatus("Tallennus epäonnistui");
  return (
    <>
      <ToastHost />
      <Button onClick={() => status.success("Toimipiste lisättiin.")}>Onnistu</Button>
      <Button onClick={() => status.failure("Nimi on jo käytössä.")}>Epäonnistu</Button>
      {status.element}
    </>
  );
}

describe("SectionStatus", () => {
  it("says a success with the success toast, which shows wherever the page is scrolled, and clears a failure", async () => {
    renderUi(<Section />);
    await userEvent.click(screen.getByRole("button", { name: "Epäonnistu" }));
    expect(screen.getByRole("alert")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Onnistu" }));
    expect(await screen.findByText("Toimipiste lisättiin.")).toBeInTheDocument();
    expect(screen.getByRole("status")).toBeEmptyDOMElement();
    expect(screen.queryByText("Nimi on jo käytössä.")).not.toBeInTheDocument();
  });

  it("shows a failure as an alert with the area's title, which the reader can close", async () => {
    renderUi(<Section />);
    await userEvent.click(screen.getByRole("button", { name: "Epäonnistu" }));
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent("Tallennus epäonnistui");
    expect(alert).toHaveTextContent("Nimi on jo käytössä.");
    await userEvent.click(screen.getByRole("button", { name: "Sulje" }));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});
