/** The shop's name, as titles, the header's logo and e-mails write it (never translated). */
export const SITE_NAME = "Cuvée";
