/**
 * One returns policy (docs/decisions/048-discovery-subscriber-prices.md): the `returns` tab of
 * `/pricing-policy` is the text; the FAQ quotes it and checkout's step 3 shows it among the
 * conditions accepted. The three never diverge: they show the same entries, in both languages,
 * before and after staff edit the policy; a save that would drop the tab is refused. Runs on PGlite
 * and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { and, eq, gte, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { addToCart } from "~/cart/cart.server";
import { saveContact, saveDelivery } from "~/checkout/checkout.server";
import { loadPublishedContentPage, restoreContentPage, saveContentPage, seedContentPages } from "~/content/content-pages.server";
import { parseContentPage } from "~/content/page-parser.server";
import { branches, contentPageRevisions, contentPages, productInventories, products, users } from "~/db/schema";
import { loader as checkoutLoader } from "~/routes/checkout";
import { loader as contentLoader } from "~/routes/content-page";
import { ensureGuestId } from "~/session.server";
import type { Locale } from "~/vocabulary";
import { routeArgs } from "../support/loader-context";
import { createTestDatabase, type TestDatabase } from "../support/test-database";
import { insertTestCustomer } from "../support/test-users";

await vi.hoisted(async () => (await import("../support/own-data-dir")).useOwnDataDir("returns-policy"));

const FILES = path.resolve("content", "pages");
const LOCALES: Locale[] = ["fr-CA", "en-US"];

let testDb: TestDatabase;
let db: TestDatabase["db"];
let staff: { id: number; email: string };
let privateImportId: number;
let qcBranchId: number;

beforeAll(async () => {
  testDb = await createTestDatabase({ seed: "demo" });
  db = testDb.db;
  const staffId = await insertTestCustomer(db);
  const [row] = await db.update(users).set({ role: "staff" }).where(eq(users.id, staffId)).returning({ email: users.email });
  staff = { id: staffId, email: row!.email };
  await seedContentPages(db);
  const [channel] = await db
    .select({ id: productInventories.id })
    .from(productInventories)
    .innerJoin(products, eq(products.id, productInventories.productId))
    .where(
      and(
        eq(productInventories.inventoryCode, "IP"),
        eq(productInventories.availabilityStatus, "AVAILABLE"),
        gte(productInventories.quantity, sql`2 * ${products.uvc}`),
      ),
    )
    .limit(1);
  privateImportId = channel!.id;
  const [branch] = await db.select({ id: branches.id }).from(branches).where(eq(branches.province, "QC")).limit(1);
  qcBranchId = branch!.id;
}, 120_000);
afterAll(() => testDb?.close());

/** The returns tab of /pricing-policy as its page shows it: every entry's question and answer. */
async function policyEntries(locale: Locale): Promise<{ titleHtml: string; html: string }[]> {
  const view = await contentLoader(await routeArgs(db, "/pricing-policy?tab=returns", { preferences: { locale } }));
  expect(view.activeTab?.id).toBe("returns");
  return view.activeTab!.entries.map(({ titleHtml, html }) => ({ titleHtml, html }));
}

/** The FAQ's answer about returns, as the FAQ page shows it (the entry quoting the policy). */
async function faqReturnsAnswer(locale: Locale): Promise<string> {
  const view = await contentLoader(await routeArgs(db, "/faq?tab=questions", { preferences: { locale } }));
  const answers = view.activeTab!.entries.filter((entry) => entry.html.includes('href="/pricing-policy?tab=returns"'));
  expect(answers).toHaveLength(1);
  return answers[0]!.html;
}

/** Checkout's step 3 for a new guest with a private-import case, as the page's loader gives it. */
async function checkoutConditions(locale: Locale) {
  const { guestId, setCookie } = await ensureGuestId(new Request("http://shop.test/"));
  const added = await addToCart(db, { guestId }, "QC", locale, { productInventoryId: privateImportId, quantity: 1 });
  if (!added.ok) throw new Error(`addToCart refused: ${added.error}`);
  await saveContact(db, added.cart.id, {
    intent: "contact",
    firstName: "Zoé",
    lastName: "Roy",
    email: "zoe@example.com",
    phone: "514 555 0123",
  });
  expect(await saveDelivery(db, { cartId: added.cart.id, province: "QC", branchId: qcBranchId, boutiqueCode: null })).toBe(true);
  const page = await checkoutLoader(
    await routeArgs(db, "/checkout?step=3", { preferences: { locale }, init: { headers: { Cookie: setCookie.split(";")[0]! } } }),
  );
  expect(page.step).toBe(3);
  return page.returnsPolicy!;
}

/** Fails when the FAQ or checkout shows returns text that is not the policy's, entry by entry. */
async function expectSameEverywhere(locale: Locale) {
  const entries = await policyEntries(locale);
  expect(entries.length).toBeGreaterThan(0);
  const faq = await faqReturnsAnswer(locale);
  for (const entry of entries) {
    expect(faq).toContain(entry.titleHtml);
    expect(faq).toContain(entry.html);
  }
  const conditions = await checkoutConditions(locale);
  expect(conditions.entries).toEqual(entries);
  expect(conditions.path).toBe("/pricing-policy?tab=returns");
  return entries;
}

