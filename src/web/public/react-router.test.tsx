import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  followBrowserAddress,
  Link,
  setPageLocation,
  useLocation,
  useNavigate,
  useSearchParams,
} from "./react-router.tsx";

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

  it("changes the search by a function of the current one, as the login drops the identity provider's answer", () => {
    window.history.replaceState(null, "", "/kirjaudu?next=%2Fmybike&sso=IDENTIFICATION_FAILED");
    setPageLocation(new URL(window.location.href));
    let setParams: ReturnType<typeof useSearchParams>[1] = () => {};
    function Dropper() {
      setParams = useSearchParams()[1];
      return null;
    }
    render(
      <>
        <SearchProbe seen={[]} />
        <Dropper />
      </>,
    );
    act(() =>
      setParams(
        (current) => {
          current.delete("sso");
          return current;
        },
        { replace: true },
      ),
    );
    expect(window.location.pathname + window.location.search).toBe("/kirjaudu?next=%2Fmybike");
    expect(screen.getByRole("status").textContent).toBe("/kirjaudu?next=%2Fmybike");
  });
});

describe("the public page follows the browser's address", () => {
  const followers: EventListenerOrEventListenerObject[] = [];

  /** The page as loaded at `loadedAt`, its address now `address`, followed with a recorded page load. */
  function follow(loadedAt: string, address: string) {
    window.history.replaceState(null, "", address);
    vi.spyOn(performance, "getEntriesByType").mockReturnValue([
      { name: new URL(loadedAt, window.location.origin).href } as PerformanceEntry,
    ]);
    const addListener = vi.spyOn(window, "addEventListener");
    const loads: string[] = [];
    const shown = followBrowserAddress((url) => loads.push(`${url.pathname}${url.search}`));
    for (const [type, listener] of addListener.mock.calls) if (type === "popstate") followers.push(listener);
    addListener.mockRestore();
    return { shown, loads };
  }

  function moveTo(address: string) {
    window.history.pushState(null, "", address);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }

  afterEach(() => {
    for (const listener of followers.splice(0)) window.removeEventListener("popstate", listener);
    vi.restoreAllMocks();
    window.history.replaceState(null, "", "/");
    setPageLocation(new URL(window.location.href));
  });

  it("shows a back or forward within the page in place", () => {
    const { shown, loads } = follow("/laskuri", "/laskuri");
    expect(shown).toBe(true);
    render(<SearchProbe seen={[]} />);
    act(() => moveTo("/laskuri?salary=4000"));
    expect(screen.getByRole("status").textContent).toBe("/laskuri?salary=4000");
    expect(loads).toEqual([]);
  });

  it("loads another page's address once, however often the move is told", () => {
    const { shown, loads } = follow("/", "/");
    expect(shown).toBe(true);
    moveTo("/admin");
    window.dispatchEvent(new PopStateEvent("popstate"));
    expect(loads).toEqual(["/admin"]);
    moveTo("/kirjaudu?next=%2Fadmin");
    expect(loads).toEqual(["/admin", "/kirjaudu?next=%2Fadmin"]);
  });

  it("loads the address a script moved to before the page's code ran, and the page is not taken over", () => {
    const { shown, loads } = follow("/", "/kirjaudu");
    expect(shown).toBe(false);
    expect(loads).toEqual(["/kirjaudu"]);
  });

  it("takes a page loaded at its address with a trailing slash as its own", () => {
    const { shown, loads } = follow("/laskuri/", "/laskuri/");
    expect(shown).toBe(true);
    expect(loads).toEqual([]);
  });
});
