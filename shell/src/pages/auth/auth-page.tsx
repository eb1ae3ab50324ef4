import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  HeartIcon,
  preloadSelect,
  SearchIcon,
  Spinner,
  Tabs,
  UsersIcon,
  useT,
} from '@district/ui';
import { Suspense } from 'react';
import { Brand } from '../../layout/brand';
import { Footer } from '../../layout/footer';
import { LanguagePicker } from '../../language/language-picker';
import { lazyPage } from '../../lib/lazy-page';
import { LoginForm } from './login-form';

// Most visits are logins: the Register form (and the school list) loads when its tab is pointed
// at, focused or opened.
const RegisterForm = lazyPage(() =>
  import('./register-form').then((m) => ({ default: m.RegisterForm })),
);
const preloadRegister = () => {
  RegisterForm.preload();
  preloadSelect();
};

// /auth and /login (SPEC §2 "Sign-in screen").
export function AuthPage() {
  const { t, m } = useT();
  return (
    <div className="public-page">
      <header className="public-page__bar">
        <LanguagePicker />
      </header>
      <div className="auth-layout">
        <main className="auth-layout__main" id="main">
          <Brand linked={false} />
          <Card className="auth-card">
            <CardHeader>
              <CardTitle as="h1">{t('shell.auth.title')}</CardTitle>
              <CardDescription>{t('shell.auth.description')}</CardDescription>
            </CardHeader>
            <CardContent>
              <Tabs defaultValue="login">
                <Tabs.List aria-label={t('shell.auth.tabsLabel')}>
                  <Tabs.Trigger value="login">{t('shell.auth.loginTab')}</Tabs.Trigger>
                  <Tabs.Trigger
                    value="register"
                    onPointerEnter={preloadRegister}
                    onFocus={preloadRegister}
                  >
                    {t('shell.auth.registerTab')}
                  </Tabs.Trigger>
                </Tabs.List>
                <Tabs.Content value="login">
                  <LoginForm />
                </Tabs.Content>
                <Tabs.Content value="register">
                  <Suspense fallback={<Spinner label={t('shell.loading.registerForm')} />}>
                    <RegisterForm />
                  </Suspense>
                </Tabs.Content>
              </Tabs>
            </CardContent>
          </Card>
        </main>
        <aside className="auth-banner" aria-labelledby="auth-banner-title">
          <div className="auth-banner__inner">
            <h2 id="auth-banner-title" className="auth-banner__title">
              {m.screen.landing}
            </h2>
            <p className="auth-banner__lead">{t('shell.auth.lead')}</p>
            <ul className="auth-banner__list">
              <li>
                <SearchIcon size="lg" /> {t('shell.auth.featureFind')}
              </li>
              <li>
                <HeartIcon size="lg" /> {t('shell.auth.featureHours')}
              </li>
              <li>
                <UsersIcon size="lg" /> {t('shell.auth.featureMeet')}
              </li>
            </ul>
          </div>
        </aside>
      </div>
      <Footer />
    </div>
  );
}
