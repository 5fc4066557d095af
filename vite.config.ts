import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The web app: sources in src/web, built into dist/web and served by the Fastify app.
export default defineConfig({
  root: "src/web",
  publicDir: "public",
  plugins: [react()],
  build: {
    outDir: "../../dist/web",
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 600,
  },
  server: {
    port: 5173,
    proxy: { "/api": { target: "http://localhost:3000", changeOrigin: false } },
  },
});
