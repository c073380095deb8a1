// `npm start` / `npm run start:built`: serves the production build through the shop's Express
// server (server/app.ts, bundled into build/server/index.js). When NODE_ENV is not set (a
// workstation or a fresh clone), the configuration is the development one — a session secret
// generated once under data/ — while React still runs its production build. An operator who sets
// NODE_ENV=production must give SESSION_SECRET (app/env.server.ts).
if (process.env.NODE_ENV === undefined) {
  process.env.CUVEE_ENV ??= "development";
  process.env.NODE_ENV = "production";
}
const { startServer } = await import("../build/server/index.js");
await startServer();
