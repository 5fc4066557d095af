import { createHash } from "node:crypto";
import { relative } from "node:path";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig, mergeConfig, type Plugin, type UserConfig } from "vite";

/**
 * Preloads the brand font (the woff2 that global.css's @font-face names) from the built index.html,
 * so the browser fetches it with the CSS instead of after it: the home page paints in Inter sooner.
 * It links the hashed file of the build; a build without that file fails, so the preload cannot rot.
 */
function preloadBrandFont(pattern: RegExp): Plugin {
  let base = "/";
  return {
    name: "pedaali:preload-brand-font",
    apply: "build",
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: "post",
      handler(_html, { bundle }) {
        const font = Object.values(bundle ?? {}).find((file) => pattern.test(file.fileName));
        if (!font) throw new Error(`preload-brand-font: no built file matches ${pattern}`);
        return [
          {
            tag: "link",
            attrs: {
              rel: "preload",
              href: base + font.fileName,
              as: "font",
              type: "font/woff2",
              crossorigin: "",
            },
            injectTo: "head",
          },
        ];
      },
    },
  };
}

/**
 * A built CSS module's class names: "_" and six letters or digits, the same in the browser build and
 * the prerender build (both hash the module's path from the project and the class's name). Vite's own
 * names spell out the file and the class ("_heroInner_ygda8_11"), and each name is written in the CSS
 * and again in the JavaScript that uses it: the home page's JavaScript alone names 79. A repeated name would
 * let two modules' rules meet, so the build stops on one.
 */
function shortClassNames(): (local: string, file: string) => string {
  const project = fileURLToPath(new URL(".", import.meta.url));
  const owners = new Map<string, string>();
  return (local, file) => {
    const owner = `${relative(project, file.replace(/\?.*$/, ""))}:${local}`;
    const digest = BigInt(`0x${createHash("sha256").update(owner).digest("hex").slice(0, 15)}`);
    const name = `_${digest.toString(36).slice(0, 6)}`;
    const known = owners.get(name);
    if (known !== undefined && known !== owner)
      throw new Error(`CSS class ${name} names both ${known} and ${owner}`);
    owners.set(name, owner);
    return name;
  };
}

// Not in the package's exports map, so named by its path.
const REACT_ROUTER_PRODUCTION = "./node_modules/react-router/dist/production/index.mjs";

/**
 * The public entry's build and the prerender's (ADR 023): the components of the public pages import
 * `react-router`, `react-i18next`, `@tanstack/react-query` and the app's i18n module, and get instead the
 * small stand-ins of src/web/public, which do what a prerendered page needs of them (plain links, its
 * embedded texts, one fetch) and nothing else. An export a stand-in lacks fails the build. Mantine's
 * `useId` keeps React's id (public/mantine-use-id.ts says why).
 */
function publicEntryModules(): Plugin {
  const web = fileURLToPath(new URL("src/web/", import.meta.url));
  const standIns: Record<string, string> = {
    "react-router": `${web}public/react-router.tsx`,
    "react-i18next": `${web}public/react-i18next.ts`,
    "@tanstack/react-query": `${web}public/react-query.ts`,
  };
  // The web config's alias has already turned `react-router` into its production build's path.
  standIns[fileURLToPath(new URL(REACT_ROUTER_PRODUCTION, import.meta.url))] =
    `${web}public/react-router.tsx`;
  // The app's own modules, by their file: its texts' loader, and the lazy pages' chunk, which the
  // header reaches only for a logged-in user.
  const appModules: Record<string, string> = {
    [`${web}i18n/i18n.ts`]: `${web}public/i18n.ts`,
    [`${web}app/lazy-pages.ts`]: `${web}public/lazy-pages.ts`,
  };
  return {
    name: "pedaali:public-entry-modules",
    enforce: "pre",
    async resolveId(source, importer, options) {
      const standIn = standIns[source];
      if (standIn) return standIn;
      // Mantine's hooks, for every component of theirs that names a field or a popover.
      if (source === "./use-id/use-id.mjs" && importer?.includes("/@mantine/hooks/"))
        return `${web}public/mantine-use-id.ts`;
      if (!/\/(i18n|lazy-pages)\.ts$/.test(source) || !importer) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return (resolved && appModules[resolved.id]) ?? null;
    },
  };
}

