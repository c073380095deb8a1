/**
 * The staff's editing of products (docs/decisions/037-staff-catalogue-editing.md): the list with
 * its search, a product's texts and wine facts, and its photos.
 *
 * - Every change is one transaction holding the product's row (`SELECT … FOR UPDATE`) with its
 *   audit row (`product.edited`, `product.photoAdded`, `product.photosChanged`), and raises the
 *   product's `version` by one.
 * - A text edit carries the version its form was loaded with and is written by
 *   `UPDATE … WHERE id = ? AND version = ?`: when someone saved first (a text edit or a photo
 *   change), nothing is written and the caller gets the current values (a stale edit, 409).
 *   Photo changes are never refused for a stale page: each names one photo, and is applied to
 *   the product as it is now.
 * - What the catalogue import owns (prices, stock, channels) is read here, never written.
 * - After the commit this process's caches are emptied at once; the other processes' are emptied
 *   by the database's notice on every change to `products` (migration 0012).
 */
import { and, asc, count, eq, or, sql } from "drizzle-orm";
import { type LastChange, lastChangeOf, recordStaffChange } from "~/agency/audit.server";
import type { StaffUser } from "~/agency/staff.server";
import { clearDatabaseCaches } from "~/cache.server";
import {
  addProductPhoto,
  type AltText,
  moveProductPhoto,
  type ProductPhoto,
  productPhotos,
  removeProductPhoto,
  setMainProductPhoto,
} from "~/catalogue/catalogue-photos.server";
import { getReferenceData } from "~/catalogue/reference.server";
import { formatGrapeList, grapeLookup, parseGrapeList } from "~/catalogue/wine-facts";
import { replaceProductGrapes } from "~/catalogue/wine-facts.server";
import type { ProductEditForm, StaffListFilter } from "~/catalogue-editing/editing-forms";
import type { Database } from "~/db/client.server";
import { containsPattern } from "~/db/like-pattern";
import { grapeVarieties, productGrapes, productInventories, products, providers } from "~/db/schema";
import type { CleanedImage } from "~/images/image-cleaning.server";
import { storeImage } from "~/images/images.server";
import { paginate, type Pagination } from "~/lib/pagination";
import type { AvailabilityStatus, InventoryCode } from "~/vocabulary";

/** Products per page of the staff's list. */
export const STAFF_PRODUCTS_PAGE_SIZE = 25;

/** One product in the staff's list. */
export interface StaffProductRow {
  puid: string;
  nameFr: string;
  nameEn: string;
  vintage: number | null;
  providerName: string;
}

/**
 * A page of the staff's product list, by French name: every product, or those whose name (in
 * either language, accents and case ignored) or code contains the search text.
 */
export async function listStaffProducts(
  db: Database,
  filter: StaffListFilter,
  pageSize = STAFF_PRODUCTS_PAGE_SIZE,
): Promise<{ rows: StaffProductRow[]; pagination: Pagination }> {
  const pattern = containsPattern(filter.search);
  const where = filter.search
    ? or(
        sql`cuvee_unaccent(${products.nameFr}) ilike cuvee_unaccent(${pattern})`,
        sql`cuvee_unaccent(${products.nameEn}) ilike cuvee_unaccent(${pattern})`,
        sql`${products.puid} ilike ${pattern}`,
      )
    : undefined;
  const [total] = await db.select({ n: count() }).from(products).where(where);
  const pagination = paginate(Number(total?.n ?? 0), filter.page, pageSize);
  const rows = await db
    .select({
      puid: products.puid,
      nameFr: products.nameFr,
      nameEn: products.nameEn,
      vintage: products.vintage,
      providerName: providers.name,
    })
    .from(products)
    .innerJoin(providers, eq(providers.id, products.providerId))
    .where(where)
    .orderBy(asc(products.nameFr), asc(products.id))
    .limit(pagination.size)
    .offset(pagination.offset);
  return { rows, pagination };
}

/** What staff edit of a product: its texts in both languages and its wine facts (null: not known). */
export interface EditableProduct {
  nameFr: string;
  nameEn: string;
  descriptionFr: string;
  descriptionEn: string;
  tastingNotesFr: string;
  tastingNotesEn: string;
  foodPairingsFr: string;
  foodPairingsEn: string;
  /** Percent, one decimal. */
  alcoholPercent: number | null;
  /** Grams per litre, one decimal. */
  residualSugarGramsPerLitre: number | null;
  appellation: string | null;
  designation: string | null;
  /** Degrees Celsius. */
  servingTemperatureMinC: number | null;
  servingTemperatureMaxC: number | null;
  ageingPotentialYears: number | null;
  saqCode: string | null;
  lcboCode: string | null;
  /** The grape varieties as the import writes them: codes in the label's order with their share ("pinot-noir:85|gamay:15"). */
  grapes: string;
}

