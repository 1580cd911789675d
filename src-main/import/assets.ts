import { claimedImage, oversizeImageReason } from '../files/image-bounds';
import type { ImportPlan } from './plan';

/**
 * The plan without the images whose header claims more pixels than Folio stores (see
 * files/image-bounds.ts), each listed among the import's failures: one such image in a site or a
 * document should not sink the import of everything else, as an unreachable asset does not.
 */
export function withoutOversizeImages(plan: ImportPlan): ImportPlan {
  const files = [];
  const failures = [...plan.failures];
  for (const file of plan.files) {
    const oversize = oversizeImageReason(claimedImage(file.bytes, file.contentType));
    if (oversize) failures.push(`${file.name}: ${oversize}`);
    else files.push(file);
  }
  return files.length === plan.files.length ? plan : { ...plan, files, failures };
}
