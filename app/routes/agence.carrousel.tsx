/**
 * /agence/carrousels/:group/:province (docs/decisions/047-carousels.md): the editor of one
 * carousel (`province`: `qc`, `on`, or `tous` for both). Staff only (404 otherwise, loader and
 * action); rate-limited; never cached.
 *
 * POST forms, each with its `intent` and the carousel's `version` (0: not created yet):
 * - `add` (kind, slug or name, optional start and end in Montreal time) → 303 here
 *   (`?done=added`); invalid, nothing found, several found (offered as buttons), already there, or
 *   the carousel full → 400 with the errors and values kept;
 * - `remove`, `move` (up or down), `dates` (an item's start and end) → 303;
 * - any of them on an older version than the current one → 409, nothing written, the page shown
 *   with the current state.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { requireStaff, requireStaffChange } from "~/agency/staff.server";
import {
  AddCarouselItemSchema,
  CAROUSEL_INTENTS,
  CarouselItemDatesSchema,
  MoveCarouselItemSchema,
  RemoveCarouselItemSchema,
} from "~/carousels/carousel-forms";
import { type CarouselGroup, instantToShopLocal, isCarouselGroup, provinceOfScope, staffCarouselPath } from "~/carousels/carousel-groups";
import {
  type CarouselChange,
  type CarouselEditOutcome,
  editCarousel,
  findCarouselTargets,
  readStaffCarousel,
} from "~/carousels/carousels.server";
import { type CarouselActionData, StaffCarouselEditor } from "~/carousels/ui/staff-carousel-editor";
import { shopContext } from "~/context";
import { readFormData } from "~/forms.server";
import { noStoreHeaders } from "~/http/cache-headers";
import { privatePageMeta, siteOf } from "~/seo/page-meta";
import type { Province } from "~/vocabulary";
import type { Route } from "./+types/agence.carrousel";

export const headers = noStoreHeaders;

export function meta({ data, matches }: Route.MetaArgs) {
  return privatePageMeta(siteOf(matches), data?.title, "agency");
}

const DONE = ["added", "removed", "moved", "dated"] as const;

/** A refused stale change (409) reloads the carousel, so the page shows its current state. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (actionStatus === 409) return true;
  return defaultShouldRevalidate;
}

/** The carousel named by the URL; a 404 for an unknown group or province. */
function carouselOf(params: { group: string; province: string }): { group: CarouselGroup; province: Province | null } {
  const province = provinceOfScope(params.province);
  if (!isCarouselGroup(params.group) || province === undefined) throw data(null, { status: 404 });
  return { group: params.group, province };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  await requireStaff(shop.db, request);
  const { group, province } = carouselOf(params);
  const carousel = await readStaffCarousel(shop.db, group, province, shop.locale);
  const done = new URL(request.url).searchParams.get("done");
  return {
    title: shop.t("carousels.staff.editTitle", {
      group: shop.t(`carousels.groups.${group}`),
      province: shop.t(`carousels.provinces.${province ?? "both"}`),
    }),
    done: DONE.find((d) => d === done) ?? null,
    carousel,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const shop = context.get(shopContext);
  const staff = await requireStaffChange(shop.db, request);
  const target = carouselOf(params);
  const here = staffCarouselPath(target.group, target.province);
  const formData = await readFormData(request);
  const intent = formData.get("intent");

  /** The answer to a change: 303 when saved, 409 when stale, 400 when refused. */
  const answer = (
    outcome: CarouselEditOutcome,
    form: string,
    reply: (options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }) => CarouselActionData["result"],
    done: (typeof DONE)[number],
  ) => {
    if (outcome.kind === "saved") throw redirect(`${here}?done=${done}`, { status: 303 });
    if (outcome.kind === "stale") {
      return data<CarouselActionData>({ form, stale: true, result: reply({ formErrors: ["carousels.errors.stale"] }) }, { status: 409 });
    }
    const fieldErrors = { target: [`carousels.errors.${outcome.reason}`] };
    return data<CarouselActionData>({ form, result: reply({ fieldErrors }) }, { status: 400 });
  };

  if (intent === CAROUSEL_INTENTS.add) {
    const submission = parseWithZod(formData, { schema: AddCarouselItemSchema });
    if (submission.status !== "success") return data<CarouselActionData>({ form: "add", result: submission.reply() }, { status: 400 });
    const { kind, target: text, startsAt, endsAt, version } = submission.value;
    const found = await findCarouselTargets(shop.db, kind, text, shop.locale);
    if (found.length !== 1) {
      const error = found.length === 0 ? "carousels.errors.targetNotFound" : "carousels.errors.ambiguous";
      return data<CarouselActionData>(
        {
          form: "add",
          result: submission.reply({ fieldErrors: { target: [error] } }),
          ...(found.length > 1
            ? {
                candidates: {
                  kind,
                  startsAt: startsAt ? instantToShopLocal(startsAt) : "",
                  endsAt: endsAt ? instantToShopLocal(endsAt) : "",
                  targets: found,
                },
              }
            : {}),
        },
        { status: 400 },
      );
    }
    const change: CarouselChange = { op: "add", kind, targetId: found[0]!.id, startsAt: startsAt ?? null, endsAt: endsAt ?? null };
    const outcome = await editCarousel(shop.db, staff, target, version, change);
    return answer(outcome, "add", (options) => submission.reply(options), "added");
  }

  if (intent === CAROUSEL_INTENTS.dates) {
    const submission = parseWithZod(formData, { schema: CarouselItemDatesSchema });
    const posted = formData.get("itemId");
    const form = `item-${typeof posted === "string" ? posted : ""}`;
    if (submission.status !== "success") return data<CarouselActionData>({ form, result: submission.reply() }, { status: 400 });
    const { itemId, startsAt, endsAt, version } = submission.value;
    const outcome = await editCarousel(shop.db, staff, target, version, {
      op: "dates",
      itemId,
      startsAt: startsAt ?? null,
      endsAt: endsAt ?? null,
    });
    return answer(outcome, form, (options) => submission.reply(options), "dated");
  }

  const schema = intent === CAROUSEL_INTENTS.move ? MoveCarouselItemSchema : RemoveCarouselItemSchema;
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") {
    return data<CarouselActionData>(
      { form: "page", result: submission.reply({ formErrors: ["carousels.errors.stale"] }) },
      { status: 400 },
    );
  }
  const value = submission.value;
  const change: CarouselChange =
    "direction" in value ? { op: "move", itemId: value.itemId, direction: value.direction } : { op: "remove", itemId: value.itemId };
  const outcome = await editCarousel(shop.db, staff, target, value.version, change);
  return answer(outcome, "page", (options) => submission.reply(options), change.op === "move" ? "moved" : "removed");
}

export default function AgencyCarousel({ loaderData, actionData }: Route.ComponentProps) {
  return <StaffCarouselEditor title={loaderData.title} carousel={loaderData.carousel} done={loaderData.done} reply={actionData} />;
}
