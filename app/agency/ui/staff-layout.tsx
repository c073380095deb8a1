import type { ReactNode } from "react";
import { NavLink } from "react-router";
import { useT } from "~/i18n/translation";

/** The staff area's sections, in the order of the menu. */
export const STAFF_SECTIONS = [
  { to: "/agence", key: "home", end: true },
  { to: "/agence/reservations", key: "reservations", end: false },
  { to: "/agence/commandes", key: "orders", end: false },
  { to: "/agence/produits", key: "products", end: false },
  { to: "/agence/producteurs", key: "producers", end: false },
  { to: "/agence/import", key: "import", end: false },
  { to: "/agence/photos", key: "photos", end: false },
  { to: "/agence/articles", key: "articles", end: false },
  { to: "/agence/carrousels", key: "carousels", end: false },
  { to: "/agence/pages", key: "pages", end: false },
  { to: "/agence/evenements", key: "events", end: false },
  { to: "/agence/utilisateurs", key: "users", end: false },
  { to: "/agence/membres", key: "members", end: false },
  { to: "/agence/envois", key: "outbox", end: false },
] as const;

/**
 * The frame of every `/agence` page: the area's menu (the current section marked
 * `aria-current="page"`) and the page. Staff only; labels follow the visitor's language.
 */
export function StaffLayout({ children }: { children: ReactNode }) {
  const { t } = useT();
  return (
    <div className="mx-auto max-w-7xl py-6" data-testid="staff-area">
      <nav aria-label={t("agency.navLabel")} className="border-b border-stone-200 pb-3 print:hidden">
        <ul className="flex flex-wrap gap-2">
          {STAFF_SECTIONS.map((section) => (
            <li key={section.key}>
              <NavLink
                to={section.to}
                end={section.end}
                className="inline-block min-h-11 rounded px-3 py-2.5 text-sm font-medium text-stone-700 hover:bg-wine-50 aria-[current=page]:bg-wine-800 aria-[current=page]:text-white"
              >
                {t(`agency.nav.${section.key}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="pt-6">{children}</div>
    </div>
  );
}
