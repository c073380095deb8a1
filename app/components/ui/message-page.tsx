import type { ReactNode } from "react";

/**
 * A page that is one message: a heading, then its text and links (the children). Error pages
 * have no route `meta`, so they ask for `documentTitle`: React hoists the `<title>` into `<head>`.
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
    </section>
  );
}
