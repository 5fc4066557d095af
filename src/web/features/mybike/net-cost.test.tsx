import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it } from "vitest";
import type { TCalculatorParameters } from "../../../contract/calculator.ts";
import { calculateBenefit } from "../../../domain/calculator/calculate.ts";
import { LEASE_TERMS } from "../../../domain/calculator/test-fixtures.ts";
import { formatCents } from "../../../domain/money.ts";
import {
  PUBLISHED_MUNICIPAL_RATES,
  TAX_YEAR_2025,
  TAX_YEAR_2026,
} from "../../../domain/tax/published-tax-years.ts";
import { SESSION_QUERY_KEY } from "../../lib/session.ts";
import { fakeApi } from "../../test/fake-api.ts";
import { fillIn } from "../../test/fill-in.ts";
import { sessionUser } from "../../test/session-user.ts";
import {
  BENEFIT,
  baseRoutes,
  ok,
  renderMyBike,
  setUpMyBikeTests,
  MY_TERMS as TERMS,
} from "./test-support.tsx";

setUpMyBikeTests();

beforeAll(() => {
  // Mantine's combobox scrolls the selected option into view; jsdom has no scrollIntoView.
  if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
});

const PARAMETERS: TCalculatorParameters = {
  today: "2026-11-22",
  taxYears: [TAX_YEAR_2025, TAX_YEAR_2026],
  municipalities: [...PUBLISHED_MUNICIPAL_RATES],
  leaseTerms: LEASE_TERMS,
  unconfirmed: [],
};
const employee = sessionUser(["BIKE_BENEFICIARY"]);

function routes() {
  return {
    ...baseRoutes([]),
    "GET /api/calculator/my-terms": ok(TERMS),
    "GET /api/calculator/parameters": ok(PARAMETERS),
    "PUT /api/user/municipality": (body: unknown) => ok({ ...employee, ...(body as object) }),
  };
}

describe("the net cost on /mybike", () => {
  it("asks for the municipality and church, keeps them on the own details and shows the net pay they give", async () => {
    const user = userEvent.setup();
    const api = fakeApi(routes());
    renderMyBike();
    expect(await screen.findByText(/Valitse kotikuntasi ja kirkkosi/)).toBeInTheDocument();
    await fillIn(user, screen.getByRole("combobox", { name: "Kotikunta" }), "Vanda");
    await user.click(await screen.findByRole("option", { name: /^Vantaa/ }));
    await waitFor(() => expect(api.callsTo("PUT", "/api/user/municipality")).toHaveLength(1));
    expect(api.callsTo("PUT", "/api/user/municipality")[0]?.body).toEqual({
      municipalityCode: "092",
      church: null,
    });
    await user.click(screen.getByRole("combobox", { name: "Kirkko" }));
    await user.click(await screen.findByRole("option", { name: /^Ortodoksinen kirkko/ }));
    await waitFor(() => expect(api.callsTo("PUT", "/api/user/municipality")).toHaveLength(2));
    expect(api.callsTo("PUT", "/api/user/municipality")[1]?.body).toEqual({
      municipalityCode: "092",
      church: "ORTHODOX",
    });

    const expected = calculateBenefit(PARAMETERS, {
      year: 2026,
      bikePrice: BENEFIT.maxPriceCents ? BENEFIT.maxPriceCents / 100 : 0,
      accessoriesPrice: 0,
      leaseTimeMonths: 36,
      monthlyGrossSalary: 3_500,
      municipality: "092",
      church: "ORTHODOX",
    });
    expect(expected.churchTaxPercent).toBe(1.8);
    const euros = formatCents(Math.round(expected.monthlyNetPayReduction * 100), "fi").replace(
      /\u00a0/g,
      " ",
    );
    expect(await screen.findByTestId("benefit-net-cost")).toHaveTextContent(
      `Nettopalkkasi pienenee noin ${euros} kuukaudessa (Vantaa, Ortodoksinen kirkko; bruttopalkka 3 500 € kuukaudessa).`,
    );
    expect(
      screen.getByRole("link", { name: "Vaihda kotikunta tai kirkko omissa tiedoissasi" }),
    ).toHaveAttribute("href", "/kayttaja");
  });

  it("says that Åland is not calculated yet instead of a mainland figure", async () => {
    fakeApi(routes());
    const { queryClient } = renderMyBike();
    queryClient.setQueryData(SESSION_QUERY_KEY, { ...employee, municipalityCode: "478", church: "NONE" });
    expect(await screen.findByText(/Ahvenanmaan verotusta ei vielä lasketa/)).toBeInTheDocument();
    expect(screen.queryByTestId("benefit-net-cost")).not.toBeInTheDocument();
  });
});
