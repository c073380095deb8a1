/**
 * The shared page cache (docs/decisions/026-shared-page-cache.md): the product
 * list and home, as a visitor without a session sees them, rendered once and then served to every
 * visitor who would see the same page — the same address, language, preferences and answered
 * dialogs — until the catalogue changes (any process's change: app/cache.server.ts) or
 * `SHARED_PAGE_SECONDS` pass (60 by default; 0 shares nothing).
 *
 * A visitor with a session (a cart, a login) or a flash message (decision 039) always gets the page rendered for them, and so do
 * responses that set a cookie, are not 200 HTML or ask not to be stored. Anyone may read the nonce
 * of a shared page (ask for it first, then send someone the link), so a shared page's policy allows
 * its inline scripts and styles by their SHA-256 hashes instead (the server rewrites the header,
 * app/http/request-context.ts), and its nonce allows nothing. Each entry keeps its body compressed
 * once per encoding (brotli, gzip), so a hit costs neither rendering nor compression.
 */
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants as zlib, gzip } from "node:zlib";
import Negotiator from "negotiator";
import type { MiddlewareFunction } from "react-router";
import { createDatabaseCache } from "~/cache.server";
import { shopContext } from "~/context";
import { getEnv } from "~/env.server";
import { hasFlashCookie } from "~/http/flash.server";
import { type InlineHashes, requestContext } from "~/http/request-context";
import { scriptsInsertedAfterPaint } from "~/http/scripts-after-paint.server";
import { readSession } from "~/session.server";
import { isCrawler, readVisitorState } from "~/visitor/visitor.server";

/** Most bytes of shared pages kept per process (~270 pages of 120 KB with their compressed forms). */
const MAX_SHARED_BYTES = 32 * 1024 * 1024;
/** The bytes a page holds in memory: its body and its brotli and gzip forms (~0.4× the body together). */
const storedBytes = (page: SharedPage) => Math.ceil(page.body.length * 1.4);
/**
 * Most entries, pages being rendered included (each counts 1 byte until it is done): a bound for
 * the count alone, far above what {@link MAX_SHARED_BYTES} lets stay.
 */
const MAX_SHARED_ENTRIES = 10_000;
/** The documents shared: the product list (any filter, page, sort) and home. */
const SHARED_PATHS = new Set(["/", "/products"]);

type Encoding = "br" | "gzip";
/** The encodings a shared page is kept in, best first (as the `compression` middleware prefers). */
const ENCODINGS: Encoding[] = ["br", "gzip"];
/** Negotiator 0.6.4's `encoding`, which takes a preferred order for ties (its types predate it). */
// eslint-disable-next-line @typescript-eslint/unbound-method -- called with `.call` on a Negotiator
const negotiateEncoding: (this: Negotiator, available: string[], preferred: string[]) => string | undefined = Negotiator.prototype.encoding;

/** Bytes a Response accepts as its body. */
type Bytes = Uint8Array<ArrayBuffer>;
const compressors: Record<Encoding, (body: Bytes) => Promise<Buffer>> = {
  // Compressed once per page and its lifetime: a higher quality than per-response compression.
  br: (body) => promisify(brotliCompress)(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  gzip: (body) => promisify(gzip)(body, { level: 9 }),
};

/** A rendered page (always a 200) as every visitor with the same key gets it. */
interface SharedPage {
  headers: [string, string][];
  body: Bytes;
  /** What the page's policy allows instead of the nonce written in it: its inline scripts' and styles' hashes. */
  inlineHashes: InlineHashes;
  /** When it was rendered, ms since the epoch. */
  renderedAt: number;
  /** The body compressed, made on first request of each encoding. */
  encoded: Map<Encoding, Promise<Bytes>>;
}

let sharedPages: ReturnType<typeof createDatabaseCache<string, SharedPage>> | undefined;

/** Thrown inside the cache's computation when the rendered response may not be shared. */
class NotShareable extends Error {}

/**
 * The root middleware that serves shared pages. It must run inside the shop's middleware (it
 * reads the shop context) and sees only what that middleware adds afterwards (a preference cookie
 * of a `?lng=` link is appended to a fresh copy of the response).
 */
export const sharedPageCache: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const server = context.get(requestContext);
  // The document only: a client navigation's data (`/products.data`) reaches here as `/products`.
  if (request.method !== "GET" || !SHARED_PATHS.has(server.requestedPath ?? "") || !server.allowInlineByHash) return next();
  const seconds = getEnv().sharedPageSeconds;
  if (seconds === 0) return next();
  sharedPages ??= createDatabaseCache<string, SharedPage>({
    ttlMs: seconds * 1000,
    maxEntries: MAX_SHARED_ENTRIES,
    maxBytes: { total: MAX_SHARED_BYTES, of: storedBytes },
  });
  // A flash message (decision 039) is this visitor's own, and its page clears the cookie.
  if (hasFlashCookie(request) || (await readSession(request))) return next();
  const shop = context.get(shopContext);
  const visitor = await readVisitorState(request, shop.preferences.province);
  const key = JSON.stringify([request.url, shop.locale, shop.preferences, visitor.state, isCrawler(request)]);
  let rendering = false;
  let rendered: Response | undefined;
  let page: SharedPage;
  try {
    page = await sharedPages(shop.db, key, async () => {
      rendering = true;
      rendered = await next();
      const shared = await toSharedPage(rendered);
      if (!shared) throw new NotShareable();
      return shared;
    });
  } catch (error) {
    // This request rendered the page: its own response, or its own error.
    if (rendering) {
      if (error instanceof NotShareable && rendered) return rendered;
      throw error;
    }
    // Another request was rendering it and could not share it: render this one too.
    return next();
  }
  // The request that rendered the page keeps its own nonce, which nobody else has seen.
  if (rendering) return sharedResponse(page, { rendered: true });
  server.allowInlineByHash(page.inlineHashes);
  return sharedResponse(page, { acceptEncoding: request.headers.get("Accept-Encoding") ?? "" });
};

