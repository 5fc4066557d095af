import { screen, within } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { loadTexts, renderUi } from "../test/render-ui.tsx";
import { EventTimeline } from "./event-timeline.tsx";

beforeAll(() => loadTexts("fi"));

describe("EventTimeline", () => {
  it("lists the events in order with their Helsinki time, actor and text", () => {
    renderUi(
      <EventTimeline
        events={[
          // 21:30 UTC in summer is 00:30 the next day in Helsinki (UTC+3).
          { id: "2", at: "2026-06-30T21:30:00.000Z", actor: "Järjestelmä", text: "Leasing alkoi" },
          {
            id: "1",
            at: new Date("2026-01-15T08:05:00.000Z"),
            actor: "Aino Virtanen",
            text: "Tilaus vahvistettu",
          },
        ]}
      />,
    );
    const items = within(screen.getByRole("list")).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent("Leasing alkoi");
    expect(items[0]).toHaveTextContent("01.07.2026 00:30 · Järjestelmä");
    expect(items[1]).toHaveTextContent("Tilaus vahvistettu");
    expect(items[1]).toHaveTextContent("15.01.2026 10:05 · Aino Virtanen");
    const time = (items[1] as HTMLElement).querySelector("time");
    expect(time).toHaveAttribute("datetime", "2026-01-15T08:05:00.000Z");
  });
});
