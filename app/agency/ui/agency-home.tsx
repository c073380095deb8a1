import { Link } from "react-router";
import type { AgencyDashboard } from "~/agency/dashboard.server";
import { formatLongDate } from "~/i18n/format";
import { useT } from "~/i18n/translation";

/**
 * The staff area's home: one card per thing waiting for the agency, each linking to
 * the list that shows it (filters in the URL).
 */
export function AgencyHome({ title, dashboard }: { title: string; dashboard: AgencyDashboard }) {
  const { t, i18n } = useT();
  const cards = [
    { key: "reservationsRequested", count: dashboard.reservationsRequested, to: "/agence/reservations?status=REQUESTED" },
    { key: "reservationsAvailable", count: dashboard.reservationsAvailable, to: "/agence/reservations?status=AVAILABLE" },
    { key: "ordersToHandle", count: dashboard.ordersToHandle, to: "/agence/commandes?fulfilment=NEW" },
    { key: "followUpsOverdue", count: dashboard.followUpsOverdue, to: "/agence/commandes?fulfilment=READY_FOR_PICKUP" },
    { key: "outboxFailed", count: dashboard.outboxFailed, to: "/agence/envois" },
    { key: "outboxDead", count: dashboard.outboxDead, to: "/agence/envois" },
  ] as const;
  return (
    <div>
      <h1 className="font-serif text-3xl">{title}</h1>
      <p className="mt-2 text-stone-700">{t("agency.intro")}</p>
      <ul className="mt-6 grid grid-cols-fit gap-4" data-testid="agency-dashboard">
        {cards.map((card) => (
          <li key={card.key}>
            <Link to={card.to} className="block rounded-lg border border-stone-200 p-4 hover:bg-wine-50">
              <span className="block text-3xl font-semibold text-wine-800">{card.count}</span>
              <span className="mt-1 block text-sm text-stone-700">{t(`agency.dashboard.${card.key}`, { count: card.count })}</span>
            </Link>
          </li>
        ))}
      </ul>
      <p className="mt-6 text-sm text-stone-700">
        {dashboard.lastImportAt
          ? t("agency.dashboard.lastImport", { date: formatLongDate(dashboard.lastImportAt, i18n.language) })
          : t("agency.dashboard.noImport")}{" "}
        <Link to="/agence/import" className="text-wine-800 underline">
          {t("agency.nav.import")}
        </Link>
      </p>
    </div>
  );
}
