import { describeRequest, type FuzzRequest } from "./request.ts";

/** Keeps at most this many failing requests in full; the rest are only counted, so 100,000 runs fit in memory. */
const KEPT_FINDINGS = 15;

/** What a fuzz run saw: statuses, which operations answered 2xx, and the answers that broke a rule. */
export class Tally {
  sent = 0;
  private readonly statuses = new Map<number, number>();
  private readonly succeeded = new Set<string>();
  private readonly groups = new Map<string, number>();
  private readonly kept: string[] = [];
  private failures = 0;

  record(request: FuzzRequest, status: number, problems: string[], body: string): void {
    const index = this.sent++;
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
    if (status >= 200 && status < 300) this.succeeded.add(request.operation);
    if (problems.length === 0) return;
    this.failures += 1;
    for (const problem of problems) {
      const key = `${request.operation} [${request.mutation}] ${problem.slice(0, 160)}`;
      this.groups.set(key, (this.groups.get(key) ?? 0) + 1);
    }
    if (this.kept.length < KEPT_FINDINGS) {
      const answer = body.length > 500 ? `${body.slice(0, 500)}…` : body;
      this.kept.push(
        `#${index} → ${status}: ${problems.join("; ")}\n${describeRequest(request)}\n  answer: ${answer}`,
      );
    }
  }

  get failed(): number {
    return this.failures;
  }

  count(status: number): number {
    return this.statuses.get(status) ?? 0;
  }

  histogram(): string {
    return [...this.statuses.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status}×${count}`)
      .join(" ");
  }

  /** Operations no request got a 2xx from: the fuzz only knocked at their door. */
  neverSucceeded(operations: string[]): string[] {
    return operations.filter((key) => !this.succeeded.has(key));
  }

  /** The failures grouped by operation, mutation and problem, then the first ones in full. */
  report(replay: string): string {
    return [
      `${this.failures} of ${this.sent} fuzzed answers broke a rule. Replay: ${replay}`,
      ...[...this.groups.entries()].sort(([, a], [, b]) => b - a).map(([key, count]) => `  ${count}× ${key}`),
      "First failing requests:",
      ...this.kept,
    ].join("\n");
  }
}
