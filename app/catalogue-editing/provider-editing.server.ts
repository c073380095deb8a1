/**
 * The staff's editing of producers (docs/decisions/037-staff-catalogue-editing.md): the list with
 * its search, a producer's name, description, longer bio and website, and its photo and logo.
 * The same rules as the products' (app/catalogue-editing/product-editing.server.ts): one
 * transaction per change with its audit row (`producer.edited`, `producer.photoAdded`,
 * `producer.photosChanged`), the version raised by each, a text edit refused as stale when
 * someone saved first, and the caches emptied after the commit. The slug stays: it is the
 * producer's public address and the import's key.
 */
import { and, asc, count, eq, or, sql } from "drizzle-orm";
import { type LastChange, lastChangeOf, recordStaffChange } from "~/agency/audit.server";
import type { StaffUser } from "~/agency/staff.server";
import { clearDatabaseCaches } from "~/cache.server";
import { type AltText, providerImagesForStaff, removeProviderImage, setProviderImage } from "~/catalogue/catalogue-photos.server";
import type { ProviderEditForm, StaffListFilter } from "~/catalogue-editing/editing-forms";
import { changedFields, type SaveOutcome } from "~/catalogue-editing/product-editing.server";
import type { Database } from "~/db/client.server";
import { containsPattern } from "~/db/like-pattern";
import { products, providerImages, providers } from "~/db/schema";
import type { CleanedImage } from "~/images/image-cleaning.server";
import { type StoredImage, storeImage } from "~/images/images.server";
import { paginate, type Pagination } from "~/lib/pagination";
import type { ProviderImageRole } from "~/vocabulary";

/** Producers per page of the staff's list. */
export const STAFF_PROVIDERS_PAGE_SIZE = 25;

/** One producer in the staff's list. */
export interface StaffProviderRow {
  slug: string;
  name: string;
  productCount: number;
}

/**
 * A page of the staff's producer list, by name: every producer, or those whose name or slug
 * contains the search text (accents and case ignored).
 */
export async function listStaffProviders(
  db: Database,
  filter: StaffListFilter,
  pageSize = STAFF_PROVIDERS_PAGE_SIZE,
): Promise<{ rows: StaffProviderRow[]; pagination: Pagination }> {
  const pattern = containsPattern(filter.search);
  const where = filter.search
    ? or(sql`cuvee_unaccent(${providers.name}) ilike cuvee_unaccent(${pattern})`, sql`${providers.slug} ilike ${pattern}`)
    : undefined;
  const [total] = await db.select({ n: count() }).from(providers).where(where);
  const pagination = paginate(Number(total?.n ?? 0), filter.page, pageSize);
  const rows = await db
    .select({
      slug: providers.slug,
      name: providers.name,
      productCount: sql<number>`(select count(*) from ${products} where ${products.providerId} = ${providers.id})::int`,
    })
    .from(providers)
    .where(where)
    .orderBy(asc(providers.name), asc(providers.id))
    .limit(pagination.size)
    .offset(pagination.offset);
  return { rows, pagination };
}

/** What staff edit of a producer. */
export interface EditableProvider {
  name: string;
  descriptionFr: string;
  descriptionEn: string;
  bioFr: string;
  bioEn: string;
  /** An absolute http(s) address, or null. */
  websiteUrl: string | null;
}

const editableColumns = {
  name: providers.name,
  descriptionFr: providers.descriptionFr,
  descriptionEn: providers.descriptionEn,
  bioFr: providers.bioFr,
  bioEn: providers.bioEn,
  websiteUrl: providers.websiteUrl,
};

/** The editable fields, in the form's order. */
export const EDITABLE_PROVIDER_FIELDS = Object.keys(editableColumns) as (keyof EditableProvider)[];

/** A producer's photo or logo as the staff page shows it. */
export type StaffProviderImage = AltText & { image: StoredImage };

/** A producer as its staff page shows it. */
export interface StaffProvider {
  id: number;
  slug: string;
  version: number;
  values: EditableProvider;
  productCount: number;
  images: Partial<Record<ProviderImageRole, StaffProviderImage>>;
  lastChange: LastChange | null;
}

/** A producer as its staff page shows it, by slug; null when there is none. */
export async function readStaffProvider(db: Database, slug: string): Promise<StaffProvider | null> {
  const [row] = await db
    .select({ id: providers.id, slug: providers.slug, version: providers.version, values: editableColumns })
    .from(providers)
    .where(eq(providers.slug, slug))
    .limit(1);
  if (!row) return null;
  const [images, lastChange, [products_]] = await Promise.all([
    providerImagesForStaff(db, row.id),
    lastChangeOf(db, "producer", row.id),
    db.select({ n: count() }).from(products).where(eq(products.providerId, row.id)),
  ]);
  return { ...row, images, lastChange, productCount: Number(products_?.n ?? 0) };
}

/** A producer's id by its slug, or null. */
export async function providerIdOf(db: Database, slug: string): Promise<number | null> {
  const [row] = await db.select({ id: providers.id }).from(providers).where(eq(providers.slug, slug)).limit(1);
  return row?.id ?? null;
}

