import { z } from 'zod';
import { base64Bytes } from './binary';

const importSource = z.enum(['website', 'docx', 'markdown', 'html', 'zip', 'confluence', 'github-wiki', 'notion', 'google-docs']);

export const importContentBody = z.strictObject({
  url: z.string().trim().min(1).max(2048),
  source: importSource,
});

/** A file chosen in the app and sent as bytes (base64, at most 8 MiB): the sources that come as one file. */
export const importUploadInput = z.strictObject({
  source: z.enum(['zip', 'docx', 'markdown', 'html']),
  name: z.string().trim().min(1).max(255),
  data: base64Bytes,
});
