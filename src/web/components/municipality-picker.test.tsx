import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { beforeAll, describe, expect, it } from "vitest";
import { PUBLISHED_MUNICIPAL_RATES } from "../../domain/tax/published-tax-years.ts";
import type { Church } from "../../domain/tax/tax-year.ts";
import { fillIn } from "../test/fill-in.ts";
import { loadTexts, renderUi } from "../test/render-ui.tsx";
import { ChurchSelect, chosenMunicipality, MunicipalityPicker } from "./municipality-picker.tsx";

const RATES = [...PUBLISHED_MUNICIPAL_RATES];

/** The picker and the church choice as a page holds them, the chosen values shown beside. */
function Picker({ initial = null }: { initial?: string | null }) {
  const [municipality, setMunicipality] = useState<string | null>(initial);
  const [church, setChurch] = useState<Church | null>(null);
  return (
    <>
      <MunicipalityPicker
        municipalities={RATES}
        year={2026}
        value={municipality}
        onChange={setMunicipality}
      />
      <ChurchSelect
        rate={chosenMunicipality(RATES, 2026, municipality)}
        value={church}
        onChange={setChurch}
      />
      <output data-testid="chosen">{`${municipality ?? "-"} ${church ?? "-"}`}</output>
    </>
  );
}

const options = () =>
  screen.queryAllByRole("option").map((option) => option.textContent?.replace(/\u00a0/g, " "));

beforeAll(() => {
  // Mantine's combobox scrolls the selected option into view; jsdom has no scrollIntoView.
  if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
});

describe("the municipality picker in Swedish", () => {
  beforeAll(() => loadTexts("sv"));

  it("names the municipalities in Swedish, finds them by their Finnish name too and gives the code", async () => {
    const user = userEvent.setup();
    renderUi(<Picker />);
    const picker = screen.getByRole("combobox", { name: "Hemkommun" });
    await fillIn(user, picker, "Vantaa");
    // The Swedish name is the option's label, the Finnish one beside it.
    expect(options()).toEqual(["Vanda – 6,4 %Vantaa"]);
    await user.click(screen.getByRole("option", { name: /^Vanda – 6,4\s%/ }));
    expect(picker).toHaveValue("Vanda – 6,4\u00a0%");
    expect(screen.getByTestId("chosen")).toHaveTextContent("092 -");
    await user.clear(picker);
    await fillIn(user, picker, "vanda");
    expect(options()).toEqual(["Vanda – 6,4 %Vantaa"]);
  });

  it("lists every municipality of the year, Åland's saying they are not calculated yet", async () => {
    const user = userEvent.setup();
    renderUi(<Picker />);
    await user.click(screen.getByRole("combobox", { name: "Hemkommun" }));
    expect(options()).toHaveLength(308);
    await fillIn(user, screen.getByRole("combobox", { name: "Hemkommun" }), "marieh");
    expect(options()).toEqual(["Mariehamn – Åland beräknas inte ännu" + "Maarianhamina"]);
    await user.click(screen.getByRole("option", { name: /^Mariehamn/ }));
    // No parish rate is offered for Åland either: nothing of it is calculated.
    await user.click(screen.getByRole("combobox", { name: "Kyrka" }));
    expect(options()).toEqual(["Jag hör inte till kyrkan", "Evangelisk-lutherska kyrkan", "Ortodoxa kyrkan"]);
  });

  it("offers each church with its parish's rate in the chosen municipality", async () => {
    const user = userEvent.setup();
    renderUi(<Picker initial="092" />);
    await user.click(screen.getByRole("combobox", { name: "Kyrka" }));
    expect(options()).toEqual([
      "Jag hör inte till kyrkan",
      "Evangelisk-lutherska kyrkan – 1 %",
      "Ortodoxa kyrkan – 1,8 %",
    ]);
    await user.click(screen.getByRole("option", { name: /^Ortodoxa kyrkan/ }));
    expect(screen.getByTestId("chosen")).toHaveTextContent("092 ORTHODOX");
  });
});

describe("the municipality picker in Finnish", () => {
  beforeAll(() => loadTexts("fi"));

  it("finds a municipality by its Swedish name, case and accents aside", async () => {
    const user = userEvent.setup();
    renderUi(<Picker />);
    const picker = screen.getByRole("combobox", { name: "Kotikunta" });
    await fillIn(user, picker, "VANDA");
    expect(options()).toEqual(["Vantaa – 6,4 %Vanda"]);
    await user.clear(picker);
    await fillIn(user, picker, "hameenlinna");
    expect(options()).toEqual(["Hämeenlinna – 8,4 %Tavastehus"]);
    await user.clear(picker);
    await fillIn(user, picker, "abo");
    expect(options()).toContain("Turku – 7,1 %Åbo");
    await user.clear(picker);
    await fillIn(user, picker, "Atlantis");
    expect(options()).toEqual([]);
    expect(screen.getByText(/Kuntaa ei löydy/)).toBeInTheDocument();
  });
});
