import { describe, expect, it } from "vitest";
import { ApiError } from "./api-client.ts";
import { fieldErrorsOf } from "./form-errors.ts";

describe("fieldErrorsOf", () => {
  it("puts the failing fields of a 400 on the form's field paths", () => {
    const error = new ApiError({
      status: 400,
      code: "VALIDATION_ERROR",
      message: "Invalid input",
      bodyReadable: true,
      details: [
        { field: "body.email", message: "Invalid email" },
        { field: "body.company.postalCode", message: "A Finnish postal code has 5 digits" },
        { field: "body.unknown", message: "x" },
      ],
    });
    expect(fieldErrorsOf(error, ["email", "company.postalCode"], "Check")).toEqual({
      email: "Check",
      "company.postalCode": "Check",
    });
  });

  it("answers nothing for other failures", () => {
    expect(fieldErrorsOf(new Error("x"), ["email"], "Check")).toEqual({});
  });
});
