/**
 * The branch follow-up of a private-import order (docs/product.md#branch-follow-up agency order "the branch should contact
 * the customer within 10 business days", "Agency follow-up 10 business days"): once the agency
 * fees are paid, the liquor-store branch contacts the customer within this many business days
 * (see `addBusinessDays` in ~/fulfilment/business-days), after which the customer writes to support. Read by
 * the fulfilment (the follow-up date), the order e-mail, the checkout and confirmation pages and the
 * sales page, which pass it to their locale strings as `{{days}}`.
 *
 * Imports nothing: shared with the browser without pulling the holiday calendars in.
 */

/** Business days within which the branch contacts the customer once the agency fees are paid. */
export const BRANCH_FOLLOW_UP_BUSINESS_DAYS = 10;
