import { screen, within } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import type { OrderStatus } from "../../domain/enums.ts";
import { loadTexts, renderUi } from "../test/render-ui.tsx";
import { OrderTimeline, type OrderTimelineOrder } from "./order-timeline.tsx";

beforeAll(() => loadTexts("fi"));

let n = 0;
const move = (from: OrderStatus | null, to: OrderStatus, createdAt: string) => ({
  id: `00000000-0000-4000-8000-${String(++n).padStart(12, "0")}`,
  from,
  to,
  createdAt,
});

function order(overrides: Partial<OrderTimelineOrder>): OrderTimelineOrder {
  return {
    orderStatus: "PENDING",
    previousStatus: null,
    waitingOn: "BIKE_STORE",
    statusSince: "2026-03-02T08:00:00.000Z",
    createdAt: "2026-03-02T08:00:00.000Z",
    events: [move("NOT_STARTED", "PENDING", "2026-03-02T08:00:00.000Z")],
    ...overrides,
  };
}

function items() {
  return within(screen.getByRole("list", { name: "Tilauksen eteneminen" })).getAllByRole("listitem");
}

describe("OrderTimeline", () => {
  it("shows the steps done with their Helsinki time and the current one with who must act and since when", () => {
    renderUi(
      <OrderTimeline
        order={order({
          orderStatus: "ALL_INFO_PROVIDED",
          waitingOn: "EMPLOYER",
          // 21:30 UTC in summer is 00:30 the next day in Helsinki.
          statusSince: "2026-06-30T21:30:00.000Z",
          events: [
            move("NOT_STARTED", "PENDING", "2026-06-02T08:00:00.000Z"),
            move("PENDING", "PACKAGE_PROVIDED", "2026-06-05T13:15:00.000Z"),
            move("PACKAGE_PROVIDED", "ALL_INFO_PROVIDED", "2026-06-30T21:30:00.000Z"),
          ],
        })}
      />,
    );
    const steps = items();
    expect(steps).toHaveLength(11);
    expect(steps[1]).toHaveTextContent("Odottaa pyöräliikettä");
    expect(steps[1]).toHaveTextContent("02.06.2026 11:00");
    expect(steps[2]).toHaveTextContent("05.06.2026 16:15");
    const current = steps[3] as HTMLElement;
    expect(current).toHaveAttribute("aria-current", "step");
    expect(current).toHaveTextContent("Tiedot annettu");
    expect(current).toHaveTextContent("Odottaa: työnantaja · 01.07.2026 00:30 alkaen");
    expect(steps.filter((s) => s.getAttribute("aria-current") === "step")).toHaveLength(1);
    // The steps ahead have no date.
    expect(steps[4]).toHaveTextContent("Vahvistettu");
    expect((steps[4] as HTMLElement).querySelector("time")).toBeNull();
  });

  it("says on the current step that an open cancellation request holds the order", () => {
    renderUi(
      <OrderTimeline
        order={order({
          orderStatus: "CONFIRMED",
          waitingOn: "HELPDESK",
          statusSince: "2026-06-10T09:00:00.000Z",
          events: [move("ALL_INFO_PROVIDED", "CONFIRMED", "2026-06-08T09:00:00.000Z")],
          afterSales: {
            redemption: null,
            cancellation: { status: "PENDING", createdAt: "2026-06-10T09:00:00.000Z" },
          },
        })}
      />,
    );
    const current = items().find((s) => s.getAttribute("aria-current") === "step") as HTMLElement;
    expect(current).toHaveTextContent("Vahvistettu");
    expect(current).toHaveTextContent(
      "Peruutusta pyydetty 10.06.2026 12:00. Tilaus ei etene, ennen kuin asiakaspalvelu on käsitellyt pyynnön.",
    );
    expect(current).toHaveTextContent("Odottaa: asiakaspalvelu · 10.06.2026 12:00 alkaen");
  });

  it("marks the customer-comment side state as the current step and says where the order returns", () => {
    renderUi(
      <OrderTimeline
        order={order({
          orderStatus: "WAITING_FOR_CUSTOMER_COMMENT",
          previousStatus: "PACKAGE_PROVIDED",
          waitingOn: "EMPLOYEE",
          statusSince: "2026-03-06T10:00:00.000Z",
          events: [
            move("NOT_STARTED", "PENDING", "2026-03-02T08:00:00.000Z"),
            move("PENDING", "PACKAGE_PROVIDED", "2026-03-05T13:15:00.000Z"),
            move("PACKAGE_PROVIDED", "WAITING_FOR_CUSTOMER_COMMENT", "2026-03-06T10:00:00.000Z"),
          ],
        })}
      />,
    );
    const steps = items();
    const side = steps[3] as HTMLElement;
    expect(side).toHaveAttribute("aria-current", "step");
    expect(side).toHaveTextContent("Odottaa asiakkaan vastausta");
    expect(side).toHaveTextContent("jatkuu vaiheesta Pyöräpaketti valmis");
    expect(side).toHaveTextContent("Odottaa: työntekijä · 06.03.2026 12:00 alkaen");
    // The package step was reached; the rest of the main line is still ahead.
    expect(steps[2]).toHaveTextContent("05.03.2026 15:15");
    expect(steps).toHaveLength(12);
  });

  it("ends a cancelled order at the cancellation, with nobody to wait for", () => {
    renderUi(
      <OrderTimeline
        order={order({
          orderStatus: "CANCELLED",
          waitingOn: null,
          statusSince: "2026-03-04T09:00:00.000Z",
          events: [
            move("NOT_STARTED", "PENDING", "2026-03-02T08:00:00.000Z"),
            move("PENDING", "CANCELLED", "2026-03-04T09:00:00.000Z"),
          ],
        })}
      />,
    );
    const steps = items();
    expect(steps).toHaveLength(3);
    expect(steps[2]).toHaveTextContent("Peruttu");
    expect(steps[2]).toHaveTextContent("Tilaus peruttiin.");
    expect(steps[2]).toHaveTextContent("04.03.2026 11:00");
    expect(steps.some((s) => s.getAttribute("aria-current") === "step")).toBe(false);
  });

  it("shows a refunded order's cancellation and refund, and a special case's waiting party", () => {
    const refunded = renderUi(
      <OrderTimeline
        order={order({
          orderStatus: "REFUNDED",
          waitingOn: null,
          statusSince: "2026-03-09T09:00:00.000Z",
          events: [
            move("NOT_STARTED", "PENDING", "2026-03-02T08:00:00.000Z"),
            move("PENDING", "PACKAGE_PROVIDED", "2026-03-03T08:00:00.000Z"),
            move("PACKAGE_PROVIDED", "CANCELLED", "2026-03-04T09:00:00.000Z"),
            move("CANCELLED", "REFUNDED", "2026-03-09T09:00:00.000Z"),
          ],
        })}
      />,
    );
    const labels = items().map((s) => s.textContent);
    expect(labels.at(-2)).toContain("Peruttu");
    expect(labels.at(-1)).toContain("Hyvitetty");
    expect(labels).toHaveLength(5);
    refunded.unmount();

    renderUi(
      <OrderTimeline
        order={order({
          orderStatus: "CASE_X",
          waitingOn: "HELPDESK",
          statusSince: "2026-03-04T09:00:00.000Z",
          events: [
            move("NOT_STARTED", "PENDING", "2026-03-02T08:00:00.000Z"),
            move("PENDING", "CASE_X", "2026-03-04T09:00:00.000Z"),
          ],
        })}
      />,
    );
    const current = screen.getAllByRole("listitem").find((s) => s.getAttribute("aria-current") === "step");
    expect(current).toHaveTextContent("Erityistapaus");
    expect(current).toHaveTextContent("Odottaa: asiakaspalvelu");
  });

  describe("the lease's end", () => {
    const leasing = (redemption: NonNullable<OrderTimelineOrder["afterSales"]>["redemption"]) =>
      order({
        orderStatus: "ACTIVE_LEASING",
        waitingOn: null,
        statusSince: "2026-04-01T06:00:00.000Z",
        events: [move("GRENKE_INVOICE_SENT", "ACTIVE_LEASING", "2026-04-01T06:00:00.000Z")],
        afterSales: { redemption },
      });
    const redemption = {
      bikeRedemptionId: "00000000-0000-4000-8000-0000000000aa",
      status: "PENDING" as const,
      reason: "LEASE_TERM_ENDS" as const,
      choice: null,
      choiceMadeAt: null,
      redemptionPriceCents: 15_000,
      paymentMethod: "BATCH" as const,
      decisionDeadline: "2029-02-28",
      leaseEndsOn: "2029-03-31",
      userPaymentSentAt: null,
      userPaymentPaidAt: null,
      createdAt: "2029-02-03T06:00:00.000Z",
      completedAt: null,
    };

    it("adds the offer after the lease as the current step, waiting for the employee's choice", () => {
      renderUi(<OrderTimeline order={leasing(redemption)} />);
      const steps = items();
      expect(steps).toHaveLength(12);
      const last = steps.at(-1) as HTMLElement;
      expect(last).toHaveAttribute("aria-current", "step");
      expect(last).toHaveTextContent("Sopimuksen päättyminen");
      expect(last).toHaveTextContent("Lunastustarjous 150,00 €. Valinta 28.02.2029 mennessä");
      expect(last).toHaveTextContent("Odottaa: työntekijä · 03.02.2029 08:00 alkaen");
      expect(steps.at(-2)).not.toHaveAttribute("aria-current");
    });

    it("waits for the payment, then for the helpdesk, and shows a completed redemption as done", () => {
      const chosen = { ...redemption, choice: "REDEEM" as const, choiceMadeAt: "2029-02-10T10:00:00.000Z" };
      const view = renderUi(<OrderTimeline order={leasing(chosen)} />);
      expect(items().at(-1)).toHaveTextContent("Lunastushinta odottaa maksua");
      expect(items().at(-1)).toHaveTextContent("Odottaa: työntekijä · 10.02.2029 12:00 alkaen");
      view.unmount();

      const paid = { ...chosen, userPaymentPaidAt: "2029-02-20T10:00:00.000Z" };
      const paidView = renderUi(<OrderTimeline order={leasing(paid)} />);
      expect(items().at(-1)).toHaveTextContent("Odottaa: asiakaspalvelu · 20.02.2029 12:00 alkaen");
      paidView.unmount();

      renderUi(
        <OrderTimeline
          order={leasing({ ...paid, status: "COMPLETED", completedAt: "2029-03-05T10:00:00.000Z" })}
        />,
      );
      const last = items().at(-1) as HTMLElement;
      expect(last).not.toHaveAttribute("aria-current");
      expect(last).toHaveTextContent("Pyörä on lunastettu. Leasingsopimus on päättynyt.");
      expect(last).toHaveTextContent("05.03.2029 12:00");
      expect(items().filter((s) => s.getAttribute("aria-current") === "step")).toHaveLength(0);
    });
  });
});

