/**
 * The staff's editing of products and producers (docs/decisions/037-staff-catalogue-editing.md),
 * through the pages' loaders and actions as a browser without JavaScript posts them: the lists'
 * search (accents ignored) and paging; a saved edit (303) with its audit row; a refused form (400,
 * values kept, nothing written); two edits of the same version at once (one saved, one 409 with
 * the current values, nothing lost); a photo change making an open text form stale; photos added,
 * moved, made main and removed (the image deleted once nothing shows it); a refused upload (400
 * with its message, nothing stored); the producer's website checked; the caches emptied at once.
 * Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { and, count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { auditTrail } from "~/agency/audit.server";
import { parseProviderFilters } from "~/catalogue/provider-filters";
import { listProviders } from "~/catalogue/providers.server";
import { getReferenceData } from "~/catalogue/reference.server";
import { MAX_IMAGE_UPLOAD_MEGABYTES } from "~/catalogue-editing/editing-forms";
import type { ConflictView } from "~/catalogue-editing/ui/edit-fields";
import { images, productImages, products, providerImages, providers } from "~/db/schema";
import { MAX_IMAGE_UPLOAD_BYTES } from "~/images/image-limits";
import { action as providerAction, loader as providerLoader } from "~/routes/agence.producteur";
import { loader as providersLoader } from "~/routes/agence.producteurs";
import { action as productAction, loader as productLoader } from "~/routes/agence.produit";
import { loader as productsLoader } from "~/routes/agence.produits";
import { DEMO_ACCOUNTS, seedDemoAccounts } from "~/users/demo-accounts.server";
import { startUserSession, verifyCredentials } from "~/users/users.server";
import { BASE_URL, routeArgs, thrownResponse } from "../support/loader-context";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

await vi.hoisted(async () => (await import("../support/own-data-dir")).useOwnDataDir("catalogue-editing"));

let testDb: TestDatabase;
let db: TestDatabase["db"];
let cookie: string;
let staffEmail: string;

beforeAll(async () => {
  testDb = await createTestDatabase({ seed: "demo" });
  db = testDb.db;
  await seedDemoAccounts(db, "development");
  const agency = DEMO_ACCOUNTS.find((a) => a.email.startsWith("agence")) ?? DEMO_ACCOUNTS[2]!;
  const user = await verifyCredentials(db, agency.email, agency.password);
  if (user?.role !== "staff") throw new Error("the demo staff login is not staff");
  staffEmail = user.email;
  cookie = (await startUserSession(db, new Request(`${BASE_URL}/`), user.id)).split(";")[0]!;
}, 120_000);
afterAll(async () => {
  await testDb?.close();
});

/** A page's loader or action as staff calls it. */
async function get<T>(loader: (args: never) => Promise<T>, path: string, params: Record<string, string> = {}): Promise<T> {
  return loader(await routeArgs(db, path, { params, init: { headers: { Cookie: cookie } } }));
}

/** An action's answer: a redirect's status and Location, or the data's status and body. */
async function post(
  action: (args: never) => Promise<unknown>,
  path: string,
  params: Record<string, string>,
  fields: Record<string, string | File>,
): Promise<{ status: number; location: string | null; body: ActionBody }> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  const args = await routeArgs(db, path, { params, init: { method: "POST", body, headers: { Cookie: cookie } } });
  try {
    const answer = (await action(args)) as { type?: string; init?: { status?: number }; data?: unknown };
    if (answer?.type === "DataWithResponseInit")
      return { status: answer.init?.status ?? 200, location: null, body: answer.data as ActionBody };
    return { status: 200, location: null, body: answer as ActionBody };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("Location"), body: null };
    const data = thrown as { type?: string; init?: { status?: number } };
    if (data?.type === "DataWithResponseInit") return { status: data.init?.status ?? 200, location: null, body: null };
    throw thrown;
  }
}

