/**
 * The shop's origin as the customer sees it, behind a TLS proxy (decision 030). With
 * `TRUST_PROXY`, Express believes the trusted proxy's `X-Forwarded-Proto` and `X-Forwarded-Host`
 * (`req.protocol`, `req.host`); without it, neither. Our cross-site guard (server/guards.ts) reads
 * `req.protocol` and `req.host`, but React Router's own check of an action's `Origin` compares it
 * with the request URL that @react-router/express builds, which takes its port from the `Host`
 * header when `X-Forwarded-Host` has none: `Host: upstream:3000` +
 * `X-Forwarded-Host: shop.example` became `https://shop.example:3000`, and every form POST was
 * refused. This middleware makes the request say one origin to both: `Host` becomes the host
 * Express resolved, and `X-Forwarded-Host` (now said by `Host`) is removed.
 *
 * A host or protocol no URL can hold (a forged header) is answered 400 here, in one log line,
 * instead of a 500 when React Router builds the request.
 */
import type { NextFunction, Request, Response } from "express";
import { refuse } from "./guards";

/** A DNS name or IPv4 address, or a bracketed IPv6 address, with an optional port. */
const VALID_HOST = /^(?:[A-Za-z0-9_.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

/**
 * Whether a URL can be built on `host`, as React Router will: the pattern above lets through
 * names the URL parser refuses (`999.999.999.999`, `a.0x`, a port over 65535).
 */
function isUrlHost(host: string): boolean {
  if (!VALID_HOST.test(host)) return false;
  try {
    new URL(`http://${host}/`);
    return true;
  } catch {
    return false;
  }
}

/** Express middleware: one origin for our guard and React Router, or a 400 for a malformed one. */
export function useForwardedOrigin(req: Request, res: Response, next: NextFunction): void {
  const forwardedProto = req.headers["x-forwarded-proto"];
  if (forwardedProto !== undefined) {
    // Only a trusted proxy's value counts (req.protocol); anything but http(s) is dropped.
    const first = String(forwardedProto).split(",", 1)[0]!.trim().toLowerCase();
    if (first !== "http" && first !== "https") delete req.headers["x-forwarded-proto"];
  }
  const host = req.host;
  if (host === undefined) {
    // A trusted proxy's `X-Forwarded-Host` that names no host (`, `): malformed.
    if (req.headers["x-forwarded-host"] !== undefined) return refuse(res, 400, "malformed Host", "badRequest");
    // HTTP/1.0 without Host (some health checkers): `localhost`, which React Router would
    // otherwise fail to build a URL without.
    req.headers.host = "localhost";
    return next();
  }
  if (!isUrlHost(host)) return refuse(res, 400, "malformed Host", "badRequest");
  req.headers.host = host;
  delete req.headers["x-forwarded-host"];
  next();
}
