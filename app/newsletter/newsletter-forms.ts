/**
 * The newsletter's two forms (docs/product.md#newsletter "Newsletter form: first name, last name, email, province,
 * interest options", "Newsletter dialog opens only after the short form validates",
 * "Newsletter short form and dialog: first name, last name, email required"), one zod
 * schema each, told apart by `intent`, used by the `/newsletter` action (`parseWithZod`) and by the
 * forms (`useForm` + `getZodConstraint`). Messages are i18n keys. Shared with the browser.
 *
 * - Step 1, the footer's short form: first name, last name, e-mail, all required and trimmed. The
 *   e-mail must also look like one (the spec shows no format rule; a mailing list refuses a
 *   malformed address, so the shop says so before, with the registration's message).
 * - Step 2, the dialog (a page without JavaScript): the province and any number of its interests,
 *   none included: the spec requires only the names and e-mail, so a sign-up without a chosen
 *   interest is the general newsletter of the province. The checkboxes post each interest's
 *   number (1 to 5 in its province, docs/product.md#newsletter); a number the province does not
 *   have is refused. The action turns the numbers back into the stored codes
 *   ({@link interestsOfNumbers}).
 */
import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import { NEWSLETTER_INTERESTS, type NewsletterInterest, type Province, PROVINCES } from "~/vocabulary";

/** The hidden field saying which step a post is. */
export const INTENT_FIELD = "intent";
/**
 * The hidden field saying who reads the answer: `page` (a plain HTML post: the answer is a 303
 * redirect) or `dialog` (the footer's fetcher with JavaScript: the answer is data for the dialog).
 */
export const MODE_FIELD = "mode";
export const NEWSLETTER_MODES = ["page", "dialog"] as const;
export type NewsletterMode = (typeof NEWSLETTER_MODES)[number];

/** Longest name and e-mail accepted, in characters (after trimming). */
export const NAME_MAX_LENGTH = 80;
export const EMAIL_MAX_LENGTH = 254;

const required = (key: string) => z.string({ message: key }).trim().min(1, key);

/** Step 1: who subscribes. */
export const NewsletterPersonSchema = z.object({
  intent: z.literal("person"),
  firstName: required("auth.errors.firstNameRequired").max(NAME_MAX_LENGTH, "auth.errors.tooLong"),
  lastName: required("auth.errors.lastNameRequired").max(NAME_MAX_LENGTH, "auth.errors.tooLong"),
  email: required("auth.errors.emailRequired").max(EMAIL_MAX_LENGTH, "auth.errors.emailInvalid").pipe(z.email("auth.errors.emailInvalid")),
});
export type NewsletterPersonForm = z.infer<typeof NewsletterPersonSchema>;

/** The person kept between the two steps (step 1 without its intent). */
export type NewsletterPerson = Omit<NewsletterPersonForm, "intent">;

/** Whether `interest` is one of `province`'s interest codes (docs/product.md#newsletter). */
export function isInterestOf(province: Province, interest: string): interest is NewsletterInterest {
  return (NEWSLETTER_INTERESTS[province] as readonly string[]).includes(interest);
}

/**
 * The number of one of `province`'s interests: its place in the province's list, from 1
 * (docs/product.md#newsletter; docs/decisions/014-newsletter.md, "Numbered interests").
 * @throws Error when `interest` is not one of the province's (a programming error: stored codes
 *   are always the province's own).
 */
export function interestNumber(province: Province, interest: NewsletterInterest): number {
  const index = (NEWSLETTER_INTERESTS[province] as readonly string[]).indexOf(interest);
  if (index < 0) throw new Error(`${interest} is not an interest of ${province}`);
  return index + 1;
}

/** The numbers `province`'s interests carry, in order: "1" to "5", as the form posts them. */
export function interestNumbersOf(province: Province): string[] {
  return NEWSLETTER_INTERESTS[province].map((_, index) => String(index + 1));
}

/** The interest numbered `number` ("1", "2"…) in `province`, or null for any other text. */
export function interestOfNumber(province: Province, number: string): NewsletterInterest | null {
  if (!/^[1-9]$/.test(number)) return null;
  return NEWSLETTER_INTERESTS[province][Number(number) - 1] ?? null;
}

/** Step 2: the province and its interests (none, some or all). */
export const NewsletterInterestsSchema = z
  .object({
    intent: z.literal("interests"),
    province: z.enum(PROVINCES, { message: "newsletter.errors.provinceRequired" }),
    /**
     * The province whose boxes the form drew: numbers mean something only in their province, and
     * without JavaScript choosing the other province does not redraw the boxes.
     */
    interestsProvince: z.enum(PROVINCES).optional(),
    interests: z
      .array(z.string().max(40, "newsletter.errors.interestOfProvince"))
      .max(10, "newsletter.errors.interestOfProvince")
      .default([]),
  })
  .superRefine((value, context) => {
    const drawnForAnother = value.interestsProvince !== undefined && value.interestsProvince !== value.province;
    if (
      (drawnForAnother && value.interests.length > 0) ||
      value.interests.some((number) => interestOfNumber(value.province, number) === null)
    ) {
      context.addIssue({ code: "custom", path: ["interests"], message: "newsletter.errors.interestOfProvince" });
    }
  });
export type NewsletterInterestsForm = z.infer<typeof NewsletterInterestsSchema>;

/** The chosen interests of a province, each once, in the province's order (unknown ones dropped). */
export function interestsInOrder(province: Province, chosen: readonly string[]): NewsletterInterest[] {
  return NEWSLETTER_INTERESTS[province].filter((interest) => chosen.includes(interest));
}

/**
 * The interest codes of the numbers step 2 posted, each once, in the province's order (numbers the
 * province does not have dropped): what the sign-up stores.
 */
export function interestsOfNumbers(province: Province, numbers: readonly string[]): NewsletterInterest[] {
  const chosen = numbers.map((number) => interestOfNumber(province, number)).filter((interest) => interest !== null);
  return interestsInOrder(province, chosen);
}

/** The outcomes a sign-up shows (docs/product.md#newsletter newsletter), each with its message `newsletter.outcomes.<outcome>`. */
export const NEWSLETTER_OUTCOMES = ["subscribed", "alreadySubscribed", "error"] as const;
export type NewsletterOutcome = (typeof NEWSLETTER_OUTCOMES)[number];

/**
 * What the `/newsletter` action answers when it does not redirect: a refused step (400, its
 * errors and values), or, to the footer's fetcher (`mode=dialog`), the person to choose interests
 * for (the dialog opens) or the sign-up's outcome (the dialog closes).
 */
export type NewsletterActionData =
  | { kind: "refused"; step: "person" | "interests"; result: SubmissionResult<string[]> }
  | { kind: "chooseInterests"; person: NewsletterPerson }
  | { kind: "outcome"; outcome: NewsletterOutcome };
