/**
 * The footer's newsletter block (docs/product.md#newsletter "Footer: newsletter sign-up block", "Newsletter
 * dialog opens only after the short form validates; after success or an existing-member response
 * it closes", newsletter errors).
 *
 * The short form is a fetcher's form, which the server renders as a plain HTML form: without
 * JavaScript it posts to `/newsletter` (`mode=page`), which goes on as pages. Once hydrated it
 * says `mode=dialog` and posts through the fetcher; only when the server accepts it does a native
 * modal `<dialog>` open (`showModal`: the page behind is inert, Escape closes, the focus returns
 * to the short form's button) with step 2, which posts through a second fetcher. The outcome
 * closes the dialog, empties the short form (the server forgets the person) and is announced in a
 * polite live region under the form.
 */
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { useHydrated } from "~/components/ui/use-hydrated";
import { useT } from "~/i18n/translation";
import type { NewsletterActionData, NewsletterOutcome } from "~/newsletter/newsletter-forms";
import type { Province } from "~/vocabulary";
import { NewsletterInterestsFormView } from "./interests-form";
import { NewsletterPersonFormView } from "./person-form";

const FORM_ID = "newsletter-footer";

/** @param province the visitor's province, whose Mailchimp audience the sign-up joins */
export function NewsletterSignup({ province }: { province: Province }) {
  const { t } = useT();
  const hydrated = useHydrated();
  const personFetcher = useFetcher<NewsletterActionData>({ key: "newsletter-person" });
  /** Each opening draws a fresh step 2 form, with a fetcher of its own: no answer of an earlier opening. */
  const [round, setRound] = useState(0);
  const interestsFetcher = useFetcher<NewsletterActionData>({ key: `newsletter-interests-${round}` });

  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const [outcome, setOutcome] = useState<NewsletterOutcome | null>(null);

  const personData = personFetcher.data;
  const interestsData = interestsFetcher.data;
  /** The person step 2 is for: the short form's accepted answer. */
  const person = personData?.kind === "chooseInterests" ? personData.person : null;

  // The short form was accepted: step 2 opens.
  useEffect(() => {
    if (personFetcher.state !== "idle" || !personData) return;
    if (personData.kind === "chooseInterests") {
      // The focus goes back to the short form's button (the one that opened the dialog, even
      // when it was disabled while the form was sent and lost the focus).
      openerRef.current = document.getElementById(FORM_ID)?.querySelector<HTMLElement>("button[type=submit]") ?? null;
      // eslint-disable-next-line react-hooks/set-state-in-effect -- answers the fetcher's reply, an outside event
      setRound((r) => r + 1);
    } else if (personData.kind === "outcome") {
      setOutcome(personData.outcome);
      (document.getElementById(FORM_ID) as HTMLFormElement | null)?.reset();
    }
  }, [personData, personFetcher.state]);

  // A new round's form is drawn: the dialog opens on it (its first choice takes the focus).
  useEffect(() => {
    if (round > 0 && !dialogRef.current?.open) dialogRef.current?.showModal();
  }, [round]);

  // Step 2 answered: the dialog closes, the short form empties, the outcome is announced.
  useEffect(() => {
    if (interestsFetcher.state !== "idle" || interestsData?.kind !== "outcome") return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- answers the fetcher's reply, an outside event
    setOutcome(interestsData.outcome);
    dialogRef.current?.close();
    (document.getElementById(FORM_ID) as HTMLFormElement | null)?.reset();
  }, [interestsData, interestsFetcher.state]);

  // A new sign-up clears the last announcement.
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- answers the fetcher's submission, an outside event
    if (personFetcher.state === "submitting") setOutcome(null);
  }, [personFetcher.state]);

  const closeDialog = () => dialogRef.current?.close();
  const onDialogClose = () => {
    const opener = openerRef.current;
    if (opener?.isConnected) opener.focus();
    openerRef.current = null;
  };

  const refusedPerson = personData?.kind === "refused" && personData.step === "person" ? personData.result : undefined;
  const refusedInterests = interestsData?.kind === "refused" && interestsData.step === "interests" ? interestsData.result : undefined;

  return (
    <div className="mt-3 rounded bg-white p-4 text-stone-900">
      <p className="text-sm">{t("newsletter.intro")}</p>
      <div className="mt-3">
        <NewsletterPersonFormView id={FORM_ID} lastResult={refusedPerson} mode={hydrated ? "dialog" : "page"} fetcher={personFetcher} />
      </div>
      {/* A polite live region (aria-live, not role="status": the page's own status messages stay the only ones). */}
      <p
        aria-live="polite"
        aria-atomic="true"
        data-testid="newsletter-message"
        className={`mt-2 text-sm font-semibold ${outcome === "error" ? "text-red-700" : "text-emerald-800"}`}
      >
        {outcome ? t(`newsletter.outcomes.${outcome}`) : ""}
      </p>
      <dialog
        ref={dialogRef}
        aria-labelledby="newsletter-dialog-title"
        onClose={onDialogClose}
        className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded bg-white p-6 text-stone-900 shadow-xl backdrop:bg-stone-900/60"
      >
        <h2 id="newsletter-dialog-title" className="font-serif text-xl">
          {t("newsletter.interests.title")}
        </h2>
        {person ? (
          <p className="mt-1 text-sm text-stone-700">
            {t("newsletter.interests.for", { name: `${person.firstName} ${person.lastName}`, email: person.email })}
          </p>
        ) : null}
        <p className="mt-2 text-sm">{t("newsletter.interests.intro")}</p>
        <div className="mt-4">
          {round > 0 ? (
            <NewsletterInterestsFormView
              key={round}
              id={`newsletter-dialog-${round}`}
              lastResult={refusedInterests}
              mode="dialog"
              defaultProvince={province}
              fetcher={interestsFetcher}
              onCancel={closeDialog}
            />
          ) : null}
        </div>
      </dialog>
    </div>
  );
}