/** The values a valid form saves: an empty text is "", no website null. */
export function editableProviderOf(form: ProviderEditForm): EditableProvider {
  return {
    name: form.name,
    descriptionFr: form.descriptionFr ?? "",
    descriptionEn: form.descriptionEn ?? "",
    bioFr: form.bioFr ?? "",
    bioEn: form.bioEn ?? "",
    websiteUrl: form.websiteUrl ?? null,
  };
}

/**
 * Saves a producer's texts and website, if the producer is still at `version`. Nothing changed:
 * nothing written.
 * @returns `saved` with the new version; `stale` with the current values (nothing written); `notFound`.
 */
export async function saveProviderEdit(
  db: Database,
  staff: Pick<StaffUser, "id" | "email">,
  providerId: number,
  version: number,
  values: EditableProvider,
  now = new Date(),
): Promise<SaveOutcome<EditableProvider>> {
  const outcome = await db.transaction(async (tx): Promise<SaveOutcome<EditableProvider>> => {
    const [current] = await tx
      .select({ version: providers.version, values: editableColumns })
      .from(providers)
      .where(eq(providers.id, providerId))
      .for("update");
    if (!current) return { kind: "notFound" };
    if (current.version !== version) {
      return { kind: "stale", current: { ...current, lastChange: await lastChangeOf(tx, "producer", providerId) } };
    }
    const { before, after } = changedFields(current.values, values, EDITABLE_PROVIDER_FIELDS);
    if (Object.keys(after).length === 0) return { kind: "saved", version };
    const [updated] = await tx
      .update(providers)
      .set({ ...values, version: sql`${providers.version} + 1` })
      .where(and(eq(providers.id, providerId), eq(providers.version, version)))
      .returning({ version: providers.version });
    if (!updated) throw new Error("producer row changed under its lock");
    await recordStaffChange(tx, {
      actor: staff,
      action: "producer.edited",
      entity: "producer",
      entityId: providerId,
      before: { ...before, version },
      after: { ...after, version: updated.version },
      now,
    });
    return { kind: "saved", version: updated.version };
  });
  if (outcome.kind === "saved") clearDatabaseCaches(db);
  return outcome;
}

/**
 * Sets a producer's photo or logo from an uploaded (already cleaned) image, replacing the former
 * one (whose image is deleted when nothing else shows it); records `producer.photoAdded` and
 * raises the version.
 * @returns false when the producer does not exist (nothing stored).
 */
export async function setProviderImageUpload(
  db: Database,
  staff: Pick<StaffUser, "id" | "email">,
  providerId: number,
  role: ProviderImageRole,
  image: CleanedImage,
  alt: AltText,
  now = new Date(),
): Promise<boolean> {
  const done = await db.transaction(async (tx) => {
    if (!(await lockProvider(tx, providerId))) return false;
    const before = await imageIdOf(tx, providerId, role);
    const stored = await storeImage(tx, image);
    await setProviderImage(tx, providerId, role, stored, alt);
    const version = await bumpVersion(tx, providerId);
    await recordStaffChange(tx, {
      actor: staff,
      action: "producer.photoAdded",
      entity: "producer",
      entityId: providerId,
      before: { role, imageId: before },
      after: { role, imageId: stored.id, hash: stored.hash, ...alt, version },
      now,
    });
    return true;
  });
  if (done) clearDatabaseCaches(db);
  return done;
}

/**
 * Removes a producer's photo or logo (its image deleted when nothing else shows it); records
 * `producer.photosChanged` and raises the version.
 * @returns `notFound` when the producer does not exist or has no image in that role.
 */
export async function removeProviderImageOf(
  db: Database,
  staff: Pick<StaffUser, "id" | "email">,
  providerId: number,
  role: ProviderImageRole,
  now = new Date(),
): Promise<"removed" | "notFound"> {
  const outcome = await db.transaction(async (tx) => {
    if (!(await lockProvider(tx, providerId))) return "notFound" as const;
    const removed = await removeProviderImage(tx, providerId, role);
    if (removed === null) return "notFound" as const;
    const version = await bumpVersion(tx, providerId);
    await recordStaffChange(tx, {
      actor: staff,
      action: "producer.photosChanged",
      entity: "producer",
      entityId: providerId,
      before: { role, imageId: removed },
      after: { role, imageId: null, version },
      now,
    });
    return "removed" as const;
  });
  if (outcome === "removed") clearDatabaseCaches(db);
  return outcome;
}

async function lockProvider(tx: Database, providerId: number): Promise<boolean> {
  const [row] = await tx.select({ id: providers.id }).from(providers).where(eq(providers.id, providerId)).for("update");
  return row !== undefined;
}

async function bumpVersion(tx: Database, providerId: number): Promise<number> {
  const [row] = await tx
    .update(providers)
    .set({ version: sql`${providers.version} + 1` })
    .where(eq(providers.id, providerId))
    .returning({ version: providers.version });
  return row!.version;
}

async function imageIdOf(tx: Database, providerId: number, role: ProviderImageRole): Promise<number | null> {
  const [row] = await tx
    .select({ imageId: providerImages.imageId })
    .from(providerImages)
    .where(and(eq(providerImages.providerId, providerId), eq(providerImages.role, role)))
    .limit(1);
  return row?.imageId ?? null;
}
