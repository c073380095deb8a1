/**
 * What the HTTP server refuses before React Router reads a byte of the body:
 * methods the shop does not serve, writes from other sites, and bodies over their limit. Each
 * refusal is a short plain-text answer, in French then English (the visitor's language is in a
 * signed cookie this early layer does not open), and one log line (the `refusal` of
 * `res.locals`, printed by the request log), never a stack trace.
 */
import type { NextFunction, Request, Response } from "express";
import onHeaders from "on-headers";
import { resources } from "~/i18n/i18n";
import { FORM_OVERHEAD_BYTES, MAX_IMAGE_UPLOAD_BYTES, MAX_PHOTO_ZIP_BYTES } from "~/images/image-limits";

type Refusal = keyof (typeof resources)["fr-CA"]["common"]["refused"];

/** The refusal's text in both languages, from locales/. */
function refusalText(key: Refusal): string {
  return `${resources["fr-CA"].common.refused[key]}\n${resources["en-US"].common.refused[key]}\n`;
}

/** The methods the shop answers; anything else (PUT, DELETE, OPTIONS, TRACE…) is a 405. */
export const ALLOWED_METHODS = ["GET", "HEAD", "POST"] as const;

/** The default limit of a request body: a form of the shop is a few kilobytes at most. */
export const FORM_BODY_LIMIT_BYTES = 64 * 1024;

/**
 * Larger limits for the paths that need one, by exact path (e.g. the payment provider's webhook
 * with its raw body, in the checkout issue). Every other path gets {@link FORM_BODY_LIMIT_BYTES}.
 */
export const BODY_LIMITS_BY_PATH: Readonly<Record<string, number>> = {
  // Stripe's events carry a whole Checkout Session: allow them more than a form.
  "/webhooks/stripe": 512 * 1024,
  // The staff's catalogue import: a CSV of up to 30 MB, checked again by the page
  // (which says so in words), plus the multipart envelope; `.data` is the same POST with JavaScript.
  "/agence/import": 32 * 1024 * 1024,
  "/agence/import.data": 32 * 1024 * 1024,
};

/**
 * Larger limits for families of paths, tried in order after {@link BODY_LIMITS_BY_PATH}. Each
 * pattern also takes the path's `.data` form (the same POST sent by JavaScript) and a trailing
 * slash, and ignores case, as React Router's matching does (decision 035).
 */
export const BODY_LIMITS_BY_PATTERN: ReadonlyArray<{ pattern: RegExp; limit: number }> = [
  // A product's or producer's staff page: one photo (checked again by the page) and the edit form.
  { pattern: /^\/agence\/(?:produits|producteurs)\/[^/]+(?:\.data|\/)?$/i, limit: MAX_IMAGE_UPLOAD_BYTES + FORM_OVERHEAD_BYTES },
  // The bulk photo upload: one ZIP (checked again by the page) and the multipart envelope.
  { pattern: /^\/agence\/photos(?:\.data|\/)?$/i, limit: MAX_PHOTO_ZIP_BYTES + FORM_OVERHEAD_BYTES },
  // An article's editor: two Markdown bodies of up to 50,000 characters each, URL-encoded, or its
  // cover photo (checked again by the page) in a multipart envelope (decision 045).
  { pattern: /^\/agence\/articles\/[^/]+(?:\.data|\/)?$/i, limit: MAX_IMAGE_UPLOAD_BYTES + FORM_OVERHEAD_BYTES },
  // A help page's editor: two Markdown texts of up to 100,000 characters each, URL-encoded, where
  // an accented letter takes 6 bytes (decision 046).
  { pattern: /^\/agence\/pages\/[^/]+(?:\.data|\/)?$/i, limit: 2 * 1024 * 1024 },
];

/** The body limit of a request path, in bytes: its exact path's, else its pattern's, else a form's. */
export function bodyLimitOf(path: string): number {
  const exact = BODY_LIMITS_BY_PATH[path];
  if (exact !== undefined) return exact;
  return BODY_LIMITS_BY_PATTERN.find(({ pattern }) => pattern.test(path))?.limit ?? FORM_BODY_LIMIT_BYTES;
}

