import { SALE_START } from '@otaku/shared';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatMonthDay } from '../../lib/format';
import { createProduct } from '../../test/catalog-factories';
import { renderWithProviders } from '../../test/render';
import { ProductCard } from './product-card';

const NOW = new Date('2026-11-27T12:00:00.000Z').getTime();

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

const card = (saleStartsAt: string | null) =>
  renderWithProviders(<ProductCard product={createProduct({ saleStartsAt })} imageSizes="200px" />);

describe('a shop card of a drop', () => {
  it('says when it comes until its sale starts', () => {
    const startsAt = new Date(NOW + 3 * 86_400_000).toISOString();
    card(startsAt);
    expect(screen.getByText(SALE_START.coming(formatMonthDay(startsAt)))).toBeInTheDocument();
  });

  it('says nothing once the start has passed', () => {
    card(new Date(NOW - 60_000).toISOString());
    expect(screen.queryByText(/^Coming/)).not.toBeInTheDocument();
  });
});
