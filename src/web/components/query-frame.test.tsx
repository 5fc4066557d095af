import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { ApiError } from "../lib/api-client.ts";
import { loadTexts, renderUi } from "../test/render-ui.tsx";
import { QueryFrame, type QueryFrameProps } from "./query-frame.tsx";

beforeAll(() => loadTexts("fi"));

type Query = QueryFrameProps<{ name: string }>["query"];
const query = (state: Partial<Query>): Query => ({
  isPending: false,
  isError: false,
  error: null,
  data: undefined,
  refetch: vi.fn(),
  ...state,
});
const notFoundError = new ApiError({ status: 404, code: "NOT_FOUND", message: "x", bodyReadable: true });
const conflict = new ApiError({ status: 409, code: "REDEMPTION_CLOSED", message: "x", bodyReadable: true });

function frame(q: Query, errorText?: QueryFrameProps<{ name: string }>["errorText"]) {
  return renderUi(
    <QueryFrame
      query={q}
      header={<a href="/takaisin">Takaisin</a>}
      notFound="Tapausta ei löytynyt."
      {...(errorText ? { errorText } : {})}
    >
      {(data) => <h2>{data.name}</h2>}
    </QueryFrame>,
  );
}

describe("QueryFrame", () => {
  it("shows the header and a named spinner while loading, then the page", () => {
    const loading = frame(query({ isPending: true }));
    expect(screen.getByRole("status", { name: "Ladataan…" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Takaisin" })).toBeInTheDocument();
    loading.unmount();
    frame(query({ data: { name: "Lunastus 10057" } }));
    expect(screen.getByRole("heading", { name: "Lunastus 10057" })).toBeInTheDocument();
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
  });

  it("says a 404 is not found and another failure by its code, keeps the way back and retries", async () => {
    const refetch = vi.fn();
    const gone = frame(query({ isError: true, error: notFoundError, refetch }));
    expect(screen.getByRole("alert")).toHaveTextContent("Tapausta ei löytynyt.");
    expect(screen.getByRole("link", { name: "Takaisin" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Yritä uudelleen" }));
    expect(refetch).toHaveBeenCalledOnce();
    gone.unmount();
    const failed = frame(query({ isError: true, error: conflict }));
    expect(screen.getByRole("alert")).toHaveTextContent("Lunastustapaus on jo päättynyt.");
    failed.unmount();
    frame(query({ isError: true, error: conflict }), () => "Palvelimen oma teksti");
    expect(screen.getByRole("alert")).toHaveTextContent("Palvelimen oma teksti");
  });
});
