import { index, type RouteConfig } from "@react-router/dev/routes";

/** One page. */
export default [index("routes/home.tsx")] satisfies RouteConfig;
