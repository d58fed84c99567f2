import type { IncomingMessage } from 'node:http';
import pino, { type DestinationStream, type Logger } from 'pino';

/**
 * The request as the logs show it: the path without its query string, which can carry personal
 * data (a search for a name or an e-mail, a confirmation token) that logs must not keep.
 */
export const logSerializers = {
  req(request: IncomingMessage & { ip?: string }) {
    return {
      method: request.method,
      url: (request.url ?? '').split('?')[0],
      remoteAddress: request.ip ?? request.socket?.remoteAddress,
    };
  },
};

/** The process's logger (pino, JSON), with the request serializer above. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino({ level, serializers: logSerializers }, destination);
}
