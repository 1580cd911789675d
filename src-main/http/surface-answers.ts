import type { ServerResponse } from 'node:http';
import { errorBody } from './errors';

/**
 * The answers of the surfaces beside /v1 (file downloads, PDFs, integration assets, a site's files and styles,
 * the renderer, the sync event stream), written in one place so they say things one way. /v1 answers through
 * http/api.ts and its error mapping; an unexpected failure anywhere through failure-answers.ts.
 */

/** A plain-text answer a person or a script reads: the message and a newline. */
export function answerPlain(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', ...headers }).end(`${message}\n`);
}

/** GitBook's error body (`{"error":{"code","message"}}`) from a surface that speaks JSON. */
export function answerJsonError(res: ServerResponse, status: number, message: string): void {
  answerJson(res, status, errorBody(status, message));
}

export function answerJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
}