const editableColumns = {
  nameFr: products.nameFr,
  nameEn: products.nameEn,
  descriptionFr: products.descriptionFr,
  descriptionEn: products.descriptionEn,
  tastingNotesFr: products.tastingNotesFr,
  tastingNotesEn: products.tastingNotesEn,
  foodPairingsFr: products.foodPairingsFr,
  foodPairingsEn: products.foodPairingsEn,
  alcoholPercent: products.alcoholPercent,
  residualSugarGramsPerLitre: products.residualSugarGramsPerLitre,
  appellation: products.appellation,
  designation: products.designation,
  servingTemperatureMinC: products.servingTemperatureMinC,
  servingTemperatureMaxC: products.servingTemperatureMaxC,
  ageingPotentialYears: products.ageingPotentialYears,
  saqCode: products.saqCode,
  lcboCode: products.lcboCode,
};

/** The editable fields, in the form's order. */
export const EDITABLE_PRODUCT_FIELDS: readonly (keyof EditableProduct)[] = [
  ...(Object.keys(editableColumns) as (keyof typeof editableColumns)[]),
  "grapes",
];

/** A product's grapes as the form shows them ({@link EditableProduct.grapes}). */
async function grapeListOf(db: Database, productId: number): Promise<string> {
  const rows = await db
    .select({ code: grapeVarieties.code, sharePercent: productGrapes.sharePercent })
    .from(productGrapes)
    .innerJoin(grapeVarieties, eq(grapeVarieties.id, productGrapes.grapeId))
    .where(eq(productGrapes.productId, productId))
    .orderBy(asc(productGrapes.position));
  return formatGrapeList(rows);
}

/**
 * Checks the grapes typed in the product form against the reference list (names or codes,
 * accents and case ignored) and writes them as codes.
 * @returns `{ ok: true, grapes }` the list in codes ("pinot-noir:85|gamay:15"), or
 *   `{ ok: false, errorKey }` a `wineFacts.errors.*` message key for the field.
 */
export async function checkEditedGrapes(
  db: Database,
  text: string,
): Promise<{ ok: true; grapes: string } | { ok: false; errorKey: string }> {
  const parsed = parseGrapeList(text, grapeLookup((await getReferenceData(db)).grapes));
  if (parsed.ok) return { ok: true, grapes: formatGrapeList(parsed.grapes) };
  const first = parsed.reasons[0]!.key;
  return { ok: false, errorKey: `wineFacts.errors.${first === "grapeSharesOver100" ? "sharesOver100" : first}` };
}

/** Who saved a product or producer last, and when (from the audit table). */
/** A product as its staff page shows it. */
export interface StaffProduct {
  id: number;
  puid: string;
  slug: string;
  vintage: number | null;
  volumeMl: number | null;
  uvc: number;
  typeCode: string;
  provider: { name: string; slug: string };
  version: number;
  values: EditableProduct;
  /** The import's part, read-only here: one row per channel. */
  inventories: {
    inventoryCode: InventoryCode;
    puid: string;
    priceCents: number;
    agencyFeeCents: number;
    quantity: number;
    availabilityStatus: AvailabilityStatus;
    liquorBoardCode: string | null;
  }[];
  photos: ProductPhoto[];
  lastChange: LastChange | null;
}

/** A product's id by its code, or null. */
export async function productIdOf(db: Database, puid: string): Promise<number | null> {
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.puid, puid)).limit(1);
  return row?.id ?? null;
}

