/**
 * What the HTTP server (server/app.ts) knows of a request and React Router does not: the CSP
 * nonce of the page and the client's address (behind `TRUST_PROXY`, the proxy's
 * `X-Forwarded-For`). Loaders, actions and `entry.server` read it from the router context.
 * Without the server (vitest, `react-router dev`) it holds no nonce and an unknown client.
 */
import { createContext } from "react-router";

/** What the server knows of the request (named apart from fetch's global `RequestInfo`). */
export interface ServerRequestInfo {
  /** The per-request Content-Security-Policy nonce for inline scripts; absent without the server. */
  nonce: string | undefined;
  /** The client's IP address, the key of per-client rate limits. */
  clientAddress: string;
}

export const requestContext = createContext<ServerRequestInfo>({ nonce: undefined, clientAddress: "unknown" });
