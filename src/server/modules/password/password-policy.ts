import { passwordProblems } from "../../../domain/password-rules.ts";
import { weakPassword } from "./errors.ts";

/**
 * The server side of the password rules the web shows while the user types (src/domain/password-rules.ts):
 * 400 WEAK_PASSWORD with one detail per problem, its message the problem's code (tooShort, common...).
 */
export function ensureStrongPassword(password: string, email: string | null, field = "body.password"): void {
  const problems = passwordProblems(password, { email });
  if (problems.length === 0) return;
  throw weakPassword(problems, field);
}
