/**
 * The cookie consent (docs/product.md#consent Layout; Quebec's Law 25): the province's wording,
 * Accept and Refuse of the same weight, Exit (to an external search site) and "remember my
 * choice". A real form (POST /visitor, 303 back to the page without `?consent=open`); the answer
 * is stored per province. Without JavaScript it is a panel at the bottom of the page, shown with
 * the province notice; with it, a modal dialog that opens 3.1 s after the notice (at once when
 * there is no notice, or when reopened from the footer), Escape closing it for this page.
 */
import { useState } from "react";
import { Form, useLocation } from "react-router";
import { useT } from "~/i18n/translation";
import { type ConsentAnswer, EXIT_URL, VISITOR_PATH, withoutConsentQuery } from "~/visitor/visitor-rules";
import type { Province } from "~/vocabulary";
import { useModalDialog } from "./use-modal-dialog";

/** Accept and Refuse: one look for both (no nudge). */
const answerClass =
  "min-h-11 min-w-32 flex-1 rounded border-2 border-wine-700 bg-white px-4 py-2 font-semibold text-wine-800 hover:bg-wine-50 sm:flex-none";

export function ConsentDialog({
  province,
  current,
  delayMs,
}: {
  province: Province;
  current: ConsentAnswer | null;
  /** With JavaScript, how long to wait before opening (ms); read once, when it mounts. */
  delayMs: number;
}) {
  const { t } = useT();
  const location = useLocation();
  const [delay] = useState(delayMs);
  const ref = useModalDialog({ escape: true, delayMs: delay });
  return (
    <dialog
      ref={ref}
      open
      aria-labelledby="visitor-consent-title"
      aria-describedby="visitor-consent-text"
      data-testid="consent-dialog"
      className={
        "z-50 m-auto w-[calc(100%-2rem)] max-w-2xl rounded-lg border border-stone-300 bg-white p-6 text-stone-900 shadow-2xl backdrop:bg-stone-900/60 " +
        // Without JavaScript: a panel in the visitor gate's stack at the foot of the screen. With it:
        // hidden until it opens as a modal.
        "not-[:modal]:relative not-[:modal]:w-full not-[:modal]:mx-auto not-[:modal]:mb-0 " +
        "not-[:modal]:rounded-b-none [@media(scripting:enabled)]:not-[:modal]:hidden"
      }
    >
      <h2 id="visitor-consent-title" className="font-serif text-xl">
        {t("visitor.consent.title")}
      </h2>
      <div id="visitor-consent-text" className="mt-3 space-y-2 text-sm">
        <p>{t(`visitor.consent.text.${province}`)}</p>
        <p>{t("visitor.consent.change")}</p>
        {current ? <p className="font-semibold">{t(`visitor.consent.current.${current}`)}</p> : null}
      </div>
      <Form
        method="post"
        action={VISITOR_PATH}
        preventScrollReset
        className="mt-4"
        onSubmit={() => {
          // Answered: focus goes back where it was while the page reloads its data.
          if (ref.current?.open) ref.current.close();
        }}
      >
        <input type="hidden" name="intent" value="consent" />
        <input type="hidden" name="province" value={province} />
        <input type="hidden" name="redirectTo" value={withoutConsentQuery(location.pathname + location.search)} />
        <div className="flex min-h-6 items-center gap-2">
          <input id="visitor-consent-remember" type="checkbox" name="remember" className="h-5 w-5" />
          <label htmlFor="visitor-consent-remember" className="text-sm">
            {t("visitor.consent.remember")}
          </label>
        </div>
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <button type="submit" name="answer" value="accepted" className={answerClass}>
            {t("visitor.consent.accept")}
          </button>
          <button type="submit" name="answer" value="refused" className={answerClass}>
            {t("visitor.consent.refuse")}
          </button>
          <a href={EXIT_URL} rel="noopener noreferrer" className="inline-flex min-h-11 items-center px-2 text-sm underline">
            {t("visitor.consent.exit")}
          </a>
        </div>
      </Form>
    </dialog>
  );
}