describe("the one returns policy", () => {
  it("is the same in /pricing-policy, the FAQ and checkout's step 3, in French and in English", async () => {
    for (const locale of LOCALES) await expectSameEverywhere(locale);
    const fr = await policyEntries("fr-CA");
    expect(fr.map((e) => e.titleHtml)).toContain("Puis-je retourner un vin qui ne me plaît pas\u202f?");
  });

  it("changes everywhere at once when staff edit the policy", async () => {
    const [current] = await db
      .select({ sourceFr: contentPageRevisions.sourceFr, sourceEn: contentPageRevisions.sourceEn, revision: contentPages.currentRevision })
      .from(contentPages)
      .innerJoin(
        contentPageRevisions,
        and(eq(contentPageRevisions.slug, contentPages.slug), eq(contentPageRevisions.revision, contentPages.currentRevision)),
      )
      .where(eq(contentPages.slug, "pricing-policy"));
    const sourceFr = current!.sourceFr.replace(
      "Non\u202f: aucun retour n’est accepté pour une question de goût personnel.",
      "Un vin qui ne vous plaît pas s’échange une fois, dans les 30 jours.",
    );
    const sourceEn = current!.sourceEn.replace(
      "No: no return is accepted for a matter of personal taste.",
      "A wine you do not like can be exchanged once, within 30 days.",
    );
    expect(sourceFr).not.toBe(current!.sourceFr);
    expect(sourceEn).not.toBe(current!.sourceEn);
    const outcome = await saveContentPage(db, staff, "pricing-policy", current!.revision, { sourceFr, sourceEn });
    expect(outcome.kind).toBe("saved");

    for (const locale of LOCALES) {
      const entries = await expectSameEverywhere(locale);
      const text = entries.map((e) => e.html).join("");
      expect(text).toContain(locale === "fr-CA" ? "dans les 30 jours" : "within 30 days");
      expect(await faqReturnsAnswer(locale)).not.toContain(locale === "fr-CA" ? "goût personnel" : "personal taste");
    }
  });

  it("refuses a pricing-policy without its returns tab, and a quote of a page that does not exist", async () => {
    const page = await loadPublishedContentPage(db, "pricing-policy", "fr-CA");
    expect(page.tabs.map((t) => t.id)).toContain("returns");
    const [current] = await db.select().from(contentPages).where(eq(contentPages.slug, "pricing-policy"));
    const [revision] = await db
      .select()
      .from(contentPageRevisions)
      .where(and(eq(contentPageRevisions.slug, "pricing-policy"), eq(contentPageRevisions.revision, current!.currentRevision)));
    const withoutTab = (source: string) => source.replace(/\n## [^\n]*\{#returns \.faq\}[\s\S]*$/, "\n");
    const refused = await saveContentPage(db, staff, "pricing-policy", current!.currentRevision, {
      sourceFr: withoutTab(revision!.sourceFr),
      sourceEn: withoutTab(revision!.sourceEn),
    });
    expect(refused).toEqual({
      kind: "invalid",
      errors: { sourceFr: "pageEditing.errors.returnsTab", sourceEn: "pageEditing.errors.returnsTab" },
    });

    // An older revision without the tab (saved before the rule) cannot be restored either.
    await db.insert(contentPageRevisions).values({
      slug: "pricing-policy",
      revision: 9_000,
      sourceFr: withoutTab(revision!.sourceFr),
      sourceEn: withoutTab(revision!.sourceEn),
    });
    expect(await restoreContentPage(db, staff, "pricing-policy", current!.currentRevision, 9_000)).toMatchObject({ kind: "invalid" });
    expect((await db.select().from(contentPages).where(eq(contentPages.slug, "pricing-policy")))[0]!.currentRevision).toBe(
      current!.currentRevision,
    );
    await db
      .delete(contentPageRevisions)
      .where(and(eq(contentPageRevisions.slug, "pricing-policy"), eq(contentPageRevisions.revision, 9_000)));

    const faq = await db.select().from(contentPages).where(eq(contentPages.slug, "faq"));
    const [faqRevision] = await db
      .select()
      .from(contentPageRevisions)
      .where(and(eq(contentPageRevisions.slug, "faq"), eq(contentPageRevisions.revision, faq[0]!.currentRevision)));
    const badQuote = (source: string) => source.replace("{{tab pricing-policy#returns}}", "{{tab politique#returns}}");
    expect(
      await saveContentPage(db, staff, "faq", faq[0]!.currentRevision, {
        sourceFr: badQuote(faqRevision!.sourceFr),
        sourceEn: faqRevision!.sourceEn,
      }),
    ).toEqual({ kind: "invalid", errors: { sourceFr: "pageEditing.errors.quoteTarget" } });
  });

  it("starts that way in a new shop: the FAQ's files quote the policy's tab, which the pricing-policy files have", async () => {
    for (const locale of LOCALES) {
      const faq = parseContentPage(await readFile(path.join(FILES, `faq.${locale}.md`), "utf8"));
      const quotes = faq.tabs.flatMap((tab) => tab.entries.filter((e) => e.quote).map((e) => e.quote));
      expect(quotes).toEqual([{ slug: "pricing-policy", tabId: "returns" }]);
      const policy = parseContentPage(await readFile(path.join(FILES, `pricing-policy.${locale}.md`), "utf8"));
      expect(policy.tabs.find((t) => t.id === "returns")?.entries.length).toBeGreaterThan(0);
    }
  });
});
