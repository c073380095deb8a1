import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "react-router";
import { LoginSchema, MIN_PASSWORD_LENGTH, RegisterSchema } from "~/accounts/account-forms";
import { FieldErrors, TextField } from "~/components/ui/form-field";
import { useT } from "~/i18n/translation";

const LOGIN_CONSTRAINT = getZodConstraint(LoginSchema);
const REGISTER_CONSTRAINT = getZodConstraint(RegisterSchema);

/** The login form (docs/product.md#accounts /login): e-mail and password; a refusal never says which was wrong. */
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
      <FieldErrors id={form.errorId} errors={form.errors} />
      <TextField field={fields.email} type="email" label={t("auth.fields.email")} autoComplete="email" />
      <TextField field={fields.password} type="password" label={t("auth.fields.password")} autoComplete="current-password" />
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

/** The registration form (docs/product.md#accounts: first name, last name, e-mail required; the password rule shown). */
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
      <FieldErrors id={form.errorId} errors={form.errors} />
      <TextField field={fields.firstName} type="text" label={t("auth.fields.firstName")} autoComplete="given-name" />
      <TextField field={fields.lastName} type="text" label={t("auth.fields.lastName")} autoComplete="family-name" />
      <TextField field={fields.email} type="email" label={t("auth.fields.email")} autoComplete="email" />
      <TextField
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
