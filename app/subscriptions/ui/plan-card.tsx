import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { FieldErrors } from "~/components/ui/form-field";
import { formatMoney } from "~/i18n/format";
import { useT } from "~/i18n/translation";
import type { PlanOffer } from "~/subscriptions/subscription-types";

/** What a plan page's action answered, when it refused a purchase. */
export interface BuyRefusal {
  result: SubmissionResult<string[]>;
  planCode: string | null;
}

/** The price of one period: "150,00 $ par année" / "$150.00 a year". */
export function PlanPrice({ priceCents, interval }: { priceCents: number; interval: PlanOffer["interval"] }) {
  const { t, i18n } = useT();
  return <>{t(`subscriptions.plan.price.${interval}`, { price: formatMoney(priceCents, i18n.language) })}</>;
}

/**
 * A plan with its price, description and "buy" button; the customer who holds the
 * plan sees until when instead. A refusal of this plan shows under its button.
 */
export function PlanCard({ plan, refusal, headingLevel = 2 }: { plan: PlanOffer; refusal: BuyRefusal | undefined; headingLevel?: 2 | 3 }) {
  const { t } = useT();
  const lastResult = refusal && (refusal.planCode === plan.code || refusal.planCode === null) ? refusal.result : undefined;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="flex flex-col rounded-lg border border-stone-200 bg-white p-6 shadow-sm" data-testid={`plan-${plan.code}`}>
      <Heading className="font-serif text-2xl">{plan.name}</Heading>
      <p className="mt-2 text-xl font-semibold text-wine-800">
        <PlanPrice priceCents={plan.priceCents} interval={plan.interval} />
      </p>
      <p className="mt-3 flex-1 text-stone-700">{plan.description}</p>
      {plan.held ? (
        <p className="mt-4 rounded bg-wine-50 p-3 text-sm" data-testid="plan-held">
          {t(plan.held.renews ? "subscriptions.plan.heldRenews" : "subscriptions.plan.heldEnds", { date: plan.held.until })}
        </p>
      ) : null}
      <BuyForm plan={plan} lastResult={lastResult} held={plan.held !== null} />
    </article>
  );
}

/**
 * The "buy" POST of a plan (`BuyPlanSchema`, checked by the action). When the customer holds the
 * plan, the button is left out but a refusal still shows.
 */
function BuyForm({ plan, lastResult, held }: { plan: PlanOffer; lastResult: SubmissionResult<string[]> | undefined; held: boolean }) {
  const { t } = useT();
  return (
    <ButtonForm
      id={`buy-${plan.code}`}
      fields={{ intent: "buy", planCode: plan.code }}
      busyWhen="planCode"
      lastResult={lastResult}
      shown={!held}
      className="mt-4"
    >
      {(button) => (
        <button
          {...button}
          aria-label={plan.kind === "MEMBERSHIP" ? undefined : t("subscriptions.plan.buyNamed", { name: plan.name })}
          className="rounded bg-wine-700 px-5 py-2 font-semibold text-white disabled:opacity-60"
        >
          {plan.kind === "MEMBERSHIP" ? t("subscriptions.plan.buyMembership") : t("subscriptions.plan.buy")}
        </button>
      )}
    </ButtonForm>
  );
}

/** What {@link ButtonForm} gives its submit button. */
export interface ButtonFormButtonProps {
  type: "submit";
  disabled: boolean;
  "aria-describedby": string | undefined;
}

/**
 * A one-button POST whose fields are all hidden, written by the page (the plan's buy, a
 * subscription's cancel): nothing for the customer to fix before sending, so only the action checks
 * it (its zod schema), and only its refusal shows, under the button — still when `shown` is false
 * (the button is gone, say the plan is held meanwhile). The button is disabled while this form
 * (the one whose `busyWhen` field matches) is being sent.
 */
export function ButtonForm({
  id,
  fields,
  busyWhen,
  lastResult,
  shown,
  className,
  children,
}: {
  id: string;
  fields: Record<string, string>;
  busyWhen: string;
  lastResult: SubmissionResult<string[]> | undefined;
  shown: boolean;
  className: string;
  children: (button: ButtonFormButtonProps) => ReactNode;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get(busyWhen) === fields[busyWhen];
  const [form] = useForm({ id, lastResult });
  return (
    <>
      {shown ? (
        <Form method="post" {...getFormProps(form)} className={className}>
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          {children({ type: "submit", disabled: busy, "aria-describedby": form.errors?.length ? form.errorId : undefined })}
        </Form>
      ) : null}
      <FieldErrors id={form.errorId} errors={form.errors} />
    </>
  );
}
