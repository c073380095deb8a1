/**
 * The /account/profile page (docs/product.md#accounts my account, address form): the profile form
 * (names, e-mail, phone, delivery and billing addresses, newsletter) and the password change
 * form. Both are real POSTs; JavaScript adds instant validation and hides the billing address
 * while "same as delivery" is ticked.
 */
import { type FieldMetadata, getFormProps, getInputProps, getSelectProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import type { z } from "zod";
import { MIN_PASSWORD_LENGTH } from "~/accounts/account-forms";
import { PasswordChangeSchema, type ProfileAddress, type ProfileForm as ProfileFormValue, ProfileSchema } from "~/accounts/profile-forms";
import { FieldErrors, inputClass, TextField } from "~/components/ui/form-field";
import { useHydrated } from "~/components/ui/use-hydrated";
import { useT } from "~/i18n/translation";
import { CANADIAN_PROVINCES } from "~/vocabulary";

/** The profile form as the page first shows it (from the saved profile). */
export interface ProfileFormDefaults {
  firstName: string;
  lastName: string;
  email: string;
  /** As a Canadian reads it, "(514) 555-0123", or "". */
  phone: string;
  newsletter: boolean;
  delivery: ProfileAddress | EmptyAddress;
  billingSameAsDelivery: boolean;
  billing: ProfileAddress | EmptyAddress;
}

/** An address not given yet: only the province is preselected (the customer's). */
export type EmptyAddress = Omit<ProfileAddress, "province"> & { province: string };

/** What a refused POST answers: which form, and conform's reply for it. */
export interface ProfileActionData {
  intent: "profile" | "password" | null;
  result: SubmissionResult<string[]> | undefined;
}

export interface ProfilePageData {
  /** Which form was just saved (`?saved=`), for the success notice. */
  saved: "profile" | "password" | null;
  /** Changes at every load: a saved form is shown afresh from the database. */
  loadedAt: number;
  /** For password managers: the account the password belongs to. */
  username: string;
  defaults: ProfileFormDefaults;
}

type ProfileFields = z.input<typeof ProfileSchema>;

const PROFILE_CONSTRAINT = getZodConstraint(ProfileSchema.in);
const PASSWORD_CONSTRAINT = getZodConstraint(PasswordChangeSchema);
const legend = "font-serif text-xl";

type AnyField = FieldMetadata<string | undefined, Record<string, unknown>, string[]>;

/**
 * One address. `section` is the autofill section (`shipping` or `billing`). There is no standard
 * `autocomplete` token for a civic number alone: the street takes `address-line1`, the civic
 * number none (`off`), apt/suite `address-line2`.
 */
function AddressFieldset({
  address,
  section,
  title,
  hidden = false,
}: {
  address: FieldMetadata<ProfileFields["delivery"] | ProfileFields["billing"], ProfileFields, string[]>;
  section: "shipping" | "billing";
  title: string;
  hidden?: boolean;
}) {
  const { t, i18n } = useT();
  const fields = address.getFieldset();
  // Thirteen names: localeCompare, so the browser's bundle does not grow by the kept collators of
  // compareText (app/i18n/format.ts), which the server's long lists use.
  const provinces = [...CANADIAN_PROVINCES].sort((a, b) =>
    t(`profile.provinces.${a}`).localeCompare(t(`profile.provinces.${b}`), i18n.language),
  );
  const { key: _key, ...provinceProps } = getSelectProps(fields.province as AnyField);
  return (
    <fieldset hidden={hidden} className="space-y-4" data-testid={`${section}-address`}>
      <legend className={legend}>{title}</legend>
      <div className="grid grid-cols-fit gap-4">
        <TextField
          field={fields.aptSuite as AnyField}
          type="text"
          label={t("profile.fields.aptSuite")}
          autoComplete={`${section} address-line2`}
        />
        <TextField field={fields.civicNumber as AnyField} type="text" label={t("profile.fields.civicNumber")} autoComplete="off" />
        <TextField
          field={fields.street as AnyField}
          type="text"
          label={t("profile.fields.street")}
          autoComplete={`${section} address-line1`}
        />
      </div>
      <div className="grid grid-cols-fit gap-4">
        <TextField
          field={fields.city as AnyField}
          type="text"
          label={t("profile.fields.city")}
          autoComplete={`${section} address-level2`}
        />
        <div>
          <label htmlFor={fields.province.id} className="block text-sm font-medium">
            {t("profile.fields.province")}
          </label>
          <select {...provinceProps} autoComplete={`${section} address-level1`} className={inputClass}>
            <option value="">{t("profile.fields.chooseProvince")}</option>
            {provinces.map((code) => (
              <option key={code} value={code}>
                {t(`profile.provinces.${code}`)}
              </option>
            ))}
          </select>
          <FieldErrors id={fields.province.errorId} errors={fields.province.errors} />
        </div>
        <TextField
          field={fields.postalCode as AnyField}
          type="text"
          label={t("profile.fields.postalCode")}
          autoComplete={`${section} postal-code`}
          help={t("profile.fields.postalCodeHelp")}
        />
      </div>
    </fieldset>
  );
}

/** The profile form (docs/product.md#accounts address form): every field's error under it, values kept on refusal. */
export function ProfileForm({
  defaults,
  lastResult,
}: {
  defaults: ProfileFormDefaults;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useT();
  const busy = useNavigation().formData?.get("intent") === "profile";
  const [form, fields] = useForm<ProfileFields, ProfileFormValue>({
    id: "profile",
    lastResult,
    constraint: PROFILE_CONSTRAINT,
    defaultValue: defaults,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ProfileSchema }),
  });
  // Without JavaScript the billing fields always show (the server ignores them when the box is
  // ticked); once hydrated they hide while it is ticked.
  const hydrated = useHydrated();
  const posted = fields.billingSameAsDelivery.initialValue;
  const [same, setSame] = useState(lastResult ? posted === "on" : defaults.billingSameAsDelivery);
  const { key: _s, ...sameProps } = getInputProps(fields.billingSameAsDelivery, { type: "checkbox", ariaDescribedBy: "billing-same-help" });
  const { key: _n, ...newsletterProps } = getInputProps(fields.newsletter, { type: "checkbox" });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-8">
      <input type="hidden" name="intent" value="profile" />
      <FieldErrors id={form.errorId} errors={form.errors} />
      <fieldset className="space-y-4">
        <legend className={legend}>{t("profile.contact")}</legend>
        <div className="grid grid-cols-fit gap-4">
          <TextField field={fields.firstName as AnyField} type="text" label={t("auth.fields.firstName")} autoComplete="given-name" />
          <TextField field={fields.lastName as AnyField} type="text" label={t("auth.fields.lastName")} autoComplete="family-name" />
        </div>
        <div className="grid grid-cols-fit gap-4">
          <TextField field={fields.email as AnyField} type="email" label={t("auth.fields.email")} autoComplete="email" />
          <TextField field={fields.phone as AnyField} type="tel" label={t("profile.fields.phone")} autoComplete="tel" />
        </div>
        {/* Asked only when the e-mail changes (docs/decisions/031); never sent back on a refusal. */}
        <div className="max-w-sm">
          <TextField
            field={fields.currentPassword as AnyField}
            type="password"
            label={t("profile.fields.currentPasswordForEmail")}
            autoComplete="current-password"
            help={t("profile.fields.currentPasswordForEmailHelp")}
          />
        </div>
      </fieldset>
      <AddressFieldset address={fields.delivery} section="shipping" title={t("profile.delivery")} />
      <div>
        <label className="flex items-center gap-2">
          <input {...sameProps} onChange={(event) => setSame(event.currentTarget.checked)} />
          {t("profile.fields.billingSameAsDelivery")}
        </label>
        <p id="billing-same-help" className="mt-1 text-xs text-stone-600">
          {t("profile.fields.billingSameHelp")}
        </p>
      </div>
      <AddressFieldset address={fields.billing} section="billing" title={t("profile.billing")} hidden={hydrated && same} />
      <label className="flex items-center gap-2">
        <input {...newsletterProps} />
        {t("profile.fields.newsletter")}
      </label>
      <button type="submit" disabled={busy} className="rounded bg-wine-700 px-4 py-2 font-semibold text-white disabled:opacity-60">
        {t("profile.save")}
      </button>
    </Form>
  );
}

