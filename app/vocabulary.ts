/**
 * The shop's vocabulary, declared once (docs/product.md#catalogue-fields, docs/product.md#provinces-and-languages "Provinces, channels and inventories")
 * . Every module and every Drizzle column that holds one of these values takes its
 * type from here, so no row is ever cast. Shared with the browser: plain constants, no library.
 */

/** Provinces served (docs/product.md#provinces-and-languages Configuration): Quebec is the default. */
export const PROVINCES = ["QC", "ON"] as const;
export type Province = (typeof PROVINCES)[number];

/** Price display (docs/product.md#tax-display): taxes included (`IN`, default) or excluded (`OUT`). */
export const TAX_MODES = ["IN", "OUT"] as const;
export type TaxMode = (typeof TAX_MODES)[number];

/** Languages (docs/product.md#provinces-and-languages): fr-CA (default) and en-US. */
export const LOCALES = ["fr-CA", "en-US"] as const;
export type Locale = (typeof LOCALES)[number];

/** Sections of a cart and of an order (docs/product.md#cart): private import, shop, reserved (upcoming). */
export const CART_SECTIONS = ["AGENCY", "SHOP", "RESERVED"] as const;
export type CartSection = (typeof CART_SECTIONS)[number];

/**
 * Inventory codes of docs/product.md#channels-and-inventories: QC = IP, SAQ, Brouhh, MERCH_MTL; ON = PI, LCBO, MERCH_TORONTO;
 * store views STORE_MTL, STORE_QC, STORE_TORONTO. What each one does is data (the `inventories`
 * table), not a branch on its code.
 */
export const INVENTORY_CODES = [
  "IP",
  "SAQ",
  "Brouhh",
  "MERCH_MTL",
  "STORE_MTL",
  "STORE_QC",
  "PI",
  "LCBO",
  "MERCH_TORONTO",
  "STORE_TORONTO",
] as const;
export type InventoryCode = (typeof INVENTORY_CODES)[number];

/** Channel kind of an inventory: private import (by the case), liquor board (not sold here), shop (by the unit). */
export const CHANNEL_KINDS = ["PRIVATE_IMPORT", "LIQUOR_BOARD", "SHOP"] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];

/** How an inventory sells: full cases of `uvc` bottles, single units, or not at all here. */
export const SALES_UNITS = ["CASE", "UNIT", "NONE"] as const;
export type SalesUnit = (typeof SALES_UNITS)[number];

/** Availability of a product inventory (docs/product.md#channels-and-inventories filter selection). */
export const AVAILABILITY_STATUSES = ["AVAILABLE", "UPCOMING"] as const;
export type AvailabilityStatus = (typeof AVAILABILITY_STATUSES)[number];

/** Attribute families (docs/product.md#catalogue-fields Attribute.typeCode). */
export const ATTRIBUTE_TYPES = ["PRODUCT_COLOR", "PROVIDER", "BLOG_THEME"] as const;
export type AttributeType = (typeof ATTRIBUTE_TYPES)[number];

/** The liquor board of each province: it collects the private-import part at pick-up (docs/product.md#checkout). */
export const LIQUOR_BOARD_OF = { QC: "SAQ", ON: "LCBO" } as const satisfies Record<Province, string>;
export type LiquorBoard = (typeof LIQUOR_BOARD_OF)[Province];

/** Sales taxes (docs/product.md#taxes): GST and QST in Quebec, HST in Ontario. */
export const TAX_CODES = ["GST", "QST", "HST"] as const;
export type TaxCode = (typeof TAX_CODES)[number];

/**
 * Order statuses (docs/product.md#orders-and-payment Orders and payment):
 * - PENDING_PAYMENT: placed, stock held, waiting for the payment of the pay-now amount;
 * - PAID: the pay-now amount is paid;
 * - CONFIRMED: nothing was due now (only reservations), placed without payment;
 * - CANCELLED: the customer cancelled the payment or Stripe expired the session; stock returned;
 * - EXPIRED: the payment window passed; stock returned;
 * - REFUNDED: the agency gave the pay-now amount back (the stock rule in decision 019).
 */
