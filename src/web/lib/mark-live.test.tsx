import { render } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { MarkLive } from "./mark-live.tsx";

describe("a page as the app takes it over", () => {
  it("marks the root, and submits the form the page's head script held while the page was not live", () => {
    const root = document.createElement("div");
    document.body.append(root);
    // The head script noted the second form of the page (entry-server.tsx heldSubmitScript).
    root.setAttribute("data-held-submit", "1");
    const submitted = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    const other = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <MarkLive root={root}>
        <form onSubmit={other} />
        <form onSubmit={submitted} />
      </MarkLive>,
      { container: root },
    );
    expect(root.hasAttribute("data-live")).toBe(true);
    expect(submitted).toHaveBeenCalledTimes(1);
    expect(other).not.toHaveBeenCalled();
    expect(root.hasAttribute("data-held-submit")).toBe(false);
    root.remove();
  });

  it("submits nothing when nothing was held", () => {
    const root = document.createElement("div");
    document.body.append(root);
    const submitted = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <MarkLive root={root}>
        <form onSubmit={submitted} />
      </MarkLive>,
      { container: root },
    );
    expect(root.hasAttribute("data-live")).toBe(true);
    expect(submitted).not.toHaveBeenCalled();
    root.remove();
  });
});