/** What an action answers with a 400 or a 409 (null after a redirect). */
type ActionBody = {
  form: string;
  result: { error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> | null };
  conflict?: ConflictView;
} | null;

/** A small real image, a distinct one per colour. */
async function png(color: string): Promise<File> {
  const bytes = await sharp({ create: { width: 40, height: 30, channels: 3, background: color } })
    .png()
    .toBuffer();
  return new File([new Uint8Array(bytes)], "photo.png", { type: "image/png" });
}

/** A demo product (the first by id) and the text fields its form posts. */
async function aProduct(offset = 0) {
  const [row] = await db.select().from(products).orderBy(products.id).limit(1).offset(offset);
  if (!row) throw new Error("no demo product");
  return row;
}

async function productForm(row: typeof products.$inferSelect, changes: Record<string, string>): Promise<Record<string, string>> {
  const text = (value: string | number | null) => (value === null ? "" : String(value));
  const page = await get(productLoader, `/agence/produits/${row.puid}`, { puid: row.puid });
  return {
    intent: "save",
    version: String(row.version),
    nameFr: row.nameFr,
    nameEn: row.nameEn,
    descriptionFr: row.descriptionFr,
    descriptionEn: row.descriptionEn,
    tastingNotesFr: row.tastingNotesFr,
    tastingNotesEn: row.tastingNotesEn,
    foodPairingsFr: row.foodPairingsFr,
    foodPairingsEn: row.foodPairingsEn,
    alcoholPercent: text(row.alcoholPercent),
    residualSugarGramsPerLitre: text(row.residualSugarGramsPerLitre),
    appellation: text(row.appellation),
    designation: text(row.designation),
    servingTemperatureMinC: text(row.servingTemperatureMinC),
    servingTemperatureMaxC: text(row.servingTemperatureMaxC),
    ageingPotentialYears: text(row.ageingPotentialYears),
    saqCode: text(row.saqCode),
    lcboCode: text(row.lcboCode),
    grapes: page.product.values.grapes ?? "",
    ...changes,
  };
}

describe("the lists", () => {
  it("search products by name with accents ignored, or by code, and page them", async () => {
    const withAccent = (await db.select({ puid: products.puid, nameFr: products.nameFr }).from(products)).find((p) =>
      /[éèêôàç]/.test(p.nameFr),
    );
    expect(withAccent, "the demo catalogue has an accented product name").toBeDefined();
    const word = withAccent!.nameFr.split(/\s+/).find((w) => /[éèêôàç]/.test(w))!;
    const folded = word
      .normalize("NFD")
      .replace(/\p{Diacritic}/gu, "")
      .toUpperCase();
    const found = await get(productsLoader, `/agence/produits?q=${encodeURIComponent(folded)}`);
    expect(found.rows.map((r) => r.puid)).toContain(withAccent!.puid);

    const byCode = await get(productsLoader, `/agence/produits?q=${encodeURIComponent(withAccent!.puid.toLowerCase())}`);
    expect(byCode.rows.map((r) => r.puid)).toContain(withAccent!.puid);

    const first = await get(productsLoader, "/agence/produits");
    expect(first.pagination.total).toBeGreaterThan(first.rows.length);
    const second = await get(productsLoader, "/agence/produits?page=2");
    expect(second.rows[0]!.puid).not.toBe(first.rows[0]!.puid);
    // A page beyond the last goes to the last, keeping the search.
    const beyond = await thrownResponse(() => get(productsLoader, "/agence/produits?q=a&page=9999"));
    expect(beyond.status).toBe(302);
    expect(beyond.location).toMatch(/^\/agence\/produits\?q=a&page=\d+$/);
    expect((await get(productsLoader, "/agence/produits?q=zzzqqq-nothing")).rows).toEqual([]);
  });

  it("search producers by name with accents ignored", async () => {
    const all = await db.select({ slug: providers.slug, name: providers.name }).from(providers);
    const target = all.find((p) => /[éèêôàç]/.test(p.name)) ?? all[0]!;
    const folded = target.name.normalize("NFD").replace(/\p{Diacritic}/gu, "");
    const found = await get(providersLoader, `/agence/producteurs?q=${encodeURIComponent(folded)}`);
    expect(found.rows.map((r) => r.slug)).toContain(target.slug);
  });

  it("answer 404 for a product or producer that does not exist", async () => {
    expect((await thrownResponse(() => get(productLoader, "/agence/produits/NOPE", { puid: "NOPE" }))).status).toBe(404);
    expect((await thrownResponse(() => get(providerLoader, "/agence/producteurs/nope", { slug: "nope" }))).status).toBe(404);
  });
});

