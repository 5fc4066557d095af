import { describe, expect, it } from "vitest";
import { getRoute } from "../../domain/routes.ts";
import { FIRST_VIEW_HEADS } from "./first-view.ts";

describe("the signed-in pages whose head comes in their HTML", () => {
  const ids = Object.keys(FIRST_VIEW_HEADS) as (keyof typeof FIRST_VIEW_HEADS)[];

  it("are pages for signed-in users in the app's own frame, where the head stands as the page puts it", () => {
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) {
      const route = getRoute(id);
      // The server writes the head only for a user the page is for; a public page is prerendered whole.
      expect(route.access.kind, id).not.toBe("public");
      // The frame of index.html is the app's header; another layout would put the head elsewhere.
      expect(route.layout, id).toBe("default");
    }
  });

  it("take their title from the route's own title, as the browser's tab does", () => {
    for (const id of ids) expect(FIRST_VIEW_HEADS[id].title).toBe(`routes.${id}.title`);
  });
});
