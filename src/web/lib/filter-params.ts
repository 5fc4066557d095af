import { useDebouncedCallback } from "@mantine/hooks";
import { type ChangeEvent, useCallback, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import type { z } from "zod";
import { zPageQuery } from "../../contract/common.ts";
import { lazy } from "../../contract/lazy.ts";
import { useReplaceSearch } from "./address-search.ts";
import { tooLongText } from "./text-limit.ts";

/** The address's paging: the page number and the cursor of the page it was reached from (a list may have one). */
const PAGING_KEYS = ["page", "after", "before"] as const;
type PagingKey = (typeof PAGING_KEYS)[number];

/**
 * Where a list keeps its keys. A page showing two or more lists (a page's sections, its tabs) gives
 * each list but its main one a `prefix`, so that list's keys are `<prefix>.page`, `<prefix>.status`…:
 * the lists turn their pages apart, and the main list's links without a prefix keep working.
 */
type ListKeys = { prefix?: string };

const keyOf = (key: string, prefix: string | undefined) => (prefix ? `${prefix}.${key}` : key);

/**
 * The list's filters and paging after a change: the given ones written in place (an empty value removes
 * one), and a filter change starts again from the first page.
 */
function withChange(base: URLSearchParams, change: Record<string, string | undefined>, prefix?: string) {
  const next = new URLSearchParams(base);
  for (const [key, value] of Object.entries(change)) {
    if (value) next.set(keyOf(key, prefix), value);
    else next.delete(keyOf(key, prefix));
  }
  // A new filter starts from the first page, and a page cursor belongs to the page it came with.
  if (!("page" in change)) for (const key of PAGING_KEYS) next.delete(keyOf(key, prefix));
  return next;
}

/**
 * A list's filters and page kept in the address, so a reload or a shared link shows the same rows:
 * every list of a page reads them with filtersFromAddress (the same `prefix`). `update` writes the given
 * ones in place (an empty value removes one); a filter change starts again from the first page.
 */
export function useFilterParams<K extends string = never>({ prefix }: ListKeys = {}) {
  const [params, setParams] = useSearchParams();
  const replaceSearch = useReplaceSearch();
  // React Router builds a functional update from the address of the last render, so two changes made
  // before the next render (a select, then the debounced search) would lose the first: each change
  // starts from the one before it until the address has rendered.
  const pending = useRef<{ rendered: URLSearchParams; next: URLSearchParams } | null>(null);

  function update(change: Partial<Record<K | PagingKey, string>>) {
    const base = pending.current?.rendered === params ? pending.current.next : params;
    const next = withChange(base, change, prefix);
    pending.current = { rendered: params, next };
    // The search box's filter follows the typing late: never over a move to another page meanwhile.
    replaceSearch(next);
  }

  return { params, setParams, update };
}

/**
 * The same for a list in a dialog or a drawer, which lasts only while it is open and so leaves the
 * address alone: its filters and page are kept as the address's would be, read with filtersFromAddress.
 */
export function useLocalFilterParams<K extends string = never>() {
  const [params, setParams] = useState(() => new URLSearchParams());

  // The same function every render, so an effect may turn the page (a last page emptied) without a loop.
  const update = useCallback(
    (change: Partial<Record<K | PagingKey, string>>) => setParams((previous) => withChange(previous, change)),
    [],
  );

  return { params, update };
}

/**
 * A list's search box: what is typed shows at once, and the filter (`commit`, trimmed) follows 300 ms
 * after the typing stops, so a word is one request, not one a letter. `input` goes on the TextInput;
 * `clear` empties the box when the filters are cleared, dropping a search still waiting. `max` is the
 * query schema's longest search (textLimitOf): a longer one stays in the box saying its limit and is
 * not sent, where the API would refuse it.
 */
export function useSearchText(current: string, commit: (value: string) => void, max?: number) {
  const { t } = useTranslation();
  const [text, setText] = useState(current);
  const send = useDebouncedCallback((value: string) => commit(value.trim()), 300);
  const tooLong = max === undefined ? null : tooLongText(text, max, t);
  return {
    input: {
      value: text,
      error: tooLong,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        const value = event.currentTarget.value;
        setText(value);
        if (max !== undefined && tooLongText(value, max, t)) send.cancel();
        else send(value);
      },
    },
    clear: () => {
      send.cancel();
      setText("");
    },
  };
}

/** A list's query schema from the contract: an object of fields the address can carry as text. */
type QuerySchema = z.ZodObject;

/** A list with no filters of its own: its page alone, as every list's query takes it. */
export const zPageOnly = lazy(() => zPageQuery.pick({ page: true }));

/**
 * A list's filters read from the address through the contract's own query schema, so the page asks
 * exactly what the API accepts: a value the API would refuse (a mistyped status, a page of "x") is left
 * out as if it were not there, and what is missing takes the schema's default. `query` is what to send
 * (the address's text, as the endpoint takes it); `values` are the same filters parsed, for the controls.
 * `prefix` is the one the list's useFilterParams writes with.
 */
export function filtersFromAddress<S extends QuerySchema>(
  schema: S,
  params: URLSearchParams,
  { prefix }: ListKeys = {},
): { query: z.input<S>; values: z.output<S> } {
  const kept: Record<string, string> = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    const value = params.get(keyOf(key, prefix));
    if (value !== null && value !== "" && (field as z.ZodType).safeParse(value).success) kept[key] = value;
  }
  const parsed = schema.safeParse(kept);
  if (parsed.success) return { query: kept as z.input<S>, values: parsed.data };
  return { query: {} as z.input<S>, values: schema.parse({}) };
}
