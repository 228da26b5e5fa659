import { SEARCH_MIN_LENGTH } from '@otaku/shared';
import { useQuery } from '@tanstack/react-query';
import { suggestionsQuery } from '../../../lib/catalog-queries';
import { useDebouncedValue } from '../lib/use-debounced-value';

export const SUGGESTION_DELAY_MS = 250;

/** Suggestions for what is typed, asked for once typing pauses and only from 2 characters. */
export function useSuggestions(text: string, enabled: boolean) {
  const query = useDebouncedValue(text.trim().replace(/\s+/g, ' '), SUGGESTION_DELAY_MS);
  const ready = enabled && query.length >= SEARCH_MIN_LENGTH;
  const result = useQuery({ ...suggestionsQuery(query), enabled: ready });
  return { query, suggestions: ready ? (result.data ?? []) : [] };
}
