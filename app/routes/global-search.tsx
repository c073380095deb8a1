/**
 * /global-search?t=… (SPEC §2). The tabs Products, Producers, Blogs come with the content issue;
 * until then the page says so and sends the text to the product list's full-text search.
 */
import { useT } from "~/i18n/translation";
import { Link } from "react-router";
import type { Route } from "./+types/global-search";
import { cleanText } from "~/catalogue/product-filters";

export function loader({ request }: Route.LoaderArgs) {
  return { text: cleanText(new URL(request.url).searchParams.get("t")) };
}

export default function GlobalSearch({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  const { text } = loaderData;
  const query = new URLSearchParams(text ? { t: text } : {}).toString();
  return (
    <section className="py-8">
      <h1 className="font-serif text-3xl">{t("search.title")}</h1>
      <p className="mt-4 rounded border border-amber-300 bg-amber-50 p-3">{t("search.comingSoon")}</p>
      {text ? (
        <p className="mt-4">
          <Link to={`/products?${query}`} className="text-wine-700 underline">
            {t("search.inProducts", { text })}
          </Link>{" "}
          ·{" "}
          <Link to={`/providers?${query}`} className="text-wine-700 underline">
            {t("search.inProviders", { text })}
          </Link>
        </p>
      ) : null}
    </section>
  );
}
