import { QueryClient, QueryClientProvider, useMutation } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { endpoint } from "../../contract/endpoint.ts";
import { callEndpoint, endpointKey, mutateThen, useEndpointQuery } from "./endpoint-client.ts";

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal("fetch", fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const answer = (body: unknown) =>
  fetchMock.mockResolvedValueOnce(
    new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } }),
  );

const readNote = endpoint({
  method: "GET",
  path: "/notes/:id",
  summary: "One note",
  params: z.object({ id: z.string() }),
  response: z.object({ id: z.string(), text: z.string() }),
  errors: [404],
});
const saveNote = endpoint({
  method: "PUT",
  path: "/notes/:id",
  summary: "Change a note",
  params: z.object({ id: z.string() }),
  body: z.object({ text: z.string() }),
  response: z.object({ id: z.string(), text: z.string() }),
  errors: [400, 404],
});

const changeEmail = endpoint({
  method: "PUT",
  path: "/people/:id/email",
  summary: "Change an e-mail: 200 at once, 202 when a link went to the new address",
  params: z.object({ id: z.string() }),
  body: z.object({ email: z.string() }),
  response: z.object({ id: z.string(), email: z.string() }),
  accepted: z.object({ confirmationSent: z.literal(true), sentTo: z.string() }),
  errors: [400],
});

function wrapper(client: QueryClient) {
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}

describe("callEndpoint", () => {
  it("calls the endpoint's method and address with the typed body", async () => {
    answer({ id: "n1", text: "uusi" });
    const note = await callEndpoint(saveNote, { params: { id: "n1" }, body: { text: "uusi" } });
    expect(note).toEqual({ id: "n1", text: "uusi" });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/notes/n1");
    expect(init?.method).toBe("PUT");
    expect(init?.body).toBe(JSON.stringify({ text: "uusi" }));
  });

  it("fails when the answer is not what the contract says", async () => {
    answer({ id: "n1" });
    await expect(callEndpoint(readNote, { params: { id: "n1" } })).rejects.toThrow();
  });
});

describe("an endpoint that answers 200 when done and 202 when it waits for a confirmation", () => {
  it("takes either answer and refuses one that is neither", async () => {
    const input = { params: { id: "p1" }, body: { email: "uusi@demo.test" } };
    answer({ id: "p1", email: "uusi@demo.test" });
    expect(await callEndpoint(changeEmail, input)).toEqual({ id: "p1", email: "uusi@demo.test" });
    answer({ confirmationSent: true, sentTo: "uusi@demo.test" });
    expect(await callEndpoint(changeEmail, input)).toEqual({
      confirmationSent: true,
      sentTo: "uusi@demo.test",
    });
    answer({ id: "p1" });
    await expect(callEndpoint(changeEmail, input)).rejects.toThrow();
  });
});

describe("the endpoint hooks", () => {
  it("cache an answer under the endpoint's key, which a change refreshes by the endpoint alone", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    answer({ id: "n1", text: "vanha" });
    const read = renderHook(() => useEndpointQuery(readNote, { params: { id: "n1" } }), {
      wrapper: wrapper(client),
    });
    await waitFor(() => expect(read.result.current.data?.text).toBe("vanha"));
    expect(client.getQueryData(endpointKey(readNote, { params: { id: "n1" } }))).toEqual({
      id: "n1",
      text: "vanha",
    });

    answer({ id: "n1", text: "uusi" });
    answer({ id: "n1", text: "uusi" });
    await act(async () => {
      await callEndpoint(saveNote, { params: { id: "n1" }, body: { text: "uusi" } });
      await client.invalidateQueries({ queryKey: endpointKey(readNote) });
    });
    await waitFor(() => expect(read.result.current.data?.text).toBe("uusi"));
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});

describe("mutateThen", () => {
  it("read through the area's own caller and key when given", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    answer({ id: "n1", text: "vanha" });
    const key = ["notes", "own"];
    const read = renderHook(
      () =>
        useEndpointQuery(
          readNote,
          { params: { id: "n1" } },
          {
            queryKey: key,
            call: async (definition, input, options) => ({
              ...(await callEndpoint(definition, input, options)),
              text: "oma",
            }),
          },
        ),
      { wrapper: wrapper(client) },
    );
    await waitFor(() => expect(read.result.current.data?.text).toBe("oma"));
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/notes/n1");
    expect(client.getQueryData(key)).toEqual({ id: "n1", text: "oma" });
  });

  it("says the outcome even when the component that asked has unmounted before the answer", async () => {
    const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    const answers: ((response: Response) => void)[] = [];
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => answers.push(resolve)));
    const useSave = () =>
      useMutation({
        mutationFn: (text: string) => callEndpoint(saveNote, { params: { id: "n1" }, body: { text } }),
      });
    const viaCallbacks = vi.fn();
    const viaMutateThen = vi.fn();
    const { result, unmount } = renderHook(() => ({ plain: useSave(), robust: useSave() }), {
      wrapper: wrapper(client),
    });
    act(() => {
      result.current.plain.mutate("first", { onSuccess: viaCallbacks });
      mutateThen(result.current.robust, "first", { onSuccess: viaMutateThen });
    });
    await waitFor(() => expect(answers).toHaveLength(2));
    // The card that asked leaves the list before the server answers.
    unmount();
    for (const answerNow of answers)
      answerNow(
        new Response(JSON.stringify({ id: "n1", text: "first" }), {
          status: 200,
          headers: { "content-type": "application/json" },
        }),
      );
    await waitFor(() => expect(viaMutateThen).toHaveBeenCalledWith({ id: "n1", text: "first" }));
    // What mutate()'s own callbacks would have said is lost with the component.
    expect(viaCallbacks).not.toHaveBeenCalled();
  });
});
