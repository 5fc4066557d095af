import { act, render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { useFilterParams } from "./filter-params.ts";

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
