import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fakeApi } from "../../../test/fake-api.ts";
import { setUpScreenTests } from "../../../test/screen-tests.ts";
import { COMMON, HELPDESK_PERMISSIONS, id, page, ROLES, renderTab, role } from "./test-support.tsx";

setUpScreenTests();

describe("the Käyttäjät tab: roles and permissions", () => {
  it("ticks a permission at once and turns it back when the server refuses", async () => {
    const user = userEvent.setup({ delay: null });
    const permission = (n: number, name: string) => ({ id: id(300 + n), name, description: null });
    const superAdmin = role(9, "SUPER_ADMIN", {
      rolePermissions: [
        { roleId: id(209), permissionId: id(301), permission: { id: id(301), name: "roles.manage" } },
      ],
    });
    const api = fakeApi({
      ...COMMON,
      "GET /api/roles?page=1&limit=100": page([superAdmin]),
      "GET /api/permissions?page=1&limit=100": page([
        permission(1, "roles.manage"),
        permission(2, "orders.read"),
      ]),
      [`GET /api/user-roles/roles/${id(209)}/users?page=1&limit=20`]: page([]),
    });
    renderTab(`/admin/kayttajat/roolit/${id(209)}`);
    const locked = await screen.findByRole("checkbox", { name: "roles.manage" });
    expect(locked).toBeChecked();
    expect(locked).toBeDisabled();
    expect(screen.getByText(/Pääylläpitäjältä ei voi poistaa roolien hallintaa/)).toBeInTheDocument();

    let answer: (response: Response) => void = () => {};
    api.fetchMock.mockImplementationOnce(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    const orders = screen.getByRole("checkbox", { name: "orders.read" });
    await user.click(orders);
    await waitFor(() => expect(orders).toBeChecked());
    answer(
      new Response(JSON.stringify({ statusCode: 500, code: "INTERNAL_ERROR", message: "boom" }), {
        status: 500,
        headers: { "content-type": "application/json" },
      }),
    );
    expect(await screen.findByText(/Oikeuden orders.read muutos ei tallentunut/)).toBeInTheDocument();
    expect(screen.getByRole("checkbox", { name: "orders.read" })).not.toBeChecked();
  });

  it("shows the helpdesk the roles without the controls that change them", async () => {
    fakeApi({
      ...COMMON,
      "GET /api/roles?page=1&limit=100": page([...ROLES, role(4, "Kirjanpito", { isSystem: false })]),
    });
    renderTab("/admin/kayttajat/roolit", HELPDESK_PERMISSIONS);
    expect(await screen.findByRole("link", { name: "Kirjanpito" })).toBeInTheDocument();
    expect(screen.getByText(/Vain pääylläpitäjä voi muuttaa niitä/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Lisää rooli" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Poista rooli/ })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Roolit ja oikeudet" })).toHaveAttribute("aria-current", "page");
  });
});
