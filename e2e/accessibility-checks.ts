/**
 * The checks of the accessibility journey (tests/accessibility.spec.ts, docs/decisions/158):
 * axe-core's WCAG 2.2 A and AA rules, then the focus audit, on what a page shows now.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as Axe from 'axe-core';
import { expect, type Locator, type Page } from './fixtures';
import { auditFocus } from './focus-audit';

const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** axe-core's browser build, read once per worker. */
const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

declare global {
  interface Window {
    axe?: typeof Axe;
  }
}

/**
 * Runs axe-core's WCAG 2.2 A and AA rules in the page, loading axe into it only when the page
 * does not have it yet: a dialog's check after its page's, or a screen reached by a click, uses
 * the copy already there. (@axe-core/playwright loads its 560 KB into the page twice on every
 * check, which was most of each check's time: docs/decisions/158.) The shop has no frames, so
 * axe looks in none.
 */
async function runAxe(page: Page, include: string | null): Promise<Axe.AxeResults> {
  if (!(await page.evaluate(() => window.axe !== undefined))) await page.evaluate(axeSource);
  // Options first: they replace the tags' choice. Only the violations' nodes are described
  // (their selectors and markup): describing every node that passes was most of a run's time.
  return page.evaluate(
    ({ include, tags }) =>
      window.axe!.run(include === null ? document : { include: [include] }, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
        iframes: false,
      }),
    { include, tags: WCAG_22_AA },
  );
}

interface CheckOptions {
  /** Narrows the check to an open dialog. */
  within?: Locator;
  /** The page's clock is held (page.clock): moved on a millisecond at a time while axe runs. */
  heldClock?: boolean;
}

/** Checks what the page shows now. */
export async function expectAccessible(
  page: Page,
  screen: string,
  { within, heldClock }: CheckOptions = {},
) {
  const analysis = runAxe(page, within ? await selectorOf(within) : null);
  if (heldClock) {
    let running = true;
    const stop = () => (running = false);
    analysis.then(stop, stop);
    while (running) await page.clock.runFor(1);
  }
  const results = await analysis;
  // 2.5.8 Target Size (Minimum) is in wcag22aa: make sure it was not left out.
  const ran = [...results.passes, ...results.violations, ...results.incomplete];
  expect
    .soft(
      ran.map((rule) => rule.id),
      `${screen}: target-size ran`,
    )
    .toContain('target-size');
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      rule: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map(
        (n) =>
          `${n.target.join(' ')} ${n.html.slice(0, 120)}: ${(n.failureSummary ?? '').split('\n')[1] ?? ''}`,
      ),
    }));
  expect.soft(serious, `${screen}: serious or critical WCAG 2.2 AA violations`).toEqual([]);

  // Programmatic focus shows :focus-visible once the keyboard was used.
  await page.keyboard.press('Tab');
  const focusProblems = await page.evaluate(auditFocus, within ? await selectorOf(within) : 'body');
  expect.soft(focusProblems, `${screen}: focus visible and not obscured`).toEqual([]);
}

/** A CSS selector axe can find the located element by (dialogs carry Radix's generated id). */
async function selectorOf(locator: Locator): Promise<string> {
  const id = await locator.getAttribute('id');
  expect(id, 'the dialog has an id').toBeTruthy();
  return `[id="${id}"]`;
}
