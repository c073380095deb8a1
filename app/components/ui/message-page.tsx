import type { ReactNode } from "react";
import { RequestReference } from "~/observability/request-reference";

/**
 * A page that is one message: a heading, then its text and links (the children). Error pages
 * have no route `meta`, so they ask for `documentTitle`: React hoists the `<title>` into `<head>`,
 * and they end with the request's reference, which a customer can quote (decision 030).
 */
export function MessagePage({
  title,
  documentTitle = false,
  testId,
  children,
}: {
  title: string;
  documentTitle?: boolean;
  testId?: string;
  children?: ReactNode;
}) {
  return (
    <section className="py-16 text-center" data-testid={testId}>
      {documentTitle ? <title>{`${title} · Cuvée`}</title> : null}
      <h1 className="font-serif text-3xl">{title}</h1>
      {children}
      {documentTitle ? <RequestReference /> : null}
    </section>
  );
}
