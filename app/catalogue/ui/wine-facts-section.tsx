/**
 * The product page's fact sheet (decision 036): grapes with their shares, alcohol, residual sugar,
 * appellation, designation, format, producer, origin, serving temperature, ageing potential, the
 * SAQ and LCBO codes linked to the board's page when the product is sold there, then the tasting
 * notes and food pairings in the page's language. A fact not known is left out.
 */
import { Link } from "react-router";
import {
  boardProductUrl,
  formatAlcohol,
  formatGrapeShare,
  formatServingTemperature,
  formatSugar,
  type NamedGrapeShare,
  type WineFacts,
} from "~/catalogue/wine-facts";
import { formatVolume } from "~/i18n/format";
import { useT } from "~/i18n/translation";
import { localized } from "~/lib/localized";
import type { LiquorBoard } from "~/vocabulary";

export interface WineFactsSectionProps {
  facts: WineFacts;
  /** `facts.grapes` named in the page's language. */
  grapes: NamedGrapeShare[];
  volumeMl: number | null;
  provider: { slug: string; name: string };
  /** "France, Loire"; empty when unknown. */
  origin: string;
  /** The boards that sell the product (it has a LIQUOR_BOARD inventory of theirs): only their codes are shown, as links. */
  soldAt: readonly LiquorBoard[];
}

function Fact({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <>
      <dt className="text-stone-600">{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </>
  );
}

/** The fact sheet of a product page. */
export function WineFactsSection({ facts, grapes, volumeMl, provider, origin, soldAt }: WineFactsSectionProps) {
  const { t, i18n } = useT();
  const locale = i18n.language.startsWith("en") ? "en-US" : "fr-CA";
  const serving = formatServingTemperature(facts.servingTemperatureMinC, facts.servingTemperatureMaxC);
  const tastingNotes = localized(locale, facts.tastingNotesFr, facts.tastingNotesEn);
  const foodPairings = localized(locale, facts.foodPairingsFr, facts.foodPairingsEn);
  const codes = (
    [
      ["SAQ", facts.saqCode],
      ["LCBO", facts.lcboCode],
    ] as const
  ).filter((entry): entry is readonly [LiquorBoard, string] => entry[1] !== null && soldAt.includes(entry[0]));
  return (
    <section aria-labelledby="wine-facts-title" className="mt-8" data-testid="wine-facts">
      <h2 id="wine-facts-title" className="font-serif text-2xl">
        {t("product.facts.title")}
      </h2>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {grapes.length > 0 ? (
          <Fact label={t("product.facts.grapes")} testId="fact-grapes">
            {grapes.map((g) => formatGrapeShare(g, locale)).join(", ")}
          </Fact>
        ) : null}
        {facts.alcoholPercent !== null ? (
          <Fact label={t("product.facts.alcohol")} testId="fact-alcohol">
            {formatAlcohol(facts.alcoholPercent, locale)}
          </Fact>
        ) : null}
        {facts.residualSugarGramsPerLitre !== null ? (
          <Fact label={t("product.facts.sugar")} testId="fact-sugar">
            {formatSugar(facts.residualSugarGramsPerLitre, locale)}
          </Fact>
        ) : null}
        {facts.appellation ? <Fact label={t("product.facts.appellation")}>{facts.appellation}</Fact> : null}
        {facts.designation ? <Fact label={t("product.facts.designation")}>{facts.designation}</Fact> : null}
        {volumeMl ? <Fact label={t("product.facts.format")}>{formatVolume(volumeMl, locale)}</Fact> : null}
        <Fact label={t("product.facts.producer")}>
          <Link to={`/providers/${provider.slug}`} className="text-wine-700 underline">
            {provider.name}
          </Link>
        </Fact>
        {origin ? <Fact label={t("product.facts.origin")}>{origin}</Fact> : null}
        {serving ? (
          <Fact label={t("product.facts.serving")} testId="fact-serving">
            {serving}
          </Fact>
        ) : null}
        {facts.ageingPotentialYears !== null ? (
          <Fact label={t("product.facts.ageing")}>{t("product.facts.ageingYears", { count: facts.ageingPotentialYears })}</Fact>
        ) : null}
        {codes.map(([board, code]) => (
          <Fact key={board} label={t("product.facts.boardCode", { board })} testId={`fact-${board.toLowerCase()}-code`}>
            <a href={boardProductUrl(board, code, locale)} target="_blank" rel="noopener noreferrer" className="text-wine-700 underline">
              {t("product.facts.boardLink", { code, board })}
            </a>
          </Fact>
        ))}
      </dl>
      {tastingNotes ? (
        <>
          <h3 className="mt-4 font-semibold">{t("product.facts.tastingNotes")}</h3>
          <p className="mt-1 max-w-prose" data-testid="fact-tasting-notes">
            {tastingNotes}
          </p>
        </>
      ) : null}
      {foodPairings ? (
        <>
          <h3 className="mt-4 font-semibold">{t("product.facts.foodPairings")}</h3>
          <p className="mt-1 max-w-prose">{foodPairings}</p>
        </>
      ) : null}
    </section>
  );
}
