/**
 * The customer's reservation page: what was reserved, its state, and while it is
 * AVAILABLE the amount due now, the deadline, the pick-up choice when one is missing, and "Payer".
 * The pick-up choice uses the checkout's delivery schema (`deliverySchema`) and its pick-up
 * components (app/orders/ui/pickup-choices.tsx: the branch search is a GET form to this page, so
 * it works without JavaScript).
 */
import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { MessagePage } from "~/components/ui/message-page";
import { boutiqueNameKey } from "~/i18n/channel-names";
import { formatDateTime, formatMoney } from "~/i18n/format";
import { useT } from "~/i18n/translation";
import { deliverySchema } from "~/orders/pickup";
import { BoutiqueChoices, BranchChoices, type BranchOption, BranchSearch } from "~/orders/ui/pickup-choices";
import type { ReservationPaymentView } from "~/reservations/reservations.server";

/** What a refused form of the page answers. */
export interface ReservationPageActionData {
  intent: "delivery" | "pay" | null;
  result: SubmissionResult<string[]> | undefined;
  error?: "closed" | "pickupMissing" | "windowClosing" | "paymentUnavailable" | "processing" | "unknownIntent";
}

function PickupForm({
  view,
  path,
  query,
  branches,
  lastResult,
}: {
  view: ReservationPaymentView;
  path: string;
  query: string;
  branches: BranchOption[];
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useT();
  const schema = deliverySchema(view.needs);
  const [form, fields] = useForm({
    id: "reservation-pickup",
    lastResult,
    constraint: getZodConstraint(schema),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const postedBranch = fields.branchId.initialValue;
  const chosen = typeof postedBranch === "string" && postedBranch ? Number(postedBranch) : undefined;
  const postedBoutique = fields.boutiqueCode.initialValue;
  const board = view.province === "ON" ? "LCBO" : "SAQ";
  return (
    <section
      aria-labelledby={view.needs.branch ? "pickup-title" : undefined}
      aria-label={view.needs.branch ? undefined : t("checkout.boutique.title")}
      className="mx-auto mt-8 max-w-xl space-y-3 text-left"
      data-testid="reservation-pickup"
    >
      {view.needs.branch ? (
        <>
          <h2 id="pickup-title" className="font-serif text-xl">
            {t("checkout.branch.title", { board })}
          </h2>
          <p className="text-sm text-stone-600">{t("reservations.page.pickupFirst")}</p>
          <BranchSearch action={path} query={query} timerRef={timer} listed={branches.length > 0} />
        </>
      ) : null}
      <Form
        method="post"
        {...getFormProps(form)}
        className="space-y-4"
        onSubmit={(event) => {
          clearTimeout(timer.current);
          form.onSubmit(event);
        }}
      >
        <input type="hidden" name="intent" value="delivery" />
        {view.needs.branch ? (
          <BranchChoices branches={branches} chosen={chosen} errorId={fields.branchId.errorId} errors={fields.branchId.errors} />
        ) : (
          <BoutiqueChoices
            boutiques={view.needs.boutiques}
            chosen={typeof postedBoutique === "string" ? postedBoutique : undefined}
            help={t("reservations.page.pickupFirst")}
            errorId={fields.boutiqueCode.errorId}
            errors={fields.boutiqueCode.errors}
          />
        )}
        <button type="submit" className="min-h-11 rounded bg-wine-700 px-4 py-2 font-semibold text-white">
          {t("reservations.page.choosePickup")}
        </button>
      </Form>
    </section>
  );
}

/** The page. */
export function ReservationPaymentPage({
  title,
  view,
  path,
  query,
  branches,
  actionData,
}: {
  title: string;
  view: ReservationPaymentView;
  /** The page's own path (the signed link), where the branch search goes. */
  path: string;
  query: string;
  branches: BranchOption[];
  actionData: ReservationPageActionData | undefined;
}) {
  const { t, i18n } = useT();
  const busy = useNavigation().state === "submitting";
  const order = view.order;
  const quantity = view.byCase
    ? t("reservations.quantity.cases", { count: view.quantity, bottles: view.bottles })
    : t("reservations.quantity.units", { count: view.quantity });
  const payable = view.status === "AVAILABLE" && order?.status === "PENDING_PAYMENT";
  const needsPickup = view.needs.branch || view.needs.boutique;
  return (
    <MessagePage title={title} testId="reservation-page">
      <p className="mt-4">
        <strong>{view.productName}</strong> — {quantity}
      </p>
      <p className="mt-2" data-testid="reservation-state">
        {t(`reservations.page.state.${view.status}`)}
      </p>
      {payable && order ? (
        <>
          <p className="mt-4 text-2xl font-semibold" data-testid="reservation-amount">
            {formatMoney(order.payNowCents, i18n.language)}
          </p>
          {order.payAtLiquorBoardCents > 0 ? (
            <p className="text-sm text-stone-600">
              {t("payment.atBoard", {
                board: view.province === "ON" ? "LCBO" : "SAQ",
                amount: formatMoney(order.payAtLiquorBoardCents, i18n.language),
              })}
            </p>
          ) : null}
          <p className="mt-2" data-testid="reservation-deadline">
            {t("reservations.page.deadline", { deadline: formatDateTime(order.paymentDueAt, i18n.language) })}
          </p>
          {order.branchLabel ? (
            <p className="mt-2 text-sm" data-testid="reservation-branch">
              {t("reservations.page.branch", { branch: order.branchLabel })}
            </p>
          ) : null}
          {order.boutiqueCode ? (
            <p className="mt-2 text-sm">{t("reservations.page.boutique", { boutique: t(boutiqueNameKey(order.boutiqueCode)) })}</p>
          ) : null}
          {needsPickup ? (
            <PickupForm
              view={view}
              path={path}
              query={query}
              branches={branches}
              lastResult={actionData?.intent === "delivery" ? actionData.result : undefined}
            />
          ) : (
            <Form method="post" className="mt-6">
              <input type="hidden" name="intent" value="pay" />
              <button type="submit" disabled={busy} className="min-h-11 rounded bg-wine-700 px-6 py-2 font-semibold text-white">
                {t("reservations.page.pay")}
              </button>
            </Form>
          )}
        </>
      ) : null}
      {view.status === "PAID" && order?.confirmationPath ? (
        <p className="mt-6">
          <Link to={order.confirmationPath} className="underline">
            {t("reservations.page.seeOrder", { number: order.orderNumber })}
          </Link>
        </p>
      ) : null}
      {actionData?.error ? (
        <p role="alert" className="mx-auto mt-4 max-w-xl rounded border border-red-300 bg-red-50 p-3 text-red-800">
          {t(`reservations.page.errors.${actionData.error}`)}
        </p>
      ) : null}
    </MessagePage>
  );
}
