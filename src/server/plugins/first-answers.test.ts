import type { FastifyInstance, FastifyRequest, InjectOptions } from "fastify";
import { describe, expect, it } from "vitest";
import { FIRST_ANSWERS_ID } from "../../domain/constants.ts";
import { firstAnswers } from "./first-answers.ts";

/** An app whose GET /api/user answers as given, noting what it was asked with. */
function appAnswering(statusCode: number, body: unknown, setCookie?: string[]) {
  const asked: InjectOptions[] = [];
  const app = {
    inject: async (options: InjectOptions) => {
      asked.push(options);
      return { statusCode, headers: { "set-cookie": setCookie }, json: () => body };
    },
  } as unknown as FastifyInstance;
  return { app, asked };
}

function requestWith(cookies: Record<string, string>, headers: Record<string, string> = {}): FastifyRequest {
  const cookie = Object.entries(cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join("; ");
  return { cookies, headers: { cookie, ...headers }, ip: "203.0.113.7" } as unknown as FastifyRequest;
}

const block = (html: string | null | undefined) =>
  JSON.parse(
    new RegExp(`<script type="application/json" id="${FIRST_ANSWERS_ID}">(.*)</script>`).exec(
      html ?? "",
    )?.[1] ?? "null",
  );

describe("firstAnswers", () => {
  it("writes the user's answer so that no text in it can end the block", async () => {
    const user = {
      firstName: "</script><script>alert(1)</script>",
      lastName: "<!-- Virtanen",
      roles: ["BIKE_BENEFICIARY"],
      deactivated: false,
    };
    const { app } = appAnswering(200, user);
    const answers = await firstAnswers(app, requestWith({ accessToken: "a" }));
    // The block's own opening and closing tags are its only "<".
    expect(answers?.block?.match(/</g)).toHaveLength(2);
    expect(block(answers?.block)).toEqual({ "/api/user": user });
  });

  it("gives the user as access sees them, roles it does not know left out", async () => {
    const body = { roles: ["BIKE_STORE", "NO_SUCH_ROLE"], deactivated: true };
    const answers = await firstAnswers(appAnswering(200, body).app, requestWith({ accessToken: "a" }));
    expect(answers?.user).toEqual({ roles: ["BIKE_STORE"], deactivated: true });
  });

  it("asks with the visitor's cookies, address and language, as the app's own call would", async () => {
    const { app, asked } = appAnswering(200, { roles: [], deactivated: false });
    await firstAnswers(
      app,
      requestWith({ refreshToken: "r" }, { "accept-language": "sv", "user-agent": "phone", "x-other": "no" }),
    );
    expect(asked).toEqual([
      {
        method: "GET",
        url: "/api/user",
        remoteAddress: "203.0.113.7",
        headers: {
          accept: "application/json",
          cookie: "refreshToken=r",
          "accept-language": "sv",
          "user-agent": "phone",
        },
      },
    ]);
  });

  it("asks nothing without a session's cookie, and writes nothing but the cookies for an answer not 200", async () => {
    const none = appAnswering(200, {});
    expect(await firstAnswers(none.app, requestWith({ csrfToken: "c" }))).toBeNull();
    expect(none.asked).toEqual([]);
    const cleared = ["accessToken=; Max-Age=0; Path=/"];
    const ended = appAnswering(401, { code: "UNAUTHORIZED" }, cleared);
    expect(await firstAnswers(ended.app, requestWith({ refreshToken: "old" }))).toEqual({
      block: null,
      user: null,
      cookies: cleared,
    });
  });
});
