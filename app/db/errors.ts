/**
 * PostgreSQL's error codes as the drivers report them (PGlite and node-postgres), possibly
 * wrapped by Drizzle in a `cause`.
 */

/** Unique violation: another row already holds the value. */
export const UNIQUE_VIOLATION = "23505";
/** Deadlock detected: one of two transactions was chosen to fail. */
export const DEADLOCK_DETECTED = "40P01";

/** Whether an error, or one of its causes, carries this SQLSTATE code. */
export function hasSqlState(error: unknown, code: string): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === code) return true;
  }
  return false;
}
