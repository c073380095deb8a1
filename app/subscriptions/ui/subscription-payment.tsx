import type { SubmissionResult } from "@conform-to/react";
import { Link, useNavigation } from "react-router";
import { MessagePage } from "~/components/ui/message-page";
import { PayOrCancel } from "~/components/ui/pay-or-cancel";
import { useT } from "~/i18n/translation";
import type { SubscriptionSummary } from "~/subscriptions/subscription-types";
import { PlanPrice } from "./plan-card";

/**
 * The local simulated payment page of a subscription (never in production): the plan,
 * its price, 'Payer' (the subscription becomes active for one period) and 'Annuler' (nothing is
 * charged; the purchase is left to expire). A refused form shows its first message.
 */
export function SubscriptionPaymentPage({
  subscription,
  refusal,
}: {
  subscription: SubscriptionSummary;
  refusal: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useT();
  const busy = useNavigation().state === "submitting";
  const error = refusal ? (refusal.error?.intent?.[0] ?? "subscriptions.errors.paymentFailed") : undefined;
  return (
    <MessagePage title={t("subscriptions.payment.title")} testId="subscription-payment-page">
      <p className="mx-auto mt-2 max-w-xl rounded bg-amber-100 p-2 text-sm">{t("subscriptions.payment.simulatedNotice")}</p>
      <p className="mt-4">{subscription.planName}</p>
      <p className="mt-2 text-2xl font-semibold" data-testid="subscription-amount">
        <PlanPrice priceCents={subscription.priceCents} interval={subscription.interval} />
      </p>
      <p className="mt-2 text-sm text-stone-600">{t(`subscriptions.payment.renewal.${subscription.interval}`)}</p>
      {error ? (
        <p role="alert" className="mx-auto mt-4 max-w-xl rounded border border-red-300 bg-red-50 p-3 text-red-800">
          {t(error)}
        </p>
      ) : null}
      <div className="mt-6 flex justify-center gap-3">
        <PayOrCancel busy={busy} payLabel={t("subscriptions.payment.pay")} cancelLabel={t("subscriptions.payment.cancel")} />
      </div>
    </MessagePage>
  );
}

/** After a payment (Stripe's return, or the simulated page): the subscription's status in words. */
export function SubscriptionReturnPage({ subscription, unavailable }: { subscription: SubscriptionSummary; unavailable: boolean }) {
  const { t } = useT();
  const { status, planName, periodEnd } = subscription;
  const message =
    status === "ACTIVE" || status === "PAST_DUE"
      ? t(subscription.cancelAtPeriodEnd ? "subscriptions.result.endsOn" : `subscriptions.result.${status}`, {
          plan: planName,
          date: periodEnd ?? "",
        })
      : t(`subscriptions.result.${status}`, { plan: planName });
  return (
    <MessagePage title={t(status === "ACTIVE" ? "subscriptions.result.thanks" : "subscriptions.result.title")} testId="subscription-result">
      <p className="mt-4" data-testid="subscription-status" data-status={status}>
        {message}
      </p>
      {unavailable ? <p className="mt-2 text-sm text-stone-600">{t("subscriptions.errors.paymentUnavailable")}</p> : null}
      <p className="mt-6 flex flex-wrap justify-center gap-3">
        {status === "PENDING_PAYMENT" && subscription.paymentPath ? (
          <Link to={subscription.paymentPath} className="rounded border border-stone-400 px-4 py-2">
            {t("subscriptions.result.finishPayment")}
          </Link>
        ) : null}
        <Link to="/account" className="rounded bg-wine-700 px-4 py-2 text-white">
          {t("subscriptions.result.toAccount")}
        </Link>
      </p>
    </MessagePage>
  );
}
