/**
 * The newsletter's short form, step 1 (docs/product.md#newsletter): first name, last name, e-mail
 * (`given-name`, `family-name`, `email`), plus the public forms' honeypot. A real POST to
 * `/newsletter`; the footer's copy posts with a fetcher once hydrated (`mode=dialog`), the
 * `/newsletter` page's copy always navigates (`mode=page`).
 */
import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { type FetcherWithComponents, Form, useNavigation } from "react-router";
import { FieldErrors, TextField } from "~/components/ui/form-field";
import { Honeypot } from "~/components/ui/honeypot";
import { useT } from "~/i18n/translation";
import {
  INTENT_FIELD,
  MODE_FIELD,
  type NewsletterMode,
  type NewsletterPersonForm,
  NewsletterPersonSchema,
} from "~/newsletter/newsletter-forms";

const CONSTRAINT = getZodConstraint(NewsletterPersonSchema);

export function NewsletterPersonFormView({
  id,
  lastResult,
  mode,
  fetcher,
}: {
  /** The form's id (unique on the page: the footer's and the page's copies). */
  id: string;
  lastResult: SubmissionResult<string[]> | undefined;
  mode: NewsletterMode;
  /** Posts through this fetcher instead of navigating (the footer, with JavaScript). */
  fetcher?: FetcherWithComponents<unknown>;
}) {
  const { t } = useT();
  const navigation = useNavigation();
  const [form, fields] = useForm<NewsletterPersonForm>({
    id,
    lastResult,
    constraint: CONSTRAINT,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: NewsletterPersonSchema }),
  });
  const busy = fetcher ? fetcher.state !== "idle" : navigation.state === "submitting" && navigation.formAction === "/newsletter";
  const FormElement = fetcher ? fetcher.Form : Form;
  return (
    <FormElement method="post" action="/newsletter" {...getFormProps(form)} className="space-y-3 text-left">
      <input type="hidden" name={INTENT_FIELD} value="person" />
      <input type="hidden" name={MODE_FIELD} value={mode} />
      <FieldErrors id={form.errorId} errors={form.errors} />
      <TextField field={fields.firstName} type="text" label={t("auth.fields.firstName")} autoComplete="given-name" />
      <TextField field={fields.lastName} type="text" label={t("auth.fields.lastName")} autoComplete="family-name" />
      <TextField field={fields.email} type="email" label={t("auth.fields.email")} autoComplete="email" />
      <Honeypot id={`${id}-honeypot`} />
      <button type="submit" disabled={busy} className="rounded bg-wine-700 px-4 py-2 font-semibold text-white disabled:opacity-60">
        {busy ? t("newsletter.pending") : t("newsletter.submit")}
      </button>
    </FormElement>
  );
}
