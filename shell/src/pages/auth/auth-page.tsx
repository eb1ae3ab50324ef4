import { SCREEN_TEXTS } from '@district/contracts';
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
  TabsContent,
  TabsList,
  TabsTrigger,
  UsersIcon,
} from '@district/ui';
import { Suspense } from 'react';
import { Brand } from '../../layout/brand';
import { Footer } from '../../layout/footer';
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
  return (
    <div className="public-page">
      <div className="auth-layout">
        <main className="auth-layout__main" id="main">
          <Brand linked={false} />
          <Card className="auth-card">
            <CardHeader>
              <CardTitle as="h1">Welcome</CardTitle>
              <CardDescription>Log in to your account or create a new one.</CardDescription>
            </CardHeader>
            <CardContent>
              <Tabs defaultValue="login">
                <TabsList aria-label="Login or register">
                  <TabsTrigger value="login">Login</TabsTrigger>
                  <TabsTrigger
                    value="register"
                    onPointerEnter={preloadRegister}
                    onFocus={preloadRegister}
                  >
                    Register
                  </TabsTrigger>
                </TabsList>
                <TabsContent value="login">
                  <LoginForm />
                </TabsContent>
                <TabsContent value="register">
                  <Suspense fallback={<Spinner label="Loading the registration form" />}>
                    <RegisterForm />
                  </Suspense>
                </TabsContent>
              </Tabs>
            </CardContent>
          </Card>
        </main>
        <aside className="auth-banner" aria-labelledby="auth-banner-title">
          <div className="auth-banner__inner">
            <h2 id="auth-banner-title" className="auth-banner__title">
              {SCREEN_TEXTS.landing}
            </h2>
            <p className="auth-banner__lead">
              Connect with students from other schools across the district and take part in
              volunteer opportunities that matter.
            </p>
            <ul className="auth-banner__list">
              <li>
                <SearchIcon size="lg" /> Find opportunities near you and sign up in one click
              </li>
              <li>
                <HeartIcon size="lg" /> Log your service hours and get them approved
              </li>
              <li>
                <UsersIcon size="lg" /> Meet students from every school in the district
              </li>
            </ul>
          </div>
        </aside>
      </div>
      <Footer />
    </div>
  );
}
