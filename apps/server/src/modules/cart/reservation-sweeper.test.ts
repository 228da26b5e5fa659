import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { createTestDatabase, testConfig, type TestDatabase } from '../../../test/helpers';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb?.drop());

describe('the reservation sweeper timer', () => {
  it('starts when the app is ready, does not keep the process alive, and stops on close', async () => {
    const setInterval = vi.spyOn(globalThis, 'setInterval');
    const clearInterval = vi.spyOn(globalThis, 'clearInterval');
    const config = testConfig({ RESERVATION_SWEEP_SECONDS: '45' });
    const app = await buildApp({ config, database: testDb.database });
    expect(setInterval.mock.calls.some(([, ms]) => ms === 45_000)).toBe(false);
    await app.ready();
    const index = setInterval.mock.calls.findIndex(([, ms]) => ms === 45_000);
    expect(index).toBeGreaterThanOrEqual(0);
    const timer = setInterval.mock.results[index]!.value as NodeJS.Timeout;
    expect(timer.hasRef()).toBe(false);
    await app.close();
    expect(clearInterval).toHaveBeenCalledWith(timer);
    vi.restoreAllMocks();
  });

  it('lets a sweep in progress finish before close returns, so the database can close next', async () => {
    const db = testDb.database.db;
    const transaction = db.transaction.bind(db);
    let sweeping = false;
    let finished = false;
    const spy = vi.spyOn(db, 'transaction').mockImplementation(async (work) => {
      sweeping = true;
      await new Promise((r) => setTimeout(r, 500));
      const result = await transaction(work);
      finished = true;
      return result;
    });
    const app = await buildApp({
      config: testConfig({ RESERVATION_SWEEP_SECONDS: '1' }),
      database: testDb.database,
    });
    await app.ready();
    await vi.waitFor(() => expect(sweeping).toBe(true), { timeout: 5_000, interval: 20 });
    await app.close();
    expect(finished).toBe(true);
    spy.mockRestore();
  });
});
