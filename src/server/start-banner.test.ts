import { describe, expect, it } from "vitest";
import { startBanner } from "./start-banner.ts";

const EMBEDDED = {
  publicUrl: "http://localhost:3000",
  databaseUrl: null,
  pgliteDir: "./data/pglite",
  demoSeed: true,
};

describe("the start banner", () => {
  it("gives the address, the embedded database's folder, the files' place and where the demo logins are", () => {
    const banner = startBanner(EMBEDDED, "the folder ./data/files");
    expect(banner).toContain("Pedaali is running at http://localhost:3000");
    expect(banner).toContain("Database: the embedded database in ./data/pglite");
    expect(banner).toContain("Files:    the folder ./data/files");
    expect(banner).toContain('Demo logins: README.md, "Demo users"');
  });

  it("names a PostgreSQL server by its host and database, never its password", () => {
    const banner = startBanner(
      { ...EMBEDDED, databaseUrl: "postgres://pedaali:s3cret@db.example:5432/pedaali", demoSeed: false },
      "memory",
    );
    expect(banner).toContain("Database: PostgreSQL at db.example:5432/pedaali");
    expect(banner).not.toContain("s3cret");
    expect(banner).toContain("No demo data");
  });
});
