import { Link } from "react-router";
import { useT } from "~/i18n/translation";
import type { PlanOffer } from "~/subscriptions/subscription-types";
import { type BuyRefusal, PlanCard } from "./plan-card";

/** What the members page says of the benefits (docs/product.md#members), numbers from the constants. */
export interface MemberBenefitNumbers {
  /** −20 % on single bottles in the shop. */
  singleBottlePercent: number;
  /** −15 % on the pay-now subtotal from the threshold. */
  payNowPercent: number;
  /** The threshold, formatted money ("500,00 $"). */
  threshold: string;
  /** In-store tastings a year. */
  tastings: number;
}

function PageHeader({ title, intro }: { title: string; intro: string }) {
  return (
    <header className="max-w-3xl">
      <h1 className="font-serif text-4xl">{title}</h1>
      <p className="mt-3 text-lg text-stone-700">{intro}</p>
    </header>
  );
}

function LoginHint({ loggedIn }: { loggedIn: boolean }) {
  const { t } = useT();
  if (loggedIn) return null;
  return <p className="mt-4 text-sm text-stone-600">{t("subscriptions.plan.loginHint")}</p>;
}

/** /subscriptions: every plan on sale, the membership first, with links to their own pages. */
export function SubscriptionsPage({
  plans,
  loggedIn,
  refusal,
}: {
  plans: PlanOffer[];
  loggedIn: boolean;
  refusal: BuyRefusal | undefined;
}) {
  const { t } = useT();
  const membership = plans.filter((p) => p.kind === "MEMBERSHIP");
  const discovery = plans.filter((p) => p.kind === "DISCOVERY");
  return (
    <div className="py-8" data-testid="subscriptions-page">
      <PageHeader title={t("subscriptions.page.title")} intro={t("subscriptions.page.intro")} />
      <LoginHint loggedIn={loggedIn} />
      {membership.length ? (
        <section className="mt-10" aria-labelledby="membership-title">
          <h2 id="membership-title" className="font-serif text-2xl">
            {t("subscriptions.page.membershipTitle")}
          </h2>
          <p className="mt-1">
            <Link to="/membres" className="text-wine-800 underline">
              {t("subscriptions.page.membershipLink")}
            </Link>
          </p>
          <div className="mt-4 grid grid-cols-cards gap-6 lg:grid-cols-3">
            {membership.map((plan) => (
              <PlanCard key={plan.code} plan={plan} refusal={refusal} headingLevel={3} />
            ))}
          </div>
        </section>
      ) : null}
      {discovery.length ? (
        <section className="mt-10" aria-labelledby="discovery-title">
          <h2 id="discovery-title" className="font-serif text-2xl">
            {t("subscriptions.page.discoveryTitle")}
          </h2>
          <p className="mt-1">
            <Link to="/discovery" className="text-wine-800 underline">
              {t("subscriptions.page.discoveryLink")}
            </Link>
          </p>
          <div className="mt-4 grid grid-cols-cards gap-6 lg:grid-cols-3">
            {discovery.map((plan) => (
              <PlanCard key={plan.code} plan={plan} refusal={refusal} headingLevel={3} />
            ))}
          </div>
        </section>
      ) : null}
      {plans.length === 0 ? <p className="mt-8">{t("subscriptions.page.none")}</p> : null}
    </div>
  );
}

/** /membres (docs/product.md#members "Membership page titled MEMBRE", benefits): the benefits and the membership plan. */
export function MembersPage({
  plans,
  loggedIn,
  refusal,
  numbers,
}: {
  plans: PlanOffer[];
  loggedIn: boolean;
  refusal: BuyRefusal | undefined;
  numbers: MemberBenefitNumbers;
}) {
  const { t } = useT();
  const benefits = [
    t("subscriptions.members.benefits.advice"),
    t("subscriptions.members.benefits.allocations"),
    t("subscriptions.members.benefits.singleBottles", { percent: numbers.singleBottlePercent }),
    t("subscriptions.members.benefits.payNow", { percent: numbers.payNowPercent, threshold: numbers.threshold }),
    t("subscriptions.members.benefits.tastings", { count: numbers.tastings }),
    t("subscriptions.members.benefits.events"),
  ];
  return (
    <div className="py-8" data-testid="members-page">
      <PageHeader title={t("subscriptions.members.title")} intro={t("subscriptions.members.intro")} />
      <div className="mt-10 grid gap-10 md:grid-cols-2">
        <section aria-labelledby="benefits-title">
          <h2 id="benefits-title" className="font-serif text-2xl">
            {t("subscriptions.members.benefitsTitle")}
          </h2>
          <ul className="mt-4 list-disc space-y-2 pl-6">
            {benefits.map((benefit) => (
              <li key={benefit}>{benefit}</li>
            ))}
          </ul>
          <p className="mt-4 text-sm text-stone-600">{t("subscriptions.members.pricesNote")}</p>
        </section>
        <div>
          {plans.map((plan) => (
            <PlanCard key={plan.code} plan={plan} refusal={refusal} />
          ))}
          <LoginHint loggedIn={loggedIn} />
        </div>
      </div>
    </div>
  );
}

/** /discovery (docs/product.md#discovery-subscribers discovery packages page, discovery subscription): the rhythm, the next cycle, the packages. */
export function DiscoveryPage({
  plans,
  loggedIn,
  refusal,
  nextCycle,
  agencyFeesPercent,
}: {
  plans: PlanOffer[];
  loggedIn: boolean;
  refusal: BuyRefusal | undefined;
  /** The next confirmation deadline and delivery day, formatted with their weekday. */
  nextCycle: { confirmBy: string; delivery: string };
  /** Subscribers' discount on private-import agency fees, in percent (docs/decisions/048-discovery-subscriber-prices.md). */
  agencyFeesPercent: number;
}) {
  const { t } = useT();
  return (
    <div className="py-8" data-testid="discovery-page">
      <PageHeader title={t("subscriptions.discovery.title")} intro={t("subscriptions.discovery.intro")} />
      <section className="mt-8 max-w-3xl" aria-labelledby="how-title">
        <h2 id="how-title" className="font-serif text-2xl">
          {t("subscriptions.discovery.howTitle")}
        </h2>
        <ol className="mt-4 list-decimal space-y-2 pl-6">
          <li>{t("subscriptions.discovery.how.choose")}</li>
          <li>{t("subscriptions.discovery.how.confirm")}</li>
          <li>{t("subscriptions.discovery.how.delivery")}</li>
          <li>{t("subscriptions.discovery.how.cancel")}</li>
        </ol>
        <p className="mt-4 rounded bg-wine-50 p-3" data-testid="discovery-next-cycle">
          {t("subscriptions.discovery.nextCycle", nextCycle)}
        </p>
        <h2 className="mt-8 font-serif text-2xl">{t("subscriptions.discovery.pricesTitle")}</h2>
        <p className="mt-4" data-testid="discovery-prices">
          {t("subscriptions.discovery.prices", { percent: agencyFeesPercent })}
        </p>
      </section>
      <LoginHint loggedIn={loggedIn} />
      <div className="mt-8 grid grid-cols-cards gap-6 lg:grid-cols-3">
        {plans.map((plan) => (
          <PlanCard key={plan.code} plan={plan} refusal={refusal} />
        ))}
      </div>
    </div>
  );
}
