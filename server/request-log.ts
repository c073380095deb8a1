/**
 * The request log and the request id (decision 030). Every request gets an id — the proxy's
 * `X-Request-Id` when a trusted proxy (`TRUST_PROXY`) sends a safe short token, else a fresh
 * UUID — answered in the `X-Request-Id` header of every response, held in `res.locals.requestId`
 * for React Router's context (app/http/request-context.ts), and carried by every line logged
 * while the request is served (app/observability/log.server.ts `requestScope`). When the response
 * is finished (or the client went away), one JSON line: time, level, request id, method, path
 * (query reduced to its parameters' names: server/log-format.ts), status, duration in ms, and
 * the reason of a refusal (server/guards.ts). No body, no header, no cookie is logged.
 */
import { randomUUID } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { requestScope, writeLogLine } from "~/observability/log.server";
import { redactText } from "~/observability/redact";
import { loggedUrl } from "./log-format";

/** A request id we accept from a proxy: 1 to 64 letters, digits, `.`, `_`, `-`. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * The request's id: a trusted proxy's safe `X-Request-Id` (so the proxy's log and ours share it),
 * else a new UUID. A client reaching us directly cannot choose its id.
 */
export function requestIdOf(req: Request): string {
  const incoming = req.get("x-request-id");
  if (incoming !== undefined && SAFE_REQUEST_ID.test(incoming)) {
    const trust = req.app.get("trust proxy fn") as ((address: string | undefined, hop: number) => boolean) | undefined;
    if (trust?.(req.socket.remoteAddress, 0)) return incoming;
  }
  return randomUUID();
}

/** Express middleware: the request id, its scope, and the request's one log line. */
export function requestLog(req: Request, res: Response, next: NextFunction): void {
  const started = performance.now();
  const requestId = requestIdOf(req);
  res.locals.requestId = requestId;
  res.setHeader("X-Request-Id", requestId);
  let logged = false;
  const logOnce = () => {
    if (logged) return;
    logged = true;
    const status = res.statusCode;
    const refusal = res.locals.refusal as string | undefined;
    const { path, query } = loggedUrl(req.originalUrl ?? req.url);
    const line: Record<string, unknown> = { requestId, msg: "request", method: req.method, path };
    if (query) line.query = query;
    line.status = status;
    line.ms = Math.round((performance.now() - started) * 10) / 10;
    if (refusal) line.refused = redactText(refusal);
    if (!res.writableFinished) line.aborted = true;
    writeLogLine(status >= 500 ? "error" : refusal ? "warn" : "info", line);
  };
  res.once("finish", logOnce);
  res.once("close", logOnce);
  requestScope.run({ requestId }, next);
}
