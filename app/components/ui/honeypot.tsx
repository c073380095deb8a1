/**
 * The honeypot of the public forms (checked by `honeypotFilled` in
 * app/contact/anti-bot.server.ts): a text field people neither see nor reach (off-screen,
 * `aria-hidden`, out of the tab order, no autofill) and form-filling robots fill.
 */
import { useT } from "~/i18n/translation";
import { HONEYPOT_FIELD } from "~/lib/honeypot";

/** @param id the input's id, unique on the page (a page may show two forms that carry one). */
export function Honeypot({ id }: { id: string }) {
  const { t } = useT();
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label htmlFor={id}>{t("contact.fields.honeypot")}</label>
      <input id={id} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
