/**
 * The member's in-store tastings on /account (docs/decisions/049-member-tastings-and-allocations.md):
 * how many of the year's are left ("3 dégustations sur 4 restantes cette année") and the days
 * and boutiques of those used.
 */
import { boutiqueNameKey } from "~/i18n/channel-names";
import { formatShopDay } from "~/i18n/format";
import { useT } from "~/i18n/translation";

export interface AccountTastingsData {
  year: { firstDay: string; lastDay: string };
  allowed: number;
  left: number;
  tastings: { id: number; tastedOn: string; storeCode: string; withGuest: boolean }[];
}

/** On `/account`: the tastings left this membership year and the days used (decision 049). */
export function AccountTastings({ tastings }: { tastings: AccountTastingsData }) {
  const { t, i18n } = useT();
  const day = (d: string) => formatShopDay(d, i18n.language);
  return (
    <section aria-labelledby="tastings-title" className="mt-10" data-testid="account-tastings">
      <h2 id="tastings-title" className="font-serif text-2xl">
        {t("memberTastings.account.title")}
      </h2>
      <p className="mt-2 font-semibold" data-testid="tastings-left">
        {t("memberTastings.left", { count: tastings.left, allowed: tastings.allowed })}
      </p>
      <p className="mt-1 text-sm text-stone-700">
        {t("memberTastings.account.help", { from: day(tastings.year.firstDay), until: day(tastings.year.lastDay) })}
      </p>
      {tastings.tastings.length > 0 ? (
        <ul className="mt-3 list-disc space-y-1 pl-5" data-testid="tastings-used">
          {tastings.tastings.map((tasting) => (
            <li key={tasting.id}>
              {t(tasting.withGuest ? "memberTastings.account.usedWithGuest" : "memberTastings.account.used", {
                date: day(tasting.tastedOn),
                store: t(boutiqueNameKey(tasting.storeCode)),
              })}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
