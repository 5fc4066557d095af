import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { apiError, fakeApi } from "../../test/fake-api.ts";
import type { TMyOrder } from "./mybike-api.ts";
import { baseRoutes, ORDER_ID, ok, packageOrder, renderMyBike, setUpMyBikeTests } from "./test-support.tsx";

setUpMyBikeTests();

const START = `/api/orders/${ORDER_ID}/sign/strong`;
const CODE = `/api/orders/${ORDER_ID}/sign/code`;
const BROKER = "https://broker.example/authorize?request=signed-request";
const STRONG_BUTTON = "Allekirjoita pankkitunnuksilla tai mobiilivarmenteella";

function signingOrder(signingMethods: TMyOrder["signingMethods"]): TMyOrder {
  return packageOrder({ orderStatus: "ALL_INFO_PROVIDED", waitingOn: "EMPLOYEE", signingMethods });
}

/** The browser's navigation to the broker, which jsdom cannot make. */
function stubNavigation() {
  const assign = vi.fn();
  vi.stubGlobal("location", { ...window.location, assign });
  return assign;
}

describe("before signing", () => {
  it("gives one way to open the agreement", async () => {
    fakeApi(
      baseRoutes([
        packageOrder({
          orderStatus: "ALL_INFO_PROVIDED",
          waitingOn: "EMPLOYEE",
          signingMethods: ["SMS_CODE"],
          agreement: {
            id: ORDER_ID,
            status: null,
            leaseTimeMonths: 36,
            monthlyPaymentCents: 10_450,
            commitmentDate: null,
            startDate: null,
            endDate: null,
            leaseEndsOn: null,
            taxRegime: null,
            tax: { kind: "UNKNOWN", taxFreeUntil: null, taxableFrom: null },
            signedAt: null,
            signedDocumentId: null,
          },
        }),
      ]),
    );
    renderMyBike();
    await screen.findByRole("button", { name: "Lähetä vahvistuskoodi" });
    const links = screen
      .getAllByRole("link")
      .filter((link) => link.getAttribute("href")?.endsWith("/agreement.pdf"));
    expect(links.map((link) => link.textContent)).toEqual(["Avaa leasingsopimus (PDF)"]);
  });
});

describe("signing the leasing agreement with strong identification", () => {
  it("starts at the broker where the company prefers it, and keeps the SMS code as a second way", async () => {
    const user = userEvent.setup({ delay: null });
    const assign = stubNavigation();
    const api = fakeApi({
      ...baseRoutes([signingOrder(["STRONG", "SMS_CODE"])]),
      [`POST ${START}`]: ok({ redirectUrl: BROKER }),
      [`POST ${CODE}`]: ok({ phoneNumberHint: "+35840•••••67", expiresInSeconds: 300 }),
    });
    renderMyBike();
    const strong = await screen.findByRole("button", { name: STRONG_BUTTON });
    expect(screen.getByText(/pankkisi tai mobiilivarmenteen palvelussa/)).toBeInTheDocument();
    // Today's flow waits behind its own button.
    expect(screen.queryByRole("button", { name: "Lähetä vahvistuskoodi" })).not.toBeInTheDocument();

    await user.click(strong);
    await waitFor(() => expect(assign).toHaveBeenCalledWith(BROKER));
    expect(api.callsTo("POST", START)).toHaveLength(1);
    expect(api.callsTo("POST", CODE)).toHaveLength(0);

    await user.click(
      screen.getByRole("button", { name: "Tai allekirjoita tekstiviestillä saatavalla koodilla" }),
    );
    await user.click(await screen.findByRole("button", { name: "Lähetä vahvistuskoodi" }));
    expect(await screen.findByLabelText(/^Vahvistuskoodi/)).toBeInTheDocument();
    expect(api.callsTo("POST", CODE)).toHaveLength(1);
  });

  it("says why the start failed and stays on the page", async () => {
    const user = userEvent.setup({ delay: null });
    const assign = stubNavigation();
    fakeApi({
      ...baseRoutes([signingOrder(["STRONG"])]),
      [`POST ${START}`]: apiError(503, "STRONG_IDENTIFICATION_UNAVAILABLE", "Unavailable"),
    });
    renderMyBike();
    await user.click(await screen.findByRole("button", { name: STRONG_BUTTON }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      /Vahvaa sähköistä tunnistautumista ei voi käyttää juuri nyt/,
    );
    expect(assign).not.toHaveBeenCalled();
    // Strong identification only: no SMS code is offered.
    expect(screen.queryByRole("button", { name: /tekstiviestillä/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Lähetä vahvistuskoodi" })).not.toBeInTheDocument();
  });

  it("keeps today's SMS code where the company allows only that", async () => {
    fakeApi(baseRoutes([signingOrder(["SMS_CODE"])]));
    renderMyBike();
    expect(await screen.findByRole("button", { name: "Lähetä vahvistuskoodi" })).toBeInTheDocument();
    expect(screen.getByText(/vahvistuskoodilla, jonka lähetämme puhelimeesi/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: STRONG_BUTTON })).not.toBeInTheDocument();
  });

  it("says so when the company has begun to require strong identification since the page was read", async () => {
    const user = userEvent.setup({ delay: null });
    fakeApi({
      ...baseRoutes([signingOrder(["SMS_CODE"])]),
      [`POST ${CODE}`]: apiError(403, "STRONG_IDENTIFICATION_REQUIRED", "Strong identification required"),
    });
    renderMyBike();
    await user.click(await screen.findByRole("button", { name: "Lähetä vahvistuskoodi" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Työnantajasi pyytää allekirjoittamaan vahvalla sähköisellä tunnistautumisella",
    );
  });

  it("offers no way to sign when the company requires strong identification that is not available", async () => {
    fakeApi(baseRoutes([signingOrder([])]));
    renderMyBike();
    expect(await screen.findByText("Sopimusta ei voi allekirjoittaa juuri nyt")).toBeInTheDocument();
    expect(screen.getByText(/Ota yhteyttä työnantajaasi tai Pedaalin asiakaspalveluun/)).toBeInTheDocument();
    // The draft can still be read.
    expect(screen.getByRole("link", { name: "Avaa leasingsopimus (PDF)" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: STRONG_BUTTON })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Lähetä vahvistuskoodi" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /tekstiviestillä/ })).not.toBeInTheDocument();
  });

  it("says the agreement is signed when the broker sends the employee back, once", async () => {
    const user = userEvent.setup({ delay: null });
    const signed = signingOrder(["STRONG", "SMS_CODE"]);
    fakeApi(baseRoutes([{ ...signed, waitingOn: "EMPLOYER" }]));
    const { router } = renderMyBike("/mybike?identification=SIGNED");
    const outcome = (await screen.findByText("Allekirjoitus onnistui")).closest("[role=status]");
    expect(outcome).toHaveTextContent(
      "Allekirjoitit leasingsopimuksen vahvalla sähköisellä tunnistautumisella.",
    );
    // The order as it now is, read on arrival.
    expect(await screen.findByText(/odottaa vielä työnantajasi hyväksyntää/)).toBeInTheDocument();
    // Gone from the address: a reload does not say it again.
    await waitFor(() => expect(router.state.location.search).toBe(""));
    await user.click(within(outcome as HTMLElement).getByRole("button", { name: "Sulje" }));
    expect(screen.queryByText("Allekirjoitus onnistui")).not.toBeInTheDocument();
  });
});
