import { fileURLToPath } from 'node:url';
import path from 'node:path';

/**
 * apps/server, found the same way from src/ (tsx, vitest) and from the bundled dist/main.js,
 * because both sit one level below it.
 */
export const serverRoot = fileURLToPath(new URL('..', import.meta.url));
export const migrationsDir = path.join(serverRoot, 'src/db/migrations');
export const webDistDefault = path.join(serverRoot, '../web/dist');