/** An inline script or style as a CSP hash source. */
const hashSource = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
/** Inline scripts (no `src`) and styles, with their text; React writes nothing in them that ends them early. */
const INLINE_SCRIPT = /<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g;
const INLINE_STYLE = /<style\b[^>]*>([\s\S]*?)<\/style>/g;

/** The hashes of every inline script and style of `html`, and of the scripts its after-paint loader inserts. */
function inlineHashesOf(html: string): InlineHashes {
  const scripts = [...[...html.matchAll(INLINE_SCRIPT)].map((match) => match[1]!), ...scriptsInsertedAfterPaint(html)];
  const styles = [...html.matchAll(INLINE_STYLE)].map((match) => match[1]!);
  return { scriptSrc: [...new Set(scripts.map(hashSource))], styleSrc: [...new Set(styles.map(hashSource))] };
}

/** The page of `response` to share, or null (not 200 HTML, sets a cookie, `no-store`). */
async function toSharedPage(response: Response): Promise<SharedPage | null> {
  const headers = response.headers;
  if (response.status !== 200 || !response.body) return null;
  if (!headers.get("Content-Type")?.startsWith("text/html")) return null;
  if (headers.has("Set-Cookie") || /no-store/i.test(headers.get("Cache-Control") ?? "")) return null;
  const body = new Uint8Array(await response.arrayBuffer());
  return {
    headers: [...headers.entries()],
    body,
    inlineHashes: inlineHashesOf(new TextDecoder().decode(body)),
    renderedAt: Date.now(),
    encoded: new Map(),
  };
}

/**
 * A response of `page`. To the request that rendered it: as rendered, compressed by the HTTP stack.
 * To the others: with its `Age`, in brotli, else gzip, when their `Accept-Encoding` accepts it
 * (the HTTP stack's compression leaves an encoded body as it is), else as it is.
 */
async function sharedResponse(page: SharedPage, to: { rendered: true } | { acceptEncoding: string }): Promise<Response> {
  const headers = new Headers(page.headers);
  let body = page.body;
  if ("acceptEncoding" in to) {
    const acceptEncoding = to.acceptEncoding;
    headers.set("Age", String(Math.floor((Date.now() - page.renderedAt) / 1000)));
    // The client's preference (q) first, then brotli before gzip, as the `compression` middleware chooses.
    const best = negotiateEncoding.call(
      new Negotiator({ headers: { "accept-encoding": acceptEncoding } }),
      [...ENCODINGS, "identity"],
      ENCODINGS,
    );
    const encoding = ENCODINGS.find((e) => e === best);
    if (encoding) {
      let compressed = page.encoded.get(encoding);
      if (!compressed) {
        // Copied once into bytes of their own (zlib's Buffers may share a pooled memory).
        compressed = compressors[encoding](page.body).then((buffer) => new Uint8Array(buffer));
        page.encoded.set(encoding, compressed);
        compressed.catch(() => page.encoded.delete(encoding));
      }
      body = await compressed;
      headers.set("Content-Encoding", encoding);
    }
    headers.append("Vary", "Accept-Encoding");
  }
  headers.set("Content-Length", String(body.length));
  return new Response(body, { status: 200, headers });
}
