import { describe, expect, it } from "vitest";
import { parseUsersFilter, USER_SEARCH_MAX } from "./users-filter";

describe("parseUsersFilter", () => {
  it("keeps a known role and the trimmed search", () => {
    expect(parseUsersFilter(new URLSearchParams("role=staff&q=%20Tremblay%20"))).toEqual({ role: "staff", search: "Tremblay" });
  });

  it("ignores an unknown role and cuts a long search", () => {
    const filter = parseUsersFilter(new URLSearchParams({ role: "admin", q: "x".repeat(500) }));
    expect(filter.role).toBeNull();
    expect(filter.search).toHaveLength(USER_SEARCH_MAX);
  });
});
