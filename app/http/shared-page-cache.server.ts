/**
 * The shared page cache (issue 11 goal 2; docs/decisions/026-shared-page-cache.md): the product
 * list and home, as a visitor without a session sees them, rendered once and then served to every
 * visitor who would see the same page — the same address, language, preferences and answered
 * dialogs — until the catalogue changes (any process's change: app/cache.server.ts) or
 * `SHARED_PAGE_SECONDS` pass (60 by default; 0 shares nothing).
 *
 * A visitor with a session (a cart, a login) always gets the page rendered for them, and so do
 * responses that set a cookie, are not 200 HTML or ask not to be stored. A shared page keeps the CSP
 * nonce it was rendered with (the server adopts it, app/http/request-context.ts): the nonce guards
 * a response whose every byte was written before anyone saw it, and a shared page is that response,
 * byte for byte. Each entry keeps its body compressed once per encoding (brotli, gzip), so a hit
 * costs neither rendering nor compression.
 */
import { promisify } from "node:util";
import { brotliCompress, constants as zlib, gzip } from "node:zlib";
import Negotiator from "negotiator";
import type { MiddlewareFunction } from "react-router";
import { createDatabaseCache } from "~/cache.server";
import { shopContext } from "~/context";
import { getEnv } from "~/env.server";
import { readSession } from "~/session.server";
import { isCrawler, readVisitorState } from "~/visitor/visitor.server";
import { requestContext } from "./request-context";

/** Most pages kept (each ~120 KB and its two compressed forms, ~40 KB). */
const MAX_SHARED_PAGES = 300;
/** The documents shared: the product list (any filter, page, sort) and home. */
const SHARED_PATHS = new Set(["/", "/products"]);

type Encoding = "br" | "gzip";
/** The encodings a shared page is kept in, best first (as the `compression` middleware prefers). */
const ENCODINGS: Encoding[] = ["br", "gzip"];
/** Bytes a Response accepts as its body. */
type Bytes = Uint8Array<ArrayBuffer>;
const compressors: Record<Encoding, (body: Bytes) => Promise<Buffer>> = {
  // Compressed once per page and its lifetime: a higher quality than per-response compression.
  br: (body) => promisify(brotliCompress)(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  gzip: (body) => promisify(gzip)(body, { level: 9 }),
};

/** A rendered page as every visitor with the same key gets it. */
interface SharedPage {
  status: number;
  headers: [string, string][];
  body: Bytes;
  /** The CSP nonce written in the body. */
  nonce: string;
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
  if (request.method !== "GET" || !SHARED_PATHS.has(server.requestedPath ?? "") || !server.nonce || !server.adoptNonce) return next();
  const seconds = getEnv().sharedPageSeconds;
  if (seconds === 0) return next();
  sharedPages ??= createDatabaseCache<string, SharedPage>({ ttlMs: seconds * 1000, maxEntries: MAX_SHARED_PAGES });
  if (await readSession(request)) return next();
  const shop = context.get(shopContext);
  const visitor = await readVisitorState(request, shop.preferences.province);
  const key = JSON.stringify([request.url, shop.locale, shop.preferences, visitor.state, isCrawler(request)]);
  const renderedNonce = server.nonce;
  let rendering = false;
  let rendered: Response | undefined;
  let page: SharedPage;
  try {
    page = await sharedPages(shop.db, key, async () => {
      rendering = true;
      rendered = await next();
      const shared = await toSharedPage(rendered, renderedNonce);
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
  if (page.nonce !== server.nonce) server.adoptNonce(page.nonce);
  return rendering ? sharedResponse(page, { rendered: true }) : sharedResponse(page, { acceptEncoding: request.headers.get("Accept-Encoding") ?? "" });
};

/** The page of `response` to share, or null (not 200 HTML, sets a cookie, `no-store`). */
async function toSharedPage(response: Response, nonce: string): Promise<SharedPage | null> {
  const headers = response.headers;
  if (response.status !== 200 || !response.body) return null;
  if (!headers.get("Content-Type")?.startsWith("text/html")) return null;
  if (headers.has("Set-Cookie") || /no-store/i.test(headers.get("Cache-Control") ?? "")) return null;
  return {
    status: response.status,
    headers: [...headers.entries()],
    body: new Uint8Array(await response.arrayBuffer()),
    nonce,
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
    const accepted = new Negotiator({ headers: { "accept-encoding": acceptEncoding } }).encodings([...ENCODINGS, "identity"]);
    const encoding = ENCODINGS.find((e) => accepted.includes(e));
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
  return new Response(body, { status: page.status, headers });
}
