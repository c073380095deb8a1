import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

/**
 * React Router's production build for the browser. Its package exports only its development
 * build (remix-run/react-router#14102): dev warnings and their checks in every visitor's bundle.
 * Only the client build takes the production files; the server keeps the package's one copy
 * that @react-router/express shares with the app (two copies would split its contexts).
 */
const reactRouterProductionDir = fileURLToPath(new URL("../production/", import.meta.resolve("react-router")));
const reactRouterProduction = [
  { find: /^react-router$/, replacement: `${reactRouterProductionDir}index.mjs` },
  { find: /^react-router\/dom$/, replacement: `${reactRouterProductionDir}dom-export.mjs` },
];

export default defineConfig(({ isSsrBuild, command }) => ({
  plugins: [tailwindcss(), reactRouter()],
  resolve: {
    alias: [
      { find: "~", replacement: new URL("./app", import.meta.url).pathname },
      ...(command === "build" && !isSsrBuild ? reactRouterProduction : []),
    ],
  },
  build: {
    target: "es2022",
    rollupOptions: {
      // The server build's entry is the Express server, which imports React Router's build.
      ...(isSsrBuild ? { input: "./server/app.ts" } : {}),
      onwarn(warning, warn) {
        // zod 4 places two explanatory comments where Rollup looks for `@__PURE__` annotations;
        // Rollup drops the comments and the code is unchanged: nothing for us to act on.
        if (warning.code === "INVALID_ANNOTATION" && warning.id?.includes("/node_modules/zod/")) return;
        // Resource routes (PDFs, sitemaps, the webhook, redirects) have no browser code by design,
        // so their client chunk is empty.
        if (warning.code === "EMPTY_BUNDLE") return;
        warn(warning);
      },
    },
  },
  ssr: { target: "node" },
}));
