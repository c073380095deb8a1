/**
 * The bulk photo upload (decision 035): staff send a ZIP of photos named by the rule of
 * `photo-names.ts`; a dry run says, file by file, what each photo would become, and a
 * confirmation applies it all in one transaction.
 *
 * - {@link checkPhotoZip}: refuses the whole archive (nothing stored) when it is not a ZIP, names a
 *   path outside itself, holds too many entries or too many bytes once unpacked (declared, then
 *   counted while inflating). Otherwise each file is matched with a product (by puid) or a
 *   producer (by slug), and each matched photo cleaned (`cleanImage`: refused with its reason, or
 *   stored unlinked with `storeImage`). The plan (file → target → stored image) is signed
 *   (`photo-plan.server.ts`) for the confirmation form: nothing needs to be sent again.
 * - {@link confirmPhotoImport}: applies a plan this server signed, in one transaction: main
 *   photos and producer images replaced, extra photos added, alt text the product's or producer's
 *   name in both languages; one audit row (`photos.imported`), which is also the report.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { auditTrail, recordStaffChange } from "~/agency/audit.server";
import type { StaffUser } from "~/agency/staff.server";
import { CATALOGUE_CHANNEL, clearDatabaseCaches } from "~/cache.server";
import { addProductPhoto, replaceMainProductPhoto, setProviderImage } from "~/catalogue/catalogue-photos.server";
import type { Database } from "~/db/client.server";
import { images, productImages, products, providerImages, providers } from "~/db/schema";
import { cleanImage, type ImageRefusal } from "~/images/image-cleaning.server";
import { MAX_IMAGE_UPLOAD_BYTES, MAX_PHOTO_ZIP_BYTES, MAX_PHOTO_ZIP_ENTRIES, MAX_PHOTO_ZIP_UNPACKED_BYTES } from "~/images/image-limits";
import { type StoredImage, storedImageColumns, storeImage, sweepUnlinkedImages } from "~/images/images.server";
import { photoTargetOfPath } from "./photo-names";
import { type PhotoPlan, photoPlanId, type PlanKind, readPhotoPlan, signPhotoPlan } from "./photo-plan.server";
import { inflateZipEntry, readZipEntries, type ZipEntry, type ZipRefusal } from "./zip-entries.server";

/** The audit entity of a bulk photo upload (its id is the plan's, {@link photoPlanId}). */
export const PHOTO_IMPORT_ENTITY = "photo_import";

/** Unlinked images older than this are swept at each dry run: a day, twice a plan's lifetime. */
const SWEEP_AFTER_MS = 24 * 60 * 60 * 1000;

/** Whose photo a file is, for the report: the product's puid or producer's slug and its name. */
export interface PhotoTargetView {
  kind: PlanKind;
  code: string;
  nameFr: string;
  nameEn: string;
}

/** Why one file of the archive is not applied (messages `photoImport.lineRefused.<reason>`). */
export type PhotoLineRefusal = ImageRefusal | "unreadable" | "duplicate";

/** One file of the archive in the dry run. */
export type PhotoLine =
  | { file: string; outcome: "matched"; target: PhotoTargetView; replaces: boolean; hash: string; width: number; height: number }
  | { file: string; outcome: "unmatched"; kind: PlanKind | "misplaced"; code: string | null }
  | { file: string; outcome: "refused"; reason: PhotoLineRefusal; target: PhotoTargetView };

/** The dry run of a ZIP: its files and, when anything can be applied, the signed plan. */
export interface PhotoDryRun {
  zipName: string;
  lines: PhotoLine[];
  counts: { matched: number; replaces: number; unmatched: number; refused: number };
  /** The signed plan for the confirmation form; null when nothing would be applied. */
  token: string | null;
}

/** Why a whole archive is refused (messages `photoImport.refused.<reason>`). */
export type PhotoZipRefusal = ZipRefusal | "tooLarge" | "empty";

interface Candidate {
  entry: ZipEntry;
  kind: PlanKind;
  code: string;
}

interface Target extends PhotoTargetView {
  targetId: number;
  /** Whether applying replaces a current photo or logo (main photo, producer photo or logo). */
  replaces: boolean;
}

