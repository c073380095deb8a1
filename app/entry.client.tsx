/**
 * Hydration: the browser's i18next instance starts in the language the server rendered
 * (`<html lang>`), with the same bundled resources, so hydration never flickers.
 */
// Shared with app/root.tsx, so zod is configured in a chunk of its own, before any schema is built.
import "~/zod-jitless";
import i18next from "i18next";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { i18nOptions } from "~/i18n/i18n";

async function hydrate() {
  await i18next.use(initReactI18next).init({ ...i18nOptions, lng: document.documentElement.lang });
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <HydratedRouter />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

void hydrate();
