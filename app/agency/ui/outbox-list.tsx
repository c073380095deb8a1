/**
 * The page of `/agence/envois` (decision 027): what the outbox could not send, dead messages first,
 * each with its last error and a resend form (a POST that works without JavaScript).
 */
import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import type { outboxDesk } from "~/agency/outbox-desk.server";
import { ResendMessageSchema } from "~/agency/outbox-forms";
import { FieldErrors } from "~/components/ui/form-field";
import { TableScroll } from "~/components/ui/table-scroll";
import { formatCount, formatDateTime } from "~/i18n/format";
import { useT } from "~/i18n/translation";
import type { OutboxStatus } from "~/vocabulary";

/** What the action answers when it does not redirect: the form's result, for the row it names. */
export interface ResendActionData {
  messageId: number | null;
  result: SubmissionResult<string[]>;
  /** The message's status when it was no longer FAILED or DEAD (409). */
  conflict?: OutboxStatus;
}

type Desk = Awaited<ReturnType<typeof outboxDesk>>;
type Message = Desk["messages"][number];

const RESEND_CONSTRAINT = getZodConstraint(ResendMessageSchema);

/** The table's columns, in order (their headings are `agency.outbox.columns.<name>`). */
const COLUMNS = ["status", "message", "recipient", "written", "attempts", "error", "actions"] as const;

function Resend({ message, lastResult }: { message: Message; lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useT();
  const [form] = useForm({
    id: `outbox-resend-${message.id}`,
    lastResult,
    constraint: RESEND_CONSTRAINT,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ResendMessageSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="resend" />
      <input type="hidden" name="messageId" value={message.id} />
      <button type="submit" className="min-h-11 rounded bg-wine-800 px-3 py-2 text-sm text-white">
        {t("agency.outbox.resend")}
      </button>
      <FieldErrors id={form.errorId} errors={form.errors} />
    </Form>
  );
}

function Row({ message, actionData }: { message: Message; actionData: ResendActionData | undefined }) {
  const { t, i18n } = useT();
  const mine = actionData?.messageId === message.id ? actionData : undefined;
  return (
    <tr className="align-top" data-testid="outbox-row" data-message-id={message.id}>
      <td className="p-2">
        <span className="font-semibold" data-testid="outbox-status">
          {t(`agency.outbox.status.${message.status}`)}
        </span>
        {message.status === "FAILED" ? (
          <span className="block text-xs text-stone-600">
            {t("agency.outbox.nextAttempt", { date: formatDateTime(message.nextAttemptAt, i18n.language) })}
          </span>
        ) : null}
        {mine?.conflict ? (
          <p role="alert" className="mt-1 text-sm text-red-700">
            {t("agency.outbox.errors.conflictNow", { status: t(`agency.outbox.status.${mine.conflict}`) })}
          </p>
        ) : null}
      </td>
      <td className="p-2">
        <span className="block">{t(`agency.outbox.kind.${message.kind}`)}</span>
        {message.subject ? <span className="block text-xs text-stone-600">{message.subject}</span> : null}
      </td>
      <td className="p-2 break-all">{message.recipient}</td>
      <td className="p-2">{formatDateTime(message.createdAt, i18n.language)}</td>
      <td className="p-2">{formatCount(message.attempts, i18n.language)}</td>
      <td className="p-2 font-mono text-xs">{message.lastError}</td>
      <td className="p-2">
        <Resend message={message} lastResult={mine?.result} />
      </td>
    </tr>
  );
}

/** The page: title, counts and the table (or a line saying all was sent). */
export function OutboxList({ title, counts, messages, actionData }: Desk & { title: string; actionData: ResendActionData | undefined }) {
  const { t } = useT();
  return (
    <section data-testid="outbox-page">
      <h1 className="font-serif text-3xl">{title}</h1>
      <p className="mt-2 text-sm text-stone-600">{t("agency.outbox.intro")}</p>
      <p className="mt-4 text-sm" role="status" data-testid="outbox-counts">
        {t("agency.outbox.counts", { failed: counts.failed, dead: counts.dead })}
      </p>
      {messages.length === 0 ? (
        <p className="mt-4" data-testid="outbox-empty">
          {t("agency.outbox.empty")}
        </p>
      ) : (
        <TableScroll label={title} className="mt-2">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-stone-300">
              <tr>
                {COLUMNS.map((column) => (
                  <th key={column} scope="col" className="p-2">
                    {t(`agency.outbox.columns.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-200">
              {messages.map((message) => (
                <Row key={message.id} message={message} actionData={actionData} />
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
