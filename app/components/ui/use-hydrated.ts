/**
 * Whether the page has hydrated: false on the server and during hydration (so the first client
 * render matches the server's HTML), true from the next render on. Parts that need JavaScript (a
 * fetcher's mode, a button that only scripts can serve, a field hidden by a script) show once true.
 */
import { useEffect, useState } from "react";

export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
