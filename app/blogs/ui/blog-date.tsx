/** A publication date in the visitor's language ("2 octobre 2026" / "October 2, 2026"), as a `<time>`. */
import { useT } from "~/i18n/translation";

export function BlogDate({ iso, className }: { iso: string; className?: string }) {
  const { i18n } = useT();
  // UTC on both sides, so the server's and the browser's text match.
  const text = new Intl.DateTimeFormat(i18n.language, { dateStyle: "long", timeZone: "UTC" }).format(new Date(iso));
  return (
    <time dateTime={iso} className={className}>
      {text}
    </time>
  );
}
