import { createServer } from "node:net";

export type ReservedPort = {
  port: number;
  /** Lets the port go: call it just before the server that needs the port listens on it. */
  release: () => Promise<void>;
};

/**
 * A port the system picked and that this process holds until `release`, for a server that must know
 * its own address before it can be built (an app whose PUBLIC_URL an identity provider redirects
 * to). Held while the rest is set up, the port cannot go to another test run meanwhile; the moment
 * between release and listen is the only one in which it could.
 */
export async function reservePort(): Promise<ReservedPort> {
  const holder = createServer();
  await new Promise<void>((resolve, reject) => {
    holder.once("error", reject);
    holder.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = holder.address() as { port: number };
  return {
    port,
    release: () => new Promise<void>((resolve) => holder.close(() => resolve())),
  };
}