/** The password change form: the current password, the new one twice; passwords never come back. */
export function PasswordChangeForm({ username, lastResult }: { username: string; lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useT();
  const busy = useNavigation().formData?.get("intent") === "password";
  const [form, fields] = useForm({
    id: "password-change",
    lastResult,
    constraint: PASSWORD_CONSTRAINT,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PasswordChangeSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="max-w-sm space-y-4">
      <input type="hidden" name="intent" value="password" />
      {/* Lets a password manager know whose password changes. */}
      <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
      <FieldErrors id={form.errorId} errors={form.errors} />
      <TextField
        field={fields.currentPassword}
        type="password"
        label={t("profile.fields.currentPassword")}
        autoComplete="current-password"
      />
      <TextField
        field={fields.newPassword}
        type="password"
        label={t("profile.fields.newPassword")}
        autoComplete="new-password"
        help={t("auth.register.passwordRule", { count: MIN_PASSWORD_LENGTH })}
      />
      <TextField field={fields.confirmPassword} type="password" label={t("profile.fields.confirmPassword")} autoComplete="new-password" />
      <button type="submit" disabled={busy} className="rounded bg-wine-700 px-4 py-2 font-semibold text-white disabled:opacity-60">
        {t("profile.password.submit")}
      </button>
    </Form>
  );
}

/** The whole page: heading, the notice of what was just saved, then the two forms. */
export function ProfilePage({ data, actionData }: { data: ProfilePageData; actionData: ProfileActionData | undefined }) {
  const { t } = useT();
  return (
    <div className="mx-auto max-w-3xl space-y-10" data-testid="profile-page">
      <h1 className="font-serif text-3xl">{t("profile.title")}</h1>
      {actionData?.intent === null ? <FieldErrors id="profile-page-error" errors={actionData.result?.error?.[""] ?? undefined} /> : null}
      <div role="status" data-testid="profile-saved">
        {data.saved ? (
          <p className="rounded border border-green-300 bg-green-50 p-3 text-green-900">{t(`profile.saved.${data.saved}`)}</p>
        ) : null}
      </div>
      <ProfileForm
        key={`profile-${data.loadedAt}`}
        defaults={data.defaults}
        lastResult={actionData?.intent === "profile" ? actionData.result : undefined}
      />
      <section aria-labelledby="password-title" className="space-y-2 border-t border-stone-200 pt-8">
        <h2 id="password-title" className="font-serif text-2xl">
          {t("profile.password.title")}
        </h2>
        <p className="text-sm text-stone-600">{t("profile.password.help")}</p>
        <PasswordChangeForm
          key={`password-${data.loadedAt}`}
          username={data.username}
          lastResult={actionData?.intent === "password" ? actionData.result : undefined}
        />
      </section>
    </div>
  );
}
