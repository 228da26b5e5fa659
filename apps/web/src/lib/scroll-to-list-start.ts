/**
 * Starts a paged list's new page at its top, where a reader who pressed Next at the bottom
 * expects its first item: the list's own scrolling region when it has one (the shop grid),
 * else the window (purchase history).
 */
export function scrollToListStart(region?: HTMLElement | null) {
  if (region) region.scrollTop = 0;
  else window.scrollTo(0, 0);
}
