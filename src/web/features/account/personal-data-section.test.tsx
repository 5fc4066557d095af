import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Language } from "../../../domain/enums.ts";
import { loadTexts, renderUi } from "../../test/render-ui.tsx";
import { PersonalData } from "./personal-data-section.tsx";

const URL = "/api/account/personal-data";

async function shown(language: Language) {
  await loadTexts(language);
  renderUi(<PersonalData />);
  return within(screen.getByRole("region"));
}

describe("the person's own copy of their data on /kayttaja", () => {
  it("explains what the download holds and links the ZIP and the JSON of the endpoint", async () => {
    const section = await shown("fi");
    expect(section.getByRole("heading", { level: 2, name: "Omat tietosi palvelussa" })).toBeInTheDocument();
    expect(section.getByText(/tietosuoja-asetus/)).toBeInTheDocument();
    expect(section.getByText(/henkilötunnus eivät ole mukana/)).toBeInTheDocument();
    const zip = section.getByRole("link", { name: "Lataa ZIP-paketti asiakirjoineen" });
    expect(zip).toHaveAttribute("href", `${URL}?format=zip`);
    expect(zip).toHaveAttribute("download");
    const json = section.getByRole("link", { name: "Lataa tiedot JSON-tiedostona" });
    expect(json).toHaveAttribute("href", `${URL}?format=json`);
    expect(json).toHaveAttribute("download");
  });

  it.each([
    ["en", "Your data in the service", "Download a ZIP with your documents", "Download your data as JSON"],
    [
      "sv",
      "Dina uppgifter i tjänsten",
      "Ladda ner ett ZIP-paket med dina dokument",
      "Ladda ner uppgifterna som JSON",
    ],
  ] as const)("speaks %s", async (language, title, zip, json) => {
    const section = await shown(language);
    expect(section.getByRole("heading", { level: 2, name: title })).toBeInTheDocument();
    expect(section.getByRole("link", { name: zip })).toHaveAttribute("href", `${URL}?format=zip`);
    expect(section.getByRole("link", { name: json })).toHaveAttribute("href", `${URL}?format=json`);
  });
});
