import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Link, setPageLocation, useLocation, useNavigate, useSearchParams } from "./react-router.tsx";

function SearchProbe({ seen }: { seen: URLSearchParams[] }) {
  const [params] = useSearchParams();
  const { pathname, search } = useLocation();
  seen.push(params);
  return <output>{`${pathname}${search}`}</output>;
}

describe("the public entry's stand-in for the router", () => {
  afterEach(() => {
    window.history.replaceState(null, "", "/");
    setPageLocation(new URL(window.location.href));
  });

  it("renders a link as a plain link, which the browser follows as a page load", () => {
    render(
      <Link to={{ pathname: "/laskuri", search: "?price=2000" }} reloadDocument className="cta">
        Laske
      </Link>,
    );
    const link = screen.getByRole("link", { name: "Laske" });
    expect(link.outerHTML).toBe('<a href="/laskuri?price=2000" class="cta">Laske</a>');
    let prevented = true;
    const listener = (event: Event) => {
      prevented = event.defaultPrevented;
      event.preventDefault();
    };
    window.addEventListener("click", listener);
    fireEvent.click(link);
    window.removeEventListener("click", listener);
    expect(prevented).toBe(false);
  });

  it("changes the search in place, keeping the same search object while it stays the same", () => {
    window.history.replaceState(null, "", "/laskuri");
    setPageLocation(new URL(window.location.href));
    const seen: URLSearchParams[] = [];
    let navigate: ReturnType<typeof useNavigate> = () => {};
    function Mover() {
      navigate = useNavigate();
      return null;
    }
    render(
      <>
        <SearchProbe seen={seen} />
        <Mover />
      </>,
    );
    act(() => navigate("?salary=4000", { replace: true }));
    expect(window.location.pathname + window.location.search).toBe("/laskuri?salary=4000");
    expect(screen.getByRole("status").textContent).toBe("/laskuri?salary=4000");
    const renders = seen.length;
    // The same address again: nothing to tell the page.
    act(() => navigate("?salary=4000", { replace: true }));
    expect(seen.length).toBe(renders);
    expect(seen.at(-1)?.get("salary")).toBe("4000");
    // No bare "?" when the search is emptied.
    act(() => navigate("?", { replace: true }));
    expect(window.location.href.endsWith("/laskuri")).toBe(true);
  });
});
