/**
 * The whole Drizzle schema, one file per domain area. drizzle-kit reads this file to generate
 * migrations; the app passes it to drizzle() for relational queries.
 */
export {};
