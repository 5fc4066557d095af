import { QueryClientProvider } from "@tanstack/react-query";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { TOutboxMessage } from "../../../../contract/message-outbox.ts";
import { REMINDER_EVENTS } from "../../../../domain/reminder-settings.ts";
import en from "../../../i18n/admin/users.en.json";
import fi from "../../../i18n/admin/users.fi.json";
import sv from "../../../i18n/admin/users.sv.json";
import { createQueryClient } from "../../../lib/query-client.ts";
import { fakeApi } from "../../../test/fake-api.ts";
import { renderUi } from "../../../test/render-ui.tsx";
import { setUpScreenTests } from "../../../test/screen-tests.ts";
import { REMINDER_EVENT_KEYS, UserMessages } from "./user-messages.tsx";

setUpScreenTests();

const USER = "44444444-4444-4444-8444-444444444444";

const queuedReminder: TOutboxMessage = {
  id: "55555555-5555-4555-8555-555555555555",
  event: "LEASE_END_REMINDER",
  channel: "EMAIL",
  recipient: "employee@demo.test",
  subject: null,
  status: "QUEUED",
  attempts: 0,
  lastAnswer: null,
  resendable: true,
  nextAttemptAt: "2026-11-27T06:00:00.000Z",
  sentAt: null,
  createdAt: "2026-11-27T06:00:00.000Z",
};

describe("a person's messages on the helpdesk's user page", () => {
  it("name a reminder's kind, even before it is sent and has a subject", async () => {
    fakeApi({
      [`GET /api/system-users/${USER}/messages`]: () => ({ status: 200, body: { items: [queuedReminder] } }),
    });
    renderUi(
      <QueryClientProvider client={createQueryClient()}>
        <UserMessages userId={USER} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText("Muistutus: leasingsopimus päättyy")).toBeInTheDocument();
  });

  it("have a readable kind for every reminder in every language", () => {
    for (const catalogue of [fi, en, sv]) {
      const events = catalogue.adminUsers.messages.events as Record<string, string>;
      for (const event of REMINDER_EVENTS) {
        const key = REMINDER_EVENT_KEYS[event]?.split(".").at(-1) ?? "";
        expect(events[key], event).toBeTruthy();
      }
    }
  });
});
