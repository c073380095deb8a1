/**
 * PostgreSQL's error codes as the drivers report them (PGlite and node-postgres), possibly
 * wrapped by Drizzle in a `cause`.
 */

/** Unique violation: another row already holds the value. */
export const UNIQUE_VIOLATION = "23505";
/** Deadlock detected: one of two transactions was chosen to fail. */
export const DEADLOCK_DETECTED = "40P01";

/** An error, then its cause, its cause's cause… (at most 10: a cycle ends there). */
function* causeChain(error: unknown): Generator<{ code?: unknown; message?: unknown; errors?: unknown }> {
  for (let e: unknown = error, depth = 0; e && depth < 10; e = (e as { cause?: unknown }).cause, depth++) {
    yield e;
  }
}

/** Whether an error, or one of its causes, carries this SQLSTATE code. */
export function hasSqlState(error: unknown, code: string): boolean {
  for (const e of causeChain(error)) if (e.code === code) return true;
  return false;
}

/**
 * Node's socket errors of a database that cannot be reached (refused, reset, timed out, unknown
 * or unreachable host).
 */
const UNREACHABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
]);
/**
 * PostgreSQL's SQLSTATEs of a server that is not serving: class 08 (connection exception), the
 * server shutting down or starting (57P01–57P03), too many connections (53300).
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300)$/;
/**
 * node-postgres's own messages, which carry no code: a connection lost mid-query, the pool's
 * connection timeout, a client used after its connection failed.
 */
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection closed)|is not currently accepting connections/;

/**
 * Whether an error, or one of its causes, says the database cannot be reached or is not serving
 * (refused or lost connections, the pool's connection timeout, a server shutting down, a database
 * not accepting connections): a passing outage the shop answers with a 503 and `Retry-After`,
 * not a fault of the request or of the code (docs/decisions/029-no-client-caused-5xx-and-database-outages.md).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const { code, message, errors } of causeChain(error)) {
    if (typeof code === "string" && (UNREACHABLE_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true;
    if (typeof message === "string" && UNAVAILABLE_MESSAGE.test(message)) return true;
    // An AggregateError (a host with several addresses, each refused).
    if (Array.isArray(errors) && errors.some(isDatabaseUnavailable)) return true;
  }
  return false;
}

/**
 * What an error says about the database's outage, for a log line: the innermost cause's code and
 * message only — never the failed query nor its parameters, which Drizzle puts in its own message.
 */
export function outageSummary(error: unknown): string {
  const { code, message } = [...causeChain(error)].at(-1) ?? {};
  return [typeof code === "string" ? code : null, typeof message === "string" ? message.split("\n")[0] : null].filter(Boolean).join(" ");
}
