import { CATEGORY_LABELS, SHOP } from '@otaku/shared';
import { Search } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { ProductImage } from '../../../components/catalog';
import { Button, FieldError } from '../../../components/ui';
import { cn } from '../../../lib/cn';
import { formatPrice } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useSuggestions } from '../api/use-suggestions';
import { searchError } from '../lib/shop-state';

export interface SearchBoxProps {
  /** The submitted search; remount the box (key) when it changes from outside. */
  initial: string;
  onSearch: (query: string) => void;
}

/**
 * The shop's search: a combobox whose list suggests products as you type (from 2 characters)
 * and a submit that filters the grid. A query of 1 character shows the spec's message.
 */
export function SearchBox({ initial, onSearch }: SearchBoxProps) {
  const id = useId();
  const navigate = useNavigate();
  const [text, setText] = useState(initial);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [error, setError] = useState<string | null>(null);
  const { suggestions } = useSuggestions(text, open);
  const expanded = open && suggestions.length > 0;
  const listId = `${id}-suggestions`;
  const errorId = `${id}-error`;

  const submit = () => {
    const problem = searchError(text);
    setError(problem);
    if (problem) return;
    setOpen(false);
    onSearch(text);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (suggestions.length === 0) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // -1 is the input itself: moving past either end returns to it.
      setActive((i) => {
        const next = i + step;
        return next >= suggestions.length ? -1 : next < -1 ? suggestions.length - 1 : next;
      });
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    } else if (event.key === 'Enter' && expanded && suggestions[active]) {
      event.preventDefault();
      navigate(paths.product(suggestions[active].productID));
    }
  };

  return (
    <form
      role="search"
      className="relative w-full"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <label htmlFor={`${id}-input`} className="sr-only">
        {SHOP.search}
      </label>
      <div className="flex gap-2">
        <div className="relative flex-1">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-ink-400"
          />
          <input
            id={`${id}-input`}
            type="search"
            role="combobox"
            autoComplete="off"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            placeholder={SHOP.searchPlaceholder}
            value={text}
            maxLength={100}
            onChange={(event) => {
              setText(event.target.value);
              setOpen(true);
              setActive(-1);
              if (error) setError(searchError(event.target.value));
            }}
            onFocus={() => setOpen(true)}
            onBlur={() => setOpen(false)}
            onKeyDown={onKeyDown}
            className={cn(
              'h-11 w-full rounded-full bg-white pr-4 pl-10 text-sm text-ink-900 shadow-sm ring-1 ring-ink-200 ring-inset',
              'placeholder:text-ink-300 focus-visible:ring-2 focus-visible:ring-sakura-500 focus-visible:outline-none',
              'aria-invalid:ring-2 aria-invalid:ring-red-500',
              'aria-invalid:focus-visible:outline-2 aria-invalid:focus-visible:outline-solid aria-invalid:focus-visible:outline-offset-2 aria-invalid:focus-visible:outline-sakura-500',
            )}
          />
        </div>
        <Button type="submit">{SHOP.searchButton}</Button>
      </div>
      {error && (
        <FieldError id={errorId} className="mt-2 pl-4">
          {error}
        </FieldError>
      )}
      <ul
        id={listId}
        role="listbox"
        aria-label={SHOP.suggestions}
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-30 mt-2 max-h-96 overflow-y-auto rounded-2xl bg-white p-1.5 shadow-xl ring-1 ring-ink-100"
      >
        {suggestions.map((product, index) => (
          <li
            key={product.productID}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            // Keep focus in the input; the click still lands.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => navigate(paths.product(product.productID))}
            className={cn(
              'flex cursor-pointer items-center gap-3 rounded-xl p-2 text-sm',
              index === active ? 'bg-sakura-50' : 'hover:bg-ink-50',
            )}
          >
            <ProductImage
              image={product.images}
              alt=""
              sizes="40px"
              className="aspect-[3/4] w-10 shrink-0 rounded-md"
            />
            <span className="min-w-0 flex-1">
              <span className="block truncate font-semibold text-ink-900">{product.name}</span>
              <span className="block text-xs text-ink-500">
                {CATEGORY_LABELS[product.category]}
              </span>
            </span>
            <span className="font-bold text-ink-900">{formatPrice(product.price)}</span>
          </li>
        ))}
      </ul>
    </form>
  );
}
