/**
 * A user row for tests that need a customer (carts and orders point at `users`).
 */
import type { Database } from "~/db/client.server";
import { users } from "~/db/schema";

let created = 0;

/** Inserts a Quebec customer with a unique e-mail and an unusable password hash; returns its id. */
export async function insertTestCustomer(db: Database): Promise<number> {
  created += 1;
  const [row] = await db
    .insert(users)
    .values({
      province: "QC",
      locale: "fr-CA",
      firstName: "Test",
      lastName: `Client ${created}`,
      email: `test-${created}-${crypto.randomUUID()}@example.com`,
      passwordHash: "none",
    })
    .returning({ id: users.id });
  return row!.id;
}
