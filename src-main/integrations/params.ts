import { z } from 'zod';
import { integrationName } from '../../src-shared/schemas/integrations';
import { parseInput } from '../http/validate';

/** The integration's name from the path, checked like a body field ("integrationName: ..."). */
export function nameParam(params: Record<string, string>): string {
  return parseInput(z.object({ integrationName }), { integrationName: params.integrationName }).integrationName;
}