/**
 * The dry run of an uploaded ZIP. Stores the cleaned images of the matched photos (unlinked until
 * confirmed), nothing else; first sweeps the unlinked images older than a day.
 * @returns the dry run, or why the whole archive is refused (then nothing is stored).
 */
export async function checkPhotoZip(
  db: Database,
  staff: Pick<StaffUser, "id">,
  upload: { name: string; bytes: Uint8Array },
  now = new Date(),
): Promise<{ ok: true; dryRun: PhotoDryRun } | { ok: false; refusal: PhotoZipRefusal }> {
  if (upload.bytes.byteLength === 0) return { ok: false, refusal: "empty" };
  if (upload.bytes.byteLength > MAX_PHOTO_ZIP_BYTES) return { ok: false, refusal: "tooLarge" };
  const read = readZipEntries(upload.bytes, { maxEntries: MAX_PHOTO_ZIP_ENTRIES, maxUnpackedBytes: MAX_PHOTO_ZIP_UNPACKED_BYTES });
  if (!read.ok) return read;

  const lines: PhotoLine[] = [];
  const candidates: Candidate[] = [];
  const entries = [...read.entries].sort((a, b) => a.name.localeCompare(b.name, "en", { numeric: true }));
  for (const entry of entries) {
    const target = photoTargetOfPath(entry.name);
    if (!target) continue;
    if (target.kind === "misplaced") lines.push({ file: entry.name, outcome: "unmatched", kind: "misplaced", code: null });
    else candidates.push({ entry, kind: target.kind, code: target.code });
  }

  const targets = await findTargets(db, candidates);
  const matched: { candidate: Candidate; target: Target }[] = [];
  for (const candidate of candidates) {
    const target = targets.get(targetKey(candidate.kind, candidate.code));
    if (target) matched.push({ candidate, target });
    else lines.push({ file: candidate.entry.name, outcome: "unmatched", kind: candidate.kind, code: candidate.code });
  }

  // Every matched file is inflated and counted before anything is stored: an archive whose entry
  // inflates past its declared size is refused whole.
  for (const { candidate } of matched) {
    if (candidate.entry.declaredSize > MAX_IMAGE_UPLOAD_BYTES) continue;
    if (inflateZipEntry(upload.bytes, candidate.entry) === "overDeclaredSize") return { ok: false, refusal: "tooLargeUnpacked" };
  }

  await sweepUnlinkedImages(db, new Date(now.getTime() - SWEEP_AFTER_MS));
  const links: PhotoPlan["links"] = [];
  const taken = new Set<string>();
  for (const { candidate, target } of matched) {
    const file = candidate.entry.name;
    const refuse = (reason: PhotoLineRefusal) => lines.push({ file, outcome: "refused", reason, target: viewOf(target) });
    // One main photo, producer photo or logo per target: a second file for it is refused.
    const slot = candidate.kind === "productExtra" ? null : `${candidate.kind}:${target.targetId}`;
    if (slot !== null && taken.has(slot)) {
      refuse("duplicate");
      continue;
    }
    if (candidate.entry.declaredSize > MAX_IMAGE_UPLOAD_BYTES) {
      refuse("tooLarge");
      continue;
    }
    const bytes = inflateZipEntry(upload.bytes, candidate.entry);
    if (typeof bytes === "string") {
      refuse("unreadable");
      continue;
    }
    const cleaned = await cleanImage(bytes);
    if (!cleaned.ok) {
      refuse(cleaned.refusal);
      continue;
    }
    if (slot !== null) taken.add(slot);
    const stored = await storeImage(db, cleaned.image);
    links.push({ file, kind: candidate.kind, targetId: target.targetId, imageId: stored.id });
    lines.push({
      file,
      outcome: "matched",
      target: viewOf(target),
      replaces: target.replaces,
      hash: stored.hash,
      width: stored.width,
      height: stored.height,
    });
  }

  lines.sort((a, b) => a.file.localeCompare(b.file, "en", { numeric: true }));
  const count = (outcome: PhotoLine["outcome"]) => lines.filter((l) => l.outcome === outcome).length;
  const zipName = upload.name.slice(0, 200) || "photos.zip";
  return {
    ok: true,
    dryRun: {
      zipName,
      lines,
      counts: {
        matched: count("matched"),
        replaces: lines.filter((l) => l.outcome === "matched" && l.replaces).length,
        unmatched: count("unmatched"),
        refused: count("refused"),
      },
      token: links.length === 0 ? null : signPhotoPlan({ staffId: staff.id, issuedAt: now.getTime(), zipName, links }),
    },
  };
}

