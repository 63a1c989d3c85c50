import { NavLink } from 'react-router';

const LINKS = [
  { to: '/', label: 'Floor', end: true },
  { to: '/index', label: 'Index' },
  { to: '/movers', label: 'Movers' },
  { to: '/sold', label: 'Sold comps' },
  { to: '/value', label: 'Card value' },
  { to: '/accuracy', label: 'Accuracy' },
  { to: '/collection', label: 'My collection' },
  { to: '/docs', label: 'API docs' },
  { to: '/settings', label: 'Settings' },
] as const;

/** Main navigation; NavLink marks the current page with aria-current="page". */
export function SiteNav() {
  return (
    <nav className="shell-nav" aria-label="Main">
      <ul className="shell-nav__list">
        {LINKS.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} end={'end' in link ? link.end : false} className="shell-nav__link">
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
