/**
 * The subscription plans (docs/product.md#subscriptions "Subscription plans", docs/product.md#discovery-subscribers discovery subscription, docs/product.md#members member
 * benefits, constants), as they go into the `subscription_plans` table. Pure data: the app reads
 * the plans from the database; `seedReferenceData` upserts these rows at every start.
 *
 * docs/product.md#discovery-subscribers says the original package descriptions were placeholder filler text: these short
 * descriptions say what the spec says each plan gives (docs/product.md#members benefits, docs/product.md#discovery-subscribers discovery rhythm), no more.
 * Prices come from the one module of money constants.
 */
import { DISCOVERY_MONTHLY_CENTS, DISCOVERY_YEARLY_CENTS, MEMBERSHIP_YEARLY_CENTS } from "~/pricing/constants";
import type { PlanInterval, PlanKind } from "~/vocabulary";

/** A plan as it goes into `subscription_plans`. Prices are integer cents (CAD), taxes not shown. */
export interface PlanSeed {
  /** Stable code, referenced by subscriptions: MEMBERSHIP, DISCOVERY_1, DISCOVERY_2, DISCOVERY_3. */
  code: string;
  kind: PlanKind;
  priceCents: number;
  interval: PlanInterval;
  nameFr: string;
  nameEn: string;
  descriptionFr: string;
  descriptionEn: string;
  /** Display order, gaps left for later plans. */
  position: number;
  active: boolean;
}

/** The four plans of docs/product.md#members: membership 150 $/year; discovery 290 $/month, 380 $/month, 500 $/year. */
export const PLAN_SEEDS: readonly PlanSeed[] = [
  {
    code: "MEMBERSHIP",
    kind: "MEMBERSHIP",
    priceCents: MEMBERSHIP_YEARLY_CENTS,
    interval: "year",
    nameFr: "Adhésion membre",
    nameEn: "Membership",
    descriptionFr:
      "Conseils personnalisés, allocations privilégiées et produits hors listes, 20 % de rabais sur les bouteilles à l’unité de la boutique et 15 % dès 500 $ d’achat, jusqu’à 4 dégustations en boutique par année avec un invité non membre, et nos événements privés.",
    descriptionEn:
      "Tailored advice, privileged allocations and products not on the lists, 20% off single bottles in the shop and 15% off from $500 of purchases, up to 4 in-store tastings a year with one non-member guest, and our private events.",
    position: 10,
    active: true,
  },
  {
    code: "DISCOVERY_1",
    kind: "DISCOVERY",
    priceCents: DISCOVERY_MONTHLY_CENTS[0],
    interval: "month",
    nameFr: "Forfait découverte 1",
    nameEn: "Discovery package 1",
    descriptionFr:
      "Chaque mois, une caisse mixte choisie par notre équipe, et des prix préférentiels sur l’importation privée. Payé au mois, annulable en tout temps.",
    descriptionEn:
      "Every month, a mixed case chosen by our team, and preferential prices on private imports. Paid monthly, cancellable at any time.",
    position: 20,
    active: true,
  },
  {
    code: "DISCOVERY_2",
    kind: "DISCOVERY",
    priceCents: DISCOVERY_MONTHLY_CENTS[1],
    interval: "month",
    nameFr: "Forfait découverte 2",
    nameEn: "Discovery package 2",
    descriptionFr:
      "Chaque mois, une caisse mixte plus généreuse choisie par notre équipe, et des prix préférentiels sur l’importation privée. Payé au mois, annulable en tout temps.",
    descriptionEn:
      "Every month, a more generous mixed case chosen by our team, and preferential prices on private imports. Paid monthly, cancellable at any time.",
    position: 30,
    active: true,
  },
  {
    code: "DISCOVERY_3",
    kind: "DISCOVERY",
    priceCents: DISCOVERY_YEARLY_CENTS,
    interval: "year",
    nameFr: "Forfait découverte 3",
    nameEn: "Discovery package 3",
    descriptionFr:
      "La formule annuelle : des caisses mixtes choisies par notre équipe, et des prix préférentiels sur l’importation privée. Payé à l’année, annulable en tout temps.",
    descriptionEn:
      "The yearly formula: mixed cases chosen by our team, and preferential prices on private imports. Paid yearly, cancellable at any time.",
    position: 40,
    active: true,
  },
];

/** The plan codes, in display order. */
export const PLAN_CODES: readonly string[] = PLAN_SEEDS.map((plan) => plan.code);

/** In-store tastings a member may attend each year, with one non-member guest (docs/product.md#member-privileges, "4 tastings per member per year"). */
export const MEMBER_TASTINGS_PER_YEAR = 4;
