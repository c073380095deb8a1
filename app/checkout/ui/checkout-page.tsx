import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { CartSummaryPanel } from "~/cart/ui/cart-summary";
import { PICTURE_SIZES, ProductImage } from "~/catalogue/ui/catalogue-image";
import { type ContactForm, ContactSchema, PlaceOrderSchema } from "~/checkout/checkout-forms";
import { FieldErrors, TextField } from "~/components/ui/form-field";
import { PROSE } from "~/components/ui/prose";
import type { ReturnsPolicy } from "~/content/returns-policy";
import { boutiqueNameKey } from "~/i18n/channel-names";
import { useT } from "~/i18n/translation";
import type { ImageRef } from "~/images/image-refs";
import { BRANCH_FOLLOW_UP_BUSINESS_DAYS } from "~/orders/branch-follow-up";
import { type DeliveryNeeds, deliverySchema } from "~/orders/pickup";
import { RESERVATION_WINDOW_DAYS } from "~/orders/reservation-window";
import { BoutiqueChoices, BranchChoices, BranchSearch } from "~/orders/ui/pickup-choices";
import type { CartSummary } from "~/pricing/cart-summary";
import type { CartSection, InventoryCode, Province } from "~/vocabulary";

/** What a refused checkout form answers: conform's reply, and an order-level refusal when there is one. */
export interface CheckoutActionData {
  intent: "contact" | "delivery" | "place" | null;
  result: SubmissionResult<string[]> | undefined;
  error?: "conflict" | "stock" | "alcohol-needs-food" | "members-only" | "other-province" | "paymentUnavailable" | "unknownIntent";
}

interface BranchView {
  id: number;
  name: string;
  street: string;
  city: string;
  postalCode: string;
  phone: string;
}

export interface CheckoutPageData {
  step: 1 | 2 | 3;
  province: Province;
  lockVersion: number;
  contact: { firstName: string; lastName: string; email: string; phone: string; createAccount: boolean };
  /** A logged-in customer: step 1 is pre-filled from the profile and offers no account creation. */
  isCustomer: boolean;
  needs: DeliveryNeeds;
  query: string;
  branches: BranchView[];
  branch: BranchView | null;
  boutiqueCode: InventoryCode | null;
  summary: CartSummary;
  /**
   * Step 3: the returns policy among the conditions accepted, the text of `/pricing-policy`'s
   * returns tab (docs/decisions/048-discovery-subscriber-prices.md); null on steps 1 and 2.
   */
  returnsPolicy: ReturnsPolicy | null;
  lines: {
    productInventoryId: number;
    /** The product's main photo (step 3 only); null: its generated image. */
    photo: ImageRef | null;
    typeCode: string;
    section: CartSection;
    byCase: boolean;
    name: string;
    vintage: number | null;
    quantity: number;
    uvc: number;
  }[];
}

const CONTACT_CONSTRAINT = getZodConstraint(ContactSchema);
const PLACE_CONSTRAINT = getZodConstraint(PlaceOrderSchema);

function StepHeader({ step }: { step: 1 | 2 | 3 }) {
  const { t } = useT();
  const names = [t("checkout.steps.contact"), t("checkout.steps.delivery"), t("checkout.steps.payment")];
  return (
    <div className="mb-6">
      <p className="text-sm font-semibold uppercase tracking-wide text-wine-700" data-testid="checkout-step">
        {t("checkout.stepOf", { step, count: 3 })}
      </p>
      <h1 className="font-serif text-3xl">{names[step - 1]}</h1>
      <ol className="mt-3 flex gap-4 text-sm" aria-label={t("checkout.progress")}>
        {names.map((name, i) => (
          <li key={name} aria-current={i + 1 === step ? "step" : undefined} className={i + 1 === step ? "font-semibold" : "text-stone-600"}>
            {i + 1 < step ? <Link to={`/checkout?step=${i + 1}`} className="underline">{`${i + 1}. ${name}`}</Link> : `${i + 1}. ${name}`}
          </li>
        ))}
      </ol>
    </div>
  );
}

