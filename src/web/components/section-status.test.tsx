import { Button } from "@mantine/core";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it } from "vitest";
import { loadTexts, renderUi } from "../test/render-ui.tsx";
import { useSectionStatus } from "./section-status.tsx";

beforeAll(() => loadTexts("fi"));

function Section() {
  const status = useSectionStatus("Tallennus epäonnistui");
  return (
    <>
      <Button onClick={() => status.success("Toimipiste lisättiin.")}>Onnistu</Button>
      <Button onClick={() => status.failure("Nimi on jo käytössä.")}>Epäonnistu</Button>
      {status.element}
    </>
  );
}

describe("SectionStatus", () => {
  it("reads a success in the live region that is there from the start", async () => {
    renderUi(<Section />);
    const live = screen.getByRole("status");
    expect(live).toBeEmptyDOMElement();
    await userEvent.click(screen.getByRole("button", { name: "Onnistu" }));
    expect(live).toHaveTextContent("Toimipiste lisättiin.");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
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