/**
 * `vite build --mode public`: the public entry (src/web/public-main.tsx), built into dist/web beside the
 * app with a manifest of its own, which the prerender and the bundle budget read.
 */
function publicBuild(mode: string): UserConfig {
  if (mode !== "public") return {};
  return {
    publicDir: false,
    plugins: [publicEntryModules()],
    build: {
      emptyOutDir: false,
      copyPublicDir: false,
      manifest: ".vite/public-manifest.json",
      rollupOptions: {
        input: fileURLToPath(new URL("src/web/public-main.tsx", import.meta.url)),
        // React DOM and Zod in files of their own, so a page can run their code in a task of its own
        // before the code that uses them (scripts/prerender.mjs pageScript, public/page-tree.tsx).
        output: {
          codeSplitting: {
            groups: [
              { name: "react-dom", test: /node_modules[\\/]react-dom[\\/]/ },
              { name: "zod", test: /node_modules[\\/]zod[\\/]/ },
            ],
          },
        },
      },
    },
  };
}

/**
 * `vite build --ssr entry-server.tsx`: the renderer of the prerendered public pages (ADR 010), a Node
 * bundle in dist/ssr that scripts/prerender.mjs runs once after the web build; never served.
 */
function prerenderBuild(isSsrBuild: boolean | undefined): UserConfig {
  if (!isSsrBuild) return {};
  return {
    publicDir: false,
    plugins: [publicEntryModules()],
    build: {
      outDir: "../../dist/ssr",
      emptyOutDir: true,
      copyPublicDir: false,
      sourcemap: false,
      target: "node20",
      rollupOptions: { output: { format: "esm", entryFileNames: "[name].js" } },
    },
  };
}

// The web app: sources in src/web, built into dist/web and served by the Fastify app.
const webConfig = ({ command }: { command: string }): UserConfig => ({
  root: "src/web",
  resolve: {
    // react-router 7's package exports only its development build (warnings, dev checks); a build uses
    // the production one it ships beside it: about 600 bytes less gzipped JS on the home page.
    alias:
      command === "build"
        ? [
            {
              find: /^react-router$/,
              replacement: fileURLToPath(new URL(REACT_ROUTER_PRODUCTION, import.meta.url)),
            },
          ]
        : [],
  },
  // Files served as they are (the favicon). Not src/web/public, which holds the public entry's sources
  // (ADR 023): as Vite's public folder they were copied into dist/web and served as files.
  publicDir: "static",
  css: command === "build" ? { modules: { generateScopedName: shortClassNames() } } : {},
  plugins: [react(), preloadBrandFont(/^assets\/inter-latin-wght-normal-[\w-]+\.woff2$/)],
  build: {
    outDir: "../../dist/web",
    emptyOutDir: true,
    // Written without the comment that points browsers at them: scripts/prerender.mjs moves the maps out
    // of dist/web, so they are kept for reading production stack traces but never served.
    sourcemap: "hidden",
    // dist/web/.vite/manifest.json: which chunks each page loads, for the budget check after the build
    // (scripts/check-bundle-budget.ts).
    manifest: true,
    // Each chunk's size is held by the bundle budget on what a phone downloads (gzipped,
    // scripts/bundle-budget.ts CHUNK_BUDGET); Vite's warning on the raw size would repeat it at every build.
    chunkSizeWarningLimit: 1_000,
    // A lazy chunk's imports are not preloaded: Vite's loader appended a link for each of them in one
    // task (17 for the employer's first page), and each link started its download from a phone's main
    // thread, about 10 ms each at a phone's speed. The browser asks for a chunk's imports itself as the
    // chunk arrives, in a task of its own, at a fraction of that. The CSS a chunk needs is still linked.
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === "html" ? deps : []) },
  },
  server: {
    port: 5173,
    proxy: { "/api": { target: "http://localhost:3000", changeOrigin: false } },
  },
});

export default defineConfig((env) =>
  mergeConfig(mergeConfig(webConfig(env), prerenderBuild(env.isSsrBuild)), publicBuild(env.mode)),
);
