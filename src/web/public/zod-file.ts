/**
 * What the public pages import to run Zod's file in a task of its own, before the schemas that use it
 * (page-tree.tsx `inParts`). One named binding, not the module: `import("zod")` would keep every export
 * of Zod's namespace, its error messages in some fifty languages among them, in the public build's Zod
 * file, where the schemas' own use keeps only what they call.
 */
export { object } from "zod";
