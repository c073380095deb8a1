/**
 * A failed query's parameters never reach the log (decision 030): a real DrizzleQueryError, from
 * a registration that breaks the unique e-mail, logged the way the server logs errors.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { users } from "~/db/schema";
import { log } from "~/observability/log.server";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await createTestDatabase();
});

afterAll(() => testDb?.close());

afterEach(() => {
  vi.restoreAllMocks();
});

const customer = {
  province: "QC" as const,
  locale: "fr-CA" as const,
  firstName: "Geneviève",
  lastName: "Lachapelle-Ouimet",
  email: "genevieve.lachapelle@exemple.ca",
  passwordHash: "scrypt$16384$8$1$Zm9vYmFyYmF6cXV4$S2V5S2V5S2V5S2V5S2V5S2V5S2V5S2V5",
};

describe("a database error in the log", () => {
  it("says the class, the SQLSTATE and the frames, never the query's values", async () => {
    await testDb.db.insert(users).values(customer);
    const error = await testDb.db
      .insert(users)
      .values(customer)
      .then(
        () => null,
        (thrown: unknown) => thrown,
      );
    // The error itself holds the personal data (else this test could not fail).
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).constructor.name).toBe("DrizzleQueryError");
    expect(String((error as Error).message)).toContain(customer.email);
    expect(String((error as Error).message)).toContain(customer.passwordHash);

    const written: string[] = [];
    vi.spyOn(process.stderr, "write").mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    log.error("request failed", { method: "POST" }, error);
    expect(written).toHaveLength(1);
    const line = JSON.parse(written[0]!) as {
      error: { class: string; message: string; stack: string[]; cause: { code: string; constraint?: string } };
    };
    expect(line.error.class).toBe("DrizzleQueryError");
    expect(line.error.message).toBe("Failed query");
    expect(line.error.cause.code).toBe("23505");
    expect(line.error.stack.length).toBeGreaterThan(0);
    for (const value of [customer.email, customer.passwordHash, customer.firstName, customer.lastName, "Zm9vYmFyYmF6cXV4", "insert into"]) {
      expect(written[0]).not.toContain(value);
    }
  });
});
