/**
 * The bulk photo upload through its route `/agence/photos` (decision 035): the dry run lists each
 * file (matched with whom, would replace, unmatched, refused with its reason) and links nothing;
 * the confirmation links the photos in one transaction with the names as alt text, writes one
 * audit row and answers 303 to its report; a confirmation forged, edited, another user's or too
 * old is refused and changes nothing; a ZIP that is not one, reaches outside itself, holds too many
 * entries or lies about its size is refused whole and stores nothing; staff only.
 */
import { asc, count, eq } from "drizzle-orm";
import { strToU8, type Zippable, zipSync } from "fflate";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, images, productImages, products, providerImages, providers } from "~/db/schema";
import { requestContext } from "~/http/request-context";
import { MAX_PHOTO_ZIP_ENTRIES } from "~/images/image-limits";
import type { PhotoDryRun } from "~/photo-import/photo-import.server";
import { confirmPhotoImport } from "~/photo-import/photo-import.server";
import { readPhotoPlan } from "~/photo-import/photo-plan.server";
import { action, loader } from "~/routes/agence.photos";
import { DEMO_ACCOUNTS, seedDemoAccounts } from "~/users/demo-accounts.server";
import { startUserSession, verifyCredentials } from "~/users/users.server";
import { routeArgs, thrownResponse } from "../support/loader-context";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let testDb: TestDatabase;
let staffCookie: string;
let customerCookie: string;
let staff: { id: number; email: string };
let product: { id: number; puid: string; nameFr: string; nameEn: string };
let other: { id: number; puid: string };
let producer: { id: number; slug: string; name: string };

beforeAll(async () => {
  testDb = await createTestDatabase({ seed: "demo" });
  const { db } = testDb;
  await seedDemoAccounts(db, "development");
  const [qc, , staffUser] = await Promise.all(DEMO_ACCOUNTS.map((a) => verifyCredentials(db, a.email, a.password)));
  staff = { id: staffUser!.id, email: staffUser!.email };
  const session = async (id: number) => (await startUserSession(db, new Request("http://shop.test/"), id)).split(";")[0]!;
  staffCookie = await session(staffUser!.id);
  customerCookie = await session(qc!.id);
  const rows = await db
    .select({ id: products.id, puid: products.puid, nameFr: products.nameFr, nameEn: products.nameEn })
    .from(products)
    .orderBy(asc(products.id))
    .limit(3);
  product = rows[0]!;
  other = rows[1]!;
  [producer] = (await db
    .select({ id: providers.id, slug: providers.slug, name: providers.name })
    .from(providers)
    .orderBy(asc(providers.id))
    .limit(1)) as [typeof producer];
  // Whatever the seed gave them, these start without photos.
  await db.delete(productImages).where(eq(productImages.productId, product.id));
  await db.delete(productImages).where(eq(productImages.productId, other.id));
  await db.delete(providerImages).where(eq(providerImages.providerId, producer.id));
});
afterAll(async () => {
  await testDb?.close();
});

const photo = (r: number, g: number, b: number, width = 600) =>
  sharp({ create: { width, height: Math.round(width * 1.5), channels: 3, background: { r, g, b } } })
    .jpeg()
    .toBuffer();

let clients = 0;
interface Outcome {
  status: number;
  location: string | null;
  data: { dryRun: PhotoDryRun | null; upload?: { error?: Record<string, string[] | null> } } | null;
}

async function post(body: FormData, cookie = staffCookie): Promise<Outcome> {
  const args = (await routeArgs(testDb.db, "/agence/photos", { init: { method: "POST", body, headers: { Cookie: cookie } } })) as {
    context: { set(k: unknown, v: unknown): void };
  };
  args.context.set(requestContext, { nonce: "", clientAddress: `203.0.113.${++clients % 250}` });
  try {
    const result = (await action(args as never)) as { data?: Outcome["data"]; init?: { status?: number }; dryRun?: PhotoDryRun };
    if ("dryRun" in result && result.dryRun !== undefined) return { status: 200, location: null, data: result as Outcome["data"] };
    return { status: result.init?.status ?? 200, location: null, data: result.data ?? null };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("Location"), data: null };
    const response = thrown as { type?: string; init?: { status?: number } };
    if (response?.type === "DataWithResponseInit") return { status: response.init?.status ?? 500, location: null, data: null };
    throw thrown;
  }
}

