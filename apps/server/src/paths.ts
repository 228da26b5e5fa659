import { fileURLToPath } from 'node:url';
import path from 'node:path';

/**
 * apps/server, found the same way from src/ (tsx, vitest) and from the bundled dist/main.js,
 * because both sit one level below it.
 */
export const serverRoot = fileURLToPath(new URL('..', import.meta.url));
export const migrationsDir = path.join(serverRoot, 'src/db/migrations');
/** The current definitions of the SQL functions, applied after the migrations (decision 143). */
export const functionsDir = path.join(serverRoot, 'src/db/functions');
export const webDistDefault = path.join(serverRoot, '../web/dist');