/** A product as its staff page shows it, by its code (`puid`); null when there is none. */
export async function readStaffProduct(db: Database, puid: string): Promise<StaffProduct | null> {
  const [row] = await db
    .select({
      id: products.id,
      puid: products.puid,
      slug: products.slug,
      vintage: products.vintage,
      volumeMl: products.volumeMl,
      uvc: products.uvc,
      typeCode: products.typeCode,
      providerName: providers.name,
      providerSlug: providers.slug,
      version: products.version,
      values: editableColumns,
    })
    .from(products)
    .innerJoin(providers, eq(providers.id, products.providerId))
    .where(eq(products.puid, puid))
    .limit(1);
  if (!row) return null;
  const [grapes, inventories, photos, lastChange] = await Promise.all([
    grapeListOf(db, row.id),
    db
      .select({
        inventoryCode: productInventories.inventoryCode,
        puid: productInventories.puid,
        priceCents: productInventories.priceCents,
        agencyFeeCents: productInventories.agencyFeeCents,
        quantity: productInventories.quantity,
        availabilityStatus: productInventories.availabilityStatus,
        liquorBoardCode: productInventories.liquorBoardCode,
      })
      .from(productInventories)
      .where(eq(productInventories.productId, row.id))
      .orderBy(asc(productInventories.inventoryCode)),
    productPhotos(db, row.id),
    lastChangeOf(db, "product", row.id),
  ]);
  const { providerName, providerSlug, values, ...product } = row;
  return {
    ...product,
    values: { ...values, grapes },
    provider: { name: providerName, slug: providerSlug },
    inventories,
    photos,
    lastChange,
  };
}

/** The values a valid form saves: an empty text is "", an empty fact null. */
export function editableProductOf(form: ProductEditForm): EditableProduct {
  return {
    nameFr: form.nameFr,
    nameEn: form.nameEn,
    descriptionFr: form.descriptionFr ?? "",
    descriptionEn: form.descriptionEn ?? "",
    tastingNotesFr: form.tastingNotesFr ?? "",
    tastingNotesEn: form.tastingNotesEn ?? "",
    foodPairingsFr: form.foodPairingsFr ?? "",
    foodPairingsEn: form.foodPairingsEn ?? "",
    alcoholPercent: form.alcoholPercent ?? null,
    residualSugarGramsPerLitre: form.residualSugarGramsPerLitre ?? null,
    appellation: form.appellation ?? null,
    designation: form.designation ?? null,
    servingTemperatureMinC: form.servingTemperatureMinC ?? null,
    servingTemperatureMaxC: form.servingTemperatureMaxC ?? null,
    ageingPotentialYears: form.ageingPotentialYears ?? null,
    saqCode: form.saqCode ?? null,
    lcboCode: form.lcboCode ?? null,
    grapes: form.grapes ?? "",
  };
}

/** The fields whose values differ, each with its value in `a` and in `b`. */
export function changedFields<T extends object>(a: T, b: T, fields: readonly (keyof T)[]): { before: Partial<T>; after: Partial<T> } {
  const before: Partial<T> = {};
  const after: Partial<T> = {};
  for (const field of fields) {
    if (a[field] !== b[field]) {
      before[field] = a[field];
      after[field] = b[field];
    }
  }
  return { before, after };
}

/** The outcome of a text edit. */
export type SaveOutcome<V> =
  | { kind: "saved"; version: number }
  | { kind: "notFound" }
  /** Someone saved first: nothing written; the current values and version, and who saved last. */
  | { kind: "stale"; current: { version: number; values: V; lastChange: LastChange | null } };

/**
 * Saves a product's texts and wine facts, if the product is still at `version` (the version the
 * form was loaded with). Nothing changed: nothing written, the version stays.
 * @returns `saved` with the new version; `stale` with the current values when someone saved first
 *   (nothing written); `notFound`.
 */
export async function saveProductEdit(
  db: Database,
  staff: Pick<StaffUser, "id" | "email">,
  productId: number,
  version: number,
  values: EditableProduct,
  now = new Date(),
): Promise<SaveOutcome<EditableProduct>> {
  const outcome = await db.transaction(async (tx): Promise<SaveOutcome<EditableProduct>> => {
    const [current] = await tx
      .select({ version: products.version, values: editableColumns })
      .from(products)
      .where(eq(products.id, productId))
      .for("update");
    if (!current) return { kind: "notFound" };
    const currentValues: EditableProduct = { ...current.values, grapes: await grapeListOf(tx, productId) };
    if (current.version !== version) {
      return {
        kind: "stale",
        current: { version: current.version, values: currentValues, lastChange: await lastChangeOf(tx, "product", productId) },
      };
    }
    const { before, after } = changedFields(currentValues, values, EDITABLE_PRODUCT_FIELDS);
    if (Object.keys(after).length === 0) return { kind: "saved", version };
    const { grapes, ...columns } = values;
    if (after.grapes !== undefined) {
      const reference = await getReferenceData(tx);
      const parsed = parseGrapeList(grapes, grapeLookup(reference.grapes));
      if (!parsed.ok) throw new Error("grapes not checked by checkEditedGrapes");
      const grapeIds = new Map(reference.grapes.map((g) => [g.code, g.id]));
      await replaceProductGrapes(tx, [{ productId, grapes: parsed.grapes }], grapeIds);
    }
    const [updated] = await tx
      .update(products)
      .set({ ...columns, version: sql`${products.version} + 1` })
      .where(and(eq(products.id, productId), eq(products.version, version)))
      .returning({ version: products.version });
    if (!updated) throw new Error("product row changed under its lock");
    await recordStaffChange(tx, {
      actor: staff,
      action: "product.edited",
      entity: "product",
      entityId: productId,
      before: { ...before, version },
      after: { ...after, version: updated.version },
      now,
    });
    return { kind: "saved", version: updated.version };
  });
  if (outcome.kind === "saved") clearDatabaseCaches(db);
  return outcome;
}

