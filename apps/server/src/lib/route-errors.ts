import { errorResponseSchema } from '@otaku/shared';

/** The response schemas of a route's error statuses: every one is the shared JSON error shape. */
export function errorResponses<S extends number>(...statuses: S[]) {
  return Object.fromEntries(statuses.map((s) => [s, errorResponseSchema])) as Record<
    S,
    typeof errorResponseSchema
  >;
}
