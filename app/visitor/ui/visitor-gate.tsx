/**
 * The visitor's first minute around every page (issue 9 §8, SPEC §2 Layout, §4), from the root
 * loader's `visitor` state: until the age is confirmed, only the age gate; then, on a first visit,
 * the province notice, and the consent dialog while the province has no answer (or when reopened).
 * Crawlers get the page alone (the state says so).
 *
 * With JavaScript the notice stays on screen through a revalidation of the same page (a failed
 * "use my location" must still show its message) and goes on the next navigation.
 */
import { useCallback, useState, type ReactNode } from "react";
import { useLocation } from "react-router";
import { useRootData } from "~/root-data";
import { CONSENT_DELAY_MS, NOTHING_IN_THE_WAY } from "../visitor-rules";
import { AgeGate } from "./age-gate";
import { ConsentDialog } from "./consent-dialog";
import { ProvinceNotice } from "./province-notice";

/** Renders `children` (header, page, footer) or the age gate in their place, and the dialogs. */
export function VisitorGate({ children }: { children: ReactNode }) {
  const state = useRootData()?.visitor ?? NOTHING_IN_THE_WAY;
  const location = useLocation();
  // The notice shown: it comes with the data, stays through a revalidation of the same page (a
  // failed "use my location" keeps its message), goes when hidden or on the next navigation.
  const [notice, setNotice] = useState(state.notice);
  const [dataNotice, setDataNotice] = useState(state.notice);
  const [locationKey, setLocationKey] = useState(location.key);
  if (state.notice !== dataNotice) {
    setDataNotice(state.notice);
    if (state.notice) setNotice(state.notice);
  }
  if (location.key !== locationKey) {
    setLocationKey(location.key);
    if (!state.notice) setNotice(null);
  }
  const hideNotice = useCallback(() => setNotice(null), []);

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
