import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

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

// Not in the package's exports map, so named by its path.
const REACT_ROUTER_PRODUCTION = "./node_modules/react-router/dist/production/index.mjs";

// The web app: sources in src/web, built into dist/web and served by the Fastify app.
export default defineConfig(({ command }) => ({
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
  publicDir: "public",
  plugins: [react(), preloadBrandFont(/^assets\/inter-latin-wght-normal-[\w-]+\.woff2$/)],
  build: {
    outDir: "../../dist/web",
    emptyOutDir: true,
    sourcemap: true,
    // dist/web/.vite/manifest.json: which chunks each page loads, for the budget check after the build
    // (scripts/check-bundle-budget.ts).
    manifest: true,
    chunkSizeWarningLimit: 600,
  },
  server: {
    port: 5173,
    proxy: { "/api": { target: "http://localhost:3000", changeOrigin: false } },
  },
}));