function zipForm(files: Zippable | Uint8Array, name = "photos.zip"): FormData {
  const form = new FormData();
  form.set("intent", "check");
  form.set("file", new File([new Uint8Array(files instanceof Uint8Array ? files : zipSync(files))], name, { type: "application/zip" }));
  return form;
}

function confirmForm(plan: string): FormData {
  const form = new FormData();
  form.set("intent", "confirm");
  form.set("plan", plan);
  return form;
}

async function tableCounts() {
  const n = async (table: typeof images | typeof productImages | typeof providerImages | typeof auditLog) =>
    (await testDb.db.select({ n: count() }).from(table))[0]!.n;
  return {
    images: await n(images),
    productImages: await n(productImages),
    providerImages: await n(providerImages),
    audit: await n(auditLog),
  };
}

describe("the dry run and its confirmation", () => {
  let dryRun: PhotoDryRun;

  it("lists every file: matched with whom, unmatched, refused with the reason; links nothing", async () => {
    const before = await tableCounts();
    const outcome = await post(
      zipForm({
        [`produits/${product.puid}.jpg`]: [await photo(150, 20, 40), { level: 0 }],
        [`produits/${product.puid}.png`]: await photo(10, 20, 40),
        [`produits/${other.puid}/dos.jpg`]: await photo(20, 150, 40),
        [`Producteurs/${producer.slug.toUpperCase()}.jpg`]: await photo(20, 40, 150),
        [`logos/${producer.slug}.png`]: await sharp({ create: { width: 300, height: 100, channels: 4, background: "#00000000" } })
          .png()
          .toBuffer(),
        "produits/NO-SUCH-PUID.jpg": await photo(1, 2, 3),
        [`produits/${other.puid}.jpg`]: strToU8("a text file named like a photo"),
        "notes.txt": strToU8("misplaced"),
        "__MACOSX/produits/._x.jpg": strToU8("junk"),
      }),
    );
    expect(outcome.status).toBe(200);
    dryRun = outcome.data!.dryRun!;
    const byFile = Object.fromEntries(dryRun.lines.map((l) => [l.file, l]));
    expect(Object.keys(byFile).sort()).toEqual(
      [
        "Producteurs/" + producer.slug.toUpperCase() + ".jpg",
        "logos/" + producer.slug + ".png",
        "notes.txt",
        "produits/NO-SUCH-PUID.jpg",
        `produits/${other.puid}.jpg`,
        `produits/${other.puid}/dos.jpg`,
        `produits/${product.puid}.jpg`,
        `produits/${product.puid}.png`,
      ].sort(),
    );
    expect(byFile[`produits/${product.puid}.jpg`]).toMatchObject({
      outcome: "matched",
      replaces: false,
      target: { kind: "productMain", code: product.puid, nameFr: product.nameFr },
    });
    expect(byFile[`produits/${product.puid}.png`]).toMatchObject({ outcome: "refused", reason: "duplicate" });
    expect(byFile[`produits/${other.puid}/dos.jpg`]).toMatchObject({ outcome: "matched", target: { kind: "productExtra" } });
    expect(byFile[`Producteurs/${producer.slug.toUpperCase()}.jpg`]).toMatchObject({
      outcome: "matched",
      target: { kind: "providerPhoto", code: producer.slug },
    });
    expect(byFile[`logos/${producer.slug}.png`]).toMatchObject({ outcome: "matched", target: { kind: "providerLogo" } });
    expect(byFile["produits/NO-SUCH-PUID.jpg"]).toMatchObject({ outcome: "unmatched", kind: "productMain", code: "NO-SUCH-PUID" });
    expect(byFile[`produits/${other.puid}.jpg`]).toMatchObject({ outcome: "refused", reason: "notAnImage" });
    expect(byFile["notes.txt"]).toMatchObject({ outcome: "unmatched", kind: "misplaced" });
    expect(dryRun.counts).toEqual({ matched: 4, replaces: 0, unmatched: 2, refused: 2 });
    expect(dryRun.token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);

    const after = await tableCounts();
    expect(after.images).toBe(before.images + 4); // stored unlinked, until confirmed
    expect([after.productImages, after.providerImages, after.audit]).toEqual([before.productImages, before.providerImages, before.audit]);
  });

  it("the confirmation links them in one go, names as alt text, one audit row, then 303 to the report", async () => {
    const before = await tableCounts();
    const outcome = await post(confirmForm(dryRun.token!));
    expect(outcome.status).toBe(303);
    expect(outcome.location).toMatch(/^\/agence\/photos\?id=[0-9a-f]{24}$/);

    const main = await testDb.db.select().from(productImages).where(eq(productImages.productId, product.id));
    expect(main).toEqual([expect.objectContaining({ position: 0, altFr: product.nameFr, altEn: product.nameEn })]);
    const extra = await testDb.db.select().from(productImages).where(eq(productImages.productId, other.id));
    expect(extra).toEqual([expect.objectContaining({ position: 0 })]);
    const producerImages = await testDb.db.select().from(providerImages).where(eq(providerImages.providerId, producer.id));
    expect(producerImages.map((r) => [r.role, r.altFr, r.altEn]).sort()).toEqual([
      ["LOGO", producer.name, producer.name],
      ["PHOTO", producer.name, producer.name],
    ]);
    const after = await tableCounts();
    expect(after.audit).toBe(before.audit + 1);
    expect(after.images).toBe(before.images);
    const [audit] = await testDb.db
      .select()
      .from(auditLog)
      .orderBy(asc(auditLog.id))
      .limit(1)
      .offset(after.audit - 1);
    expect(audit).toMatchObject({ action: "photos.imported", actorId: staff.id, entity: "photo_import" });

    const report = (await loader(
      await routeArgs(testDb.db, outcome.location!, { init: { headers: { Cookie: staffCookie } } }),
    )) as unknown as { report: { applied: { file: string; replaced: boolean }[]; gone: string[] } };
    expect(report.report.applied.map((a) => a.file).sort()).toEqual(
      [
        `produits/${product.puid}.jpg`,
        `produits/${other.puid}/dos.jpg`,
        `Producteurs/${producer.slug.toUpperCase()}.jpg`,
        `logos/${producer.slug}.png`,
      ].sort(),
    );
    expect(report.report.gone).toEqual([]);
  });

  it("confirmed twice, it is applied once: the same report", async () => {
    const before = await tableCounts();
    const outcome = await post(confirmForm(dryRun.token!));
    expect(outcome.status).toBe(303);
    expect(await tableCounts()).toEqual(before);
  });

  it("a new photo for the same product says it would replace the main photo, and replaces it", async () => {
    const [former] = await testDb.db.select().from(productImages).where(eq(productImages.productId, product.id));
    const outcome = await post(zipForm({ [`photos/products/${product.puid.toLowerCase()}.jpg`]: await photo(90, 90, 10) }));
    const again = outcome.data!.dryRun!;
    expect(again.lines).toEqual([expect.objectContaining({ outcome: "matched", replaces: true })]);
    expect(again.counts.replaces).toBe(1);
    expect((await post(confirmForm(again.token!))).status).toBe(303);
    const now = await testDb.db.select().from(productImages).where(eq(productImages.productId, product.id));
    expect(now).toHaveLength(1);
    expect(now[0]!.imageId).not.toBe(former!.imageId);
    // The former photo, linked nowhere else, is gone with its variants.
    expect(await testDb.db.select({ id: images.id }).from(images).where(eq(images.id, former!.imageId))).toEqual([]);
  });
});

