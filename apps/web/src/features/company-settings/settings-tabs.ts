import { lazy, type ComponentType } from 'react';

/**
 * The tabs of Settings → Company, in order. A further part of the company's settings (providers,
 * e-mail) is one more line here: its key, the i18n key of its label and its lazily loaded panel.
 */
export interface SettingsTab {
  value: string;
  label: string;
  panel: ComponentType;
}

export const settingsTabs: SettingsTab[] = [
  {
    value: 'company',
    label: 'company-settings.tabs.company',
    panel: lazy(() => import('./BasicSettingsTab').then((m) => ({ default: m.BasicSettingsTab }))),
  },
  {
    value: 'providers',
    label: 'company-settings.tabs.providers',
    panel: lazy(() =>
      import('../provider-settings/ProviderSettingsTab').then((m) => ({ default: m.ProviderSettingsTab })),
    ),
  },
  {
    value: 'email',
    label: 'company-settings.tabs.email',
    panel: lazy(() => import('../email-settings/EmailSettingsTab').then((m) => ({ default: m.EmailSettingsTab }))),
  },
];
