/**
 * What the HTTP server (server/app.ts) knows of a request and React Router does not: the CSP
 * nonce of the page, the request's id and the client's address (behind `TRUST_PROXY`, the proxy's
 * `X-Forwarded-For`). Loaders, actions and `entry.server` read it from the router context.
 * Without the server (vitest, `react-router dev`) it holds no nonce and an unknown client.
 */
import { createContext } from "react-router";

/** The sources a response allows, instead of its nonce, for its inline scripts and styles. */
export interface InlineHashes {
  /** `'sha256-…'` of each inline script. */
  scriptSrc: string[];
  /** `'sha256-…'` of each inline style. */
  styleSrc: string[];
}

/** What the server knows of the request (named apart from fetch's global `RequestInfo`). */
export interface ServerRequestInfo {
  /** The per-request Content-Security-Policy nonce for inline scripts; absent without the server. */
  nonce: string | undefined;
  /**
   * The request's id (`X-Request-Id`, server/request-log.ts): error pages show it as the
   * reference a customer can quote (decision 030). Absent without the server.
   */
  requestId?: string;
  /** The client's IP address, the key of per-client rate limits. */
  clientAddress: string;
  /**
   * The path the client asked for (`/products.data` for a client navigation's data, which React
   * Router's middleware and loaders see as `/products`). Absent without the server.
   */
  requestedPath?: string;
  /**
   * Allows this response's inline scripts and styles by their hashes (`'sha256-…'`) instead of
   * {@link nonce}: a page from the shared page cache (app/middleware/shared-page-cache.server.ts) was
   * rendered with a nonce every visitor of it can read. Absent without the server.
   */
  allowInlineByHash?: (hashes: InlineHashes) => void;
}

export const requestContext = createContext<ServerRequestInfo>({ nonce: undefined, clientAddress: "unknown" });
