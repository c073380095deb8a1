/**
 * The response headers of every answer, through helmet: a Content-Security-Policy
 * whose only inline scripts and styles are those carrying this request's nonce, no framing by anyone, no
 * MIME sniffing, a referrer that stops at our origin for other sites, HSTS in production, and a
 * Permissions-Policy (helmet has none) that lets only our own pages ask for the location (the
 * province notice will) and nobody for the camera, microphone or payment handlers.
 */
import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import helmet from "helmet";
import type { InlineHashes } from "~/http/request-context";

export const PERMISSIONS_POLICY = "geolocation=(self), camera=(), microphone=(), payment=(), usb=(), browsing-topics=()";

/** HSTS: a year, subdomains included; only sent in production (served over HTTPS). */
const HSTS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** A fresh nonce for this response, kept in `res.locals.cspNonce` for the renderer. */
export function createNonce(_req: Request, res: Response, next: NextFunction): void {
  res.locals.cspNonce = randomBytes(16).toString("base64");
  next();
}

/**
 * Rewrites the policy helmet wrote so that `script-src` and `style-src` allow these hashes
 * instead of the response's nonce, which no longer allows anything: for a shared page
 * (decision 026), rendered once with a nonce that every visitor of it can read.
 */
export function allowInlineByHash(res: Response, hashes: InlineHashes): void {
  const policy = res.getHeader("Content-Security-Policy");
  const nonce = res.locals.cspNonce as string | undefined;
  if (typeof policy !== "string" || !nonce) return;
  const rewritten = policy.split(";").map((directive) => {
    const name = directive.trim().split(/\s+/, 1)[0];
    const sources = name === "script-src" ? hashes.scriptSrc : name === "style-src" ? hashes.styleSrc : null;
    return sources ? directive.replace(` 'nonce-${nonce}'`, sources.map((source) => ` ${source}`).join("")) : directive;
  });
  res.setHeader("Content-Security-Policy", rewritten.join(";"));
  res.locals.cspNonce = undefined;
}

function nonceSource(_req: IncomingMessage, res: ServerResponse): string {
  return `'nonce-${(res as Response).locals.cspNonce}'`;
}

/**
 * The header middleware.
 * @param options.production adds `Strict-Transport-Security`
 */
export function securityHeaders(options: { production: boolean }): RequestHandler[] {
  return [
    createNonce,
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", nonceSource],
          scriptSrcAttr: ["'none'"],
          // The stylesheet is inline in every page, with the nonce (decision 023).
          styleSrc: ["'self'", nonceSource],
          imgSrc: ["'self'", "data:"],
          fontSrc: ["'self'"],
          connectSrc: ["'self'"],
          // Placing an order redirects to Stripe's hosted payment page; browsers check form-action on that redirect.
          formAction: ["'self'", "https://checkout.stripe.com"],
          frameAncestors: ["'none'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
        },
      },
      // X-Frame-Options for browsers that predate frame-ancestors.
      frameguard: { action: "deny" },
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      strictTransportSecurity: options.production ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true } : false,
    }) as RequestHandler,
    (_req, res, next) => {
      res.set("Permissions-Policy", PERMISSIONS_POLICY);
      next();
    },
  ];
}
