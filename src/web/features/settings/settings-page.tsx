import './settings.css';
import { usePageTitle } from '../../lib/use-page-title';
import { BaseUrlForm } from './base-url-form';
import { KeySettings } from './key-settings';
import { ThemeSettings } from './theme-settings';
import { UsagePanel } from './usage-panel';
import { UsageSummary } from './usage-summary';

/**
 * `/settings`: key, this month's usage (as the server counts it), this session's calls, server and
 * theme. The API reference has a
 * page of its own in the main navigation (`/docs`).
 */
export function SettingsPage() {
  usePageTitle('Settings');
  return (
    <div className="page">
      <div className="page__header">
        <h1>Settings</h1>
      </div>
      <div className="settings-grid">
        <KeySettings />
        {/* As tall loading as loaded (settings.css): its answer arriving moves no other panel. */}
        <UsagePanel />
        <UsageSummary />
        <BaseUrlForm />
        <ThemeSettings />
      </div>
    </div>
  );
}
