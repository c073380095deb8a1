/**
 * One react-i18next subscription for the whole page: the layout calls `useTranslation()` once and
 * shares `t` and `i18n` through context; components read them with {@link useT}. A product list
 * renders dozens of cards, and `useTranslation()` in each of them was a quarter of the server's
 * render time (CPU profile of `/products`). A language change re-renders the provider, so every
 * consumer follows.
 */
import type { i18n as I18n, TFunction } from "i18next";
import { createContext, type ReactNode, useContext, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { NAMESPACE } from "./i18n";
import { languageT, rememberingT } from "./remembered-t";

interface Translation {
  t: TFunction;
  i18n: I18n;
}

const TranslationContext = createContext<Translation | null>(null);

/** Provides the page's translation to {@link useT}; rendered once, by the root layout. */
export function TranslationProvider({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  // Plain strings are looked up once per language, not once per card, and the others straight
  // from the instance (app/i18n/remembered-t.ts).
  const value = useMemo(
    () => ({
      t: rememberingT(languageT(i18n, language, NAMESPACE, t), language, () => i18n.hasResourceBundle(language, NAMESPACE)),
      i18n,
    }),
    [t, i18n, language],
  );
  return <TranslationContext.Provider value={value}>{children}</TranslationContext.Provider>;
}

/**
 * The page's `t` and `i18n`.
 * @throws Error when rendered outside {@link TranslationProvider} (a developer error).
 */
export function useT(): Translation {
  const value = useContext(TranslationContext);
  if (!value) throw new Error("useT() needs a <TranslationProvider> above it (app/root.tsx).");
  return value;
}
