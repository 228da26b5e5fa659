import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  PAGE_PAST_END,
  SHOP,
  SHOP_GRID_EAGER_IMAGES,
  SHOP_GRID_HIGH_PRIORITY_IMAGES,
  VALIDATION,
} from '@otaku/shared';
import { Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  createProduct,
  stubCatalogApi,
  type CatalogApiStub,
} from '../../../test/catalog-factories';
import { renderWithProviders } from '../../../test/render';
import { ShopRoute } from './shop-route';

function SearchProbe() {
  return <output data-testid="search">{useLocation().search}</output>;
}

function renderShop(route: string) {
  return renderWithProviders(
    <Routes>
      <Route
        path="/shop"
        element={
          <>
            <ShopRoute />
            <SearchProbe />
          </>
        }
      />
      <Route path="/shop/:productId" element={<p>product page</p>} />
    </Routes>,
    { route },
  );
}

let api: CatalogApiStub;

beforeEach(() => {
  api = stubCatalogApi({
    products: [createProduct({ name: 'Blade Circuit Zero' })],
    totalPages: 5,
  });
});

const lastAsked = async (expected: object) =>
  waitFor(() => expect(api.lastConstraints()).toEqual(expect.objectContaining(expected)));

// Rendering the whole shop in jsdom is slow on a busy machine; the default 5 s is tight.
describe('ShopRoute', { timeout: 20_000 }, () => {
  it('asks for the filter the URL holds and shows the products', async () => {
    renderShop('/shop?category=toys&types=car&price=40&sort=price-low&page=2');
    expect(await screen.findByText('Blade Circuit Zero')).toBeInTheDocument();
    expect(api.lastConstraints()).toEqual({
      category: 'toys',
      productTypes: ['car'],
      price: 40,
      sortBy: 'price-low',
      page: 2,
      searchQuery: '',
    });
    expect(screen.getByRole('radio', { name: 'Toys' })).toBeChecked();
    expect(screen.getAllByRole('checkbox', { name: 'Cars' })[0]).toBeChecked();
  });

  it('changing category resets the page to 1', async () => {
    const user = userEvent.setup();
    renderShop('/shop?category=comics&page=3');
    await lastAsked({ category: 'comics', page: 3 });
    await user.click(screen.getByRole('radio', { name: 'Clothes' }));
    await lastAsked({ category: 'clothes', page: 1, productTypes: ['all'] });
    expect(screen.getByTestId('search')).toHaveTextContent(/^\?category=clothes$/);
  });

  it("picking a type unticks 'All' and picking 'All' clears the others", async () => {
    const user = userEvent.setup();
    renderShop('/shop?category=comics&page=2');
    const filters = screen.getByRole('complementary', { name: 'Filters' });
    const box = (name: string) => within(filters).getByRole('checkbox', { name });
    expect(box('All')).toBeChecked();

    await user.click(box('Action'));
    expect(box('All')).not.toBeChecked();
    expect(box('Action')).toBeChecked();
    await lastAsked({ productTypes: ['action'], page: 1 });

    await user.click(box('Drama'));
    await lastAsked({ productTypes: ['action', 'drama'] });

    await user.click(box('All'));
    expect(box('All')).toBeChecked();
    expect(box('Action')).not.toBeChecked();
    expect(box('Drama')).not.toBeChecked();
    await lastAsked({ productTypes: ['all'] });
  });

  it('Clear All resets types, sort, price and search, and keeps the category', async () => {
    const user = userEvent.setup();
    renderShop('/shop?category=clothes&types=jacket&price=40&sort=price-high&page=2');
    await lastAsked({ productTypes: ['jacket'], price: 40, sortBy: 'price-high' });
    await user.click(screen.getByRole('button', { name: 'Clear All' }));
    await lastAsked({
      category: 'clothes',
      productTypes: ['all'],
      price: 0,
      sortBy: 'popular',
      searchQuery: '',
      page: 1,
    });
    expect(screen.getByRole('button', { name: 'Clear All' })).toBeDisabled();
  });

  it('submitting a search resets the page and spans every category', async () => {
    const user = userEvent.setup();
    renderShop('/shop?category=toys&page=4');
    await lastAsked({ page: 4 });
    await user.type(screen.getByRole('combobox', { name: 'Search' }), 'narto{Enter}');
    await lastAsked({ searchQuery: 'narto', page: 1 });
    expect(await screen.findByText(/Results for “narto” in all categories/)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Toys' })).not.toBeChecked();
  });

  it('refuses a one-character search with the spec message', async () => {
    const user = userEvent.setup();
    renderShop('/shop');
    await lastAsked({ page: 1 });
    const asked = api.constraints.length;
    await user.type(screen.getByRole('combobox', { name: 'Search' }), 'n{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(VALIDATION.searchTooShort);
    expect(screen.getByRole('combobox', { name: 'Search' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(api.constraints).toHaveLength(asked);
  });

  it('suggests products while typing and opens one with the keyboard', async () => {
    const user = userEvent.setup();
    api = stubCatalogApi({
      products: [createProduct()],
      suggestions: [createProduct({ name: 'Naruto Vol. 1', productID: 'COM-NARUTO' })],
    });
    renderShop('/shop');
    await user.type(screen.getByRole('combobox', { name: 'Search' }), 'narto');
    expect(
      await screen.findByRole('option', { name: /Naruto Vol. 1/ }, { timeout: 5_000 }),
    ).toBeInTheDocument();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(await screen.findByText('product page')).toBeInTheDocument();
  });

  it('sorting asks for the new order from page 1', async () => {
    const user = userEvent.setup();
    renderShop('/shop?page=2');
    const filters = screen.getByRole('complementary', { name: 'Filters' });
    await user.selectOptions(within(filters).getByLabelText('Sort by'), 'price-high');
    await lastAsked({ sortBy: 'price-high', page: 1 });
  });

  it('pages: Previous is disabled on page 1, Next on the last, at most 3 numbers', async () => {
    const user = userEvent.setup();
    renderShop('/shop');
    const pages = await screen.findByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByRole('button', { name: /Previous/ })).toBeDisabled();
    expect(within(pages).getAllByRole('button', { name: /^Page \d$/ })).toHaveLength(3);
    await user.click(within(pages).getByRole('button', { name: /Next/ }));
    await lastAsked({ page: 2 });
    await user.click(within(pages).getByRole('button', { name: 'Page 3' }));
    await lastAsked({ page: 3 });
    expect(screen.getByTestId('search')).toHaveTextContent('page=3');
  });

  it('disables Next on the last page', async () => {
    renderShop('/shop?page=5');
    const pages = await screen.findByRole('navigation', { name: 'Pages' });
    expect(await within(pages).findByRole('button', { name: 'Page 5' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(pages).getByRole('button', { name: /Next/ })).toBeDisabled();
    expect(within(pages).getByRole('button', { name: /Previous/ })).toBeEnabled();
  });

  it('opens the filter drawer with the filter icon and closes it with the close icon', async () => {
    const user = userEvent.setup();
    renderShop('/shop');
    const opener = screen.getByRole('button', { name: 'Open filters' });
    expect(opener).toHaveAttribute('aria-expanded', 'false');
    await user.click(opener);
    const drawer = await screen.findByRole('dialog', { name: 'Filters' });
    expect(opener).toHaveAttribute('aria-expanded', 'true');
    expect(within(drawer).getByRole('checkbox', { name: 'All' })).toBeChecked();
    await user.click(within(drawer).getByRole('button', { name: 'Close filters' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Focus goes back to the button that opened the drawer.
    expect(opener).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Open filters' }));
    await screen.findByRole('dialog', { name: 'Filters' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Open filters' }));
    const again = await screen.findByRole('dialog', { name: 'Filters' });
    await user.click(within(again).getByRole('button', { name: 'Show 5 products' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('past the last page says that page does not exist and offers the last one', async () => {
    const user = userEvent.setup();
    renderShop('/shop?q=an&page=9');
    const grid = screen.getByRole('region', { name: 'Products' });
    expect(await within(grid).findByText(PAGE_PAST_END.title(9))).toBeInTheDocument();
    expect(within(grid).getByText(PAGE_PAST_END.hint(5))).toBeInTheDocument();
    expect(screen.queryByText(SHOP.noProducts)).not.toBeInTheDocument();

    await user.click(within(grid).getByRole('button', { name: PAGE_PAST_END.goToLast(5) }));
    await lastAsked({ searchQuery: 'an', page: 5 });
    expect(await within(grid).findByText('Blade Circuit Zero')).toBeInTheDocument();
    expect(screen.getByTestId('search')).toHaveTextContent('page=5');
  });

  it("fetches a phone's first row of pictures first, its second at once but after them and the rest when near", async () => {
    api = stubCatalogApi({
      products: Array.from({ length: 8 }, (_, i) => createProduct({ name: `Figure ${i + 1}` })),
    });
    renderShop('/shop');
    await screen.findByText('Figure 8');
    const pictures = [...document.querySelectorAll('ul img')].map((img) => [
      img.getAttribute('loading'),
      img.getAttribute('fetchpriority'),
    ]);
    expect(pictures).toEqual([
      ...Array.from({ length: SHOP_GRID_HIGH_PRIORITY_IMAGES }, () => ['eager', 'high']),
      ...Array.from({ length: SHOP_GRID_EAGER_IMAGES - SHOP_GRID_HIGH_PRIORITY_IMAGES }, () => [
        'eager',
        'low',
      ]),
      ...Array.from({ length: 8 - SHOP_GRID_EAGER_IMAGES }, () => ['lazy', 'auto']),
    ]);
  });

  it('says so when nothing matches', async () => {
    api = stubCatalogApi({ products: [] });
    renderShop('/shop?category=shoes&price=1');
    expect(await screen.findByText('No products match these filters.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
  });

  it('says a search found nothing, not the filters, when a search has no result', async () => {
    api = stubCatalogApi({ products: [] });
    renderShop('/shop?q=zzzyx');
    expect(await screen.findByText('Nothing matched “zzzyx”.')).toBeInTheDocument();
    expect(screen.getByText(SHOP.noSearchResultsHint)).toBeInTheDocument();
    expect(screen.queryByText(SHOP.noProducts)).not.toBeInTheDocument();
  });
});
