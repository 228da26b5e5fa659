/**
 * The server's import rules (decision 142), checked through ESLint with the repository's own
 * configuration: plugins/, db/ and lib/ never import a module, no module but checkout imports
 * checkout, and no import cycle.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { serverRoot } from '../src/paths';

const repoRoot = path.resolve(serverRoot, '../..');
const eslint = new ESLint({ cwd: repoRoot });

/** The rules ESLint reports for `code` as if it were the file at `file` (from apps/server/src). */
async function rulesBroken(file: string, code: string): Promise<Array<string | null>> {
  const [result] = await eslint.lintText(code, {
    filePath: path.join(serverRoot, 'src', file),
  });
  return result!.messages.map((message) => message.ruleId);
}

describe('server module boundaries', () => {
  it('refuses a plugin, db or lib file importing a module', async () => {
    const code = "export { cartOwner } from '../modules/cart/cart.service';\n";
    expect(await rulesBroken('plugins/new-plugin.ts', code)).toContain(
      'import-x/no-restricted-paths',
    );
    expect(await rulesBroken('db/new-table.ts', code)).toContain('import-x/no-restricted-paths');
    expect(await rulesBroken('lib/new-helper.ts', code)).toContain('import-x/no-restricted-paths');
  });

  it('refuses db importing the seed', async () => {
    const code = "export { seedDemoData } from '../seed/seed';\n";
    expect(await rulesBroken('db/new-table.ts', code)).toContain('import-x/no-restricted-paths');
  });

  it('refuses another module importing checkout', async () => {
    const code = "export { placeCashOrder } from '../checkout/checkout.service';\n";
    expect(await rulesBroken('modules/cart/new-file.ts', code)).toContain(
      'import-x/no-restricted-paths',
    );
  });

  it('lets modules import db, lib and plugins, and checkout import the modules it uses', async () => {
    const code = [
      "export { prepared } from '../../db/prepared';",
      "export { conflict } from '../../lib/errors';",
      "export { currentUser } from '../../plugins/auth';",
      "export { cartOwner } from '../cart/cart.service';",
      '',
    ].join('\n');
    expect(await rulesBroken('modules/checkout/new-file.ts', code)).toEqual([]);
  });

  const cycleDir = path.join(serverRoot, 'src/modules', `lint-cycle-${process.pid}`);
  afterAll(() => rm(cycleDir, { recursive: true, force: true }));

  it('refuses an import cycle', async () => {
    await mkdir(cycleDir, { recursive: true });
    await writeFile(
      path.join(cycleDir, 'a.ts'),
      "import { b } from './b';\nexport const a = (): number => b() + 1;\n",
    );
    await writeFile(
      path.join(cycleDir, 'b.ts'),
      "import { a } from './a';\nexport const b = (): number => (a ? 1 : 0);\n",
    );
    const [result] = await eslint.lintFiles([path.join(cycleDir, 'a.ts')]);
    expect(result!.messages.map((message) => message.ruleId)).toContain('import-x/no-cycle');
  });
});
