/**
 * Vite configuration of the bench's bare React Router app: the shop's (vite.config.ts) without
 * Tailwind. The server build's entry is the Express server (server.ts), as in the shop. Vite's
 * cache goes to the bench's temp folder (BENCH_BARE_CACHE_DIR).
 */
import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [reactRouter()],
  // The server imports the shop's own guards, which read its locales through `~`.
  resolve: { alias: { "~": fileURLToPath(new URL("../../app", import.meta.url)) } },
  cacheDir: process.env.BENCH_BARE_CACHE_DIR,
  logLevel: "warn",
  build: {
    target: "es2022",
    rollupOptions: isSsrBuild ? { input: fileURLToPath(new URL("./server.ts", import.meta.url)) } : undefined,
  },
  ssr: { target: "node" },
}));