/** A change to a product's photos. */
export type PhotoChange =
  { kind: "move"; imageId: number; direction: "up" | "down" } | { kind: "main"; imageId: number } | { kind: "remove"; imageId: number };

/**
 * Adds an uploaded (already cleaned) photo after the product's others, or as its main photo when
 * it has none; records `product.photoAdded` and raises the version.
 * @returns false when the product does not exist (nothing stored).
 */
export async function addProductPhotoUpload(
  db: Database,
  staff: Pick<StaffUser, "id" | "email">,
  productId: number,
  image: CleanedImage,
  alt: AltText,
  now = new Date(),
): Promise<boolean> {
  const added = await db.transaction(async (tx) => {
    if (!(await lockProduct(tx, productId))) return false;
    const before = await photoIds(tx, productId);
    const stored = await storeImage(tx, image);
    await addProductPhoto(tx, productId, stored, alt);
    const version = await bumpVersion(tx, productId);
    await recordStaffChange(tx, {
      actor: staff,
      action: "product.photoAdded",
      entity: "product",
      entityId: productId,
      before: { photos: before },
      after: { photos: await photoIds(tx, productId), imageId: stored.id, hash: stored.hash, ...alt, version },
      now,
    });
    return true;
  });
  if (added) clearDatabaseCaches(db);
  return added;
}

/**
 * Moves, makes main or removes one photo of a product (a removed photo's image is deleted when
 * nothing else shows it); records `product.photosChanged` with the photos' order before and after
 * and raises the version. A move at either end changes nothing and records nothing.
 * @returns `notFound` when the product does not exist or no longer has that photo.
 */
export async function changeProductPhotos(
  db: Database,
  staff: Pick<StaffUser, "id" | "email">,
  productId: number,
  change: PhotoChange,
  now = new Date(),
): Promise<"changed" | "unchanged" | "notFound"> {
  const outcome = await db.transaction(async (tx) => {
    if (!(await lockProduct(tx, productId))) return "notFound" as const;
    const before = await photoIds(tx, productId);
    const result =
      change.kind === "move"
        ? await moveProductPhoto(tx, productId, change.imageId, change.direction)
        : change.kind === "main"
          ? await setMainProductPhoto(tx, productId, change.imageId)
          : (await removeProductPhoto(tx, productId, change.imageId))
            ? "moved"
            : "notFound";
    if (result !== "moved") return result === "notFound" ? "notFound" : "unchanged";
    const version = await bumpVersion(tx, productId);
    await recordStaffChange(tx, {
      actor: staff,
      action: "product.photosChanged",
      entity: "product",
      entityId: productId,
      before: { photos: before },
      after: { photos: await photoIds(tx, productId), change: change.kind, imageId: change.imageId, version },
      now,
    });
    return "changed" as const;
  });
  if (outcome === "changed") clearDatabaseCaches(db);
  return outcome;
}

/** Holds a product's row until the transaction ends; false when there is no such product. */
async function lockProduct(tx: Database, productId: number): Promise<boolean> {
  const [row] = await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for("update");
  return row !== undefined;
}

/** Raises a product's version by one (a photo change: a text form loaded before it is stale). */
async function bumpVersion(tx: Database, productId: number): Promise<number> {
  const [row] = await tx
    .update(products)
    .set({ version: sql`${products.version} + 1` })
    .where(eq(products.id, productId))
    .returning({ version: products.version });
  return row!.version;
}

/** A product's photos' image ids, main photo first (what the audit rows keep). */
async function photoIds(tx: Database, productId: number): Promise<number[]> {
  return (await productPhotos(tx, productId)).map((p) => p.image.id);
}
