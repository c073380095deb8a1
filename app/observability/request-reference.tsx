/**
 * The reference a customer can quote: an error page (404, 429, 5xx: app/components/ui/message-page.tsx)
 * rendered by the server shows the request's id, the `X-Request-Id` of its response and the
 * `requestId` of its log lines (decision 030).
 *
 * The server provides the id (app/entry.server.tsx); the browser takes it from the page it
 * hydrates (app/entry.client.tsx), once: an error page reached by a client navigation came from a
 * data request whose id the page cannot see, so it shows none rather than an old one.
 */
import { createContext, type ReactNode, useContext, useEffect, useState } from "react";
import { useLocation } from "react-router";
import { useT } from "~/i18n/translation";

interface ReferenceHolder {
  /** The id, until {@link ReferenceHolder.forget} is called. */
  take(): string | undefined;
  forget(): void;
}

/** The id of the request that rendered the document (server) or that the browser hydrates. */
const RequestReferenceContext = createContext<ReferenceHolder | null>(null);

/**
 * Provides the request's id. On the server `value` is the request's id; in the browser it is the
 * one written in the hydrated page, given to the first error page that hydrates and then gone.
 */
export function RequestReferenceProvider({ value, children }: { value: string | undefined; children: ReactNode }) {
  const [holder] = useState<ReferenceHolder>(() => {
    let id = value;
    return {
      take() {
        return id;
      },
      forget() {
        id = undefined;
      },
    };
  });
  return <RequestReferenceContext.Provider value={holder}>{children}</RequestReferenceContext.Provider>;
}

/** The attribute that carries the id in the page, read back by the browser before hydrating. */
export const REFERENCE_ATTRIBUTE = "data-request-id";

/** The request id written in a server-rendered error page, if the page is one (browser only). */
export function referenceInPage(): string | undefined {
  return document.querySelector(`[${REFERENCE_ATTRIBUTE}]`)?.getAttribute(REFERENCE_ATTRIBUTE) ?? undefined;
}

/**
 * "Reference: <id>", localized; nothing when the page has no id to show. Mounted afresh for each
 * location, so an error page reached by a client navigation never shows the previous one's id.
 */
export function RequestReference() {
  const { key } = useLocation();
  return <ReferenceLine key={key} />;
}

function ReferenceLine() {
  const holder = useContext(RequestReferenceContext);
  const { t } = useT();
  // Read once per mount: the hydrated page's id, never reused by a later error page.
  const [id] = useState(() => holder?.take());
  // Effects run in the browser only: once the page has hydrated, its id belongs to it alone.
  useEffect(() => holder?.forget(), [holder]);
  if (!id) return null;
  return (
    <p className="mt-6 text-sm text-stone-600" {...{ [REFERENCE_ATTRIBUTE]: id }}>
      {t("error.reference", { id })}
    </p>
  );
}
