import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { TStoreHandover } from "../../../contract/handovers.ts";
import { apiError, fakeApi } from "../../test/fake-api.ts";
import { ok, renderScreen, setUpStoreLinkTests } from "../store-links/test-support.tsx";
import { StoreHandoverStep } from "./store-handover-step.tsx";

setUpStoreLinkTests();

const ORDER_ID = "0b9f1f5e-3f3a-4d6e-9a53-7f1d2b6c8e01";
const VIEW = `/api/store/orders/${ORDER_ID}/handover`;

function handover(overrides: Partial<TStoreHandover> = {}): TStoreHandover {
  return {
    orderId: ORDER_ID,
    orderNumber: 10054,
    kind: "IN_STORE",
    customerName: "Mervi Leinonen",
    frameSerialNumber: null,
    packageAccessories: ["Kypärä Abus Pedelec 2.0 (Abus)"],
    canRecord: true,
    photos: [],
    handover: null,
    ...overrides,
  };
}

async function fillBike(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByLabelText(/^Runkonumero/));
  await user.paste("WCK2025118734");
  await user.click(screen.getByRole("checkbox", { name: "Kypärä Abus Pedelec 2.0 (Abus)" }));
}

describe("the store's handover form", () => {
  it("asks for the code and the employee's confirmation, then sends both signatures after asking once more", async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      [`GET ${VIEW}`]: ok(handover()),
      [`POST ${VIEW}`]: { status: 201, body: handover({ canRecord: false }) },
    });
    renderScreen(<StoreHandoverStep orderId={ORDER_ID} />);
    await fillBike(user);
    await user.click(screen.getByRole("button", { name: "Allekirjoita luovutus" }));
    expect(await screen.findByText("Työntekijän vahvistus tarvitaan allekirjoitukseen")).toBeInTheDocument();
    expect(api.callsTo("POST", VIEW)).toEqual([]);

    await user.click(screen.getByLabelText(/^Työntekijän noutokoodi/));
    await user.paste("123 456");
    await user.click(screen.getByLabelText(/^Työntekijä vahvistaa vastaanottaneensa/));
    await user.click(screen.getByRole("button", { name: "Allekirjoita luovutus" }));
    await user.click(await screen.findByRole("button", { name: "Allekirjoita" }));
    expect(api.callsTo("POST", VIEW)[0]?.body).toEqual({
      frameSerialNumber: "WCK2025118734",
      batterySerial: "",
      accessories: ["Kypärä Abus Pedelec 2.0 (Abus)"],
      pickupCode: "123 456",
      employeeSignature: { name: "Mervi Leinonen", received: true },
    });
  });

  it("puts a wrong code's refusal on the code field in the store's words", async () => {
    const user = userEvent.setup();
    fakeApi({
      [`GET ${VIEW}`]: ok(handover()),
      [`POST ${VIEW}`]: apiError(400, "PICKUP_CODE_WRONG", "The pickup code does not match this order", {
        details: [{ field: "body.pickupCode", message: "Not this order's 6-digit pickup code" }],
      }),
    });
    renderScreen(<StoreHandoverStep orderId={ORDER_ID} />);
    await fillBike(user);
    await user.click(screen.getByLabelText(/^Työntekijän noutokoodi/));
    await user.paste("000000");
    await user.click(screen.getByLabelText(/^Työntekijä allekirjoittaa tällä laitteella/));
    await user.click(screen.getByRole("button", { name: "Allekirjoita luovutus" }));
    await user.click(await screen.findByRole("button", { name: "Allekirjoita" }));
    const field = screen.getByLabelText(/^Työntekijän noutokoodi/);
    expect(await screen.findAllByText(/Noutokoodi ei vastaa tätä tilausta/)).not.toHaveLength(0);
    expect(field).toHaveAttribute("aria-invalid", "true");
  });

  it("asks no code or signature of a shipped bike: the employee signs on arrival", async () => {
    fakeApi({ [`GET ${VIEW}`]: ok(handover({ kind: "SHIPPED" })) });
    renderScreen(<StoreHandoverStep orderId={ORDER_ID} />);
    expect(await screen.findByText(/kuittaa pyörän saapuneeksi omalla puhelimellaan/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Työntekijän noutokoodi/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^Työntekijä allekirjoittaa tällä laitteella/)).not.toBeInTheDocument();
  });
});
