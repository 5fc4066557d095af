import type { TVerifyPasskeyRequest } from "../../../contract/auth.ts";
import type { AppContext } from "../../context.ts";
import type { AnswerChallenge } from "./answer-challenge.ts";
import type { RequestInfo } from "./login-shared.ts";
import { acceptsPasskey } from "./passkeys.ts";

export function createPasskeyStep(ctx: AppContext, answerChallenge: AnswerChallenge) {
  return {
    /** The login's second step answered with one of the user's passkeys, where the challenge offered one. */
    verifyPasskey(input: TVerifyPasskeyRequest, challengeToken: string | undefined, info: RequestInfo) {
      return answerChallenge(input.email, challengeToken, info, async (tx, challenge) => {
        if (challenge.passkeyChallenge === null) return "wrong";
        const accepted = await acceptsPasskey(
          tx,
          ctx.config.publicUrl,
          challenge.userId,
          challenge.passkeyChallenge,
          input.response,
          new Date(),
        );
        return accepted ? "right" : "wrong";
      });
    },
  };
}