function ContactStep({ data, lastResult }: { data: CheckoutPageData; lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useT();
  const [form, fields] = useForm<ContactForm>({
    id: "checkout-contact",
    lastResult,
    constraint: CONTACT_CONSTRAINT,
    defaultValue: data.contact,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ContactSchema }),
  });
  const { key: _c, ...createProps } = getInputProps(fields.createAccount, { type: "checkbox" });
  return (
    <Form method="post" {...getFormProps(form)} className="max-w-xl space-y-4">
      <input type="hidden" name="intent" value="contact" />
      <div className="grid grid-cols-fit gap-4">
        <TextField field={fields.firstName} type="text" label={t("checkout.fields.firstName")} autoComplete="given-name" />
        <TextField field={fields.lastName} type="text" label={t("checkout.fields.lastName")} autoComplete="family-name" />
      </div>
      <TextField field={fields.email} type="email" label={t("checkout.fields.email")} autoComplete="email" />
      <TextField field={fields.phone} type="tel" label={t("checkout.fields.phone")} autoComplete="tel" />
      {data.isCustomer ? null : (
        <>
          <div>
            <label className="flex items-center gap-2 text-sm">
              <input {...createProps} />
              {t("checkout.fields.createAccount")}
            </label>
          </div>
          {/* Shown without JavaScript too: the server asks for it only when an account is wanted. */}
          <TextField
            field={fields.password}
            type="password"
            label={t("checkout.fields.password")}
            autoComplete="new-password"
            help={t("checkout.fields.passwordHelp")}
          />
        </>
      )}
      <button type="submit" className="rounded bg-wine-700 px-4 py-2 font-semibold text-white">
        {t("checkout.next")}
      </button>
    </Form>
  );
}

