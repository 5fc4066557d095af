import type { AppContext } from "../../context.ts";
import { createAnswerChallenge } from "./answer-challenge.ts";
import { createCodeStep } from "./code-step.ts";
import { createLoginShared } from "./login-shared.ts";
import { createPasskeyStep } from "./passkey-step.ts";
import { createPasswordStep } from "./password-step.ts";

/**
 * The login flow of docs/product.md "States" and docs/architecture.md: password, then for admins and employer-side users a
 * 6-digit code by SMS bound to the browser by a challenge cookie. Unknown e-mails and wrong passwords
 * answer alike, in the same time; repeated failures per e-mail and per address answer 429, and so do
 * too many wrong codes per account, whose owner is then warned by mail.
 *
 * One file per step: password-step.ts (login), code-step.ts (verify) and passkey-step.ts
 * (verifyPasskey), the last two through answer-challenge.ts; login-shared.ts holds their failure limits
 * and how a login ends in a session.
 */
export function createAuthService(ctx: AppContext) {
  const shared = createLoginShared(ctx);
  const answerChallenge = createAnswerChallenge(ctx, shared);
  const { login } = createPasswordStep(ctx, shared);
  const { verify } = createCodeStep(ctx, answerChallenge);
  const { verifyPasskey } = createPasskeyStep(ctx, answerChallenge);
  return { login, verify, verifyPasskey };
}