const targetKey = (kind: PlanKind, code: string) => `${kind}:${code.toLowerCase()}`;
const viewOf = ({ kind, code, nameFr, nameEn }: Target): PhotoTargetView => ({ kind, code, nameFr, nameEn });

/**
 * The products (by puid) and producers (by slug) the candidates name, compared without regard to
 * case (an exact match wins when two puids differ only by case), with whether each already has
 * the photo or logo a file would replace.
 */
async function findTargets(db: Database, candidates: readonly Candidate[]): Promise<Map<string, Target>> {
  const found = new Map<string, Target>();
  const lower = (kinds: PlanKind[]) => [...new Set(candidates.filter((c) => kinds.includes(c.kind)).map((c) => c.code.toLowerCase()))];
  const productCodes = lower(["productMain", "productExtra"]);
  const providerCodes = lower(["providerPhoto", "providerLogo"]);
  const codesOf = (kind: PlanKind) => new Set(candidates.filter((c) => c.kind === kind).map((c) => c.code));

  if (productCodes.length > 0) {
    const rows = await db
      .select({ id: products.id, puid: products.puid, nameFr: products.nameFr, nameEn: products.nameEn })
      .from(products)
      .where(inArray(sql`lower(${products.puid})`, productCodes));
    const withMain = new Set(
      (
        await db
          .select({ productId: productImages.productId })
          .from(productImages)
          .where(
            and(
              inArray(
                productImages.productId,
                rows.map((r) => r.id),
              ),
              eq(productImages.position, 0),
            ),
          )
      ).map((r) => r.productId),
    );
    for (const kind of ["productMain", "productExtra"] as const) {
      for (const code of codesOf(kind)) {
        const row = rows.find((r) => r.puid === code) ?? rows.find((r) => r.puid.toLowerCase() === code.toLowerCase());
        if (!row) continue;
        const replaces = kind === "productMain" && withMain.has(row.id);
        found.set(targetKey(kind, code), { kind, code: row.puid, nameFr: row.nameFr, nameEn: row.nameEn, targetId: row.id, replaces });
      }
    }
  }

  if (providerCodes.length > 0) {
    const rows = await db
      .select({ id: providers.id, slug: providers.slug, name: providers.name })
      .from(providers)
      .where(inArray(sql`lower(${providers.slug})`, providerCodes));
    const current = new Set(
      (
        await db
          .select({ providerId: providerImages.providerId, role: providerImages.role })
          .from(providerImages)
          .where(
            inArray(
              providerImages.providerId,
              rows.map((r) => r.id),
            ),
          )
      ).map((r) => `${r.role}:${r.providerId}`),
    );
    for (const kind of ["providerPhoto", "providerLogo"] as const) {
      const role = kind === "providerPhoto" ? "PHOTO" : "LOGO";
      for (const code of codesOf(kind)) {
        const row = rows.find((r) => r.slug.toLowerCase() === code.toLowerCase());
        if (!row) continue;
        const replaces = current.has(`${role}:${row.id}`);
        found.set(targetKey(kind, code), { kind, code: row.slug, nameFr: row.name, nameEn: row.name, targetId: row.id, replaces });
      }
    }
  }
  return found;
}

/** One applied file of a confirmed upload, as its report shows it. */
export interface AppliedPhoto {
  file: string;
  target: PhotoTargetView;
  replaced: boolean;
}

/** The report of a confirmed upload: what was applied, and the files whose target was gone. */
export interface PhotoImportReport {
  id: string;
  zipName: string;
  /** ISO 8601. */
  appliedAt: string;
  actorEmail: string;
  applied: AppliedPhoto[];
  /** Files whose product or producer was deleted between the dry run and the confirmation. */
  gone: string[];
}

/**
 * Applies a checked upload's signed plan, in one transaction, and records it (`photos.imported`).
 * A plan confirmed twice is applied once: the second answers `alreadyApplied`.
 * @returns the report's id (and the applied images' hashes, whose variants the caller may warm up);
 *   `invalid` when the plan is not one this server signed for this staff
 *   user in the last 12 hours, or one of its images is gone (then nothing is applied).
 */
