import type { SubmissionResult } from "@conform-to/react";
import { Link } from "react-router";
import { useT } from "~/i18n/translation";
import type { SubscriptionSummary } from "~/subscriptions/subscription-types";
import { ButtonForm, PlanPrice } from "./plan-card";

/** What the account's action answered when it refused a cancellation. */
export interface CancelRefusal {
  result: SubmissionResult<string[]>;
  subscriptionId: number | null;
}

const STATUS_STYLES: Record<SubscriptionSummary["status"], string> = {
  ACTIVE: "bg-green-100 text-green-900",
  PAST_DUE: "bg-amber-100 text-amber-900",
  PENDING_PAYMENT: "bg-stone-100 text-stone-800",
  CANCELLED: "bg-stone-100 text-stone-700",
  EXPIRED: "bg-stone-100 text-stone-700",
};

/**
 * The customer's subscriptions on /account: plan, price, status and renewal or end
 * date; a running one has its cancel POST (cancelled at the end of the paid period), a pending one
 * a link to finish paying.
 */
export function AccountSubscriptions({
  subscriptions,
  refusal,
}: {
  subscriptions: SubscriptionSummary[];
  refusal: CancelRefusal | undefined;
}) {
  const { t } = useT();
  return (
    <section aria-labelledby="subscriptions-title" className="mt-10" data-testid="account-subscriptions">
      <h2 id="subscriptions-title" className="font-serif text-2xl">
        {t("subscriptions.account.title")}
      </h2>
      {subscriptions.length === 0 ? (
        <p className="mt-3">
          {t("common.noRecords")}.{" "}
          <Link to="/subscriptions" className="text-wine-800 underline">
            {t("subscriptions.account.browse")}
          </Link>
        </p>
      ) : (
        <ul className="mt-4 space-y-4">
          {subscriptions.map((s) => {
            const lastResult = refusal?.subscriptionId === s.id ? refusal.result : undefined;
            return (
              <li key={s.id} className="rounded-lg border border-stone-200 p-4" data-testid={`subscription-${s.id}`}>
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h3 className="text-lg font-semibold">{s.planName}</h3>
                  <span className={`rounded-full px-3 py-0.5 text-sm ${STATUS_STYLES[s.status]}`} data-testid="subscription-status">
                    {t(`subscriptions.status.${s.status}`)}
                  </span>
                </div>
                <p className="text-stone-700">
                  <PlanPrice priceCents={s.priceCents} interval={s.interval} />
                </p>
                <p className="mt-1 text-sm" data-testid="subscription-date">
                  {dateLine(s, t)}
                </p>
                <CancelForm subscription={s} lastResult={lastResult} />
                {s.paymentPath ? (
                  <p className="mt-3">
                    <Link to={s.paymentPath} className="text-wine-800 underline">
                      {t("subscriptions.result.finishPayment")}
                    </Link>
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/**
 * The cancel POST of a running subscription (`CancelSubscriptionSchema`, checked by the action).
 * A refusal still shows when the button is gone (the subscription ended meanwhile).
 */
function CancelForm({
  subscription: s,
  lastResult,
}: {
  subscription: SubscriptionSummary;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useT();
  return (
    <ButtonForm
      id={`cancel-subscription-${s.id}`}
      fields={{ intent: "cancel-subscription", subscriptionId: String(s.id) }}
      busyWhen="subscriptionId"
      lastResult={lastResult}
      shown={s.live && !s.cancelAtPeriodEnd}
      className="mt-3"
    >
      {(button) => (
        <>
          <button
            {...button}
            aria-label={t("subscriptions.account.cancelNamed", { plan: s.planName })}
            className="rounded border border-stone-400 px-3 py-1 text-sm"
          >
            {t("subscriptions.account.cancel")}
          </button>
          <span className="ml-3 text-xs text-stone-600">{t("subscriptions.account.cancelHelp")}</span>
        </>
      )}
    </ButtonForm>
  );
}

function dateLine(s: SubscriptionSummary, t: ReturnType<typeof useT>["t"]): string {
  if (s.status === "PENDING_PAYMENT") return t("subscriptions.account.pending");
  if (!s.periodEnd) return "";
  if (s.live) return t(s.cancelAtPeriodEnd ? "subscriptions.account.endsOn" : "subscriptions.account.renewsOn", { date: s.periodEnd });
  return t("subscriptions.account.endedOn", { date: s.periodEnd });
}
