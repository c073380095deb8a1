/** A publication date in the visitor's language ("2 octobre 2026" / "October 2, 2026"), as a `<time>`. */
import { formatLongDate } from "~/i18n/format";
import { useT } from "~/i18n/translation";

export function BlogDate({ iso, className }: { iso: string; className?: string }) {
  const { i18n } = useT();
  // Publication days are stored as noon UTC: read in UTC, they never shift to the day before or after.
  return (
    <time dateTime={iso} className={className}>
      {formatLongDate(iso, i18n.language, "UTC")}
    </time>
  );
}
