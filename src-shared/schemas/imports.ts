import { z } from 'zod';

export const importSource = z.enum(['website', 'docx', 'markdown', 'html', 'zip', 'confluence', 'github-wiki', 'notion', 'google-docs']);

export const importContentBody = z.strictObject({
  url: z.string().trim().min(1).max(2048),
  source: importSource,
});
export type ImportContentInput = z.infer<typeof importContentBody>;
