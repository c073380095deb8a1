/**
 * The demo carousels (docs/decisions/047-carousels.md), made at boot with the demo data and by
 * `npm run seed` through the staff editor's own function ({@link editCarousel}), so they are
 * audited and numbered like any staff change: per province, a home selection of eight products
 * sold there with stock (one per producer, one card per product) and a "coming soon" of its
 * upcoming products; for both provinces, new arrivals with two producers and two articles. A
 * carousel that already exists is left as staff arranged it; running it twice changes nothing.
 */
import { and, asc, desc, eq, gt, isNotNull, isNull, notInArray } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { blogs, carousels, productListing, providers } from "~/db/schema";
import type { Province } from "~/vocabulary";
import type { CarouselGroup } from "./carousel-groups";
import { type CarouselEditor, editCarousel } from "./carousels.server";

/** The audit rows' author of the demo's carousels (no account). */
const DEMO_EDITOR: CarouselEditor = { id: null, email: "demo-seed" };
/** Products of a province's demo selection. */
const SELECTION_SIZE = 8;
/** Products of a province's demo "coming soon". */
const UPCOMING_SIZE = 4;

/**
 * Creates the demo carousels that do not exist yet.
 * @returns the number of carousels created
 */
export async function seedDemoCarousels(db: Database, now = new Date()): Promise<number> {
  let created = 0;
  for (const province of ["QC", "ON"] as const) {
    const selection = await productsOf(db, province, "AVAILABLE", SELECTION_SIZE, []);
    created += await fill(db, "home-selection", province, selection, now);
    const chosen = selection.map((item) => item.id);
    created += await fill(db, "upcoming", province, await productsOf(db, province, "UPCOMING", UPCOMING_SIZE, chosen), now);
  }
  const someProviders = await db.select({ id: providers.id }).from(providers).orderBy(asc(providers.id)).limit(2);
  const someBlogs = await db
    .select({ id: blogs.id })
    .from(blogs)
    .where(and(eq(blogs.status, "PUBLISHED"), isNotNull(blogs.publishedAt)))
    .orderBy(desc(blogs.publishedAt), asc(blogs.id))
    .limit(2);
  const news = [
    ...someBlogs.map((row) => ({ kind: "blog" as const, id: row.id })),
    ...someProviders.map((row) => ({ kind: "provider" as const, id: row.id })),
  ];
  created += await fill(db, "new-arrivals", null, news, now);
  return created;
}

/**
 * Up to `limit` products of a province's default list with that availability (and stock when
 * AVAILABLE), one per producer, other than `except`.
 */
async function productsOf(db: Database, province: Province, status: "AVAILABLE" | "UPCOMING", limit: number, except: number[]) {
  const rows = await db
    .selectDistinctOn([productListing.providerId], { id: productListing.productId, providerId: productListing.providerId })
    .from(productListing)
    .where(
      and(
        eq(productListing.province, province),
        eq(productListing.defaultListed, true),
        eq(productListing.availabilityStatus, status),
        status === "AVAILABLE" ? gt(productListing.quantity, 0) : undefined,
        except.length > 0 ? notInArray(productListing.productId, except) : undefined,
      ),
    )
    .orderBy(asc(productListing.providerId), asc(productListing.productId))
    .limit(limit);
  return rows.map((row) => ({ kind: "product" as const, id: row.id }));
}

/** Adds the items to the group's carousel when it does not exist yet; 1 when created, else 0. */
async function fill(
  db: Database,
  group: CarouselGroup,
  province: Province | null,
  items: { kind: "product" | "provider" | "blog"; id: number }[],
  now: Date,
): Promise<number> {
  if (items.length === 0) return 0;
  const [existing] = await db
    .select({ id: carousels.id })
    .from(carousels)
    .where(and(eq(carousels.groupCode, group), province === null ? isNull(carousels.province) : eq(carousels.province, province)))
    .limit(1);
  if (existing) return 0;
  let version = 0;
  for (const item of items) {
    const outcome = await editCarousel(
      db,
      DEMO_EDITOR,
      { group, province },
      version,
      {
        op: "add",
        kind: item.kind,
        targetId: item.id,
        startsAt: null,
        endsAt: null,
      },
      now,
    );
    if (outcome.kind !== "saved") return 0;
    version = outcome.version;
  }
  return 1;
}
