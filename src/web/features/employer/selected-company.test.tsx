import { QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { createQueryClient } from "../../lib/query-client.ts";
import { SESSION_QUERY_KEY } from "../../lib/session.ts";
import { sessionUser } from "../../test/session-user.ts";
import { useSelectedCompany } from "./selected-company.ts";

const COMPANIES = [
  { id: "11111111-1111-4111-8111-111111111111", name: "Demo Logistiikka Oy", groupCompanyId: "g" },
  { id: "22222222-2222-4222-8222-222222222222", name: "Demo Oy", groupCompanyId: "g" },
];

/** The hook on a page at `address`, for a group admin of both companies. */
function onPage(address: string) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(
    SESSION_QUERY_KEY,
    sessionUser(["EMPLOYER_GROUP_ADMIN"], { companies: COMPANIES }),
  );
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[address]}>{children}</MemoryRouter>
    </QueryClientProvider>
  );
  return renderHook(() => useSelectedCompany(), { wrapper });
}

describe("useSelectedCompany", () => {
  beforeEach(() => sessionStorage.clear());

  it("starts on the first company, and keeps the one chosen for the next page opened without one", () => {
    const settings = onPage("/yritys-asetukset");
    expect(settings.result.current.company?.name).toBe("Demo Logistiikka Oy");
    act(() => settings.result.current.select(COMPANIES[1]?.id as string));
    expect(settings.result.current.company?.name).toBe("Demo Oy");
    expect(onPage("/raportointi").result.current.company?.name).toBe("Demo Oy");
  });

  it("follows the company a link names, and remembers it too", () => {
    expect(onPage(`/raportointi?yritys=${COMPANIES[1]?.id}`).result.current.company?.name).toBe("Demo Oy");
    expect(onPage("/tyonantaja").result.current.company?.name).toBe("Demo Oy");
  });

  it("ignores a remembered company the user no longer acts for", () => {
    sessionStorage.setItem("pedaali.employerCompany", "33333333-3333-4333-8333-333333333333");
    expect(onPage("/raportointi").result.current.company?.name).toBe("Demo Logistiikka Oy");
  });
});