describe("a confirmation that this server did not sign for this user, now", () => {
  let token: string;
  beforeAll(async () => {
    token = (await post(zipForm({ [`produits/${other.puid}.jpg`]: await photo(5, 5, 5) }))).data!.dryRun!.token!;
  });

  it("is refused when forged or edited, and changes nothing", async () => {
    const before = await tableCounts();
    const [payload, mac] = token.split(".") as [string, string];
    const flipped = `${payload.slice(0, -2)}${payload.at(-2) === "A" ? "B" : "A"}${payload.at(-1)}`;
    for (const forged of [`${flipped}.${mac}`, `${payload}.${"A".repeat(43)}`, "not-a-plan", ""]) {
      const outcome = await post(confirmForm(forged));
      expect(outcome.status, forged.slice(0, 10)).toBe(400);
      expect(outcome.data?.upload?.error?.[""]).toEqual(["photoImport.errors.planInvalid"]);
    }
    expect(await tableCounts()).toEqual(before);
  });

  it("is refused for another staff user and after 12 hours", async () => {
    expect(readPhotoPlan(token, staff.id)).not.toBeNull();
    expect(readPhotoPlan(token, staff.id + 1)).toBeNull();
    const later = new Date(Date.now() + 13 * 60 * 60 * 1000);
    expect(await confirmPhotoImport(testDb.db, staff, token, later)).toEqual({ kind: "invalid" });
    expect(await confirmPhotoImport(testDb.db, { ...staff, id: staff.id + 1 }, token)).toEqual({ kind: "invalid" });
  });
});

