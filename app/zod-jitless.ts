/**
 * zod without compiled parsers (Lighthouse best practices CSP). zod 4
 * probes `new Function("")` when it builds its first object schema, to compile fast parsers; the
 * shop's Content-Security-Policy forbids eval, so Chrome records the probe as a CSP issue on every
 * page. Imported first by app/root.tsx and app/entry.client.tsx: shared by two entries, the bundler
 * gives it a chunk of its own that the root route loads before the modules that build schemas.
 * Server and browser alike parse without compiling (fast enough for forms).
 */
import { z } from "zod";

z.config({ jitless: true });
