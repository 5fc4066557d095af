import { useSearchParams } from "react-router";

/**
 * A list's filters kept in the address, so a reload or a shared link shows the same rows. `update`
 * writes the given ones in place (an empty value removes one); a filter change starts again from the
 * first page.
 */
export function useFilterParams<K extends string>() {
  const [params, setParams] = useSearchParams();

  function update(change: Partial<Record<K | "page", string>>) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(change)) {
          if (value) next.set(key, value as string);
          else next.delete(key);
        }
        // A new filter starts from the first page.
        if (!("page" in change)) next.delete("page");
        return next;
      },
      { replace: true },
    );
  }

  return { params, setParams, update };
}
