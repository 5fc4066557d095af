import { act, render, renderHook } from "@testing-library/react";
import type { ChangeEvent } from "react";
import { createMemoryRouter, MemoryRouter, RouterProvider, useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { filtersFromAddress, useFilterParams, useLocalFilterParams, useSearchText } from "./filter-params.ts";

function setup(initial: string) {
  let hook: ReturnType<typeof useFilterParams<"search" | "status">> | null = null;
  function Probe() {
    hook = useFilterParams<"search" | "status">();
    return null;
  }
  const router = createMemoryRouter([{ path: "/", element: <Probe /> }], { initialEntries: [initial] });
  render(<RouterProvider router={router} />);
  return { router, hook: () => hook as unknown as ReturnType<typeof useFilterParams<"search" | "status">> };
}

describe("useFilterParams", () => {
  it("keeps two changes made before the next render, and starts again from the first page", () => {
    const { router, hook } = setup("/?page=3&status=A");
    act(() => {
      hook().update({ status: "B" });
      hook().update({ search: "laine" });
    });
    expect(router.state.location.search).toBe("?status=B&search=laine");
  });

  it("removes a filter given empty, and keeps the page when the change is the page", () => {
    const { router, hook } = setup("/?status=A&search=x");
    act(() => hook().update({ status: "" }));
    act(() => hook().update({ page: "2" }));
    expect(router.state.location.search).toBe("?search=x&page=2");
  });
});

/** Two lists on one page: the main one with the address's plain keys, the other under "invitations". */
function setupTwoLists(initial: string) {
  type Hook = ReturnType<typeof useFilterParams<"status">>;
  const hooks: { main: Hook | null; invitations: Hook | null } = { main: null, invitations: null };
  function Lists() {
    hooks.main = useFilterParams<"status">();
    hooks.invitations = useFilterParams<"status">({ prefix: "invitations" });
    return null;
  }
  const router = createMemoryRouter([{ path: "/", element: <Lists /> }], { initialEntries: [initial] });
  render(<RouterProvider router={router} />);
  return {
    router,
    main: () => hooks.main as Hook,
    invitations: () => hooks.invitations as Hook,
  };
}

describe("useFilterParams with a prefix", () => {
  it("writes the list's filters and page under its prefix", () => {
    const { router, invitations } = setupTwoLists("/");
    act(() => invitations().update({ status: "PENDING" }));
    act(() => invitations().update({ page: "2" }));
    expect(router.state.location.search).toBe("?invitations.status=PENDING&invitations.page=2");
  });

  it("starts only its own list again from the first page on a filter change", () => {
    const { router, invitations } = setupTwoLists("/?page=3&status=A&invitations.page=2");
    act(() => invitations().update({ status: "PENDING" }));
    expect(router.state.location.search).toBe("?page=3&status=A&invitations.status=PENDING");
  });

  it("keeps two lists on one address apart: each turns its own page and filters", () => {
    const { router, main, invitations } = setupTwoLists("/");
    act(() => main().update({ page: "4" }));
    act(() => invitations().update({ page: "2" }));
    act(() => main().update({ status: "B" }));
    expect(router.state.location.search).toBe("?invitations.page=2&status=B");
    const schema = z.object({
      status: z.string().optional(),
      page: z.coerce.number().int().min(1).default(1),
    });
    const params = router.state.location.search;
    expect(filtersFromAddress(schema, new URLSearchParams(params)).values).toEqual({ status: "B", page: 1 });
    expect(filtersFromAddress(schema, new URLSearchParams(params), { prefix: "invitations" }).values).toEqual(
      {
        page: 2,
      },
    );
  });
  it("writes the address under a plain MemoryRouter too, as a component test may render a list", () => {
    type Hook = ReturnType<typeof useFilterParams<"status">>;
    let hook: Hook | null = null;
    let search = "";
    function List() {
      hook = useFilterParams<"status">({ prefix: "orders" });
      search = useLocation().search;
      return null;
    }
    render(
      <MemoryRouter initialEntries={["/?orders.page=3"]}>
        <List />
      </MemoryRouter>,
    );
    act(() => (hook as unknown as Hook).update({ status: "OPEN" }));
    expect(search).toBe("?orders.status=OPEN");
  });
});

describe("useLocalFilterParams", () => {
  it("keeps a dialog's list's filters and page as the address would, without a router", () => {
    const { result } = renderHook(() => useLocalFilterParams<"status">());
    act(() => result.current.update({ status: "A", page: "3" }));
    expect(result.current.params.toString()).toBe("status=A&page=3");
    act(() => result.current.update({ status: "B" }));
    expect(result.current.params.toString()).toBe("status=B");
    act(() => result.current.update({ page: "2" }));
    act(() => result.current.update({ status: "" }));
    expect(result.current.params.toString()).toBe("");
  });
});

describe("useSearchText", () => {
  afterEach(() => vi.useRealTimers());
  const typed = (value: string) => ({ currentTarget: { value } }) as ChangeEvent<HTMLInputElement>;

  it("keeps a search past the query's limit in the box, saying so, and does not send it", () => {
    vi.useFakeTimers();
    const commit = vi.fn();
    const { result } = renderHook(() => useSearchText("", commit, 5));
    act(() => result.current.input.onChange(typed("laineet")));
    expect(result.current.input.value).toBe("laineet");
    expect(result.current.input.error).toBeTruthy();
    act(() => vi.advanceTimersByTime(300));
    expect(commit).not.toHaveBeenCalled();
    act(() => result.current.input.onChange(typed("laine")));
    expect(result.current.input.error).toBeNull();
    act(() => vi.advanceTimersByTime(300));
    expect(commit).toHaveBeenCalledWith("laine");
  });

  it("shows what is typed at once and commits it trimmed once the typing stops for 300 ms", () => {
    vi.useFakeTimers();
    const commit = vi.fn();
    const { result } = renderHook(() => useSearchText("", commit));
    act(() => result.current.input.onChange(typed(" lai")));
    act(() => result.current.input.onChange(typed(" laine ")));
    expect(result.current.input.value).toBe(" laine ");
    act(() => vi.advanceTimersByTime(299));
    expect(commit).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(commit).toHaveBeenCalledTimes(1);
    expect(commit).toHaveBeenCalledWith("laine");
  });

  it("empties the box on clear and drops the search still waiting", () => {
    vi.useFakeTimers();
    const commit = vi.fn();
    const { result } = renderHook(() => useSearchText("virtanen", commit));
    expect(result.current.input.value).toBe("virtanen");
    act(() => result.current.input.onChange(typed("virta")));
    act(() => result.current.clear());
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.input.value).toBe("");
    expect(commit).not.toHaveBeenCalled();
  });
});

