import { act, render, screen } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { APP_NAME } from '../../lib/brand';
import { Footer } from './footer';

const footer = (
  <MemoryRouter>
    <Footer />
  </MemoryRouter>
);

/** Sets the clock the footer reads, leaving React's own timers alone. */
function clockAt(date: Date) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(date);
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Footer', () => {
  it('shows the year it is when it renders, not the year the app started in', () => {
    clockAt(new Date(2031, 5, 1));
    render(footer);
    expect(screen.getByText(/All rights reserved/)).toHaveTextContent(
      `© 2031 ${APP_NAME}. All rights reserved.`,
    );
  });

  it('puts this year into a page the server drew last year, without a hydration mismatch', async () => {
    clockAt(new Date(2030, 11, 31, 23, 59));
    vi.stubGlobal('window', undefined); // as on the server
    const drawn = renderToString(footer);
    vi.unstubAllGlobals();
    expect(drawn).toContain('© <span>2030</span>');

    // The page was kept (decision 095) and is opened after New Year.
    clockAt(new Date(2031, 0, 1, 0, 1));
    const container = document.createElement('div');
    container.innerHTML = drawn;
    document.body.append(container);
    const reported: unknown[] = [];
    const consoleError = vi.spyOn(console, 'error');
    let root: Root | undefined;
    await act(async () => {
      root = hydrateRoot(container, footer, { onRecoverableError: (e) => reported.push(e) });
    });
    expect(container.querySelector('footer')).toHaveTextContent(
      `© 2031 ${APP_NAME}. All rights reserved.`,
    );
    expect(reported).toEqual([]);
    expect(consoleError).not.toHaveBeenCalled();
    act(() => root!.unmount());
    container.remove();
  });
});
