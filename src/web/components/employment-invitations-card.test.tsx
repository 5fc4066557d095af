import { QueryClientProvider } from "@tanstack/react-query";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { createQueryClient } from "../lib/query-client.ts";
import { apiError, fakeApi } from "../test/fake-api.ts";
import { renderUi } from "../test/render-ui.tsx";
import { setUpScreenTests } from "../test/screen-tests.ts";
import { EmploymentInvitationsCard } from "./employment-invitations-card.tsx";
import { ToastHost } from "./toast-host.tsx";

setUpScreenTests();

const ID = "eeeeeeee-eeee-4eee-8eee-000000000001";
const INVITATION = { invitationId: ID, companyName: "Toinen Oy", invitedAt: "2026-03-02T10:00:00.000Z" };

function renderCard() {
  return renderUi(
    <QueryClientProvider client={createQueryClient()}>
      <EmploymentInvitationsCard />
      <ToastHost />
    </QueryClientProvider>,
  );
}

describe("the invitation card", () => {
  it("shows the inviting company and accepts the invitation, then leaves", async () => {
    const user = userEvent.setup();
    let answered = false;
    const api = fakeApi({
      "GET /api/account/invitations": () => ({ status: 200, body: { items: answered ? [] : [INVITATION] } }),
      [`POST /api/account/invitations/${ID}/accept`]: () => {
        answered = true;
        return { status: 200, body: { beneficiaryEmployeeId: ID, companyName: "Toinen Oy" } };
      },
    });
    renderCard();
    expect(await screen.findByRole("region", { name: "Kutsu työntekijäksi" })).toBeInTheDocument();
    expect(screen.getByText("Toinen Oy")).toBeInTheDocument();
    expect(screen.getByText("Kutsuttu 02.03.2026")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Hyväksy yrityksen Toinen Oy kutsu" }));
    expect(await screen.findByText("Olet nyt yrityksen Toinen Oy työntekijä.")).toBeInTheDocument();
    expect(api.callsTo("POST", `/api/account/invitations/${ID}/accept`)).toHaveLength(1);
    await expect.poll(() => screen.queryByRole("region", { name: "Kutsu työntekijäksi" })).toBeNull();
  });

  it("declines, and says why when the answer is refused", async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      "GET /api/account/invitations": { status: 200, body: { items: [INVITATION] } },
      [`POST /api/account/invitations/${ID}/decline`]: apiError(404, "NOT_FOUND", "Invitation not found"),
    });
    renderCard();
    await user.click(await screen.findByRole("button", { name: "Hylkää yrityksen Toinen Oy kutsu" }));
    expect(api.callsTo("POST", `/api/account/invitations/${ID}/decline`)).toHaveLength(1);
    expect(await screen.findByRole("alert")).toBeInTheDocument();
  });

  it("shows nothing without invitations, or when they cannot be read", async () => {
    fakeApi({ "GET /api/account/invitations": apiError(500, "INTERNAL_ERROR", "x") });
    const { container } = renderCard();
    await expect.poll(() => container.querySelector("[data-status-badge], section")).toBeNull();
    expect(screen.queryByRole("region")).toBeNull();
  });
});
