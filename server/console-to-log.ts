/**
 * Imported first by the server's entry (server/app.ts), before the React Router build boots the
 * database: from then on every `console.*` line of the process is a masked JSON log line
 * (app/observability/log.server.ts, decision 030).
 */
import { routeConsoleToLog } from "~/observability/log.server";

routeConsoleToLog();
