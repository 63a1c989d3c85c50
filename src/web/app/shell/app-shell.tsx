import { Suspense } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { Skeleton } from '../../components/query-state/skeleton';
import { PageErrorBoundary } from '../page-error-boundary';
import { KeyButton } from './key-button';
import { KeyDialogHost } from './key-dialog-host';
import { dataSource, MarketNotice, useMarketOrigin } from './market-notice';
import { QuotaMeter } from './quota-meter';
import { ServiceStatus } from './service-status';
import { SiteNav } from './site-nav';
import { ThemeToggle } from './theme-toggle';

/**
 * The layout route: header (nav, status, quota, key, theme), the page, the footer, the demo-market
 * notice (while the server's data is synthetic) and the key dialog.
 */
export function AppShell() {
  const { pathname } = useLocation();
  const market = useMarketOrigin();
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="shell-header">
        <div className="shell-header__inner">
          <Link to="/" className="shell-brand">
            <span className="shell-brand__mark">▮</span> Slab Terminal
          </Link>
          <SiteNav />
          <div className="shell-tools">
            <ServiceStatus />
            <QuotaMeter />
            <KeyButton />
            <ThemeToggle />
          </div>
        </div>
      </header>
      <main id="main" className="shell-main" tabIndex={-1}>
        <PageErrorBoundary key={pathname}>
          <Suspense fallback={<PageFallback />}>
            <Outlet />
          </Suspense>
        </PageErrorBoundary>
      </main>
      <footer className="shell-footer">
        Derived analytics only; resale of the feed is prohibited. {dataSource(market)}
      </footer>
      <MarketNotice market={market} />
      <KeyDialogHost />
    </>
  );
}

function PageFallback() {
  return (
    <div className="page">
      <Skeleton label="Loading the page" rows={8} />
    </div>
  );
}
