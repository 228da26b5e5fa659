/**
 * A check of keyboard focus on one screen, run in the page (WCAG 2.2, 2.4.7 Focus Visible and
 * 2.4.11 Focus Not Obscured): every control in `rootSelector` is focused in turn, and each must
 * draw an indicator (an outline or a ring, on itself, on an ancestor or on the label it hides
 * behind), wholly inside every box that clips it, and not under the sticky navigation bar.
 * Returns what failed, one line per control.
 */
export function auditFocus(rootSelector: string): string[] {
  const CONTROLS =
    'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';
  const root = document.querySelector(rootSelector);
  if (!root) return [`${rootSelector} not found`];
  const bar = document.querySelector('header');
  const problems: string[] = [];

  const describe = (el: Element) => {
    const name =
      el.getAttribute('aria-label') ||
      (el as HTMLElement).innerText?.trim().slice(0, 40) ||
      el.getAttribute('name') ||
      el.id;
    return `<${el.tagName.toLowerCase()}${el.getAttribute('type') ? ` type=${el.getAttribute('type')}` : ''}> "${name}"`;
  };
  /** What draws a ring or an outline: its width outside the box (negative: inside). */
  const indicatorOf = (el: Element) => {
    const style = getComputedStyle(el);
    const outline =
      style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2
        ? parseFloat(style.outlineWidth) + parseFloat(style.outlineOffset)
        : null;
    const shadow = style.boxShadow === 'none' ? '' : style.boxShadow;
    return { outline, shadow };
  };
  const candidates = (el: Element) => {
    const list: Element[] = [el];
    // A control drawn by its label (an invisible radio over a pill): the label's parts.
    for (const label of (el as HTMLInputElement).labels ?? []) list.push(label, ...label.children);
    if (el.nextElementSibling) list.push(el.nextElementSibling);
    for (let up = el.parentElement, i = 0; up && i < 4; up = up.parentElement, i++) list.push(up);
    return list;
  };
  /** A ring drawn or taken away through a transition is measured where it ends. */
  const finishTransitions = (parts: Element[]) => {
    for (const part of parts) for (const animation of part.getAnimations()) animation.finish();
  };
  const visible = (el: Element) => {
    const rect = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    return rect.width > 0 && rect.height > 0 && style.visibility !== 'hidden';
  };

  const active = document.activeElement as HTMLElement | null;
  for (const el of [...root.querySelectorAll<HTMLElement>(CONTROLS)].filter(visible)) {
    const parts = candidates(el);
    el.blur();
    finishTransitions(parts);
    const before = parts.map(indicatorOf);
    el.focus({ preventScroll: false });
    if (document.activeElement !== el) continue;
    finishTransitions(parts);
    const after = parts.map(indicatorOf);
    const drawn = parts.findIndex(
      (_, i) =>
        (after[i]!.outline !== null && before[i]!.outline === null) ||
        after[i]!.shadow !== before[i]!.shadow,
    );
    if (drawn < 0) {
      problems.push(`${describe(el)}: no focus indicator`);
      continue;
    }
    const indicator = parts[drawn]!;
    const spread = after[drawn]!.outline !== null ? Math.max(0, after[drawn]!.outline!) : 0;
    const box = indicator.getBoundingClientRect();
    const outer = {
      top: box.top - spread,
      bottom: box.bottom + spread,
      left: box.left - spread,
      right: box.right + spread,
    };
    // A carousel brings the focused slide into view itself, moving it there over a moment.
    const inCarousel = el.closest('[aria-roledescription="carousel"]') !== null;
    for (
      let up = indicator.parentElement;
      up && !inCarousel && up !== document.body;
      up = up.parentElement
    ) {
      const style = getComputedStyle(up);
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
      const clip = up.getBoundingClientRect();
      const cut =
        outer.top < clip.top - 0.5 ||
        outer.bottom > clip.bottom + 0.5 ||
        outer.left < clip.left - 0.5 ||
        outer.right > clip.right + 0.5;
      if (cut) {
        problems.push(`${describe(el)}: its focus ring is cut by ${describe(up)}`);
        break;
      }
    }
    // What shows at the control's middle: the bar (or anything else drawn over it) hides it.
    const own = el.getBoundingClientRect();
    const hit = document.elementFromPoint(own.left + own.width / 2, own.top + own.height / 2);
    if (bar && hit && bar.contains(hit) && !bar.contains(el)) {
      problems.push(`${describe(el)}: under the navigation bar`);
    }
  }
  active?.focus({ preventScroll: true });
  return problems;
}
