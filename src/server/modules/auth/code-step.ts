import type { TVerifyRequest } from "../../../contract/auth.ts";
import { readSecondFactorAnswer } from "../../../domain/authenticator.ts";
import type { AppContext } from "../../context.ts";
import type { twoFactorChallenges } from "../../db/schema/index.ts";
import type { Tx } from "../../db/transaction.ts";
import type { AnswerChallenge } from "./answer-challenge.ts";
import { acceptsAnswer } from "./authenticator.ts";
import type { RequestInfo } from "./login-shared.ts";
import { equalHashes, hashCode } from "./tokens.ts";

export function createCodeStep(ctx: AppContext, answerChallenge: AnswerChallenge) {
  /**
   * Whether the answer is right for the challenge: the code sent by SMS, or for an authenticator
   * challenge a code of the app or a recovery code (which acceptsAnswer then uses up).
   */
  async function isRightAnswer(
    tx: Tx,
    challenge: typeof twoFactorChallenges.$inferSelect,
    typed: string,
  ): Promise<boolean> {
    const answer = readSecondFactorAnswer(typed);
    if (answer === null) return false;
    if (challenge.method === "AUTHENTICATOR") {
      return acceptsAnswer(tx, ctx.config, challenge.userId, answer, new Date());
    }
    return (
      answer.kind === "code" &&
      challenge.codeHash !== null &&
      equalHashes(challenge.codeHash, hashCode(ctx.config.jwtSecret, challenge.id, answer.code))
    );
  }

  return {
    /** The login's second step answered with a code: sent by SMS, the app's, or a recovery code. */
    verify(input: TVerifyRequest, challengeToken: string | undefined, info: RequestInfo) {
      return answerChallenge(input.email, challengeToken, info, async (tx, challenge) => {
        if (!(await isRightAnswer(tx, challenge, input.code))) return "wrong";
        const recovery =
          challenge.method === "AUTHENTICATOR" && readSecondFactorAnswer(input.code)?.kind === "recovery";
        return recovery ? "recovery" : "right";
      });
    },
  };
}
