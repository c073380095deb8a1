import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { formatMoney } from "~/i18n/format";
import { useT } from "~/i18n/translation";
import { BuyPlanSchema } from "../subscription-forms";
import type { PlanOffer } from "../subscription-types";

/** The buy form's constraints, computed once (not per card and render). */
const BUY_CONSTRAINT = getZodConstraint(BuyPlanSchema);

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
 * A plan with its price, description and "buy" button (issue 8 §8); the customer who holds the
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
 * The "buy" POST of a plan (`BuyPlanSchema`, checked by conform before sending, by the action
 * after): hidden fields only, so only a refusal from the server shows, under the button. When the
 * customer holds the plan, the button is left out but a refusal still shows.
 */
function BuyForm({ plan, lastResult, held }: { plan: PlanOffer; lastResult: SubmissionResult<string[]> | undefined; held: boolean }) {
  const { t } = useT();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("planCode") === plan.code;
  const [form] = useForm({
    id: `buy-${plan.code}`,
    lastResult,
    constraint: BUY_CONSTRAINT,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: BuyPlanSchema }),
  });
  const error = form.errors?.[0];
  return (
    <>
      {held ? null : (
        <Form method="post" {...getFormProps(form)} className="mt-4">
          <input type="hidden" name="intent" value="buy" />
          <input type="hidden" name="planCode" value={plan.code} />
          <button
            type="submit"
            disabled={busy}
            aria-label={plan.kind === "MEMBERSHIP" ? undefined : t("subscriptions.plan.buyNamed", { name: plan.name })}
            aria-describedby={error ? form.errorId : undefined}
            className="rounded bg-wine-700 px-5 py-2 font-semibold text-white disabled:opacity-60"
          >
            {plan.kind === "MEMBERSHIP" ? t("subscriptions.plan.buyMembership") : t("subscriptions.plan.buy")}
          </button>
        </Form>
      )}
      {error ? (
        <p id={form.errorId} role="alert" className="mt-2 text-sm text-red-700">
          {t(error)}
        </p>
      ) : null}
    </>
  );
}
