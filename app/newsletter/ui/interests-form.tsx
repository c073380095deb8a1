/**
 * The newsletter's step 2 (docs/product.md#newsletter "Newsletter form: province, interest options", newsletter
 * dialog): the province (preselected from the visitor's preferences) and the
 * province's interests as checkboxes, numbered 1 to 5 (docs/product.md#newsletter). The same form is the dialog's (with JavaScript, through a
 * fetcher) and the `/newsletter` page's (without it).
 *
 * The checkboxes follow the chosen province: with JavaScript at once; without it the page shows
 * the preselected province's, and a link per province (`/newsletter?province=…`) redraws the page
 * with that province's (a post with another province and the first one's interests is refused,
 * 400, and comes back with the chosen province's boxes).
 */
import { getCollectionProps, getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { type FetcherWithComponents, Form, Link, useNavigation } from "react-router";
import { FieldErrors } from "~/components/ui/form-field";
import { useT } from "~/i18n/translation";
import {
  INTENT_FIELD,
  interestNumbersOf,
  interestOfNumber,
  MODE_FIELD,
  type NewsletterInterestsForm,
  NewsletterInterestsSchema,
  type NewsletterMode,
} from "~/newsletter/newsletter-forms";
import { isOneOf, type Province, PROVINCES } from "~/vocabulary";

const CONSTRAINT = getZodConstraint(NewsletterInterestsSchema);

const legendClass = "text-sm font-medium";
const choiceClass = "flex min-h-6 items-center gap-2 text-sm";

export function NewsletterInterestsFormView({
  id,
  lastResult,
  mode,
  defaultProvince,
  fetcher,
  onCancel,
}: {
  id: string;
  lastResult: SubmissionResult<string[]> | undefined;
  mode: NewsletterMode;
  /** The visitor's province (preferences), checked first. */
  defaultProvince: Province;
  /** Posts through this fetcher instead of navigating (the dialog). */
  fetcher?: FetcherWithComponents<unknown>;
  /** Shows a Cancel button that calls this (the dialog closes). */
  onCancel?: () => void;
}) {
  const { t } = useT();
  const navigation = useNavigation();
  const [form, fields] = useForm<NewsletterInterestsForm>({
    id,
    lastResult,
    constraint: CONSTRAINT,
    defaultValue: { province: defaultProvince, interests: [] },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: NewsletterInterestsSchema }),
  });
  const posted = fields.province.initialValue;
  const [province, setProvince] = useState<Province>(isOneOf(PROVINCES, posted) ? posted : defaultProvince);
  const busy = fetcher ? fetcher.state !== "idle" : navigation.state === "submitting" && navigation.formAction === "/newsletter";
  const FormElement = fetcher ? fetcher.Form : Form;
  const helpId = `${id}-interests-help`;
  const provinceChoices = getCollectionProps(fields.province, { type: "radio", options: [...PROVINCES] });
  const interestChoices = getCollectionProps(fields.interests, {
    type: "checkbox",
    // Each box posts its interest's number in the province (docs/product.md#newsletter).
    options: interestNumbersOf(province),
    ariaDescribedBy: helpId,
  });
  return (
    <FormElement method="post" action="/newsletter" {...getFormProps(form)} className="space-y-4 text-left">
      <input type="hidden" name={INTENT_FIELD} value="interests" />
      <input type="hidden" name={MODE_FIELD} value={mode} />
      {/* The province the boxes below are drawn for: their numbers mean something only there. */}
      <input type="hidden" name="interestsProvince" value={province} />
      <FieldErrors id={form.errorId} errors={form.errors} />
      <fieldset>
        <legend className={legendClass}>{t("newsletter.interests.province")}</legend>
        <div className="mt-1 flex flex-wrap gap-x-6 gap-y-1">
          {provinceChoices.map(({ key, ...props }) => (
            <div key={key} className={choiceClass}>
              <input {...props} className="h-5 w-5" onChange={() => setProvince(props.value as Province)} />
              <label htmlFor={props.id}>{t(`provinces.${props.value}`)}</label>
            </div>
          ))}
        </div>
        <FieldErrors id={fields.province.errorId} errors={fields.province.errors} />
        {mode === "page" ? (
          // Without JavaScript the radios cannot redraw the checkboxes: the page does, per province.
          <p className="mt-1 flex flex-wrap items-center gap-x-3 text-xs text-stone-700">
            <span>{t("newsletter.interests.showFor")}</span>
            {PROVINCES.map((p) => (
              <Link
                key={p}
                to={`/newsletter?province=${p}`}
                aria-current={p === province ? "true" : undefined}
                className={`inline-flex min-h-6 items-center underline ${p === province ? "font-semibold text-wine-800" : ""}`}
              >
                {t(`provinces.${p}`)}
              </Link>
            ))}
          </p>
        ) : null}
      </fieldset>
      <fieldset key={province}>
        <legend className={legendClass}>{t("newsletter.interests.legend")}</legend>
        <p id={helpId} className="mt-1 text-xs text-stone-600">
          {t("newsletter.interests.help")}
        </p>
        <div className="mt-1 space-y-1">
          {interestChoices.map(({ key, ...props }) => (
            <div key={key} className={choiceClass}>
              <input {...props} className="h-5 w-5" />
              <label htmlFor={props.id}>
                {t("newsletter.interests.numbered", {
                  number: props.value,
                  label: t(`newsletter.interests.options.${province}.${interestOfNumber(province, props.value ?? "")}`),
                })}
              </label>
            </div>
          ))}
        </div>
        <FieldErrors id={fields.interests.errorId} errors={fields.interests.errors} />
      </fieldset>
      <div className="flex flex-wrap gap-3">
        <button type="submit" disabled={busy} className="rounded bg-wine-700 px-4 py-2 font-semibold text-white disabled:opacity-60">
          {busy ? t("newsletter.pending") : t("newsletter.interests.submit")}
        </button>
        {onCancel ? (
          <button type="button" onClick={onCancel} className="rounded border border-stone-400 px-4 py-2 font-semibold text-stone-800">
            {t("newsletter.interests.cancel")}
          </button>
        ) : null}
      </div>
    </FormElement>
  );
}
