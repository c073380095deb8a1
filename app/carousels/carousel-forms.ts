/**
 * The forms of a carousel's staff editor (docs/decisions/047-carousels.md): add an item, remove
 * one, move one up or down, change its start and end. One zod schema per form, used by the action
 * (`parseWithZod`) and the page (`useForm` + `getZodConstraint`); every message is an i18n key.
 * Each carries the carousel's `version` (0: not created yet) and an `intent`. Shared with the browser.
 */
import { z } from "zod";
import { MAX_ROW_ID } from "~/db/row-id";
import { CAROUSEL_ITEM_KINDS } from "~/vocabulary";
import { shopLocalToInstant } from "./carousel-groups";

/** The `intent` of each form of the editor. */
export const CAROUSEL_INTENTS = { add: "add", remove: "remove", move: "move", dates: "dates" } as const;

/** Most items a carousel holds. */
export const MAX_CAROUSEL_ITEMS = 24;
/** Longest slug or name typed to find an item (characters). */
export const TARGET_MAX = 200;

const key = (name: string) => `carousels.errors.${name}`;

const version = z.coerce
  .number({ message: key("stale") })
  .int(key("stale"))
  .min(0, key("stale"))
  .max(MAX_ROW_ID, key("stale"));
const itemId = z.coerce
  .number({ message: key("stale") })
  .int(key("stale"))
  .min(1, key("stale"))
  .max(MAX_ROW_ID, key("stale"));

/** An optional date and time on the shop's clock (`datetime-local`), as the instant it names. */
const shopDateTime = z
  .string()
  .trim()
  .transform((text, ctx) => {
    const instant = shopLocalToInstant(text);
    if (!instant) {
      ctx.addIssue({ code: "custom", message: key("dateTime") });
      return z.NEVER;
    }
    return instant;
  })
  .optional();

/** An end, when both are given, comes after the start. */
const datesInOrder = (v: { startsAt?: Date; endsAt?: Date }) => !v.startsAt || !v.endsAt || v.startsAt < v.endsAt;

/** Adds a product, producer or article, found by its slug or its name (the action resolves it). */
export const AddCarouselItemSchema = z
  .object({
    intent: z.literal(CAROUSEL_INTENTS.add),
    version,
    kind: z.enum(CAROUSEL_ITEM_KINDS, { message: key("kind") }),
    target: z
      .string({ message: key("targetRequired") })
      .trim()
      .min(1, key("targetRequired"))
      .max(TARGET_MAX, key("tooLong")),
    startsAt: shopDateTime,
    endsAt: shopDateTime,
  })
  .refine(datesInOrder, { message: key("datesOrder"), path: ["endsAt"] });
export type AddCarouselItemForm = z.infer<typeof AddCarouselItemSchema>;

/** Removes one item. */
export const RemoveCarouselItemSchema = z.object({ intent: z.literal(CAROUSEL_INTENTS.remove), version, itemId });

/** Moves one item a place up (earlier) or down (later). */
export const MoveCarouselItemSchema = z.object({
  intent: z.literal(CAROUSEL_INTENTS.move),
  version,
  itemId,
  direction: z.enum(["up", "down"], { message: key("stale") }),
});

/** Sets (or clears) one item's start and end. */
export const CarouselItemDatesSchema = z
  .object({ intent: z.literal(CAROUSEL_INTENTS.dates), version, itemId, startsAt: shopDateTime, endsAt: shopDateTime })
  .refine(datesInOrder, { message: key("datesOrder"), path: ["endsAt"] });
export type CarouselItemDatesForm = z.infer<typeof CarouselItemDatesSchema>;
