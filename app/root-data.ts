/**
 * The root loader's data for the layout's components (header, footer), outside root.tsx so the
 * layout and the root module do not import each other (only a type crosses).
 */
import { useRouteLoaderData } from "react-router";
import type { loader } from "./root";

export type RootData = NonNullable<ReturnType<typeof useRootData>>;

/** The root loader's data, or undefined when the root loader itself failed. */
export function useRootData() {
  return useRouteLoaderData<typeof loader>("root") ?? undefined;
}
