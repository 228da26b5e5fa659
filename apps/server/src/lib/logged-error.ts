/**
 * An error as it may be written out: without the values of a failed query, which Drizzle puts
 * (a password hash, a token hash, an address) in the error's `params`, message and stack. The
 * logger's serializer, and what start-up and commands print when they fail.
 */
import { stdSerializers } from 'pino';

type LoggedError = { type: string; message: string; stack: string; [key: string]: unknown };

/** The error as pino would log it, its query values left out. */
export function errorWithoutQueryValues(error: Error): LoggedError {
  if (!(error instanceof Error)) return error as unknown as LoggedError;
  return withoutQueryValues({ ...stdSerializers.err(error) });
}

function withoutQueryValues(logged: LoggedError): LoggedError {
  const { params: _values, cause, ...rest } = logged;
  const scrub = (text: string) =>
    text.replace(/\nparams: [\s\S]*?(?=\n\s+at |; |$)/g, '\nparams: [redacted]');
  return {
    ...rest,
    message: scrub(String(rest.message ?? '')),
    stack: scrub(String(rest.stack ?? '')),
    ...(cause && typeof cause === 'object'
      ? { cause: withoutQueryValues(cause as LoggedError) }
      : {}),
  };
}
