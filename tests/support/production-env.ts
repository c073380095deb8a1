/**
 * What a production start requires besides SESSION_SECRET (app/env.server.ts): the public
 * address and the agency printed on invoices. For the tests and the bench that run the shop as
 * production; the numbers are invented, of the right shape.
 */
export const PRODUCTION_SETTINGS = {
  PUBLIC_URL: "https://cuvee.example",
  AGENCY_NAME: "Agence Cuvée inc.",
  AGENCY_ADDRESS: "1234, rue Saint-Denis|Montréal (Québec) H2X 3K2",
  AGENCY_GST_NUMBER: "123456789 RT0001",
  AGENCY_QST_NUMBER: "1234567890 TQ0001",
  AGENCY_HST_NUMBER: "123456789 RT0001",
} as const;
