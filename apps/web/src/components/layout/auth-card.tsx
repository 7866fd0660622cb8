import type { ReactNode } from 'react';
import { usePageTitle } from './use-page-title.ts';
import './layouts.css';

/** The card of the login, registration and password pages. */
export function AuthCard({
  title,
  pageTitle,
  subtitle,
  children,
  footer,
  wide = false,
}: {
  title: string;
  /** The browser tab title when it differs from the heading. */
  pageTitle?: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
}) {
  usePageTitle(pageTitle ?? title);
  return (
    <div className={wide ? 'smena-auth-card smena-auth-card--wide' : 'smena-auth-card'}>
      {/* Drawn like antd's borderless Card with a Title and a secondary Paragraph (layouts.css),
          without their code: the login page's first load stays small. */}
      <div className="smena-auth-card__card">
        <div className="smena-auth-card__body">
          <h1 className="smena-auth-card__title">{title}</h1>
          {subtitle && <div className="smena-auth-card__subtitle">{subtitle}</div>}
          {children}
        </div>
      </div>
      {footer && <div className="smena-auth-card__footer">{footer}</div>}
    </div>
  );
}
