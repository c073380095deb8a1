import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "react-router";
import { useT } from "~/i18n/translation";
import { LoginSchema, MIN_PASSWORD_LENGTH, RegisterSchema } from "../account-forms";

const LOGIN_CONSTRAINT = getZodConstraint(LoginSchema);
const REGISTER_CONSTRAINT = getZodConstraint(RegisterSchema);
const input = "mt-1 w-full rounded border border-stone-300 px-2 py-1.5";

/** The first error of a field or form, translated, announced as an alert. */
export function Errors({ id, errors }: { id?: string; errors: string[] | undefined }) {
  const { t } = useT();
  if (!errors?.length) return null;
  return (
    <p id={id} role="alert" className="mt-1 text-sm text-red-700">
      {t(errors[0]!)}
    </p>
  );
}

type FieldLike = Parameters<typeof getInputProps>[0];

/** A labelled input with its conform props, help text and first error. */
export function Field({ field, type, label, autoComplete, help }: { field: FieldLike; type: "text" | "email" | "password"; label: string; autoComplete: string; help?: string }) {
  const { key: _key, ...props } = getInputProps(field, { type });
  return (
    <div>
      <label htmlFor={field.id} className="block text-sm font-medium">
        {label}
      </label>
      <input {...props} autoComplete={autoComplete} className={input} />
      {help ? <p className="mt-1 text-xs text-stone-600">{help}</p> : null}
      <Errors id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** The login form (SPEC §2 /login): e-mail and password; a refusal never says which was wrong. */
export function LoginForm({ lastResult, redirect }: { lastResult: SubmissionResult<string[]> | undefined; redirect: string }) {
  const { t } = useT();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "login",
    lastResult,
    constraint: LOGIN_CONSTRAINT,
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LoginSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="max-w-sm space-y-4">
      <input type="hidden" name="redirect" value={redirect} />
      <Errors id={form.errorId} errors={form.errors} />
      <Field field={fields.email} type="email" label={t("auth.fields.email")} autoComplete="email" />
      <Field field={fields.password} type="password" label={t("auth.fields.password")} autoComplete="current-password" />
      <p className="text-sm">
        <Link to="/forgot-password" className="text-wine-800 underline">
          {t("passwordReset.forgotLink")}
        </Link>
      </p>
      <button type="submit" disabled={busy} className="rounded bg-wine-700 px-4 py-2 font-semibold text-white">
        {t("auth.login.submit")}
      </button>
      <p className="text-sm">
        {t("auth.login.noAccount")}{" "}
        <Link to={`/register${redirect ? `?${new URLSearchParams({ redirect })}` : ""}`} className="text-wine-800 underline">
          {t("auth.register.title")}
        </Link>
      </p>
    </Form>
  );
}

/** The registration form (SPEC §5: first name, last name, e-mail required; the password rule shown). */
export function RegisterForm({
  lastResult,
  redirect,
  email,
  order,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  redirect: string;
  email: string;
  /** The guest order's confirmation number, when coming from its confirmation page. */
  order: string;
}) {
  const { t } = useT();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "register",
    lastResult,
    constraint: REGISTER_CONSTRAINT,
    defaultValue: { email },
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: RegisterSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="max-w-sm space-y-4">
      <input type="hidden" name="redirect" value={redirect} />
      {order ? <input type="hidden" name="order" value={order} /> : null}
      <Errors id={form.errorId} errors={form.errors} />
      <Field field={fields.firstName} type="text" label={t("auth.fields.firstName")} autoComplete="given-name" />
      <Field field={fields.lastName} type="text" label={t("auth.fields.lastName")} autoComplete="family-name" />
      <Field field={fields.email} type="email" label={t("auth.fields.email")} autoComplete="email" />
      <Field
        field={fields.password}
        type="password"
        label={t("auth.fields.password")}
        autoComplete="new-password"
        help={t("auth.register.passwordRule", { count: MIN_PASSWORD_LENGTH })}
      />
      <button type="submit" disabled={busy} className="rounded bg-wine-700 px-4 py-2 font-semibold text-white">
        {t("auth.register.submit")}
      </button>
    </Form>
  );
}
