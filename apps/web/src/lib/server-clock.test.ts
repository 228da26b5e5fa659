import { afterEach, describe, expect, it } from 'vitest';
import { noteServerDate, serverNow } from './server-clock';

const header = (ms: number) => new Date(ms).toUTCString();

afterEach(() => noteServerDate(header(Date.now()), Date.now()));

describe('the server clock', () => {
  it("follows a server whose clock is a minute ahead of this browser's, to within a second", () => {
    const received = Date.now();
    noteServerDate(header(received + 60_000), received);
    expect(Math.abs(serverNow() - Date.now() - 60_000)).toBeLessThanOrEqual(1_000);
  });

  it('follows one a minute behind', () => {
    const received = Date.now();
    noteServerDate(header(received - 60_000), received);
    expect(Math.abs(serverNow() - Date.now() + 60_000)).toBeLessThanOrEqual(1_000);
  });

  it("keeps this browser's clock when the difference is the header's rounding", () => {
    const received = Date.now();
    noteServerDate(header(received + 60_000), received);
    noteServerDate(header(received - 400), received);
    expect(serverNow() - Date.now()).toBeLessThanOrEqual(1);
    expect(serverNow() - Date.now()).toBeGreaterThanOrEqual(0);
  });

  it('ignores an answer without a date, or with one it cannot read', () => {
    const received = Date.now();
    noteServerDate(header(received + 60_000), received);
    noteServerDate(null, received);
    noteServerDate('soon', received);
    expect(serverNow() - Date.now()).toBeGreaterThan(58_000);
  });
});
