import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { lazy, madeOnFirstRead } from "./lazy.ts";

const eagerOrder = () =>
  z.object({
    orderNumber: z.int().min(1),
    status: z.enum(["NEW", "ACTIVE"]),
    note: z.string().trim().max(20).nullable().optional(),
    lines: z.array(z.object({ name: z.string().min(1), priceCents: z.int() })).max(3),
  });

describe("madeOnFirstRead", () => {
  it("makes its value on the first read, once", () => {
    const make = vi.fn(eagerOrder);
    const order = madeOnFirstRead(make);
    expect(make).not.toHaveBeenCalled();
    order.parse({ orderNumber: 1, status: "NEW", lines: [] });
    order.safeParse({});
    expect(make).toHaveBeenCalledOnce();
  });

  it("parses as the schema it stands for, on any input", () => {
    const eager = eagerOrder();
    const order = madeOnFirstRead(eagerOrder);
    const line = fc.record({ name: fc.string(), priceCents: fc.oneof(fc.integer(), fc.double()) });
    const input = fc.oneof(
      fc.anything(),
      fc.record(
        {
          orderNumber: fc.oneof(fc.integer({ min: -2, max: 5 }), fc.string()),
          status: fc.constantFrom("NEW", "ACTIVE", "DONE"),
          note: fc.option(fc.string({ maxLength: 30 })),
          lines: fc.array(line, { maxLength: 4 }),
        },
        { requiredKeys: [] },
      ),
    );
    fc.assert(
      fc.property(input, (value) => {
        expect(order.safeParse(value)).toEqual(eager.safeParse(value));
      }),
    );
  });

  it("can be extended, picked, made optional, nested, spread and listed as the schema itself", () => {
    const order = madeOnFirstRead(eagerOrder);
    const fields = madeOnFirstRead(() => ({ id: z.uuid(), order }));
    const withId = madeOnFirstRead(() => order.extend({ id: z.uuid() }));
    expect(withId.shape.id).toBeDefined();
    expect(order.pick({ status: true }).parse({ status: "ACTIVE", extra: 1 })).toEqual({ status: "ACTIVE" });
    expect(order.optional().parse(undefined)).toBeUndefined();
    expect(z.object({ ...fields }).safeParse({ id: "x", order: {} }).success).toBe(false);
    expect(Object.keys(fields)).toEqual(["id", "order"]);
    expect(Object.keys({ ...order.shape })).toEqual(["orderNumber", "status", "note", "lines"]);
    expect("shape" in order).toBe(true);
    expect(order).toBeInstanceOf(z.ZodObject);
    expect(z.toJSONSchema(z.object({ order }))).toEqual(z.toJSONSchema(z.object({ order: eagerOrder() })));
  });

  it("words a failed parse as the schema does", () => {
    const order = madeOnFirstRead(eagerOrder);
    const failed = order.safeParse({ orderNumber: 0, status: "DONE", lines: [] });
    expect(failed.error).toBeInstanceOf(z.ZodError);
    expect(failed.error?.issues.map((issue) => issue.path.join("."))).toEqual(["orderNumber", "status"]);
  });
});

describe("lazy", () => {
  it("makes its value at once outside a browser: the server registers every schema as it starts", () => {
    const make = vi.fn(eagerOrder);
    const order = lazy(make);
    expect(make).toHaveBeenCalledOnce();
    expect(order).toBe(make.mock.results[0]?.value);
  });
});
