import type { CSSProperties, ReactNode } from 'react';
import { Link, NavLink, useHref, useLinkClickHandler } from 'react-router';
import {
  Button,
  Card,
  ConfigProvider,
  Typography,
  theme,
  type ButtonProps,
  type ThemeConfig,
} from 'antd';
import { LoginOutlined } from '@ant-design/icons';
import {
  DAY_FORMS,
  formatCount,
  PRODUCT_NAME,
  PRODUCT_TAGLINE,
  TRIAL_DAYS,
  TRIAL_USER_LIMIT,
} from '@smena/contract';
import { paths } from '../../config/paths.ts';
import { BrandMark } from './brand-mark.tsx';
import { OperatorDetails } from './operator-details.tsx';
import styles from './public-page-layout.module.css';
import { usePageTitle } from './use-page-title.ts';

const { Title, Paragraph } = Typography;

/** Every public page, in the order of the footer. */
export const PUBLIC_LINKS = [
  { to: paths.public.howItWorks, label: 'Как это работает' },
  { to: paths.public.descriptionPayment, label: 'Оплата' },
  { to: paths.public.refund, label: 'Возврат средств' },
  { to: paths.public.privacy, label: 'Политика конфиденциальности' },
  { to: paths.public.termsOfUse, label: 'Пользовательское соглашение' },
  { to: paths.public.support, label: 'Поддержка' },
] as const;

/** Reading text of the public pages is a notch larger than in the app. */
const contentTheme: ThemeConfig = { token: { fontSize: 15 } };

type PublicPageLayoutProps = {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
};

export function PublicPageLayout({ title, subtitle, children }: PublicPageLayoutProps) {
  usePageTitle(title);

  return (
    <div className={styles.page} style={usePaletteVariables()}>
      <PublicHeader />
      <main className={styles.main}>
        <div className={styles.inner}>
          <div className={styles.hero}>
            <Title level={1} className={styles.heroTitle}>
              {title}
            </Title>
            {subtitle ? <Paragraph className={styles.subtitle}>{subtitle}</Paragraph> : null}
          </div>
          <ConfigProvider theme={contentTheme}>
            <div className={styles.content}>{children}</div>
          </ConfigProvider>
        </div>
      </main>
      <PublicFooter />
    </div>
  );
}

type PublicSectionProps = {
  title: ReactNode;
  id?: string;
  children: ReactNode;
};

/** A titled block of a public page (an `h2` under the page's `h1`). */
export function PublicSection({ title, id, children }: PublicSectionProps) {
  return (
    <section id={id} className={styles.section}>
      <Title level={2} className={styles.sectionTitle}>
        {title}
      </Title>
      {children}
    </section>
  );
}

/** A bulleted list of text items in the typography of the page. */
export function BulletList({ items }: { items: readonly ReactNode[] }) {
  return (
    <Paragraph>
      <ul className={styles.bulletList}>
        {items.map((item, index) => (
          <li key={index}>{item}</li>
        ))}
      </ul>
    </Paragraph>
  );
}

type FeatureCardProps = {
  icon: ReactNode;
  title: ReactNode;
  children: ReactNode;
};

/** A card with an icon and a short heading, for grids of features, roles and the like. */
export function FeatureCard({ icon, title, children }: FeatureCardProps) {
  return (
    <Card className={styles.card}>
      <div className={styles.cardHeading}>
        <span className={styles.icon} aria-hidden="true">
          {icon}
        </span>
        <Title level={3} className={styles.cardTitle}>
          {title}
        </Title>
      </div>
      <div className={styles.cardText}>{children}</div>
    </Card>
  );
}

type CallToActionProps = {
  title: ReactNode;
  children?: ReactNode;
  actions: ReactNode;
};

/** A highlighted block that ends a page with what to do next. */
export function CallToAction({ title, children, actions }: CallToActionProps) {
  return (
    <section className={styles.cta}>
      <Title level={2} className={styles.ctaTitle}>
        {title}
      </Title>
      {children ? <Paragraph className={styles.cardText}>{children}</Paragraph> : null}
      <div className={styles.actions}>{actions}</div>
    </section>
  );
}

type LinkButtonProps = Omit<ButtonProps, 'href' | 'onClick'> & { to: string };

/** An antd Button that is a real link (`<a href>`) and navigates inside the app. */
export function LinkButton({ to, ...buttonProps }: LinkButtonProps) {
  const href = useHref(to);
  const handleClick = useLinkClickHandler<HTMLElement>(to);
  return <Button {...buttonProps} href={href} onClick={handleClick} />;
}

// The numbers' word forms live in the contract (the consent texts need them too).
export { formatCount, pluralForm } from '@smena/contract';

/** «14 дней»: how long the free trial lasts. */
export const TRIAL_DAYS_TEXT = formatCount(TRIAL_DAYS, DAY_FORMS);

/** «10 пользователей», as in «до 10 пользователей»: the trial's user limit. */
export const TRIAL_USERS_TEXT = formatCount(TRIAL_USER_LIMIT, {
  one: 'пользователя',
  few: 'пользователей',
  many: 'пользователей',
});

function PublicHeader() {
  return (
    <header className={styles.header}>
      <div className={`${styles.inner} ${styles.headerInner}`}>
        <Link to={paths.home} className={styles.brand} aria-label={`${PRODUCT_NAME} — на главную`}>
          <BrandMark size={36} />
          <span className={styles.brandText}>
            <span className={styles.brandName}>{PRODUCT_NAME}</span>
            <span className={styles.brandTagline}>{PRODUCT_TAGLINE}</span>
          </span>
        </Link>
        <LinkButton to={paths.login} type="primary" icon={<LoginOutlined />}>
          Войти
        </LinkButton>
      </div>
    </header>
  );
}

function PublicFooter() {
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <nav aria-label="Информация о сервисе">
          <ul className={styles.footerLinks}>
            {PUBLIC_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  className={({ isActive }) =>
                    isActive ? `${styles.footerLink} ${styles.footerLinkActive}` : styles.footerLink
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.copyright}>
          © {new Date().getFullYear()} {PRODUCT_NAME}. {PRODUCT_TAGLINE}.
        </div>
        <OperatorDetails />
      </div>
    </footer>
  );
}

/** Hands the antd theme colours to the CSS module as custom properties. */
function usePaletteVariables(): CSSProperties {
  const { token } = theme.useToken();
  return {
    '--public-primary': token.colorPrimary,
    '--public-primary-bg': token.colorPrimaryBg,
    '--public-text': token.colorText,
    '--public-text-secondary': token.colorTextSecondary,
    '--public-border': token.colorBorderSecondary,
    '--public-bg': token.colorBgContainer,
    '--public-bg-layout': token.colorBgLayout,
  } as CSSProperties;
}
