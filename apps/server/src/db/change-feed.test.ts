import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { throttledAnnouncer } from './change-feed';

describe('throttledAnnouncer', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  const setUp = () => {
    const sent: Array<[string, number]> = [];
    const announcer = throttledAnnouncer<string>((topic) => sent.push([topic, Date.now()]), 20);
    return { sent, announcer };
  };

  it('sends the first change of a quiet moment on the next turn, once for the whole turn', async () => {
    const { sent, announcer } = setUp();
    const t0 = Date.now();
    announcer.announce('catalog');
    announcer.announce('catalog');
    announcer.announce('users');
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([
      ['catalog', t0],
      ['users', t0],
    ]);
    // Nothing changed after them: their windows end without sending again.
    await vi.advanceTimersByTimeAsync(100);
    expect(sent).toHaveLength(2);
    announcer.announce('catalog');
    await vi.advanceTimersByTimeAsync(0);
    expect(sent.at(-1)).toEqual(['catalog', t0 + 100]);
  });

  it('sends at most once per window while changes keep coming, and always the last change', async () => {
    const { sent, announcer } = setUp();
    const t0 = Date.now();
    for (let ms = 0; ms < 100; ms += 2) {
      announcer.announce('catalog');
      await vi.advanceTimersByTimeAsync(2);
    }
    await vi.advanceTimersByTimeAsync(100);
    expect(sent.map(([, at]) => at - t0)).toEqual([0, 20, 40, 60, 80, 100]);
  });

  it('sends nothing that was waiting once stopped', async () => {
    const { sent, announcer } = setUp();
    announcer.announce('catalog');
    await vi.advanceTimersByTimeAsync(0);
    announcer.announce('catalog');
    announcer.stop();
    await vi.advanceTimersByTimeAsync(100);
    expect(sent).toHaveLength(1);
  });
});
