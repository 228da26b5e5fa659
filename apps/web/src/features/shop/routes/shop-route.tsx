import { Store } from 'lucide-react';
import { Page, ScreenPlaceholder } from '../../../components/ui';

/** /shop (spec §2, Shop): the catalog work builds the filters and the product grid here. */
export function ShopRoute() {
  return (
    <Page>
      <ScreenPlaceholder
        icon={Store}
        title="Shop"
        summary="Browse every comic, clothing item, pair of shoes and toy in the catalog."
        upcoming={[
          'Category picker: comics, toys, clothes and shoes',
          'Filter side bar (a drawer on small screens): type checkboxes, a price slider from $0 to $100, sort and search',
          'A summary of active filters with Clear All',
          'A product grid of 2 to 6 columns with page buttons',
        ]}
      />
    </Page>
  );
}
