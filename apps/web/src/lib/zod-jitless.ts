/**
 * Imported first by main.tsx, before any schema exists. Zod compiles object parsers with
 * `new Function` after probing whether eval is allowed; under the Content-Security-Policy
 * (script-src 'self', no 'unsafe-eval') that probe is refused and reported as a violation
 * even though Zod catches it. Jitless mode never probes and parses the same way.
 */
import { z } from 'zod';

z.config({ jitless: true });
