import { z } from 'zod';

/** The fields GitBook's ImportGitRepository and ExportToGitRepository share (0.137.0 spec). */
const gitTarget = {
  url: z.string().min(1).max(2048),
  ref: z.string().min(1).max(255),
  repoCacheID: z.string().max(255).optional(),
  repoTreeURL: z.string().max(2048).optional(),
  repoCommitURL: z.string().max(2048).optional(),
  repoProjectDirectory: z.string().max(1024).optional(),
  timestamp: z.string().max(64).optional(),
  force: z.boolean().optional(),
  gitInfo: z
    .strictObject({
      provider: z.enum(['github', 'gitlab']).optional(),
      url: z.string().max(2048).optional(),
    })
    .optional(),
};

export const exportToGitRepositoryInput = z.strictObject({ ...gitTarget, commitMessage: z.string().min(1).max(10_000) });

export const importGitRepositoryInput = z.strictObject({ ...gitTarget, standalone: z.boolean().optional() });

/** Folio's Git Sync settings (PUT /v1/spaces/{spaceId}/git/sync, the app's space settings). */
export const gitSyncSettingsInput = z.strictObject({
  url: z.string().min(1).max(2048),
  ref: z.string().min(1).max(255),
  repoProjectDirectory: z.string().max(1024).optional(),
  username: z.string().max(255).optional(),
  token: z.string().min(1).max(4096).nullable().optional(),
  pollMinutes: z.number().int().min(1).max(1440).optional(),
});
export type GitSyncSettingsInput = z.infer<typeof gitSyncSettingsInput>;
