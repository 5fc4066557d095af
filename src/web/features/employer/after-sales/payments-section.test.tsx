import { QueryClientProvider } from "@tanstack/react-query";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { TUserPayment } from "../../../../contract/user-payments.ts";
import { permissionsOf } from "../../../../domain/permissions.ts";
import type { RoleName } from "../../../../domain/roles.ts";
import { createQueryClient } from "../../../lib/query-client.ts";
import { SESSION_QUERY_KEY } from "../../../lib/session.ts";
import { fakeApi } from "../../../test/fake-api.ts";
import { loadTexts, renderUi } from "../../../test/render-ui.tsx";
import { setUpScreenTests } from "../../../test/screen-tests.ts";
import { sessionUser } from "../../../test/session-user.ts";
import { EmployerPaymentsSection } from "./payments-section.tsx";

setUpScreenTests();

const LIST = "/api/user-payment/optimized?page=1&pageSize=10";

const payment = (overrides: Partial<TUserPayment> = {}): TUserPayment => ({
  id: "5a5a5a5a-5a5a-4a5a-8a5a-5a5a5a5a5a01",
  kind: "OWN_SHARE",
  description: null,
  orderId: "0a0a0a0a-0a0a-4a0a-8a0a-0a0a0a0a0a01",
  orderNumber: 10042,
  bikeRedemptionId: null,
  insuranceClaimId: null,
  employee: {
    beneficiaryEmployeeId: "e1e1e1e1-e1e1-4e1e-8e1e-e1e1e1e1e1e1",
    name: "Aino Virtanen",
    email: "aino@demo.test",
  },
  company: { companyId: "11111111-1111-4111-8111-111111111111", name: "Demo Oy" },
  amountCents: 40_600,
  paymentMethod: "PAYROLL",
  paymentStatus: "PENDING",
  referenceNumber: "123456789012345",
  dueDate: "2026-12-01",
  sentAt: "2026-11-20T10:00:00.000Z",
  paidAt: null,
  isUserPaymentDone: false,
  createdAt: "2026-11-20T10:00:00.000Z",
  updatedAt: "2026-11-20T10:00:00.000Z",
  bankTransfer: null,
  ...overrides,
});

const page = (items: TUserPayment[]) => ({
  status: 200,
  body: {
    items,
    page: 1,
    limit: 10,
    total: items.length,
    totalPages: 1,
    hasNext: false,
    hasPrevious: false,
  },
});

function renderSection(role: RoleName) {
  const queryClient = createQueryClient();
  const user = sessionUser([role]);
  // The built-in role's default permissions, as GET /api/user answers them.
  queryClient.setQueryData(SESSION_QUERY_KEY, {
    ...user,
    permissions: permissionsOf(user.userRoles.map((ur) => ({ ...ur, role: { name: ur.role.name } }))),
  });
  renderUi(
    <QueryClientProvider client={queryClient}>
      <EmployerPaymentsSection />
    </QueryClientProvider>,
    { path: "/tyonantaja?valilehti=pyorat" },
  );
  return userEvent.setup({ delay: null });
}

describe("the employees' payments on the employer's bikes tab", () => {
  it("lists the companies' payments, read only, and narrows them to unpaid or paid", async () => {
    const replies = fakeApi({
      [`GET ${LIST}`]: page([payment()]),
      [`GET ${LIST}&isUserPaymentDone=true`]: page([]),
    });
    const user = renderSection("EMPLOYER_REPORTING");
    const table = await screen.findByRole("table", { name: "Työntekijöiden maksut" });
    const row = (await within(table).findByText("Aino Virtanen")).closest("tr") as HTMLElement;
    expect(within(row).getByText("Enimmäishinnan ylittävä osuus")).toBeInTheDocument();
    expect(within(row).getByText("tilaus 10042")).toBeInTheDocument();
    expect(within(row).getByText(/406,00\s€/)).toBeInTheDocument();
    expect(within(row).getByText("Palkasta")).toBeInTheDocument();
    expect(within(row).getByText("01.12.2026")).toBeInTheDocument();
    expect(within(row).queryByRole("button")).not.toBeInTheDocument();

    await user.click(screen.getByRole("radio", { name: "Maksettu" }));
    await waitFor(() => expect(replies.callsTo("GET", `${LIST}&isUserPaymentDone=true`)).toHaveLength(1));
    expect(await screen.findByText("Yksikään maksu ei vastaa valintaa.")).toBeInTheDocument();
  });

  it("names each payment by its kind in the reader's language, then what was typed, then the order once", async () => {
    await loadTexts("en");
    try {
      fakeApi({
        [`GET ${LIST}`]: page([
          payment(),
          payment({
            id: "5a5a5a5a-5a5a-4a5a-8a5a-5a5a5a5a5a02",
            kind: "OTHER",
            description: "Jälkikäteen ostettu lisävaruste",
            orderNumber: 10043,
          }),
        ]),
      });
      renderSection("EMPLOYER_REPORTING");
      const table = await screen.findByRole("table", { name: "Employees' payments" });
      const [share, other] = (await within(table).findAllByText("Aino Virtanen")).map(
        (cell) => cell.closest("tr") as HTMLElement,
      );
      expect(within(share as HTMLElement).getByText("Share above the maximum price")).toBeInTheDocument();
      expect(within(share as HTMLElement).getByText("order 10042")).toBeInTheDocument();
      expect(within(other as HTMLElement).getByText("Other payment")).toBeInTheDocument();
      expect(
        within(other as HTMLElement).getByText("Jälkikäteen ostettu lisävaruste · order 10043"),
      ).toBeInTheDocument();
      expect(within(table).queryByText(/Enimmäishinnan|tilaus/)).not.toBeInTheDocument();
    } finally {
      await loadTexts("fi");
    }
  });

  it("is not shown to the editor, who holds no user-payments.read", async () => {
    const replies = fakeApi({ [`GET ${LIST}`]: page([payment()]) });
    renderSection("EMPLOYER_EDITOR");
    expect(screen.queryByRole("heading", { name: "Työntekijöiden maksut" })).not.toBeInTheDocument();
    expect(replies.calls).toHaveLength(0);
  });
});
