import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "react-router";
import { MIN_PASSWORD_LENGTH } from "~/accounts/account-forms";
import { ForgotPasswordSchema, ResetPasswordSchema } from "~/accounts/password-reset-forms";
import { FieldErrors, TextField } from "~/components/ui/form-field";
import { useT } from "~/i18n/translation";

const FORGOT_CONSTRAINT = getZodConstraint(ForgotPasswordSchema);
const RESET_CONSTRAINT = getZodConstraint(ResetPasswordSchema);
const button = "rounded bg-wine-700 px-4 py-2 font-semibold text-white";
const link = "text-wine-800 underline";

/** The forgot-password form: the account's e-mail. */
export function ForgotPasswordForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useT();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "forgot-password",
    lastResult,
    constraint: FORGOT_CONSTRAINT,
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ForgotPasswordSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="max-w-sm space-y-4">
      <FieldErrors id={form.errorId} errors={form.errors} />
      <TextField field={fields.email} type="email" label={t("auth.fields.email")} autoComplete="email" />
      <button type="submit" disabled={busy} className={button}>
        {t("passwordReset.forgot.submit")}
      </button>
      <p className="text-sm">
        <Link to="/login" className={link}>
          {t("passwordReset.backToLogin")}
        </Link>
      </p>
    </Form>
  );
}

/**
 * The new-password form (docs/product.md#accounts password expired): the new password twice. With a
 * reset link's `token` (hidden); without one, the logged-in user whose password expired.
 */
export function ResetPasswordForm({
  lastResult,
  token,
  redirect,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  token: string | null;
  redirect: string;
}) {
  const { t } = useT();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "reset-password",
    lastResult,
    constraint: RESET_CONSTRAINT,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ResetPasswordSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="max-w-sm space-y-4">
      {token ? <input type="hidden" name="token" value={token} /> : null}
      {redirect ? <input type="hidden" name="redirect" value={redirect} /> : null}
      <FieldErrors id={form.errorId} errors={form.errors} />
      <TextField
        field={fields.password}
        type="password"
        label={t("passwordReset.fields.password")}
        autoComplete="new-password"
        help={t("auth.register.passwordRule", { count: MIN_PASSWORD_LENGTH })}
      />
      <TextField field={fields.confirmation} type="password" label={t("passwordReset.fields.confirmation")} autoComplete="new-password" />
      <button type="submit" disabled={busy} className={button}>
        {t("passwordReset.reset.submit")}
      </button>
    </Form>
  );
}

/** Why a reset link cannot be used ("expired" | "used" | "invalid"), and a link to ask again. */
export function ResetLinkRefused({ reason }: { reason: "expired" | "used" | "invalid" }) {
  const { t } = useT();
  return (
    <div className="mt-6 space-y-4" data-testid="reset-link-refused">
      <p role="alert">{t(`passwordReset.refused.${reason}`)}</p>
      <p>
        <Link to="/forgot-password" className={link}>
          {t("passwordReset.refused.askAgain")}
        </Link>
      </p>
    </div>
  );
}
