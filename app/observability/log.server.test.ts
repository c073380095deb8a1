import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { describeError, log, requestScope, routeConsoleToLog } from "./log.server";

let written: string[];

beforeEach(() => {
  written = [];
  const capture = (chunk: string | Uint8Array) => {
    written.push(String(chunk));
    return true;
  };
  vi.spyOn(process.stdout, "write").mockImplementation(capture);
  vi.spyOn(process.stderr, "write").mockImplementation(capture);
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** The lines written, parsed (each must be one JSON object on one line). */
function lines(): Record<string, unknown>[] {
  return written.map((chunk) => {
    expect(chunk.endsWith("\n")).toBe(true);
    expect(chunk.slice(0, -1)).not.toContain("\n");
    return JSON.parse(chunk) as Record<string, unknown>;
  });
}

describe("log", () => {
  it("writes one JSON line with time, level, message and masked fields", () => {
    log.info("reset asked by marie@exemple.ca", { orderNumber: "C-1042", email: "marie@exemple.ca" });
    const [line] = lines();
    expect(line).toMatchObject({ level: "info", msg: "reset asked by [email]", orderNumber: "C-1042", email: "[redacted]" });
    expect(new Date(line!.time as string).getTime()).not.toBeNaN();
    expect(written.join("")).not.toContain("marie@");
  });

  it("carries the id of the request being served, across awaits", async () => {
    await requestScope.run({ requestId: "req-123" }, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      log.warn("slow");
    });
    log.warn("outside");
    expect(lines().map((line) => line.requestId)).toEqual(["req-123", undefined]);
  });

  it("summarises an error by class, code, a masked message and its stack frames", () => {
    const error = Object.assign(new Error("connect ECONNREFUSED for client.on@demo.cuvee.test"), { code: "ECONNREFUSED" });
    log.error("request failed", undefined, error);
    const [line] = lines();
    expect(line!.level).toBe("error");
    expect(line!.error).toMatchObject({ class: "Error", code: "ECONNREFUSED", message: "connect ECONNREFUSED for [email]" });
    const stack = (line!.error as { stack: string[] }).stack;
    expect(stack.length).toBeGreaterThan(0);
    expect(stack.every((frame) => frame.startsWith("at "))).toBe(true);
  });
});

describe("describeError", () => {
  it("never repeats a failed query's text or parameters, and keeps its cause's SQLSTATE", () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email_idx"'), {
      code: "23505",
      table: "users",
      constraint: "users_email_idx",
      detail: "Key (email)=(agence@demo.cuvee.test) already exists.",
    });
    const failed = new Error("Failed query: insert into users (email) values ($1)\nparams: agence@demo.cuvee.test,scrypt$1$2$3$abc$def", {
      cause,
    });
    failed.name = "DrizzleQueryError";
    const summary = describeError(failed);
    expect(summary).toMatchObject({ message: "Failed query", cause: { code: "23505", table: "users", constraint: "users_email_idx" } });
    const text = JSON.stringify(summary);
    expect(text).not.toContain("agence@");
    expect(text).not.toContain("scrypt$");
    expect(text).not.toContain("insert into");
  });

  it("drops the value a database quotes at the end of its message", () => {
    expect(describeError(new Error('invalid input syntax for type integer: "Marie Tremblay"')).message).toBe(
      'invalid input syntax for type integer: "…"',
    );
  });

  it("summarises what is thrown without being an Error", () => {
    expect(describeError("token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln")).toEqual({ class: "string", message: "token [token]" });
  });
});

describe("routeConsoleToLog", () => {
  it("turns console lines, errors included, into masked JSON lines", () => {
    const original = {
      log: console.log,
      error: console.error,
      warn: console.warn,
      info: console.info,
      debug: console.debug,
      trace: console.trace,
    };
    try {
      routeConsoleToLog();
      console.log("Demo logins created: %d for %s", 3, "client.qc@demo.cuvee.test");
      const failed = new Error("Failed query: select 1\nparams: client.qc@demo.cuvee.test");
      failed.name = "DrizzleQueryError";
      console.error(failed);
      const [info, error] = lines();
      expect(info).toMatchObject({ level: "info", msg: "Demo logins created: 3 for [email]" });
      expect(error).toMatchObject({ level: "error", msg: "DrizzleQueryError", error: { message: "Failed query" } });
      expect(written.join("")).not.toContain("client.qc@");
    } finally {
      Object.assign(console, original);
    }
  });
});
