import { screen } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { loadTexts, renderUi } from "../../test/render-ui.tsx";
import { MaxPriceWarning } from "./max-price-warning.tsx";

beforeAll(() => loadTexts("fi"));

describe("MaxPriceWarning", () => {
  it("warns under a max price too low for a benefit bike, 0 € included", () => {
    for (const typed of ["0", "10", "499,99"]) {
      const view = renderUi(<MaxPriceWarning typed={typed} />);
      expect(screen.getByRole("status")).toHaveTextContent("Enimmäishinta on hyvin pieni");
      view.unmount();
    }
  });

  it("says nothing for a sensible price, an empty field or one that is not an amount yet", () => {
    for (const typed of ["500", "4 500", "", "abc"]) {
      const view = renderUi(<MaxPriceWarning typed={typed} />);
      expect(screen.getByRole("status")).toBeEmptyDOMElement();
      view.unmount();
    }
  });
});
