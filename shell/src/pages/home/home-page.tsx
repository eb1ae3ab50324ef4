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
} from '@district/ui';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

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
    title: 'Find Opportunities',
    description:
      'Browse volunteer events across the district and sign up for the ones that fit you.',
    action: 'Browse Opportunities',
    to: '/volunteer',
    icon: <SearchIcon size="lg" />,
  },
  {
    title: 'Connect with Others',
    description: 'See who is volunteering at every school, grouped by school and grade.',
    action: 'View Directory',
    to: '/directory',
    icon: <UsersIcon size="lg" />,
  },
  {
    title: 'Share Your Story',
    description: 'Read what other students experienced, or write about your own volunteering.',
    action: 'Read Stories',
    to: '/blog',
    icon: <PenIcon size="lg" />,
  },
];

export function HomePage() {
  const { user } = useAuth();
  const firstName = user?.name.split(/\s+/)[0];
  return (
    <div className="home">
      <section className="home__hero" aria-labelledby="home-title">
        <h1 id="home-title" className="home__title">
          Make a Difference in Your Community
        </h1>
        <p className="home__lead">
          {firstName ? `Good to see you, ${firstName}. ` : ''}
          Find your next opportunity, meet students from other schools and share what you did.
        </p>
      </section>
      <ul className="home__cards">
        {CARDS.map((card) => (
          <li key={card.to}>
            <Card className="home-card">
              <CardHeader>
                <span className="home-card__icon">{card.icon}</span>
                <CardTitle>{card.title}</CardTitle>
                <CardDescription>{card.description}</CardDescription>
              </CardHeader>
              <CardContent className="home-card__spacer" />
              <CardFooter>
                <Button asChild block>
                  <Link to={card.to}>{card.action}</Link>
                </Button>
              </CardFooter>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}
