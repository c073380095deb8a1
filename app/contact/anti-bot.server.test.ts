/**
 * The contact form's time token and honeypot: a token is good from 3 s to 2 hours
 * after rendering, and only as signed.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { checkFormToken, honeypotFilled, issueFormToken, MAX_TOKEN_AGE_MS, MIN_FILL_MS } from "./anti-bot.server";

const t0 = Date.UTC(2026, 10, 23, 12);

beforeAll(() => {
  process.env.SESSION_SECRET ??= "a-test-secret-of-enough-length";
});

describe("form time token", () => {
  it("refuses a fresh token as too fast, until 3 s have passed", () => {
    const token = issueFormToken(t0);
    expect(checkFormToken(token, t0)).toBe("tooFast");
    expect(checkFormToken(token, t0 + 2_999)).toBe("tooFast");
    expect(checkFormToken(token, t0 + MIN_FILL_MS)).toBe("ok");
    expect(checkFormToken(token, t0 + 3_100)).toBe("ok");
  });

  it("accepts a token up to 2 hours old, then refuses it as expired", () => {
    const token = issueFormToken(t0);
    expect(checkFormToken(token, t0 + MAX_TOKEN_AGE_MS)).toBe("ok");
    expect(checkFormToken(token, t0 + MAX_TOKEN_AGE_MS + 1)).toBe("expired");
  });

  it("refuses a token from the future (a clock moved back) as too fast", () => {
    expect(checkFormToken(issueFormToken(t0 + 60_000), t0)).toBe("tooFast");
  });

  it("refuses a tampered time, a tampered signature, and anything malformed", () => {
    const token = issueFormToken(t0);
    const [time, signature] = token.split(".") as [string, string];
    // Claiming an earlier rendering to pass the 3 s check breaks the signature.
    expect(checkFormToken(`${Number(time) - 10_000}.${signature}`, t0)).toBe("invalid");
    const flipped = signature.slice(0, -2) + (signature.at(-2) === "A" ? "B" : "A") + signature.at(-1);
    expect(checkFormToken(`${time}.${flipped}`, t0 + 5_000)).toBe("invalid");
    for (const bad of [undefined, null, "", "abc", `${time}.`, `${time}.${signature}x`, `${time}`, "x".repeat(500)]) {
      expect(checkFormToken(bad, t0 + 5_000)).toBe("invalid");
    }
    expect(checkFormToken(token, t0 + 5_000)).toBe("ok");
  });
});

describe("honeypot", () => {
  const form = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) data.set(name, value);
    return data;
  };

  it("is empty for a person and filled for a robot", () => {
    expect(honeypotFilled(form({}))).toBe(false);
    expect(honeypotFilled(form({ website: "" }))).toBe(false);
    expect(honeypotFilled(form({ website: "  " }))).toBe(false);
    expect(honeypotFilled(form({ website: "http://spam.example" }))).toBe(true);
  });
});