export async function confirmPhotoImport(
  db: Database,
  staff: Pick<StaffUser, "id" | "email">,
  token: string,
  now = new Date(),
): Promise<{ kind: "applied"; id: string; hashes: string[] } | { kind: "alreadyApplied"; id: string } | { kind: "invalid" }> {
  const plan = readPhotoPlan(token, staff.id, now);
  if (!plan) return { kind: "invalid" };
  const id = photoPlanId(token);
  if ((await auditTrail(db, PHOTO_IMPORT_ENTITY, id)).length > 0) return { kind: "alreadyApplied", id };

  const outcome = await db.transaction(async (tx) => {
    const imageIds = [...new Set(plan.links.map((l) => l.imageId))];
    const stored = new Map<number, StoredImage>(
      (await tx.select(storedImageColumns).from(images).where(inArray(images.id, imageIds)).for("update")).map((r) => [r.id, r]),
    );
    if (stored.size !== imageIds.length) return { kind: "invalid" } as const;
    const productIds = plan.links.filter((l) => l.kind.startsWith("product")).map((l) => l.targetId);
    const providerIds = plan.links.filter((l) => l.kind.startsWith("provider")).map((l) => l.targetId);
    const productRows = new Map(
      productIds.length === 0
        ? []
        : (
            await tx
              .select({ id: products.id, puid: products.puid, nameFr: products.nameFr, nameEn: products.nameEn })
              .from(products)
              .where(inArray(products.id, productIds))
          ).map((r) => [r.id, { code: r.puid, nameFr: r.nameFr, nameEn: r.nameEn }]),
    );
    const providerRows = new Map(
      providerIds.length === 0
        ? []
        : (
            await tx
              .select({ id: providers.id, slug: providers.slug, name: providers.name })
              .from(providers)
              .where(inArray(providers.id, providerIds))
          ).map((r) => [r.id, { code: r.slug, nameFr: r.name, nameEn: r.name }]),
    );
    const applied: AppliedPhoto[] = [];
    const gone: string[] = [];
    for (const link of plan.links) {
      const image = stored.get(link.imageId)!;
      const owner = (link.kind.startsWith("product") ? productRows : providerRows).get(link.targetId);
      if (!owner) {
        gone.push(link.file);
        continue;
      }
      // Alt text: the product's or producer's name, in each language (decision 035).
      const alt = { altFr: owner.nameFr, altEn: owner.nameEn };
      let replaced = false;
      if (link.kind === "productMain") replaced = await replaceMainProductPhoto(tx, link.targetId, image, alt);
      else if (link.kind === "productExtra") await addProductPhoto(tx, link.targetId, image, alt);
      else replaced = await setProviderImage(tx, link.targetId, link.kind === "providerPhoto" ? "PHOTO" : "LOGO", image, alt);
      applied.push({ file: link.file, target: { kind: link.kind, ...owner }, replaced });
    }
    await recordStaffChange(tx, {
      actor: staff,
      action: "photos.imported",
      entity: PHOTO_IMPORT_ENTITY,
      entityId: id,
      before: null,
      after: { zipName: plan.zipName, applied, gone },
      now,
    });
    // Photos are not among the tables whose changes the database announces (migration 0012):
    // announced here, so every process's cached pages show them.
    await tx.execute(sql`select pg_notify(${CATALOGUE_CHANNEL}, '')`);
    return { kind: "applied", id, hashes: [...stored.values()].map((image) => image.hash) } as const;
  });
  if (outcome.kind === "applied") clearDatabaseCaches(db);
  return outcome;
}

/** The report of the confirmed upload `id`, or null when there is none. */
export async function readPhotoImportReport(db: Database, id: string): Promise<PhotoImportReport | null> {
  if (!/^[0-9a-f]{24}$/.test(id)) return null;
  const [row] = await auditTrail(db, PHOTO_IMPORT_ENTITY, id);
  if (!row?.after) return null;
  const after = row.after as { zipName: string; applied: AppliedPhoto[]; gone: string[] };
  return {
    id,
    zipName: after.zipName,
    appliedAt: row.createdAt.toISOString(),
    actorEmail: row.actorEmail,
    applied: after.applied,
    gone: after.gone,
  };
}
