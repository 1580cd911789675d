import { afterMostRecentRequest } from './request-context';

/**
 * Keeps a serving process (`folio serve`, the desktop app) alive when an exception escapes every handler (a
 * timer's callback, a promise nobody awaited): Node would exit, dropping every other request and, on the
 * team server, every writer. The error is logged with the most recent request, the likeliest source.
 * Returns a function that removes the handlers.
 */
export function keepServingOnUnexpectedErrors(log: (message: string, error: unknown) => void = console.error): () => void {
  const onException = (error: unknown) => log(`[folio] uncaught exception${afterMostRecentRequest()}; still serving:`, error);
  const onRejection = (reason: unknown) => log(`[folio] unhandled promise rejection${afterMostRecentRequest()}; still serving:`, reason);
  process.on('uncaughtException', onException);
  process.on('unhandledRejection', onRejection);
  return () => {
    process.off('uncaughtException', onException);
    process.off('unhandledRejection', onRejection);
  };
}