describe("the employee's timeline", () => {
  it("names what happens to the employee, never an internal status, a waiting party's label or a partner", () => {
    renderUi(
      <OrderTimeline
        audience="EMPLOYEE"
        order={order({
          orderStatus: "PROCESSED",
          waitingOn: "LEASING_COMPANY",
          events: [
            move("NOT_STARTED", "PENDING", "2026-06-02T08:00:00.000Z"),
            move("PENDING", "PACKAGE_PROVIDED", "2026-06-05T13:15:00.000Z"),
            move("PACKAGE_PROVIDED", "ALL_INFO_PROVIDED", "2026-06-06T13:15:00.000Z"),
            move("ALL_INFO_PROVIDED", "CONFIRMED", "2026-06-07T13:15:00.000Z"),
            move("CONFIRMED", "PROCESSED", "2026-06-08T13:15:00.000Z"),
          ],
        })}
      />,
    );
    const list = screen.getByRole("list", { name: "Tilauksen eteneminen" });
    const current = items().find((s) => s.getAttribute("aria-current") === "step") as HTMLElement;
    expect(current).toHaveTextContent("Leasingyhtiö käsittelee sopimustasi");
    expect(current).toHaveTextContent("Leasingyhtiö käsittelee ·");
    expect(list).toHaveTextContent("Leasing alkaa pian");
    for (const internal of ["Ei aloitettu", "Odottaa", "Grenke", "täsmäytystä", "Käsitelty"])
      expect(list).not.toHaveTextContent(internal);
  });

  it("says a side state in words too, not as the status badge", () => {
    renderUi(
      <OrderTimeline
        audience="EMPLOYEE"
        order={order({
          orderStatus: "WAITING_FOR_CUSTOMER_COMMENT",
          previousStatus: "PENDING",
          waitingOn: "EMPLOYEE",
        })}
      />,
    );
    const side = items().find((s) => s.getAttribute("aria-current") === "step") as HTMLElement;
    expect(side).toHaveTextContent("Vastaa asiakaspalvelun kysymykseen");
    expect(side).toHaveTextContent("Sinun vuorosi");
    expect(side).not.toHaveTextContent("Odottaa asiakkaan vastausta");
  });
});
