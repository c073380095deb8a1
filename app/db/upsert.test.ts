import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { productInventories } from "./schema";
import { excludedValues } from "./upsert";

describe("excludedValues", () => {
  it("names each column by its SQL name in the proposed row", () => {
    const set = excludedValues(productInventories, ["priceCents", "quantity"]);
    const dialect = new PgDialect();
    expect(Object.keys(set)).toEqual(["priceCents", "quantity"]);
    expect(dialect.sqlToQuery(set.priceCents).sql).toBe('excluded."price_cents"');
    expect(dialect.sqlToQuery(set.quantity).sql).toBe('excluded."quantity"');
  });
});
