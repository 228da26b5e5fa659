/** GET /api/product/releases: the coming releases by month (/releases, decision 167). */
import { routes, type ReleasesResponse } from '@otaku/shared';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { catalogKeys } from '../../../lib/catalog-queries';

export const releasesKey = [...catalogKeys.all, 'releases'] as const;

export const getReleases = (signal?: AbortSignal): Promise<ReleasesResponse> =>
  call(routes.catalog.releases, { signal });

export const releasesQuery = () =>
  queryOptions({ queryKey: releasesKey, queryFn: ({ signal }) => getReleases(signal) });
