import { PAGE_TITLES, PREORDER, RELEASES_PAGE } from '@otaku/shared';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/api-stub';
import { createProduct } from '../../../test/catalog-factories';
import { jsonResponse } from '../../../test/factories';
import { renderWithProviders } from '../../../test/render';
import { ReleasesRoute } from './releases-route';

const kaiju = createProduct({ name: 'Kaiju King', releaseDate: '2027-03-02' });
const mecha = createProduct({ name: 'Mecha Heart', releaseDate: '2027-04-20' });

function showReleases(months: { month: string; label: string; products: unknown[] }[]) {
  stubApi({
    'GET /api/product/releases': () => jsonResponse({ success: true, months }),
  });
  renderWithProviders(
    <Routes>
      <Route path="/releases" element={<ReleasesRoute />} />
    </Routes>,
    { route: '/releases' },
  );
}

describe('ReleasesRoute (/releases)', () => {
  it('lists the coming releases under their months, each card with its badge and month', async () => {
    showReleases([
      { month: '2027-03', label: 'March 2027', products: [kaiju] },
      { month: '2027-04', label: 'April 2027', products: [mecha] },
    ]);
    expect(
      await screen.findByRole('heading', { level: 1, name: RELEASES_PAGE.heading }),
    ).toBeInTheDocument();
    expect(document.title).toBe(PAGE_TITLES.releases);
    const march = screen.getByRole('region', { name: 'March 2027' });
    expect(within(march).getByRole('link', { name: 'Kaiju King' })).toBeInTheDocument();
    expect(within(march).getByText(PREORDER.badge)).toBeInTheDocument();
    expect(within(march).getByText('Releases March 2027')).toBeInTheDocument();
    const april = screen.getByRole('region', { name: 'April 2027' });
    expect(within(april).getByRole('link', { name: 'Mecha Heart' })).toBeInTheDocument();
  });

  it('says so when nothing is coming', async () => {
    showReleases([]);
    expect(await screen.findByText(PREORDER.releasesEmpty)).toBeInTheDocument();
  });
});
