/**
 * The staff's form on `/agence/envois` (decision 027): resend one message the outbox could not send.
 * Shared by the action and the page.
 */
import { z } from "zod";
import { MAX_ROW_ID } from "~/db/row-id";

/** Staff: send a FAILED or DEAD message again now. */
export const ResendMessageSchema = z.object({
  intent: z.literal("resend"),
  messageId: z
    .number({ message: "agency.outbox.errors.unknown" })
    .int("agency.outbox.errors.unknown")
    .min(1, "agency.outbox.errors.unknown")
    .max(MAX_ROW_ID, "agency.outbox.errors.unknown"),
});
