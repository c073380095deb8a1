import type { ReactNode } from "react";
import { Link } from "react-router";

/**
 * The body of a form page whose success is a message (contact, forgot password): after the
 * action's 303 (`sent`) the page says so, with one link onward; before, an introduction and the
 * form (the children).
 */
export function FormOrSent({
  sent,
  sentText,
  sentTestId,
  link,
  intro,
  children,
}: {
  sent: boolean;
  /** What the visitor is told once the form went through (a polite status). */
  sentText: string;
  sentTestId: string;
  /** Where to go once sent: a path and its label. */
  link: { to: string; label: string };
  intro: string;
  children: ReactNode;
}) {
  if (sent) {
    return (
      <div className="mt-6 space-y-4">
        <p role="status" data-testid={sentTestId}>
          {sentText}
        </p>
        <p>
          <Link to={link.to} className="text-wine-800 underline">
            {link.label}
          </Link>
        </p>
      </div>
    );
  }
  return (
    <>
      <p className="mt-4">{intro}</p>
      <div className="mt-6">{children}</div>
    </>
  );
}
