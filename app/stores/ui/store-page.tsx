/**
 * A store's page and the stores' list: address, phone, opening hours, what it sells,
 * its restaurant where there is one, and the way to its own product list.
 */
import { Link } from "react-router";
import { boutiqueNameKey } from "~/i18n/channel-names";
import { useT } from "~/i18n/translation";
import type { StoreView } from "~/stores/store-view.server";

const productsOf = (store: Pick<StoreView, "inventoryCode">) => `/products?${new URLSearchParams({ inventory: store.inventoryCode })}`;

function Address({ store }: { store: StoreView }) {
  return (
    <address className="not-italic">
      {store.addressLines.map((line) => (
        <span key={line} className="block">
          {line}
        </span>
      ))}
      <a href={`tel:${store.phone}`} className="text-wine-800 underline">
        {store.phoneDisplay}
      </a>
    </address>
  );
}

/** One store: everything a visitor needs before coming. */
export function StorePage({ store }: { store: StoreView }) {
  const { t } = useT();
  return (
    <article className="mx-auto max-w-3xl space-y-6" data-testid="store-page">
      <header>
        <p className="text-sm uppercase tracking-wide text-stone-500">{t("stores.kicker")}</p>
        <h1 className="font-serif text-3xl">{t(boutiqueNameKey(store.inventoryCode))}</h1>
      </header>
      <section aria-labelledby="store-where">
        <h2 id="store-where" className="font-serif text-xl">
          {t("stores.where")}
        </h2>
        <Address store={store} />
      </section>
      <section aria-labelledby="store-hours">
        <h2 id="store-hours" className="font-serif text-xl">
          {t("stores.hours")}
        </h2>
        <table className="mt-2 text-sm" data-testid="store-hours">
          <tbody>
            {store.hours.map(({ day, open }) => (
              <tr key={day}>
                <th scope="row" className="pr-6 text-left font-normal capitalize">
                  {day}
                </th>
                <td>{open ? t("stores.opening", open) : t("stores.closed")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section aria-labelledby="store-sells">
        <h2 id="store-sells" className="font-serif text-xl">
          {t("stores.sells")}
        </h2>
        <p>{t(`stores.${store.slug}.sells`)}</p>
        <p className="mt-3">
          <Link
            to={productsOf(store)}
            className="inline-block rounded bg-wine-700 px-4 py-2 font-semibold text-white"
            data-testid="store-products"
          >
            {t("stores.seeProducts")}
          </Link>
        </p>
      </section>
      {store.restaurant ? (
        <section aria-labelledby="store-restaurant">
          <h2 id="store-restaurant" className="font-serif text-xl">
            {t("stores.restaurant")}
          </h2>
          <p>{t(`stores.${store.slug}.restaurant`)}</p>
        </section>
      ) : null}
      <p className="text-sm text-stone-600">{t("stores.pickup")}</p>
    </article>
  );
}

/** The three stores, each with its address and a link to its page. */
export function StoresList({ stores }: { stores: StoreView[] }) {
  const { t } = useT();
  return (
    <section className="mx-auto max-w-5xl">
      <h1 className="font-serif text-3xl">{t("stores.title")}</h1>
      <p className="mt-2 text-stone-700">{t("stores.intro")}</p>
      <ul className="mt-6 grid grid-cols-fit gap-6">
        {stores.map((store) => (
          <li key={store.slug} className="rounded border border-stone-200 p-4" data-testid="store-card">
            <h2 className="font-serif text-xl">
              <Link to={`/boutiques/${store.slug}`} className="text-wine-800 underline">
                {t(boutiqueNameKey(store.inventoryCode))}
              </Link>
            </h2>
            <div className="mt-2 text-sm">
              <Address store={store} />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
