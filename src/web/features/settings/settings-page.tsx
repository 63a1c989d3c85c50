import './settings.css';
import { usePageTitle } from '../../lib/use-page-title';
import { ApiReference } from './api-reference';
import { BaseUrlForm } from './base-url-form';
import { KeySettings } from './key-settings';
import { ThemeSettings } from './theme-settings';
import { UsageSummary } from './usage-summary';

/** `/settings`: key, server, usage (quota and calls this session), theme, and the API reference. */
export function SettingsPage() {
  usePageTitle('Settings');
  return (
    <div className="page">
      <div className="page__header">
        <h1>Settings</h1>
      </div>
      <div className="settings-grid">
        <KeySettings />
        <UsageSummary />
        <BaseUrlForm />
        <ThemeSettings />
      </div>
      <ApiReference />
    </div>
  );
}
