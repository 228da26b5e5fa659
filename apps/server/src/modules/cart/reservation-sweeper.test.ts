import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { createTestDatabase, testConfig, type TestDatabase } from '../../../test/helpers';
import { SWEEP_INTERVAL_MS } from './reservation-sweeper';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb?.drop());

describe('the reservation sweeper timer', () => {
  it('starts when the app is ready, does not keep the process alive, and stops on close', async () => {
    const setInterval = vi.spyOn(globalThis, 'setInterval');
    const clearInterval = vi.spyOn(globalThis, 'clearInterval');
    const app = await buildApp({ config: testConfig(), database: testDb.database });
    expect(setInterval.mock.calls.some(([, ms]) => ms === SWEEP_INTERVAL_MS)).toBe(false);
    await app.ready();
    const index = setInterval.mock.calls.findIndex(([, ms]) => ms === SWEEP_INTERVAL_MS);
    expect(index).toBeGreaterThanOrEqual(0);
    const timer = setInterval.mock.results[index]!.value as NodeJS.Timeout;
    expect(timer.hasRef()).toBe(false);
    await app.close();
    expect(clearInterval).toHaveBeenCalledWith(timer);
  });
});
