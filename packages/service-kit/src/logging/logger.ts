import { LoggerService } from '@nestjs/common';
import pino, { type Logger, type LevelWithSilent } from 'pino';
import { traceLogFields } from '../tracing/trace-context';

export type { Logger } from 'pino';

export const LOGGER = Symbol('service-kit:logger');

export function createLogger(options: {
  service: string;
  level?: LevelWithSilent;
  // Default stdout; tests pass a stream to read the lines back.
  destination?: pino.DestinationStream;
}): Logger {
  const settings: pino.LoggerOptions = {
    level: options.level ?? 'info',
    base: { service: options.service },
    timestamp: pino.stdTimeFunctions.isoTime,
    // trace_id and request_id of the request or event being handled, on every line.
    mixin: traceLogFields,
  };
  return options.destination ? pino(settings, options.destination) : pino(settings);
}

// Routes Nest's own messages (bootstrap, route mapping, lifecycle) into the same JSON stream.
export class PinoNestLogger implements LoggerService {
  private readonly logger: Logger;

  constructor(logger: Logger) {
    this.logger = logger;
  }

  // Nest's own 'log' lines (module init, route mapping) are start-up chatter: debug level.
  log(message: unknown, ...rest: unknown[]): void {
    this.write('debug', message, rest);
  }
  error(message: unknown, ...rest: unknown[]): void {
    this.write('error', message, rest);
  }
  warn(message: unknown, ...rest: unknown[]): void {
    this.write('warn', message, rest);
  }
  debug(message: unknown, ...rest: unknown[]): void {
    this.write('debug', message, rest);
  }
  verbose(message: unknown, ...rest: unknown[]): void {
    this.write('trace', message, rest);
  }
  fatal(message: unknown, ...rest: unknown[]): void {
    this.write('fatal', message, rest);
  }

  private write(
    level: 'info' | 'error' | 'warn' | 'debug' | 'trace' | 'fatal',
    message: unknown,
    rest: unknown[],
  ) {
    // Nest passes the context (class name) as the last string argument.
    const context =
      typeof rest[rest.length - 1] === 'string' ? (rest[rest.length - 1] as string) : undefined;
    if (message instanceof Error) this.logger[level]({ err: message, context }, message.message);
    else if (typeof message === 'object' && message !== null)
      this.logger[level]({ ...message, context });
    else this.logger[level]({ context }, String(message));
  }
}
