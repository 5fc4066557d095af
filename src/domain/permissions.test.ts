import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_ROLE_PERMISSIONS,
  hasPermission,
  isPermission,
  PERMISSIONS,
  permissionsOf,
  permissionsOfRoles,
} from "./permissions.ts";
import { ROLES } from "./roles.ts";

describe("permission names", () => {
  it("are unique and of the form area.action in kebab-case", () => {
    expect(new Set(PERMISSIONS).size).toBe(PERMISSIONS.length);
    for (const p of PERMISSIONS) expect(p).toMatch(/^[a-z]+(-[a-z]+)*\.[a-z]+(-[a-z]+)*$/);
  });

  it("recognise only known names", () => {
    expect(isPermission("orders.read")).toBe(true);
    expect(isPermission("orders.delete")).toBe(false);
  });
});

describe("DEFAULT_ROLE_PERMISSIONS", () => {
  it("gives the super admin every permission but a bike store's own", () => {
    const storeOwn = [
      "store-details.manage",
      "store-orders.manage",
      "store-orders.read",
      "store-payouts.read",
    ];
    expect([...DEFAULT_ROLE_PERMISSIONS.SUPER_ADMIN].sort()).toEqual(
      PERMISSIONS.filter((p) => !storeOwn.includes(p)).sort(),
    );
  });

  it("gives the internal admin everything the super admin holds except roles.manage", () => {
    expect(DEFAULT_ROLE_PERMISSIONS.INTERNAL_ADMIN).not.toContain("roles.manage");
    expect(DEFAULT_ROLE_PERMISSIONS.INTERNAL_ADMIN).toHaveLength(
      DEFAULT_ROLE_PERMISSIONS.SUPER_ADMIN.length - 1,
    );
  });

  it("gives the bike store user its stores' orders, details and payouts, and no company's data", () => {
    expect([...DEFAULT_ROLE_PERMISSIONS.BIKE_STORE].sort()).toEqual([
      "brokerage.use",
      "own-details.manage",
      "store-details.manage",
      "store-orders.manage",
      "store-orders.read",
      "store-payouts.read",
    ]);
  });

  it("keeps company settings, reports and payroll recipients away from the editor", () => {
    const editor = DEFAULT_ROLE_PERMISSIONS.EMPLOYER_EDITOR;
    expect(editor).toEqual(
      expect.arrayContaining(["employees.read", "employees.manage", "employees.decide"]),
    );
    for (const p of ["company-settings.manage", "reports.read", "payroll-recipients.manage"] as const) {
      expect(editor).not.toContain(p);
    }
  });

  it("gives the reporting user reports and read-only lists", () => {
    const reporting = DEFAULT_ROLE_PERMISSIONS.EMPLOYER_REPORTING;
    expect(reporting).toContain("reports.read");
    for (const p of reporting) {
      expect(p.endsWith(".read") || p === "own-details.manage" || p === "brokerage.use").toBe(true);
    }
  });

  it("gives the group admin the employer admin's actions without the notification bell", () => {
    expect([...DEFAULT_ROLE_PERMISSIONS.EMPLOYER_GROUP_ADMIN, "notifications.read"].sort()).toEqual(
      [...DEFAULT_ROLE_PERMISSIONS.EMPLOYER_ADMIN].sort(),
    );
  });

  it("gives the beneficiary their own order, details and the brokerage, and nothing employer-side", () => {
    const beneficiary = DEFAULT_ROLE_PERMISSIONS.BIKE_BENEFICIARY;
    expect(beneficiary).toEqual(
      expect.arrayContaining(["own-order.manage", "own-details.manage", "brokerage.use"]),
    );
    expect(beneficiary.some((p) => p.startsWith("employees.") || p.startsWith("companies."))).toBe(false);
  });

  it("keeps admin-only actions with the admins", () => {
    const adminOnly = [
      "orders.process",
      "orders.cancel",
      "roles.manage",
      "tax-tables.manage",
      "bike-stores.manage",
    ];
    for (const role of ROLES) {
      if (role === "SUPER_ADMIN" || role === "INTERNAL_ADMIN") continue;
      for (const p of adminOnly) expect(DEFAULT_ROLE_PERMISSIONS[role]).not.toContain(p);
    }
  });

  it("lets the employer's deciders approve orders and read signed documents; reporting and the employee neither", () => {
    for (const role of ["EMPLOYER_ADMIN", "EMPLOYER_EDITOR", "EMPLOYER_GROUP_ADMIN"] as const) {
      expect(DEFAULT_ROLE_PERMISSIONS[role]).toEqual(
        expect.arrayContaining(["orders.approve", "signed-documents.read"]),
      );
      expect(DEFAULT_ROLE_PERMISSIONS[role]).not.toContain("signed-documents.manage");
    }
    for (const role of ["EMPLOYER_REPORTING", "BIKE_BENEFICIARY"] as const) {
      expect(DEFAULT_ROLE_PERMISSIONS[role]).not.toContain("orders.approve");
      expect(DEFAULT_ROLE_PERMISSIONS[role]).not.toContain("signed-documents.read");
    }
  });

  it("lists no permission twice for any role", () => {
    for (const role of ROLES) {
      expect(new Set(DEFAULT_ROLE_PERMISSIONS[role]).size).toBe(DEFAULT_ROLE_PERMISSIONS[role].length);
    }
  });
});

describe("permissionsOf", () => {
  it("collects names from rolePermissions without duplicates, in first-seen order", () => {
    const userRoles = [
      {
        role: {
          name: "A",
          rolePermissions: [{ permission: { name: "orders.read" } }, { permission: { name: "x.y" } }],
        },
      },
      {
        role: {
          name: "B",
          rolePermissions: [{ permission: { name: "orders.read" } }, { permission: { name: "z.w" } }],
        },
      },
    ];
    expect(permissionsOf(userRoles)).toEqual(["orders.read", "x.y", "z.w"]);
  });

  it("uses the stored rolePermissions of a built-in role rather than its defaults", () => {
    expect(permissionsOf([{ role: { name: "EMPLOYER_ADMIN", rolePermissions: [] } }])).toEqual([]);
  });

  it("falls back to the defaults of a built-in role given without rolePermissions", () => {
    expect(permissionsOf([{ role: { name: "BIKE_BENEFICIARY" } }])).toEqual([
      ...DEFAULT_ROLE_PERMISSIONS.BIKE_BENEFICIARY,
    ]);
    expect(permissionsOf([{ role: { name: "UNKNOWN" } }])).toEqual([]);
  });

  it("gives the union of the roles' defaults, each name once", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...ROLES), { maxLength: 10 }), (roles) => {
        const result = permissionsOf(roles.map((name) => ({ role: { name } })));
        expect(new Set(result).size).toBe(result.length);
        expect(new Set(result)).toEqual(new Set(roles.flatMap((r) => DEFAULT_ROLE_PERMISSIONS[r])));
        expect(result).toEqual(permissionsOfRoles(roles));
      }),
    );
  });

  it("answers hasPermission from the collected names", () => {
    const names = permissionsOf([{ role: { name: "EMPLOYER_REPORTING" } }]);
    expect(hasPermission(names, "reports.read")).toBe(true);
    expect(hasPermission(names, "employees.manage")).toBe(false);
  });
});