export const ORDER_STATUSES = ["PENDING_PAYMENT", "PAID", "CONFIRMED", "CANCELLED", "EXPIRED", "REFUNDED"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Who takes the payment of an order: Stripe Checkout, the local simulated page, or nobody (nothing due). */
export const PAYMENT_PROVIDERS = ["stripe", "simulated", "none"] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/** Where one payment at a provider stands (docs/decisions/032): open, paid, given up (expired or cancelled), refunded. */
export const PAYMENT_STATUSES = ["OPEN", "PAID", "CANCELLED", "REFUNDED"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** The two parts of an order's money (docs/product.md#prices Money): paid now to the agency, or at the liquor board. */
export const PAYMENT_PARTS = ["PAY_NOW", "LIQUOR_BOARD"] as const;
export type PaymentPart = (typeof PAYMENT_PARTS)[number];

/**
 * Reservation statuses (docs/product.md#reservations reservation and pre-orders; docs/product.md#reservations Reservations):
 * - REQUESTED: placed with an order, waiting for the product to arrive;
 * - AVAILABLE: staff marked it available: stock held, the customer e-mailed a payment link, the
 *   5-day window running (its order PENDING_PAYMENT);
 * - PAID: paid through that link (its order PAID);
 * - EXPIRED: the window passed unpaid; the stock returned;
 * - CANCELLED: the agency cancelled the request (the product will not come).
 */
export const RESERVATION_STATUSES = ["REQUESTED", "AVAILABLE", "PAID", "EXPIRED", "CANCELLED"] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];

/**
 * Where a paid order stands on its way to the customer (docs/product.md#branch-follow-up agency order):
 * - NEW: paid or confirmed, nothing done by the agency yet;
 * - AGENCY_FEES_RECEIVED: staff confirmed the agency fees are in (the order goes to the liquor board);
 * - READY_FOR_PICKUP: ready at the branch or boutique; the 10-business-day follow-up runs (docs/product.md#branch-follow-up);
 * - PICKED_UP: the customer took it.
 */
export const FULFILMENT_STATUSES = ["NEW", "AGENCY_FEES_RECEIVED", "READY_FOR_PICKUP", "PICKED_UP"] as const;
export type FulfilmentStatus = (typeof FULFILMENT_STATUSES)[number];

/**
 * What a staff change did, as the audit table records it: one value per kind of
 * change, named `<thing>.<change>`.
 */
export const AUDIT_ACTIONS = [
  "reservation.available",
  "reservation.cancelled",
  "order.agencyFeesReceived",
  "order.readyForPickup",
  "order.pickedUp",
  "order.refunded",
  "catalogue.imported",
  "outbox.resent",
  "product.edited",
  "product.photoAdded",
  "product.photosChanged",
  "producer.edited",
  "producer.photoAdded",
  "producer.photosChanged",
  "photos.imported",
  "blog.created",
  "blog.edited",
  "blog.statusChanged",
  "blog.published",
  "carousel.edited",
  "contentPage.edited",
  "contentPage.restored",
  "member.tastingRecorded",
  "member.tastingRemoved",
  "memberEvent.created",
  "memberEvent.edited",
  "product.allocationChanged",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * A catalogue import: CHECKED after the dry run (the file kept, nothing applied),
 * APPLIED once confirmed and written, REFUSED when its dry run found a refused line (nothing can be
 * applied).
 */
export const CATALOGUE_IMPORT_STATUSES = ["CHECKED", "APPLIED", "REFUSED"] as const;
export type CatalogueImportStatus = (typeof CATALOGUE_IMPORT_STATUSES)[number];

/** Roles of a user account (docs/product.md#accounts Accounts): customers, and the agency's staff. */
export const ROLES = ["customer", "staff"] as const;
export type Role = (typeof ROLES)[number];

/** The two addresses of a customer's profile (docs/product.md#accounts User: addresses for delivery and billing). */
export const ADDRESS_KINDS = ["DELIVERY", "BILLING"] as const;
export type AddressKind = (typeof ADDRESS_KINDS)[number];

/** Canadian provinces and territories, by their postal abbreviation (an address's province). */
export const CANADIAN_PROVINCES = ["AB", "BC", "MB", "NB", "NL", "NS", "NT", "NU", "ON", "PE", "QC", "SK", "YT"] as const;
export type CanadianProvince = (typeof CANADIAN_PROVINCES)[number];

/** Kinds of subscription plan (docs/product.md#subscriptions subscription plans): the yearly membership, or a discovery package. */
export const PLAN_KINDS = ["MEMBERSHIP", "DISCOVERY"] as const;
export type PlanKind = (typeof PLAN_KINDS)[number];

/** How often a plan renews (docs/product.md#members: membership per year; discovery packages per month or per year). */
export const PLAN_INTERVALS = ["month", "year"] as const;
export type PlanInterval = (typeof PLAN_INTERVALS)[number];

/**
 * Subscription statuses (docs/product.md#discovery-subscribers discovery subscription, docs/product.md#members members):
 * - PENDING_PAYMENT: bought, the first payment not made yet (abandoned: EXPIRED);
 * - ACTIVE: paid up to `current_period_end` (cancelled at period end: still ACTIVE until then);
 * - PAST_DUE: a renewal payment failed; no benefits until it is paid (the plan is still held);
 * - CANCELLED: ended (cancelled and the paid period over, or ended by Stripe);
 * - EXPIRED: the first payment never came.
 */
export const SUBSCRIPTION_STATUSES = ["PENDING_PAYMENT", "ACTIVE", "PAST_DUE", "CANCELLED", "EXPIRED"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Kinds of blog article (docs/product.md#blogs Blog.type, /blogs `type`): a general article, a producer's portrait, a region. */
export const BLOG_TYPES = ["ARTICLE", "PRODUCER_PORTRAIT", "REGION"] as const;
export type BlogType = (typeof BLOG_TYPES)[number];

/**
 * Where an article stands on the content desk (docs/decisions/045):
 * - DRAFT: written, seen only by staff;
 * - SCHEDULED: to be published by itself at `publish_at` (a sweep, whichever process runs it);
 * - PUBLISHED: on `/blogs`, in search, the sitemap and the feeds;
 * - UNPUBLISHED: taken down (its slug answers not found), may be published again.
 */
export const BLOG_STATUSES = ["DRAFT", "SCHEDULED", "PUBLISHED", "UNPUBLISHED"] as const;
export type BlogStatus = (typeof BLOG_STATUSES)[number];

/**
 * What lowered a customer's private-import prices (decision 048): the membership's member prices, or
 * an active discovery package's preferential prices. One applies, never both.
 */
export const PRICE_BENEFITS = ["MEMBER", "DISCOVERY"] as const;
export type PriceBenefit = (typeof PRICE_BENEFITS)[number];

/**
 * Members' private events: a 5 à 7 with a winemaker, a new-arrivals tasting, an exclusive event.
 */
export const MEMBER_EVENT_KINDS = ["WINEMAKER", "NEW_ARRIVALS", "EXCLUSIVE"] as const;
export type MemberEventKind = (typeof MEMBER_EVENT_KINDS)[number];

/** What a carousel item shows: a product (one card, whatever its channels), a producer or an article. */
export const CAROUSEL_ITEM_KINDS = ["product", "provider", "blog"] as const;
export type CarouselItemKind = (typeof CAROUSEL_ITEM_KINDS)[number];

/** The content pages of docs/product.md#who-it-serves route table, by URL path (without the leading slash). */
export const CONTENT_PAGE_SLUGS = ["faq", "orders-deliveries", "pricing-policy", "about-us", "services", "understand-product"] as const;
export type ContentPageSlug = (typeof CONTENT_PAGE_SLUGS)[number];

/** Motifs of the generated blog cover image. */
export const BLOG_COVER_MOTIFS = ["grapes", "glass", "bottle", "hills", "leaf"] as const;
export type BlogCoverMotif = (typeof BLOG_COVER_MOTIFS)[number];

/**
 * Newsletter interests per province (docs/product.md#newsletter): what a subscriber wants to hear
 * about. The codes are what `newsletter_signups.interests` stores; each interest's number (1 to 5)
 * is its place in its province's list, and is what the form posts and Mailchimp receives
 * (docs/decisions/014-newsletter.md, "Numbered interests"). Append only: never reorder.
 */
export const NEWSLETTER_INTERESTS = {
  QC: ["arrivalAtSAQ", "IParrival", "ourEvents", "ourRestaurant", "generalNews"],
  ON: ["privateOrders", "events", "ourRestaurant", "lcbo", "generalNews"],
} as const satisfies Record<Province, readonly string[]>;
export type NewsletterInterest = (typeof NEWSLETTER_INTERESTS)[Province][number];

/**
 * Where a newsletter sign-up stands (docs/product.md#newsletter newsletter):
 * - SUBSCRIBED: the mailing list accepted it, or answered "Member Exists";
 * - STORED: kept here only (no mailing list configured);
 * - PENDING: saved, its call to the mailing list waiting in the outbox (decision 027);
 * - FAILED: the mailing list refused it or could not be reached (the outbox tries again).
 */
export const NEWSLETTER_STATUSES = ["SUBSCRIBED", "STORED", "PENDING", "FAILED"] as const;
export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];

/**
 * Where a message of the outbox stands (decision 027): everything that must follow a saved change
 * (an e-mail, a Mailchimp call) is written in the change's transaction and sent afterwards.
 * - PENDING: not tried yet;
 * - FAILED: a try failed; tried again at `nextAttemptAt` (exponential back-off);
 * - SENT: handed to the mail server or accepted by the service;
 * - DEAD: failed every try; waits for staff to resend it (`/agence/envois`).
 */
export const OUTBOX_STATUSES = ["PENDING", "FAILED", "SENT", "DEAD"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/**
 * Formats of a stored image (decision 035): what an upload may be, checked by its content, never
 * its name. The cleaned original keeps its format (JPEG, PNG, WebP or AVIF).
 */
export const IMAGE_FORMATS = ["jpeg", "png", "webp", "avif"] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/** Formats of the served variants (decision 035), best first: AVIF, WebP, then JPEG for the rest. */
export const IMAGE_VARIANT_FORMATS = ["avif", "webp", "jpeg"] as const;
export type ImageVariantFormat = (typeof IMAGE_VARIANT_FORMATS)[number];

/** What a producer's image is: the photo of its page and card, or its logo (decision 035). */
export const PROVIDER_IMAGE_ROLES = ["PHOTO", "LOGO"] as const;
export type ProviderImageRole = (typeof PROVIDER_IMAGE_ROLES)[number];

/** Type guard for a value of one of the lists above: `isOneOf(PROVINCES, value)`. */
export function isOneOf<T extends string>(values: readonly T[], value: unknown): value is T {
  return typeof value === "string" && (values as readonly string[]).includes(value);
}
