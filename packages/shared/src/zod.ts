/**
 * Zod as this package builds its schemas: every module here that makes a schema takes `z` from
 * this one, so Zod is set up before the first schema exists, in every program that loads one,
 * and only there (a shop page that uses no schema loads neither Zod nor this set-up).
 *
 * - Built-in messages are the lower-case fragments of zod-messages.ts.
 * - In a browser Zod runs jitless. It would compile object parsers with `new Function` after
 *   probing whether eval is allowed; under the shop's Content-Security-Policy (script-src
 *   'self', no 'unsafe-eval') the probe is refused and reported as a violation even though Zod
 *   catches it. Jitless mode never probes and parses the same way. The server keeps compiling.
 */
import { z } from 'zod';
import { fragment } from './zod-messages';

z.config({ customError: fragment, jitless: 'document' in globalThis });

export { z };