describe("filtersFromAddress", () => {
  const schema = z.object({
    searchTerm: z.string().max(10).optional(),
    status: z.enum(["OPEN", "CLOSED"]).optional(),
    unreadOnly: z
      .enum(["true", "false"])
      .transform((value) => value === "true")
      .optional(),
    page: z.coerce.number().int().min(1).default(1),
  });

  it("keeps what the API accepts, parsed for the controls and as text for the call", () => {
    const { query, values } = filtersFromAddress(
      schema,
      new URLSearchParams("status=OPEN&unreadOnly=true&page=3"),
    );
    expect(query).toEqual({ status: "OPEN", unreadOnly: "true", page: "3" });
    expect(values).toEqual({ status: "OPEN", unreadOnly: true, page: 3 });
  });

  it("reads a list's own keys under its prefix, and none of the page's other lists'", () => {
    const address = new URLSearchParams("status=CLOSED&page=5&orders.status=OPEN&orders.page=2");
    const { query, values } = filtersFromAddress(schema, address, { prefix: "orders" });
    expect(query).toEqual({ status: "OPEN", page: "2" });
    expect(values).toEqual({ status: "OPEN", page: 2 });
  });

  it("leaves out a prefixed value the API would refuse", () => {
    const address = new URLSearchParams("orders.status=LOST&orders.page=x&status=OPEN");
    const { query, values } = filtersFromAddress(schema, address, { prefix: "orders" });
    expect(query).toEqual({});
    expect(values).toEqual({ page: 1 });
  });

  it("leaves out a value the API would refuse, and fills what is missing from the schema's defaults", () => {
    const address = new URLSearchParams(`status=LOST&page=x&searchTerm=${"a".repeat(11)}&other=1`);
    const { query, values } = filtersFromAddress(schema, address);
    expect(query).toEqual({});
    expect(values).toEqual({ page: 1 });
  });
});
