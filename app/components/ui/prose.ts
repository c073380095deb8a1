/**
 * Tailwind classes for server-rendered Markdown (no typography plugin): spacing, headings, lists,
 * links, bold and tables. Shared by blog articles and content pages.
 */
export const PROSE =
  "max-w-3xl leading-relaxed [&_p]:mt-3 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mt-1 " +
  "[&_h2]:mt-8 [&_h2]:font-serif [&_h2]:text-2xl [&_h3]:mt-6 [&_h3]:text-lg [&_h3]:font-semibold " +
  "[&_a]:text-wine-800 [&_a]:underline [&_strong]:font-semibold [&_table]:mt-4 [&_td]:border [&_td]:p-2 [&_th]:border [&_th]:p-2";
