/**
 * The forms of the visitor dialogs, all posted to `/visitor` with an `intent`: one
 * zod schema, read by the route's action with `parseWithZod`. The dialogs' forms are buttons (and
 * the consent's "remember me" box): nothing a person types, so nothing to validate in the
 * browser. Every form also posts `redirectTo`, the page to return to (checked by `safeRedirect`,
 * not here). Shared with the browser.
 */
import { z } from "zod";
import { PROVINCES } from "~/vocabulary";
import { CONSENT_ANSWERS, LEGAL_AGES } from "./visitor-rules";

/** Age gate: "yes" (the visitor is at least `age`) or "no". */
const AgeAnswer = z.object({
  intent: z.literal("age"),
  answer: z.enum(["yes", "no"]),
  age: z.number().pipe(z.literal(LEGAL_AGES)),
});

/** The province notice's close button (without JavaScript). */
const NoticeClose = z.object({ intent: z.literal("notice") });

/** Consent: the answer for the province whose wording was shown, remembered or not. */
const ConsentChoice = z.object({
  intent: z.literal("consent"),
  province: z.enum(PROVINCES),
  answer: z.enum(CONSENT_ANSWERS),
  /** A checkbox: "on" when checked, absent otherwise. */
  remember: z.literal("on").optional(),
});

/** "Use my location": the browser's position, in degrees. */
const LocateRequest = z.object({
  intent: z.literal("locate"),
  lat: z.number().min(-90).max(90),
  lon: z.number().min(-180).max(180),
});

export const VisitorFormSchema = z.discriminatedUnion("intent", [AgeAnswer, NoticeClose, ConsentChoice, LocateRequest]);
