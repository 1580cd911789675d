import { type IncomingMessage, type OutgoingHttpHeader, type OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { type HeaderValue, sendableHeader } from './header-values';
import { labelOf } from './request-context';

type HeaderList = OutgoingHttpHeaders | OutgoingHttpHeader[];

/**
 * The response every request of the host gets (node:http's `ServerResponse` option): setting a header never
 * throws. A value Node cannot send (a control character or a character beyond Latin-1, e.g. stored by an older
 * Folio) is dropped and logged, a Location is percent-encoded, so data can never crash a response path. Every
 * response also says `X-Content-Type-Options: nosniff`: browsers take the Content-Type as given.
 */
export class SafeServerResponse<Request extends IncomingMessage = IncomingMessage> extends ServerResponse<Request> {
  constructor(...args: ConstructorParameters<typeof ServerResponse<Request>>) {
    super(...args);
    super.setHeader('X-Content-Type-Options', 'nosniff');
  }

  override setHeader(name: string, value: HeaderValue): this {
    const sendable = this.sendable(name, value);
    return sendable === undefined ? this : super.setHeader(name, sendable);
  }

  override appendHeader(name: string, value: string | readonly string[]): this {
    const sendable = this.sendable(name, value);
    return sendable === undefined ? this : super.appendHeader(name, sendable as string | readonly string[]);
  }

  override writeHead(statusCode: number, reasonOrHeaders?: string | HeaderList, headers?: HeaderList): this {
    if (typeof reasonOrHeaders === 'string') return super.writeHead(statusCode, reasonOrHeaders, this.sendableList(headers));
    return super.writeHead(statusCode, this.sendableList(reasonOrHeaders));
  }

  private sendableList(headers: HeaderList | undefined): HeaderList | undefined {
    if (!headers) return headers;
    if (Array.isArray(headers)) {
      // The flat [name, value, name, value, ...] form.
      const kept: OutgoingHttpHeader[] = [];
      for (let i = 0; i + 1 < headers.length; i += 2) {
        const value = this.sendable(String(headers[i]), headers[i + 1] as HeaderValue);
        if (value !== undefined) kept.push(String(headers[i]), value as OutgoingHttpHeader);
      }
      return kept;
    }
    const kept: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(headers)) {
      if (value === undefined) continue;
      const sendable = this.sendable(name, value);
      if (sendable !== undefined) kept[name] = sendable as OutgoingHttpHeader;
    }
    return kept;
  }

  private sendable(name: string, value: HeaderValue): HeaderValue | undefined {
    const sendable = sendableHeader(name, value);
    if (sendable === undefined || (Array.isArray(value) && (sendable as readonly string[]).length !== value.length)) {
      const { method, path } = labelOf(this.req);
      console.error(`[folio] dropped a ${name} header value Node cannot send (control character or beyond Latin-1) while serving ${method} ${path}`);
    }
    return sendable;
  }
}
