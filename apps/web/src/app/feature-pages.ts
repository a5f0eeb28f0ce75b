import type { Subject } from '@cabdesk/contract';
import type { ComponentType, LazyExoticComponent } from 'react';

/** A page a feature adds: its address, the subject a role must read to open it, the lazy component. */
export interface FeaturePage {
  path: string;
  subject: Subject;
  page: LazyExoticComponent<ComponentType>;
}

/**
 * Every feature folder (and each part folder of a large feature, `features/<name>/<part>/pages.ts`)
 * may have a `pages.ts` exporting `pages: FeaturePage[]`; the router picks them up, so adding a
 * feature never edits a shared file. The modules only hold lazy wrappers, so eager
 * loading them costs nothing.
 */
const modules = import.meta.glob<{ pages: FeaturePage[] }>(['../features/*/pages.ts', '../features/*/*/pages.ts'], {
  eager: true,
});

export const featurePages: FeaturePage[] = Object.values(modules).flatMap((m) => m.pages);
