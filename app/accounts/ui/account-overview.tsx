import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { useT } from "~/i18n/translation";
import type { SubscriptionSummary } from "~/subscriptions/subscription-types";
import { AccountSubscriptions, type CancelRefusal } from "~/subscriptions/ui/account-subscriptions";

/**
 * The /account overview (docs/product.md#accounts "My account: order history, profile, subscriptions"): the
 * greeting with the first name, links to the profile, the order history and the favourites, the subscriptions with
 * their cancel forms, a notice after a cancellation, and the logout button.
 */
export function AccountOverview({
  firstName,
  email,
  subscriptions,
  cancelledNotice,
  refusal,
  staff,
  benefits = null,
}: {
  firstName: string;
  email: string;
  subscriptions: SubscriptionSummary[];
  /** After a cancellation: the plan and the date its benefits end. */
  cancelledNotice: { plan: string; date: string } | null;
  refusal: CancelRefusal | undefined;
  /** The agency's staff: a link to the staff area. */
  staff: boolean;
  /** A member's benefits shown after the subscriptions (their tastings, decision 049). */
  benefits?: ReactNode;
}) {
  const { t } = useT();
  return (
    <div className="mx-auto max-w-3xl py-10" data-testid="account-page">
      <h1 className="font-serif text-3xl">{t("auth.account.hello", { name: firstName })}</h1>
      <p className="mt-2 text-stone-700">{t("auth.account.signedInAs", { email })}</p>
      {cancelledNotice ? (
        <p role="status" className="mt-6 rounded border border-green-300 bg-green-50 p-3 text-green-900" data-testid="cancel-notice">
          {t("subscriptions.account.cancelledNotice", cancelledNotice)}
        </p>
      ) : null}
      <nav aria-label={t("subscriptions.overview.navLabel")} className="mt-8">
        <ul className="grid grid-cols-fit gap-4">
          <li>
            <Link to="/account/profile" className="block rounded-lg border border-stone-200 p-4 hover:bg-wine-50">
              <span className="block font-semibold text-wine-800">{t("subscriptions.overview.profile")}</span>
              <span className="mt-1 block text-sm text-stone-600">{t("subscriptions.overview.profileHelp")}</span>
            </Link>
          </li>
          <li>
            <Link to="/account/sales" className="block rounded-lg border border-stone-200 p-4 hover:bg-wine-50">
              <span className="block font-semibold text-wine-800">{t("subscriptions.overview.sales")}</span>
              <span className="mt-1 block text-sm text-stone-600">{t("subscriptions.overview.salesHelp")}</span>
            </Link>
          </li>
          <li>
            <Link
              to="/account/favorites"
              className="block rounded-lg border border-stone-200 p-4 hover:bg-wine-50"
              data-testid="favorites-link"
            >
              <span className="block font-semibold text-wine-800">{t("favorites.title")}</span>
              <span className="mt-1 block text-sm text-stone-600">{t("favorites.help")}</span>
            </Link>
          </li>
          <li>
            <Link to="/account/events" className="block rounded-lg border border-stone-200 p-4 hover:bg-wine-50" data-testid="events-link">
              <span className="block font-semibold text-wine-800">{t("memberEvents.account.link")}</span>
              <span className="mt-1 block text-sm text-stone-600">{t("memberEvents.account.linkHelp")}</span>
            </Link>
          </li>
          {staff ? (
            <li>
              <Link to="/agence" className="block rounded-lg border border-stone-200 p-4 hover:bg-wine-50" data-testid="staff-area-link">
                <span className="block font-semibold text-wine-800">{t("agency.title")}</span>
                <span className="mt-1 block text-sm text-stone-600">{t("agency.intro")}</span>
              </Link>
            </li>
          ) : null}
        </ul>
      </nav>
      <AccountSubscriptions subscriptions={subscriptions} refusal={refusal} />
      {benefits}
      <Form method="post" action="/logout" className="mt-10">
        <button type="submit" className="rounded border border-stone-400 px-4 py-2">
          {t("auth.logout")}
        </button>
      </Form>
    </div>
  );
}
