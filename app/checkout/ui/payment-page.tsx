import { Link, useNavigation } from "react-router";
import { MessagePage } from "~/components/ui/message-page";
import { PayOrCancel } from "~/components/ui/pay-or-cancel";
import { formatMoney } from "~/i18n/format";
import { useT } from "~/i18n/translation";
import type { OrderStatus, Province } from "~/vocabulary";

/** The payment page of a pending order: the amount due now, Pay and Cancel. */
export function PaymentPage({
  data,
  error,
}: {
  data: {
    status: OrderStatus;
    simulated: boolean;
    orderNumber: string;
    payNowCents: number;
    payAtLiquorBoardCents: number;
    province: Province;
  };
  error: "paymentFailed" | "paymentUnavailable" | "confirmationFailed" | "cancelRefused" | undefined;
}) {
  const { t, i18n } = useT();
  const busy = useNavigation().state === "submitting";
  if (data.status !== "PENDING_PAYMENT") {
    return (
      <MessagePage title={t("payment.closedTitle")} testId="payment-closed">
        <p className="mt-4">{t(`payment.closed.${data.status === "EXPIRED" ? "EXPIRED" : "CANCELLED"}`)}</p>
        <p className="mt-6">
          <Link to="/checkout?step=3" className="rounded bg-wine-700 px-4 py-2 text-white">
            {t("payment.backToCheckout")}
          </Link>
        </p>
      </MessagePage>
    );
  }
  return (
    <MessagePage title={t("payment.title")} testId="payment-page">
      {data.simulated ? <p className="mt-2 rounded bg-amber-100 p-2 text-sm">{t("payment.simulatedNotice")}</p> : null}
      <p className="mt-4">{t("payment.order", { number: data.orderNumber })}</p>
      <p className="mt-2 text-2xl font-semibold" data-testid="payment-amount">
        {formatMoney(data.payNowCents, i18n.language)}
      </p>
      {data.payAtLiquorBoardCents > 0 ? (
        <p className="text-sm text-stone-600">
          {t("payment.atBoard", {
            board: data.province === "ON" ? "LCBO" : "SAQ",
            amount: formatMoney(data.payAtLiquorBoardCents, i18n.language),
          })}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="mt-4 rounded border border-red-300 bg-red-50 p-3 text-red-800">
          {t(`checkout.errors.${error}`)}
        </p>
      ) : null}
      <div className="mt-6 flex gap-3">
        <PayOrCancel busy={busy} payLabel={t("payment.pay")} cancelLabel={t("payment.cancel")} />
      </div>
    </MessagePage>
  );
}
