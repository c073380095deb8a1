// `npm start` / `npm run start:built`: serves the production build with react-router-serve.
// When NODE_ENV is not set (a workstation or a fresh clone), the configuration is the development
// one — a session secret generated once under data/ — while React still runs its production build.
// An operator who sets NODE_ENV=production must give SESSION_SECRET (app/env.server.ts).
if (process.env.NODE_ENV === undefined) process.env.CUVEE_ENV ??= "development";
process.argv = [process.argv[0], "react-router-serve", "./build/server/index.js"];
await import("../node_modules/@react-router/serve/bin.js");
