/**
 * The plan of a checked photo ZIP (decision 035), carried by the confirmation form instead of a
 * table: which stored image goes to which product or producer. The dry run stores the cleaned
 * images (unlinked, content-addressed) and signs the plan with an HMAC-SHA-256 under a key of
 * its own purpose (derived from the session secret); the confirmation applies only a plan this
 * server signed, for the same staff user, within {@link PLAN_LIFETIME_MS}. A forged or edited plan
 * cannot link an arbitrary image.
 */
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { strFromU8, strToU8, unzlibSync, zlibSync } from "fflate";
import { z } from "zod";
import { purposeKey } from "~/http/purpose-keys.server";

const PURPOSE = "cuvee/photo-import-plan/v1";

/** How long a dry run can be confirmed: 12 hours (unlinked images are swept after a day). */
export const PLAN_LIFETIME_MS = 12 * 60 * 60 * 1000;

/** What one planned link does: a product's main or extra photo, a producer's photo or logo. */
export const PLAN_KINDS = ["productMain", "productExtra", "providerPhoto", "providerLogo"] as const;
export type PlanKind = (typeof PLAN_KINDS)[number];

const PlanSchema = z.object({
  staffId: z.number().int(),
  issuedAt: z.number().int(),
  zipName: z.string().max(300),
  links: z
    .array(
      z.object({
        file: z.string().max(1000),
        kind: z.enum(PLAN_KINDS),
        targetId: z.number().int().positive(),
        imageId: z.number().int().positive(),
      }),
    )
    .max(5000),
});
export type PhotoPlan = z.infer<typeof PlanSchema>;

function macOf(payload: string): Buffer {
  return createHmac("sha256", purposeKey(PURPOSE)).update(payload).digest();
}

/** The signed, compressed plan: `<base64url payload>.<base64url MAC>`. */
export function signPhotoPlan(plan: PhotoPlan): string {
  const payload = Buffer.from(zlibSync(strToU8(JSON.stringify(plan)), { level: 9 })).toString("base64url");
  return `${payload}.${macOf(payload).toString("base64url")}`;
}

/**
 * The plan a token carries, when this server signed it for `staffId` less than
 * {@link PLAN_LIFETIME_MS} before `now`; null otherwise (forged, edited, another user's, expired).
 */
export function readPhotoPlan(token: string, staffId: number, now = new Date()): PhotoPlan | null {
  const match = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const expected = macOf(match[1]!);
  const given = Buffer.from(match[2]!, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let plan: PhotoPlan;
  try {
    const parsed = PlanSchema.safeParse(JSON.parse(strFromU8(unzlibSync(Buffer.from(match[1]!, "base64url")))));
    if (!parsed.success) return null;
    plan = parsed.data;
  } catch {
    return null;
  }
  if (plan.staffId !== staffId) return null;
  const age = now.getTime() - plan.issuedAt;
  return age >= 0 && age <= PLAN_LIFETIME_MS ? plan : null;
}

/** A plan's id (the audit row's and the report URL's): 24 hex characters of the token's SHA-256. */
export function photoPlanId(token: string): string {
  return createHash("sha256").update(token).digest("hex").slice(0, 24);
}
