/**
 * What every journey shares: `test` and `expect` that fail a test on any console error,
 * uncaught page error or Content-Security-Policy violation, plus helpers for the API and the
 * dev outbox. Journeys import from here, never from @playwright/test directly.
 */
import {
  test as base,
  expect,
  type APIRequestContext,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { ACCOUNT, userCartId } from '@otaku/shared';
import { existsSync, readFileSync } from 'node:fs';
import { baseURL, mailCaptureFile, seedAdmin } from './environment';

export { expect, baseURL, seedAdmin };
export type { APIRequestContext, Browser, BrowserContext, Locator, Page } from '@playwright/test';

export interface ErrorCollector {
  /** Everything seen so far, allowed or not. */
  readonly messages: readonly string[];
  /** Errors matching the pattern are part of the journey (e.g. a refused login's 401). */
  allow(pattern: RegExp): void;
  /** Returns what was seen and forgets it, for tests that provoke errors on purpose. */
  take(): string[];
  /** What was seen and not allowed. */
  unexpected(): string[];
}

/**
 * Collects console errors, page errors and CSP violations (Chromium reports a blocked script,
 * style or connection as a console error) of every page in a context.
 */
export function collectErrors(context: BrowserContext): ErrorCollector {
  let messages: string[] = [];
  const allowed: RegExp[] = [];
  context.on('console', (message) => {
    if (message.type() !== 'error') return;
    const { url, lineNumber } = message.location();
    messages.push(url ? `${message.text()} (${url}:${lineNumber})` : message.text());
  });
  context.on('weberror', (error) => {
    messages.push(`Uncaught: ${error.error().message}`);
  });
  return {
    get messages() {
      return messages;
    },
    allow: (pattern) => void allowed.push(pattern),
    take: () => {
      const taken = messages;
      messages = [];
      return taken;
    },
    unexpected: () => messages.filter((m) => !allowed.some((pattern) => pattern.test(m))),
  };
}

/**
 * An SSR page (home, shop, product) is hydrated by the app's entry as soon as it has run, which
 * marks `<html data-app="hydrating">` and then `"ready"` once the screen is the app's: a journey
 * waits for that, as a shopper's touch before hydration would do nothing. Pages the app renders
 * itself answer as their script runs.
 */
const appReady = (page: Page) =>
  page.waitForFunction(() => document.documentElement.dataset.app !== 'hydrating');

/** A navigation of `page` that returns once the page's app has the screen. */
function waitingForApp<A extends unknown[], R>(page: Page, navigate: (...args: A) => Promise<R>) {
  return async (...args: A) => {
    const response = await navigate.apply(page, args);
    await appReady(page);
    return response;
  };
}

export const test = base.extend<{ pageErrors: ErrorCollector }>({
  page: async ({ page }, use) => {
    Object.assign(page, {
      goto: waitingForApp(page, page.goto),
      reload: waitingForApp(page, page.reload),
    });
    await use(page);
  },
  pageErrors: [
    async ({ context }, use) => {
      const collector = collectErrors(context);
      await use(collector);
      expect(collector.unexpected(), 'console errors, page errors or CSP violations').toEqual([]);
    },
    { auto: true },
  ],
});

/** GET an API path and return the parsed JSON body, asserting the status. */
export async function getJson<T = unknown>(
  request: APIRequestContext,
  path: string,
  status = 200,
): Promise<T> {
  const response = await request.get(path);
  expect(response.status(), `GET ${path}`).toBe(status);
  return (await response.json()) as T;
}

export interface OutboxMessage {
  id: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  sentAt: string;
}

/**
 * The dev outbox (`GET /api/dev/outbox`): the mail the server would have sent, newest first.
 * Empty while the server sends over SMTP (the journeys' server does; see capturedMail).
 */
export async function readOutbox(request: APIRequestContext): Promise<OutboxMessage[]> {
  const body = await getJson<{ messages: OutboxMessage[] }>(request, '/api/dev/outbox');
  return body.messages;
}

/** The mail the loopback SMTP capture (global-setup.ts) received, newest first. */
export function capturedMail(): OutboxMessage[] {
  if (!existsSync(mailCaptureFile)) return [];
  return readFileSync(mailCaptureFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as OutboxMessage)
    .reverse();
}

/**
 * Waits for `count` mails (one unless told) to `to` whose subject is or matches `subject` (any,
 * when not given), captured over SMTP or else in the dev outbox, and returns the newest.
 */
export async function waitForMail(
  request: APIRequestContext,
  to: string,
  {
    subject,
    count = 1,
    timeout = 10_000,
  }: { subject?: string | RegExp; count?: number; timeout?: number } = {},
): Promise<OutboxMessage> {
  let found: OutboxMessage[] = [];
  await expect
    .poll(
      async () => {
        const messages = [...capturedMail(), ...(await readOutbox(request))];
        found = messages.filter(
          (message) =>
            message.to.toLowerCase() === to.toLowerCase() &&
            (subject === undefined ||
              (typeof subject === 'string'
                ? message.subject === subject
                : subject.test(message.subject))),
        );
        return found.length >= count;
      },
      {
        message: `${count} mail(s) to ${to}${subject ? ` titled ${String(subject)}` : ''}`,
        timeout,
      },
    )
    .toBe(true);
  return found[0]!;
}

/** The subjects of the mails that carry a code. */
export const CODE_MAIL = {
  signup: ACCOUNT.codeMailSubject,
  recruiter: ACCOUNT.recruiterCodeMailSubject,
  reset: ACCOUNT.resetMailSubject,
} as const;

/** The six-digit code in the newest mail of `kind` (a sign-up code unless asked) to `to`. */
export async function readMailedCode(
  request: APIRequestContext,
  to: string,
  kind: keyof typeof CODE_MAIL = 'signup',
): Promise<string> {
  const mail = await waitForMail(request, to, { subject: CODE_MAIL[kind] });
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  expect(code, `a six-digit code in the mail to ${to}`).toBeTruthy();
  return code!;
}

/** A label made unique per call: journeys share one server and may run in parallel. */
export const unique = (label: string) =>
  `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

/** A one-pixel PNG: the server crops and re-encodes whatever it gets. */
export const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

export interface Session {
  token: string;
  user: { _id: string; username: string };
}

/** Signs in through the API and returns the access token and the user. */
export async function apiLogin(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<Session> {
  // From an address of its own, as each shopper and staff member signs in from theirs: the
  // journeys' sign-ins from one machine would pass the per-address limit (50 in 15 minutes).
  const res = await request.post('/api/auth/login', {
    data: { email, password },
    headers: { 'x-forwarded-for': shopperAddress() },
  });
  expect(res.ok(), `login ${email}: ${res.status()}`).toBe(true);
  return (await res.json()) as Session;
}

/** Signs in on the login page, as a shopper does: the browser then holds the refresh cookie. */
export async function logInOnPage(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Logout' })).toBeVisible();
}

/**
 * Stores the session the way the login page does: the next page the app opens is signed in.
 * The storage is reached from the shop's smallest same-origin document, the health answer;
 * loading the home page for it would cost a whole app start per sign-in.
 */
export async function storeSessionIn(page: Page, session: Session): Promise<void> {
  await page.goto('/api/health');
  await page.evaluate(storeSession, session);
}

/** Stores the session the way the login page does, then opens the path. */
export async function openAs(page: Page, session: Session, path: string): Promise<void> {
  await storeSessionIn(page, session);
  await page.goto(path);
}

/** Signs the page in before any of its documents runs a script: each load finds the session. */
export async function signInOnLoad(page: Page, session: Session): Promise<void> {
  await page.addInitScript(storeSession, session);
}

/** Keeps a session where the app looks for it; runs in the page. */
function storeSession({ token, user }: Session) {
  localStorage.setItem('authToken', token);
  localStorage.setItem('userInfo', JSON.stringify(user));
}

/** Opens the path signed in as the demo superAdmin. */
export async function openAsAdmin(
  page: Page,
  request: APIRequestContext,
  path: string,
): Promise<void> {
  await openAs(page, await apiLogin(request, seedAdmin.email, seedAdmin.password), path);
}

/** The password of every account the journeys create. */
export const SHOPPER_PASSWORD = 'journey-password-1';

/** A fresh address per call: journeys share one server and may run in parallel. */
export const uniqueEmail = (label: string) => `${unique(label)}@e2e.otakushelf.test`;

/** An address of a shopper's own, which the journeys' server believes (TRUST_PROXY). */
const shopperAddress = () =>
  `198.18.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;

/** Signs a new shopper up through the API, reading the code from the captured mail. */
export async function signUpShopper(
  request: APIRequestContext,
  { email = uniqueEmail('shopper'), username = unique('fan').slice(0, 20) } = {},
): Promise<{ email: string; password: string }> {
  const headers = { 'x-forwarded-for': shopperAddress() };
  const sent = await request.post('/api/auth/send-otp', { data: { email }, headers });
  expect(sent.ok(), `code mail to ${email}`).toBe(true);
  const otp = await readMailedCode(request, email);
  const verified = await request.post('/api/auth/verify-otp', { data: { email, otp }, headers });
  expect(verified.ok(), `code of ${email}`).toBe(true);
  const { verificationToken } = (await verified.json()) as { verificationToken: string };
  const res = await request.post('/api/auth/signup', {
    data: { email, username, password: SHOPPER_PASSWORD, verificationToken },
    headers,
  });
  expect(res.status(), `sign-up of ${username}`).toBe(201);
  return { email, password: SHOPPER_PASSWORD };
}

/** A new shopper (`signUpShopper`), signed in through the API. */
export async function createShopper(
  request: APIRequestContext,
  username?: string,
): Promise<Session & { email: string; password: string }> {
  const account = await signUpShopper(request, { username });
  return { ...account, ...(await apiLogin(request, account.email, account.password)) };
}

/**
 * A toy with a single stock and the test picture, created by `staff` through the API (a
 * pre-order with a release date, dd-mm-yyyy as the form sends it); its id.
 */
export async function createToy(
  request: APIRequestContext,
  staff: Session,
  fields: {
    name: string;
    description: string;
    price: string;
    toyType: string;
    stock: string;
    releaseDate?: string;
    preorderUntil?: string;
  },
): Promise<string> {
  const created = await request.post('/api/product/createProduct', {
    headers: { authorization: `Bearer ${staff.token}` },
    multipart: {
      ...Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)),
      category: 'toys',
      image: { name: 'cover.png', mimeType: 'image/png', buffer: PIXEL_PNG },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { product: { productID: string } }).product.productID;
}

/** Puts one unit of a product's variant ('' for a single stock) into the shopper's cart. */
export async function reserveOne(
  request: APIRequestContext,
  shopper: Session,
  productId: string,
  variant = '',
): Promise<void> {
  await reserveUnits(request, shopper, productId, 1, variant);
}

/** Makes the shopper's line of a product's variant ('' for a single stock) hold `quantity`. */
export async function reserveUnits(
  request: APIRequestContext,
  shopper: Session,
  productId: string,
  quantity: number,
  variant = '',
): Promise<void> {
  const reserved = await request.post('/api/reserveStock', {
    headers: { authorization: `Bearer ${shopper.token}` },
    data: { cartId: userCartId(shopper.user._id), productId, variant, quantity },
  });
  expect(reserved.ok(), await reserved.text()).toBe(true);
}

/** A toy of the demo catalog that is in stock: one Add to Cart, no size or volume to pick. */
export async function toyInStock(request: APIRequestContext) {
  const constraints = JSON.stringify({ category: 'toys', page: 1 });
  const res = await request.get('/api/product/getProducts', {
    params: { productConstraints: constraints },
  });
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as {
    currPageProducts: {
      productID: string;
      name: string;
      images: { small: string };
      stock: number;
    }[];
  };
  const product = body.currPageProducts.find((p) => p.stock > 0);
  expect(product, 'a toy in stock').toBeTruthy();
  return product!;
}

/**
 * Listens, from the page's first moment, for the home loading screen's step that says `text`
 * to show: the end of the CSS animation that hid it until its moment. Polling for the step (even
 * on every frame, which a busy machine spaces out) could step over so short a window. Returns
 * the wait for it.
 */
export async function listenForLoadingStep(page: Page, text: string): Promise<() => Promise<void>> {
  await page.addInitScript((text) => {
    document.addEventListener(
      'animationend',
      (event) => {
        const step = event.target as Element;
        if (step.classList.contains('home-loading-step') && step.textContent === text)
          (window as { loadingStepShown?: boolean }).loadingStepShown = true;
      },
      true,
    );
  }, text);
  return async () => {
    await page.waitForFunction(
      () => (window as { loadingStepShown?: boolean }).loadingStepShown === true,
    );
  };
}
