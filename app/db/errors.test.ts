import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable, outageSummary } from "./errors";

function withCause(message: string, cause: unknown): Error {
  return Object.assign(new Error(message), { cause });
}

describe("isDatabaseUnavailable", () => {
  it.each([
    ["refused", Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" })],
    ["terminated by the administrator", Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" })],
    [
      "a lost connection, wrapped by Drizzle",
      withCause("Failed query: select 1\nparams: a@b.c", new Error("Connection terminated unexpectedly")),
    ],
    ["the pool's timeout", new Error("timeout exceeded when trying to connect")],
    [
      "a database closed to connections",
      Object.assign(new Error('database "x" is not currently accepting connections'), { code: "55000" }),
    ],
    ["too many connections", Object.assign(new Error("sorry, too many clients already"), { code: "53300" })],
    ["every address refused", new AggregateError([Object.assign(new Error("refused"), { code: "ECONNREFUSED" })])],
  ])("is true for %s", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ["a unique violation", Object.assign(new Error("duplicate key"), { code: "23505" })],
    ["a syntax error, wrapped", withCause("Failed query: selec", Object.assign(new Error("syntax error"), { code: "42601" }))],
    ["a plain error", new Error("boom")],
    ["nothing", undefined],
  ])("is false for %s", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe("outageSummary", () => {
  it("says the innermost code and message, never the query or its parameters", () => {
    const error = withCause(
      "Failed query: insert into users values ($1)\nparams: someone@example.com",
      Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:1"), { code: "ECONNREFUSED" }),
    );
    expect(outageSummary(error)).toBe("ECONNREFUSED connect ECONNREFUSED 127.0.0.1:1");
    expect(outageSummary(error)).not.toContain("example.com");
  });
});
