import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadEnvFileIfPresent } from './env-file';

const NAMES = ['OTAKU_ENV_FILE_ONLY', 'OTAKU_ENV_FILE_BOTH'] as const;

afterEach(() => {
  for (const name of NAMES) delete process.env[name];
});

describe('the .env file', () => {
  it('is read when present, and a variable already in the environment keeps its value', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'otaku-env-file-'));
    const file = path.join(dir, '.env');
    writeFileSync(file, 'OTAKU_ENV_FILE_ONLY=from-file\nOTAKU_ENV_FILE_BOTH="from file"\n');
    process.env.OTAKU_ENV_FILE_BOTH = 'from-environment';

    expect(loadEnvFileIfPresent(file)).toBe(true);

    expect(process.env.OTAKU_ENV_FILE_ONLY).toBe('from-file');
    expect(process.env.OTAKU_ENV_FILE_BOTH).toBe('from-environment');
  });

  it('is skipped without an error when there is none', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'otaku-env-file-'));

    expect(loadEnvFileIfPresent(path.join(dir, '.env'))).toBe(false);
    expect(process.env.OTAKU_ENV_FILE_ONLY).toBeUndefined();
  });
});
