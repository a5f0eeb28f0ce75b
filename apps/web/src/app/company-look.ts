import type { schemas } from '@cabdesk/contract';
import { useSyncExternalStore } from 'react';
import { DEFAULT_PRIMARY } from './theme';

export type CompanyLook = schemas.CompanyLook;

/** The product's own look, until the company's arrives (and for a company the server does not know). */
export const DEFAULT_LOOK: CompanyLook = {
  companyID: 0,
  name: 'Cabdesk',
  primaryColor: DEFAULT_PRIMARY,
  theme: 'light',
  pageTitle: 'Cabdesk',
  footer: 'Cabdesk',
  iconUrl: '/favicon.svg',
  appName: 'Cabdesk Driver',
  manifestUrl: '/manifest.webmanifest',
};

let current = DEFAULT_LOOK;
const listeners = new Set<() => void>();

function headLink(rel: string): HTMLLinkElement {
  let link = document.head.querySelector<HTMLLinkElement>(`link[rel="${rel}"]`);
  if (!link) {
    link = document.createElement('link');
    link.rel = rel;
    document.head.appendChild(link);
  }
  return link;
}

/** The tab's title, favicon, browser colour and the driver app's manifest follow the company. */
function applyToDocument(look: CompanyLook): void {
  document.title = look.pageTitle;
  const icon = headLink('icon');
  icon.href = look.iconUrl;
  icon.type = look.iconUrl.endsWith('.svg') ? 'image/svg+xml' : look.iconUrl.endsWith('.png') ? 'image/png' : '';
  headLink('manifest').href = look.manifestUrl;
  const meta = document.head.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (meta) meta.content = look.primaryColor;
}

/** The start-up loader sets the company's look once it knows the company (docs/web.md). */
export function setCompanyLook(look: CompanyLook): void {
  if (look === current) return;
  current = look;
  applyToDocument(look);
  listeners.forEach((listener) => listener());
}

export function useCompanyLook(): CompanyLook {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}