describe("an archive refused whole", () => {
  /** The central directory header of `name`'s entry. */
  function centralHeaderOf(zip: Uint8Array, name: string): number {
    const view = new DataView(zip.buffer, zip.byteOffset);
    for (let at = zip.byteLength - 46; at >= 0; at--) {
      if (view.getUint32(at, true) === 0x02014b50 && new TextDecoder().decode(zip.subarray(at + 46, at + 46 + name.length)) === name)
        return at;
    }
    throw new Error("no such entry");
  }

  it("stores nothing when it is not a ZIP, reaches outside itself, holds too many entries or lies about its size", async () => {
    const good = await photo(1, 100, 200);
    const many = Object.fromEntries(Array.from({ length: MAX_PHOTO_ZIP_ENTRIES + 1 }, (_, i) => [`produits/x${i}.jpg`, strToU8("x")]));
    // A real photo, then an entry whose directory says 1 kB but which inflates to 2 MB.
    const liar = zipSync({
      [`produits/${product.puid}.jpg`]: [good, { level: 0 }],
      [`produits/${other.puid}.jpg`]: [new Uint8Array(2_000_000), { level: 9 }],
    });
    new DataView(liar.buffer).setUint32(centralHeaderOf(liar, `produits/${other.puid}.jpg`) + 24, 1000, true);
    const cases: [string, FormData, string][] = [
      ["a JPEG named .zip", zipForm(good), "notAZip"],
      ["a path with ../", zipForm({ [`../produits/${product.puid}.jpg`]: good }), "unsafePath"],
      ["an absolute path", zipForm({ [`/tmp/produits/${product.puid}.jpg`]: good }), "unsafePath"],
      ["too many entries", zipForm(many), "tooManyEntries"],
      ["an entry larger than it declares", zipForm(liar), "tooLargeUnpacked"],
    ];
    const before = await tableCounts();
    for (const [what, form, reason] of cases) {
      const outcome = await post(form);
      expect(outcome.status, what).toBe(400);
      expect(outcome.data?.upload?.error?.file, what).toEqual([`photoImport.refused.${reason}`]);
    }
    expect(await tableCounts()).toEqual(before);
  });

  it("asks for a file when none is sent", async () => {
    const form = new FormData();
    form.set("intent", "check");
    const outcome = await post(form);
    expect(outcome.status).toBe(400);
    expect(outcome.data?.upload?.error?.file).toEqual(["photoImport.errors.fileRequired"]);
  });

  it("a ZIP with nothing to apply has no confirmation", async () => {
    const outcome = await post(zipForm({ "produits/NOPE.jpg": await photo(1, 1, 1) }));
    expect(outcome.data?.dryRun?.token).toBeNull();
  });
});

describe("staff only", () => {
  it("answers 404 to a customer, page and upload alike", async () => {
    expect(
      (
        await thrownResponse(async () =>
          loader(await routeArgs(testDb.db, "/agence/photos", { init: { headers: { Cookie: customerCookie } } })),
        )
      ).status,
    ).toBe(404);
    const before = await tableCounts();
    const outcome = await post(zipForm({ [`produits/${product.puid}.jpg`]: await photo(7, 7, 7) }), customerCookie);
    expect(outcome.status).toBe(404);
    expect(await tableCounts()).toEqual(before);
  });
});
