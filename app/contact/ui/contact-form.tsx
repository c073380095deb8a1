/**
 * The contact form's view (docs/product.md#contact): names, e-mail, message, the 'I am not a robot'
 * checkbox, plus the hidden honeypot and time token checked on the server. A real POST that works
 * without JavaScript; with it, conform validates on blur.
 */
import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { FieldErrors, inputClass, TextField } from "~/components/ui/form-field";
import { Honeypot } from "~/components/ui/honeypot";
import { type ContactForm, ContactSchema, MESSAGE_MAX_LENGTH, MESSAGE_MIN_LENGTH, TOKEN_FIELD } from "~/contact/contact-form";
import { useT } from "~/i18n/translation";

const CONSTRAINT = getZodConstraint(ContactSchema);

/** Values shown before anything is typed (a logged-in customer's names and e-mail). */
export interface ContactDefaults {
  firstName: string;
  lastName: string;
  email: string;
}

export function ContactFormView({
  lastResult,
  token,
  defaults,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  /** The signed time token of this rendering. */
  token: string;
  defaults: ContactDefaults;
}) {
  const { t } = useT();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm<ContactForm>({
    id: "contact",
    lastResult,
    constraint: CONSTRAINT,
    defaultValue: defaults,
    shouldValidate: "onBlur",
    // Errors clear while typing, not on blur: a message vanishing on blur would move the
    // checkbox and the button from under the pointer that is clicking them.
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ContactSchema }),
  });
  const { key: _messageKey, ...messageProps } = getTextareaProps(fields.message);
  const { key: _robotKey, ...robotProps } = getInputProps(fields.notRobot, { type: "checkbox" });
  const helpId = `${fields.message.id}-help`;
  return (
    <Form method="post" {...getFormProps(form)} className="mx-auto max-w-lg space-y-4 text-left">
      <input type="hidden" name={TOKEN_FIELD} value={token} />
      <FieldErrors id={form.errorId} errors={form.errors} />
      <TextField field={fields.firstName} type="text" label={t("auth.fields.firstName")} autoComplete="given-name" />
      <TextField field={fields.lastName} type="text" label={t("auth.fields.lastName")} autoComplete="family-name" />
      <TextField field={fields.email} type="email" label={t("auth.fields.email")} autoComplete="email" />
      <div>
        <label htmlFor={fields.message.id} className="block text-sm font-medium">
          {t("contact.fields.message")}
        </label>
        <textarea
          {...messageProps}
          rows={8}
          aria-describedby={[helpId, fields.message.errors?.length ? fields.message.errorId : null].filter(Boolean).join(" ")}
          className={inputClass}
        />
        <p id={helpId} className="mt-1 text-xs text-stone-600">
          {t("contact.messageHelp", { min: MESSAGE_MIN_LENGTH, max: MESSAGE_MAX_LENGTH })}
        </p>
        <FieldErrors id={fields.message.errorId} errors={fields.message.errors} />
      </div>
      <Honeypot id="contact-honeypot" />
      <div>
        <div className="flex min-h-6 items-center gap-2">
          <input {...robotProps} className="h-5 w-5" />
          <label htmlFor={fields.notRobot.id} className="text-sm font-medium">
            {t("contact.fields.notRobot")}
          </label>
        </div>
        <FieldErrors id={fields.notRobot.errorId} errors={fields.notRobot.errors} />
      </div>
      <button type="submit" disabled={busy} className="rounded bg-wine-700 px-4 py-2 font-semibold text-white">
        {t("contact.submit")}
      </button>
    </Form>
  );
}