function DeliveryStep({ data, lastResult }: { data: CheckoutPageData; lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useT();
  const schema = deliverySchema(data.needs);
  const [form, fields] = useForm({
    id: "checkout-delivery",
    lastResult,
    constraint: getZodConstraint(schema),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // After a refused POST the choices come back from conform; otherwise from what was saved.
  const postedBranch = fields.branchId.initialValue;
  const chosen = typeof postedBranch === "string" && postedBranch ? Number(postedBranch) : data.branch?.id;
  const postedBoutique = fields.boutiqueCode.initialValue;
  const boutique = typeof postedBoutique === "string" && postedBoutique ? postedBoutique : data.boutiqueCode;
  return (
    <div className="max-w-2xl space-y-6">
      {data.needs.branch ? (
        <section aria-labelledby="branch-title">
          <h2 id="branch-title" className="font-serif text-xl">
            {t("checkout.branch.title", { board: data.province === "ON" ? "LCBO" : "SAQ" })}
          </h2>
          <p className="mb-2 text-sm text-stone-600">{t("checkout.branch.help")}</p>
          <BranchSearch action="/checkout" query={data.query} timerRef={timer} listed={data.branches.length > 0}>
            <input type="hidden" name="step" value="2" />
          </BranchSearch>
          <p role="status" className="sr-only" data-testid="branch-count">
            {t("checkout.branch.count", { count: data.branches.length })}
          </p>
        </section>
      ) : null}
      <Form
        method="post"
        {...getFormProps(form)}
        className="space-y-6"
        onSubmit={(event) => {
          clearTimeout(timer.current);
          form.onSubmit(event);
        }}
      >
        <input type="hidden" name="intent" value="delivery" />
        {data.needs.branch ? (
          <BranchChoices
            branches={data.branches}
            chosen={chosen}
            kept={data.branch}
            errorId={fields.branchId.errorId}
            errors={fields.branchId.errors}
          />
        ) : null}
        {data.needs.boutique ? (
          <BoutiqueChoices
            boutiques={data.needs.boutiques}
            chosen={boutique}
            help={t("checkout.boutique.help")}
            errorId={fields.boutiqueCode.errorId}
            errors={fields.boutiqueCode.errors}
          />
        ) : null}
        {!data.needs.branch && !data.needs.boutique ? <p>{t("checkout.delivery.nothing")}</p> : null}
        <button type="submit" className="rounded bg-wine-700 px-4 py-2 font-semibold text-white">
          {t("checkout.confirm")}
        </button>
      </Form>
    </div>
  );
}

/** The returns policy's questions and answers as the pricing-policy page has them (sanitized HTML from the server). */
function ReturnsPolicyText({ policy }: { policy: ReturnsPolicy }) {
  return (
    <div className={`${PROSE} text-sm`}>
      {policy.introHtml ? <div dangerouslySetInnerHTML={{ __html: policy.introHtml }} /> : null}
      {policy.entries.map((entry, i) => (
        <div key={i}>
          <p className="font-semibold" dangerouslySetInnerHTML={{ __html: entry.titleHtml }} />
          <div dangerouslySetInnerHTML={{ __html: entry.html }} />
        </div>
      ))}
    </div>
  );
}

function ReviewStep({ data, actionData }: { data: CheckoutPageData; actionData: CheckoutActionData | undefined }) {
  const { t } = useT();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "checkout-place",
    lastResult: actionData?.intent === "place" ? actionData.result : undefined,
    constraint: PLACE_CONSTRAINT,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PlaceOrderSchema }),
  });
  const board = data.province === "ON" ? "LCBO" : "SAQ";
  const sections = (["AGENCY", "SHOP", "RESERVED"] as const).filter((s) => data.lines.some((l) => l.section === s));
  const busy = navigation.state === "submitting";
  const { key: _k, ...acceptProps } = getInputProps(fields.acceptRules, { type: "checkbox" });
  return (
    <div className="md:grid md:grid-cols-[1fr_22rem] md:gap-8">
      <div className="space-y-6">
        {sections.map((section) => (
          <section key={section} aria-labelledby={`review-${section}`}>
            <h2 id={`review-${section}`} className="font-serif text-xl">
              {t(`cart.sections.${section}`)}
            </h2>
            <ul className="mt-1 space-y-1 text-sm">
              {data.lines
                .filter((l) => l.section === section)
                .map((l) => (
                  <li key={l.productInventoryId} className="flex items-center gap-3" data-testid="review-line">
                    <ProductImage
                      photo={l.photo}
                      product={{ colorCode: null, typeCode: l.typeCode }}
                      sizes={PICTURE_SIZES.row}
                      className="h-16 w-12 shrink-0"
                    />
                    <span>
                      {l.name}
                      {l.vintage ? ` ${l.vintage}` : ""} —{" "}
                      {l.byCase
                        ? t("checkout.review.cases", { count: l.quantity, uvc: l.uvc })
                        : t("checkout.review.units", { count: l.quantity })}
                    </span>
                  </li>
                ))}
            </ul>
          </section>
        ))}
        <section aria-labelledby="review-delivery">
          <h2 id="review-delivery" className="font-serif text-xl">
            {t("checkout.review.delivery")}
          </h2>
          {data.branch ? (
            <p data-testid="review-branch">
              {t("checkout.review.branch", { board })} : <strong>{data.branch.name}</strong>, {data.branch.street}, {data.branch.city}{" "}
              {data.branch.postalCode}
            </p>
          ) : null}
          {data.needs.boutique && data.boutiqueCode ? (
            <p data-testid="review-boutique">
              {t("checkout.review.boutique")} : <strong>{t(boutiqueNameKey(data.boutiqueCode))}</strong> — {t("checkout.review.freePickup")}
            </p>
          ) : null}
        </section>
        <section aria-labelledby="review-rules" className="rounded border border-stone-200 bg-stone-50 p-4 text-sm">
          <h2 id="review-rules" className="font-serif text-xl">
            {t("checkout.rules.title")}
          </h2>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {data.needs.branch ? <li>{t("checkout.rules.privateImport", { board, days: BRANCH_FOLLOW_UP_BUSINESS_DAYS })}</li> : null}
            {data.lines.some((l) => l.section === "RESERVED") ? (
              <li>{t("checkout.rules.reservations", { days: RESERVATION_WINDOW_DAYS })}</li>
            ) : null}
            {data.needs.boutique ? <li>{t("checkout.rules.boutique")}</li> : null}
            <li data-testid="checkout-returns">
              <strong>{t("checkout.rules.returnsTitle")}</strong>
              {data.returnsPolicy ? <ReturnsPolicyText policy={data.returnsPolicy} /> : null}
              <Link to={data.returnsPolicy?.path ?? "/pricing-policy?tab=returns"} className="underline">
                {t("checkout.rules.returnsLink")}
              </Link>
            </li>
          </ul>
        </section>
        {actionData?.error ? (
          <p role="alert" className="rounded border border-red-300 bg-red-50 p-3 text-red-800" data-testid="checkout-error">
            {t(`checkout.errors.${actionData.error}`)}{" "}
            {actionData.error === "conflict" || actionData.error === "stock" || actionData.error === "members-only" ? (
              <Link to="/shopping-cart" className="underline">
                {t("checkout.backToCart")}
              </Link>
            ) : null}
          </p>
        ) : null}
        <Form method="post" {...getFormProps(form)} className="space-y-3">
          <input type="hidden" name="intent" value="place" />
          <input type="hidden" name="lockVersion" value={data.lockVersion} />
          <label className="flex items-start gap-2">
            <input {...acceptProps} className="mt-1" />
            <span>{t("checkout.rules.accept")}</span>
          </label>
          <FieldErrors id={fields.acceptRules.errorId} errors={fields.acceptRules.errors} />
          <button type="submit" disabled={busy} className="rounded bg-wine-700 px-4 py-2 font-semibold text-white disabled:opacity-60">
            {t("checkout.place")}
          </button>
        </Form>
      </div>
      <div className="mt-6 md:mt-0">
        <CartSummaryPanel summary={data.summary} />
      </div>
    </div>
  );
}

/** The checkout page: the step's header, then its form (docs/product.md#checkout). */
export function CheckoutPage({ data, actionData }: { data: CheckoutPageData; actionData: CheckoutActionData | undefined }) {
  return (
    <div>
      <StepHeader step={data.step} />
      {data.step === 1 ? (
        <ContactStep data={data} lastResult={actionData?.intent === "contact" ? actionData.result : undefined} />
      ) : data.step === 2 ? (
        <DeliveryStep data={data} lastResult={actionData?.intent === "delivery" ? actionData.result : undefined} />
      ) : (
        <ReviewStep data={data} actionData={actionData} />
      )}
    </div>
  );
}
