import { defineConfig } from "vite";

// The production server: one bundle with node_modules left external (Node 20 cannot run .ts itself).
export default defineConfig({
  publicDir: false,
  build: {
    ssr: true,
    outDir: "dist/server",
    emptyOutDir: true,
    copyPublicDir: false,
    target: "node20",
    sourcemap: true,
    rollupOptions: {
      input: { main: "src/server/main.ts" },
      output: { format: "esm", entryFileNames: "[name].js" },
    },
  },
});
