/**
 * Imported first by the entry points (main, admin:create), before any module that reads
 * process.env: reads `.env` from the working directory when it is there.
 */
import { loadEnvFileIfPresent } from './env-file';

loadEnvFileIfPresent();
