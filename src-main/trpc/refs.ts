import { z } from 'zod';

/** The ids procedures take where a /v1 route has a path parameter. */
export const organizationId = z.string().min(1);
export const spaceId = z.string().min(1);
export const collectionId = z.string().min(1);

export const orgRef = z.object({ organizationId });
export const spaceRef = z.object({ spaceId });
export const collectionRef = z.object({ collectionId });