/**
 * Answers a refusal and records why, for the request's log line. A refused request's body is
 * never read: the connection closes after the answer instead of draining it.
 */
export function refuse(res: Response, status: number, reason: string, message: Refusal): void {
  res.locals.refusal = reason;
  const req = res.req;
  if (req.get("content-length") !== undefined || req.get("transfer-encoding") !== undefined) res.set("Connection", "close");
  res.status(status).type("text/plain; charset=utf-8").send(refusalText(message));
}

/** 405 with `Allow` for every method but GET, HEAD and POST. */
export function allowOnlyShopMethods(req: Request, res: Response, next: NextFunction): void {
  if ((ALLOWED_METHODS as readonly string[]).includes(req.method)) return next();
  res.set("Allow", ALLOWED_METHODS.join(", "));
  refuse(res, 405, `method ${req.method}`, "method");
}

/**
 * A 405 from React Router (a POST to a page or resource without an action) says what the path
 * does accept: `Allow: GET, HEAD`.
 */
export function announceAllowedMethods(_req: Request, res: Response, next: NextFunction): void {
  onHeaders(res, () => {
    if (res.statusCode === 405 && !res.hasHeader("Allow")) res.setHeader("Allow", "GET, HEAD");
  });
  next();
}

/**
 * Why a write is cross-site, or null when it comes from the shop's own pages.
 *
 * A browser sends `Sec-Fetch-Site` and `Origin` with every form POST and fetch. The write is
 * accepted when `Sec-Fetch-Site` (if sent) is `same-origin` or `none` (typed or bookmarked by the
 * user) and `Origin` (if sent) is exactly the shop's origin. `same-site` is refused too: a sibling
 * subdomain is another application. A request with neither header does not come from a browser
 * page (curl, a server), so it cannot carry a visitor's cookies against their will.
 * @param headers the request's `sec-fetch-site` and `origin` header values
 * @param ownOrigin the shop's origin as this request reached it, e.g. `https://cuvee.example`
 */
export function crossSiteWriteReason(
  headers: { secFetchSite: string | undefined; origin: string | undefined },
  ownOrigin: string,
): string | null {
  const site = headers.secFetchSite?.toLowerCase();
  if (site !== undefined && site !== "same-origin" && site !== "none") return `Sec-Fetch-Site ${site}`;
  if (headers.origin !== undefined && headers.origin !== ownOrigin) return `Origin ${headers.origin.slice(0, 100)}`;
  return null;
}

/**
 * 403 for a write (any method but GET and HEAD) from another site, on page routes and resource
 * routes alike. The shop's origin is the request's protocol and host, which honour
 * `X-Forwarded-Proto` and `X-Forwarded-Host` only from a proxy trusted by `TRUST_PROXY`.
 */
export function refuseCrossSiteWrites(req: Request, res: Response, next: NextFunction): void {
  if (req.method === "GET" || req.method === "HEAD") return next();
  const reason = crossSiteWriteReason(
    { secFetchSite: req.get("sec-fetch-site"), origin: req.get("origin") },
    `${req.protocol}://${req.host}`,
  );
  if (reason === null) return next();
  refuse(res, 403, `cross-site write (${reason})`, "crossSite");
}

/**
 * 413 for a body over its path's limit, decided on `Content-Length` before any of it is read;
 * 411 for a body sent without a length (chunked), which could not be bounded before reading.
 * Browsers always send the length of a form or a fetch body.
 */
export function limitBodySize(req: Request, res: Response, next: NextFunction): void {
  if (req.method === "GET" || req.method === "HEAD") return next();
  const limit = bodyLimitOf(req.path);
  const declared = req.get("content-length");
  if (declared === undefined) {
    if (req.get("transfer-encoding") === undefined) return next(); // no body at all
    return refuse(res, 411, "body without Content-Length", "lengthRequired");
  }
  if (Number(declared) > limit) {
    return refuse(res, 413, `body of ${declared} bytes over ${limit}`, "tooLarge");
  }
  next();
}
