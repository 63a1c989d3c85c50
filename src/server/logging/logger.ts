/**
 * Structured logs: one JSON object per line on stdout, `LOG_LEVEL` = silent | error | info | debug.
 * Request lines carry `request_id`. Nothing here ever logs a key, a query string (it may hold
 * `key=`), a stack or an SQL text: callers pass fields, and `errorFields` keeps only an error's
 * class and code.
 */
export type LogLevel = 'silent' | 'error' | 'info' | 'debug';
export type LogFields = Record<string, string | number | boolean | null | undefined>;

export interface Logger {
  readonly level: LogLevel;
  error(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  debug(msg: string, fields?: LogFields): void;
}

const RANK: Record<LogLevel, number> = { silent: 0, error: 1, info: 2, debug: 3 };

export function createLogger(level: LogLevel, write: (line: string) => void = defaultWrite): Logger {
  const emit = (at: Exclude<LogLevel, 'silent'>, msg: string, fields?: LogFields) => {
    if (RANK[at] > RANK[level]) return;
    write(`${JSON.stringify({ time: new Date().toISOString(), level: at, msg, ...fields })}\n`);
  };
  return {
    level,
    error: (msg, fields) => emit('error', msg, fields),
    info: (msg, fields) => emit('info', msg, fields),
    debug: (msg, fields) => emit('debug', msg, fields),
  };
}

const defaultWrite = (line: string) => {
  process.stdout.write(line);
};

export const silentLogger: Logger = createLogger('silent');

/** What may be logged of an error: its class and its code (such as SQLITE_BUSY), no message. */
export function errorFields(error: unknown): LogFields {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return { error_class: error.name, error_code: typeof code === 'string' ? code : undefined };
  }
  return { error_class: typeof error };
}
