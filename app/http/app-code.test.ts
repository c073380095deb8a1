import { describe, expect, it } from "vitest";
import { appCodeForStatus, errorIdentity } from "./app-code";

describe("appCodeForStatus", () => {
  it.each([
    [400, "BAD_REQUEST"],
    [401, "UNAUTHORIZED"],
    [403, "FORBIDDEN"],
    [404, "NOT_FOUND"],
    [405, "METHOD_NOT_ALLOWED"],
    [409, "CONFLICT"],
    [413, "PAYLOAD_TOO_LARGE"],
    [429, "RATE_LIMITED"],
    [503, "UNAVAILABLE"],
    [500, "INTERNAL"],
  ])("names %i %s", (status, code) => {
    expect(appCodeForStatus(status)).toBe(code);
  });

  it("calls any other client error a bad request, and anything else internal", () => {
    expect(appCodeForStatus(418)).toBe("BAD_REQUEST");
    expect(appCodeForStatus(422)).toBe("BAD_REQUEST");
    expect(appCodeForStatus(502)).toBe("INTERNAL");
    expect(appCodeForStatus(504)).toBe("INTERNAL");
    expect(appCodeForStatus(200)).toBe("INTERNAL");
    expect(appCodeForStatus(Number.NaN)).toBe("INTERNAL");
  });
});

describe("errorIdentity", () => {
  it("makes an exception 500 INTERNAL", () => {
    expect(errorIdentity(null)).toEqual({ status: 500, appCode: "INTERNAL" });
  });

  it("keeps a thrown response's status and takes a known code from its data, never an unknown one", () => {
    expect(errorIdentity({ status: 404, data: null })).toEqual({ status: 404, appCode: "NOT_FOUND" });
    expect(errorIdentity({ status: 400, data: { appCode: "CONFLICT" } })).toEqual({ status: 400, appCode: "CONFLICT" });
    expect(errorIdentity({ status: 403, data: { appCode: "<script>" } })).toEqual({ status: 403, appCode: "FORBIDDEN" });
    expect(errorIdentity({ status: 405, data: "Method Not Allowed" })).toEqual({ status: 405, appCode: "METHOD_NOT_ALLOWED" });
  });
});
