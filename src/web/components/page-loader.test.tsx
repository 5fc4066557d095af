import { screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { FIRST_VIEW_ID } from "../../domain/constants.ts";
import { takeFirstView } from "../lib/first-view.ts";
import { loadTexts, renderUi } from "../test/render-ui.tsx";
import { RouteLoader } from "./page-loader.tsx";

beforeAll(() => loadTexts("fi"));

/** A page load of `pathname` whose HTML holds `html` in the app's root, taken as the app starts. */
function loadPage(pathname: string, html: string) {
  window.history.replaceState(null, "", pathname);
  document.body.innerHTML = `<div id="root">${html}</div>`;
  takeFirstView();
  document.body.innerHTML = "";
}

afterEach(() => {
  loadPage("/", "");
});

describe("the loader of a page on its way", () => {
  it("keeps the head that came in the page's HTML above it, on that page", () => {
    loadPage(
      "/mybike",
      `<div id="${FIRST_VIEW_ID}"><h1>Oma pyörä</h1><p>Pyöräetusi yhdessä paikassa.</p></div>`,
    );
    renderUi(<RouteLoader />);
    expect(screen.getByRole("heading", { level: 1, name: "Oma pyörä" })).toBeInTheDocument();
    expect(screen.getByText("Pyöräetusi yhdessä paikassa.")).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Sivua ladataan");
  });

  it("shows the loader alone on another page than the one loaded, and on a page loaded without a head", () => {
    loadPage("/mybike", `<div id="${FIRST_VIEW_ID}"><h1>Oma pyörä</h1></div>`);
    window.history.replaceState(null, "", "/kayttaja");
    const elsewhere = renderUi(<RouteLoader />);
    expect(screen.queryByRole("heading")).toBeNull();
    expect(screen.getByRole("status")).toBeInTheDocument();
    elsewhere.unmount();
    loadPage("/kayttaja", '<div class="boot-frame"></div>');
    renderUi(<RouteLoader />);
    expect(screen.queryByRole("heading")).toBeNull();
  });
});
