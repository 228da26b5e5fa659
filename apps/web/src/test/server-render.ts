/**
 * Draws pages the way the server does, in a process of its own: reads `[{ url, answers }]` from
 * the JSON file named by its argument and writes the markup of each as a JSON array on stdout. The hydration tests
 * (entry-server.test.tsx) run it with vite-node: React's server and browser renderers cannot
 * share one process, the server one leaves its context values behind.
 */
import { readFileSync } from 'node:fs';
import { renderFirstScreen } from '../entry-server';

const pages = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Array<{
  url: string;
  answers: string | null;
}>;
const drawn: string[] = [];
for (const page of pages) {
  drawn.push(await renderFirstScreen({ ...page, onError: (error) => console.error(error) }));
}
process.stdout.write(JSON.stringify(drawn));
