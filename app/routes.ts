/**
 * The route table of SPEC §2, written out. Unknown paths render the not-found page with a 404.
 */
import { index, route, type RouteConfig } from "@react-router/dev/routes";
import { CONTENT_PAGE_SLUGS } from "./content/page-types";

export default [
  index("routes/home.tsx"),
  route("products", "routes/products.tsx"),
  route("products/:slug", "routes/product.tsx"),
  route("providers", "routes/providers.tsx"),
  route("providers/:slug", "routes/provider.tsx"),
  route("global-search", "routes/global-search.tsx"),
  route("blogs", "routes/blogs.tsx"),
  route("blogs/:id", "routes/blog.tsx"),
  route("boutiques", "routes/stores.tsx"),
  route("boutiques/:city", "routes/store.tsx"),
  route("shopping-cart", "routes/shopping-cart.tsx"),
  route("shopping-cart-empty", "routes/shopping-cart-empty.tsx"),
  route("login", "routes/login.tsx"),
  route("register", "routes/register.tsx"),
  route("forgot-password", "routes/forgot-password.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  route("logout", "routes/logout.ts"),
  route("account", "routes/account.tsx"),
  route("account/profile", "routes/account.profile.tsx"),
  route("account/sales", "routes/account.sales.tsx"),
  route("account/invoices/:orderNumber", "routes/account.invoice.ts"),
  route("checkout", "routes/checkout.tsx"),
  route("checkout/payment", "routes/checkout.payment.tsx"),
  route("checkout/confirmation", "routes/checkout.confirmation.tsx"),
  // The payment link of a reservation made available: a signed token, works for a guest.
  route("reservations/:token", "routes/reservation.tsx"),
  route("subscriptions", "routes/subscriptions.tsx"),
  route("subscriptions/payment", "routes/subscriptions.payment.tsx"),
  route("subscriptions/return", "routes/subscriptions.return.tsx"),
  route("membres", "routes/membres.tsx"),
  route("discovery", "routes/discovery.tsx"),
  ...CONTENT_PAGE_SLUGS.map((slug) => route(slug, "routes/content-page.tsx", { id: `content-${slug}` })),
  route("contact", "routes/contact.tsx"),
  route("newsletter", "routes/newsletter.tsx"),
  // The agency's staff area: 404 to anyone but staff.
  route("agence", "routes/agence.tsx", [
    index("routes/agence._index.tsx"),
    route("reservations", "routes/agence.reservations.tsx"),
    route("commandes", "routes/agence.commandes.tsx"),
    route("commandes/:orderNumber", "routes/agence.commande.tsx"),
    route("import", "routes/agence.import.tsx"),
    route("photos", "routes/agence.photos.tsx"),
    route("utilisateurs", "routes/agence.utilisateurs.tsx"),
    route("envois", "routes/agence.envois.tsx"),
  ]),
  // The printable price list and producers list (SPEC §7 GET /listing, §2 producers printing).
  route("listing", "routes/listing.ts"),
  route("listing/providers", "routes/listing.providers.ts"),
  route("webhooks/:provider", "routes/webhooks.$provider.ts"),
  route("preferences", "routes/preferences.ts"),
  route("visitor", "routes/visitor.tsx"),
  // What leaving for the other province does, for a logged-in customer; its POST does it (decision 028).
  route("province", "routes/province.tsx"),
  route("images/products/:file", "routes/images.products.ts"),
  route("images/providers/:file", "routes/images.providers.ts"),
  route("images/blogs/:file", "routes/images.blogs.ts"),
  route("media/:hash/:file", "routes/media.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("sitemap/:file", "routes/sitemap.file.ts"),
  route("not-found", "routes/not-found.tsx"),
  // `/qc` and `/on` are the home page in a province; any other single segment is not found.
  route(":region", "routes/home.tsx", { id: "home-region" }),
  route("*", "routes/not-found.tsx", { id: "catch-all" }),
] satisfies RouteConfig;
