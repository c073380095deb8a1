import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  future: {
    v8_middleware: true,
    // Not adopted yet, each said so here rather than warned at every build. Each changes what the
    // shop relies on and wants its own change with the whole suite: the chunks the first-load
    // budget counts (v8_splitRouteModules), the build of the Express entry (v8_viteEnvironmentApi),
    // the request the loaders see and the `.data` URLs the province gate and the guards read
    // (v8_passThroughRequests, v8_trailingSlashAwareDataRequests).
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;
