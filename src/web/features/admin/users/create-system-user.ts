import type { TSystemUserItem as SystemUser, TCreateSystemUser } from "../../../../contract/system-users.ts";
import { ApiError, apiFetch } from "../../../lib/api-client.ts";

/** SPEC §5: a create call that answers without a user object is a broken answer, said in Finnish. */
export const INVALID_RESPONSE_MESSAGE = "Palvelin palautti virheellisen vastauksen.";

/**
 * POST /api/system-users. SPEC §8 "System user creation": the server's message when it gave one,
 * else a Finnish fallback naming the status code; a success without `user` is an invalid answer.
 */
export async function createSystemUser(input: TCreateSystemUser): Promise<SystemUser> {
  let body: { user?: SystemUser };
  try {
    body = await apiFetch<{ user?: SystemUser }>("/api/system-users", { method: "POST", body: input });
  } catch (error) {
    if (error instanceof ApiError && error.bodyReadable && error.message) throw error;
    const status = error instanceof ApiError ? error.status : 0;
    throw new Error(`Käyttäjän luominen epäonnistui (virhekoodi ${status}).`);
  }
  if (!body || typeof body !== "object" || !body.user || typeof body.user !== "object") {
    throw new Error(INVALID_RESPONSE_MESSAGE);
  }
  return body.user;
}
