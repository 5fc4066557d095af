import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../lib/api-client.ts";
import { createSystemUser, INVALID_RESPONSE_MESSAGE } from "./create-system-user.ts";

const input = {
  firstName: "Aino",
  lastName: "Virtanen",
  workEmail: "aino.virtanen@demo.test",
  role: "EMPLOYER_EDITOR",
  companyId: "7b0a1f4e-2c3d-4e5f-8a9b-0c1d2e3f4a5b",
} as Parameters<typeof createSystemUser>[0];

function answer(status: number, body: unknown, contentType = "application/json") {
  vi.stubGlobal(
    "fetch",
    vi.fn(
      async () =>
        new Response(typeof body === "string" ? body : JSON.stringify(body), {
          status,
          headers: { "content-type": contentType },
        }),
    ),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe("createSystemUser", () => {
  it("returns the created user", async () => {
    answer(201, {
      user: {
        userId: "0b5c3f3e-6a0e-4b8e-9f3a-2d1c0e9b8a71",
        firstName: "Aino",
        lastName: "Virtanen",
        workEmail: "aino.virtanen@demo.test",
        personalEmail: null,
        phoneNumber: null,
        companyId: "7b0a1f4e-2c3d-4e5f-8a9b-0c1d2e3f4a5b",
        companyName: "Demo Oy",
        roles: ["EMPLOYER_EDITOR"],
        deactivated: false,
        lastLoginAt: null,
      },
    });
    await expect(createSystemUser(input)).resolves.toMatchObject({ firstName: "Aino" });
  });

  it("calls an answer without a user object invalid, in Finnish", async () => {
    answer(201, { ok: true });
    await expect(createSystemUser(input)).rejects.toThrow(INVALID_RESPONSE_MESSAGE);
    expect(INVALID_RESPONSE_MESSAGE).toBe("Palvelin palautti virheellisen vastauksen.");
  });

  it("passes the server's message on", async () => {
    answer(409, { statusCode: 409, code: "EMAIL_TAKEN", message: "A user with this e-mail already exists" });
    const error = await createSystemUser(input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe("A user with this e-mail already exists");
  });

  it("falls back to a Finnish message with the status code when the body is unreadable", async () => {
    answer(502, "<html>Bad gateway</html>", "text/html");
    await expect(createSystemUser(input)).rejects.toThrow("Käyttäjän luominen epäonnistui (virhekoodi 502).");
  });
});
