/**
 * The shop's log (decision 030): one JSON object per line, on stdout (info) or stderr (warn,
 * error), each with its time, level and, during a request, the request's id — the id the
 * customer sees as "Reference" on an error page and in the `X-Request-Id` header. Nothing personal
 * or secret reaches it: messages and fields are masked (./redact.ts) and errors are summarised by
 * {@link describeError}, which never prints a failed query's text or parameters.
 *
 * {@link routeConsoleToLog} sends `console.*` here too, so what React Router, React, drizzle or
 * any module print goes through the same masking.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { format } from "node:util";
import { redactFields, redactText } from "./redact";

export type LogLevel = "info" | "warn" | "error";

/** What the log knows of the request being served. */
export interface RequestScope {
  /** The request's id (`X-Request-Id`). */
  requestId: string;
}

/** The request each piece of asynchronous work belongs to (set by the HTTP server, server/request-log.ts). */
export const requestScope = new AsyncLocalStorage<RequestScope>();

/** The id of the request being served, or undefined outside a request (start-up, sweeps). */
export function currentRequestId(): string | undefined {
  return requestScope.getStore()?.requestId;
}

/** An error as the log shows it: no query, no parameters, no detail of the database's. */
export interface ErrorSummary {
  /** The error's class, e.g. `DrizzleQueryError`, `DatabaseError`, `TypeError`. */
  class: string;
  /** SQLSTATE (`23505`, `08006`) or Node's code (`ECONNREFUSED`), when the error has one. */
  code?: string;
  /** A message that names no value: a failed query says only that it failed. */
  message: string;
  /** The table and constraint a database error names (schema names, never values). */
  table?: string;
  constraint?: string;
  /** The stack's frames (`at …` lines), without the first line, which repeats the message. */
  stack?: string[];
  /** What caused it (a failed query's database error), summarised the same way. */
  cause?: ErrorSummary;
}

const MAX_FRAMES = 12;
const MAX_MESSAGE = 300;

/**
 * A database error's message may end with the refused value (`invalid input syntax for type
 * integer: "abc"`): that value is dropped.
 */
function safeMessage(error: Error): string {
  // drizzle's DrizzleQueryError: "Failed query: <sql>\nparams: <values>" — neither is logged, even
  // inside another error's message.
  const failedQuery = error.message.indexOf("Failed query:");
  if (error.constructor?.name === "DrizzleQueryError" || failedQuery === 0) return "Failed query";
  const message = failedQuery > 0 ? `${error.message.slice(0, failedQuery)}Failed query` : error.message;
  const firstLine = message.split("\n", 1)[0]!.replace(/: ".*"$/, ': "…"');
  return redactText(firstLine.length > MAX_MESSAGE ? `${firstLine.slice(0, MAX_MESSAGE)}…` : firstLine);
}

/**
 * The log's summary of anything thrown: class, code (SQLSTATE), a message that carries no value,
 * the stack frames, and the cause (3 levels). A drizzle `DrizzleQueryError` is logged as
 * "Failed query" with its cause's SQLSTATE: its message holds the SQL and its parameters (a
 * password hash, a name, an e-mail), which never reach the log.
 */
export function describeError(error: unknown, depth = 0): ErrorSummary {
  if (!(error instanceof Error)) {
    return { class: typeof error, message: redactText(String(error)).slice(0, MAX_MESSAGE) };
  }
  const fields = error as Error & { code?: unknown; table?: unknown; constraint?: unknown };
  const summary: ErrorSummary = { class: error.constructor?.name || error.name, message: safeMessage(error) };
  if (typeof fields.code === "string" || typeof fields.code === "number") summary.code = String(fields.code);
  if (typeof fields.table === "string") summary.table = fields.table;
  if (typeof fields.constraint === "string") summary.constraint = fields.constraint;
  const frames = error.stack
    ?.split("\n")
    .filter((line) => /^\s+at /.test(line))
    .slice(0, MAX_FRAMES)
    .map((line) => line.trim());
  if (frames?.length) summary.stack = frames;
  if (error.cause !== undefined && depth < 3) summary.cause = describeError(error.cause, depth + 1);
  return summary;
}

/**
 * One log line: `{"time","level","requestId"?,"msg",…fields}`. Written synchronously enough for a
 * log (a `write` on the process's stream), never throws.
 */
export function writeLogLine(level: LogLevel, line: Record<string, unknown>): void {
  const text = `${JSON.stringify({ time: new Date().toISOString(), level, ...line })}\n`;
  (level === "info" ? process.stdout : process.stderr).write(text);
}

/**
 * Logs `message` (masked) with `fields` (masked by name and content) and, when given, an error's
 * summary ({@link describeError}); the current request's id is added.
 */
function logAt(level: LogLevel, message: string, fields?: Record<string, unknown>, error?: unknown): void {
  const line: Record<string, unknown> = {};
  const requestId = currentRequestId();
  if (requestId) line.requestId = requestId;
  line.msg = redactText(message);
  if (fields) Object.assign(line, redactFields(fields));
  if (error !== undefined) line.error = describeError(error);
  writeLogLine(level, line);
}

/** The shop's logger: `log.error("payment failed", { orderNumber }, error)`. */
export const log = {
  info: (message: string, fields?: Record<string, unknown>) => logAt("info", message, fields),
  warn: (message: string, fields?: Record<string, unknown>, error?: unknown) => logAt("warn", message, fields, error),
  error: (message: string, fields?: Record<string, unknown>, error?: unknown) => logAt("error", message, fields, error),
};

/**
 * The arguments of a `console.*` call as one log line: the first error becomes `error` (its
 * summary), the rest is formatted like `console` would and masked.
 */
export function consoleLine(args: unknown[]): { message: string; error?: unknown } {
  const errorIndex = args.findIndex((arg) => arg instanceof Error);
  if (errorIndex < 0) return { message: format(...args) };
  const rest = args.filter((_, i) => i !== errorIndex);
  const error = args[errorIndex] as Error;
  return { message: rest.length > 0 ? format(...rest) : error.name, error };
}

let consoleRouted = false;

/**
 * Routes `console.log/info/debug` (info), `console.warn` and `console.error` to the log, as JSON
 * lines with the request's id, masked: what any module or library prints — React Router's own
 * error logging, React's, a driver's — is held to the same rule. Called once by the HTTP server.
 */
export function routeConsoleToLog(): void {
  if (consoleRouted) return;
  consoleRouted = true;
  const route =
    (level: LogLevel) =>
    (...args: unknown[]) => {
      try {
        const { message, error } = consoleLine(args);
        logAt(level, message, undefined, error);
      } catch {
        writeLogLine("error", { msg: "a log line could not be written" });
      }
    };
  console.log = route("info");
  console.info = route("info");
  console.debug = route("info");
  console.warn = route("warn");
  console.error = route("error");
  console.trace = route("error");
}
