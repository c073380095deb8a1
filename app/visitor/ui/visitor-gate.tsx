/**
 * The visitor's first minute around every page (issue 9 §8, SPEC §2 Layout, §4), from the root
 * loader's `visitor` state: until the age is confirmed, only the age gate; then, on a first visit,
 * the province notice, and the consent dialog while the province has no answer (or when reopened).
 * Crawlers get the page alone (the state says so).
 *
 * With JavaScript the notice shows while the data has one and it was not hidden ("use my
 * location" posts without revalidating, so a failed lookup keeps the notice and its message).
 */
import { useCallback, useState, type ReactNode } from "react";
import { useLocation } from "react-router";
import { useRootData } from "~/root-data";
import { CONSENT_DELAY_MS, NOTHING_IN_THE_WAY, type VisitorState } from "~/visitor/visitor-rules";
import { AgeGate } from "./age-gate";
import { ConsentDialog } from "./consent-dialog";
import { ProvinceNotice } from "./province-notice";

/** Renders `children` (header, page, footer) or the age gate in their place, and the dialogs. */
export function VisitorGate({ children }: { children: ReactNode }) {
  const state = useRootData()?.visitor ?? NOTHING_IN_THE_WAY;
  const location = useLocation();
  // The notice comes with the data (the next data has none: its marker cookie is set) and goes
  // once hidden (3 s, or its close button); a notice in newer data shows again.
  const [hidden, setHidden] = useState<VisitorState["notice"]>(null);
  const notice = state.notice === hidden ? null : state.notice;
  const hideNotice = useCallback(() => setHidden(state.notice), [state.notice]);

  if (state.ageGate) return <AgeGate province={state.ageGate.province} age={state.ageGate.age} />;
  return (
    <>
      {notice ? <ProvinceNotice province={notice.province} onHidden={hideNotice} /> : null}
      {state.consent ? (
        <ConsentDialog
          key={location.key}
          province={state.consent.province}
          current={state.consent.current}
          delayMs={notice && !state.consent.reopened ? CONSENT_DELAY_MS : 0}
        />
      ) : null}
      {children}
    </>
  );
}
