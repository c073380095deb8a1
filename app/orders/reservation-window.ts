/**
 * The reservation payment window (docs/product.md#reservations, "Reservation window 5 days"): once the agency team
 * marks a reservation available, the customer has this many days to pay it, after which the
 * product returns to stock. Read by the reservations feature (the order's payment deadline and its
 * expiry), the order and reservation e-mails and every page that states the window (cart, checkout,
 * order history, the staff list), which pass it to their locale strings as `{{days}}`.
 *
 * Imports nothing: shared with the browser, and by checkout and reservations alike.
 */

/** Days a customer has to pay a reservation made available (integer, calendar days). */
export const RESERVATION_WINDOW_DAYS = 5;
