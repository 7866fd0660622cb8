import {
  CalendarOutlined,
  EnvironmentOutlined,
  TableOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { PRODUCT_NAME, PRODUCT_TAGLINE, SUPPORT_EMAIL } from '@smena/contract';
import type { ReactNode } from 'react';
import { Link, Outlet } from 'react-router';
import { paths } from '../../config/paths.ts';
import { Brand } from './brand-mark.tsx';
import { publicLinks } from './public-links.ts';
import './layouts.css';

const YEAR = new Date().getFullYear();

const highlights: { icon: ReactNode; text: string }[] = [
  {
    icon: <EnvironmentOutlined />,
    text: 'Отметки прихода и ухода с телефона — по геолокации в филиале',
  },
  { icon: <CalendarOutlined />, text: 'Графики любых типов: пятидневка, сменные, гибкие и ночные' },
  {
    icon: <TableOutlined />,
    text: 'Табель по форме Т-13 и отчёты по посещаемости с выгрузкой в Excel',
  },
  {
    icon: <TeamOutlined />,
    text: 'Филиалы, отделы и должности; роли админа, менеджера и сотрудника',
  },
];

export function PublicFooterLinks() {
  return (
    <nav className="smena-footer-links" aria-label="Информация о сервисе">
      {publicLinks.map((link) => (
        <Link key={link.to} to={link.to}>
          {link.label}
        </Link>
      ))}
    </nav>
  );
}

/**
 * Layout of the pages for people who are not logged in (login, registration, password restore):
 * the product on the left (on wide screens), the form in a centred column, public links below.
 */
export function EmptyLayout({ children }: { children?: ReactNode }) {
  return (
    <div className="smena-empty">
      <aside className="smena-empty__aside">
        <Link to={paths.home} className="smena-empty__aside-brand" aria-label={PRODUCT_NAME}>
          <Brand inverted size={40} fontSize={26} color="#fff" />
        </Link>
        <div className="smena-empty__pitch">
          <h2 className="smena-empty__tagline">{PRODUCT_TAGLINE}</h2>
          <p className="smena-empty__lead">
            Учитывайте рабочее время сотрудников, составляйте графики и получайте табель без ручных
            таблиц.
          </p>
          <ul className="smena-empty__highlights">
            {highlights.map((item) => (
              <li key={item.text}>
                <span className="smena-empty__highlight-icon" aria-hidden>
                  {item.icon}
                </span>
                <span>{item.text}</span>
              </li>
            ))}
          </ul>
        </div>
        <div className="smena-empty__aside-footer">
          © {YEAR} {PRODUCT_NAME} · <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
        </div>
      </aside>
      <main className="smena-empty__main">
        <header className="smena-empty__mobile-brand">
          <Link to={paths.home} aria-label={PRODUCT_NAME}>
            <Brand size={36} fontSize={24} />
          </Link>
          <div className="smena-empty__mobile-tagline">{PRODUCT_TAGLINE}</div>
        </header>
        <div className="smena-empty__content">{children ?? <Outlet />}</div>
        <footer className="smena-empty__footer">
          <PublicFooterLinks />
          <div className="smena-empty__copyright">
            © {YEAR} {PRODUCT_NAME}
          </div>
        </footer>
      </main>
    </div>
  );
}
