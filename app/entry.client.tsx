/**
 * Hydration: the browser's i18next instance starts in the language the server rendered
 * (`<html lang>`), with that language's strings only (preloaded by the root layout, fetched
 * before hydrating), so hydration never flickers (app/i18n/page-language.ts).
 *
 * No chunk-load timer: every page is complete server HTML, and a route module that fails to load
 * during a client navigation makes React Router reload the page from the server
 * (docs/decisions/052-reading-the-spec-as-a-server-rendered-shop.md).
 */
// Shared with app/root.tsx, so zod is configured in a chunk of its own, before any schema is built.
import "~/zod-jitless";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { startPageLanguage } from "~/i18n/page-language";
import { referenceInPage, RequestReferenceProvider } from "~/observability/request-reference";

async function hydrate() {
  const i18n = await startPageLanguage(document.documentElement.lang);
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18n}>
        <StrictMode>
          {/* An error page keeps the reference the server wrote in it (decision 030). */}
          <RequestReferenceProvider value={referenceInPage()}>
            <HydratedRouter />
          </RequestReferenceProvider>
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

// Without its strings (offline) the page stays the server's, which works without JavaScript.
hydrate().catch((error: unknown) => console.error(error));
