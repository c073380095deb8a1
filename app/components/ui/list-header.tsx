/**
 * The heading of a filtered list page (products, articles): its title and how many items the
 * filters match, announced politely when the filters change.
 */
export function ListHeader({ title, countText }: { title: string; countText: string }) {
  return (
    <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
      <h1 className="font-serif text-3xl">{title}</h1>
      <p className="text-sm text-stone-600" role="status">
        {countText}
      </p>
    </div>
  );
}
