import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { describeError } from '../../../src-renderer/src/api/errors';

describe('describeError', () => {
  it("keeps the server's message and spots a 401", () => {
    const error = TRPCClientError.from({
      error: { code: -32001, message: 'Missing or invalid API token', data: { code: 'UNAUTHORIZED', httpStatus: 401 } },
    });
    expect(describeError(error)).toEqual({ message: 'Missing or invalid API token', unauthorized: true });
  });

  it('treats other server errors as errors only', () => {
    const error = TRPCClientError.from({
      error: { code: -32004, message: 'Organization "x" not found', data: { code: 'NOT_FOUND', httpStatus: 404 } },
    });
    expect(describeError(error)).toEqual({ message: 'Organization "x" not found', unauthorized: false });
  });

  it('says the server could not be reached when the request never got an answer', () => {
    expect(describeError(TRPCClientError.from(new TypeError('Failed to fetch')))).toEqual({
      message: 'Could not reach the Folio server (Failed to fetch).',
      unauthorized: false,
    });
  });

  it('describes anything else thrown', () => {
    expect(describeError(new RangeError('boom'))).toEqual({ message: 'boom', unauthorized: false });
    expect(describeError('nope')).toEqual({ message: 'Unexpected error: nope', unauthorized: false });
  });
});
