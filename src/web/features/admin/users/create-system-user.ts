import {
  type TSystemUserItem as SystemUser,
  systemUsersApi,
  type TCreateSystemUser,
} from "../../../../contract/system-users.ts";
import { ApiError } from "../../../lib/api-client.ts";
import { callEndpoint } from "../../../lib/endpoint-client.ts";

/** docs/product.md "Field rules": a create call that answers without a user object is a broken answer, said in Finnish. */
export const INVALID_RESPONSE_MESSAGE = "Palvelin palautti virheellisen vastauksen.";

/**
 * POST /api/system-users. docs/product.md "Errors" "System user creation": the server's message when it gave one,
 * else a Finnish fallback naming the status code; a success that is not the contract's `{ user }` is
 * an invalid answer.
 */
export async function createSystemUser(input: TCreateSystemUser): Promise<SystemUser> {
  let answer: { user?: SystemUser } | undefined;
  try {
    answer = await callEndpoint(systemUsersApi.create, { body: input });
  } catch (error) {
    if (!(error instanceof ApiError)) throw new Error(INVALID_RESPONSE_MESSAGE);
    if (error.bodyReadable && error.message) throw error;
    throw new Error(`Käyttäjän luominen epäonnistui (virhekoodi ${error.status}).`);
  }
  // An empty success body is not checked by the schema: it has no user either.
  if (!answer?.user) throw new Error(INVALID_RESPONSE_MESSAGE);
  return answer.user;
}
