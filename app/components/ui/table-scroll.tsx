/**
 * A wide table (the staff lists) on a narrow screen: it scrolls sideways inside this box instead
 * of being cut off. The box is a labelled region in the keyboard order, so arrow keys scroll it
 * and a screen reader names it; its scrollbar is drawn, not an overlay that hides.
 */
import type { ReactNode } from "react";

export function TableScroll({ label, className = "", children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      // A scrollable region a keyboard can reach (WCAG 2.1.1), with a name.
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scroll container must take the focus
      tabIndex={0}
      className={`overflow-x-auto [scrollbar-color:var(--color-wine-700)_transparent] [scrollbar-width:thin] ${className}`}
      data-testid="table-scroll"
    >
      {children}
    </div>
  );
}
