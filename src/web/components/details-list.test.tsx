import { Anchor } from "@mantine/core";
import { screen } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { loadTexts, renderUi } from "../test/render-ui.tsx";
import { DetailsList } from "./details-list.tsx";

beforeAll(() => loadTexts("fi"));

describe("DetailsList", () => {
  it("is a description list of label and value pairs in the given order", () => {
    const { container } = renderUi(
      <DetailsList
        items={[
          { label: "Y-tunnus", value: "3120458-3" },
          {
            label: "Sähköposti",
            value: <Anchor href="mailto:minna@kallionkahvi.fi">minna@kallionkahvi.fi</Anchor>,
          },
          { label: "Kustannuspaikka", value: null },
          { label: "Verkkolaskuosoite", value: " " },
        ]}
      />,
    );
    const list = container.querySelector("dl");
    expect(list).not.toBeNull();
    const terms = [...container.querySelectorAll("dt")].map((dt) => dt.textContent);
    const values = [...container.querySelectorAll("dd")].map((dd) => dd.textContent);
    expect(terms).toEqual(["Y-tunnus", "Sähköposti", "Kustannuspaikka", "Verkkolaskuosoite"]);
    // An empty value shows a dash, so the row does not look broken.
    expect(values).toEqual(["3120458-3", "minna@kallionkahvi.fi", "–", "–"]);
    // Each pair sits in its own row wrapper, a <div> directly in the <dl> (valid HTML).
    for (const row of list?.children ?? []) expect(row.tagName).toBe("DIV");
    expect(screen.getByRole("link", { name: "minna@kallionkahvi.fi" })).toBeInTheDocument();
  });
});
