import type { ReactNode } from "react";

/**
 * The heading of a filtered list page (products, articles): its title and how many items the
 * filters match, announced politely when the filters change, with `children` (the sort order)
 * beside the count on every screen.
 */
export function ListHeader({ title, countText, children }: { title: string; countText: string; children?: ReactNode }) {
  return (
    <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
      <h1 className="font-serif text-3xl">{title}</h1>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <p className="text-sm text-stone-600" role="status">
          {countText}
        </p>
        {children}
      </div>
    </div>
  );
}
