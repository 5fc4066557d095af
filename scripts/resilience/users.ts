/**
 * Users at work: `clients` people, each on a connection of their own, each making one call, reading
 * the answer for a while (a think time drawn around `thinkMs`, exponentially, as people's pauses are)
 * and then making the next, round the calls in `requests`, each person starting at another place of the
 * round. Unlike a load generator's fixed rate, the calls arrive as people make them: spread out, not
 * in a burst at the start of every second, and a slow answer delays that person's next call. Latency is
 * measured from the call's start to the answer's last byte.
 */
import http from "node:http";

export type UserRequest = {
  method: string;
  path: string;
  headers: () => Record<string, string>;
  body?: string;
};

export type UsersResult = {
  clients: number;
  seconds: number;
  thinkMs: number;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  statuses: Record<string, number>;
  /** Each call's own p50 and p99 (ms), by its path. */
  byCall: Record<string, { requests: number; p50: number; p99: number }>;
};

/** The value under which `share` of the sorted values fall. */
function percentile(sorted: number[], share: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] as number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function call(
  agent: http.Agent,
  base: URL,
  request: UserRequest,
): Promise<{ status: number | "error"; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method: request.method,
        path: request.path,
        headers: request.headers(),
        timeout: 10_000,
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
      },
    );
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", () => resolve({ status: "error", ms: performance.now() - started }));
    req.end(request.body);
  });
}

export async function usersAtWork(
  baseUrl: string,
  requests: UserRequest[],
  options: { clients: number; seconds: number; thinkMs: number },
): Promise<UsersResult> {
  const base = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.clients });
  const latencies: number[] = [];
  const ofCall = new Map<string, number[]>();
  const statuses: Record<string, number> = {};
  const startedAt = performance.now();
  const endsAt = startedAt + options.seconds * 1000;
  const think = () => -Math.log(1 - Math.random()) * options.thinkMs;
  const person = async (index: number) => {
    // Arrivals spread over the first think time, as people do not all start at once.
    await sleep(Math.random() * Math.min(options.thinkMs, options.seconds * 1000));
    let next = index % requests.length;
    while (performance.now() < endsAt) {
      const request = requests[next] as UserRequest;
      next = (next + 1) % requests.length;
      const answer = await call(agent, base, request);
      latencies.push(answer.ms);
      const own = ofCall.get(request.path) ?? [];
      own.push(answer.ms);
      ofCall.set(request.path, own);
      statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
      await sleep(Math.min(think(), endsAt - performance.now()));
    }
  };
  await Promise.all(Array.from({ length: options.clients }, (_, i) => person(i)));
  agent.destroy();
  const sorted = latencies.sort((a, b) => a - b);
  // Over the time the calls were made in (the last answers may come after its end).
  const seconds = Math.max(options.seconds, (performance.now() - startedAt) / 1000);
  const errors = Object.entries(statuses)
    .filter(([status]) => !/^2\d\d$/.test(status))
    .reduce((sum, [, n]) => sum + n, 0);
  return {
    clients: options.clients,
    seconds: options.seconds,
    thinkMs: options.thinkMs,
    requests: sorted.length,
    rps: Math.round(sorted.length / seconds),
    p50: Math.round(percentile(sorted, 0.5)),
    p99: Math.round(percentile(sorted, 0.99)),
    max: Math.round(sorted.at(-1) ?? 0),
    errors,
    statuses,
    byCall: Object.fromEntries(
      [...ofCall].map(([path, ms]) => {
        const own = ms.sort((a, b) => a - b);
        return [
          path,
          {
            requests: own.length,
            p50: Math.round(percentile(own, 0.5)),
            p99: Math.round(percentile(own, 0.99)),
          },
        ];
      }),
    ),
  };
}
