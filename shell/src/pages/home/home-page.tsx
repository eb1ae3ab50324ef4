import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
  PenIcon,
  SearchIcon,
  useAuth,
  UsersIcon,
  useT,
} from '@district/ui';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { HomeBlocks } from './home-blocks';

// Texts are the shell catalogue's keys.
interface HomeCard {
  title: string;
  description: string;
  action: string;
  to: string;
  icon: ReactNode;
}

// SPEC §2 "Home": three cards.
const CARDS: HomeCard[] = [
  {
    title: 'shell.home.findTitle',
    description: 'shell.home.findText',
    action: 'shell.home.findAction',
    to: '/volunteer',
    icon: <SearchIcon size="lg" />,
  },
  {
    title: 'shell.home.connectTitle',
    description: 'shell.home.connectText',
    action: 'shell.home.connectAction',
    to: '/directory',
    icon: <UsersIcon size="lg" />,
  },
  {
    title: 'shell.home.shareTitle',
    description: 'shell.home.shareText',
    action: 'shell.home.shareAction',
    to: '/blog',
    icon: <PenIcon size="lg" />,
  },
];

export function HomePage() {
  const { user } = useAuth();
  const { t, m } = useT();
  const firstName = user?.name.split(/\s+/)[0];
  return (
    <div className="home">
      <section className="home__hero" aria-labelledby="home-title">
        <h1 id="home-title" className="home__title">
          {m.screen.landing}
        </h1>
        <p className="home__lead">
          {firstName ? t('shell.home.leadNamed', { name: firstName }) : t('shell.home.lead')}
        </p>
        {/* Issue 31: who the platform has them as (the roster's, or the district account's). */}
        {user && (
          <p className="home__school muted">
            {t('shell.home.schoolGrade', { school: user.school, grade: user.grade })}
          </p>
        )}
      </section>
      <ul className="home__cards">
        {CARDS.map((card) => (
          <li key={card.to}>
            <Card className="home-card">
              <CardHeader>
                <span className="home-card__icon">{card.icon}</span>
                <CardTitle>{t(card.title)}</CardTitle>
                <CardDescription>{t(card.description)}</CardDescription>
              </CardHeader>
              <CardContent className="home-card__spacer" />
              <CardFooter>
                <Button asChild block>
                  <Link to={card.to}>{t(card.action)}</Link>
                </Button>
              </CardFooter>
            </Card>
          </li>
        ))}
      </ul>
      {/* Issue 33.12: below the spec's cards, what concerns this user. */}
      {user && <HomeBlocks user={user} />}
    </div>
  );
}
