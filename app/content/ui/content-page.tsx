/**
 * A content page: title, intro, tabs as a nav of links (`?tab=`, the current one
 * marked `aria-current="page"`, so they work without JavaScript and Back returns), then the
 * selected tab: questions that open (`<details>`), a glossary (`<dl>`) or plain text. The HTML
 * comes sanitized from the server (page-parser.server.ts).
 */
import { Link } from "react-router";
import { PROSE } from "~/components/ui/prose";
import type { ContentPageView, ContentTab } from "~/content/page-types";
import { useT } from "~/i18n/translation";

function Html({ html, className }: { html: string; className?: string }) {
  if (!html) return null;
  return <div className={className ?? PROSE} dangerouslySetInnerHTML={{ __html: html }} />;
}

function TabNav({ tabs, activeId }: { tabs: ContentPageView["tabs"]; activeId: string }) {
  const { t } = useT();
  return (
    <nav aria-label={t("content.tabsLabel")} className="mt-8 border-b border-stone-300">
      <ul className="flex flex-wrap gap-x-2">
        {tabs.map((tab) => {
          const current = tab.id === activeId;
          return (
            <li key={tab.id}>
              <Link
                to={{ search: `?tab=${encodeURIComponent(tab.id)}` }}
                preventScrollReset
                aria-current={current ? "page" : undefined}
                className={
                  "inline-block min-h-11 px-4 py-3 " +
                  (current ? "border-b-4 border-wine-700 font-semibold text-wine-800" : "text-stone-700 underline-offset-4 hover:underline")
                }
              >
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function TabPanel({ tab }: { tab: ContentTab }) {
  return (
    <section className="mt-6" aria-labelledby={`tab-${tab.id}`} data-testid={`content-tab-${tab.id}`}>
      <h2 id={`tab-${tab.id}`} className="font-serif text-2xl">
        {tab.label}
      </h2>
      <Html html={tab.introHtml} />
      {tab.kind === "faq" ? (
        <div className="mt-4 max-w-3xl divide-y divide-stone-200 border-y border-stone-200" data-testid="content-questions">
          {tab.entries.map((entry, i) => (
            <details key={i} className="group py-3">
              <summary className="cursor-pointer py-1 font-semibold" dangerouslySetInnerHTML={{ __html: entry.titleHtml }} />
              <Html html={entry.html} className={`${PROSE} pb-2 [&>p:first-child]:mt-1`} />
            </details>
          ))}
        </div>
      ) : null}
      {tab.kind === "glossary" ? (
        <dl className="mt-4 max-w-3xl" data-testid="content-glossary">
          {tab.entries.map((entry, i) => (
            <div key={i} className="border-b border-stone-200 py-3">
              <dt className="font-semibold" dangerouslySetInnerHTML={{ __html: entry.titleHtml }} />
              <dd className={`${PROSE} [&>p:first-child]:mt-1`} dangerouslySetInnerHTML={{ __html: entry.html }} />
            </div>
          ))}
        </dl>
      ) : null}
    </section>
  );
}

/** The whole page body for a {@link ContentPageView}. */
export function ContentPageBody({ page }: { page: ContentPageView }) {
  return (
    <article className="py-8" data-testid="content-page">
      <h1 className="font-serif text-4xl">{page.title}</h1>
      <Html html={page.introHtml} className={`${PROSE} mt-3 text-lg text-stone-700`} />
      {page.activeTab ? (
        <>
          <TabNav tabs={page.tabs} activeId={page.activeTab.id} />
          <TabPanel tab={page.activeTab} />
        </>
      ) : null}
    </article>
  );
}
