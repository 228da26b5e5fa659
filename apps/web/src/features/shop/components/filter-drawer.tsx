import { SHOP } from '@otaku/shared';
import { SlidersHorizontal } from 'lucide-react';
import { lazy, Suspense, useRef, type ReactNode } from 'react';
import { Button } from '../../../components/ui';
import { useOpenedOnce } from '../../../lib/use-opened-once';

export interface FilterDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Products matching the filter, for the button that closes the drawer. */
  total: number | undefined;
  children: ReactNode;
}

const loadPanel = () => import('./filter-drawer-panel');
const FilterDrawerPanel = lazy(() => loadPanel().then((m) => ({ default: m.FilterDrawerPanel })));

/**
 * The filter bar as a drawer on small screens (spec §2): opened by the filter icon, closed by
 * the close icon or Escape. Focus stays inside while it is open and returns to the icon after.
 * The drawer's code loads when it is first opened (fetching starts when the icon is pointed
 * at or focused), so the shop's first load does not carry it.
 */
export function FilterDrawer(props: FilterDrawerProps) {
  const { open, onOpenChange } = props;
  const trigger = useRef<HTMLButtonElement>(null);
  const opened = useOpenedOnce(open);
  return (
    <>
      <Button
        ref={trigger}
        variant="secondary"
        className="lg:hidden"
        aria-label={SHOP.openFilters}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onClick={() => onOpenChange(true)}
      >
        <SlidersHorizontal aria-hidden="true" className="size-4" />
        {SHOP.filters}
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <FilterDrawerPanel {...props} trigger={trigger} />
        </Suspense>
      )}
    </>
  );
}
