import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { apiError, fakeApi } from "../../test/fake-api.ts";
import { fillIn } from "../../test/fill-in.ts";
import type { TMyOrder } from "./mybike-api.ts";
import { baseRoutes, ORDER_ID, ok, order, renderMyBike, setUpMyBikeTests } from "./test-support.tsx";

setUpMyBikeTests();

const ANSWER_URL = `/api/orders/${ORDER_ID}/answer`;
const QUESTION = "Pyörän koko tarkistettava: toimitetaanko 54 cm runko?";
const ASKED_AT = "2026-03-05T10:00:00.000Z";

function askedOrder(overrides: Partial<TMyOrder> = {}): TMyOrder {
  return order({
    orderStatus: "WAITING_FOR_CUSTOMER_COMMENT",
    previousStatus: "PENDING",
    waitingOn: "EMPLOYEE",
    customerQuestion: { question: QUESTION, askedAt: ASKED_AT, answer: null, answeredAt: null },
    ...overrides,
  });
}

describe("the helpdesk's question on /mybike", () => {
  it("shows the question where the order waits, and sends the answer the employee writes", async () => {
    const user = userEvent.setup({ delay: null });
    const answered = askedOrder({
      waitingOn: "HELPDESK",
      customerQuestion: {
        question: QUESTION,
        askedAt: ASKED_AT,
        answer: "Kyllä, 54 cm käy.",
        answeredAt: "2026-03-05T12:00:00.000Z",
      },
    });
    let current = askedOrder();
    const api = fakeApi({
      ...baseRoutes([]),
      "GET /api/orders/my": () => ok({ items: [current] }),
      [`POST ${ANSWER_URL}`]: () => {
        current = answered;
        return ok(answered);
      },
    });
    renderMyBike();

    expect(await screen.findByText(QUESTION)).toBeInTheDocument();
    expect(screen.getByText("Asiakaspalvelu tarvitsee vastauksesi")).toBeInTheDocument();
    expect(screen.queryByText(/Katso sähköpostisi/)).not.toBeInTheDocument();

    const form = screen.getByRole("form", { name: "Vastaa asiakaspalvelulle" });
    await fillIn(user, within(form).getByLabelText(/^Vastauksesi/), "  Kyllä, 54 cm käy.  ");
    await user.click(within(form).getByRole("button", { name: "Lähetä vastaus" }));

    await waitFor(() =>
      expect(screen.getByText("Asiakaspalvelu lukee vastauksesi ja jatkaa tilausta.")).toBeInTheDocument(),
    );
    expect(screen.getByText("Kyllä, 54 cm käy.")).toBeInTheDocument();
    expect(api.callsTo("POST", ANSWER_URL).map((c) => c.body)).toEqual([{ answer: "Kyllä, 54 cm käy." }]);
    expect(screen.queryByRole("form", { name: "Vastaa asiakaspalvelulle" })).not.toBeInTheDocument();
  });

  it("asks for an answer before sending, and says the limit of a too long one", async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeApi(baseRoutes([askedOrder()]));
    renderMyBike();
    const form = await screen.findByRole("form", { name: "Vastaa asiakaspalvelulle" });
    const field = within(form).getByLabelText(/^Vastauksesi/);

    await user.click(within(form).getByRole("button", { name: "Lähetä vastaus" }));
    expect(await within(form).findAllByText("Kirjoita vastauksesi.")).not.toHaveLength(0);
    expect(field).toHaveAttribute("aria-invalid", "true");

    await user.click(field);
    await user.paste("x".repeat(2001));
    await user.click(within(form).getByRole("button", { name: "Lähetä vastaus" }));
    expect(await within(form).findAllByText(/enintään 2000 merkkiä/)).not.toHaveLength(0);
    expect(api.callsTo("POST", ANSWER_URL)).toHaveLength(0);
  });

  it("says why the server refused the answer (the helpdesk moved the order meanwhile)", async () => {
    const user = userEvent.setup({ delay: null });
    fakeApi({
      ...baseRoutes([askedOrder()]),
      [`POST ${ANSWER_URL}`]: apiError(409, "ORDER_TRANSITION_NOT_ALLOWED", "Not waiting"),
    });
    renderMyBike();
    const form = await screen.findByRole("form", { name: "Vastaa asiakaspalvelulle" });
    await fillIn(user, within(form).getByLabelText(/^Vastauksesi/), "Kyllä.");
    await user.click(within(form).getByRole("button", { name: "Lähetä vastaus" }));
    expect(await within(form).findByRole("alert")).toBeInTheDocument();
  });

  it("keeps the general words when the order was paused without a question", async () => {
    fakeApi(
      baseRoutes([
        askedOrder({
          customerQuestion: { question: null, askedAt: ASKED_AT, answer: null, answeredAt: null },
        }),
      ]),
    );
    renderMyBike();
    expect(await screen.findByText(/Kirjoita vastauksesi alle/)).toBeInTheDocument();
    expect(screen.getByRole("form", { name: "Vastaa asiakaspalvelulle" })).toBeInTheDocument();
  });
});
