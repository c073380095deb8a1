/**
 * The bare app's one page: a title, a paragraph and a short list, no loader, no data. A bench
 * fixture (scripts/lib/bench-bare.ts), never shown to a visitor: its words are not translated.
 */
export function meta() {
  return [{ title: "Bare React Router page" }, { name: "description", content: "The framework's floor for npm run bench." }];
}

const ITEMS = ["Server rendering", "Streaming", "Hydration", "Client navigation"];

export default function Home() {
  return (
    <main>
      <h1>Bare React Router page</h1>
      <p>A route module rendering a small page without data, served by the shop's server stack.</p>
      <ul>
        {ITEMS.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </main>
  );
}
