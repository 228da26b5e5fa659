import { TIMINGS } from '@otaku/shared';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Spinner } from './spinner';

describe('Spinner', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('stays hidden until the spinner delay has passed', () => {
    render(<Spinner label="Loading products" />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    act(() => vi.advanceTimersByTime(TIMINGS.spinnerDelayMs - 1));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status')).toHaveTextContent('Loading products');
  });

  it('shows at once when asked for no delay', () => {
    render(<Spinner delayMs={0} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
  });
});
