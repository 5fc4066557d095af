import { fireEvent, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { AppLink } from "./app-link.tsx";

/** Whether React Router took the click over (prevented the browser's own navigation). */
function clickIsClientSide(link: HTMLElement): boolean {
  let prevented = false;
  // Runs after React's handlers; stops jsdom from attempting a real navigation.
  const listener = (event: Event) => {
    prevented = event.defaultPrevented;
    event.preventDefault();
  };
  window.addEventListener("click", listener);
  fireEvent.click(link);
  window.removeEventListener("click", listener);
  return prevented;
}

function renderLinks() {
  const router = createMemoryRouter(
    [
      {
        path: "*",
        element: (
          <>
            <AppLink to="/laskuri">calculator</AppLink>
            <AppLink to="/bikeBrokerageService">brokerage</AppLink>
            <AppLink to="/en/kayttaja">own details</AppLink>
            <AppLink to="/medialle">media</AppLink>
          </>
        ),
      },
    ],
    { initialEntries: ["/"] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(() => {
  window.history.replaceState(null, "", "/");
});

describe("AppLink", () => {
  it("enters /laskuri, /bikeBrokerageService and /kayttaja with a full page load (docs/product.md 'Screens')", () => {
    const router = renderLinks();
    for (const name of ["calculator", "brokerage", "own details"]) {
      expect(clickIsClientSide(screen.getByRole("link", { name })), name).toBe(false);
    }
    expect(router.state.location.pathname).toBe("/");
  });

  it("navigates to other pages inside the app", () => {
    const router = renderLinks();
    expect(clickIsClientSide(screen.getByRole("link", { name: "media" }))).toBe(true);
    expect(router.state.location.pathname).toBe("/medialle");
  });
});