describe("a product's edit", () => {
  it("saves the texts and facts (303), raises the version and records before and after", async () => {
    const row = await aProduct(0);
    const path = `/agence/produits/${row.puid}`;
    const answer = await post(
      productAction,
      path,
      { puid: row.puid },
      await productForm(row, {
        nameFr: `${row.nameFr} (nouvelle étiquette)`,
        alcoholPercent: "13,5",
        residualSugarGramsPerLitre: "2.4",
        appellation: "Barolo",
        servingTemperatureMinC: "16",
        servingTemperatureMaxC: "18",
        ageingPotentialYears: "12",
        saqCode: "12345678",
      }),
    );
    expect(answer).toMatchObject({ status: 303, location: `/agence/produits/${encodeURIComponent(row.puid)}?done=saved` });
    const [saved] = await db.select().from(products).where(eq(products.id, row.id));
    expect(saved).toMatchObject({
      nameFr: `${row.nameFr} (nouvelle étiquette)`,
      alcoholPercent: 13.5,
      residualSugarGramsPerLitre: 2.4,
      appellation: "Barolo",
      servingTemperatureMinC: 16,
      servingTemperatureMaxC: 18,
      ageingPotentialYears: 12,
      saqCode: "12345678",
      lcboCode: null,
      version: row.version + 1,
    });
    const [audit] = await auditTrail(db, "product", row.id);
    expect(audit).toMatchObject({
      action: "product.edited",
      actorEmail: staffEmail,
      before: { nameFr: row.nameFr, alcoholPercent: row.alcoholPercent, version: row.version },
      after: { nameFr: `${row.nameFr} (nouvelle étiquette)`, alcoholPercent: 13.5, version: row.version + 1 },
    });
    // Unchanged fields are not in the audit row.
    expect(audit!.after).not.toHaveProperty("nameEn");

    const page = await get(productLoader, path, { puid: row.puid });
    expect(page.product.values.alcoholPercent).toBe("13,5");
    expect(page.product.values.residualSugarGramsPerLitre).toBe("2,4");
    expect(page.product.values.servingTemperatureMinC).toBe("16");
    expect(page.product.lastChange?.actorEmail).toBe(staffEmail);
  });

  it("refuses a bad form with 400, its errors and the values kept, and writes nothing", async () => {
    const row = await aProduct(1);
    const answer = await post(
      productAction,
      `/agence/produits/${row.puid}`,
      { puid: row.puid },
      await productForm(row, {
        nameFr: "",
        alcoholPercent: "douze",
        servingTemperatureMinC: "18",
        servingTemperatureMaxC: "8",
        lcboCode: "LC-12",
        descriptionEn: "Kept as typed",
      }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body!.result.error).toMatchObject({
      nameFr: ["catalogueEditing.errors.required"],
      alcoholPercent: ["catalogueEditing.errors.alcoholPercent"],
      lcboCode: ["catalogueEditing.errors.boardCode"],
    });
    expect(answer.body!.result.initialValue).toMatchObject({ descriptionEn: "Kept as typed", alcoholPercent: "douze" });
    const [after] = await db.select().from(products).where(eq(products.id, row.id));
    expect(after).toEqual(row);
  });

  it("saves the grape varieties typed by name or code (accents ignored) as codes, and refuses an unknown one with 400", async () => {
    const row = await aProduct(6);
    const path = `/agence/produits/${row.puid}`;
    const refused = await post(
      productAction,
      path,
      { puid: row.puid },
      await productForm(row, { grapes: "Pinot noir:85|Cépage inventé:15" }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body!.result.error).toMatchObject({ grapes: ["wineFacts.errors.grapeUnknown"] });
    const badShare = await post(productAction, path, { puid: row.puid }, await productForm(row, { grapes: "pinot-noir:150" }));
    expect(badShare.body!.result.error).toMatchObject({ grapes: ["wineFacts.errors.grapeShare"] });
    const saved = await post(productAction, path, { puid: row.puid }, await productForm(row, { grapes: "PINOT NOIR:85|gamay:15" }));
    expect(saved.status).toBe(303);
    const page = await get(productLoader, path, { puid: row.puid });
    expect(page.product.values.grapes).toBe("pinot-noir:85|gamay:15");
    const [audit] = await auditTrail(db, "product", row.id);
    expect(audit!.after).toMatchObject({ grapes: "pinot-noir:85|gamay:15" });
  });

  it("refuses a serving temperature range upside down", async () => {
    const row = await aProduct(1);
    const answer = await post(
      productAction,
      `/agence/produits/${row.puid}`,
      { puid: row.puid },
      await productForm(row, {
        servingTemperatureMinC: "18",
        servingTemperatureMaxC: "8",
      }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body!.result.error).toMatchObject({ servingTemperatureMaxC: ["catalogueEditing.errors.temperatureOrder"] });
  });

  it("of two edits of the same version at once, saves one and answers the other 409 with the current values; nothing is lost", async () => {
    const row = await aProduct(2);
    const path = `/agence/produits/${row.puid}`;
    const [a, b] = await Promise.all([
      post(productAction, path, { puid: row.puid }, await productForm(row, { nameFr: "Version d’Alice", appellation: "Chablis" })),
      post(productAction, path, { puid: row.puid }, await productForm(row, { nameFr: "Version de Bob", designation: "AOC" })),
    ]);
    const answers = [a, b].sort((x, y) => x.status - y.status);
    expect(answers.map((x) => x.status)).toEqual([303, 409]);
    const [saved] = await db.select().from(products).where(eq(products.id, row.id));
    expect(saved!.version).toBe(row.version + 1);
    const winner = saved!.nameFr;
    expect(["Version d’Alice", "Version de Bob"]).toContain(winner);
    // The loser sees the winner's values beside its own, and the version to save over them on purpose.
    const conflict = answers[1]!.body!.conflict!;
    expect(conflict.version).toBe(row.version + 1);
    expect(conflict.lastChange?.actorEmail).toBe(staffEmail);
    const nameRow = conflict.differences.find((d) => d.field === "nameFr")!;
    expect(nameRow.current).toBe(winner);
    expect(nameRow.yours).not.toBe(winner);
    expect(answers[1]!.body!.result.initialValue?.nameFr).toBe(nameRow.yours);
    expect((await auditTrail(db, "product", row.id)).filter((r) => r.action === "product.edited")).toHaveLength(1);

    // Saving again with the version the 409 gave replaces the values: the staff chose to.
    const again = await post(
      productAction,
      path,
      { puid: row.puid },
      await productForm({ ...saved!, version: conflict.version }, { nameFr: nameRow.yours }),
    );
    expect(again.status).toBe(303);
    const [final] = await db.select().from(products).where(eq(products.id, row.id));
    expect(final).toMatchObject({ nameFr: nameRow.yours, version: row.version + 2 });
  });
});

describe("a product's photos", () => {
  it("adds, moves, makes main and removes photos, with audit rows, the version raised and unlinked images deleted", async () => {
    const row = await aProduct(3);
    const path = `/agence/produits/${row.puid}`;
    const params = { puid: row.puid };
    const imagesBefore = (await db.select({ n: count() }).from(images))[0]!.n;

    for (const color of ["#aa2222", "#22aa22", "#2222aa"]) {
      const added = await post(productAction, path, params, {
        intent: "addPhoto",
        file: await png(color),
        altFr: `${row.nameFr} ${color}`,
        altEn: `${row.nameEn} ${color}`,
      });
      expect(added).toMatchObject({ status: 303, location: `/agence/produits/${encodeURIComponent(row.puid)}?done=photoAdded` });
    }
    const photos = async () => (await get(productLoader, path, params)).product.photos;
    const [red, green, blue] = (await photos()).map((p) => p.imageId);
    expect((await photos()).map((p) => p.altFr)).toEqual([`${row.nameFr} #aa2222`, `${row.nameFr} #22aa22`, `${row.nameFr} #2222aa`]);
    expect((await db.select({ n: count() }).from(images))[0]!.n).toBe(imagesBefore + 3);

    // Blue up, then green made main: green, red, blue.
    expect((await post(productAction, path, params, { intent: "movePhoto", imageId: String(blue), direction: "up" })).status).toBe(303);
    expect((await photos()).map((p) => p.imageId)).toEqual([red, blue, green]);
    expect((await post(productAction, path, params, { intent: "mainPhoto", imageId: String(green) })).status).toBe(303);
    expect((await photos()).map((p) => p.imageId)).toEqual([green, red, blue]);
    // Moving the first one up changes nothing and records nothing.
    const trailBefore = (await auditTrail(db, "product", row.id)).length;
    expect((await post(productAction, path, params, { intent: "movePhoto", imageId: String(green), direction: "up" })).status).toBe(303);
    expect(await auditTrail(db, "product", row.id)).toHaveLength(trailBefore);

    // Removing the main photo: the next one becomes main, and its image is gone from the database.
    expect((await post(productAction, path, params, { intent: "removePhoto", imageId: String(green) })).status).toBe(303);
    expect((await photos()).map((p) => p.imageId)).toEqual([red, blue]);
    expect(await db.select({ id: images.id }).from(images).where(eq(images.id, green!))).toEqual([]);
    const positions = await db
      .select({ position: productImages.position })
      .from(productImages)
      .where(eq(productImages.productId, row.id))
      .orderBy(productImages.position);
    expect(positions.map((p) => p.position)).toEqual([0, 1]);

    // A photo no longer there: 409, nothing changed.
    const gone = await post(productAction, path, params, { intent: "removePhoto", imageId: String(green) });
    expect(gone.status).toBe(409);
    expect(gone.body!.result.error?.[""]).toEqual(["catalogueEditing.errors.photoGone"]);

    const trail = await auditTrail(db, "product", row.id);
    expect(trail.map((r) => r.action)).toEqual([
      "product.photosChanged",
      "product.photosChanged",
      "product.photosChanged",
      "product.photoAdded",
      "product.photoAdded",
      "product.photoAdded",
    ]);
    expect(trail[0]).toMatchObject({
      before: { photos: [green, red, blue] },
      after: { photos: [red, blue], change: "remove", imageId: green },
    });
    const [after] = await db.select({ version: products.version }).from(products).where(eq(products.id, row.id));
    expect(after!.version).toBe(row.version + 6);
  });

  it("makes a text form loaded before a photo change stale (409), without losing the photo", async () => {
    const row = await aProduct(4);
    const path = `/agence/produits/${row.puid}`;
    const params = { puid: row.puid };
    expect(
      (await post(productAction, path, params, { intent: "addPhoto", file: await png("#884400"), altFr: "Bouteille", altEn: "Bottle" }))
        .status,
    ).toBe(303);
    const stale = await post(productAction, path, params, await productForm(row, { nameFr: "Texte d’une page ouverte avant" }));
    expect(stale.status).toBe(409);
    expect(stale.body!.conflict?.differences.map((d) => d.field)).toEqual(["nameFr"]);
    const [now] = await db.select().from(products).where(eq(products.id, row.id));
    expect(now!.nameFr).toBe(row.nameFr);
    expect(await db.select().from(productImages).where(eq(productImages.productId, row.id))).toHaveLength(1);
  });

  it("refuses a file that is not an image with 400 and its message, and stores nothing", async () => {
    const row = await aProduct(5);
    const imagesBefore = (await db.select({ n: count() }).from(images))[0]!.n;
    const fake = new File([new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>")], "bottle.jpg", { type: "image/jpeg" });
    const refused = await post(
      productAction,
      `/agence/produits/${row.puid}`,
      { puid: row.puid },
      { intent: "addPhoto", file: fake, altFr: "Bouteille", altEn: "Bottle" },
    );
    expect(refused.status).toBe(400);
    expect(refused.body!.result.error?.file).toEqual(["images.refused.notAnImage"]);
    expect(refused.body!.result.initialValue).toMatchObject({ altFr: "Bouteille" });
    const missingAlt = await post(
      productAction,
      `/agence/produits/${row.puid}`,
      { puid: row.puid },
      { intent: "addPhoto", file: await png("#123456"), altFr: "", altEn: "Bottle" },
    );
    expect(missingAlt.status).toBe(400);
    expect(missingAlt.body!.result.error?.altFr).toEqual(["catalogueEditing.errors.required"]);
    expect((await db.select({ n: count() }).from(images))[0]!.n).toBe(imagesBefore);
    expect(await db.select().from(productImages).where(eq(productImages.productId, row.id))).toEqual([]);
    expect(await auditTrail(db, "product", row.id)).toEqual([]);
  });

  it("says the image core's upload limit in the forms' words", () => {
    expect(MAX_IMAGE_UPLOAD_MEGABYTES * 1024 * 1024).toBe(MAX_IMAGE_UPLOAD_BYTES);
  });
});

describe("a producer's edit", () => {
  async function aProvider(offset = 0) {
    const [row] = await db.select().from(providers).orderBy(providers.id).limit(1).offset(offset);
    return row!;
  }
  const form = (row: typeof providers.$inferSelect, changes: Record<string, string>) => ({
    intent: "save",
    version: String(row.version),
    name: row.name,
    descriptionFr: row.descriptionFr,
    descriptionEn: row.descriptionEn,
    ...changes,
  });

  it("takes only an absolute http(s) website address", async () => {
    const row = await aProvider(0);
    const path = `/agence/producteurs/${row.slug}`;
    for (const bad of [
      "javascript:alert(1)",
      "ftp://vins.example/",
      "www.domaine.example",
      "https://user:pw@domaine.example/",
      "/relative",
    ]) {
      const answer = await post(providerAction, path, { slug: row.slug }, form(row, { websiteUrl: bad }));
      expect(answer.status, bad).toBe(400);
      expect(answer.body!.result.error?.websiteUrl).toEqual(["catalogueEditing.errors.websiteUrl"]);
    }
    const [unchanged] = await db.select().from(providers).where(eq(providers.id, row.id));
    expect(unchanged).toEqual(row);

    const saved = await post(
      providerAction,
      path,
      { slug: row.slug },
      form(row, { websiteUrl: "https://domaine.example/fr", bioFr: "Une longue histoire.", bioEn: "A long story." }),
    );
    expect(saved).toMatchObject({ status: 303, location: `/agence/producteurs/${row.slug}?done=saved` });
    const [after] = await db.select().from(providers).where(eq(providers.id, row.id));
    expect(after).toMatchObject({
      websiteUrl: "https://domaine.example/fr",
      bioFr: "Une longue histoire.",
      bioEn: "A long story.",
      version: row.version + 1,
      slug: row.slug,
    });
    const [audit] = await auditTrail(db, "producer", row.id);
    expect(audit).toMatchObject({
      action: "producer.edited",
      before: { websiteUrl: null, bioFr: "" },
      after: { websiteUrl: "https://domaine.example/fr" },
    });
  });

  it("shows a renamed producer at once in the producers' directory (its cache emptied)", async () => {
    const reference = await getReferenceData(db);
    const directory = async (text: string) =>
      (await listProviders(db, reference, parseProviderFilters(new URLSearchParams({ t: text }), "QC"), "fr-CA", false)).groups.flatMap(
        (g) => g.providers.map((p) => ({ slug: p.slug, name: p.name })),
      );
    // The directory is cached: this fills it, and names a producer it lists.
    const listed = (await directory(""))[4]!;
    const [row] = await db.select().from(providers).where(eq(providers.slug, listed.slug));
    const name = `Domaine Zyxwv ${row!.id}`;
    expect(await directory("zyxwv")).toEqual([]);
    expect((await post(providerAction, `/agence/producteurs/${row!.slug}`, { slug: row!.slug }, form(row!, { name }))).status).toBe(303);
    expect(await directory("zyxwv")).toEqual([{ slug: row!.slug, name }]);
  });

  it("answers a stale producer edit 409 with the current values", async () => {
    const row = await aProvider(2);
    const path = `/agence/producteurs/${row.slug}`;
    expect((await post(providerAction, path, { slug: row.slug }, form(row, { descriptionFr: "Premier" }))).status).toBe(303);
    const stale = await post(providerAction, path, { slug: row.slug }, form(row, { descriptionFr: "Second" }));
    expect(stale.status).toBe(409);
    expect(stale.body!.conflict?.differences).toEqual([{ field: "descriptionFr", current: "Premier", yours: "Second" }]);
  });

  it("sets, replaces and removes the photo and logo, deleting the images nothing shows any more", async () => {
    const row = await aProvider(3);
    const path = `/agence/producteurs/${row.slug}`;
    const params = { slug: row.slug };
    const set = async (role: string, color: string) =>
      post(providerAction, path, params, { intent: "setImage", role, file: await png(color), altFr: `${role} fr`, altEn: `${role} en` });
    expect((await set("PHOTO", "#101010")).status).toBe(303);
    expect((await set("LOGO", "#202020")).status).toBe(303);
    const first = await get(providerLoader, path, params);
    const firstPhoto = first.provider.images.PHOTO!.image.hash;
    expect(first.provider.images.LOGO?.altEn).toBe("LOGO en");

    expect((await set("PHOTO", "#303030")).status).toBe(303);
    const replaced = await get(providerLoader, path, params);
    expect(replaced.provider.images.PHOTO!.image.hash).not.toBe(firstPhoto);
    expect(await db.select().from(images).where(eq(images.hash, firstPhoto))).toEqual([]);

    expect((await post(providerAction, path, params, { intent: "removeImage", role: "LOGO" })).status).toBe(303);
    expect(
      await db
        .select()
        .from(providerImages)
        .where(and(eq(providerImages.providerId, row.id), eq(providerImages.role, "LOGO"))),
    ).toEqual([]);
    expect((await post(providerAction, path, params, { intent: "removeImage", role: "LOGO" })).status).toBe(409);

    const refused = await post(providerAction, path, params, {
      intent: "setImage",
      role: "LOGO",
      file: new File([new Uint8Array([0xff, 0xd8, 0xff, 0x00, 0x01])], "logo.jpg"),
      altFr: "Logo",
      altEn: "Logo",
    });
    expect(refused.status).toBe(400);
    expect(refused.body!.form).toBe("LOGO");
    expect(refused.body!.result.error?.file?.[0]).toMatch(/^images\.refused\.(notAnImage|corrupt)$/);

    const trail = await auditTrail(db, "producer", row.id);
    expect(trail.map((r) => r.action)).toEqual([
      "producer.photosChanged",
      "producer.photoAdded",
      "producer.photoAdded",
      "producer.photoAdded",
    ]);
    const [after] = await db.select({ version: providers.version }).from(providers).where(eq(providers.id, row.id));
    expect(after!.version).toBe(row.version + 4);
  });
});
