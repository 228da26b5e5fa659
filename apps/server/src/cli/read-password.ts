/**
 * A password from standard input without showing it: at a terminal it is asked twice with
 * echo off; from a pipe (scripts, tests) the first line is taken.
 */
import { text } from 'node:stream/consumers';

/** The person at the terminal gave up or mistyped: nothing was changed. */
export class PasswordEntryError extends Error {}

export async function readPassword(prompt: string): Promise<string> {
  if (!process.stdin.isTTY) return (await text(process.stdin)).split(/\r?\n/)[0] ?? '';
  const first = await askUnseen(prompt);
  const again = await askUnseen('Once more: ');
  if (first !== again)
    throw new PasswordEntryError('The two passwords differ; nothing was changed.');
  return first;
}

/** One line typed at the terminal in raw mode, so that nothing typed is echoed. */
function askUnseen(prompt: string): Promise<string> {
  const input = process.stdin;
  process.stdout.write(prompt);
  input.setRawMode(true);
  input.resume();
  input.setEncoding('utf8');
  let typed = '';
  return new Promise((resolve, reject) => {
    const done = (error?: Error) => {
      input.setRawMode(false);
      input.pause();
      input.off('data', onData);
      process.stdout.write('\n');
      if (error) reject(error);
      else resolve(typed);
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') return done();
        if (ch === '\u0003') return done(new PasswordEntryError('Cancelled; nothing was changed.'));
        if (ch === '\u007f' || ch === '\b') typed = typed.slice(0, -1);
        else typed += ch;
      }
    };
    input.on('data', onData);
  });
}
