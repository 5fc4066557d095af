import { describe, expect, it } from "vitest";
import { isSharedBeyond, isWithdrawable, mayAttachDirectly } from "./employment-invitations.ts";

const A = "a";
const B = "b";

describe("a company reaching a person", () => {
  it("attaches at once only a person already its own inside the caller's reach", () => {
    expect(mayAttachDirectly([A], { kind: "companies", companyIds: [A, B] })).toBe(true);
    expect(mayAttachDirectly([B], { kind: "companies", companyIds: [A] })).toBe(false);
    expect(mayAttachDirectly([], { kind: "companies", companyIds: [A] })).toBe(false);
    expect(mayAttachDirectly([B], { kind: "all" })).toBe(true);
    expect(mayAttachDirectly([], { kind: "all" })).toBe(false);
  });

  it("counts a person shared when any of their companies is outside the reach", () => {
    expect(isSharedBeyond([A], { kind: "companies", companyIds: [A] })).toBe(false);
    expect(isSharedBeyond([A, B], { kind: "companies", companyIds: [A] })).toBe(true);
    expect(isSharedBeyond([A, B], { kind: "all" })).toBe(false);
  });

  it("withdraws only an open invitation", () => {
    expect(isWithdrawable("PENDING")).toBe(true);
    expect(isWithdrawable("DECLINED")).toBe(true);
    expect(isWithdrawable("ACCEPTED")).toBe(false);
    expect(isWithdrawable("WITHDRAWN")).toBe(false);
  });
});
